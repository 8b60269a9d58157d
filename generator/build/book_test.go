package build

import (
	"strings"
	"testing"
)

// TestBook: /<lang>/book/ holds every section of every document once, in
// the documents' order, under the section's own ID or, where two documents
// share an ID, the document's slug and the ID ("fantasy-combat"); its links
// stay inside the book; the glossary comes last.
func TestBook(t *testing.T) {
	res, err := Generate(Options{ContentDir: "../../content", ThemeDir: "../../theme"})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range res.Site.Langs {
		page := string(res.Files[l.Code+"/book/index.html"])
		if page == "" {
			t.Fatalf("no %s/book/index.html", l.Code)
		}
		ids := map[string]int{}
		for _, m := range idAttr.FindAllStringSubmatch(page, -1) {
			ids[m[1]]++
		}
		count := map[string]int{}
		for _, d := range l.Docs {
			for _, s := range d.Sections {
				count[s.ID]++
			}
		}
		last := 0
		for _, d := range l.Docs {
			for _, s := range d.Sections {
				id := s.ID
				if count[id] > 1 {
					id = d.Slug + "-" + id
				}
				if ids[id] != 1 {
					t.Errorf("%s book: section %s#%s is there %d times under %q", l.Code, d.Slug, s.ID, ids[id], id)
					continue
				}
				at := strings.Index(page, ` id="`+id+`"`)
				if at < last {
					t.Errorf("%s book: %s#%s is out of order", l.Code, d.Slug, s.ID)
				}
				last = at
			}
		}
		if g := strings.Index(page, ` id="glossary"`); g < last {
			t.Errorf("%s book: the glossary is not last", l.Code)
		}
		for _, m := range hrefHashRe.FindAllStringSubmatch(page, -1) {
			if ids[m[1]] == 0 {
				t.Errorf("%s book: a link to #%s, which the book lacks", l.Code, m[1])
			}
		}
		if !strings.Contains(page, ` id="fantasy-combat"`) || !strings.Contains(page, ` id="contemporary-combat"`) {
			t.Errorf("%s book: the two documents' “combat” sections are not told apart", l.Code)
		}
	}
}
