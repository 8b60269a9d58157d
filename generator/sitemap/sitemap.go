// Package sitemap writes sitemap.xml, with each page's versions in every
// language (xhtml:link alternates, as search engines read them), and
// robots.txt pointing to it.
package sitemap

import (
	"bytes"
	"encoding/xml"
)

// Page is a page to list: its path from the site root, its versions by
// language (itself included) and the version for other languages.
type Page struct {
	Path       string
	Alternates []Alternate
	XDefault   string
}

// Alternate is a page's version in a language.
type Alternate struct {
	Lang, Path string
}

// XML returns the sitemap of pages at base, an absolute URL ending in "/".
// A sitemap lists absolute URLs only: without a base URL there is none.
func XML(base string, pages []Page) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	for _, p := range pages {
		b.WriteString("  <url>\n    <loc>")
		escape(&b, base+p.Path)
		b.WriteString("</loc>\n")
		if len(p.Alternates) > 1 {
			for _, a := range p.Alternates {
				link(&b, a.Lang, base+a.Path)
			}
			if p.XDefault != "" {
				link(&b, "x-default", base+p.XDefault)
			}
		}
		b.WriteString("  </url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}

func link(b *bytes.Buffer, lang, href string) {
	b.WriteString(`    <xhtml:link rel="alternate" hreflang="`)
	escape(b, lang)
	b.WriteString(`" href="`)
	escape(b, href)
	b.WriteString("\"/>\n")
}

func escape(b *bytes.Buffer, s string) { _ = xml.EscapeText(b, []byte(s)) }

// Robots returns robots.txt: every page may be crawled, and with a base URL
// the sitemap is named (robots.txt takes only an absolute sitemap URL).
func Robots(base string) []byte {
	s := "User-agent: *\nAllow: /\n"
	if base != "" {
		s += "\nSitemap: " + base + "sitemap.xml\n"
	}
	return []byte(s)
}
