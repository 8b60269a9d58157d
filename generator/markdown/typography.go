package markdown

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
)

// Typography is how a language sets its text: the goldmark extension that
// typesets its pages and, for a language whose typesetting a page's plain
// text (search, titles, excerpts) must repeat, the functions that do it.
type Typography struct {
	// Extension typesets the rendered page.
	Extension goldmark.Extender
	// Text returns a text node as the page shows it, its neighbours
	// taken into account; nil means the text as written.
	Text func(n *ast.Text, src []byte) string
	// String returns a plain string set as the page would set it; nil
	// means the string as written.
	String func(s string) string
}

// typographies is the table of the languages with their own typography;
// any other language has goldmark's typographer (curly quotes, dashes)
// and its plain text as written.
var typographies = map[string]Typography{
	"fr": {
		Extension: FrenchTypographer,
		Text:      TypesetText,
		String:    func(s string) string { return FrenchTypeset(s, false) },
	},
}

// TypographyOf returns the typography of lang.
func TypographyOf(lang string) Typography {
	if t, ok := typographies[lang]; ok {
		return t
	}
	return Typography{Extension: extension.Typographer}
}
