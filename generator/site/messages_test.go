package site

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestCatalogue: every message exists in English and in French, with the
// same placeholders, so that a diagnostic reads whole in either language.
func TestCatalogue(t *testing.T) {
	ph := regexp.MustCompile(`\{[a-z]+\}`)
	for kind, m := range catalogue {
		if m[0] == "" || m[1] == "" {
			t.Errorf("%s: a language is missing: %q", kind, m)
			continue
		}
		en, fr := ph.FindAllString(m[0], -1), ph.FindAllString(m[1], -1)
		slices.Sort(en)
		slices.Sort(fr)
		if !slices.Equal(slices.Compact(en), slices.Compact(fr)) {
			t.Errorf("%s: placeholders %v in English, %v in French", kind, en, fr)
		}
	}
}

// TestMessage: placeholders are filled, {#…} stays as the content writes
// it, and an argument may have words of its own in French (name@fr).
func TestMessage(t *testing.T) {
	d := New("content/fr/a.md", 3, "heading-no-id-from-translation", "title", "L'armure", "id", "armor", "other", "content/en/a.md:3")
	if got, want := d.String(), "content/fr/a.md:3: heading “L'armure” has no ID, and content/en/a.md:3 calls this section {#armor}: end the heading with {#armor}"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := d.Format("fr"); !strings.Contains(got, "terminez le titre par {#armor}") {
		t.Errorf("French: %s", got)
	}
	v := New("f", 1, "value-engine", "key", "k", "err", "too large", "err@fr", "trop grand")
	if v.Message("fr") != "valeur de règle « k » : trop grand" || v.Message("en") != "rule value “k”: too large" {
		t.Errorf("language-dependent argument: %q / %q", v.Message("fr"), v.Message("en"))
	}
}

// TestLangFrom: -lang wins, then LC_ALL, LC_MESSAGES and LANG, as the C
// library reads them.
func TestLangFrom(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "fr_FR.UTF-8")
	if LangFrom("") != "fr" || LangFrom("en") != "en" {
		t.Error("LANG=fr_FR.UTF-8 should give French unless -lang says otherwise")
	}
	t.Setenv("LC_ALL", "en_GB.UTF-8")
	if LangFrom("") != "en" {
		t.Error("LC_ALL comes before LANG")
	}
	t.Setenv("LC_ALL", "")
	t.Setenv("LANG", "")
	if LangFrom("") != "en" || LangFrom("fr") != "fr" {
		t.Error("no locale: English, or -lang")
	}
}

// TestFold: a consequence goes under its cause, whether it names what the
// cause breaks or the cause's place; the cause in the original comes first.
func TestFold(t *testing.T) {
	cause := New("content/fr/a.md", 5, "heading-no-id-from-translation", "title", "T", "id", "armor", "other", "content/en/a.md:5")
	cause.Causes = []string{"fr:a#armor"}
	echo := New("content/en/a.md", 5, "section-extra", "id", "armor", "other", "content/fr/a.md")
	echo.At = "content/fr/a.md:5"
	link := New("content/fr/a.md", 2, "link-no-id", "dest", "#armor", "id", "armor", "file", "content/fr/a.md")
	link.About = []string{"fr:a#armor"}
	gloss := New("content/glossary.json", 9, "glossary-section-missing", "id", "x", "section", "a#armor", "langs", "fr")
	gloss.About = []string{"fr:a#armor"}
	other := New("content/fr/a.md", 9, "link-bad", "dest", "x y")
	out := Fold(Diagnostics{gloss, echo, link, other, cause})
	if len(out) != 2 {
		t.Fatalf("%d problems, want 2:\n%s", len(out), out.Format("en", true))
	}
	s := Sort(out)
	if s[0].Kind != "heading-no-id-from-translation" || len(s[0].Folded) != 3 {
		t.Errorf("the cause is not first with its 3 consequences:\n%s", out.Format("en", true))
	}
	replaced := Fold(Diagnostics{New("f", 1, "heading-no-id", "title", "T", "id", "t"), {File: "f", Line: 1, Kind: "heading-no-id-from-translation", Replaces: []string{"heading-no-id"}}})
	if len(replaced) != 1 || replaced[0].Kind != "heading-no-id-from-translation" {
		t.Errorf("a replaced diagnostic stays: %+v", replaced)
	}
}
