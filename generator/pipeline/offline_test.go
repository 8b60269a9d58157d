package pipeline

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"compendium/generator/render"
	"compendium/generator/site"
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
		sw, err := serviceWorker(theme, sizes, hashFiles(files, nil), nil, nil, "", site.Languages, func(lang, key string) string { return lang + ":" + key })
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

// TestServiceWorkerPages: the worker gets each page's ID and text hash at
// the page's place in FILES, and "" for a file that is not a page, so that
// it can tell an open tab whether it shows this build's page and what
// changed. The single-file edition is listed ("save the whole compendium"
// keeps it, and it must download offline), a PDF booklet is not.
func TestServiceWorkerPages(t *testing.T) {
	files := map[string][]byte{"fr/index.html": []byte("a"), "fr/fantasy/index.html": []byte("b"), "assets/main-X.css": []byte("p{}"), "fr/search.json": []byte("{}"),
		"fr/compendium.html": []byte("<!doctype html>"), "fr/fantasy-a5.pdf": []byte("%PDF")}
	stamps := map[string]render.Stamp{"fr/index.html": {Build: "aaaa1111", Text: "bbbb2222"}, "fr/fantasy/index.html": {Build: "cccc3333", Text: "dddd4444"}}
	theme := t.TempDir()
	if err := os.MkdirAll(filepath.Join(theme, "sw"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(theme, "sw", "sw.js"), []byte("self.x = [FILES, PAGES, TEXTS];"), 0o644); err != nil {
		t.Fatal(err)
	}
	sizes := map[string]int{}
	for name, b := range files {
		sizes[name] = len(b)
	}
	sw, err := serviceWorker(theme, sizes, hashFiles(files, nil), nil, stamps, "", site.Languages, func(lang, key string) string { return lang + ":" + key })
	if err != nil {
		t.Fatal(err)
	}
	list := func(name string) []string {
		m := regexp.MustCompile(name + `=(\[[^\]]*\])`).FindSubmatch(sw)
		if m == nil {
			t.Fatalf("no %s in %s", name, sw)
		}
		var v []string
		if err := json.Unmarshal(m[1], &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	urls, pages, texts := list("FILES"), list("PAGES"), list("TEXTS")
	if len(pages) != len(urls) || len(texts) != len(urls) {
		t.Fatalf("FILES %d, PAGES %d, TEXTS %d: not aligned", len(urls), len(pages), len(texts))
	}
	want := map[string][2]string{"./fr/": {"aaaa1111", "bbbb2222"}, "./fr/fantasy/": {"cccc3333", "dddd4444"}, "./assets/main-X.css": {"", ""}, "./fr/search.json": {"", ""},
		"./fr/compendium.html": {"", ""}}
	if len(urls) != len(want) {
		t.Errorf("FILES %v, want the %d files of %v", urls, len(want), want)
	}
	for i, u := range urls {
		w, ok := want[u]
		if !ok {
			t.Errorf("unexpected file %s", u)
			continue
		}
		if pages[i] != w[0] || texts[i] != w[1] {
			t.Errorf("%s: PAGES %q, TEXTS %q, want %q, %q", u, pages[i], texts[i], w[0], w[1])
		}
	}
}

// TestServiceWorkerWords: the worker's own pages speak theme/i18n's words
// (offline.*), which the build writes into it, in every language of the
// theme; theme/sw/sw.js holds none of its own.
func TestServiceWorkerWords(t *testing.T) {
	theme, errs := render.Load("../../theme", site.Languages...)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	src, err := os.ReadFile("../../theme/sw/sw.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range site.Languages {
		for name, key := range offlineKeys {
			s := theme.T(lang, key)
			if s == "["+key+"]" {
				t.Errorf("theme/i18n/%s.json lacks %s (the worker's %s)", lang, key, name)
			}
			if regexp.MustCompile(regexp.QuoteMeta(s)).Match(src) {
				t.Errorf("theme/sw/sw.js writes %q itself", s)
			}
		}
	}
	sw, err := serviceWorker("../../theme", map[string]int{}, Sums{}, nil, nil, "", site.Languages, theme.T)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Hors ligne", "Try again"} {
		if !regexp.MustCompile(regexp.QuoteMeta(s)).Match(sw) {
			t.Errorf("the worker lacks %q", s)
		}
	}
}
