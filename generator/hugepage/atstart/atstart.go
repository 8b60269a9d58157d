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
// main, and the whole build of a site the size of the compendium, which
// allocates 80 MB in all (its peak with the collector off, as
// build.SetMemory leaves it for a small site); build.SetMemory prepares
// more for a larger one.
const Heap = 128 << 20

func init() {
	if len(os.Args) > 1 && os.Args[1] == "build" {
		// Advice only: without huge pages the build runs as it would have.
		_ = hugepage.Prepare(Heap)
	}
}
