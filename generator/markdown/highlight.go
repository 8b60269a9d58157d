package markdown

import (
	"bytes"
	"html"
	"io"
	"strings"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// The formatter writes CSS classes, never inline styles, because the pages'
// Content-Security-Policy (style-src 'self') would block style attributes.
var codeFormatter = chromahtml.New(chromahtml.WithClasses(true), chromahtml.PreventSurroundingPre(true))

// lexerFor returns the lexer for a fenced block's language: the dice lexer,
// one of chroma's, or, like Hugo's highlighter, the plain-text fallback for an
// unknown or missing language, so that a typo in a fence never fails a build.
func lexerFor(lang string) chroma.Lexer {
	switch strings.ToLower(lang) {
	case "dice", "dés":
		return DiceLexer
	case "":
		return lexers.Fallback
	}
	if l := lexers.Get(lang); l != nil {
		return l
	}
	return lexers.Fallback
}

// classesOnly is the style the formatter is given: writing classes, it
// takes none of a style's colours, which theme/css/chroma.css holds. Not
// chroma's styles package: parsing its every style when the program
// starts was a twentieth of a build of the real site (docs/performance.md,
// "Kept, with what each did").
var classesOnly = chroma.MustNewStyle("classes", chroma.StyleEntries{})

// Highlight writes code highlighted as lang into w, inside the <code> element
// that the caller opens.
func Highlight(w io.Writer, code, lang string) error {
	it, err := chroma.Coalesce(lexerFor(lang)).Tokenise(nil, code)
	if err != nil {
		_, werr := io.WriteString(w, html.EscapeString(code))
		return werr
	}
	return codeFormatter.Format(w, classesOnly, it)
}

// writeHighlightCSS writes the style sheet of highlighted code for the
// styles light and dark (chroma's, given by whoever imports its styles
// package: TestChromaCSS, which keeps theme/css/chroma.css): light colours
// by default and dark ones under prefers-color-scheme: dark.
func writeHighlightCSS(w io.Writer, light, dark *chroma.Style) error {
	var l, d bytes.Buffer
	if err := codeFormatter.WriteCSS(&l, light); err != nil {
		return err
	}
	if err := codeFormatter.WriteCSS(&d, dark); err != nil {
		return err
	}
	_, err := io.WriteString(w, l.String()+"@media (prefers-color-scheme: dark) {\n"+d.String()+"}\n")
	return err
}

type codeBlockRenderer struct{}

// NewCodeBlockRenderer returns a renderer for fenced code blocks that
// highlights them with chroma. Blocks whose language another extension owns
// (such as "calc") are left to that extension's renderer by priority.
func NewCodeBlockRenderer() renderer.NodeRenderer { return codeBlockRenderer{} }

func (codeBlockRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, renderFencedCode)
}

func renderFencedCode(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*ast.FencedCodeBlock)
	lang := string(n.Language(source))
	var code strings.Builder
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		code.Write(seg.Value(source))
	}
	class := "code"
	src := code.String()
	if lexerFor(lang) == DiceLexer {
		class = "formula"
		// A formula may declare the values it restates (formulaValues):
		// the reader sees the numbers.
		src = StripValues(src)
	}
	// tabindex: a long line scrolls, and a scrolling region must be
	// reachable with the keyboard.
	_, _ = w.WriteString(`<pre class="chroma ` + class + `" tabindex="0"`)
	if lang != "" {
		_, _ = w.WriteString(` data-lang="` + html.EscapeString(lang) + `"`)
	}
	_, _ = w.WriteString(`><code>`)
	if err := Highlight(w, src, lang); err != nil {
		return ast.WalkStop, err
	}
	_, _ = w.WriteString("</code></pre>\n")
	return ast.WalkSkipChildren, nil
}

type highlighting struct{}

// Highlighting renders fenced code blocks through chroma (see NewCodeBlockRenderer).
var Highlighting goldmark.Extender = highlighting{}

func (highlighting) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(NewCodeBlockRenderer(), 200)))
}
