package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"compendium/generator/site"
	"compendium/generator/translation"
)

const driftSite = `
-- content/fr/alpha.md --
---
title: Alpha
short: Jeu — Alpha
order: 1
slug: alpha
summary: Un.
source: a.txt
---
## Un {#one}

Le premier texte.

### Un bis {#one-more}

Le détail.

## Deux {#two}

Le second texte.
-- content/en/alpha.md --
---
title: Alpha
short: Game — Alpha
order: 1
slug: alpha
summary: One.
source: a.txt
---
## One {#one}

The first text.

### One more {#one-more}

The detail.

## Two {#two}

The second text.
`

// TestTranslationDrift: with every translation marked, check is clean;
// a changed French section (and only it: not its parent, not its
// neighbour) is reported at the English section's file:line, with the
// French one's and the day it was checked, and its English page says so
// with links to the French section and the side-by-side view; marking it
// clears both; an unrecorded section is reported; a malformed record
// names its line. The translations command's own output and exit codes
// are TestTranslationsCommand's (generator/cmd_translations_test.go).
func TestTranslationDrift(t *testing.T) {
	opt := writeFixture(t, driftSite)
	// mark records sections as checked, as translations -mark does.
	mark := func(keys []string, all bool) {
		t.Helper()
		s, _, err := Load(opt)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(opt.ContentDir, translation.FileName)
		recs, err := translation.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if unknown := translation.Mark(s, recs, keys, all, time.Now().UTC().Format("2006-01-02")); len(unknown) > 0 {
			t.Fatalf("mark %q: unknown %q", keys, unknown)
		}
		if err := translation.Save(path, recs); err != nil {
			t.Fatal(err)
		}
	}
	warnings := func() []string {
		t.Helper()
		_, ds, err := Check(opt)
		if err != nil {
			t.Fatal(err)
		}
		var w []string
		for _, d := range site.Sort(ds) {
			w = append(w, d.String())
		}
		return w
	}
	en := filepath.Join(opt.ContentDir, "en", "alpha.md")
	fr := filepath.Join(opt.ContentDir, "fr", "alpha.md")

	if w := warnings(); len(w) != 3 || !strings.Contains(w[0], "has no record of the French version it translates") {
		t.Fatalf("with no record, want 3 unrecorded sections, got %q", w)
	}
	mark(nil, true)
	if w := warnings(); len(w) != 0 {
		t.Fatalf("after -mark -all: %q", w)
	}

	src, _ := os.ReadFile(fr)
	if err := os.WriteFile(fr, bytes.Replace(src, []byte("Le détail."), []byte("Le détail, revu."), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	w := warnings()
	want := en + ":13: warning: translation of #one-more is older than its French source (changed since the translation was checked on "
	if len(w) != 1 || !strings.HasPrefix(w[0], want) || !strings.Contains(w[0], fr+":13)") || !strings.Contains(w[0], "translations -mark alpha#one-more") {
		t.Fatalf("after a French change, warnings %q; want one starting %q", w, want)
	}
	res, err := Build(opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 1 {
		t.Errorf("build warnings %q", res.Warnings)
	}
	page, _ := os.ReadFile(filepath.Join(opt.OutDir, "en", "alpha", "index.html"))
	notice := regexpFind(string(page), `<p class="drift" role="note">[^\n]*</p>`)
	if !strings.Contains(notice, "changed after this translation was last checked") ||
		!strings.Contains(notice, `href="../../fr/alpha/#one-more"`) || !strings.Contains(notice, `href="../alpha/side-by-side/#one-more"`) {
		t.Errorf("the English page's notice: %q", notice)
	}
	if i, j := strings.Index(string(page), `id="one-more"`), strings.Index(string(page), `class="drift"`); i < 0 || j < i || strings.Count(string(page), `class="drift"`) != 1 {
		t.Error("the notice is not under the changed section's heading alone")
	}
	if frPage, _ := os.ReadFile(filepath.Join(opt.OutDir, "fr", "alpha", "index.html")); bytes.Contains(frPage, []byte(`class="drift"`)) {
		t.Error("the French page has a notice")
	}

	mark([]string{"alpha#one-more"}, false)
	if w := warnings(); len(w) != 0 {
		t.Errorf("after marking: %q", w)
	}
	if _, err := Build(opt); err != nil {
		t.Fatal(err)
	}
	if page, _ := os.ReadFile(filepath.Join(opt.OutDir, "en", "alpha", "index.html")); bytes.Contains(page, []byte(`class="drift"`)) {
		t.Error("the notice stayed after marking")
	}

	rec := filepath.Join(opt.ContentDir, translation.FileName)
	if err := os.WriteFile(rec, []byte("{\n  \"en\": {\n    \"alpha#one\": 3\n  }\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Build(opt); err == nil || !strings.Contains(err.Error(), rec+":3:18: “alpha#one” must be") {
		t.Errorf("a malformed record: %v", err)
	}
}

func regexpFind(s, re string) string {
	return regexp.MustCompile(re).FindString(s)
}

// TestFrenchOnlyGlossaryEdit: a French edit that brings a glossary term
// into a checked section is a warning on the English side until the
// translation is updated and marked, as content/README.md says; it was an
// error. It is folded under the section's "older than its source".
func TestFrenchOnlyGlossaryEdit(t *testing.T) {
	opt := writeFixture(t, driftSite+`-- content/glossary.json --
{"terms": [
  {"id": "lock", "fr": "serrure", "en": "lock", "variants": {"fr": ["serrures"], "en": ["locks"]}, "section": "alpha#two", "mandatory": true,
   "definition": {"fr": "Ce qui ferme.", "en": "What closes."}}
]}
`)
	s, _, err := Load(opt)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(opt.ContentDir, translation.FileName)
	recs, _ := translation.Load(path)
	translation.Mark(s, recs, nil, true, "2026-12-01")
	if err := translation.Save(path, recs); err != nil {
		t.Fatal(err)
	}
	fr := filepath.Join(opt.ContentDir, "fr", "alpha.md")
	src, _ := os.ReadFile(fr)
	if err := os.WriteFile(fr, bytes.Replace(src, []byte("Le second texte."), []byte("Le second texte, et ses serrures."), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	_, ds, err := Check(opt)
	if err != nil {
		t.Fatalf("a French-only edit fails check: %v", err)
	}
	if len(ds) != 1 || ds[0].Severity != site.Warning || ds[0].Kind != "translation-behind" || len(ds[0].Folded) != 1 || ds[0].Folded[0].Kind != "glossary-missing-translation" || ds[0].Folded[0].Arg("term") != "serrure" {
		t.Errorf("want one warning, the glossary's folded under it:\n%s", ds.Format("en", true))
	}
}
