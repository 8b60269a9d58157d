package render

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strings"

	"compendium/generator/site"
)

// printKey names the footer a page prints: its language and its document
// or page ("fr/fantasy", "fr/home", "root"), from the page's path. The
// pages of a document (its bilingual view, its share pages) print the
// document's footer.
func printKey(path string) string {
	parts := strings.SplitN(strings.Trim(path, "/"), "/", 3)
	switch {
	case parts[0] == "" || strings.HasSuffix(parts[0], ".html"):
		return "root"
	case len(parts) == 1:
		return parts[0] + "/home"
	}
	return parts[0] + "/" + strings.TrimSuffix(parts[1], ".html")
}

// printCSS returns the style sheet of the printed pages' footers: per
// printKey, the document's or page's name, the edition and its address, as
// a custom property that main.css's @page margin boxes show (they inherit
// from the root element; per-page text cannot come from an inline style,
// which the Content-Security-Policy forbids). The sheet is linked with
// media="print": a reader on screen never waits for it.
func (t *Theme) printCSS(s *site.Site, m Meta) []byte {
	footers := map[string]string{}
	add := func(key, lang, name, path string) {
		parts := []string{name}
		if m.Edition != "" {
			parts = append(parts, t.T(lang, "edition")+" "+m.Edition)
		}
		if m.Base != "" {
			parts = append(parts, m.Base+path)
		} else {
			parts = append(parts, "/"+path)
		}
		footers[key] = strings.Join(parts, " · ")
	}
	first := ""
	for _, l := range s.Langs {
		if first == "" {
			first = l.Code
		}
		site := t.T(l.Code, "site_title")
		add(l.Code+"/home", l.Code, site, l.Code+"/")
		add(l.Code+"/calculators", l.Code, site+" — "+t.T(l.Code, "calculators"), l.Code+"/calculators/")
		add(l.Code+"/glossary", l.Code, site+" — "+t.T(l.Code, "glossary"), l.Code+"/glossary/")
		add(l.Code+"/404", l.Code, site, l.Code+"/")
		add(l.Code+"/book", l.Code, site+" — "+t.T(l.Code, "book"), l.Code+"/book/")
		for _, d := range l.Docs {
			name := d.Short
			if name == "" {
				name = d.Title
			}
			add(l.Code+"/"+d.Slug, l.Code, name, l.Code+"/"+d.Slug+"/")
		}
	}
	if first != "" {
		add("root", first, t.T(first, "site_title"), "")
	}
	keys := make([]string, 0, len(footers))
	for k := range footers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("/* Footers of the printed pages (generated: see generator/render/print.go). */\n")
	for _, k := range keys {
		b.WriteString(`html[data-print="` + k + `"]{--print-footer:` + cssString(footers[k]) + "}\n")
	}
	return []byte(b.String())
}

// cssString quotes s as a CSS string.
func cssString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\a `)
	return `"` + r.Replace(s) + `"`
}

// printCSSName is the sheet's path, named by its content's hash.
func printCSSName(b []byte) string {
	sum := sha256.Sum256(b)
	return "assets/print-" + hex.EncodeToString(sum[:])[:12] + ".css"
}
