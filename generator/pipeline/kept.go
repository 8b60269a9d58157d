package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"

	"compendium/generator/compress"
)

// keptPages are the pages a build leaves in the output folder as they are:
// rendered, hashed at once, found identical to what the folder's manifest
// records, and let go rather than held until the write. At 10,000 pages
// the rendered pages were a fifth of the build's peak, and a rebuild
// changes few of them.
type keptPages struct {
	prev  *manifest
	twins bool // the build makes twins: a page is kept with its twins only

	mu    sync.Mutex
	sums  Sums
	sizes map[string]int
	// made are the sums of the pages hashed here and found changed: the
	// build's hashing takes them as known rather than hashing them again
	// (after a theme edit, every page of the site).
	made Sums
	// twinSums are the kept pages' twins, as the manifest records them
	// (a prefix of their sum): they stay in the folder too.
	twinSums map[string]string
}

func newKeptPages(prev *manifest, twins bool) *keptPages {
	return &keptPages{prev: prev, twins: twins, sums: Sums{}, sizes: map[string]int{}, made: Sums{}, twinSums: map[string]string{}}
}

// unchanged is render.Extra.Unchanged: it reports whether the folder
// holds name with the bytes b (and, when the build makes twins, the twins
// a file of its kind and size has), and then keeps it.
func (k *keptPages) unchanged(name string, b []byte) bool {
	if k.prev == nil {
		return false
	}
	want, ok := k.prev.Files[name]
	if !ok {
		return false
	}
	sum := sha256.Sum256(b)
	if hex.EncodeToString(sum[:16]) != want {
		k.recordMade(name, sum)
		return false
	}
	var twins [2][2]string
	n := 0
	if k.twins && compress.HasTwins(name, len(b)) {
		for _, ext := range []string{".br", ".gz"} {
			t, ok := k.prev.Files[name+ext]
			if !ok {
				// The folder lacks a twin this build makes (the last
				// build made none, or was Live): the page goes through
				// the twins' stage as a changed one.
				k.recordMade(name, sum)
				return false
			}
			twins[n] = [2]string{name + ext, t}
			n++
		}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.sums[name] = sum
	k.sizes[name] = len(b)
	for _, t := range twins[:n] {
		k.twinSums[t[0]] = t[1]
	}
	return true
}

// recordMade keeps the sum of a page found changed.
func (k *keptPages) recordMade(name string, sum [sha256.Size]byte) {
	k.mu.Lock()
	k.made[name] = sum
	k.mu.Unlock()
}

// addTo adds the kept pages' sums to sums.
func (k *keptPages) addTo(sums Sums) Sums {
	for name, sum := range k.sums {
		sums[name] = sum
	}
	return sums
}
