package render

import (
	"bytes"
	"html/template"
)

// SectionLink is a section as a page links to it from outside its
// document: the home page's "home-section" template.
type SectionLink struct {
	Slug  string // the section's document
	ID    string
	Title string
}

// homeCheckDocs is how many documents the home page is checked with: its
// layout executed in full for them, against the same page with their
// lists of sections written from the skeleton.
const homeCheckDocs = 3

// homeTops returns the home page's lists of top-level sections, written
// from a skeleton of the "home-section" template, by document slug; nil
// when they cannot be written so (the layout then executes the template
// for each). Executed in full, the lists of 10,000 documents were the tail
// of such a build, on one core, after every other page was made
// (docs/performance.md). The sections listed are those of level 2, as the
// home layout lists them; the page for the first documents is checked
// against the layout executed in full, which a change of that choice in
// the layout would fail.
func (r *siteRenderer) homeTops(home *Page) (map[string]template.HTML, error) {
	sk, ok := cutSkeleton(3, nil, func(ph []string) ([]byte, error) {
		return r.t.execute("home", home.Lang, "home-section", SectionLink{Slug: ph[0], ID: ph[1], Title: ph[2]})
	})
	if !ok {
		return nil, nil
	}
	tops := make(map[string]template.HTML, len(home.Docs))
	var b []byte
	for _, d := range home.Docs {
		b = b[:0]
		for _, s := range d.Sections {
			if s.Level != 2 {
				continue
			}
			v, ok := sk.fill([]string{d.Slug, s.ID, s.Title})
			if !ok {
				return nil, nil
			}
			b = append(b, v...)
		}
		if len(b) > 0 {
			tops[d.Slug] = template.HTML(b) // written by html/template's escaping: see skeleton.go
		}
	}
	// The check: the page for its first documents, both ways.
	few := *home
	few.Docs = home.Docs[:min(homeCheckDocs, len(home.Docs))]
	few.Tops = nil
	full, err := r.t.Render("home", &few)
	if err != nil {
		return nil, err
	}
	few.Tops = tops
	filled, err := r.t.Render("home", &few)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(full, filled) {
		return nil, nil
	}
	return tops, nil
}
