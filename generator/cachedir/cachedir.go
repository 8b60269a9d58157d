// Package cachedir bounds the build's small caches under .cache/ (the
// esbuild bundles, the previous editions' engine answers): each keeps its
// newest entries only.
package cachedir

import (
	"os"
	"path/filepath"
	"sort"
)

// KeepNewest removes all but the keep most recently written files of dir.
// Errors are dropped: a cache that cannot be pruned costs disk, not a
// build.
func KeepNewest(dir string, keep int) {
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) <= keep {
		return
	}
	type entry struct {
		name string
		mod  int64
	}
	var list []entry
	for _, e := range entries {
		if fi, err := e.Info(); err == nil && !e.IsDir() {
			list = append(list, entry{e.Name(), fi.ModTime().UnixNano()})
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].mod > list[j].mod })
	for _, e := range list[min(keep, len(list)):] {
		_ = os.Remove(filepath.Join(dir, e.name))
	}
}
