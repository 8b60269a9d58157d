package site

import (
	"strings"
	"testing"
	"time"

	"compendium/generator/markdown"
)

// FuzzDocTime holds a document's reading (the source checks, parsing with
// the project's extensions, the glossary's marking left out, and
// rendering) to time proportional to its size: a pasted run of one
// pattern, up to 160 KB, read in over a second fails when reading half
// of it took less than a third of that (each the fastest of three) (time growing with the square of
// the size gives four times, linear time two). The growth, not a
// duration, is the budget, so that a machine running other tests beside
// it slows both readings alike. The seeds are the reliability audit's
// pathological lines (R3) and what fuzzing found since
// (docs/performance.md has their times).
func FuzzDocTime(f *testing.F) {
	for _, p := range []string{"[", "{=", ">", "*0 * 0", "_0 _ 0", "~0 ~ 0", "*a **a ", "![", "<", "`", "\\", "[[x]", "> *", "- [", "| a "} {
		f.Add(p, 160<<10)
	}
	md := markdown.New(markdown.WithLanguage("fr"))
	read := func(pattern string, size int) time.Duration {
		src := []byte("---\ntitle: T\n---\n## A {#a}\n\n" + strings.Repeat(pattern, size/len(pattern)+1)[:size] + "\n")
		start := time.Now()
		var ds Diagnostics
		if body, ok := checkSource("fr/t.md", src, &ds); ok {
			d := parseDoc("fr/t.md", "fr", body, md, &ds)
			d.render(&ds)
		}
		return time.Since(start)
	}
	f.Fuzz(func(t *testing.T, pattern string, size int) {
		if pattern == "" || size <= 0 || size > 160<<10 {
			return
		}
		full := read(pattern, size)
		if full < time.Second {
			return
		}
		// Slow enough to look: each reading's fastest of three, since a
		// machine busy with other tests slows one reading and not the
		// next (a linear "[" read 4 times slower than its half once).
		half := read(pattern, size/2)
		for range 2 {
			full, half = min(full, read(pattern, size)), min(half, read(pattern, size/2))
		}
		if full > 3*half {
			t.Errorf("%q: %d bytes read in %v, half of them in %v: time grows faster than the size", pattern, size, full, half)
		}
	})
}

// TestEmphasisMarksBounded: a paragraph of more than MaxEmphasisMarks
// emphasis marks (a pasted run goldmark would pair in quadratic time) is
// one problem at the paragraph's first line, and the document is not
// parsed; the marks of separate paragraphs do not add up.
func TestEmphasisMarksBounded(t *testing.T) {
	head := "---\ntitle: T\n---\n## A {#a}\n\n"
	many := strings.Repeat("*0 * 0", MaxEmphasisMarks/2+1)
	for _, tt := range []struct {
		body string
		line int // 0: accepted
	}{
		{"Du **gras**, de l'*italique*, ~~barré~~ et un_mot.\n", 0},
		{strings.Repeat(strings.Repeat("*a* ", MaxEmphasisMarks/4)+"\n\n", 10), 0},
		{strings.Repeat("_", MaxEmphasisMarks) + "\n", 0},
		{"Texte.\n\n" + many + "\n", 8},
		{"Texte.\n\n- un\n" + strings.Repeat("- *a* _b_ ~c~\n", MaxEmphasisMarks/6+1), 8},
	} {
		var ds Diagnostics
		_, ok := checkSource("fr/t.md", []byte(head+tt.body), &ds)
		if tt.line == 0 {
			if !ok || len(ds) > 0 {
				t.Errorf("%.40q: refused: %v", tt.body, ds)
			}
			continue
		}
		if ok || len(ds) != 1 || ds[0].Kind != "emphasis-too-many" || ds[0].Line != tt.line {
			t.Errorf("%.40q: ok %v, diagnostics %+v, want one emphasis-too-many at line %d", tt.body, ok, ds, tt.line)
			continue
		}
		if m := ds[0].MissingArgs(); len(m) > 0 {
			t.Errorf("message lacks %v", m)
		}
		for _, lang := range []string{"en", "fr"} {
			if msg := ds[0].Message(lang); !strings.Contains(msg, "2000") || strings.Contains(msg, "{") {
				t.Errorf("%s message %q", lang, msg)
			}
		}
	}
}
