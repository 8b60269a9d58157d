package search

import (
	"strings"
	"testing"
	"unicode/utf8"

	"compendium/generator/glossary"
)

// fuzzIndexes is the fixture site's index in both languages, with the
// vocabulary the real site's index has: synonyms pinned to sections, a
// thesaurus set, question phrasings and entries of both kinds.
func fuzzIndexes(t testing.TB) (files map[string][]byte, fr, en *Index) {
	v := Vocabulary{
		Glossary: &glossary.Glossary{Terms: []*glossary.Term{{ID: "armour-points", Names: map[string]string{"fr": "points d’armure", "en": "armour points"},
			Abbr: map[string]string{"fr": "PA", "en": "AP"}, Section: "fantasy#armor"}}},
		Thesaurus: &glossary.Thesaurus{
			Sets:      []*glossary.Set{{Lang: "fr", Forms: []string{"PV", "vie", "santé"}, Section: "fantasy#life"}, {Lang: "en", Forms: []string{"HP", "hit points"}, Calc: "armor"}},
			Questions: map[string][]*glossary.Question{"fr": {{Phrase: "combien de temps", Means: "durée"}, {Phrase: "est-ce que", Means: ""}}, "en": {{Phrase: "how long", Means: "time"}}},
		},
		Entries: map[string][]Entry{
			"fr": {{Kind: "calc", Doc: "calculators", DocTitle: "Calculateurs", ID: "armor", Title: "Armure", Text: "Points d’armure.", Hidden: "calculateur"}},
			"en": {{Kind: "calc", Doc: "calculators", DocTitle: "Calculators", ID: "armor", Title: "Armour", Text: "Armour points.", Hidden: "calculator"}},
		},
	}
	files, paths, err := Build(fixture(), v)
	if err != nil {
		t.Fatal(err)
	}
	fr, err = Load(files[paths["fr"]])
	if err != nil {
		t.Fatal(err)
	}
	en, err = Load(files[paths["en"]])
	if err != nil {
		t.Fatal(err)
	}
	return map[string][]byte{"fr": files[paths["fr"]], "en": files[paths["en"]]}, fr, en
}

// FuzzQuery: any query, on either language's page, answers without
// panicking, with results in order, marks inside their snippet on rune
// boundaries, and a suggestion only of the index's words.
func FuzzQuery(f *testing.F) {
	for _, q := range []string{"armure", "PA", "points d'armure", "combien de temps", "HP", "hit points calculator", "l’", "d'",
		"ARMURE ", "bless\u0301e", "zzzzzz", "armour", "é", "\xff", "a b c d e f g h", "’’’", "1d6+2"} {
		f.Add(q, true)
	}
	_, fr, en := fuzzIndexes(f)
	f.Fuzz(func(t *testing.T, q string, french bool) {
		own, other := fr, en
		if !french {
			own, other = en, fr
		}
		rs := Search(own, other, q, 10)
		if len(rs) > 10 {
			t.Fatalf("%d results for a limit of 10", len(rs))
		}
		for i, r := range rs {
			if i > 0 && rs[i-1].Matched == r.Matched && rs[i-1].Score < r.Score && r.Via == "" && rs[i-1].Via == "" {
				t.Fatalf("results out of order: %v then %v", rs[i-1], r)
			}
			for _, m := range r.Marks {
				if m[0] < 0 || m[1] > len(r.Snippet) || m[0] >= m[1] || !utf8.ValidString(r.Snippet[m[0]:m[1]]) {
					t.Fatalf("mark %v outside %q", m, r.Snippet)
				}
			}
		}
		if s := own.Suggest(q); s != "" {
			typed := map[string]bool{}
			for _, w := range own.words(q) {
				typed[w.surface] = true
			}
			for _, w := range strings.Split(s, " ") {
				if _, ok := own.vocab[w]; !ok && !typed[w] {
					t.Fatalf("suggestion %q has %q, neither a word of the index nor of the query", s, w)
				}
			}
		}
	})
}

// FuzzLoadIndex: an index file damaged anywhere is refused with an error or
// loads into an index that answers queries without panicking (the page
// reads whatever the host serves).
func FuzzLoadIndex(f *testing.F) {
	files, _, _ := fuzzIndexes(f)
	f.Add(files["fr"], "armure")
	f.Add(files["en"], "armour points")
	f.Add([]byte(`{"v":2}`), "x")
	f.Fuzz(func(t *testing.T, b []byte, q string) {
		ix, err := Load(b)
		if err != nil {
			return
		}
		ix.Query(q, 5)
		ix.Suggest(q)
		Search(ix, ix, q, 5)
	})
}
