package compress

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

// text returns n bytes of page-like text, the same for the same seed.
func text(seed uint64, n int) []byte {
	words := strings.Fields("armure dégâts <p> </p> <a href=\"/fr/\"> class=\"rule\" initiative bouclier attack roll the of and <td> </td> défense 12 3d6 +2 {\"id\": \"x\"}")
	r := rand.New(rand.NewPCG(seed, 1))
	var b bytes.Buffer
	for b.Len() < n {
		b.WriteString(words[r.IntN(len(words))])
		b.WriteByte(" \n"[r.IntN(8)/7])
	}
	return b.Bytes()[:n]
}

// repeated returns n bytes of text repeating every 4 KB: over the cache
// threshold, yet quick to compress.
func repeated(seed uint64, n int) []byte {
	return bytes.Repeat(text(seed, 4<<10), n/(4<<10)+1)[:n]
}

// noise returns n random bytes: no encoder shrinks them.
func noise(n int) []byte {
	r := rand.New(rand.NewPCG(7, 7))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func decode(t *testing.T, name string, twin []byte) []byte {
	t.Helper()
	var r io.Reader
	switch filepath.Ext(name) {
	case ".br":
		r = brotli.NewReader(bytes.NewReader(twin))
	case ".gz":
		zr, err := gzip.NewReader(bytes.NewReader(twin))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r = zr
	default:
		t.Fatalf("%s: not a twin", name)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return b
}

func keys(m map[string][]byte) []string {
	var k []string
	for n := range m {
		k = append(k, n)
	}
	sort.Strings(k)
	return k
}

func TestTwins(t *testing.T) {
	page := text(1, 4000)
	tests := []struct {
		name  string
		file  string
		data  []byte
		twins bool // both twins expected
	}{
		{"page", "fr/index.html", page, true},
		{"upper-case extension", "EN/INDEX.HTML", page, true},
		{"css", "assets/main-X.css", page, true},
		{"javascript", "sw.js", page, true},
		{"module script", "assets/a.mjs", page, true},
		{"json", "assets/search-fr-X.json", page, true},
		{"svg", "favicon.svg", page, true},
		{"xml", "sitemap.xml", page, true},
		{"txt", "robots.txt", page, true},
		{"manifest", "manifest.webmanifest", page, true},
		{"webassembly", "assets/engine-X.wasm", append([]byte("\x00asm"), page...), true},
		{"source map", "assets/main-X.js.map", page, true},
		{"exactly 512 bytes", "assets/small.css", page[:512], true},
		{"511 bytes: too small", "assets/tiny.css", page[:511], false},
		{"_headers: read by the host", "_headers", page, false},
		{"brotli already", "old.html.br", page, false},
		{"gzip already", "old.html.gz", page, false},
		{"png", "img/a.png", page, false},
		{"jpeg", "img/a.jpg", page, false},
		{"webp", "img/a.webp", page, false},
		{"font", "assets/a.woff2", page, false},
		{"no extension", "LICENSE", page, false},
		{"twins not smaller are left out", "assets/random.js", noise(4000), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Twins(map[string][]byte{tt.file: tt.data}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			if tt.twins {
				want = []string{tt.file + ".br", tt.file + ".gz"}
			}
			if k := keys(got); fmt.Sprint(k) != fmt.Sprint(want) {
				t.Fatalf("twins %v, want %v", k, want)
			}
			for name, twin := range got {
				if !bytes.Equal(decode(t, name, twin), tt.data) {
					t.Errorf("%s does not decompress to its original", name)
				}
				if len(twin) >= len(tt.data) {
					t.Errorf("%s is %d bytes, its original %d", name, len(twin), len(tt.data))
				}
			}
		})
	}
}

// TestWholeSite: every twin of a mixed site decompresses to its original,
// and the input map is left as it was.
func TestWholeSite(t *testing.T) {
	files := site(16)
	before := len(files)
	got, err := Twins(files, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != before {
		t.Error("Twins changed its input map")
	}
	if len(got) == 0 {
		t.Fatal("no twins")
	}
	for name, twin := range got {
		orig, ok := files[strings.TrimSuffix(strings.TrimSuffix(name, ".br"), ".gz")]
		if !ok {
			t.Fatalf("%s: twin of no file", name)
		}
		if !bytes.Equal(decode(t, name, twin), orig) {
			t.Errorf("%s does not decompress to its original", name)
		}
	}
}

func TestTwinNameTaken(t *testing.T) {
	page := text(1, 2000)
	_, err := Twins(map[string][]byte{"a.html": page, "a.html.br": page}, Options{})
	if err == nil || !strings.Contains(err.Error(), "a.html.br") {
		t.Errorf("error %v, want one naming a.html.br", err)
	}
}

// TestDeterministic: the same bytes whatever the number of workers and the
// order they take the files in.
func TestDeterministic(t *testing.T) {
	files := map[string][]byte{}
	for name, data := range site(30) {
		files[name] = data[:min(len(data), 4<<10)] // many files, quickly
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var runs []map[string][]byte
	for _, procs := range []int{1, 2, 4} {
		runtime.GOMAXPROCS(procs)
		got, err := Twins(files, Options{})
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, got)
	}
	for i := 1; i < len(runs); i++ {
		if fmt.Sprint(keys(runs[i])) != fmt.Sprint(keys(runs[0])) {
			t.Fatalf("run %d made other twins", i)
		}
		for name, twin := range runs[0] {
			if !bytes.Equal(twin, runs[i][name]) {
				t.Errorf("run %d: %s differs", i, name)
			}
		}
	}
	// No name and no time in the gzip header: flags 0, MTIME 0.
	for name, twin := range runs[0] {
		if strings.HasSuffix(name, ".gz") {
			if twin[3] != 0 || !bytes.Equal(twin[4:8], []byte{0, 0, 0, 0}) {
				t.Errorf("%s: gzip header %x has a name or a time", name, twin[:10])
			}
		}
	}
}

// TestCache: big files' twins are kept in CacheDir, a hit serves the entry,
// and a damaged entry is made again rather than served.
func TestCache(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{"assets/search-fr-X.json": repeated(2, cacheMin)}
	first, err := Twins(files, Options{CacheDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	entries, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(entries) != 2 {
		t.Fatalf("cache holds %v, want the two twins of the big file", entries)
	}
	smallDir := t.TempDir()
	if _, err := Twins(map[string][]byte{"fr/index.html": repeated(3, cacheMin-1)}, Options{CacheDir: smallDir}); err != nil {
		t.Fatal(err)
	}
	if entries, _ := filepath.Glob(filepath.Join(smallDir, "*")); len(entries) != 0 {
		t.Errorf("a file under %d bytes was cached: %v", cacheMin, entries)
	}
	entry := func(ext string) string {
		t.Helper()
		m, _ := filepath.Glob(filepath.Join(dir, "*"+ext))
		if len(m) != 1 {
			t.Fatalf("cache entries %v for %s", m, ext)
		}
		return m[0]
	}
	brEntry, gzEntry := entry(".br"), entry(".gz")
	uncached, err := Twins(files, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for name, twin := range first {
		if !bytes.Equal(twin, uncached[name]) {
			t.Errorf("%s through the cache differs from %s without", name, name)
		}
	}

	t.Run("hit returns the same bytes", func(t *testing.T) {
		again, err := Twins(files, Options{CacheDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		for name, twin := range first {
			if !bytes.Equal(twin, again[name]) {
				t.Errorf("%s differs on a cache hit", name)
			}
		}
	})

	t.Run("hit is used", func(t *testing.T) {
		// An entry that is whole, for a twin the build would not make:
		// served as it is, so the cache is read rather than bypassed.
		forged := []byte("forged twin")
		writeEntry(brEntry, filepath.Base(brEntry), forged)
		got, err := Twins(files, Options{CacheDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got["assets/search-fr-X.json.br"], forged) {
			t.Error("the cache entry was not used")
		}
		writeEntry(brEntry, filepath.Base(brEntry), first["assets/search-fr-X.json.br"])
	})

	damage := []struct {
		name string
		do   func(b []byte) []byte
	}{
		{"truncated", func(b []byte) []byte { return b[:len(b)/2] }},
		{"one byte changed", func(b []byte) []byte { b[100] ^= 1; return b }},
		{"checksum only", func(b []byte) []byte { return b[len(b)-32:] }},
		{"empty", func(b []byte) []byte { return nil }},
		{"twin without checksum", func(b []byte) []byte { return b[:len(b)-32] }},
	}
	for _, d := range damage {
		t.Run(d.name+" entry is not served", func(t *testing.T) {
			for _, file := range []string{brEntry, gzEntry} {
				b, _ := os.ReadFile(file)
				os.WriteFile(file, d.do(b), 0o644)
			}
			got, err := Twins(files, Options{CacheDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			for name, twin := range first {
				if !bytes.Equal(twin, got[name]) {
					t.Errorf("%s: a damaged cache entry was served", name)
				}
			}
			for _, file := range []string{brEntry, gzEntry} {
				if _, ok := readEntry(file, filepath.Base(file)); !ok {
					t.Errorf("%s was not written again", file)
				}
			}
		})
	}

	t.Run("another name's entry is not served", func(t *testing.T) {
		// The checksum covers the entry's name: a whole entry copied
		// under the name of other content is refused.
		other := map[string][]byte{"b.json": repeated(4, cacheMin)}
		want, _ := Twins(other, Options{})
		if _, err := Twins(other, Options{CacheDir: dir}); err != nil {
			t.Fatal(err)
		}
		m, _ := filepath.Glob(filepath.Join(dir, "*.br"))
		for _, f := range m {
			if f != brEntry {
				b, _ := os.ReadFile(brEntry)
				os.WriteFile(f, b, 0o644)
			}
		}
		got, err := Twins(other, Options{CacheDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got["b.json.br"], want["b.json.br"]) {
			t.Error("an entry copied from another name was served")
		}
	})

	t.Run("a cache that cannot be written does not fail the build", func(t *testing.T) {
		notDir := filepath.Join(t.TempDir(), "file")
		os.WriteFile(notDir, nil, 0o644)
		got, err := Twins(files, Options{CacheDir: filepath.Join(notDir, "cache")})
		if err != nil {
			t.Fatal(err)
		}
		for name, twin := range first {
			if !bytes.Equal(twin, got[name]) {
				t.Errorf("%s differs without a usable cache", name)
			}
		}
	})
}

func TestPrune(t *testing.T) {
	dir := t.TempDir()
	old, fresh := filepath.Join(dir, "old.br"), filepath.Join(dir, "fresh.br")
	for _, f := range []string{old, fresh} {
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := time.Now().Add(-40 * 24 * time.Hour)
	if err := os.Chtimes(old, long, long); err != nil {
		t.Fatal(err)
	}
	Prune(dir, 30*24*time.Hour)
	if _, err := os.Stat(old); err == nil {
		t.Error("an entry unused for 40 days was kept")
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Error("a fresh entry was removed")
	}
}

// TestMemory: with Memory, a second call finds the first call's twins in
// the process, even with the cache on disk gone; they are the same bytes.
func TestMemory(t *testing.T) {
	files := map[string][]byte{"a.html": []byte(strings.Repeat("<p>Une règle, une autre règle.</p>\n", 100))}
	dir := t.TempDir()
	first, err := Twins(files, Options{CacheDir: dir, Memory: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	second, err := Twins(files, Options{CacheDir: filepath.Join(dir, "gone"), Memory: true})
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range first {
		if !bytes.Equal(v, second[k]) {
			t.Errorf("%s differs", k)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "gone")); err == nil {
		entries, _ := os.ReadDir(filepath.Join(dir, "gone"))
		for _, e := range entries {
			if !strings.HasPrefix(e.Name(), ".") {
				t.Errorf("the second call wrote %s: it did not use the memory", e.Name())
			}
		}
	}
}

// TestCachedOnly: with CachedOnly, a file the cache knows gets its twins
// from it, and a file it does not know gets none (and the cache learns
// nothing).
func TestCachedOnly(t *testing.T) {
	cache := t.TempDir()
	known, unknown := repeated(3, 4*cacheMin), repeated(4, 4*cacheMin)
	first, err := Twins(map[string][]byte{"a.html": known}, Options{CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(cache)
	got, err := Twins(map[string][]byte{"a.html": known, "b.html": unknown}, Options{CacheDir: cache, CachedOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got["a.html.br"], first["a.html.br"]) || !bytes.Equal(got["a.html.gz"], first["a.html.gz"]) {
		t.Error("the known file's twins did not come from the cache")
	}
	if _, ok := got["b.html.br"]; ok {
		t.Error("a file the cache does not know got a twin")
	}
	if after, _ := os.ReadDir(cache); len(after) != len(entries) {
		t.Errorf("the cache went from %d to %d entries", len(entries), len(after))
	}
}
