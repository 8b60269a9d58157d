// Package compress writes the precompressed twins of the site's text files:
// beside a.html, a.html.br (brotli) and a.html.gz (gzip), which a host with
// brotli_static/gzip_static (nginx) or the local server sends as they are,
// instead of compressing every response on the fly at a worse level.
package compress

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"

	"compendium/generator/par"
)

// Options configures Twins.
type Options struct {
	// CacheDir, when set, keeps the twins of big files between builds, so
	// that a rebuild with an unchanged WebAssembly module costs a hash
	// instead of seconds of brotli. "" means no cache.
	CacheDir string
	// Memory keeps the last call's twins in the process as well, for the
	// next call (serve's rebuilds): see recent.
	Memory bool
	// Sums, when set, holds the sha256 of files the caller has already
	// hashed (the build hashes every file once), so they are not hashed
	// again for the cache's keys.
	Sums map[string][sha256.Size]byte
	// CachedOnly takes twins from the cache or not at all: serve's
	// rebuilds after an edit, where brotli 11 of the edited page, the
	// book and the search index was most of a live reload (and pages go
	// out with the reload script anyway). Files changed since the cache
	// last saw them get no twins.
	CachedOnly bool
}

const (
	// minSize: below it a twin saves too little to be worth a file (a
	// response's headers alone are several hundred bytes).
	minSize = 512

	// cacheMin is the smallest input whose twins are cached: every twin,
	// since a cache hit (the input's sha256, then both entries read and
	// checked) is cheaper than brotli 11 at every size
	// (docs/performance.md, "Twins"). The cache's growth (one entry per
	// version of every page) is bounded by Prune.
	cacheMin = minSize

	brQuality = brotli.BestCompression
	// Files over bigFile (the single-file editions, which change with
	// any content) get quality bigQuality: quality 11 took seconds on
	// each, at every build; quality 5 takes tens of milliseconds for a
	// file a few percent larger. The engine (changed rarely and cached)
	// keeps quality 11.
	bigFile    = 3 << 20
	bigQuality = 5
	gzLevel    = gzip.BestCompression
)

// compressible lists the extensions that get twins: text, and WebAssembly
// (which brotli shrinks to a fifth). Images and fonts are compressed
// already; _headers is read by the host, never sent.
var compressible = map[string]bool{
	".html": true, ".css": true, ".js": true, ".mjs": true, ".json": true,
	".svg": true, ".xml": true, ".txt": true, ".webmanifest": true,
	".wasm": true, ".map": true,
}

// HasTwins reports whether Twins makes twins for a file of this name and
// size.
func HasTwins(name string, size int) bool {
	return size >= minSize && compressibleName(name)
}

// compressibleName reports whether name (a slash path) is a kind of file
// that gets twins, whatever its size.
func compressibleName(name string) bool {
	return compressible[strings.ToLower(path.Ext(name))]
}

// algo is one of the two encodings.
type algo struct {
	ext string // ".br" or ".gz"
	// tag names the encoder and its settings in cache entry names, so a
	// change of level, of brotli version or of Go (compress/gzip) makes
	// new entries instead of serving bytes the build would not make now.
	tag  string
	code func(data []byte) ([]byte, error)
}

var algos = []algo{
	{".br", "brotli" + moduleVersion("github.com/andybalholm/brotli") + "-q11", encodeBrotli},
	{".gz", "gzip" + runtime.Version() + "-9", encodeGzip},
}

func moduleVersion(mod string) string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == mod {
				if d.Replace != nil {
					d = d.Replace
				}
				return "-" + d.Version
			}
		}
	}
	return ""
}

// encodeBrotli: quality 11 with the smallest window that holds the whole
// file (what brotli's own one-shot encoder picks from the input size),
// up to the largest a browser decodes (lgwin 24). A bigger window would
// find no farther match, and quality 11 allocates and clears a match
// finder the window's size, which made a small page six times slower with
// the library's default window (docs/performance.md, "Twins"). It also
// tells the browser to keep a smaller buffer.
func encodeBrotli(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(data) / 3)
	lgwin := 10
	for lgwin < 24 && 1<<lgwin-16 < len(data) {
		lgwin++
	}
	q := brQuality
	if len(data) > bigFile {
		q = bigQuality
	}
	opt := brotli.WriterOptions{Quality: q, LGWin: lgwin}
	w := brotli.NewWriterOptions(&buf, opt)
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// encodeGzip: the header has no name and a zero ModTime (written as 0), so
// the bytes depend on the content alone.
func encodeGzip(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(data) / 3)
	w, err := gzip.NewWriterLevel(&buf, gzLevel)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// job is one twin to make.
type job struct {
	name string
	data []byte
	algo algo
	sum  *[sha256.Size]byte // the input's sha256, shared by its two jobs; nil without cache
}

// Twins returns the .br and .gz twins of every compressible file of files
// (keys are slash paths relative to the site root), to be written beside
// them. A file gets no twins when it is not a compressible kind, is already
// a .br or .gz, or is under minSize; a twin that is not smaller than its
// original is left out, so a file may have a .gz twin only.
//
// The work runs on GOMAXPROCS goroutines (package par); the result does not
// depend on the scheduling, each twin being a function of its file alone.
func Twins(files map[string][]byte, opt Options) (map[string][]byte, error) {
	var jobs []job
	for name, data := range files {
		if len(data) < minSize || !compressibleName(name) {
			continue
		}
		var sum *[sha256.Size]byte
		if opt.CacheDir != "" && len(data) >= cacheMin {
			sum = new([sha256.Size]byte)
		}
		for _, a := range algos {
			if _, ok := files[name+a.ext]; ok {
				return nil, fmt.Errorf("compress: %s is both a file of the site and the %s twin of %s", name+a.ext, a.ext, name)
			}
			jobs = append(jobs, job{name: name, data: data, algo: a, sum: sum})
		}
	}
	// Biggest first: the WebAssembly module's brotli takes most of the
	// time, and starting it last would leave the other cores idle while
	// it runs.
	sort.Slice(jobs, func(i, j int) bool {
		if len(jobs[i].data) != len(jobs[j].data) {
			return len(jobs[i].data) > len(jobs[j].data)
		}
		if jobs[i].name != jobs[j].name {
			return jobs[i].name < jobs[j].name
		}
		return jobs[i].algo.ext < jobs[j].algo.ext
	})
	if opt.CacheDir != "" {
		// A cache that cannot be made only costs time: writes fail
		// below, silently, and every twin is compressed.
		_ = os.MkdirAll(opt.CacheDir, 0o755)
		// Hash each cached input once, for both of its twins.
		par.Each(len(jobs), func(i int) {
			if j := jobs[i]; j.sum != nil && j.algo.ext == algos[0].ext {
				if sum, ok := opt.Sums[j.name]; ok {
					*j.sum = sum
				} else {
					*j.sum = sha256.Sum256(j.data)
				}
			}
		})
	}

	twins := make([][]byte, len(jobs))
	errs := make([]error, len(jobs))
	par.Each(len(jobs), func(i int) {
		if j := jobs[i]; opt.CachedOnly && j.sum != nil {
			twins[i] = j.cached(opt.CacheDir, opt.Memory) // nil: no twin
			return
		}
		twins[i], errs[i] = jobs[i].run(opt.CacheDir, opt.Memory)
	})

	if opt.Memory {
		recent.Lock()
		recent.m, recent.used = recent.used, map[string][]byte{}
		recent.Unlock()
	}
	out := make(map[string][]byte)
	for i, j := range jobs {
		if errs[i] != nil {
			return nil, fmt.Errorf("compress: %s%s: %w", j.name, j.algo.ext, errs[i])
		}
		if twins[i] != nil && len(twins[i]) < len(j.data) {
			out[j.name+j.algo.ext] = twins[i]
		}
	}
	return out, nil
}

// recent keeps the twins this process made or read, by cache entry name,
// for serve's next rebuild: reading and checking them on disk was a tenth
// of a rebuild. It holds one build's twins: entries a build did not
// use are dropped after it (see Twins).
var recent = struct {
	sync.Mutex
	m, used map[string][]byte
}{m: map[string][]byte{}, used: map[string][]byte{}}

// run makes the job's twin, through the cache when the job has a hash.
func (j job) run(cacheDir string, memory bool) ([]byte, error) {
	if j.sum == nil {
		return j.algo.code(j.data)
	}
	name := hex.EncodeToString(j.sum[:]) + "." + j.algo.tag + j.algo.ext
	if !memory {
		return j.runDisk(cacheDir, name)
	}
	recent.Lock()
	twin, ok := recent.m[name]
	if ok {
		recent.used[name] = twin
	}
	recent.Unlock()
	if ok {
		return twin, nil
	}
	twin, err := j.runDisk(cacheDir, name)
	if err == nil {
		recent.Lock()
		recent.used[name] = twin
		recent.Unlock()
	}
	return twin, err
}

// cached returns the job's twin from the cache (memory, then disk), or
// nil.
func (j job) cached(cacheDir string, memory bool) []byte {
	name := hex.EncodeToString(j.sum[:]) + "." + j.algo.tag + j.algo.ext
	if memory {
		recent.Lock()
		twin, ok := recent.m[name]
		if ok {
			recent.used[name] = twin
		}
		recent.Unlock()
		if ok {
			return twin
		}
	}
	twin, ok := readEntry(filepath.Join(cacheDir, name), name)
	if !ok {
		return nil
	}
	if memory {
		recent.Lock()
		recent.used[name] = twin
		recent.Unlock()
	}
	return twin
}

// runDisk makes the job's twin through the cache on disk.
func (j job) runDisk(cacheDir, name string) ([]byte, error) {
	file := filepath.Join(cacheDir, name)
	if twin, ok := readEntry(file, name); ok {
		// Used entries stay young: Prune removes the others.
		if fi, err := os.Stat(file); err == nil && time.Since(fi.ModTime()) > 24*time.Hour {
			now := time.Now()
			_ = os.Chtimes(file, now, now)
		}
		return twin, nil
	}

	twin, err := j.algo.code(j.data)
	if err != nil {
		return nil, err
	}
	writeEntry(file, name, twin)
	return twin, nil
}

// Prune removes the cache entries no build has used for maxAge: the twins
// of pages since edited. It looks at most once a day (a marker file keeps
// the date): reading every entry's date took as long as the rest of a
// warm compression. Errors are dropped, as for writes.
func Prune(cacheDir string, maxAge time.Duration) {
	marker := filepath.Join(cacheDir, ".pruned")
	if fi, err := os.Stat(marker); err == nil && time.Since(fi.ModTime()) < 24*time.Hour {
		return
	}
	_ = os.WriteFile(marker, nil, 0o644)
	entries, err := os.ReadDir(cacheDir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.Name() == ".pruned" {
			continue
		}
		if fi, err := e.Info(); err == nil && !e.IsDir() && time.Since(fi.ModTime()) > maxAge {
			_ = os.Remove(filepath.Join(cacheDir, e.Name()))
		}
	}
}

// A cache entry is the twin followed by sha256(entry name + twin).
//
// The checksum is what makes a cache hit safe and cheap: the entry's name
// is the hash of the input, so an intact entry holds the twin this build
// would make; a truncated or damaged entry (a full disk, a crash before
// the rename, a stray edit), or an entry copied under another name, fails
// the checksum and is compressed and written again. Checking by
// decompressing the twin and comparing it with the input would prove as
// much, at about ten times the checksum's cost for the module's twins, on
// top of the hash of the module that names the entry: that is not worth it for entries only ever
// written whole, by writeEntry, from a twin this package made.
func readEntry(file, name string) ([]byte, bool) {
	b, err := os.ReadFile(file)
	if err != nil || len(b) < sha256.Size {
		return nil, false
	}
	twin, sum := b[:len(b)-sha256.Size], b[len(b)-sha256.Size:]
	if want := entrySum(name, twin); !bytes.Equal(sum, want[:]) {
		return nil, false
	}
	return twin, true
}

func entrySum(name string, twin []byte) [sha256.Size]byte {
	h := sha256.New()
	h.Write([]byte(name))
	h.Write([]byte{0})
	h.Write(twin)
	var s [sha256.Size]byte
	h.Sum(s[:0])
	return s
}

// writeEntry writes an entry whole or not at all (a temporary file renamed
// into place). Errors are dropped: a cache that cannot be written makes the
// next build slower, not wrong.
func writeEntry(file, name string, twin []byte) {
	tmp, err := os.CreateTemp(filepath.Dir(file), ".tmp-"+name+"-*")
	if err != nil {
		return
	}
	sum := entrySum(name, twin)
	_, err1 := tmp.Write(twin)
	_, err2 := tmp.Write(sum[:])
	err3 := tmp.Close()
	if err1 != nil || err2 != nil || err3 != nil || os.Rename(tmp.Name(), file) != nil {
		_ = os.Remove(tmp.Name())
	}
}
