package pipeline

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"

	"compendium/generator/hugepage"
)

// MemoryLimit is the build command's soft memory limit: the collector runs
// more often only as the heap nears it, which keeps a 10,000-page build
// within the machine's memory in the same time (docs/performance.md, "Builds").
const MemoryLimit = 900 << 20

// smallHeap is the estimated heap (HeapEstimate) up to which the build
// runs without the collector: the compendium's own site and synthetic
// sites of 100 and 200 pages were faster so, not 400 pages (as fast either
// way, with twice the peak, more than startHeap) nor 1,000
// (docs/performance.md, "Kept, with what each did").
const smallHeap = 96 << 20

// startHeap is the least heap SetMemory prepares: what the build of a site
// the size of the compendium allocates in all (its peak with the
// collector off) and the program's own before main.
const startHeap = 128 << 20

// SetMemory sets the build command's memory policy for the content in dir:
// the soft limit (MemoryLimit, unless GOMEMLIMIT is set); for a site whose
// estimated heap (HeapEstimate) is at most smallHeap, the collector off
// (unless GOGC is set); for a larger one, Go's default pace and that heap
// prepared for huge pages (hugepage.Prepare; startHeap at least, for a
// small site too). Not for serve, whose process lives on.
//
// The pace: the real site's live heap stays far below what it allocates,
// and the collector, from its small starting goal at Go's default, ran a
// dozen cycles to free memory that the pages prepared at start hold
// anyway. A small site is built with the collector off (the soft limit
// still starts it near MemoryLimit); 1,000 synthetic pages were slower
// with a less frequent collector than at Go's default: clearing more
// fresh memory costs more there than collecting (docs/performance.md,
// "Kept, with what each did").
func SetMemory(dir string) {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(MemoryLimit)
	}
	est := HeapEstimate(dir)
	if est <= smallHeap && os.Getenv("GOGC") == "" {
		debug.SetGCPercent(-1)
	}
	// Advice only: without huge pages the build runs as it would have.
	_ = hugepage.Prepare(min(max(est, startHeap), int(debug.SetMemoryLimit(-1))))
}

// HeapEstimate returns the memory a build of the content in dir is expected
// to grow to, from the content's size: a fixed part (the theme, the
// calculators, the WebAssembly module read for the offline copy, the
// program's own) and a part that grows with the text (pages, search index,
// section texts), fitted to the peaks measured (docs/performance.md,
// "Builds"). SetMemory prepares that much heap for huge pages, so an
// estimate a little high costs only address space. Reading the sizes reads
// the folder a second time (site.Load reads it too), a small fraction of
// what the prepared pages save.
func HeapEstimate(dir string) int {
	var size int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				size += info.Size()
			}
		}
		return nil
	})
	return 64<<20 + 12*int(size)
}
