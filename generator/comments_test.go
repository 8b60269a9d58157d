package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// measurement matches a figure with a unit of time, size or ratio: "0.15 s",
// "111 MB", "5 %", "1.8×", "3 allocs". A comment that carries one goes stale
// with the next machine or the next change; the figure belongs in
// docs/performance.md beside the command that measures it.
var measurement = regexp.MustCompile(`(?:^|[^\w+.,])\d[\d.,]*(?:[ \x{a0}\x{202f}]?(?:ms|µs|ns|s|KB|KiB|kB|MB|MiB|GB|GiB|bytes|allocs)\b|[ \x{a0}\x{202f}]min\b|[ \x{a0}\x{202f}]?%|[×x](?:[^\w.]|$))`)

// maxMeasuredComments is issue 52's allowance: a handful of figures that
// are the reason for a choice and cannot be said without them.
const maxMeasuredComments = 30

// measuredComments returns, as "file:line: text", the comment lines of the
// non-test Go files under roots that carry a measurement.
func measuredComments(t *testing.T, roots ...string) []string {
	t.Helper()
	var found []string
	fset := token.NewFileSet()
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
			if err != nil {
				return err
			}
			for _, g := range f.Comments {
				for _, c := range g.List {
					line := fset.Position(c.Slash).Line
					for i, text := range strings.Split(c.Text, "\n") {
						if measurement.MatchString(text) {
							found = append(found, filepath.ToSlash(path)+":"+strconv.Itoa(line+i)+": "+strings.TrimSpace(text))
						}
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return found
}

// TestFiguresLiveInDocs: at most maxMeasuredComments comment lines of the
// generator and the engine carry a measurement; comments keep the contract
// or the reason, docs/performance.md keeps the figures and how to measure
// them.
func TestFiguresLiveInDocs(t *testing.T) {
	found := measuredComments(t, ".", "../wasm")
	if len(found) > maxMeasuredComments {
		t.Errorf("%d comment lines carry a measurement, at most %d may: move the figure to docs/performance.md with the command that measures it, and keep the reason in the comment:\n%s",
			len(found), maxMeasuredComments, strings.Join(found, "\n"))
	}
}

// TestMeasurementPattern: the pattern finds figures and leaves numbers
// that are not measurements.
func TestMeasurementPattern(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"0.15 s against 0.18", true},
		{"111 MB of a 595 MB peak", true},
		{"within 5 % of today", true},
		{"1.8× a do-nothing page", true},
		{"costs 3 allocs per call", true},
		{"takes 12ms", true},
		{"24 KiB of brotli", true},
		{"the 2 sides of a card", false},
		{"rule 3 says so", false},
		{"0x1F is the mask", false},
		{"an invisible U+200B", false},
		{"a 1200×630 PNG", false},
		{"100 × 0.5525 in floating point", false},
		{"at most 100 rows", false},
	} {
		if got := measurement.MatchString(c.text); got != c.want {
			t.Errorf("%q: measurement %v, want %v", c.text, got, c.want)
		}
	}
}
