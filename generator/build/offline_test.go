package build

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestServiceWorkerVersion: the version, which names the offline copy's
// cache, changes with the site's files and with the worker's own code,
// and only with them.
func TestServiceWorkerVersion(t *testing.T) {
	files := map[string][]byte{"fr/index.html": []byte("<p>Bonjour</p>"), "assets/main-X.css": []byte("p{}")}
	version := func(t *testing.T, files map[string][]byte, worker string) string {
		t.Helper()
		theme := t.TempDir()
		if err := os.MkdirAll(filepath.Join(theme, "sw"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(theme, "sw", "sw.js"), []byte(worker), 0o644); err != nil {
			t.Fatal(err)
		}
		sizes := map[string]int{}
		for name, b := range files {
			sizes[name] = len(b)
		}
		sw, err := serviceWorker(theme, sizes, hashFiles(files, nil), nil, "")
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`VERSION="([0-9a-f]+)"`).FindSubmatch(sw)
		if m == nil {
			t.Fatalf("no VERSION in %s", sw)
		}
		return string(m[1])
	}
	base := version(t, files, "self.x = CACHE;")
	if again := version(t, files, "self.x = CACHE;"); again != base {
		t.Errorf("the same files and worker give %s, then %s", base, again)
	}
	if v := version(t, files, "self.x = CACHE + 1;"); v == base {
		t.Errorf("a changed worker keeps the version %s: its install would empty the copy the running worker serves", v)
	}
	changed := map[string][]byte{"fr/index.html": []byte("<p>Bonsoir</p>"), "assets/main-X.css": []byte("p{}")}
	if v := version(t, changed, "self.x = CACHE;"); v == base {
		t.Errorf("a changed page keeps the version %s", v)
	}
}

// TestInShell: what the offline copy keeps from the first visit.
func TestInShell(t *testing.T) {
	for name, want := range map[string]bool{
		"index.html": true, "favicon.svg": true, "fr/index.html": true, "en/404.html": true, "fr/search.json": true,
		"fr/manifest.webmanifest": true, "assets/main-ABC.js": true, "assets/engine-0123.wasm": true, "assets/worker-X.js": true,
		// A split search index's shards: search works offline on a large site too.
		"assets/search-fr-0a1b2c3d4e5f.json": true,
		"fr/fantasy/index.html":              false, "assets/print-0a1b.css": false, "og/fr/fantasy.png": false, "fr/compendium.html": false,
	} {
		if got := inShell(name); got != want {
			t.Errorf("inShell(%q) = %v, want %v", name, got, want)
		}
	}
}
