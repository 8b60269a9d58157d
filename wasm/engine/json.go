package engine

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// AppendJSON appends the JSON encoding of an output tree (map[string]any,
// []any, float64, string, bool, nil, and the int the engine never emits but
// a caller might) to dst, with the keys of every object sorted as
// encoding/json sorts them. The WebAssembly module hands this text to the
// browser's JSON.parse: one call instead of one boundary crossing per value,
// which for the largest dice expression (400,000 values) is seconds against
// a fraction of one. encoding/json itself would add hundreds of KB to the
// module.
func AppendJSON(dst []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...)
	case bool:
		return strconv.AppendBool(dst, x)
	case float64:
		return appendFloat(dst, x)
	case int:
		return strconv.AppendInt(dst, int64(x), 10)
	case string:
		return AppendString(dst, x)
	case []any:
		dst = append(dst, '[')
		for i, e := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendJSON(dst, e)
		}
		return append(dst, ']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sortStrings(keys)
		dst = append(dst, '{')
		for i, k := range keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendString(dst, k)
			dst = append(dst, ':')
			dst = AppendJSON(dst, x[k])
		}
		return append(dst, '}')
	}
	// Not a tree value: a programmer's error in a calculator.
	panic("engine: AppendJSON: value of unsupported type")
}

// appendFloat writes a number as encoding/json does: the shortest text that
// reads back as the same float64, exponent form outside [1e-6, 1e21).
func appendFloat(dst []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(dst, "null"...)
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' {
		// encoding/json writes 1e-07 as 1e-7.
		n := len(dst)
		if n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string, byte for byte as encoding/json
// writes it without HTML escaping: quote, backslash and control characters
// escaped (\b \f \n \r \t, else \u00XX), invalid UTF-8 as \ufffd, U+2028
// and U+2029 escaped (encoding/json always does: JavaScript before ES2019
// ends a line there), and <, > and & as themselves. The generator's search
// index is written with it too (generator/search), so that the project has
// one JSON string writer; copying runs of plain bytes at once, it is also
// smaller code in the module than the byte-by-byte writer it replaced.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			start = i + size
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			start = i + size
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// sortStrings sorts a few strings in place. An insertion sort, because the
// keys of an output object are a few dozen at most, and sort.Strings brings
// a pattern-defeating quicksort into the module.
func sortStrings(l []string) {
	for i := 1; i < len(l); i++ {
		for j := i; j > 0 && l[j] < l[j-1]; j-- {
			l[j], l[j-1] = l[j-1], l[j]
		}
	}
}

// Limits of ParseJSON, checked while it reads, so that a huge input costs
// no more than its first bytes. No calculator needs more: the largest input,
// 100 health events of 5 fields, is about 600 values and 6 KB.
const (
	MaxJSONBytes  = 64 << 10 // bytes of text
	maxJSONDepth  = 16       // nested objects and arrays
	maxJSONValues = 2000     // values in all, objects and arrays included
)

// JSONTooLarge is the error of an input text longer than MaxJSONBytes, for a
// caller that can tell before it has the text (the WebAssembly module reads
// a JavaScript string's length before copying it).
func JSONTooLarge() *Error {
	return &Error{Code: "too_large",
		Fr: "le texte JSON de l’entrée dépasse 64 Kio (65 536 octets)",
		En: "the input's JSON text exceeds 64 KiB (65,536 bytes)"}
}

// ParseJSON reads the JSON text of an input into the tree Calculate takes:
// objects become map[string]any, arrays []any, numbers float64, and null
// nil; a repeated key keeps its last value, as with encoding/json. It is
// strict (RFC 8259: no comments, no trailing commas, no NaN) and bounded:
// a text over MaxJSONBytes, more than 2,000 values or more than 16 nested
// levels is refused as soon as the limit is passed. Errors have the code
// "json", or "too_large" for the size limits, and an empty Field; like
// Calculate, it would return a panic as an "internal" error.
func ParseJSON(text string) (v any, err *Error) {
	defer func() {
		if p := recover(); p != nil {
			v, err = nil, &Error{Code: "internal", Fr: "erreur interne du lecteur JSON", En: "internal error in the JSON reader"}
		}
	}()
	if len(text) > MaxJSONBytes {
		return nil, JSONTooLarge()
	}
	p := &jsonParser{s: text}
	p.space()
	v = p.value(1)
	p.space()
	if p.err == nil && p.i < len(p.s) {
		p.fail("la fin du texte", "the end of the text")
	}
	if p.err != nil {
		return nil, p.err
	}
	return v, nil
}

type jsonParser struct {
	s      string
	i      int
	values int
	err    *Error
}

// at is the 1-based position of the current character, in characters
// rather than bytes, as a text editor counts.
func (p *jsonParser) at() string { return itoa(utf8.RuneCountInString(p.s[:p.i]) + 1) }

// fail records a syntax error at the current character, where want was
// expected; only the first error counts.
func (p *jsonParser) fail(wantFr, wantEn string) {
	if p.err != nil {
		return
	}
	if p.i >= len(p.s) {
		p.err = &Error{Code: "json",
			Fr: "entrée JSON invalide\u00a0: fin inattendue au caractère " + p.at() + " (attendu\u00a0: " + wantFr + ")",
			En: "invalid JSON input: unexpected end at character " + p.at() + " (expected " + wantEn + ")"}
		return
	}
	r, _ := utf8.DecodeRuneInString(p.s[p.i:])
	en := quote(string(r))
	fr := "« " + string(r) + " »"
	if r < 0x20 {
		fr = en
	}
	p.err = &Error{Code: "json",
		Fr: "entrée JSON invalide\u00a0: " + fr + " inattendu au caractère " + p.at() + " (attendu\u00a0: " + wantFr + ")",
		En: "invalid JSON input: unexpected " + en + " at character " + p.at() + " (expected " + wantEn + ")"}
}

func (p *jsonParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

// eat skips c if it is the current byte.
func (p *jsonParser) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *jsonParser) value(depth int) any {
	if p.err != nil {
		return nil
	}
	if p.values++; p.values > maxJSONValues {
		p.err = &Error{Code: "too_large",
			Fr: "l’entrée JSON a plus de 2 000 valeurs, bien plus qu’aucun calculateur n’en demande (lecture arrêtée au caractère " + p.at() + ")",
			En: "the JSON input has more than 2,000 values, far more than any calculator needs (reading stopped at character " + p.at() + ")"}
		return nil
	}
	if p.i < len(p.s) && (p.s[p.i] == '{' || p.s[p.i] == '[') && depth > maxJSONDepth {
		p.err = &Error{Code: "json",
			Fr: "entrée JSON trop imbriquée\u00a0: plus de 16 niveaux d’objets et de listes au caractère " + p.at(),
			En: "JSON input nested too deeply: more than 16 levels of objects and arrays at character " + p.at()}
		return nil
	}
	switch {
	case p.eat('{'):
		m := map[string]any{}
		p.space()
		if p.eat('}') {
			return m
		}
		for p.err == nil {
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != '"' {
				p.fail("un nom de champ entre guillemets", "a field name in double quotes")
				break
			}
			k := p.str()
			p.space()
			if !p.eat(':') {
				p.fail("« : »", `":"`)
				break
			}
			p.space()
			m[k] = p.value(depth + 1)
			p.space()
			if p.eat('}') {
				return m
			}
			if !p.eat(',') {
				p.fail("« , » ou « } »", `"," or "}"`)
			}
		}
		return nil
	case p.eat('['):
		l := []any{}
		p.space()
		if p.eat(']') {
			return l
		}
		for p.err == nil {
			p.space()
			l = append(l, p.value(depth+1))
			p.space()
			if p.eat(']') {
				return l
			}
			if !p.eat(',') {
				p.fail("« , » ou « ] »", `"," or "]"`)
			}
		}
		return nil
	case p.i < len(p.s) && p.s[p.i] == '"':
		return p.str()
	}
	for _, lit := range []struct {
		text string
		v    any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if len(p.s)-p.i >= len(lit.text) && p.s[p.i:p.i+len(lit.text)] == lit.text {
			p.i += len(lit.text)
			return lit.v
		}
	}
	return p.number()
}

// digits skips a run of decimal digits and says whether there was one.
func (p *jsonParser) digits() bool {
	start := p.i
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	return p.i > start
}

func (p *jsonParser) number() any {
	start := p.i
	p.eat('-')
	switch {
	case p.eat('0'):
	case p.i < len(p.s) && p.s[p.i] >= '1' && p.s[p.i] <= '9':
		p.digits()
	default:
		p.fail("une valeur", "a value")
		return nil
	}
	if p.eat('.') && !p.digits() {
		p.fail("un chiffre", "a digit")
		return nil
	}
	if p.eat('e') || p.eat('E') {
		if !p.eat('+') {
			p.eat('-')
		}
		if !p.digits() {
			p.fail("un chiffre", "a digit")
			return nil
		}
	}
	return Number(p.s[start:p.i])
}

// Overflow is a JSON number too large for a float64 (1e309): valid JSON,
// out of every field's range. The field that receives it reports it as
// any out-of-range value, with the number as it was written.
type Overflow struct {
	Text string
	Neg  bool
}

// Number returns the value of the text of a valid JSON number: a float64,
// or an Overflow when no float64 can hold it.
func Number(text string) any {
	if f, ok := parseFloat(text); ok {
		return f
	}
	return Overflow{Text: text, Neg: hasPrefix(text, "-")}
}

// str reads a string, the current byte being its opening quote. Like
// encoding/json, it turns invalid UTF-8 and lone surrogates into U+FFFD.
func (p *jsonParser) str() string {
	p.i++
	var b []byte
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return string(b)
		case c < 0x20:
			p.fail("un caractère de contrôle échappé (\\n, \\t…)", "a control character escaped (\\n, \\t…)")
			return ""
		case c == '\\':
			r := p.escape()
			if p.err != nil {
				return ""
			}
			b = utf8.AppendRune(b, r)
		case c < utf8.RuneSelf:
			b = append(b, c)
			p.i++
		default:
			r, size := utf8.DecodeRuneInString(p.s[p.i:])
			b = utf8.AppendRune(b, r)
			p.i += size
		}
	}
	p.fail("« \" »", `"\""`)
	return ""
}

// escape reads one escape sequence, a surrogate pair being one.
func (p *jsonParser) escape() rune {
	p.i++
	if p.i >= len(p.s) {
		p.fail("un échappement", "an escape")
		return 0
	}
	c := p.s[p.i]
	p.i++
	switch c {
	case '"', '\\', '/':
		return rune(c)
	case 'b':
		return '\b'
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	case 'u':
		r, ok := hex4(p.s, p.i)
		if !ok {
			p.fail("quatre chiffres hexadécimaux", "four hexadecimal digits")
			return 0
		}
		p.i += 4
		if r >= 0xd800 && r < 0xdc00 && len(p.s)-p.i >= 6 && p.s[p.i] == '\\' && p.s[p.i+1] == 'u' {
			if r2, ok := hex4(p.s, p.i+2); ok && r2 >= 0xdc00 && r2 < 0xe000 {
				p.i += 6
				return (r-0xd800)<<10 | (r2 - 0xdc00) + 0x10000
			}
		}
		// A lone surrogate, which utf8.AppendRune writes as U+FFFD.
		return r
	}
	p.i--
	p.fail("un échappement valide (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t, \\u)", `a valid escape (\", \\, \/, \b, \f, \n, \r, \t, \u)`)
	return 0
}

// hex4 reads the four hexadecimal digits of a \u escape at s[i:].
func hex4(s string, i int) (rune, bool) {
	if len(s)-i < 4 {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[i : i+4]) {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
