package glossary

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"compendium/generator/site"
)

// testSite is a site of two documents, "a" and "b", in French and
// English, with the same sections: {id, French text, English text}. Their
// sections are at lines 10, 20…
func testSite(sections ...[3]string) *site.Site {
	s := &site.Site{}
	for li, code := range []string{"fr", "en"} {
		l := &site.Lang{Code: code}
		for _, slug := range []string{"a", "b"} {
			d := &site.Doc{Lang: code, File: code + "/" + slug + ".md", Slug: slug}
			for i, sec := range sections {
				d.Sections = append(d.Sections, &site.Section{ID: sec[0], Line: 10 * (i + 1), Title: sec[0], Text: sec[1+li]})
			}
			l.Docs = append(l.Docs, d)
		}
		s.Langs = append(s.Langs, l)
	}
	return s
}

// writeJSON writes data to a file of t's and returns its path.
func writeJSON(t *testing.T, name, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// kinds returns ds as "kind@line", a warning marked, sorted; and checks
// that each message is whole in both languages.
func kinds(t *testing.T, ds site.Diagnostics) []string {
	t.Helper()
	out := []string{}
	for _, d := range ds {
		k := d.Kind + "@" + strconv.Itoa(d.Line)
		if d.Severity == site.Warning {
			k += " warning"
		}
		out = append(out, k)
		if m := d.MissingArgs(); len(m) > 0 {
			t.Errorf("%s lacks %v", d, m)
		}
	}
	slices.Sort(out)
	return out
}

// TestGlossaryCheck: each mistake of a glossary entry is one catalogue
// diagnostic at its term's line; two entries are told apart by their
// place, not their ID.
func TestGlossaryCheck(t *testing.T) {
	s := testSite([3]string{"brewing", "On chauffe l'alambic.", "The still is heated."})
	tests := []struct {
		name, terms string // one term a line, from line 2
		want        []string
		args        []string // the first diagnostic's arguments: name, value…
	}{
		{"fine", `{"id": "still", "fr": "alambic", "en": "still", "section": "a#brewing"}`, []string{}, nil},
		{"an ID twice: the duplicate, naming the first", `{"id": "still", "fr": "alambic", "en": "still", "section": "a#brewing"},
{"id": "still", "fr": "cornue", "en": "retort", "section": "a#brewing"},
{"id": "still", "fr": "athanor", "en": "athanor", "section": "a#brewing"}`, []string{"glossary-id-duplicate@3", "glossary-id-duplicate@4"}, []string{"id", "still", "first", "2"}},
		{"an entry copied whole is one ID twice, not a shared form too", `{"id": "still", "fr": "alambic", "en": "still", "section": "a#brewing"},
{"id": "still", "fr": "alambic", "en": "still", "section": "a#brewing"}`, []string{"glossary-id-duplicate@3"}, nil},
		{"one word under two IDs holding in one document", `{"id": "alembic", "fr": "alambic", "en": "alembic", "section": "a#brewing"},
{"id": "still", "fr": "Alambic", "en": "still", "section": "a#brewing"}`, []string{"glossary-form-shared@3"}, []string{"id", "still", "form", "Alambic", "other", "alembic", "line", "2", "doc", "a"}},
		{"one word under two IDs, docs apart", `{"id": "alembic", "fr": "alambic", "en": "alembic", "section": "a#brewing"},
{"id": "still", "fr": "alambic", "en": "still", "section": "b#brewing", "docs": ["b"]}`, []string{}, nil},
		{"a variant shared, docs overlapping", `{"id": "alembic", "fr": "alambic", "en": "alembic", "section": "a#brewing", "docs": ["a", "b"]},
{"id": "still", "fr": "cornue", "en": "still", "variants": {"en": ["alembic"]}, "section": "b#brewing"}`, []string{"glossary-form-shared@3"}, []string{"lang", "en", "doc", "b"}},
		{"no French", `{"id": "still", "en": "still", "section": "a#brewing"}`, []string{"glossary-lacks-lang@2"}, []string{"lang", "fr"}},
		{"neither language", `{"id": "still", "section": "a#brewing"}`, []string{"glossary-lacks-both@2"}, nil},
		{"an ID not kebab-case", `{"id": "Still pot", "fr": "alambic", "en": "still", "section": "a#brewing"}`, []string{"glossary-id-invalid@2"}, nil},
		{"no section", `{"id": "still", "fr": "alambic", "en": "still"}`, []string{"glossary-section-empty@2"}, nil},
		{"a section in no language: one problem", `{"id": "still", "fr": "alambic", "en": "still", "section": "a#distilling"}`, []string{"glossary-section-missing@2"}, []string{"langs", "fr, en"}},
		{"docs without the section's document", `{"id": "still", "fr": "alambic", "en": "still", "section": "a#brewing", "docs": ["b"]}`, []string{"glossary-docs-home@2"}, []string{"slug", "a"}},
		{"docs naming no document", `{"id": "still", "fr": "alambic", "en": "still", "section": "a#brewing", "docs": ["a", "alchimie"]}`, []string{"glossary-docs-unknown@2"}, []string{"doc", "alchimie", "slugs", "a, b"}},
		{"a mandatory term without its translation", `{"id": "still", "fr": "alambic", "en": "alembic", "section": "a#brewing", "mandatory": true}`, []string{"glossary-missing-translation@10", "glossary-missing-translation@10"}, []string{"term", "alambic", "place", "fr/a.md:10", "forms", "alembic"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Load(writeJSON(t, "glossary.json", "{\"terms\": [\n"+tt.terms+"\n]}"))
			if err != nil {
				t.Fatal(err)
			}
			ds := g.Check(s)
			if got := kinds(t, ds); !slices.Equal(got, tt.want) {
				t.Fatalf("got %q, want %q:\n%s", got, tt.want, ds.Format("en", true))
			}
			for i := 0; i+1 < len(tt.args); i += 2 {
				if got := ds[0].Arg(tt.args[i]); got != tt.args[i+1] {
					t.Errorf("%s = %q, want %q: %s", tt.args[i], got, tt.args[i+1], ds[0])
				}
			}
		})
	}
}

// TestGlossaryMissingTranslationFolds: a missing translation is placed at
// the French section, so that a problem there (a duplicated ID) is its
// cause; a section that does not exist is about that section.
func TestGlossaryMissingTranslationFolds(t *testing.T) {
	s := testSite([3]string{"brewing", "On chauffe l'alambic.", "The pot is heated."})
	g, err := Load(writeJSON(t, "glossary.json", `{"terms": [
{"id": "still", "fr": "alambic", "en": "still", "section": "a#brewing", "mandatory": true},
{"id": "retort", "fr": "cornue", "en": "retort", "section": "a#gone"}
]}`))
	if err != nil {
		t.Fatal(err)
	}
	cause := site.New("fr/a.md", 10, "section-id-duplicate", "id", "brewing", "first", "5")
	gone := site.New("fr/a.md", 30, "link-bad", "dest", "x")
	gone.Causes = []string{"fr:a#gone", "en:a#gone"}
	out := site.Fold(append(g.Check(s), cause, gone))
	folded := 0
	for _, d := range out {
		if d.Kind == "section-id-duplicate" || d.Kind == "link-bad" {
			folded += len(d.Folded)
		}
	}
	if len(out) != 3 || folded != 2 {
		t.Errorf("want two of the glossary's problems folded under their causes, and document b's on its own:\n%s", out.Format("en", true))
	}
}

// TestObjectLines: each entry of a list is at its own line, found by its
// field or, without one, by its brace, whatever the spacing and the
// nesting.
func TestObjectLines(t *testing.T) {
	data := `{
  "other": [{"id": "x"}],
  "terms": [
    {"id":"a", "definition": {"id": "nested"}},
    {
      "fr": "b", "id" : "b"
    },
    {"fr": "no id", "note": "a \"quoted\" \\ text: [not a list] {nor an object}"},
    {"id": "a"}
  ]
}`
	if got, want := objectLines([]byte(data), "terms", "id"), []int{4, 6, 8, 9}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestGlossaryJSON: a glossary that is not valid JSON is one problem, at
// the mistake; an unknown key is refused, with the key meant.
func TestGlossaryJSON(t *testing.T) {
	for _, tt := range []struct{ data, want string }{
		{"{\"terms\": [\n  {\"id\": \"a\"},\n]}", "glossary.json:2:14: a comma before “]”, after the last entry: remove it (JSON allows no comma there)"},
		{"{\"terms\": [\n  {\"id\": \"a\", \"mandatroy\": true}\n]}", "glossary.json:2:15: unknown key “mandatroy”: did you mean “mandatory”?"},
		{"{\"terms\": [\n  {\"id\": \"a\", \"mandatory\": \"yes\"}\n]}", "glossary.json:2:28: “mandatory” must be true or false, not a text"},
	} {
		_, err := Load(writeJSON(t, "glossary.json", tt.data))
		ds, ok := err.(site.Diagnostics)
		if !ok || len(ds) != 1 || !strings.HasSuffix(ds[0].String(), tt.want) {
			t.Errorf("got %v, want …%s", err, tt.want)
		}
	}
}

// TestThesaurusFormLang: a form that only the other language's text uses
// is a warning naming where it is used, unless it is a word of both
// languages: another language's set holds it, the glossary has it in the
// set's language, or the set's text uses it in another number
// ("philtres"; organiser.md, "An error in a file I never touched").
func TestThesaurusFormLang(t *testing.T) {
	g, err := Load(writeJSON(t, "glossary.json", `{"terms": [{"id": "still", "fr": "alambic", "en": "still", "variants": {"en": ["alembic"]}, "section": "a#brewing"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, sets, fr, en string
		want               []string
		place              string
	}{
		{"the English text has the plural", `{"lang": "en", "forms": ["potion", "philtre"]}`, "Un philtre.", "Two philtres.", []string{}, ""},
		{"a French set holds it too", `{"lang": "en", "forms": ["potion", "philtre"]},
{"lang": "fr", "forms": ["fiole", "philtre"]}`, "Un philtre.", "A potion.", []string{}, ""},
		{"the glossary's English form", `{"lang": "en", "forms": ["apparatus", "alembic"]}`, "Un alembic.", "A pot.", []string{}, ""},
		{"a French word in an English set", `{"lang": "en", "forms": ["potion", "fiole"]}`, "Une fiole.", "A potion.", []string{"thesaurus-form-lang@2 warning"}, "fr/a.md:10"},
		{"a French phrase in an English set", `{"lang": "en", "forms": ["potion", "fiole de soin"]}`, "Une fiole de soin.", "A potion.", []string{"thesaurus-form-lang@2 warning"}, "fr/a.md:10"},
		{"a word of neither text", `{"lang": "en", "forms": ["potion", "flask"]}`, "Une fiole.", "A potion.", []string{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			th, err := LoadThesaurus(writeJSON(t, "thesaurus.json", "{\"sets\": [\n"+tt.sets+"\n]}"))
			if err != nil {
				t.Fatal(err)
			}
			ds := th.Check(testSite([3]string{"brewing", tt.fr, tt.en}), g, nil)
			if got := kinds(t, ds); !slices.Equal(got, tt.want) {
				t.Fatalf("got %q, want %q:\n%s", got, tt.want, ds.Format("en", true))
			}
			if tt.place != "" && ds[0].Arg("place") != tt.place {
				t.Errorf("place %q, want %q", ds[0].Arg("place"), tt.place)
			}
		})
	}
}

// TestThesaurusWithoutGlossary: when the glossary could not be read (nil),
// the sets' terms are not checked against it: its problem is said, and
// "term … is not in glossary.json" would be false.
func TestThesaurusWithoutGlossary(t *testing.T) {
	th, err := LoadThesaurus(writeJSON(t, "thesaurus.json", `{"sets": [{"lang": "fr", "forms": ["fiole", "flacon"], "term": "still"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	s := testSite([3]string{"brewing", "Une fiole.", "A flask."})
	if ds := th.Check(s, nil, nil); len(ds) != 0 {
		t.Errorf("without a glossary: %s", ds)
	}
	if ds := th.Check(s, &Glossary{}, nil); len(ds) != 1 || ds[0].Kind != "thesaurus-term" {
		t.Errorf("with an empty glossary: %s", ds)
	}
}

// TestThesaurusCheck: each mistake of a set or a question is one catalogue
// diagnostic at its line.
func TestThesaurusCheck(t *testing.T) {
	th, err := LoadThesaurus(writeJSON(t, "thesaurus.json", `{"sets": [
{"lang": "de", "forms": ["Trank", "Elixier"]},
{"lang": "fr", "forms": ["fiole"]},
{"lang": "fr", "forms": ["flacon", "Fiole"], "section": "a#brewing", "calc": "dice"},
{"forms": ["x", "y"]},
{"lang": "fr", "forms": ["", "topette"], "calc": "dices"},
{"lang": "fr", "forms": ["bouteille", "carafe"], "section": "a#distilling"}
],
"questions": {
  "fr": [
    {"phrase": "combien de temps", "means": "durée"},
    {"phrase": "Combien  de temps", "means": ""},
    {"phrase": " ", "means": ""}
  ],
  "de": [{"phrase": "wie lange", "means": ""}]
}}`))
	if err != nil {
		t.Fatal(err)
	}
	ds := th.Check(testSite([3]string{"brewing", "Une fiole.", "A flask."}), &Glossary{}, []string{"dice"})
	want := []string{
		"thesaurus-calc@6", "thesaurus-empty-form@6", "thesaurus-form-twice@4", "thesaurus-lang@2", "thesaurus-lang@5",
		"thesaurus-one-form@3", "thesaurus-question-empty@13", "thesaurus-question-twice@12", "thesaurus-questions-lang@0",
		"thesaurus-section@7", "thesaurus-targets@4",
	}
	if got := kinds(t, ds); !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q:\n%s", got, want, ds.Format("en", true))
	}
}
