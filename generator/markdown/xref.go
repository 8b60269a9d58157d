package markdown

import (
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// XRef is a cross-reference written in the rules text: a link to a section of
// the same document ("#armor"), to another document ("fantasy") or to a
// section of another document ("fantasy#armor").
type XRef struct {
	Doc  string // the target document's slug; empty for the same document
	ID   string // the target section's ID; empty for the top of the document
	Dest string // the destination as written
	Pos  int    // byte offset of the link in the source, for file:line messages
	Bad  bool   // the destination looks internal but is not a valid slug#id
}

var (
	xrefKey   = parser.NewContextKey()
	kebab     = `[a-z0-9]+(?:-[a-z0-9]+)*`
	xrefValid = regexp.MustCompile(`^(` + kebab + `)?(?:#(` + kebab + `))?$`)
)

// XRefs returns the cross-references that parsing with pc recorded.
func XRefs(pc parser.Context) []XRef {
	v, _ := pc.Get(xrefKey).([]XRef)
	return v
}

// isInternal reports whether a link destination names a place in the
// compendium rather than a URL: no scheme, no path, no file extension.
func isInternal(dest string) bool {
	return dest != "" && !strings.ContainsAny(dest, ":/.?") && !strings.HasPrefix(dest, "mailto")
}

type xrefTransformer struct{}

// Transform rewrites internal destinations to the pages' relative URLs
// (documents are sibling folders, /fr/<slug>/) and records them, so that
// check can verify every target exists in every language.
func (xrefTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	var refs []XRef
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		link, ok := n.(*ast.Link)
		if !ok {
			return ast.WalkContinue, nil
		}
		dest := string(link.Destination)
		if !isInternal(dest) {
			return ast.WalkContinue, nil
		}
		ref := XRef{Dest: dest, Pos: Pos(link)}
		m := xrefValid.FindStringSubmatch(dest)
		if m == nil {
			ref.Bad = true
			refs = append(refs, ref)
			return ast.WalkContinue, nil
		}
		ref.Doc, ref.ID = m[1], m[2]
		refs = append(refs, ref)
		switch {
		case ref.Doc == "":
			link.Destination = []byte("#" + ref.ID)
		case ref.ID == "":
			link.Destination = []byte("../" + ref.Doc + "/")
		default:
			link.Destination = []byte("../" + ref.Doc + "/#" + ref.ID)
		}
		link.SetAttributeString("class", []byte("xref"))
		return ast.WalkContinue, nil
	})
	pc.Set(xrefKey, refs)
}

// Pos returns n's byte offset in the source, or that of the nearest
// ancestor that has one, for file:line messages.
func Pos(n ast.Node) int {
	for ; n != nil; n = n.Parent() {
		if p := n.Pos(); p >= 0 {
			return p
		}
		if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			return n.Lines().At(0).Start
		}
	}
	return 0
}

type crossReferences struct{}

// CrossReferences resolves and records links between sections and documents (see XRef).
var CrossReferences goldmark.Extender = crossReferences{}

func (crossReferences) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(xrefTransformer{}, 100)))
}
