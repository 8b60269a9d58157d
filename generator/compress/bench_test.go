package compress

import (
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"testing"
)

// site returns a synthetic site of n files shaped like the compendium's:
// mostly pages of 2 to 30 KB, a few long pages and search indexes over the
// cache threshold, assets, images (no twins) and files too small for one.
func site(n int) map[string][]byte {
	files := map[string][]byte{"_headers": text(0, 600)}
	for i := 1; len(files) < n; i++ {
		seed := uint64(i)
		switch {
		case i%50 == 0:
			files[fmt.Sprintf("assets/search-%d.json", i)] = text(seed, 100<<10)
		case i%40 == 0:
			files[fmt.Sprintf("fr/side-by-side-%d/index.html", i)] = text(seed, 70<<10)
		case i%20 == 0:
			files[fmt.Sprintf("img/figure-%d.png", i)] = noise(8 << 10)
		case i%15 == 0:
			files[fmt.Sprintf("assets/main-%d.js", i)] = text(seed, 12<<10)
		case i%10 == 0:
			files[fmt.Sprintf("assets/tiny-%d.css", i)] = text(seed, 300)
		default:
			files[fmt.Sprintf("fr/page-%d/index.html", i)] = text(seed, 2<<10+(i*997)%(28<<10))
		}
	}
	return files
}

// BenchmarkTwins: both twins of a 200-file site, no cache (every build's
// cost for the pages, which change between builds).
func BenchmarkTwins(b *testing.B) {
	files := site(200)
	var size int
	for _, d := range files {
		size += len(d)
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	for b.Loop() {
		if _, err := Twins(files, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTwinsCached: the same site with every big file's twins in the
// cache, as on a rebuild after editing a page.
func BenchmarkTwinsCached(b *testing.B) {
	files := site(200)
	opt := Options{CacheDir: b.TempDir()}
	if _, err := Twins(files, opt); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Twins(files, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCost: one file's twin by each way, for the figures behind
// cacheMin.
func BenchmarkCost(b *testing.B) {
	for _, size := range []int{4 << 10, 16 << 10, 64 << 10} {
		data := text(9, size)
		for _, a := range algos {
			b.Run(fmt.Sprintf("%s/%dKB", a.ext[1:], size>>10), func(b *testing.B) {
				b.SetBytes(int64(size))
				for b.Loop() {
					if _, err := a.code(data); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		b.Run(fmt.Sprintf("hit/%dKB", size>>10), func(b *testing.B) {
			// What a cache hit costs Twins: the input's hash, then both
			// entries read and checked.
			dir := b.TempDir()
			var files []string
			for _, a := range algos {
				twin, _ := a.code(data)
				name := fmt.Sprintf("x.%s%s", a.tag, a.ext)
				files = append(files, filepath.Join(dir, name))
				writeEntry(files[len(files)-1], name, twin)
			}
			b.SetBytes(int64(size))
			b.ResetTimer()
			for b.Loop() {
				sha256.Sum256(data)
				for _, f := range files {
					if _, ok := readEntry(f, filepath.Base(f)); !ok {
						b.Fatal("entry refused")
					}
				}
			}
		})
	}
}
