package assets

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestBundleCache: a bundle read from the cache (in memory or on disk) is
// the one esbuild makes; a changed theme file, a changed generated source
// or a corrupt cache entry gives a fresh bundle, never a stale one.
func TestBundleCache(t *testing.T) {
	theme := t.TempDir()
	write := func(name, body string) {
		p := filepath.Join(theme, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("js/page/main.js", "import 'gen.js'; console.log('main')\n")
	write("js/calcs/calcs.js", "console.log('calcs')\n")
	write("js/boot/boot.js", "console.log('boot')\n")
	write("js/worker/worker.js", "console.log('worker')\n")
	write("js/head/head.js", "console.log('head')\n")
	write("js/character/character.js", "console.log('character')\n")
	write("js/notes/notes.js", "console.log('notes')\n")
	write("js/cards/cards.js", "console.log('cards')\n")
	write("js/changes/changes.js", "console.log('changes')\n")
	write("css/main.css", "body { color: red }\n")
	write("css/calcs.css", ".calc { color: green }\n")
	cache := t.TempDir()
	opt := Options{ThemeDir: theme, Minify: true, CacheDir: cache, Memory: &Memory{}, Generated: map[string]string{"gen.js": "console.log('gen 1')"}}
	build := func(opt Options) *Bundle {
		t.Helper()
		b, msgs := Build(opt)
		if msgs != nil {
			t.Fatal(msgs)
		}
		return b
	}
	fresh := func(opt Options) *Bundle {
		opt.CacheDir = ""
		return build(opt)
	}
	first := build(opt)
	if !reflect.DeepEqual(first, fresh(opt)) {
		t.Fatal("the first bundle differs from esbuild's")
	}
	entries, _ := os.ReadDir(cache)
	if len(entries) != 1 {
		t.Fatalf("cache holds %d entries, want 1", len(entries))
	}
	opt.Memory = &Memory{} // as a new builder: from the disk
	if got := build(opt); !reflect.DeepEqual(got, first) {
		t.Fatal("the bundle read from the disk cache differs")
	}
	write("css/main.css", "body { color: blue }\n")
	if got := build(opt); reflect.DeepEqual(got, first) || !reflect.DeepEqual(got, fresh(opt)) {
		t.Fatal("a changed style sheet gave the cached bundle")
	}
	opt.Generated = map[string]string{"gen.js": "console.log('gen 2')"}
	if got := build(opt); !reflect.DeepEqual(got, fresh(opt)) {
		t.Fatal("a changed generated source gave the cached bundle")
	}
	opt.Memory = &Memory{}
	entries, _ = os.ReadDir(cache)
	for _, e := range entries {
		if err := os.WriteFile(filepath.Join(cache, e.Name()), []byte("junk"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := build(opt); !reflect.DeepEqual(got, fresh(opt)) {
		t.Fatal("a corrupt cache entry was used")
	}
}
