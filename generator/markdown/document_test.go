package markdown

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// TestDocumentValues: one converter renders documents that each link their
// headings to their own translation and write their own calculators, from
// many goroutines at once (go test -race), and values set on a document
// replace the converter's own, nil included.
func TestDocumentValues(t *testing.T) {
	md := New(WithAltLink(&AltLink{Lang: "en", Text: "EN", Label: "In English", Base: "../../en/default/"}),
		WithExtensions(CalcBlocks(func(w util.BufWriter, c *Calc) error {
			_, err := w.WriteString("<p>default calculator</p>\n")
			return err
		})))
	src := []byte("## Armure {#armor}\n\n```calc armor\n```\n")
	render := func(v *DocumentValues) string {
		root := md.Parser().Parse(text.NewReader(src))
		if v != nil {
			SetDocumentValues(root.(*ast.Document), *v)
		}
		var b bytes.Buffer
		if err := md.Renderer().Render(&b, src, root); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if got := render(nil); !strings.Contains(got, `href="../../en/default/#armor"`) || !strings.Contains(got, "default calculator") {
		t.Errorf("without values, the converter's own are not used:\n%s", got)
	}
	if got := render(&DocumentValues{}); strings.Contains(got, "heading-alt") || strings.Contains(got, "calculator") {
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
					Calc: func(w util.BufWriter, c *Calc) error {
						_, err := w.WriteString("<p>" + c.Name + " of " + slug + "</p>\n")
						return err
					},
				})
				if !strings.Contains(got, `href="../../en/`+slug+`/#armor"`) || !strings.Contains(got, "armor of "+slug) || strings.Contains(got, "default") {
					t.Errorf("%s rendered with another document's values:\n%s", slug, got)
					return
				}
			}
		}()
	}
	wg.Wait()
}
