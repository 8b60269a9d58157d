package glossary

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"testing"

	"compendium/generator/site"
)

// TestTermNames: a term's names are its keys that are language codes,
// whatever the languages (today's file, a third language, a name last in
// its entry, a byte order mark), and the rest of the entry is read as
// strictly as before, a mistake named at its own line.
func TestTermNames(t *testing.T) {
	cases := []struct {
		name, file string
		want       []map[string]string
		line       int    // of the mistake, 0: none
		kind       string // the mistake's
	}{
		{"today's file", `{"terms": [
  {"id": "armor-points", "fr": "points d’armure", "en": "armour points", "section": "a#b", "mandatory": true, "definition": {"fr": "x", "en": "y"}}
]}`, []map[string]string{{"fr": "points d’armure", "en": "armour points"}}, 0, ""},
		{"a third language, last", `{"terms": [
  {"id": "armor-points", "section": "a#b", "fr": "points d’armure", "en": "armour points", "de": "Rüstungspunkte"},
  null,
  {"id": "duel", "fr": "duel", "en": "duel",
   "de": "Duell"}
]}`, []map[string]string{{"fr": "points d’armure", "en": "armour points", "de": "Rüstungspunkte"}, {"fr": "duel", "en": "duel", "de": "Duell"}}, 0, ""},
		{"byte order mark", "\ufeff" + `{"terms": [{"id": "x", "fr": "a", "en": "b"}]}`, []map[string]string{{"fr": "a", "en": "b"}}, 0, ""},
		{"a misspelt key", `{"terms": [
  {"id": "x", "fr": "a",
   "sectoin": "a#b"}
]}`, nil, 3, "json-unknown-key-near"},
		{"a name that is no text", `{"terms": [
  {"id": "x", "fr": "a",
   "de": 3}
]}`, nil, 3, "json-unknown-key-near"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "glossary.json")
			if err := os.WriteFile(path, []byte(c.file), 0o644); err != nil {
				t.Fatal(err)
			}
			g, err := Load(path)
			if c.kind != "" {
				var ds site.Diagnostics
				if !errors.As(err, &ds) || len(ds) != 1 || ds[0].Kind != c.kind || ds[0].Line != c.line {
					t.Fatalf("Load: %v, want one %s at line %d", err, c.kind, c.line)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Terms) != len(c.want) {
				t.Fatalf("%d terms, want %d", len(g.Terms), len(c.want))
			}
			for i, term := range g.Terms {
				if !maps.Equal(term.Names, c.want[i]) {
					t.Errorf("term %d: names %v, want %v", i, term.Names, c.want[i])
				}
			}
		})
	}
}
