package glossary

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
)

// languageKey is the shape of a language code as a term's key: a BCP 47
// primary tag, optionally with a region or script ("de", "pt-br"), as
// compendium.json's languages are written.
var languageKey = regexp.MustCompile(`^[a-z]{2,3}(-[a-z0-9]{2,8})*$`)

// termFields are the keys of a term that are not names: Term's own.
var termFields = func() map[string]bool {
	out := map[string]bool{}
	ty := reflect.TypeOf(Term{})
	for i := range ty.NumField() {
		if name, _, _ := strings.Cut(ty.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			out[name] = true
		}
	}
	return out
}()

// termNames returns, of b, the glossary file, the names of each term (the
// keys of the entries of its "terms" list that are language codes, with a
// text), in the order of the list's objects, and b with those keys blanked
// out, each with a comma beside it, so that the strict reading of the rest
// (site.ReadJSON) meets no key it does not know, at the same lines and
// columns. A file that is not JSON is returned as it is: its reading says
// what is wrong.
func termNames(b []byte) ([]map[string]string, []byte) {
	out := bytes.Clone(b)
	var names []map[string]string
	// A byte order mark is left out, as site.ReadJSON does: offsets
	// count from after it.
	bom := 0
	if bytes.HasPrefix(b, []byte("\ufeff")) {
		bom = len("\ufeff")
	}
	dec := json.NewDecoder(bytes.NewReader(b[bom:]))
	var stack []json.Delim // the open objects and lists
	var wantKey []bool     // per open container: the next string is a key
	rootKey := ""
	inTerm := func() bool {
		return len(stack) == 3 && stack[0] == '{' && rootKey == "terms" && stack[1] == '[' && stack[2] == '{'
	}
	valueDone := func() {
		if n := len(wantKey); n > 0 && stack[n-1] == '{' {
			wantKey[n-1] = true
		}
	}
	for {
		before := int(dec.InputOffset()) + bom
		tok, err := dec.Token()
		if err != nil {
			break // the end, or a mistake the strict reading names
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{', '[':
				stack, wantKey = append(stack, v), append(wantKey, v == '{')
				if inTerm() {
					names = append(names, map[string]string{})
				}
			default:
				stack, wantKey = stack[:len(stack)-1], wantKey[:len(wantKey)-1]
				valueDone()
			}
			continue
		case string:
			if n := len(wantKey); n > 0 && stack[n-1] == '{' && wantKey[n-1] {
				wantKey[n-1] = false
				if n == 1 {
					rootKey = v
				}
				if !inTerm() || termFields[v] || !languageKey.MatchString(v) {
					continue
				}
				start := before + bytes.IndexByte(b[before:], '"')
				val, err := dec.Token()
				if err != nil {
					return names, out
				}
				text, ok := val.(string)
				if !ok {
					// Not a name: the strict reading says so.
					if d, isDelim := val.(json.Delim); isDelim {
						stack, wantKey = append(stack, d), append(wantKey, d == '{')
					} else {
						valueDone()
					}
					continue
				}
				names[len(names)-1][v] = text
				blank(out, start, int(dec.InputOffset())+bom)
				valueDone()
				continue
			}
		}
		valueDone()
	}
	return names, out
}

// blank turns out[start:end], a key and its value, into spaces, with the
// comma after it or, for the object's last key, the comma before it.
func blank(out []byte, start, end int) {
	after := end
	for after < len(out) && isSpace(out[after]) {
		after++
	}
	if after < len(out) && out[after] == ',' {
		end = after + 1
	} else {
		before := start - 1
		for before >= 0 && isSpace(out[before]) {
			before--
		}
		if before >= 0 && out[before] == ',' {
			start = before
		}
	}
	for i := start; i < end; i++ {
		if out[i] != '\n' && out[i] != '\r' {
			out[i] = ' '
		}
	}
}

// isSpace reports whether c is JSON's white space.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
