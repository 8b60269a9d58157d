package render

import (
	"encoding/json"
	"html"
	"html/template"
	"regexp"
	"strconv"
	"strings"

	"compendium/generator/markdown"
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
	idAttr = regexp.MustCompile(` id="([^"]+)"`)
)

// bookIDs names the book's anchors: a section keeps its ID, so that
// /fr/book/#armor works as /fr/fantasy/#armor does, unless two documents
// (or the glossary, or the book's own parts) have it; then it is prefixed
// with its document's slug ("fantasy-combat", "contemporary-combat").
// Footnotes (fn:1 in every document) are prefixed the same way.
type bookIDs struct {
	count map[string]int
}

func newBookIDs(slugs []string, bodies map[string]string, glossary []GlossaryEntry) *bookIDs {
	b := &bookIDs{count: map[string]int{}}
	for _, id := range []string{"main", "book-contents", "glossary", "search-input", "search-results", "toast", "calc-strings"} {
		b.count[id] = 2
	}
	for _, slug := range slugs {
		b.count[slug] = 2 // the documents' own anchors
		seen := map[string]bool{}
		for _, m := range idAttr.FindAllStringSubmatch(bodies[slug], -1) {
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

// bookBody rewrites a document's body for a page that holds every
// document (the book, the single-file edition): its IDs and the attributes
// that name them (for, aria-*), its links to its own sections and to other
// documents' (which are on the page too), and its headings' links to the
// other language's page (to that language's book). It scans the attributes
// itself: five regular expressions over the bodies, calculators included,
// doubled a rebuild's time (BenchmarkRebuild), one alternation of them no
// faster. Text holds no `="`: goldmark writes a
// quote in text as &quot;.
func (b *bookIDs) bookBody(slug, body string, docs map[string]bool) string {
	var out strings.Builder
	out.Grow(len(body) + len(body)/50)
	last := 0
	for i := 0; ; {
		k := strings.Index(body[i:], `="`)
		if k < 0 {
			break
		}
		eq := i + k
		start := eq
		for start > 0 && (body[start-1] >= 'a' && body[start-1] <= 'z' || body[start-1] == '-') {
			start--
		}
		name := body[start:eq]
		vEnd := strings.IndexByte(body[eq+2:], '"')
		if vEnd < 0 {
			break
		}
		vStart, vStop := eq+2, eq+2+vEnd
		i = vStop + 1
		val := body[vStart:vStop]
		var repl string
		switch name {
		case "id":
			repl = b.id(slug, val)
		case "for", "aria-describedby", "aria-labelledby", "aria-controls", "aria-errormessage", "list":
			refs := strings.Fields(val)
			for j, r := range refs {
				refs[j] = b.id(slug, r)
			}
			repl = strings.Join(refs, " ")
		case "href":
			repl = b.href(slug, val, docs)
		case "data-links":
			repl = b.links(slug, val, docs)
		default:
			continue
		}
		if repl == val {
			continue
		}
		out.WriteString(body[last:vStart])
		out.WriteString(repl)
		last = vStop
	}
	out.WriteString(body[last:])
	return out.String()
}

// href is a link of document slug's body as the book has it.
func (b *bookIDs) href(slug, v string, docs map[string]bool) string {
	if id, ok := strings.CutPrefix(v, "#"); ok {
		return "#" + b.id(slug, id)
	}
	if entry, ok := strings.CutPrefix(v, "../glossary/#term-"); ok {
		// A marked term's link to its entry: the page's own glossary.
		return "#term-" + entry
	}
	if rest, ok := strings.CutPrefix(v, "../../"); ok {
		// A heading's link to the other language's page: its book.
		lang, rest, ok1 := strings.Cut(rest, "/")
		doc, id, ok2 := strings.Cut(rest, "/#")
		if ok1 && ok2 && !strings.Contains(doc, "/") {
			return "../../" + lang + "/book/#" + b.id(doc, id)
		}
		return v
	}
	if rest, ok := strings.CutPrefix(v, "../"); ok {
		doc, frag, ok := strings.Cut(rest, "/")
		if !ok || !docs[doc] || frag != "" && !strings.HasPrefix(frag, "#") {
			return v
		}
		if frag == "" || frag == "#" {
			return "#" + doc
		}
		return "#" + b.id(doc, frag[1:])
	}
	return v
}

// links rewrites a calculator's data-links (HTML-escaped JSON: "doc#id"
// → link) as href rewrites the links of the page, so that the live
// steps' links lead where the static ones do.
func (b *bookIDs) links(slug, val string, docs map[string]bool) string {
	var m map[string]string
	if json.Unmarshal([]byte(html.UnescapeString(val)), &m) != nil {
		return val
	}
	for k, v := range m {
		m[k] = b.href(slug, v, docs)
	}
	out, err := json.Marshal(m)
	if err != nil {
		return val
	}
	return html.EscapeString(string(out))
}

// maxBookDocs is the most documents a book page gathers: a compendium of
// thousands of generated documents (the speed benchmarks') would make one
// page of tens of megabytes that no reader opens.
const maxBookDocs = 100

// hasBook reports whether l gets a book page.
func hasBook(l *site.Lang) bool { return len(l.Docs) > 0 && len(l.Docs) <= maxBookDocs }

// HasSingle reports whether the language l has a single-file edition
// (Theme.Single): it has one where it has a book.
func HasSingle(l *site.Lang) bool { return l != nil && hasBook(l) }

// book renders /<lang>/book/: every document in order on one page, with
// its contents, then the glossary.
func (r *siteRenderer) book(l *site.Lang, glossary []GlossaryEntry, pdfs []PDF) error {
	if !hasBook(l) {
		return nil
	}
	code := l.Code
	t := r.t
	bp := r.page(code, code+"/book/")
	bp.Title = t.T(code, "book") + " — " + t.T(code, "site_title")
	bp.Description, bp.PDFs = t.T(code, "book_intro"), pdfs
	var err error
	if bp.Book, bp.BookGlossary, _, err = bookContent(t, r.m, l, glossary, false); err != nil {
		return err
	}
	r.versions(bp, func(lang string) string { return lang + "/book/" })
	return r.render("book", bp, code+"/book/index.html", true)
}

// bookContent gathers l's documents and glossary for one page: the book
// (without calculators, with QR codes when the site has a base URL) or the
// single-file edition (with calculators, without QR codes).
func bookContent(t *Theme, m Meta, l *site.Lang, glossary []GlossaryEntry, calcs bool, parts ...BookDoc) ([]BookDoc, []GlossaryEntry, *bookIDs, error) {
	code := l.Code
	bodies := map[string]string{}
	docs := map[string]bool{}
	var slugs []string
	for _, p := range parts {
		bodies[p.Slug] = string(p.Body)
		slugs = append(slugs, p.Slug)
	}
	for _, d := range l.Docs {
		slugs = append(slugs, d.Slug)
		// The glossary is on the page: the marked terms' definitions
		// are read there.
		b := markdown.WithoutTermDefinitions(string(d.Body))
		if !calcs {
			b = dropCalcs(b)
		}
		bodies[d.Slug] = b
		docs[d.Slug] = true
	}
	ids := newBookIDs(slugs, bodies, glossary)
	var out []BookDoc
	for _, d := range l.Docs {
		body := ids.bookBody(d.Slug, bodies[d.Slug], docs)
		bd := BookDoc{Slug: d.Slug, Title: d.Title, Short: d.Short}
		for _, s := range d.Sections {
			if s.ID != "" && s.Level <= 3 {
				bid := ids.id(d.Slug, s.ID)
				bd.Contents = append(bd.Contents, BookEntry{ID: bid, Title: s.Title, Level: s.Level})
				if m.Base != "" && !calcs {
					var err error
					if body, err = withQR(body, bid, m.Base+code+"/"+d.Slug+"/"+s.ID+"/", t.T(code, "qr_label")); err != nil {
						return nil, nil, nil, err
					}
				}
			}
		}
		bd.Body = template.HTML(body)
		out = append(out, bd)
	}
	// Parts after the documents (the single file's calculators), their
	// IDs told apart from the documents' the same way.
	for _, p := range parts {
		p.Body = template.HTML(ids.bookBody(p.Slug, string(p.Body), docs))
		for i := range p.Contents {
			p.Contents[i].ID = ids.id(p.Slug, p.Contents[i].ID)
		}
		out = append(out, p)
	}
	var gl []GlossaryEntry
	for _, g := range glossary {
		if rest, ok := strings.CutPrefix(g.URL, "../"); ok {
			slug, frag, _ := strings.Cut(rest, "/")
			if docs[slug] {
				g.URL = "#" + ids.id(slug, strings.TrimPrefix(frag, "#"))
			}
		}
		gl = append(gl, g)
	}
	return out, gl, ids, nil
}

// withQR puts after the heading whose ID is id a QR code of url (the
// section's share page, whose preview names the section and which leads
// to it): shown in print only. Inline in the book, which is for paper; a
// rules page, read on phones, gets its codes as files from its print sheet
// instead (a code per section inline would grow it by a third). They need the
// site's absolute address (base_url): without it, none.
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

// Megabytes is a size of n bytes as a reader of lang reads it, in
// megabytes with one decimal ("1,2 Mo" in French): lang's decimal mark
// (format.decimal) and unit (save_all_megabytes, the home page's too).
func (t *Theme) Megabytes(lang string, n int) string {
	s := strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64)
	s = strings.Replace(s, ".", t.T(lang, "format.decimal"), 1)
	return strings.Replace(t.T(lang, "save_all_megabytes"), "%s", s, 1)
}
