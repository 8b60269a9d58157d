package render

import (
	"bytes"
	"html/template"
	"slices"
	"strconv"
	"strings"

	"compendium/generator/site"
)

// Document pages are written, like share pages, from a skeleton of their
// layout (skeleton.go) where they can be. Executing the doc layout was a
// tenth of a 1,000-page build's CPU (docs/performance.md): about 150
// actions a page, each calling html/template's escapers through
// reflection. A
// document page differs from the next of its language in its document's
// slug, names, summary, body and contents, its print style sheet, its
// calculators' strings and sections, and its neighbours' slugs and names:
// those are the values below. Which of them are empty, which neighbours it
// has, which languages it is in and the kinds of its contents' entries make
// its kind; each kind has its own skeleton.
const (
	docSlug         = iota // the document's slug
	docShort               // its short name
	docTitle               // its title
	docSummary             // its summary, or ""
	docBody                // its body, written HTML
	docTOC                 // its contents list, written HTML (toc-entry per section), or ""
	docPrintSheet          // its print style sheet's path
	docCalcStrings         // the calculators' strings (JSON), or ""
	docCalcSections        // the IDs of the sections holding a calculator, or ""
	docPrevSlug            // the previous document's slug, short name and title
	docPrevShort
	docPrevTitle
	docNextSlug // the next document's
	docNextShort
	docNextTitle
	docValues
)

// docSkeletons are a language's skeletons of the doc layout, one per kind
// of page, and of its "toc-entry" template, one per kind of entry. The
// first and last documents of the language are always executed in full.
type docSkeletons struct {
	page, toc skeletonSet
}

// docPage returns the page of document d of language code, between prev
// and next (nil at the ends); exists gives the document's folder in a
// language, or "" where it has none.
func (r *siteRenderer) docPage(code string, d, prev, next *site.Doc, exists func(lang string) string, calcStrings, calcSections string) *Page {
	p := r.page(code, code+"/"+d.Slug+"/")
	p.Title, p.OGTitle, p.Description, p.Doc = d.Title+" · "+d.Short, d.Short+r.t.T(code, "format.colon")+d.Title, d.Summary, d
	p.OGType, p.Image, p.ImageAlt, p.Share = "article", "og/"+code+"/"+d.Slug+".png", d.Short+" — "+d.Title, true
	p.CalcStrings, p.CalcSections = calcStrings, calcSections
	p.Prev, p.Next = prev, next
	r.versions(p, exists)
	if p.Switch != nil {
		p.SideBySide = "side-by-side/"
	}
	return p
}

// renderDoc writes p, the page of l's i-th document d, to file: filled
// into its kind's skeleton when that kind's skeleton is trusted, executed
// in full otherwise (then checked against the filled page, the first time
// for its kind).
func (r *siteRenderer) renderDoc(l *site.Lang, i int, d *site.Doc, p *Page, exists func(lang string) string, file string) error {
	withOGTitle(p)
	var filled []byte
	done := func() {}
	var kind string
	var pages *skeletonSet
	if r.docSk != nil {
		pages = &r.docSk.page
		var v []string
		var ok bool
		if v, kind, ok = r.docValuesOf(l.Code, d, p, exists); ok {
			if sk := r.docSkeleton(l.Code, kind, v, p, exists); sk != nil {
				filled, done = sk.fillPage(v)
			}
		}
	}
	b := filled
	if filled != nil && i != 0 && i != len(l.Docs)-1 && pages.trusted(kind) {
		r.out.Filled++
	} else {
		full, err := r.t.Render("doc", p)
		if err != nil {
			return err
		}
		if filled != nil {
			pages.result(kind, bytes.Equal(filled, full))
		}
		done()
		b, done = full, func() {}
	}
	r.stamp(file, b)
	r.keep(file, b, done)
	r.out.Pages = append(r.out.Pages, Listed{Path: p.Path, Alternates: p.Alternates, XDefault: p.XDefault})
	return nil
}

// docValuesOf returns page p's values (of document d) and its kind; false
// when its contents list cannot be written from skeletons.
func (r *siteRenderer) docValuesOf(code string, d *site.Doc, p *Page, exists func(lang string) string) ([]string, string, bool) {
	v := make([]string, docValues)
	v[docSlug], v[docShort], v[docTitle], v[docSummary], v[docBody] = d.Slug, d.Short, d.Title, d.Summary, string(d.Body)
	v[docPrintSheet], v[docCalcStrings], v[docCalcSections] = p.PrintSheet, p.CalcStrings, p.CalcSections
	if p.Prev != nil {
		v[docPrevSlug], v[docPrevShort], v[docPrevTitle] = p.Prev.Slug, p.Prev.Short, p.Prev.Title
	}
	if p.Next != nil {
		v[docNextSlug], v[docNextShort], v[docNextTitle] = p.Next.Slug, p.Next.Short, p.Next.Title
	}
	k := []byte(code + " ")
	for _, l := range r.s.Langs {
		if exists(l.Code) != "" {
			k = append(k, l.Code...)
			k = append(k, ',')
		}
	}
	k = append(k, ' ', flag(p.Prev != nil), flag(p.Next != nil), ' ')
	// The contents list: each entry filled into its kind's skeleton of
	// toc-entry; the kinds found are part of the page's kind, so that a
	// kind of entry is first used in a page that is checked.
	var toc []byte
	var kinds []string
	for _, s := range d.Sections {
		ek := strconv.Itoa(s.Level) + string(flag(s.ID != "")) + string(flag(s.Title != ""))
		sk := r.tocSkeleton(code, ek, s)
		if sk == nil {
			return nil, "", false
		}
		b, ok := sk.fill([]string{s.ID, s.Title})
		if !ok {
			return nil, "", false
		}
		toc = append(toc, b...)
		if !slices.Contains(kinds, ek) {
			kinds = append(kinds, ek)
		}
	}
	v[docTOC] = string(toc)
	slices.Sort(kinds)
	k = append(k, strings.Join(kinds, ",")...)
	k = append(k, ' ')
	for _, x := range v {
		k = append(k, flag(x != ""))
	}
	return v, string(k), true
}

func flag(b bool) byte {
	if b {
		return '1'
	}
	return '0'
}

// tocSkeleton returns the skeleton of the "toc-entry" template for entries
// of kind ek (level, and whether ID and title are empty) like s, cutting
// it the first time; nil when it cannot be cut.
func (r *siteRenderer) tocSkeleton(lang, ek string, s *site.Section) *skeleton {
	return r.docSk.toc.get(ek, func() (*skeleton, bool) {
		return cutSkeleton(2, nil, func(ph []string) ([]byte, error) {
			e := like(ph, []string{s.ID, s.Title})
			return r.t.execute("doc", lang, "toc-entry", &site.Section{ID: e[0], Title: e[1], Level: s.Level})
		})
	})
}

// docSkeleton returns the skeleton of the doc layout for pages of kind k,
// whose values are like v (empty where v is), cutting it the first time a
// page of that kind is asked for; nil when the layout cannot be cut. The
// page of placeholders is made as p was, from a document and neighbours
// of placeholders in the same languages.
func (r *siteRenderer) docSkeleton(lang, k string, v []string, p *Page, exists func(lang string) string) *skeleton {
	return r.docSk.page.get(k, func() (*skeleton, bool) {
		raw := make([]bool, docValues)
		raw[docBody], raw[docTOC] = true, true
		return cutSkeleton(docValues, raw, func(ph []string) ([]byte, error) {
			ph = like(ph, v)
			d := &site.Doc{Lang: lang, Slug: ph[docSlug], Short: ph[docShort], Title: ph[docTitle], Summary: ph[docSummary], Body: template.HTML(ph[docBody])}
			var prev, next *site.Doc
			if p.Prev != nil {
				prev = &site.Doc{Slug: ph[docPrevSlug], Short: ph[docPrevShort], Title: ph[docPrevTitle]}
			}
			if p.Next != nil {
				next = &site.Doc{Slug: ph[docNextSlug], Short: ph[docNextShort], Title: ph[docNextTitle]}
			}
			in := func(l string) string {
				if exists(l) == "" {
					return ""
				}
				return l + "/" + d.Slug + "/"
			}
			pp := r.docPage(lang, d, prev, next, in, ph[docCalcStrings], ph[docCalcSections])
			pp.PrintSheet, pp.TOC = ph[docPrintSheet], template.HTML(ph[docTOC])
			return r.t.Render("doc", withOGTitle(pp))
		})
	})
}
