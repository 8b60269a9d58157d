package markdown

import "github.com/yuin/goldmark/ast"

// DocumentValues are the parts of a page's rendering that depend on its
// document: the link from each heading to the same section in the other
// language, and the HTML of its calculator blocks. Set on a parsed
// document with SetDocumentValues, they take the place of those given to
// New, so that one converter per language renders
// every document: a converter per document was its parser, made and thrown
// away, which showed in a large build's allocations and CPU (markdown.New
// and goldmark's first-use sorting of the renderer's functions).
type DocumentValues struct {
	Alt *AltLink // nil: headings link to no other language
	// CalcHTML is each calculator block's HTML, computed before the
	// document renders; a block it lacks writes nothing.
	CalcHTML map[*Calc]string
	// Doc is the document's slug: of two glossary terms written alike,
	// a mark links the one this document defines (GlossTerm).
	Doc string
	// Edit, when set, gives each heading a link to its source in the
	// organiser's repository (compendium.json's edit_url).
	Edit *EditLink
}

// EditLink is a heading's link to edit its source where it is kept: URL
// with {line} standing for the heading's line in the file, Label its
// accessible name in the page's language.
type EditLink struct {
	URL   string
	Label string
	// FirstLine is the file's line of the rendered source's first byte
	// (after the front matter).
	FirstLine int
}

// documentValuesKey is the ast.Document metadata key of DocumentValues.
const documentValuesKey = "compendium/markdown.DocumentValues"

// SetDocumentValues sets the values the document doc is rendered with.
func SetDocumentValues(doc *ast.Document, v DocumentValues) {
	doc.AddMeta(documentValuesKey, v)
}

// documentValues returns the values set on n's document, if any.
func documentValues(n ast.Node) (DocumentValues, bool) {
	if n.Parent() == nil {
		return DocumentValues{}, false
	}
	d := n.OwnerDocument()
	if d == nil {
		return DocumentValues{}, false
	}
	v, ok := d.Meta()[documentValuesKey].(DocumentValues)
	return v, ok
}
