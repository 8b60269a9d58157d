package assets

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
)

// maxModuleBrotli is the module's budget: a bare Go WebAssembly program is
// about 450 KB brotli, and the engine may add at most 70 KB to it.
const maxModuleBrotli = 520 * 1000

func TestModuleSize(t *testing.T) {
	root, _ := filepath.Abs("../..")
	m, err := BuildModule(ModuleOptions{Root: root, CacheDir: filepath.Join(root, ".cache", "wasm")})
	if err != nil {
		t.Fatal(err)
	}
	var gz, br bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(m.WASMBytes)
	zw.Close()
	bw := brotli.NewWriterLevel(&br, brotli.BestCompression)
	bw.Write(m.WASMBytes)
	bw.Close()
	t.Logf("rules engine module: %d bytes raw, %d gzip, %d brotli", len(m.WASMBytes), gz.Len(), br.Len())
	if br.Len() > maxModuleBrotli {
		t.Errorf("module is %d bytes brotli, over the budget of %d", br.Len(), maxModuleBrotli)
	}
	if m.WASM == "" || !bytes.HasPrefix(m.WASMBytes, []byte("\x00asm")) {
		t.Errorf("not a WebAssembly module: %q", m.WASMBytes[:8])
	}
}

// TestModuleCache: a second build with the same sources reuses the compiled
// module, so a warm make site does not pay the compile.
func TestModuleCache(t *testing.T) {
	root, _ := filepath.Abs("../..")
	cache := filepath.Join(root, ".cache", "wasm")
	if _, err := BuildModule(ModuleOptions{Root: root, CacheDir: cache}); err != nil {
		t.Fatal(err)
	}
	m, err := BuildModule(ModuleOptions{Root: root, CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Cached {
		t.Error("second build compiled again")
	}
	if _, err := os.Stat(filepath.Join(cache)); err != nil {
		t.Error(err)
	}
}
