package site

import (
	"bytes"
	"fmt"
	"html"
	"net"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"

	"compendium/generator/markdown"
)

// MaxFileBytes is the largest content file Load reads: many times the
// longest rules document, and far below a paste gone wrong, which took
// seconds and gigabytes to build (docs/performance.md).
const MaxFileBytes = 1 << 20

var bom = []byte("\xef\xbb\xbf")

// checkSource reports what makes a file unreadable as content, before it
// is parsed, and returns the bytes to parse: without a UTF-8 byte-order
// mark (editors on Windows add one; it is not part of the text). Such a
// problem Causes everything about the document: read as it is, every
// line would be a problem of its own (207 for one stray byte).
func checkSource(file string, src []byte, ds *Diagnostics) ([]byte, bool) {
	if len(src) > MaxFileBytes {
		r := ds.Report(file, 0, "too-big", "kib", strconv.Itoa(len(src)/1024), "max", strconv.Itoa(MaxFileBytes/1024))
		r.Causes = []string{"doc:" + file}
		return nil, false
	}
	src = bytes.TrimPrefix(src, bom)
	if !utf8.Valid(src) {
		bad := 0
		for bad < len(src) {
			r, size := utf8.DecodeRune(src[bad:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			bad += size
		}
		start := bytes.LastIndexAny(src[:bad], "\r\n") + 1
		r := ds.Report(file, 1+lineCount(src[:bad]), "not-utf8", "byte", fmt.Sprintf("0x%02X", src[bad]))
		r.Col = 1 + utf8.RuneCount(src[start:bad])
		r.Causes = []string{"doc:" + file}
		return nil, false
	}
	if lone := bytes.Count(src, []byte("\r")) - bytes.Count(src, []byte("\r\n")); lone > 1 && lone > bytes.Count(src, []byte("\n")) {
		r := ds.Report(file, 1, "cr-only")
		r.Causes = []string{"doc:" + file}
		return nil, false
	}
	if line, depth := deepestQuote(src); depth > MaxQuoteDepth {
		r := ds.Report(file, line, "quote-too-deep", "depth", strconv.Itoa(depth), "max", strconv.Itoa(MaxQuoteDepth))
		r.Causes = []string{"doc:" + file}
		return nil, false
	}
	if line, marks := busiestParagraph(src); marks > MaxEmphasisMarks {
		r := ds.Report(file, line, "emphasis-too-many", "marks", strconv.Itoa(marks), "max", strconv.Itoa(MaxEmphasisMarks))
		r.Causes = []string{"doc:" + file}
		return nil, false
	}
	return src, true
}

// MaxEmphasisMarks is how many emphasis marks (“*”, “_”, “~”) one
// paragraph may hold: goldmark pairs them in time growing faster than
// their square when few of them close (docs/performance.md, "Emphasis
// marks that do not close"), and the rules' busiest paragraph holds 4.
const MaxEmphasisMarks = 2000

// busiestParagraph returns the first line (from 1) of the run of
// non-blank lines that holds the most emphasis marks, and how many. A
// run is a paragraph, or a list or table whose items goldmark reads one
// by one: counting the whole run only errs on the safe side.
func busiestParagraph(src []byte) (line, marks int) {
	n, start, count := 0, 1, 0
	for l := range bytes.Lines(src) {
		n++
		if len(bytes.TrimSpace(l)) == 0 {
			count, start = 0, n+1
			continue
		}
		count += bytes.Count(l, []byte("*")) + bytes.Count(l, []byte("_")) + bytes.Count(l, []byte("~"))
		if count > marks {
			line, marks = start, count
		}
	}
	return line, marks
}

// MaxQuoteDepth is how deep block quotes (`> > …`) may nest: goldmark's
// time grows with the square of the depth (docs/performance.md), and no
// rule needs more than a quote inside a quote.
const MaxQuoteDepth = 20

// deepestQuote returns the line (from 1) whose block quotes nest deepest,
// and how deep: the '>' that open the line, spaces and tabs between them.
func deepestQuote(src []byte) (line, depth int) {
	n := 0
	for l := range bytes.Lines(src) {
		n++
		d := 0
		for _, c := range l {
			if c == '>' {
				d++
			} else if c != ' ' && c != '\t' {
				break
			}
		}
		if d > depth {
			line, depth = n, d
		}
	}
	return line, depth
}

// lineCount counts the line breaks of b: LF, CRLF, or a CR alone.
func lineCount(b []byte) int {
	n := 0
	for i, c := range b {
		if c == '\n' || c == '\r' && (i+1 == len(b) || b[i+1] != '\n') {
			n++
		}
	}
	return n
}

// unsafeSchemes are link schemes a page must not carry: goldmark empties
// such a link, which would publish a dead link in silence.
var unsafeSchemes = []string{"javascript:", "vbscript:", "data:", "file:"}

// plainURL returns a destination as a browser reads it: its character
// references and percent-escapes decoded, and the tabs, line breaks and
// control characters a browser drops from a URL removed
// ("java&#9;script:" is "javascript:"), in lower case.
func plainURL(dest string) string {
	s := html.UnescapeString(dest)
	if u, err := url.PathUnescape(s); err == nil {
		s = u
	}
	s = strings.Map(func(r rune) rune {
		if r <= 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
	return strings.ToLower(s)
}

// unsafeScheme returns the unsafe scheme dest uses, "" for none.
func unsafeScheme(dest string) string {
	p := plainURL(dest)
	for _, s := range unsafeSchemes {
		if strings.HasPrefix(p, s) {
			return strings.TrimSuffix(s, ":")
		}
	}
	return ""
}

// localHosts are the hosts of this computer: a link to them is a link
// to the development server, pasted from the address bar.
var localHosts = map[string]bool{"localhost": true, "0.0.0.0": true, "::1": true, "[::1]": true}

// isLocal reports whether host names this computer.
func isLocal(host string) bool {
	h := strings.ToLower(host)
	if hh, _, err := net.SplitHostPort(h); err == nil {
		h = hh
	}
	return localHosts[h] || strings.HasPrefix(h, "127.") || strings.HasSuffix(h, ".localhost")
}

// asXRef returns a path of the site written as the cross-reference the
// content means ("/fr/fantasy/#healing", "fantasy/#healing" →
// "fantasy#healing"), "" when the path names no document.
func asXRef(p, frag string) string {
	var slug string
	for _, seg := range strings.Split(p, "/") {
		if seg == "" || seg == "." || seg == ".." || seg == "index.html" || slices.Contains(Languages, seg) {
			continue
		}
		slug = strings.TrimSuffix(seg, ".html")
		slug = strings.TrimSuffix(slug, ".md")
	}
	switch {
	case slug == "" && frag != "":
		return "#" + frag
	case slug == "":
		return ""
	case frag != "":
		return slug + "#" + frag
	}
	return slug
}

// checkNodes reports raw HTML (the renderer drops it: its text would
// vanish in silence), images (the pages carry none from the content), and
// links that are unsafe or that would break once published: relative to
// the page, to this computer, or from the host's root.
func (d *Doc) checkNodes(ds *Diagnostics) {
	_ = ast.Walk(d.ast, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.RawHTML:
			line := d.bodyLine
			if n.Segments.Len() > 0 {
				line = d.Line(n.Segments.At(0).Start)
			}
			raw := strings.TrimSpace(string(n.Segments.Value(d.src)))
			ds.Report(d.File, line, "raw-html", "html", raw).Text = raw
		case *ast.HTMLBlock:
			line := d.bodyLine
			if n.Lines().Len() > 0 {
				line = d.Line(n.Lines().At(0).Start)
			}
			ds.Report(d.File, line, "html-block")
		case *ast.Image:
			dest := string(n.Destination)
			line := d.Line(markdown.Pos(n))
			if s := unsafeScheme(dest); s != "" {
				ds.Report(d.File, line, "image-scheme", "dest", dest, "scheme", s).Text = dest
				return ast.WalkSkipChildren, nil
			}
			ds.Report(d.File, line, "image", "dest", dest, "alt", strings.TrimSpace(d.plainText(n))).Text = dest
			return ast.WalkSkipChildren, nil
		case *ast.AutoLink:
			dest := string(n.URL(d.src))
			if s := unsafeScheme(dest); s != "" {
				ds.Report(d.File, d.Line(markdown.Pos(n)), "link-scheme", "dest", dest, "scheme", s).Text = dest
			} else {
				d.checkDest(ds, n, dest)
			}
		case *ast.Link:
			if c, _ := n.AttributeString("class"); c != nil && string(c.([]byte)) == "xref" {
				return ast.WalkContinue, nil // a section reference, checked by Check
			}
			dest := string(n.Destination)
			if s := unsafeScheme(dest); s != "" {
				ds.Report(d.File, d.Line(markdown.Pos(n)), "link-scheme", "dest", dest, "scheme", s).Text = dest
				return ast.WalkContinue, nil
			}
			d.checkDest(ds, n, dest)
		}
		return ast.WalkContinue, nil
	})
}

// checkDest reports a link that works while the site is served here and
// breaks once it is published.
func (d *Doc) checkDest(ds *Diagnostics, n ast.Node, dest string) {
	p := html.UnescapeString(strings.TrimSpace(dest))
	if p == "" || strings.HasPrefix(p, "#") {
		return
	}
	u, err := url.Parse(p)
	if err != nil {
		return
	}
	line := d.Line(markdown.Pos(n))
	want := asXRef(u.Path, u.Fragment)
	if want == "" {
		want = "slug#id"
	}
	switch {
	case u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https":
		return // mailto:, tel:…
	case u.Host != "" && isLocal(u.Hostname()):
		ds.Report(d.File, line, "link-local", "dest", dest, "want", want).Text = dest
	case u.Scheme == "" && u.Host == "" && strings.HasPrefix(u.Path, "/"):
		ds.Report(d.File, line, "link-root", "dest", dest, "want", want).Text = dest
	case u.Scheme == "" && u.Host == "" && u.Path != "":
		lands := path.Clean("/" + d.Lang + "/" + d.Slug + "/" + u.Path)
		if strings.HasSuffix(u.Path, "/") {
			lands += "/"
		}
		if u.Fragment != "" {
			lands += "#" + u.Fragment
		}
		ds.Report(d.File, line, "link-relative", "dest", dest, "lands", lands, "want", want).Text = dest
	}
}
