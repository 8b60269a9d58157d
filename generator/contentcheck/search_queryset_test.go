package contentcheck_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"compendium/generator/glossary"
	"compendium/generator/search"
)

// querySetCase is one line of testdata/search/queries-LANG.txt.
type querySetCase struct {
	line  int
	query string
	want  string // slug#id
	syn   bool   // needs the glossary
	tag   string // the query's kind, after its target: "syn", "abbr", "cross"…
}

func readQuerySet(t testing.TB, lang string) []querySetCase {
	t.Helper()
	return readCases(t, "queries-"+lang)
}

// readCases reads testdata/search/NAME.txt: "query => target", a target being
// slug#id, and a tag (@syn, @abbr…) after it optionally.
func readCases(t testing.TB, name string) []querySetCase {
	t.Helper()
	lang := name
	f, err := os.Open("testdata/search/" + name + ".txt")
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
			t.Fatalf("%s.txt:%d: want “query => slug#id”", lang, n)
		}
		c := querySetCase{line: n, query: q, want: strings.TrimSpace(want)}
		if w, tag, ok := strings.Cut(c.want, "@"); ok {
			c.want, c.tag = strings.TrimSpace(w), strings.TrimSpace(tag)
			c.syn = c.tag == "syn"
		}
		// Calculators and glossary terms are results as the index names
		// them.
		if name, ok := strings.CutPrefix(c.want, "calc:"); ok {
			c.want = "calculators#" + name
		} else if id, ok := strings.CutPrefix(c.want, "glossary:"); ok {
			c.want = "glossary#term-" + id
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
			ix := searchIndex(t, lang)
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
					got = append(got, resultKey(r))
					found = found || answers(r, c.want)
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

// TestVocabularySet runs the players' vocabulary sets (testdata/search/vocab-LANG.txt:
// abbreviations, everyday words, questions, the other language's words,
// glossary terms, calculators) as the page searches, with the other
// language's index, and fails under 95 % in the top 3. It logs recall@1
// and recall@3 per kind of query.
func TestVocabularySet(t *testing.T) {
	for _, lang := range []string{"fr", "en"} {
		t.Run(lang, func(t *testing.T) {
			own, other := searchIndex(t, lang), searchIndex(t, otherLang(lang))
			cases := readCases(t, "vocab-"+lang)
			if len(cases) < 40 {
				t.Errorf("only %d queries; the set needs at least 40", len(cases))
			}
			type tally struct{ n, at1, at3 int }
			byTag := map[string]*tally{}
			var tags []string
			all := &tally{}
			for _, c := range cases {
				tl := byTag[c.tag]
				if tl == nil {
					tl = &tally{}
					byTag[c.tag] = tl
					tags = append(tags, c.tag)
				}
				var got []string
				rank := 0
				for i, r := range search.Search(own, other, c.query, 3) {
					got = append(got, r.Slug+"#"+r.ID)
					if rank == 0 && r.Slug+"#"+r.ID == c.want {
						rank = i + 1
					}
				}
				for _, x := range []*tally{tl, all} {
					x.n++
					if rank == 1 {
						x.at1++
					}
					if rank > 0 {
						x.at3++
					}
				}
				if rank == 0 {
					t.Logf("vocab-%s.txt:%d: %q: want %s in the top 3, got %v", lang, c.line, c.query, c.want, got)
				}
			}
			for _, tag := range append(tags, "all") {
				x := byTag[tag]
				if tag == "all" {
					x = all
				}
				t.Logf("%s %-9s %3d queries: recall@1 %5.1f %%, recall@3 %5.1f %%", lang, tag, x.n, 100*float64(x.at1)/float64(x.n), 100*float64(x.at3)/float64(x.n))
			}
			if score := float64(all.at3) / float64(all.n); score < 0.95 {
				t.Errorf("%s: top-3 score %.1f %% is under 95 %%", lang, 100*score)
			}
		})
	}
}

// TestGlossaryTermRanksItsSection: each glossary term, searched in each
// language as the glossary writes it, has the section that defines it
// first (opening the anchor when the term names one: "Aveuglé" lands on
// fantasy#effect-blinded), ahead of its own glossary entry and of sections that use the word
// more. Terms that another term's forms shadow (two terms, one word) are
// logged, and may be at most 5 %.
func TestGlossaryTermRanksItsSection(t *testing.T) {
	g, err := glossary.Load(glossaryPath)
	if err != nil {
		t.Fatal(err)
	}
	forms := map[string]int{} // lang + form → terms that have it
	for _, term := range g.Terms {
		for _, lang := range []string{"fr", "en"} {
			for _, f := range term.Forms(lang) {
				forms[lang+"\x00"+strings.ToLower(f)]++
			}
		}
	}
	for _, lang := range []string{"fr", "en"} {
		own, other := searchIndex(t, lang), searchIndex(t, otherLang(lang))
		n, first := 0, 0
		for _, term := range g.Terms {
			q := term.Term(lang)
			if forms[lang+"\x00"+strings.ToLower(q)] > 1 {
				continue // shared by two terms: either section may come first
			}
			n++
			rs := search.Search(own, other, q, 1)
			if len(rs) == 1 && answers(rs[0], term.Section) {
				first++
				continue
			}
			got := ""
			if len(rs) == 1 {
				got = resultKey(rs[0])
			}
			t.Logf("%s %q: first result %s, want %s", lang, q, got, term.Section)
		}
		t.Logf("%s: %d/%d terms have their defining section first", lang, first, n)
		if float64(first) < 0.95*float64(n) {
			t.Errorf("%s: only %d/%d terms have their defining section first", lang, first, n)
		}
	}
}

// TestQuestionSet runs the players' questions (testdata/search/questions-LANG.txt:
// "combien de temps…", "what happens when…") as the page searches them,
// with the other language's index, logs recall at 1 and at 3, and fails
// under 95 % at 3. A target may be a named anchor (fantasy#state-dying):
// only a result that opens it counts; a result that opens an anchor counts
// for its section's target too.
func TestQuestionSet(t *testing.T) {
	for _, lang := range []string{"fr", "en"} {
		t.Run(lang, func(t *testing.T) {
			own, other := searchIndex(t, lang), searchIndex(t, otherLang(lang))
			cases := readCases(t, "questions-"+lang)
			if len(cases) < 20 {
				t.Errorf("only %d questions; the set needs at least 20", len(cases))
			}
			at1, at3 := 0, 0
			for _, c := range cases {
				var got []string
				rank := 0
				for i, r := range search.Search(own, other, c.query, 3) {
					got = append(got, resultKey(r))
					if rank == 0 && answers(r, c.want) {
						rank = i + 1
					}
				}
				if rank == 1 {
					at1++
				}
				if rank > 0 {
					at3++
				} else {
					t.Logf("questions-%s.txt:%d: %q: want %s in the top 3, got %v", lang, c.line, c.query, c.want, got)
				}
			}
			n := float64(len(cases))
			t.Logf("%s: %d questions: recall@1 %.1f %% (%d), recall@3 %.1f %% (%d)", lang, len(cases), 100*float64(at1)/n, at1, 100*float64(at3)/n, at3)
			if float64(at3) < 0.95*n {
				t.Errorf("%s: recall@3 %.1f %% is under 95 %%", lang, 100*float64(at3)/n)
			}
		})
	}
}

// resultKey names a result as the question sets do: slug#id, and the
// anchor it opens after a "/" when it opens one.
func resultKey(r search.Result) string {
	if r.Anchor != "" {
		return r.Slug + "#" + r.ID + "/" + r.Anchor
	}
	return r.Slug + "#" + r.ID
}

// answers reports whether r is want: its section, or the anchor it opens.
func answers(r search.Result, want string) bool {
	return r.Slug+"#"+r.ID == want || r.Anchor != "" && r.Slug+"#"+r.Anchor == want
}

// readingFloors are the least recall at 1, recall at 3 and share of first
// results in the document being read that each reading set
// (testdata/search/reading-*.txt) must keep, in per cent: a question or
// two under the figures measured when the game being read came first
// (docs/search.md). The unseen sets were not run while that ranking was
// tuned: their floors come from the one measure after it.
var readingFloors = map[string][3]float64{
	"reading-fr":        {65, 85, 90},
	"reading-en":        {65, 75, 90},
	"reading-unseen-fr": {55, 75, 80},
	"reading-unseen-en": {60, 80, 75},
}

// TestReadingSet runs the questions a player asks while reading a game's
// rules (testdata/search/reading-*.txt: "doc | question => target") as that
// page searches them, with the other language's index and doc as the
// document being read, as `generator search -doc` does. It logs recall at
// 1 and 3 and the share of first results in the document being read, and
// fails under the set's floors (readingFloors).
func TestReadingSet(t *testing.T) {
	for _, name := range []string{"reading-fr", "reading-en", "reading-unseen-fr", "reading-unseen-en"} {
		t.Run(name, func(t *testing.T) {
			lang := name[len(name)-2:]
			own, other := searchIndex(t, lang), searchIndex(t, otherLang(lang))
			cases := readCases(t, name)
			if len(cases) < 15 {
				t.Errorf("only %d questions; the set needs at least 15", len(cases))
			}
			at1, at3, here := 0, 0, 0
			for _, c := range cases {
				doc, q, ok := strings.Cut(c.query, " | ")
				if !ok {
					t.Fatalf("%s.txt:%d: want “doc | question => slug#id”", name, c.line)
				}
				var got []string
				rank := 0
				for i, r := range search.SearchIn(own, other, q, 3, doc) {
					got = append(got, resultKey(r))
					if i == 0 && r.Slug == doc {
						here++
					}
					if rank == 0 && answers(r, c.want) {
						rank = i + 1
					}
				}
				if rank == 1 {
					at1++
				}
				if rank > 0 {
					at3++
				}
				if rank != 1 {
					t.Logf("%s.txt:%d: reading %s, %q: want %s first, got %v", name, c.line, doc, q, c.want, got)
				}
			}
			n := float64(len(cases))
			r1, r3, h := 100*float64(at1)/n, 100*float64(at3)/n, 100*float64(here)/n
			t.Logf("%s: %d questions: recall@1 %.1f %% (%d), recall@3 %.1f %% (%d), first result in the document read %.1f %% (%d)", name, len(cases), r1, at1, r3, at3, h, here)
			floor := readingFloors[name]
			if r1 < floor[0] || r3 < floor[1] || h < floor[2] {
				t.Errorf("%s: recall@1 %.1f %%, recall@3 %.1f %%, first in the document read %.1f %%: under the floors %.0f %%, %.0f %%, %.0f %%", name, r1, r3, h, floor[0], floor[1], floor[2])
			}
		})
	}
}
