package values

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"compendium/generator/site"
)

func TestOwnKey(t *testing.T) {
	for _, c := range []struct {
		key, slug string
		own       bool
	}{
		{"alchemy.brewing-time", "alchemy", true},
		{"alchemy.brewing-time", "fantasy", false},
		{"armor.plat", "fantasy", false},
		{"alchemy.", "alchemy", false},
		{"alchemy", "alchemy", false},
	} {
		if got := ownKey(c.key, c.slug); got != c.own {
			t.Errorf("ownKey(%q, %q) = %v, want %v", c.key, c.slug, got, c.own)
		}
	}
}

// TestCollectOwn: a value of one's own is collected with its number, kind
// and meaning, Get answers it beside the engine's, and Rows lists it under
// its document.
func TestCollectOwn(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"fr/alchemy.md": "---\ntitle: A\nshort: A\norder: 1\nslug: alchemy\nsummary: Un.\n---\n## Un {#one}\n\nEn {=alchemy.brewing-time 1h}.\n",
		"en/alchemy.md": "---\ntitle: A\nshort: A\norder: 1\nslug: alchemy\nsummary: One.\n---\n## One {#one}\n\nIn {=alchemy.brewing-time 60min}.\n",
		MeaningsFile:    `{"alchemy.brewing-time": {"fr": "durée", "en": "time"}}`,
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	set, ds := Load(dir)
	if len(ds) > 0 {
		t.Fatal(ds.Error())
	}
	if n, ok := set.Get("alchemy.brewing-time"); !ok || n != 60 {
		t.Errorf("Get = %d, %v; want 60 (1h and 60min are one value)", n, ok)
	}
	if n, ok := set.Get("armor.plate"); !ok || n != 3 {
		t.Errorf("Get(armor.plate) = %d, %v; want the engine's 3", n, ok)
	}
	s, _ := site.Load(dir, site.Options{})
	var found bool
	for _, r := range set.Rows(s, "en") {
		if r.Spec.Key == "alchemy.brewing-time" {
			found = r.Spec.En == "time" && r.N == 60 && len(r.Decls) == 1 && strings.HasSuffix(r.Decls[0].Doc.File, "alchemy.md") && len(r.Spec.Calcs) == 0
		}
	}
	if !found {
		t.Error("Rows does not list alchemy.brewing-time with its meaning, number and place")
	}
}
