package site

import (
	"strings"
	"testing"
)

// TestDeepQuotesRefused: a line that nests block quotes deeper than
// MaxQuoteDepth (a pasted run of '>', which goldmark parses in time
// growing with the square of the depth) is one problem at its line, and
// the document is not parsed; a quote inside a quote, and the deepest
// depth allowed, are read as usual.
func TestDeepQuotesRefused(t *testing.T) {
	head := "---\ntitle: T\n---\n## A {#a}\n\ntext\n\n"
	for _, tt := range []struct {
		body string
		line int // 0: accepted
	}{
		{"> a quote\n> > inside a quote\n", 0},
		{strings.Repeat("> ", MaxQuoteDepth) + "deepest allowed\n", 0},
		{"> fine\n\n" + strings.Repeat(">", MaxQuoteDepth+1) + " too deep\n", 10},
		{"x\n" + strings.Repeat("> \t", 200000) + "\n", 9},
	} {
		var ds Diagnostics
		_, ok := checkSource("fr/t.md", []byte(head+tt.body), &ds)
		if tt.line == 0 {
			if !ok || len(ds) > 0 {
				t.Errorf("%.40q: refused: %v", tt.body, ds)
			}
			continue
		}
		if ok || len(ds) != 1 || ds[0].Kind != "quote-too-deep" || ds[0].Line != tt.line {
			t.Errorf("%.40q: ok %v, diagnostics %+v, want one quote-too-deep at line %d", tt.body, ok, ds, tt.line)
			continue
		}
		for _, lang := range []string{"en", "fr"} {
			if msg := ds[0].Message(lang); !strings.Contains(msg, "20") || strings.Contains(msg, "{") {
				t.Errorf("%s message %q", lang, msg)
			}
		}
	}
}
