package markdown

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/alecthomas/chroma/v2/styles"
)

var update = flag.Bool("update", false, "rewrite theme/css/chroma.css from chroma's styles")

const chromaCSS = "../../theme/css/chroma.css"

// chromaCSSHead starts theme/css/chroma.css.
const chromaCSSHead = `/* Highlighted code: chroma's "github" style, and "github-dark" under
   prefers-color-scheme: dark. Written by
   go test ./generator/markdown -run TestChromaCSS -update; do not edit. */
`

// TestChromaCSS: theme/css/chroma.css is the style sheet of the classes
// Highlight writes, for the styles of the chroma version in go.mod (the
// program itself does not load chroma's styles: see classesOnly).
func TestChromaCSS(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(chromaCSSHead)
	if err := writeHighlightCSS(&b, styles.Get("github"), styles.Get("github-dark")); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(chromaCSS, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(chromaCSS)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, b.Bytes()) {
		t.Errorf("%s is not what chroma's styles give: go test ./generator/markdown -run TestChromaCSS -update", chromaCSS)
	}
}
