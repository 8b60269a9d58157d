package markdown

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// KindCalc is the NodeKind of Calc.
var KindCalc = ast.NewNodeKind("Calc")

// Calc is a calculator placed in a document, written as a fenced block whose
// info string is "calc NAME"; its body, when not empty, is a JSON object of
// default inputs:
//
//	```calc armor
//	{"locations": {"torso": "plate"}, "helmet": true}
//	```
type Calc struct {
	ast.BaseBlock
	Name     string
	Defaults []byte // the JSON body, possibly empty
	Offset   int    // byte offset of the fence, for file:line messages
	Index    int    // 1-based position among the document's calculators
}

// Kind implements ast.Node.
func (n *Calc) Kind() ast.NodeKind { return KindCalc }

// Dump implements ast.Node.
func (n *Calc) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Name": n.Name}, nil)
}

var calcsKey = parser.NewContextKey()

// Calcs returns the calculator blocks that parsing with pc found, in order.
func Calcs(pc parser.Context) []*Calc {
	v, _ := pc.Get(calcsKey).([]*Calc)
	return v
}

type calcTransformer struct{}

// Transform replaces each "calc" fenced block with a Calc node, so that the
// code highlighter never sees it and check can find every calculator.
func (calcTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	var found []*ast.FencedCodeBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if f, ok := n.(*ast.FencedCodeBlock); ok && entering {
			if f.Info != nil && bytes.HasPrefix(f.Info.Segment.Value(reader.Source()), []byte("calc")) {
				found = append(found, f)
			}
		}
		return ast.WalkContinue, nil
	})
	var calcs []*Calc
	src := reader.Source()
	for i, f := range found {
		info := strings.Fields(string(f.Info.Segment.Value(src)))
		if info[0] != "calc" {
			continue
		}
		c := &Calc{Index: i + 1, Offset: Pos(f)}
		if len(info) > 1 {
			c.Name = info[1]
		}
		var body bytes.Buffer
		for j := 0; j < f.Lines().Len(); j++ {
			seg := f.Lines().At(j)
			body.Write(seg.Value(src))
		}
		c.Defaults = bytes.TrimSpace(body.Bytes())
		f.Parent().ReplaceChild(f.Parent(), f, c)
		calcs = append(calcs, c)
	}
	pc.Set(calcsKey, calcs)
}

type calcRenderer struct{}

// RegisterFuncs writes each calculator block as the HTML its document's
// values hold for it (DocumentValues.CalcHTML): the generator computes the
// calculators before the documents render, so that rendering calls nothing
// back; a block without HTML writes nothing (its problem is reported).
func (calcRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindCalc, func(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if v, ok := documentValues(n); ok {
			if h, ok := v.CalcHTML[n.(*Calc)]; ok {
				_, err := w.WriteString(h)
				return ast.WalkSkipChildren, err
			}
		}
		return ast.WalkSkipChildren, nil
	})
}

type calcBlocks struct{}

// CalcBlocks turns "calc NAME" fenced blocks into Calc nodes, which render
// as the HTML the document's values give them (DocumentValues.CalcHTML).
func CalcBlocks() goldmark.Extender { return calcBlocks{} }

func (e calcBlocks) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(calcTransformer{}, 50)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(calcRenderer{}, 100)))
}
