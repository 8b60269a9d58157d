package render

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"unicode/utf8"

	"compendium/generator/qr"
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

// printSheets returns the style sheets of the printed pages, one per
// printKey: the footer (the document's or page's name, the edition and its
// address, as a custom property that print.css's @page margin boxes show:
// they inherit from the root element, and per-page text cannot come from an
// inline style, which the Content-Security-Policy forbids) and, on a
// document's pages when the site has a base URL, each section's QR code
// beside its heading. A page links its own sheet with media="print": a
// reader on screen never waits for it, and a printed page fetches its own
// codes only (one sheet for all pages made Chromium fetch every code of
// the site at each print).
func (t *Theme) printSheets(s *site.Site, m Meta) map[string][]byte {
	out := map[string][]byte{}
	add := func(key, lang, name, path string, rules []string) {
		parts := []string{name}
		if m.Edition != "" {
			parts = append(parts, t.T(lang, "edition")+" "+m.Edition)
		}
		if m.Base != "" {
			parts = append(parts, m.Base+path)
		} else {
			parts = append(parts, "/"+path)
		}
		var b strings.Builder
		b.WriteString("/* Printed pages' footer (generated: generator/render/print.go). */\n")
		b.WriteString(`html[data-print="` + key + `"]{--print-footer:` + cssString(strings.Join(parts, " · ")) + "}\n")
		if len(rules) > 0 {
			b.WriteString("@media print{\n" + strings.Join(rules, "\n") + "\n}\n")
		}
		out[key] = []byte(b.String())
	}
	first := ""
	for _, l := range s.Langs {
		if first == "" {
			first = l.Code
		}
		site := t.T(l.Code, "site_title")
		add(l.Code+"/home", l.Code, site, l.Code+"/", nil)
		add(l.Code+"/calculators", l.Code, site+" — "+t.T(l.Code, "calculators"), l.Code+"/calculators/", nil)
		add(l.Code+"/glossary", l.Code, site+" — "+t.T(l.Code, "glossary"), l.Code+"/glossary/", nil)
		add(l.Code+"/values", l.Code, site+" — "+t.T(l.Code, "values"), l.Code+"/values/", nil)
		add(l.Code+"/404", l.Code, site, l.Code+"/", nil)
		add(l.Code+"/book", l.Code, site+" — "+t.T(l.Code, "book"), l.Code+"/book/", nil)
		for _, d := range l.Docs {
			name := d.Short
			if name == "" {
				name = d.Title
			}
			var rules []string
			if m.Base != "" {
				for _, sec := range d.Sections {
					if sec.ID != "" && sec.Level <= 3 {
						// From assets/, where the sheet is.
						rules = append(rules, `#`+sec.ID+`::after{content:url("../`+qrPath(l.Code, d.Slug, sec.ID)+`")}`)
					}
				}
			}
			add(l.Code+"/"+d.Slug, l.Code, name, l.Code+"/"+d.Slug+"/", rules)
		}
	}
	if first != "" {
		add("root", first, t.T(first, "site_title"), "", nil)
	}
	return out
}

// cssString quotes s as a CSS string that is safe wherever the sheet
// goes, a file or the single-file edition's <style> element: the quotes
// and the backslash, the control characters (a newline ends a CSS
// string) and the characters markup reads (<, >, &: "</style>" in a
// sheet inlined in a page ends the element, and what follows is markup)
// are written as CSS escapes (\3c and a space). The title and edition of
// compendium.json come here.
func cssString(s string) string {
	if !strings.ContainsFunc(s, cssEscaped) {
		return `"` + s + `"`
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteByte('"')
	for _, r := range s {
		if cssEscaped(r) {
			// A hex escape ends at its space, which CSS drops.
			b.WriteString(`\` + strconv.FormatInt(int64(r), 16) + " ")
			continue
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

// cssEscaped reports whether cssString escapes r.
func cssEscaped(r rune) bool {
	switch r {
	case '"', '\'', '\\', '<', '>', '&':
		return true
	}
	return r < 0x20 || r == 0x7f || r == utf8.RuneError
}

// printSheetName is a sheet's path, named by its content's hash.
func printSheetName(b []byte) string {
	sum := sha256.Sum256(b)
	return "assets/print-" + hex.EncodeToString(sum[:])[:12] + ".css"
}

// qrPath is where a section's QR code is, from the site root.
func qrPath(lang, slug, id string) string { return "qr/" + lang + "/" + slug + "/" + id + ".svg" }

// QRFiles returns the QR codes of every section of levels 2 and 3, as
// files by path from the site root, when the site has a base URL (a code
// must hold an absolute address): each encodes the section's share page.
func QRFiles(s *site.Site, m Meta) (map[string][]byte, error) {
	out := map[string][]byte{}
	if m.Base == "" {
		return out, nil
	}
	for _, l := range s.Langs {
		for _, d := range l.Docs {
			for _, sec := range d.Sections {
				if sec.ID == "" || sec.Level > 3 {
					continue
				}
				b, err := qr.File(m.Base + l.Code + "/" + d.Slug + "/" + sec.ID + "/")
				if err != nil {
					return nil, err
				}
				out[qrPath(l.Code, d.Slug, sec.ID)] = b
			}
		}
	}
	return out, nil
}
