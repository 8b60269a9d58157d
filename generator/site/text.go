// Plain-text extraction: the text of a node as a reader sees it (sections'
// text, headings' titles) and the line of context shown beside a rule value.

package site

import (
	"bytes"
	"html"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"

	"compendium/generator/markdown"
)

// colAfter returns the column of the byte at pos on its line (in
// characters, from 1) and up to 120 bytes of the line after end.
func (d *Doc) colAfter(pos, end int) (int, string) {
	if pos < 0 || pos > len(d.src) || end < pos || end > len(d.src) {
		return 0, ""
	}
	start := bytes.LastIndexByte(d.src[:pos], '\n') + 1
	col := utf8.RuneCount(d.src[start:pos]) + 1
	rest := d.src[end:]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	if len(rest) > 120 {
		rest = rest[:120]
		for len(rest) > 0 && !utf8.Valid(rest) {
			rest = rest[:len(rest)-1]
		}
	}
	return col, string(rest)
}

// mdMarks are the Markdown marks a line of context may start with or hold.
var mdMarks = regexp.MustCompile(`\*\*|__|^\s*[-*] |^\s*\d+\. |^#+ |\{#[a-z0-9-]+\}\s*`)

// valueContext returns about 60 characters of the source line around pos,
// its Markdown and declarations written as a reader sees them.
func (d *Doc) valueContext(pos int) string {
	src := d.src
	start := bytes.LastIndexByte(src[:pos], '\n') + 1
	end := bytes.IndexByte(src[pos:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += pos
	}
	clean := func(b []byte) string {
		t := markdown.StripValues(string(b))
		return strings.ReplaceAll(t, " | ", " · ")
	}
	// A table row's outer bars go; the declaration's own spaces stay.
	before := []rune(mdMarks.ReplaceAllString(strings.TrimLeft(clean(src[start:pos]), "| \t"), ""))
	after := []rune(strings.TrimRight(clean(src[pos:end]), "| \t"))
	const span = 40
	pre, post := "", ""
	if len(before) > span {
		before = before[len(before)-span:]
		if i := strings.IndexByte(string(before), ' '); i >= 0 {
			before = []rune(string(before)[i+1:])
		}
		pre = "…"
	}
	if len(after) > span+20 {
		after = after[:span+20]
		if i := strings.LastIndexByte(string(after), ' '); i > 0 {
			after = []rune(string(after)[:i])
		}
		post = "…"
	}
	t := strings.TrimSpace(pre + string(before) + string(after) + post)
	if typeset := markdown.TypographyOf(d.Lang).String; typeset != nil {
		t = typeset(strings.ReplaceAll(t, "'", "’"))
	}
	return t
}

// plainText returns the text of n and its descendants as a reader sees it,
// typeset for the document's language.
func (d *Doc) plainText(n ast.Node) string { return string(d.appendPlain(nil, n)) }

// appendPlain appends plainText(n) to b.
func (d *Doc) appendPlain(b []byte, n ast.Node) []byte {
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			if c.Type() == ast.TypeBlock {
				b = append(b, ' ')
			}
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			if typeset := markdown.TypographyOf(d.Lang).Text; typeset != nil {
				b = append(b, typeset(c, d.src)...)
			} else {
				b = append(b, c.Segment.Value(d.src)...)
			}
			if c.SoftLineBreak() || c.HardLineBreak() {
				b = append(b, ' ')
			}
		case *ast.String:
			// The English typographer writes entities (&rsquo;) as raw strings.
			b = append(b, html.UnescapeString(string(c.Value))...)
		case *ast.AutoLink:
			b = append(b, c.Label(d.src)...)
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			var code []byte
			for i := 0; i < c.Lines().Len(); i++ {
				seg := c.Lines().At(i)
				code = append(code, seg.Value(d.src)...)
			}
			// A formula's declarations read as their numbers.
			b = append(b, markdown.StripValues(string(code))...)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b
}

// collapseSpace is strings.Join(strings.Fields(string(s)), " ") without the slice of
// words (strings.FieldsFunc showed in a 10,000-page build's CPU profile,
// most of it allocating): the words of s, as they are, one space between them.
func collapseSpace(s []byte) string {
	var b strings.Builder
	b.Grow(len(s))
	for w := range bytes.FieldsSeq(s) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.Write(w)
	}
	return b.String()
}
