package markdown

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// Non-breaking spaces of French typesetting: a narrow one (U+202F) before
// ; ! ? and a plain one (U+00A0) before : and inside « », as the Imprimerie
// nationale's rules have it. They keep "PA :" or "« Assommé »" from being
// split across two lines on a narrow phone screen.
const (
	nbsp  = '\u00a0'
	nnbsp = '\u202f'
)

// FrenchTypeset returns s set in French typography: curly apostrophes and
// non-breaking spaces before high punctuation and inside guillemets. afterInline
// tells whether s continues an inline element (emphasis, link) so that a
// leading ":" still gets its space.
func FrenchTypeset(s string, afterInline bool) string {
	// Most text nodes hold none of the characters set here: they come out
	// as they are, without the two rune slices (FrenchTypeset showed in a
	// large build's CPU profile, mostly those allocations). The ASCII
	// characters and the two guillemets are looked for apart:
	// strings.ContainsAny with a set that is not all ASCII decodes every
	// rune of s and scans the set for each, far slower than a byte-set
	// lookup and two byte searches.
	if !strings.ContainsAny(s, "';!?:") && !strings.Contains(s, "«") && !strings.Contains(s, "»") {
		return s
	}
	out := make([]rune, 0, len(s)+8)
	rs := []rune(s)
	for i, r := range rs {
		switch r {
		case '\'':
			out = append(out, '’')
		case ';', '!', '?', ':':
			space := nnbsp
			if r == ':' {
				space = nbsp
				// A colon not followed by a space or the end is part of a token
				// such as a URL or a time ("https://", "12:30"): leave it.
				if i+1 < len(rs) && !unicode.IsSpace(rs[i+1]) {
					out = append(out, r)
					continue
				}
			}
			n := len(out)
			switch {
			case n > 0 && out[n-1] == ' ':
				out[n-1] = space
			case n > 0 && (out[n-1] == nbsp || out[n-1] == nnbsp):
				out[n-1] = space
			case n > 0 && isWordEnd(out[n-1]):
				out = append(out, space)
			case n == 0 && afterInline:
				out = append(out, space)
			}
			out = append(out, r)
		case '«':
			out = append(out, r)
			if i+1 < len(rs) && rs[i+1] != ' ' && rs[i+1] != nbsp {
				out = append(out, nbsp)
			}
		case ' ':
			if n := len(out); n > 0 && out[n-1] == '«' {
				out = append(out, nbsp)
				continue
			}
			out = append(out, r)
		case '»':
			n := len(out)
			switch {
			case n > 0 && out[n-1] == ' ':
				out[n-1] = nbsp
			case n > 0 && out[n-1] != nbsp:
				out = append(out, nbsp)
			case n == 0 && afterInline:
				out = append(out, nbsp)
			}
			out = append(out, r)
		default:
			out = append(out, r)
		}
	}
	return string(out)
}

// TypesetText returns the text of n set by FrenchTypeset, taking its
// neighbours into account: goldmark splits text at characters that may open
// an inline ("!" of an image, "[" of a link), so "maxi !" can arrive as
// "maxi " and "!".
func TypesetText(n *ast.Text, source []byte) string {
	s := string(n.Segment.Value(source))
	afterInline := false
	if prev := n.PreviousSibling(); prev != nil {
		afterInline = true
		if t, ok := prev.(*ast.Text); ok {
			v := t.Segment.Value(source)
			afterInline = len(v) > 0 && v[len(v)-1] != ' ' && !t.SoftLineBreak()
		}
	}
	out := FrenchTypeset(s, afterInline)
	if next, ok := n.NextSibling().(*ast.Text); ok && strings.HasSuffix(out, " ") && !n.SoftLineBreak() {
		v := string(next.Segment.Value(source))
		switch {
		case strings.HasPrefix(v, ";"), strings.HasPrefix(v, "!"), strings.HasPrefix(v, "?"):
			out = out[:len(out)-1] + string(nnbsp)
		case strings.HasPrefix(v, "»"), v == ":", strings.HasPrefix(v, ": "):
			out = out[:len(out)-1] + string(nbsp)
		}
	}
	return out
}

// isWordEnd reports whether r may end the word that high punctuation follows
// without a space in the source ("aussi?", "Général:").
func isWordEnd(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == ')' || r == '»' || r == '"' || r == '’' || r == '…' || r == '.'
}

type frenchTextRenderer struct {
	html.Config
}

// NewFrenchTextRenderer returns a renderer for text nodes that applies
// FrenchTypeset and otherwise behaves as goldmark's own text renderer.
func NewFrenchTextRenderer() renderer.NodeRenderer {
	return &frenchTextRenderer{Config: html.NewConfig()}
}

func (r *frenchTextRenderer) SetOption(name renderer.OptionName, value any) {
	r.Config.SetOption(name, value)
}

func (r *frenchTextRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindText, r.renderText)
}

func (r *frenchTextRenderer) renderText(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Text)
	value := n.Segment.Value(source)
	if n.IsRaw() || inCode(n) {
		r.Writer.RawWrite(w, value)
	} else if utf8.Valid(value) {
		r.Writer.Write(w, []byte(TypesetText(n, source)))
	} else {
		r.Writer.Write(w, value)
	}
	switch {
	case n.HardLineBreak() || (n.SoftLineBreak() && r.HardWraps):
		_, _ = w.WriteString("<br>\n")
	case n.SoftLineBreak():
		_ = w.WriteByte('\n')
	}
	return ast.WalkContinue, nil
}

// inCode reports whether n is inside a code span, whose text must stay as written.
func inCode(n ast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Kind() == ast.KindCodeSpan {
			return true
		}
	}
	return false
}

type frenchTypographer struct{}

// FrenchTypographer sets running text in French typography (see FrenchTypeset).
var FrenchTypographer goldmark.Extender = frenchTypographer{}

func (frenchTypographer) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(NewFrenchTextRenderer(), 100)))
}
