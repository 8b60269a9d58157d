package build

import (
	"io/fs"
	"path/filepath"
)

// HeapEstimate returns the memory a build of the content in dir is expected
// to grow to, from the content's size: a fixed part (the theme, the
// calculators, the WebAssembly module read for the offline copy, the
// program's own) and a part that grows with the text (pages, search index,
// section texts). Measured peaks (/usr/bin/time): the real site, 0.3 MB of
// content, 52–57 MB; 1,000 synthetic pages, 7.5 MB, 134–150 MB; 10,000
// pages, 75 MB, 0.91–0.94 GB. hugepage.Advise takes it as the heap to
// prepare, so an estimate a little high costs only address space.
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
