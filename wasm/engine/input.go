package engine

import (
	"math"
	"strconv"
)

// reader validates an input tree field by field and keeps only the first
// error, so that a calculator can read all its fields in a row and check once.
// After an error every read returns a zero value, which the calculator never
// uses because it returns as soon as it sees r.err.
type reader struct {
	err *Error
	// rules are the values the calculator computes with.
	rules *Rules
	// inputs, when not nil, records every number's range and every
	// choice's options, by field path (list items without their index):
	// Rules.Inputs.
	inputs map[string]Input
}

// Input is what the engine accepts for one field: a number from Min to
// Max, or one of Options.
type Input struct {
	Min, Max float64
	Options  []string
}

// desc is the French and English description of what a field accepts,
// reused in every message about that field.
type desc struct{ fr, en string }

func intDesc(min, max int) desc {
	return desc{
		"un entier entre " + itoa(min) + " et " + itoa(max),
		"an integer from " + itoa(min) + " to " + itoa(max),
	}
}

func numDesc(min, max float64) desc {
	return desc{
		"un nombre entre " + numFr(min) + " et " + numFr(max),
		"a number from " + numEn(min) + " to " + numEn(max),
	}
}

var boolDesc = desc{"true ou false", "true or false"}

func enumDesc(allowed []string) desc {
	fr, en := make([]string, len(allowed)), make([]string, len(allowed))
	for i, a := range allowed {
		fr[i], en[i] = quoteFr(a), quoteEn(a)
	}
	return desc{"l’une des valeurs " + joinList(fr, ", "), "one of " + joinList(en, ", ")}
}

func listDesc(max int, item desc) desc {
	return desc{
		"une liste d’au plus " + itoa(max) + " éléments (chacun " + item.fr + ")",
		"a list of at most " + itoa(max) + " items (each " + item.en + ")",
	}
}

var objDesc = desc{"un objet", "an object"}

// fail records an error unless one is already recorded.
func (r *reader) fail(field, code, fr, en string) {
	if r.err == nil {
		r.err = &Error{Field: field, Code: code, Fr: fr, En: en}
	}
}

func (r *reader) failMissing(field string, d desc) {
	r.fail(field, "missing", field+" manque\u00a0: ce doit être "+d.fr, field+" is missing: it must be "+d.en)
}

func (r *reader) failType(field string, d desc, got any) {
	r.fail(field, "type", field+" doit être "+d.fr+" (reçu "+shownFr(got)+")",
		field+" must be "+d.en+" (got "+shownEn(got)+")")
}

func (r *reader) failValue(field, code string, d desc, got any) {
	r.fail(field, code, field+" doit être "+d.fr+" (reçu "+shownFr(got)+")",
		field+" must be "+d.en+" (got "+shownEn(got)+")")
}

// shownEn renders a received value for a message, short enough for a form.
func shownEn(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(x)
	case string:
		return quoteEn(clip(x))
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	case Overflow:
		return clip(x.Text)
	}
	if f, ok := toFloat(v); ok {
		return numEn(f)
	}
	return "a value of another kind"
}

func shownFr(v any) string {
	switch x := v.(type) {
	case string:
		return quoteFr(clip(x))
	case nil, bool, Overflow:
		return shownEn(x)
	case []any:
		return "une liste"
	case map[string]any:
		return "un objet"
	}
	if f, ok := toFloat(v); ok {
		return numFr(f)
	}
	return "une valeur d’un autre genre"
}

func clip(s string) string {
	r := []rune(s)
	if len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return s
}

// toFloat accepts the float64 of a decoded JSON tree and, for Go callers,
// the common integer types.
func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case int32:
		return float64(x), true
	case Overflow:
		// Beyond every bound: the range check refuses it.
		if x.Neg {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	}
	return 0, false
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func at(path string, i int) string { return path + "[" + itoa(i) + "]" }

// object checks that v is an object whose keys are all in allowed. An unknown
// key is an error rather than ignored because it is usually a typo of an
// optional field, which would otherwise silently take its default.
func (r *reader) object(path string, v any, allowed ...string) map[string]any {
	if r.err != nil {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		if path == "" {
			r.fail("", "not_object", "l’entrée doit être un objet JSON (reçu "+shownFr(v)+")",
				"the input must be a JSON object (got "+shownEn(v)+")")
		} else {
			r.failType(path, objDesc, v)
		}
		return nil
	}
	var unknown []string
	for k := range m {
		found := false
		for _, a := range allowed {
			if k == a {
				found = true
				break
			}
		}
		if !found {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sortStrings(unknown)
		f := join(path, unknown[0])
		list := joinList(allowed, ", ")
		r.fail(f, "unknown_field",
			"champ inconnu "+quoteFr(visible(clip(f)))+" (champs admis\u00a0: "+list+")",
			"unknown field "+quoteEn(visible(clip(f)))+" (allowed: "+list+")")
		return nil
	}
	return m
}

// get returns the value of key, treating null as absent so that forms may
// send null for an empty optional field.
func (r *reader) get(m map[string]any, key string) (any, bool) {
	if r.err != nil || m == nil {
		return nil, false
	}
	v, ok := m[key]
	if !ok || v == nil {
		return nil, false
	}
	return v, true
}

func (r *reader) asInt(field string, v any, min, max int) int {
	r.note(field, float64(min), float64(max))
	if r.err != nil {
		return 0
	}
	d := intDesc(min, max)
	f, ok := toFloat(v)
	if !ok {
		r.failType(field, d, v)
		return 0
	}
	if math.IsNaN(f) || f != math.Trunc(f) || f < float64(min) || f > float64(max) {
		r.failValue(field, "range", d, v)
		return 0
	}
	return int(f)
}

func (r *reader) reqInt(m map[string]any, path, key string, min, max int) int {
	v, ok := r.get(m, key)
	if !ok {
		if r.err == nil {
			r.failMissing(join(path, key), intDesc(min, max))
		}
		return 0
	}
	return r.asInt(join(path, key), v, min, max)
}

// optInt returns def and false when the field is absent.
func (r *reader) optInt(m map[string]any, path, key string, min, max, def int) (int, bool) {
	v, ok := r.get(m, key)
	if !ok {
		return def, false
	}
	return r.asInt(join(path, key), v, min, max), true
}

func (r *reader) asNum(field string, v any, min, max float64) float64 {
	r.note(field, min, max)
	if r.err != nil {
		return 0
	}
	d := numDesc(min, max)
	f, ok := toFloat(v)
	if !ok {
		r.failType(field, d, v)
		return 0
	}
	if math.IsNaN(f) || f < min || f > max {
		r.failValue(field, "range", d, v)
		return 0
	}
	return f
}

func (r *reader) reqNum(m map[string]any, path, key string, min, max float64) float64 {
	v, ok := r.get(m, key)
	if !ok {
		if r.err == nil {
			r.failMissing(join(path, key), numDesc(min, max))
		}
		return 0
	}
	return r.asNum(join(path, key), v, min, max)
}

func (r *reader) asBool(field string, v any) bool {
	if r.err != nil {
		return false
	}
	b, ok := v.(bool)
	if !ok {
		r.failType(field, boolDesc, v)
	}
	return b
}

func (r *reader) optBool(m map[string]any, path, key string) bool {
	v, ok := r.get(m, key)
	if !ok {
		return false
	}
	return r.asBool(join(path, key), v)
}

func (r *reader) asEnum(field string, v any, allowed []string) string {
	r.noteOptions(field, allowed)
	if r.err != nil {
		return ""
	}
	d := enumDesc(allowed)
	s, ok := v.(string)
	if !ok {
		r.failType(field, d, v)
		return ""
	}
	for _, a := range allowed {
		if s == a {
			return s
		}
	}
	r.failValue(field, "enum", d, v)
	return ""
}

func (r *reader) reqEnum(m map[string]any, path, key string, allowed []string) string {
	v, ok := r.get(m, key)
	if !ok {
		if r.err == nil {
			r.failMissing(join(path, key), enumDesc(allowed))
		}
		return ""
	}
	return r.asEnum(join(path, key), v, allowed)
}

func (r *reader) optEnum(m map[string]any, path, key string, allowed []string) (string, bool) {
	v, ok := r.get(m, key)
	if !ok {
		return "", false
	}
	return r.asEnum(join(path, key), v, allowed), true
}

// optList returns the list under key, checking its length; item describes
// the items for the messages.
func (r *reader) optList(m map[string]any, path, key string, max int, item desc) ([]any, bool) {
	v, ok := r.get(m, key)
	if !ok {
		return nil, false
	}
	return r.asList(join(path, key), v, max, item), true
}

func (r *reader) asList(field string, v any, max int, item desc) []any {
	if r.err != nil {
		return nil
	}
	d := listDesc(max, item)
	l, ok := v.([]any)
	if !ok {
		r.failType(field, d, v)
		return nil
	}
	if len(l) > max {
		r.fail(field, "range", field+" doit être "+d.fr+" (reçu "+itoa(len(l))+" éléments)",
			field+" must be "+d.en+" (got "+itoa(len(l))+" items)")
		return nil
	}
	return l
}

// conflict reports two fields that cannot be given together.
func (r *reader) conflict(field, other string) {
	r.fail(field, "conflict", field+" ne peut pas être donné avec "+other,
		field+" cannot be given together with "+other)
}

// require reports a field that another field makes necessary.
func (r *reader) require(field, because string, d desc) {
	r.fail(field, "missing", field+" manque\u00a0: il est exigé par "+because+" et doit être "+d.fr,
		field+" is missing: "+because+" needs it, and it must be "+d.en)
}

func intsDesc(allowed []int) desc {
	q := make([]string, len(allowed))
	for i, a := range allowed {
		q[i] = itoa(a)
	}
	list := joinList(q, ", ")
	return desc{"l’une des valeurs " + list, "one of " + list}
}

// reqIntIn reads a number that must be one of a few allowed integers.
func (r *reader) reqIntIn(m map[string]any, path, key string, allowed []int) int {
	v, ok := r.get(m, key)
	if !ok {
		if r.err == nil {
			r.failMissing(join(path, key), intsDesc(allowed))
		}
		return 0
	}
	return r.asIntIn(join(path, key), v, allowed)
}

func (r *reader) asIntIn(field string, v any, allowed []int) int {
	r.noteInts(field, allowed)
	if r.err != nil {
		return 0
	}
	d := intsDesc(allowed)
	x, ok := toFloat(v)
	if !ok {
		r.failType(field, d, v)
		return 0
	}
	for _, a := range allowed {
		if x == float64(a) {
			return a
		}
	}
	r.failValue(field, "enum", d, v)
	return 0
}

// quoteFr and quoteEn quote a value in a message about a field as the
// site's prose quotes (generator/markdown's FrenchTypeset): « » with
// no-break spaces inside in French, so that a phone never leaves a
// guillemet alone at a line's end, “ ” in English. Control characters are
// escaped, so that a message stays one line.
func quoteFr(s string) string { return "«\u00a0" + controls(s) + "\u00a0»" }

func quoteEn(s string) string { return "“" + controls(s) + "”" }

// visible writes the characters of a field name that are not printable
// ASCII as \uXXXX: the fields' names are ASCII, and an invisible U+200B or
// a Cyrillic а in "mag\u200bic" would otherwise look right in the message.
func visible(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r < 0x20 || r > 0x7e {
			b = append(b, '\\', 'u')
			for sh := 12; sh >= 0; sh -= 4 {
				b = append(b, "0123456789abcdef"[(r>>sh)&15])
			}
			continue
		}
		b = append(b, byte(r))
	}
	return string(b)
}

// controls escapes the control characters of s as JSON would.
func controls(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 {
			b = append(b, '\\', 'u', '0', '0', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		} else {
			b = append(b, c)
		}
	}
	return string(b)
}

// quote writes s between double quotes for a message about the JSON text
// itself or a rule value (machine text, not a field), escaping what JSON
// would. strconv.Quote would do, but it brings the Unicode printability
// tables into the WebAssembly module, for a message.
func quote(s string) string {
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		default:
			b = append(b, c)
		}
	}
	return string(append(b, '"'))
}
