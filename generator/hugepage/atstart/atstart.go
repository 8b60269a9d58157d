// Package atstart, imported for its side effect by the generator's main,
// prepares Heap bytes of heap for 2 MB pages (hugepage.Prepare) for the
// build command before the other packages initialise, because that is
// where the build's first allocations are: chroma's lexer registry (2.7 MB
// in 31,000 allocations) took 12–20 ms instead of 28–41, and main started
// 10–15 ms sooner (GODEBUG=inittrace=1, 6 runs each, in turn).
//
// Go initialises, among the packages whose imports are initialised, the
// one whose import path sorts first: compendium/ comes before github.com/,
// but only as long as this package imports nothing that sorts late and
// that the others do not need first. Importing runtime/debug (which imports
// fmt) moved it after chroma's registry; TestEarlyImports keeps it to the
// packages it has.
package atstart

import (
	"os"

	"compendium/generator/hugepage"
)

// Heap is the heap prepared at start: what the program allocates before
// main, and most of the build of a site the size of the compendium (peak
// 56 MB at Go's default pace); build.SetMemory prepares more for a larger
// one. Preparing 96 or 128 MB here or in main did not make the real site's
// build faster (0.21–0.22 s against 0.20, 8 builds each, in turn).
const Heap = 64 << 20

func init() {
	if len(os.Args) > 1 && os.Args[1] == "build" {
		// Advice only: without huge pages the build runs as it would have.
		_ = hugepage.Prepare(Heap)
	}
}
