package contentcheck_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"compendium/generator/glossary"
)

var (
	// termMark is a glossary term marked in a page (markdown/glossterm.go).
	termMark = regexp.MustCompile(`<a class="term" href="([^"]*)" data-term="([^"]*)">`)
	// headingOpen cuts a body into its sections.
	headingOpen = regexp.MustCompile(`<h[2-6][ >]`)
	headingElem = regexp.MustCompile(`(?s)<h[2-6][ >].*?</h[2-6]>`)
)

// TestTermsMarked: on the real site, the documents mark glossary terms in
// both languages (a document need not: a short one may use none), each at
// most once per section, never in a heading,
// each linking to an entry its language's glossary page has and defined
// in the page's hidden list; the book and the single file link their own
// glossary. It logs how many terms each document marks.
func TestTermsMarked(t *testing.T) {
	res := realSite(t)
	total := 0
	for _, l := range res.Site.Langs {
		glossary := string(res.Files[l.Code+"/glossary/index.html"])
		langMarks := 0
		for _, d := range l.Docs {
			page := string(res.Files[l.Code+"/"+d.Slug+"/index.html"])
			body := string(d.Body)
			marks := termMark.FindAllStringSubmatch(body, -1)
			total += len(marks)
			langMarks += len(marks)
			ids := map[string]bool{}
			for _, m := range marks {
				ids[m[2]] = true
			}
			t.Logf("%s/%-20s %3d marks of %3d terms", l.Code, d.Slug, len(marks), len(ids))
			for _, m := range marks {
				if m[1] != "../glossary/#term-"+m[2] {
					t.Errorf("%s/%s: term %s links to %s", l.Code, d.Slug, m[2], m[1])
				}
				if !strings.Contains(glossary, ` id="term-`+m[2]+`"`) {
					t.Errorf("%s/%s: term %s has no entry on %s/glossary/", l.Code, d.Slug, m[2], l.Code)
				}
			}
			for id := range ids {
				if !strings.Contains(page, `<div data-term="`+id+`"><dt>`) {
					t.Errorf("%s/%s: term %s is marked but the page does not define it", l.Code, d.Slug, id)
				}
			}
			for _, h := range headingElem.FindAllString(body, -1) {
				if termMark.MatchString(h) {
					t.Errorf("%s/%s: a term marked in a heading: %s", l.Code, d.Slug, h)
				}
			}
			for i, sec := range headingOpen.Split(body, -1) {
				seen := map[string]bool{}
				for _, m := range termMark.FindAllStringSubmatch(sec, -1) {
					if seen[m[2]] {
						t.Errorf("%s/%s: term %s marked twice in section %d", l.Code, d.Slug, m[2], i)
					}
					seen[m[2]] = true
				}
			}
		}
		for _, name := range []string{l.Code + "/book/index.html", l.Code + "/compendium.html"} {
			page := string(res.Files[name])
			if page == "" {
				continue
			}
			n := 0
			for _, m := range termMark.FindAllStringSubmatch(page, -1) {
				n++
				if m[1] != "#term-"+m[2] || !strings.Contains(page, ` id="term-`+m[2]+`"`) {
					t.Errorf("%s: term %s links to %s, not to the page's own glossary", name, m[2], m[1])
				}
			}
			if n == 0 && langMarks > 0 {
				t.Errorf("%s: no glossary term marked, where the documents mark %d", name, langMarks)
			}
			if strings.Contains(page, `<div data-term="`) {
				t.Errorf("%s: repeats the definitions its glossary holds", name)
			}
		}
	}
	t.Logf("%d marks in all", total)
	if total == 0 {
		t.Error("no document marks a glossary term: the marking is broken")
	}
}

// TestTermsOfTheirGame walks every rules page of the real site: each term
// a page links is one whose definition holds for that document (the
// glossary's "docs", or the document of its section), and the languages
// of a document link the same terms in each section (by section ID, the
// text before the first heading included).
func TestTermsOfTheirGame(t *testing.T) {
	res := realSite(t)
	g, err := glossary.Load("../../content/glossary.json")
	if err != nil {
		t.Fatal(err)
	}
	holds := map[string][]string{}
	for _, term := range g.Terms {
		holds[term.ID] = term.HoldsIn()
	}
	// section cuts a body at its headings, by their IDs.
	section := regexp.MustCompile(`<h[2-6] id="([^"]*)"|` + termMark.String())
	checked, shared := 0, 0
	orig := res.Site.Langs[0]
	for _, od := range orig.Docs {
		bySection := map[string]map[string][]string{} // section → lang → term IDs, sorted
		for _, l := range res.Site.Langs {
			d := l.Doc(od.Slug)
			if d == nil {
				continue
			}
			body := string(d.Body)
			if i := strings.Index(body, `<dl class="term-defs"`); i >= 0 {
				body = body[:i]
			}
			sec := ""
			for _, m := range section.FindAllStringSubmatch(body, -1) {
				if m[1] != "" {
					sec = m[1]
					continue
				}
				id := m[3]
				checked++
				if !slices.Contains(holds[id], d.Slug) {
					t.Errorf("%s/%s#%s: links “%s” (%s), whose definition holds for %v, not for this document", l.Code, d.Slug, sec, id, m[0], holds[id])
				}
				if bySection[sec] == nil {
					bySection[sec] = map[string][]string{}
				}
				bySection[sec][l.Code] = append(bySection[sec][l.Code], id)
			}
		}
		for sec, langs := range bySection {
			want := sortedCopy(langs[orig.Code])
			for _, l := range res.Site.Langs[1:] {
				if l.Doc(od.Slug) == nil {
					continue
				}
				if got := sortedCopy(langs[l.Code]); !slices.Equal(got, want) {
					t.Errorf("%s#%s: %s links %v, %s links %v", od.Slug, sec, orig.Code, want, l.Code, got)
				} else if len(want) > 0 {
					shared++
				}
			}
		}
	}
	t.Logf("%d marks checked, %d sections link the same terms in both languages", checked, shared)
	if checked == 0 || shared == 0 {
		t.Error("no term marked on any rules page: the test checks nothing")
	}
}

func sortedCopy(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}
