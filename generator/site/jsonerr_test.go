package site

import (
	"strings"
	"testing"
)

// jsonFixture is the shape ReadJSON's tests decode: keys of several
// kinds, nested.
type jsonFixture struct {
	Terms []struct {
		ID        string            `json:"id"`
		Mandatory bool              `json:"mandatory"`
		Docs      []string          `json:"docs"`
		Def       map[string]string `json:"definition"`
	} `json:"terms"`
}

// TestReadJSON: each mistake an organiser makes in a JSON file by hand is
// one diagnostic, at the mistake (the comma too many, not the bracket
// after it), in words that are not Go's.
func TestReadJSON(t *testing.T) {
	tests := []struct {
		name, data string
		kind       string
		line, col  int
		args       []string // name, value… that the diagnostic must hold
	}{
		{"trailing comma in a list", "{\"terms\": [\n  {\"id\": \"a\"},\n]}", "json-trailing-comma", 2, 14, []string{"close", "]"}},
		{"trailing comma in an object", "{\"terms\": [\n  {\"id\": \"a\",\n  }]}", "json-trailing-comma", 2, 13, []string{"close", "}"}},
		{"missing comma between keys", "{\"terms\": [{\n  \"id\": \"a\"\n  \"mandatory\": true}]}", "json-missing-comma", 2, 12, []string{"prev", `"id": "a"`, "next", `"mandatory": true}]}`}},
		{"missing comma between entries", "{\"terms\": [\n  {\"id\": \"a\"}\n  {\"id\": \"b\"}]}", "json-missing-comma", 2, 14, []string{"next", `{"id": "b"}]}`}},
		{"unclosed text", "{\"terms\": [{\"id\": \"a}]}\n}", "json-unclosed-text", 1, 19, nil},
		{"quote inside a text", "{\"terms\": [{\"definition\": {\"fr\": \"il dit \"non\" ici\"}}]}", "json-quote-in-text", 1, 42, []string{"next", `non" ici"}}]}`}},
		{"closing brace missing", "{\"terms\": [\n  {\"id\": \"a\",\n  {\"id\": \"b\"}]}", "json-key-expected", 3, 3, []string{"char", "{"}},
		{"closing brace and comma missing", "{\"terms\": [\n  {\"id\": \"a\", \"definition\": {\"fr\": \"x\"}\n  {\"id\": \"b\"}]}", "json-brace-missing", 3, 3, nil},
		{"file cut short", "{\"terms\": [\n  {\"id\": \"a\"},\n  {\"id\": \"b\"", "json-unclosed", 3, 3, []string{"open", "{", "close", "}"}},
		{"empty file", "  \n", "json-empty", 0, 0, nil},
		{"single quotes", "{'terms': []}", "json-single-quote", 1, 2, nil},
		{"typographic quotes", "{\"terms\": [{\"id\": “a”}]}", "json-curly-quote", 1, 19, []string{"char", "“"}},
		{"key without quotes", "{terms: []}", "json-bare-key", 1, 2, []string{"word", "terms"}},
		{"word without quotes", "{\"terms\": [{\"mandatory\": yes}]}", "json-bare-word", 1, 26, []string{"word", "yes"}},
		{"misspelt true", "{\"terms\": [{\"mandatory\": tru}]}", "json-bare-word", 1, 26, []string{"word", "tru"}},
		{"two commas", "{\"terms\": [{\"docs\": [\"a\",, \"b\"]}]}", "json-value-missing", 1, 26, []string{"char", ","}},
		{"colon missing", "{\"terms\" []}", "json-colon-missing", 1, 9, []string{"key", `"terms"`}},
		{"a brace too many", "{\"terms\": []}\n}", "json-extra", 2, 1, []string{"next", "}"}},
		{"bad escape", "{\"terms\": [{\"id\": \"C:\\dossier\"}]}", "json-bad-escape", 1, 22, []string{"text", `\d`}},
		{"tab in a text", "{\"terms\": [{\"id\": \"a\tb\"}]}", "json-control-char", 1, 21, nil},
		{"a text for a boolean", "{\"terms\": [{\n  \"mandatory\": \"yes\"}]}", "json-type", 2, 16, []string{"key", "mandatory", "want", "true or false", "got", "a text"}},
		{"a text for a list", "{\"terms\": [{\"docs\": \"fantasy\"}]}", "json-type", 1, 21, []string{"key", "docs", "want", "a list, [ … ]"}},
		{"a list for the file", "[]", "json-type-top", 1, 1, []string{"want", "an object, { … }", "got", "a list"}},
		{"a number for a map's entry", "{\"terms\": [{\"definition\": {\n  \"fr\": 3}}]}", "json-type", 2, 9, []string{"key", "fr", "got", "a number"}},
		{"misspelt key", "{\"terms\": [{\n  \"mandatroy\": true}]}", "json-unknown-key-near", 2, 3, []string{"key", "mandatroy", "near", "mandatory"}},
		{"unknown key", "{\"terms\": [{\n  \"colour\": true}]}", "json-unknown-key", 2, 3, []string{"key", "colour"}},
		{"byte-order mark", "\ufeff{\"terms\": []}", "", 0, 0, nil},
		{"valid", "{\"terms\": [{\"id\": \"a\", \"docs\": [\"x\"]}]}", "", 0, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v jsonFixture
			err := ReadJSON("g.json", []byte(tt.data), &v)
			if tt.kind == "" {
				if err != nil {
					t.Fatalf("got %v, want no problem", err)
				}
				return
			}
			ds, ok := err.(Diagnostics)
			if !ok || len(ds) != 1 {
				t.Fatalf("got %T %v, want one diagnostic", err, err)
			}
			d := ds[0]
			if d.Kind != tt.kind || d.Line != tt.line || d.Col != tt.col {
				t.Errorf("got %s at %d:%d (%s), want %s at %d:%d", d.Kind, d.Line, d.Col, d, tt.kind, tt.line, tt.col)
			}
			for i := 0; i+1 < len(tt.args); i += 2 {
				if got := d.Arg(tt.args[i]); got != tt.args[i+1] {
					t.Errorf("%s = %q, want %q (%s)", tt.args[i], got, tt.args[i+1], d)
				}
			}
			if m := d.MissingArgs(); len(m) > 0 {
				t.Errorf("the message lacks %v: %s", m, d)
			}
			for _, lang := range []string{"en", "fr"} {
				if s := d.Format(lang); strings.Contains(s, "invalid character") || strings.Contains(d.Message(lang), "json") || strings.Count(s, "g.json") != 1 {
					t.Errorf("%s: Go's words, or the file named other than once: %s", lang, s)
				}
			}
		})
	}
}

// TestJSONProblemNotJSON: an error that is not JSON's is a read failure.
func TestJSONProblemNotJSON(t *testing.T) {
	if d := JSONProblem("g.json", nil, errString("permission denied")); d.Kind != "read-failed" || d.Arg("err") != "permission denied" {
		t.Errorf("got %s", d)
	}
}

type errString string

func (e errString) Error() string { return string(e) }

// TestDuplicateKey: a key written twice in one object is found at its
// second place, with the line of the first; the same key in two objects,
// a value equal to a key, or a file that is not JSON are not duplicates.
func TestDuplicateKey(t *testing.T) {
	for _, c := range []struct {
		name, data string
		key        string
		line, col  int
		first      string
	}{
		{"top level", "{\n  \"edition\": \"2026\",\n  \"title\": {},\n  \"edition\": \"2027\"\n}", "edition", 4, 3, "2"},
		{"nested", `{"title": {"fr": "a", "en": "b", "fr": "c"}}`, "fr", 1, 34, "1"},
		{"in a list's object", "[{\"id\": 1},\n {\"id\": 2, \"x\": [1, {\"k\": 1}], \"id\": 3}]", "id", 2, 32, "2"},
		{"after a byte-order mark", "\ufeff{\"a\": 1, \"a\": 2}", "a", 1, 10, "1"},
		{"same key, two objects", `[{"id": 1}, {"id": 2}]`, "", 0, 0, ""},
		{"a value equal to a key", `{"a": "b", "b": "a", "c": {"a": "a"}}`, "", 0, 0, ""},
		{"not JSON", `{"a": 1, "a"`, "", 0, 0, ""},
	} {
		d := DuplicateKey("c.json", []byte(c.data))
		if c.key == "" {
			if d != nil {
				t.Errorf("%s: %v, want none", c.name, d)
			}
			continue
		}
		if d == nil || d.Kind != "json-duplicate-key" || d.Arg("key") != c.key || d.Line != c.line || d.Col != c.col || d.Arg("first") != c.first {
			t.Errorf("%s: %+v, want %q at %d:%d, first at line %s", c.name, d, c.key, c.line, c.col, c.first)
		}
	}
}
