package markdown

import (
	"html"
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// An anchor names a rule inside a section, so that an organiser can link to
// it: an effect ("Aveuglé"), a state, a healing method, a preamble that
// states a rule. It is written at the start of a list item or a paragraph:
//
//	- {#effect-blinded} Aveuglé : quand vous subissez un aveuglement…
//	{#cycle} Le jeu se déroule en cycles…
//
// The list item (or paragraph) gets the ID, and a link control to it, like
// a heading's. IDs share the sections' namespace: check refuses one that a
// heading or another anchor of the document has.

// KindAnchor is the NodeKind of Anchor.
var KindAnchor = ast.NewNodeKind("Anchor")

// Anchor is the link control of an anchored list item or paragraph, its
// first inline.
type Anchor struct {
	ast.BaseInline
	ID string
}

// Kind implements ast.Node.
func (n *Anchor) Kind() ast.NodeKind { return KindAnchor }

// Dump implements ast.Node.
func (n *Anchor) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"ID": n.ID}, nil)
}

// AnchorRef is an anchor as parsing records it, for check.
type AnchorRef struct {
	ID  string
	Pos int // byte offset in the source, for file:line messages
}

var (
	anchorKey = parser.NewContextKey()
	anchorRe  = regexp.MustCompile(`^\{#(` + kebab + `)\}[ \t]+`)
)

// Anchors returns the anchors that parsing with pc recorded, in order.
func Anchors(pc parser.Context) []AnchorRef {
	v, _ := pc.Get(anchorKey).([]AnchorRef)
	return v
}

type anchorTransformer struct{}

// Transform finds "{#id} " at the start of paragraphs and of list items'
// text, removes it from the text, gives the ID to the item or paragraph and
// puts the link control first.
func (anchorTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	var refs []AnchorRef
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if n.Kind() != ast.KindParagraph && n.Kind() != ast.KindTextBlock {
			return ast.WalkContinue, nil
		}
		// The inline parsers may cut "{#effects} Doublon" into several
		// text nodes ("{#effects}", " Doublon"): read the leading ones
		// that follow each other in the source as one text.
		var texts []*ast.Text
		var lead []byte
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			t, ok := c.(*ast.Text)
			if !ok || len(texts) > 0 && t.Segment.Start != texts[len(texts)-1].Segment.Stop {
				break
			}
			texts = append(texts, t)
			lead = append(lead, t.Segment.Value(src)...)
			if len(lead) > 80 {
				break
			}
		}
		if len(texts) == 0 {
			return ast.WalkSkipChildren, nil
		}
		m := anchorRe.FindSubmatch(lead)
		if m == nil {
			return ast.WalkSkipChildren, nil
		}
		id := string(m[1])
		first := texts[0]
		refs = append(refs, AnchorRef{ID: id, Pos: first.Segment.Start})
		// Consume the "{#id} " from the text nodes it spans.
		rest := len(m[0])
		for _, t := range texts {
			if rest == 0 {
				break
			}
			k := min(rest, t.Segment.Len())
			t.Segment = t.Segment.WithStart(t.Segment.Start + k)
			rest -= k
		}
		target := n
		if li := n.Parent(); li != nil && li.Kind() == ast.KindListItem && li.FirstChild() == n {
			target = li
		}
		target.SetAttributeString("id", []byte(id))
		n.InsertBefore(n, first, &Anchor{ID: id})
		return ast.WalkSkipChildren, nil
	})
	pc.Set(anchorKey, refs)
}

type anchorRenderer struct {
	label string
}

func (r anchorRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindAnchor, r.render)
}

// render writes the control as a heading's: a real link (it works without
// JavaScript and on touch), its visible "#" hidden from screen readers and
// its name in text.
func (r anchorRenderer) render(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		id := html.EscapeString(node.(*Anchor).ID)
		_, _ = w.WriteString(`<a class="anchor-link" href="#` + id + `" data-copy-link><span aria-hidden="true">#</span><span class="visually-hidden">` +
			html.EscapeString(r.label) + `</span></a>`)
	}
	return ast.WalkSkipChildren, nil
}

type anchors struct{ label string }

// AnchorExtension names rules inside sections (see Anchor); label is the
// link control's accessible name in the page's language.
func AnchorExtension(label string) goldmark.Extender { return anchors{label: label} }

func (e anchors) Extend(m goldmark.Markdown) {
	// Before the typographers and the cross-references (100): the "{#id}"
	// must be found as written.
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(anchorTransformer{}, 10)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(anchorRenderer{label: e.label}, 200)))
}
