package markdown

import (
	"bytes"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// KindAside is the NodeKind of Aside.
var KindAside = ast.NewNodeKind("Aside")

// Aside is a boxed passage set apart from the running text, such as the summary
// that the fantasy rules put between two "•••" lines. It is written as a
// container opened by ":::aside" and closed by ":::".
type Aside struct {
	ast.BaseBlock
}

// Kind implements ast.Node.
func (n *Aside) Kind() ast.NodeKind { return KindAside }

// Dump implements ast.Node.
func (n *Aside) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

var (
	asideOpen  = []byte(":::aside")
	asideClose = []byte(":::")
)

type asideParser struct{}

// NewAsideParser returns a BlockParser for ":::aside" containers.
func NewAsideParser() parser.BlockParser { return asideParser{} }

func (asideParser) Trigger() []byte { return []byte{':'} }

func (asideParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	if !bytes.Equal(util.TrimRightSpace(util.TrimLeftSpace(line)), asideOpen) {
		return nil, parser.NoChildren
	}
	reader.Advance(lineLen(line, seg.Len()))
	return &Aside{}, parser.HasChildren
}

func (asideParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	line, seg := reader.PeekLine()
	if bytes.Equal(util.TrimRightSpace(util.TrimLeftSpace(line)), asideClose) {
		reader.Advance(lineLen(line, seg.Len()))
		return parser.Close
	}
	return parser.Continue | parser.HasChildren
}

// lineLen is the length of a line without its newline, which stays for the
// parser as goldmark's own blocks leave it; the last line of a file may have none.
func lineLen(line []byte, n int) int {
	if len(line) > 0 && line[len(line)-1] == '\n' {
		return n - 1
	}
	return n
}

func (asideParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {}

func (asideParser) CanInterruptParagraph() bool { return true }

func (asideParser) CanAcceptIndentedLine() bool { return false }

type asideRenderer struct{}

// NewAsideRenderer returns a renderer that writes an Aside as an <aside> element.
func NewAsideRenderer() renderer.NodeRenderer { return asideRenderer{} }

func (asideRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindAside, func(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(`<aside class="box">` + "\n")
		} else {
			_, _ = w.WriteString("</aside>\n")
		}
		return ast.WalkContinue, nil
	})
}

type asideExtension struct{}

// AsideExtension adds ":::aside" containers.
var AsideExtension goldmark.Extender = asideExtension{}

func (asideExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(NewAsideParser(), 90)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(NewAsideRenderer(), 500)))
}
