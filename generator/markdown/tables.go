package markdown

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

type scrollableTables struct{}

// Transform makes every table focusable: on a phone a wide table scrolls
// sideways, and a scrolling region must be reachable with the keyboard.
func (scrollableTables) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := n.(*extast.Table); ok && entering {
			t.SetAttributeString("tabindex", []byte("0"))
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
}

type focusableTables struct{}

// FocusableTables adds tabindex="0" to tables (see scrollableTables).
var FocusableTables goldmark.Extender = focusableTables{}

func (focusableTables) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(scrollableTables{}, 200)))
}
