package site

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"

	"compendium/generator/markdown"
)

// MaxFileBytes is the largest content file Load reads: the longest rules
// document is about 60 KB, and a 50 MB file (a paste gone wrong) took 19 s
// and 2.5 GB to build into a 205 MB site.
const MaxFileBytes = 1 << 20

var bom = []byte("\xef\xbb\xbf")

// checkSource reports what makes a file unreadable as content, before it
// is parsed, and returns the bytes to parse: without a UTF-8 byte-order
// mark (editors on Windows add one; it is not part of the text).
func checkSource(file string, src []byte, ds *Diagnostics) ([]byte, bool) {
	if len(src) > MaxFileBytes {
		ds.Add(file, 0, "file of "+strconv.Itoa(len(src)/1024)+" KiB: a content file may hold at most "+strconv.Itoa(MaxFileBytes/1024)+" KiB; split the document or remove what was pasted by mistake")
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
		ds.Add(file, 1+bytes.Count(src[:bad], []byte("\n")), "bytes that are not UTF-8 here: save the file as UTF-8")
		return nil, false
	}
	return src, true
}

// unsafeSchemes are link schemes a page must not carry: goldmark empties
// such a link, which would publish a dead link in silence.
var unsafeSchemes = []string{"javascript:", "vbscript:", "data:", "file:"}

// checkNodes reports raw HTML (the renderer drops it: its text would
// vanish in silence) and links with an unsafe scheme.
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
			ds.Add(d.File, line, "raw HTML “"+strings.TrimSpace(string(n.Segments.Value(d.src)))+"” is not rendered (pages carry no HTML from the content): write it as text, or use Markdown")
		case *ast.HTMLBlock:
			line := d.bodyLine
			if n.Lines().Len() > 0 {
				line = d.Line(n.Lines().At(0).Start)
			}
			ds.Add(d.File, line, "an HTML block is not rendered (pages carry no HTML from the content): write it as text, or use Markdown")
		case *ast.Link:
			dest := strings.ToLower(strings.TrimSpace(string(n.Destination)))
			for _, s := range unsafeSchemes {
				if strings.HasPrefix(dest, s) {
					ds.Add(d.File, d.Line(markdown.Pos(n)), "link to “"+string(n.Destination)+"”: "+strings.TrimSuffix(s, ":")+" links are not allowed; link to a section (#id) or a web page (https://…)")
				}
			}
		}
		return ast.WalkContinue, nil
	})
}
