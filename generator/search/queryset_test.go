package search_test

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// querySetCase is one line of testdata/queries-LANG.txt.
type querySetCase struct {
	line  int
	query string
	want  string // slug#id
	syn   bool   // needs the glossary
}

func readQuerySet(t testing.TB, lang string) []querySetCase {
	t.Helper()
	f, err := os.Open("testdata/queries-" + lang + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []querySetCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		q, want, ok := strings.Cut(line, " => ")
		if !ok {
			t.Fatalf("queries-%s.txt:%d: want “query => slug#id”", lang, n)
		}
		c := querySetCase{line: n, query: q, want: strings.TrimSpace(want)}
		if w, ok := strings.CutSuffix(c.want, "@syn"); ok {
			c.want, c.syn = strings.TrimSpace(w), true
		}
		out = append(out, c)
	}
	return out
}

func hasGlossary() bool {
	_, err := os.Stat(glossaryPath)
	return err == nil
}

// TestQuerySet runs each language's query set against the real content and
// fails when fewer than 95 % of the queries find their section in the top 3.
// Synonym queries count only when the glossary exists.
func TestQuerySet(t *testing.T) {
	for _, lang := range []string{"fr", "en"} {
		t.Run(lang, func(t *testing.T) {
			ix := realIndex(t, lang)
			cases := readQuerySet(t, lang)
			if len(cases) < 40 {
				t.Errorf("only %d queries; the query set needs at least 40", len(cases))
			}
			glossary := hasGlossary()
			pass, total := 0, 0
			for _, c := range cases {
				if c.syn && !glossary {
					t.Logf("queries-%s.txt:%d: %q skipped: no %s, no synonyms", lang, c.line, c.query, glossaryPath)
					continue
				}
				total++
				res := ix.Query(c.query, 3)
				found := false
				var got []string
				for _, r := range res {
					got = append(got, r.Slug+"#"+r.ID)
					found = found || r.Slug+"#"+r.ID == c.want
				}
				if found {
					pass++
				} else {
					t.Logf("queries-%s.txt:%d: %q: want %s in the top 3, got %v", lang, c.line, c.query, c.want, got)
				}
			}
			score := float64(pass) / float64(total)
			t.Logf("%s: %d/%d queries (%.1f %%) find their section in the top 3", lang, pass, total, 100*score)
			if score < 0.95 {
				t.Errorf("%s: top-3 score %.1f %% is under 95 %%", lang, 100*score)
			}
		})
	}
}
