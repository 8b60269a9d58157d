package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ReadJSON decodes data, the content of file, into v, strictly: a key
// that v has no place for is refused (a misspelt "mandatory" would
// otherwise be dropped in silence), and so is anything after the value. A
// UTF-8 byte-order mark at the start is ignored, as in the Markdown
// files. It returns nil, or the one problem as Diagnostics (JSONProblem),
// with a guess at the key meant when one is unknown.
func ReadJSON(file string, data []byte, v any) error {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if rest := bytes.TrimSpace(data[dec.InputOffset():]); len(rest) > 0 {
			// The decoder stops after the value; Unmarshal's scan
			// names what follows it.
			err = json.Unmarshal(data, new(json.RawMessage))
		}
	}
	if err == nil {
		if d := DuplicateKey(file, data); d != nil {
			return Diagnostics{*d}
		}
		return nil
	}
	d := JSONProblem(file, data, err)
	if d.Kind == "json-unknown-key" {
		if near := nearestKey(d.Arg("key"), jsonKeys(reflect.TypeOf(v))); near != "" {
			d.Kind = "json-unknown-key-near"
			d.Args = append(d.Args, "near", near)
		}
	}
	return Diagnostics{d}
}

// DuplicateKey returns the diagnostic for the first key that data, the
// content of file, writes twice in one object, at the second, or nil.
// encoding/json keeps the last in silence: an organiser who adds
// "edition" at the top of a file that still has it further down would
// see the old one win. data that is not JSON has no duplicate here (its
// syntax is JSONProblem's).
func DuplicateKey(file string, data []byte) *Diagnostic {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if !json.Valid(data) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		obj, key bool
		seen     map[string]int
	}
	var stack []*frame
	// valueDone says the current object's value ended: a key comes next.
	valueDone := func() {
		if n := len(stack); n > 0 && stack[n-1].obj {
			stack[n-1].key = true
		}
	}
	for {
		start := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, &frame{obj: true, key: true, seen: map[string]int{}})
			case '[':
				stack = append(stack, &frame{})
			default:
				stack = stack[:len(stack)-1]
				valueDone()
			}
		case string:
			if n := len(stack); n > 0 && stack[n-1].obj && stack[n-1].key {
				f := stack[n-1]
				pos := start + max(bytes.IndexByte(data[start:], '"'), 0)
				if first, ok := f.seen[t]; ok {
					d := New(file, 0, "json-duplicate-key", "key", t, "first", strconv.Itoa(first))
					d.Line, d.Col = lineCol(data, pos)
					return &d
				}
				f.seen[t], _ = lineCol(data, pos)
				f.key = false
				continue
			}
			valueDone()
		default:
			valueDone()
		}
	}
}

// JSONProblem returns the diagnostic for data, the content of file, that
// encoding/json could not read (err): one problem at the line and column
// of the mistake, in the words of someone who edits the file by hand
// ("a comma before ] …: remove it"), never Go's. A trailing comma is
// placed on the comma, not on the bracket after it where Go finds it; a
// missing comma after the entry it should end. An error that is not
// JSON's (the file could not be read) is "read-failed".
func JSONProblem(file string, data []byte, err error) Diagnostic {
	at := func(pos int, kind string, args ...string) Diagnostic {
		d := New(file, 0, kind, args...)
		d.Line, d.Col = lineCol(data, pos)
		return d
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case len(bytes.TrimSpace(data)) == 0 && (errors.As(err, &se) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)):
		return New(file, 0, "json-empty")
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &se) && se.Offset >= int64(len(data)) && strings.Contains(se.Error(), "end of JSON input"):
		return unclosed(data, at)
	case errors.As(err, &se):
		return syntaxProblem(data, se, at)
	case errors.As(err, &te):
		key := te.Field
		if i := strings.LastIndexByte(key, '.'); i >= 0 {
			key = key[i+1:]
		}
		got, _, _ := strings.Cut(te.Value, " ") // "number 1.5"
		// Go stops after the value (or inside a list): its start is
		// where the reader looks.
		pos := max(lastNonSpace(data, int(min(te.Offset, int64(len(data))))), 0)
		switch {
		case data[pos] == '"':
			pos = openingQuote(data, pos)
		case isWordByte(data[pos]):
			for pos > 0 && isWordByte(data[pos-1]) {
				pos--
			}
		}
		args := append(jsonWant(te.Type), jsonGot(got)...)
		// The key written before the value names it: a map's entry
		// has no field of its own (Go names the map).
		if k := keyBefore(data, pos); k != "" {
			key = k
		}
		if key == "" {
			return at(pos, "json-type-top", args...)
		}
		return at(pos, "json-type", append(args, "key", key)...)
	}
	if name, ok := strings.CutPrefix(err.Error(), `json: unknown field "`); ok {
		name = strings.TrimSuffix(name, `"`)
		pos := keyAt(data, name)
		if pos < 0 {
			return New(file, 0, "json-unknown-key", "key", name)
		}
		return at(pos, "json-unknown-key", "key", name)
	}
	return New(file, 0, "read-failed", "err", err.Error())
}

// syntaxProblem names the syntax error se of data. Go's message names the
// byte it stopped at and what it was looking for; the mistake is often
// before it (a comma too many, a quote too early).
func syntaxProblem(data []byte, se *json.SyntaxError, at func(int, string, ...string) Diagnostic) Diagnostic {
	pos := int(min(max(se.Offset-1, 0), int64(len(data)-1)))
	for pos > 0 && !utf8.RuneStart(data[pos]) {
		pos--
	}
	c := data[pos]
	char, _ := utf8.DecodeRune(data[pos:])
	prev := lastNonSpace(data, pos)
	msg := se.Error()
	looking := strings.HasSuffix(msg, "looking for beginning of value") || strings.HasSuffix(msg, "looking for beginning of object key string")
	switch {
	case looking && (c == ']' || c == '}') && prev >= 0 && data[prev] == ',':
		return at(prev, "json-trailing-comma", "close", string(c))
	case looking && (c == ',' || c == ']' || c == '}'):
		return at(pos, "json-value-missing", "char", string(c))
	case looking && (c == '\'' || char == '‘' || char == '’'):
		return at(pos, "json-single-quote")
	case looking && (char == '“' || char == '”' || char == '«' || char == '»'):
		return at(pos, "json-curly-quote", "char", string(char))
	case strings.HasSuffix(msg, "looking for beginning of object key string") && (c == '{' || c == '['):
		// "…}, {": the brace that closes the entry before is missing.
		return at(pos, "json-key-expected", "char", string(c))
	case strings.HasSuffix(msg, "looking for beginning of object key string") && isWordByte(c):
		return at(pos, "json-bare-key", "word", wordAt(data, pos))
	case looking && isWordByte(c) || strings.Contains(msg, "in literal "):
		start := pos
		for start > 0 && isWordByte(data[start-1]) {
			start--
		}
		return at(start, "json-bare-word", "word", wordAt(data, start))
	case strings.HasSuffix(msg, "after object key:value pair") && c == '{':
		// A "{" never follows a key's value, with or without a comma:
		// the entry before lost its closing brace.
		return at(pos, "json-brace-missing")
	case strings.HasSuffix(msg, "after object key:value pair") || strings.HasSuffix(msg, "after array element"):
		if pos > 0 && data[pos-1] == '"' && isWordByte(c) {
			// "il dit "non" …": the text ended at the quote before the word.
			return at(pos-1, "json-quote-in-text", "next", snippet(data, pos))
		}
		if pos > 0 && isWordByte(data[pos-1]) && isWordByte(c) {
			break // 01, a number Go reads as two
		}
		return at(prev+1, "json-missing-comma", "next", snippet(data, pos), "prev", snippetBefore(data, prev+1))
	case strings.HasSuffix(msg, "after object key"):
		key := snippetBefore(data, prev+1)
		if data[prev] == '"' {
			key = string(data[openingQuote(data, prev) : prev+1])
		}
		return at(prev+1, "json-colon-missing", "key", key)
	case strings.HasSuffix(msg, "after top-level value"):
		return at(pos, "json-extra", "next", snippet(data, pos))
	case strings.HasSuffix(msg, "in string literal") && (c == '\n' || c == '\r'):
		return at(openingQuote(data, pos), "json-unclosed-text")
	case strings.HasSuffix(msg, "in string literal"):
		return at(pos, "json-control-char")
	case strings.Contains(msg, "escape"):
		bs := bytes.LastIndexByte(data[:pos], '\\')
		return at(max(bs, 0), "json-bad-escape", "text", string(data[max(bs, 0):pos+utf8.RuneLen(char)]))
	}
	return at(pos, "json-syntax", "char", string(char))
}

// unclosed names the mistake of a file that ends too early: a text or a
// bracket still open, the innermost one.
func unclosed(data []byte, at func(int, string, ...string) Diagnostic) Diagnostic {
	var open []int
	inText, start := false, 0
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case inText && c == '\\':
			i++
		case inText && c == '"':
			inText = false
		case inText:
		case c == '"':
			inText, start = true, i
		case c == '{' || c == '[':
			open = append(open, i)
		case (c == '}' || c == ']') && len(open) > 0:
			open = open[:len(open)-1]
		}
	}
	if inText {
		return at(start, "json-unclosed-text")
	}
	if len(open) == 0 {
		return at(len(data), "json-syntax", "char", "EOF")
	}
	o := open[len(open)-1]
	return at(o, "json-unclosed", "open", string(data[o]), "close", map[byte]string{'{': "}", '[': "]"}[data[o]])
}

// jsonWant says what a Go type is written as, in both languages.
func jsonWant(t reflect.Type) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool:
		return []string{"want", "true or false", "want@fr", "true ou false"}
	case reflect.String:
		return []string{"want", "a text between double quotes", "want@fr", "un texte entre guillemets droits"}
	case reflect.Slice, reflect.Array:
		return []string{"want", "a list, [ … ]", "want@fr", "une liste, [ … ]"}
	case reflect.Map, reflect.Struct:
		return []string{"want", "an object, { … }", "want@fr", "un objet, { … }"}
	}
	return []string{"want", "a number", "want@fr", "un nombre"}
}

// jsonGot says what a JSON value is, as Go's type error names it
// ("string"), in both languages.
func jsonGot(v string) []string {
	if w, ok := jsonValues[v]; ok {
		return []string{"got", w[0], "got@fr", w[1]}
	}
	return []string{"got", v}
}

// jsonValues names the kinds of JSON values: {en, fr}.
var jsonValues = map[string][2]string{
	"string": {"a text", "un texte"},
	"number": {"a number", "un nombre"},
	"bool":   {"true or false", "true ou false"},
	"array":  {"a list", "une liste"},
	"object": {"an object", "un objet"},
	"null":   {"null", "null"},
}

// jsonKeys returns the keys a value of type t may hold, at any depth.
func jsonKeys(t reflect.Type) []string {
	seen := map[reflect.Type]bool{}
	keys := map[string]bool{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map) {
			t = t.Elem()
		}
		if t == nil || t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			keys[name] = true
			walk(f.Type)
		}
	}
	walk(t)
	out := make([]string, 0, len(keys))
	for k := range keys {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// nearestKey returns the key of keys closest in spelling to name, if one
// is close enough to be a typing mistake.
func nearestKey(name string, keys []string) string {
	best, cost := "", max(2, len(name)/3)+1
	for _, k := range keys {
		if c := distance(strings.ToLower(name), strings.ToLower(k)); c < cost {
			best, cost = k, c
		}
	}
	return best
}

// lineCol returns the line and column (in characters) of byte pos.
func lineCol(data []byte, pos int) (int, int) {
	pos = max(0, min(pos, len(data)))
	start := bytes.LastIndexByte(data[:pos], '\n') + 1
	return 1 + bytes.Count(data[:pos], []byte("\n")), 1 + utf8.RuneCount(data[start:pos])
}

// lastNonSpace returns the position of the last byte before pos that is
// not JSON white space, -1 when there is none.
func lastNonSpace(data []byte, pos int) int {
	for i := pos - 1; i >= 0; i-- {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return i
	}
	return -1
}

// isWordByte reports whether c may be part of a bare word: a key or value
// written without its quotes.
func isWordByte(c byte) bool {
	return c >= utf8.RuneSelf || c == '_' || c == '-' || c == '.' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// wordAt returns the bare word that starts at pos.
func wordAt(data []byte, pos int) string {
	end := pos
	for end < len(data) && isWordByte(data[end]) {
		end++
	}
	return string(data[pos:end])
}

// snippetLen is how many characters of the text around a mistake a
// message quotes.
const snippetLen = 30

// snippet returns the text from pos to the end of its line, shortened.
func snippet(data []byte, pos int) string {
	line := data[pos:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	s := strings.TrimSpace(string(line))
	if r := []rune(s); len(r) > snippetLen {
		s = string(r[:snippetLen]) + "…"
	}
	return s
}

// snippetBefore returns the text of pos's line before it, shortened from
// the start.
func snippetBefore(data []byte, pos int) string {
	line := data[bytes.LastIndexByte(data[:pos], '\n')+1 : pos]
	s := strings.TrimSpace(string(line))
	if r := []rune(s); len(r) > snippetLen {
		s = "…" + string(r[len(r)-snippetLen:])
	}
	return s
}

// openingQuote returns the position of the double quote that opens the
// text still open at pos: a text cannot span lines, so it is on pos's
// line, the last quote that opens one there.
func openingQuote(data []byte, pos int) int {
	start := bytes.LastIndexByte(data[:pos], '\n') + 1
	open, inText := start, false
	for i := start; i < pos; i++ {
		switch {
		case inText && data[i] == '\\':
			i++
		case data[i] == '"':
			inText = !inText
			if inText {
				open = i
			}
		}
	}
	return open
}

// keyAt returns the position of the first "name" written as a key, -1
// when there is none.
func keyAt(data []byte, name string) int {
	q, _ := json.Marshal(name)
	for from := 0; ; {
		i := bytes.Index(data[from:], q)
		if i < 0 {
			return -1
		}
		i += from
		if j := i + len(q); j <= len(data) && bytes.HasPrefix(bytes.TrimLeft(data[j:], " \t\r\n"), []byte(":")) {
			return i
		}
		from = i + 1
	}
}

// keyBefore returns the key of the entry whose value starts at pos
// ("alpha#one" in "\"alpha#one\": 3"), "" when no key and colon come
// just before it (the file's top value, or an item of a list).
func keyBefore(data []byte, pos int) string {
	i := lastNonSpace(data, pos)
	if i < 0 || data[i] != ':' {
		return ""
	}
	end := lastNonSpace(data, i)
	if end < 0 || data[end] != '"' {
		return ""
	}
	start := bytes.LastIndexByte(data[:end], '"')
	if start < 0 {
		return ""
	}
	return string(data[start+1 : end])
}
