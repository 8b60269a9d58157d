package translation

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"compendium/generator/site"
)

// TestMarkKeepsCurrentDates: marking a document, or every section, dates
// only the sections whose original changed or that had no record; a
// section already current keeps the day it was checked, even when it is
// named, so that translations.json's diff shows what was checked.
func TestMarkKeepsCurrentDates(t *testing.T) {
	dir := t.TempDir()
	doc := func(title string, sections ...string) string {
		return "---\ntitle: " + title + "\nshort: " + title + "\norder: 1\nslug: alpha\nsummary: S.\nsource: a.txt\n---\n" + strings.Join(sections, "\n")
	}
	fr := map[string]string{"one": "## Un {#one}\n\nLe premier texte.\n", "two": "## Deux {#two}\n\nLe second texte.\n", "three": "## Trois {#three}\n\nLe troisième.\n"}
	en := map[string]string{"one": "## One {#one}\n\nThe first text.\n", "two": "## Two {#two}\n\nThe second text.\n", "three": "## Three {#three}\n\nThe third.\n"}
	load := func(ids ...string) *site.Site {
		t.Helper()
		var f, e []string
		for _, id := range ids {
			f, e = append(f, fr[id]), append(e, en[id])
		}
		for lang, text := range map[string]string{"fr": doc("Alpha", f...), "en": doc("Alpha", e...)} {
			if err := os.MkdirAll(filepath.Join(dir, lang), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, lang, "alpha.md"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		s, ds := site.Load(dir, site.Options{})
		if ds.Errors() > 0 {
			t.Fatal(ds)
		}
		return s
	}
	recs := Records{}
	for _, step := range []struct {
		name  string
		edit  func()
		ids   []string // the document's sections, in both languages
		keys  []string
		all   bool
		day   string
		dates map[string]string // section → day checked, after the step
	}{
		{"-all, nothing recorded", nil, []string{"one", "two"}, nil, true, "2026-01-01",
			map[string]string{"alpha#one": "2026-01-01", "alpha#two": "2026-01-01"}},
		{"-mark alpha, nothing changed", nil, []string{"one", "two"}, []string{"alpha"}, false, "2026-02-02",
			map[string]string{"alpha#one": "2026-01-01", "alpha#two": "2026-01-01"}},
		{"-mark alpha#one, current", nil, []string{"one", "two"}, []string{"alpha#one"}, false, "2026-02-02",
			map[string]string{"alpha#one": "2026-01-01", "alpha#two": "2026-01-01"}},
		{"-mark alpha after the French #two changed", func() { fr["two"] = "## Deux {#two}\n\nLe second texte, revu.\n" }, []string{"one", "two"}, []string{"alpha"}, false, "2026-03-03",
			map[string]string{"alpha#one": "2026-01-01", "alpha#two": "2026-03-03"}},
		{"-all after a section was added", nil, []string{"one", "two", "three"}, nil, true, "2026-04-04",
			map[string]string{"alpha#one": "2026-01-01", "alpha#two": "2026-03-03", "alpha#three": "2026-04-04"}},
		{"-all after a section was removed", nil, []string{"one", "three"}, nil, true, "2026-05-05",
			map[string]string{"alpha#one": "2026-01-01", "alpha#three": "2026-04-04"}},
	} {
		if step.edit != nil {
			step.edit()
		}
		s := load(step.ids...)
		if unknown := Mark(s, recs, step.keys, step.all, step.day); len(unknown) > 0 {
			t.Fatalf("%s: unknown %q", step.name, unknown)
		}
		got := map[string]string{}
		for k, r := range recs["en"] {
			got[k] = r.Checked
		}
		if len(got) != len(step.dates) {
			t.Errorf("%s: records %v, want %v", step.name, got, step.dates)
		}
		for k, day := range step.dates {
			if got[k] != day {
				t.Errorf("%s: %s checked %q, want %q", step.name, k, got[k], day)
			}
		}
		if left := Find(s, recs); len(left) > 0 {
			t.Errorf("%s: %d section(s) left to check after marking", step.name, len(left))
		}
	}
}
