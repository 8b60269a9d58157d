package atstart

import (
	"go/build"
	"slices"
	"testing"
)

// TestEarlyImports holds package atstart and package hugepage to imports
// that Go initialises before any other package of the program: one more
// (runtime/debug, through fmt) made atstart initialise after chroma's
// lexer registry, whose allocations it is there to prepare for.
func TestEarlyImports(t *testing.T) {
	for _, tc := range []struct {
		dir     string
		allowed []string
	}{
		{".", []string{"os", "compendium/generator/hugepage"}},
		{"..", []string{"errors", "runtime", "sync", "syscall", "unsafe"}},
	} {
		p, err := build.ImportDir(tc.dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range p.Imports {
			if !slices.Contains(tc.allowed, imp) {
				t.Errorf("package %s imports %s: keep it to %v, or check with GODEBUG=inittrace=1 that it still initialises before github.com/alecthomas/chroma/v2/lexers", p.Name, imp, tc.allowed)
			}
		}
	}
}
