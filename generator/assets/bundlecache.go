package assets

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strconv"
)

// A bundle is cached by a key over everything esbuild reads and is told:
// every file under the theme folder (name and bytes), the generated
// sources, the options and esbuild's version. Hashing the theme is a
// hundred times cheaper than bundling it, which ran beside the content's
// load on both cores and slowed it down (docs/performance.md, "What a warm
// build does not do again").

// bundleKey hashes the inputs of Build.
func bundleKey(opt Options) (string, error) {
	h := sha256.New()
	h.Write([]byte("bundle v7\x00" + esbuildVersion() + "\x00" + strconv.FormatBool(opt.Minify) + "\x00"))
	var files []string
	err := filepath.WalkDir(opt.ThemeDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		rel, _ := filepath.Rel(opt.ThemeDir, f)
		writeField(h, []byte(filepath.ToSlash(rel)))
		writeField(h, b)
	}
	names := make([]string, 0, len(opt.Generated))
	for n := range opt.Generated {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		writeField(h, []byte(n))
		writeField(h, []byte(opt.Generated[n]))
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// writeField writes b with its length, so that no two lists of fields
// hash alike.
func writeField(h interface{ Write([]byte) (int, error) }, b []byte) {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(b)))
	h.Write(n[:])
	h.Write(b)
}

// esbuildVersion is the esbuild module's version this program was built
// with ("" when unknown, as in some test binaries: the theme's bytes
// still key the cache).
func esbuildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, m := range info.Deps {
		if m.Path == "github.com/evanw/esbuild" {
			return m.Version
		}
	}
	return ""
}

// encodeBundle lays a bundle out as: its names (Bundle.names), then each file as
// name and bytes, every field with its length.
func encodeBundle(b *Bundle) []byte {
	var buf bytes.Buffer
	for _, s := range b.names() {
		writeField(&buf, []byte(*s))
	}
	names := make([]string, 0, len(b.Files))
	for n := range b.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		writeField(&buf, []byte(n))
		writeField(&buf, b.Files[n])
	}
	return buf.Bytes()
}

var errCorrupt = errors.New("corrupt bundle cache entry")

func decodeBundle(data []byte) (*Bundle, error) {
	field := func() ([]byte, error) {
		if len(data) < 8 {
			return nil, errCorrupt
		}
		n := binary.LittleEndian.Uint64(data)
		if uint64(len(data)-8) < n {
			return nil, errCorrupt
		}
		f := data[8 : 8+n]
		data = data[8+n:]
		return f, nil
	}
	b := &Bundle{Files: map[string][]byte{}}
	for _, s := range b.names() {
		f, err := field()
		if err != nil {
			return nil, err
		}
		*s = string(f)
	}
	for len(data) > 0 {
		name, err := field()
		if err != nil {
			return nil, err
		}
		body, err := field()
		if err != nil {
			return nil, err
		}
		b.Files[string(name)] = body
	}
	for _, s := range b.names() {
		if _, ok := b.Files[*s]; !ok {
			return nil, errCorrupt
		}
	}
	return b, nil
}

// copyBundle gives the caller its own map (the build adds to nothing it
// is given, but a cached bundle is shared by every later build).
func copyBundle(b *Bundle) *Bundle {
	c := *b
	c.Files = make(map[string][]byte, len(b.Files))
	for k, v := range b.Files {
		c.Files[k] = v
	}
	return &c
}

// keepBundles is how many bundles the cache keeps: enough to switch
// between a few branches of the theme without esbuild.
const keepBundles = 8
