package contentcheck_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"

	"compendium/generator/search"
)

var update = flag.Bool("update", false, "rewrite testdata/search/parity.json from the Go query")

// ParityCase is one query of testdata/search/parity.json and Go's answer; the
// browser test (generator/e2e/search_test.go) runs search.js on the same
// queries and must answer the same.
type ParityCase struct {
	Lang  string `json:"lang"`
	Query string `json:"q"`
	// Doc is the rules document of the page searching ("" for none).
	Doc     string         `json:"doc,omitempty"`
	Results []ParityResult `json:"results"`
	Suggest string         `json:"suggest"`
}

// ParityResult is a result as both sides print it.
type ParityResult struct {
	Hit     string  `json:"hit"`    // slug#id
	Anchor  string  `json:"anchor"` // the anchor it opens, "" for none
	Kind    string  `json:"kind"`
	Via     string  `json:"via"`
	Score   float64 `json:"score"`
	Matched int     `json:"matched"`
	Title   string  `json:"title"`
	Snippet string  `json:"snippet"` // matches between ⟦ and ⟧
}

// parityLimit is how many results per query the two sides compare.
const parityLimit = 5

// extraParityQueries are edge cases beyond the query sets: case, Unicode
// forms, separators, a word being typed, stop words only.
var extraParityQueries = []string{
	"", " ", "’", "d’", "l'", "le la les", "ARMURE", "Armure ", "arm", "arm ", "bless", "blesse\u0301e", "BLESSÉE",
	"œil", "oeil", "Œuvre", "straße", "jusqu’à la mort", "aujourd'hui", "ΟΔΟΣ", "οδος", "2.4", "1d12", "3-10", "PA physiques",
	"points d’armure magiques", "🛡 armure", "armure,bouclier", "arme-à-feu", "x", "xp", "qu'", "wound", "wounded",
	"armor", "points de vie", "life points", "combien de temps", "how long before i die", "zzzz", "armrue bouclerr",
	"calculateur", "calculator", "glossaire", "chirurgien", "surgeon", "PV", "HP",
	// Past the 32 words a query keeps.
	strings.Repeat("armure bouclier vie ", 12) + "soins",
}

// parityCases computes Go's answers (Search, with the other language's
// index, and Suggest) for every query of the query sets and the extra
// cases, on both languages' pages.
func parityCases(t testing.TB) []ParityCase {
	var qs []string
	seen := map[string]bool{}
	for _, set := range []string{"queries-fr", "queries-en", "vocab-fr", "vocab-en", "questions-fr", "questions-en"} {
		for _, c := range readCases(t, set) {
			if !seen[c.query] {
				seen[c.query] = true
				qs = append(qs, c.query)
			}
		}
	}
	qs = append(qs, extraParityQueries...)
	var out []ParityCase
	for _, lang := range []string{"fr", "en"} {
		ix, other := searchIndex(t, lang), searchIndex(t, otherLang(lang))
		for _, q := range qs {
			out = append(out, ParityCase{Lang: lang, Query: q, Results: toParity(search.Search(ix, other, q, parityLimit)), Suggest: ix.Suggest(q)})
		}
		// From a page of a game: its rules first on a near tie.
		for _, doc := range []string{"fantasy", "contemporary"} {
			for _, q := range parityDocQueries {
				out = append(out, ParityCase{Lang: lang, Query: q, Doc: doc, Results: toParity(search.SearchIn(ix, other, q, parityLimit, doc)), Suggest: ix.Suggest(q)})
			}
		}
	}
	return out
}

// parityDocQueries are searched from a page of each of two games, whose
// rules both answer them.
var parityDocQueries = []string{"blessé", "mort", "premiers secours", "combien de temps avant de mourir", "wounded", "dead", "first aid", "how long before dying"}

func otherLang(lang string) string {
	if lang == "fr" {
		return "en"
	}
	return "fr"
}

func toParity(rs []search.Result) []ParityResult {
	out := []ParityResult{}
	for _, r := range rs {
		out = append(out, ParityResult{Hit: r.Slug + "#" + r.ID, Anchor: r.Anchor, Kind: r.Kind, Via: r.Via, Score: r.Score, Matched: r.Matched, Title: r.TitlePath, Snippet: r.Marked("⟦", "⟧")})
	}
	return out
}

// TestParityVectors keeps testdata/search/parity.json equal to what the Go query
// answers on the current content. After a change to the content, the
// glossary or the algorithm, run:
//
//	go test ./generator/search -run TestParityVectors -update
func TestParityVectors(t *testing.T) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(map[string]any{
		"note":  "Go's answers (generator/search); generator/e2e/search_test.go checks that search.js gives the same. Regenerate: go test ./generator/search -run TestParityVectors -update",
		"limit": parityLimit,
		"cases": parityCases(t),
	}); err != nil {
		t.Fatal(err)
	}
	const file = "testdata/search/parity.json"
	if *update {
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(old, buf.Bytes()) {
		t.Errorf("%s is stale (content, glossary or ranking changed): run go test ./generator/contentcheck -run TestParityVectors -update", file)
	}
}
