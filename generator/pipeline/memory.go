package pipeline

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"

	"compendium/generator/hugepage"
)

// MemoryLimit is the build command's soft memory limit: the collector runs
// more often only as the heap nears it. When it was set, the live heap of
// 10,000 pages peaked at 516 MB (423 MB since) and the process reached
// 1.10 GB with the collector's default pacing, 0.94 GB under the limit, in
// the same time (21.8 and 25.2 s against 21.0 and 26.1, in turn).
const MemoryLimit = 900 << 20

// smallHeap is the estimated heap (HeapEstimate) up to which the build
// runs without the collector: the compendium's own site (an estimate of
// 68 MB) and synthetic sites of 100 and 200 pages (73 and 82 MB: 0.18 and
// 0.27 s against 0.23 and 0.32 with the collector, 8 builds each, in
// turn), not 400 pages (100 MB: as fast either way, 0.44 and 0.44 s, 0.54
// and 0.51 in another run, but a peak of 172 MB against 87, more than
// startHeap) nor 1,000 (154 MB).
const smallHeap = 96 << 20

// startHeap is the least heap SetMemory prepares: what the build of a site
// the size of the compendium allocates in all (80 MB, its peak with the
// collector off) and the program's own before main.
const startHeap = 128 << 20

// SetMemory sets the build command's memory policy for the content in dir:
// the soft limit (MemoryLimit, unless GOMEMLIMIT is set); for a site whose
// estimated heap (HeapEstimate) is at most smallHeap, the collector off
// (unless GOGC is set); for a larger one, Go's default pace and that heap
// prepared for 2 MB pages (hugepage.Prepare; startHeap at least, for a
// small site too). Not for serve, whose process lives on.
//
// The pace: the real site's build allocates 80 MB in all and its live heap
// peaks at 14 MB, where the collector, from its 4 MB goal at Go's default,
// ran a dozen cycles to free memory that the pages prepared at start hold
// anyway. A small site is built with the collector off (the soft limit
// still starts it near MemoryLimit): 0.15 s against 0.18 at 5 times the
// live heap and 0.20 at Go's default (user+sys 0.23, 0.27, 0.29; peak 82,
// 69 and 56 MB; 10 builds each, in turn). 1,000 synthetic pages were
// slower at 2 and 4 times than at Go's default (0.96 and 1.13 s against
// 0.87, with enough heap prepared for each): clearing more fresh memory
// costs more there than collecting.
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
// section texts). Measured peaks (/usr/bin/time): the real site, 0.3 MB of
// content, 52–57 MB; 1,000 synthetic pages, 7.5 MB, 134–150 MB; 10,000
// pages, 75 MB, 0.91–0.94 GB. SetMemory prepares that much heap for huge
// pages, so an estimate a little high costs only address space. Reading the
// sizes reads the folder a second time (site.Load reads it too): 0.3 ms
// for the real site, 69–92 ms at 10,000 pages, against the 1.7 s the
// prepared pages save there.
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
