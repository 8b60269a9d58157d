package render

import (
	"html/template"
	"regexp"
	"strconv"
	"strings"

	"compendium/generator/qr"
	"compendium/generator/site"
)

// BookDoc is one document of the book page, its body rewritten for the
// book (IDs and links, see bookIDs).
type BookDoc struct {
	Slug, Title, Short string
	Body               template.HTML
	Contents           []BookEntry
}

// BookEntry is a line of the book's contents.
type BookEntry struct {
	ID, Title string
	Level     int
}

var (
	idAttr      = regexp.MustCompile(` id="([^"]+)"`)
	hrefHash    = regexp.MustCompile(`href="#([^"]+)"`)
	hrefDoc     = regexp.MustCompile(`href="\.\./([a-z0-9-]+)/(#[^"]*)?"`)
	hrefAltBook = regexp.MustCompile(`href="\.\./\.\./([a-z]+)/([a-z0-9-]+)/#([^"]+)"`)
)

// bookIDs names the book's anchors: a section keeps its ID, so that
// /fr/book/#armor works as /fr/fantasy/#armor does, unless two documents
// (or the glossary, or the book's own parts) have it; then it is prefixed
// with its document's slug ("fantasy-combat", "contemporary-combat").
// Footnotes (fn:1 in every document) are prefixed the same way.
type bookIDs struct {
	count map[string]int
}

func newBookIDs(docs []*site.Doc, bodies map[string]string, glossary []GlossaryEntry) *bookIDs {
	b := &bookIDs{count: map[string]int{}}
	for _, id := range []string{"main", "book-contents", "glossary", "search-input", "search-results", "toast", "calc-strings"} {
		b.count[id] = 2
	}
	for _, d := range docs {
		b.count[d.Slug] = 2 // the documents' own anchors
		seen := map[string]bool{}
		for _, m := range idAttr.FindAllStringSubmatch(bodies[d.Slug], -1) {
			if !seen[m[1]] {
				seen[m[1]] = true
				b.count[m[1]]++
			}
		}
	}
	for _, g := range glossary {
		b.count[g.ID]++
	}
	return b
}

func (b *bookIDs) id(slug, id string) string {
	if b.count[id] > 1 {
		return slug + "-" + id
	}
	return id
}

// bookBody rewrites a document's body for the book: its IDs, its links to
// its own sections and to other documents' (which are in the book too),
// and its headings' links to the other language's page (to that language's
// book). Calculators are left out, as in the bilingual view: the book is
// for reading and printing, and each section's page has them.
func (b *bookIDs) bookBody(d *site.Doc, body string, docs map[string]bool) string {
	body = idAttr.ReplaceAllStringFunc(body, func(m string) string {
		id := idAttr.FindStringSubmatch(m)[1]
		return ` id="` + b.id(d.Slug, id) + `"`
	})
	body = hrefHash.ReplaceAllStringFunc(body, func(m string) string {
		return `href="#` + b.id(d.Slug, hrefHash.FindStringSubmatch(m)[1]) + `"`
	})
	body = hrefAltBook.ReplaceAllStringFunc(body, func(m string) string {
		s := hrefAltBook.FindStringSubmatch(m)
		return `href="../../` + s[1] + `/book/#` + b.id(s[2], s[3]) + `"`
	})
	return hrefDoc.ReplaceAllStringFunc(body, func(m string) string {
		s := hrefDoc.FindStringSubmatch(m)
		if !docs[s[1]] {
			return m
		}
		if s[2] == "" || s[2] == "#" {
			return `href="#` + s[1] + `"`
		}
		return `href="#` + b.id(s[1], s[2][1:]) + `"`
	})
}

// maxBookDocs is the most documents a book page gathers: a compendium of
// thousands of generated documents (the speed benchmarks') would make one
// page of tens of megabytes that no reader opens.
const maxBookDocs = 100

// hasBook reports whether l gets a book page.
func hasBook(l *site.Lang) bool { return len(l.Docs) > 0 && len(l.Docs) <= maxBookDocs }

// book renders /<lang>/book/: every document in order on one page, with
// its contents, then the glossary.
func (r *siteRenderer) book(l *site.Lang, glossary []GlossaryEntry, pdfs []PDF) error {
	if !hasBook(l) {
		return nil
	}
	code := l.Code
	bodies := map[string]string{}
	docs := map[string]bool{}
	for _, d := range l.Docs {
		bodies[d.Slug] = calcBlock.ReplaceAllString(string(d.Body), "")
		docs[d.Slug] = true
	}
	ids := newBookIDs(l.Docs, bodies, glossary)
	bp := r.page(code, code+"/book/")
	t := r.t
	bp.Title = t.T(code, "book") + " — " + t.T(code, "site_title")
	bp.Description, bp.PDFs = t.T(code, "book_intro"), pdfs
	for _, d := range l.Docs {
		body := ids.bookBody(d, bodies[d.Slug], docs)
		bd := BookDoc{Slug: d.Slug, Title: d.Title, Short: d.Short}
		for _, s := range d.Sections {
			if s.ID != "" && s.Level <= 3 {
				bid := ids.id(d.Slug, s.ID)
				bd.Contents = append(bd.Contents, BookEntry{ID: bid, Title: s.Title, Level: s.Level})
				if r.m.Base != "" {
					var err error
					if body, err = withQR(body, bid, r.m.Base+code+"/"+d.Slug+"/"+s.ID+"/", t.T(code, "qr_label")); err != nil {
						return err
					}
				}
			}
		}
		bd.Body = template.HTML(body)
		bp.Book = append(bp.Book, bd)
	}
	for _, g := range glossary {
		if rest, ok := strings.CutPrefix(g.URL, "../"); ok {
			slug, frag, _ := strings.Cut(rest, "/")
			if docs[slug] {
				g.URL = "#" + ids.id(slug, strings.TrimPrefix(frag, "#"))
			}
		}
		bp.BookGlossary = append(bp.BookGlossary, g)
	}
	r.versions(bp, func(lang string) string { return lang + "/book/" })
	return r.render("book", bp, code+"/book/index.html", true)
}

// withQR puts after the heading whose ID is id a QR code of url (the
// section's share page, whose preview names the section and which leads
// to it): shown in print only. Only the book carries them: at 3 KB each,
// the rules pages read on phones would grow by a third for paper's sake,
// and a rules page printed alone names its address in its footer. They
// need the site's absolute address (base_url): without it, none.
func withQR(body, id, url, label string) (string, error) {
	at := strings.Index(body, ` id="`+id+`"`)
	if at < 0 {
		return body, nil
	}
	end := strings.Index(body[at:], "</h")
	if end < 0 {
		return body, nil
	}
	end += at
	close := strings.IndexByte(body[end:], '>')
	if close < 0 {
		return body, nil
	}
	end += close + 1
	svg, err := qr.SVG(url, label+" "+url)
	if err != nil {
		return "", err
	}
	return body[:end] + svg + body[end:], nil
}

// SizeText is the PDF's size as a reader of lang reads it: "1,2 Mo",
// "1.2 MB".
func (p PDF) SizeText(lang string) string {
	mb := float64(p.Size) / 1e6
	s := strconv.FormatFloat(mb, 'f', 1, 64)
	if lang == "fr" {
		return strings.Replace(s, ".", ",", 1) + "\u00a0Mo"
	}
	return s + "\u00a0MB"
}
