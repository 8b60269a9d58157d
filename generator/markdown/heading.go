package markdown

import (
	"bytes"
	"html"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// HeadingID returns the explicit ID written on a heading ("{#armor}"), or ""
// when it has none. The compendium never generates IDs: they are the public
// link contract, so each one is chosen by a person.
func HeadingID(h *ast.Heading) string {
	if v, ok := h.AttributeString("id"); ok {
		if b, ok := v.([]byte); ok {
			return string(b)
		}
		if s, ok := v.(string); ok {
			return s
		}
	}
	return ""
}

type headingRenderer struct {
	label string
	alt   *AltLink
}

// AltLink is a link from each heading to the same section in another
// language. It works without JavaScript, so a reader who switches language
// lands on the section, not on the top of the page.
type AltLink struct {
	Lang  string // e.g. "en"
	Text  string // shown, e.g. "EN"
	Label string // accessible name, e.g. "This section in English"
	Base  string // URL of the other language's page, e.g. "../../en/fantasy/"
}

// NewHeadingRenderer returns a heading renderer that adds, after the text, a
// link control to the heading's own URL. The control is a real link, so it
// works without JavaScript and on touch; the theme's script upgrades it to
// copy the full URL. label is its accessible name in the page's language.
func NewHeadingRenderer(label string, alt *AltLink) renderer.NodeRenderer {
	return headingRenderer{label: label, alt: alt}
}

func (r headingRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHeading, r.render)
}

func (r headingRenderer) render(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Heading)
	tag := "h" + string(rune('0'+n.Level))
	id := HeadingID(n)
	if entering {
		_, _ = w.WriteString("<" + tag)
		if id != "" {
			_, _ = w.WriteString(` id="` + html.EscapeString(id) + `"`)
		}
		_, _ = w.WriteString(`><span class="heading-text">`)
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString("</span>")
	if id != "" {
		// The visible "#" is hidden from screen readers and the name is
		// text, not aria-label, so that the accessible name holds what is
		// seen (WCAG 2.5.3, axe's label-content-name-mismatch).
		_, _ = w.WriteString(`<a class="heading-link" href="#` + html.EscapeString(id) + `" data-copy-link><span aria-hidden="true">#</span><span class="visually-hidden">` +
			html.EscapeString(r.label) + `</span></a>`)
		a := r.alt
		var edit *EditLink
		if v, ok := documentValues(node); ok {
			a, edit = v.Alt, v.Edit
		}
		if a != nil {
			_, _ = w.WriteString(`<a class="heading-alt" href="` + html.EscapeString(a.Base) + `#` + html.EscapeString(id) +
				`" hreflang="` + a.Lang + `" lang="` + a.Lang + `"><span aria-hidden="true">` + html.EscapeString(a.Text) + `</span><span class="visually-hidden">` + html.EscapeString(a.Label) + `</span></a>`)
		}
		if edit != nil && n.Lines().Len() > 0 {
			// The heading's line: its text's offset in the source, counted
			// from the body's first line in the file.
			line := edit.FirstLine + bytes.Count(source[:n.Lines().At(0).Start], []byte("\n"))
			href := strings.ReplaceAll(edit.URL, "{line}", strconv.Itoa(line))
			_, _ = w.WriteString(`<a class="heading-edit" href="` + html.EscapeString(href) + `"><span aria-hidden="true">✎</span><span class="visually-hidden">` + html.EscapeString(edit.Label) + `</span></a>`)
		}
	}
	_, _ = w.WriteString("</" + tag + ">\n")
	return ast.WalkContinue, nil
}

type headings struct {
	label string
	alt   *AltLink
}

// Headings renders headings with their link control and, when alt is set,
// a link to the same section in another language (see NewHeadingRenderer).
func Headings(label string, alt *AltLink) goldmark.Extender { return headings{label: label, alt: alt} }

func (e headings) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(NewHeadingRenderer(e.label, e.alt), 200)))
}
