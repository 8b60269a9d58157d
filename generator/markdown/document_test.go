package markdown

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// TestDocumentValues: one converter renders documents that each link their
// headings to their own translation and write their own calculators, from
// many goroutines at once (go test -race), and values set on a document
// replace the converter's own, nil included; a calculator block writes the
// HTML its document's values hold for it, and nothing without.
func TestDocumentValues(t *testing.T) {
	md := New(WithAltLink(&AltLink{Lang: "en", Text: "EN", Label: "In English", Base: "../../en/default/"}),
		WithExtensions(CalcBlocks()))
	src := []byte("## Armure {#armor}\n\n```calc armor\n```\n")
	render := func(v *DocumentValues, calc func(*Calc) string) string {
		root := md.Parser().Parse(text.NewReader(src))
		if v != nil {
			if calc != nil {
				v.CalcHTML = map[*Calc]string{}
				_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
					if c, ok := n.(*Calc); ok && entering {
						v.CalcHTML[c] = calc(c)
					}
					return ast.WalkContinue, nil
				})
			}
			SetDocumentValues(root.(*ast.Document), *v)
		}
		var b bytes.Buffer
		if err := md.Renderer().Render(&b, src, root); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if got := render(nil, nil); !strings.Contains(got, `href="../../en/default/#armor"`) || strings.Contains(got, "calc") {
		t.Errorf("without values, the converter's own are not used:\n%s", got)
	}
	if got := render(&DocumentValues{}, nil); strings.Contains(got, "heading-alt") || strings.Contains(got, "calc") {
		t.Errorf("with empty values, the converter's own are still used:\n%s", got)
	}
	var wg sync.WaitGroup
	for _, slug := range []string{"fantasy", "contemporary", "spellcasting", "heroes-and-dragons"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				got := render(&DocumentValues{
					Alt: &AltLink{Lang: "en", Text: "EN", Label: "In English", Base: "../../en/" + slug + "/"},
				}, func(c *Calc) string { return "<p>" + c.Name + " of " + slug + "</p>\n" })
				if !strings.Contains(got, `href="../../en/`+slug+`/#armor"`) || !strings.Contains(got, "armor of "+slug) || strings.Contains(got, "default") {
					t.Errorf("%s rendered with another document's values:\n%s", slug, got)
					return
				}
			}
		}()
	}
	wg.Wait()
}
