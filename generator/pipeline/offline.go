package pipeline

import (
	"compendium/generator/site"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"compendium/generator/render"

	"github.com/evanw/esbuild/pkg/api"
)

// serviceWorker returns sw.js: theme/sw/sw.js with the list of every file
// of the site to keep for offline reading, and a version that changes with
// any file, so that a new build replaces the old copy. What a reader
// offline never needs is left out: share pages (the worker redirects them
// to their section), link-preview images, sitemap and robots.txt, the
// sections' QR codes (fetched only when a page is printed), and the PDF
// booklets (large, for printing at home). The single-file editions are
// listed but never in the shell: the home page offers its language's as
// the way to read offline, so "save the whole compendium" keeps it (and
// counts it in the size it announces), and a reader who saved says so
// only once it downloads with no network. stamps are the
// pages' IDs and text hashes (render.Stamp), which the worker keeps in each
// copy so that the next build's worker says what changed and which open
// tabs show its pages already.
//
// langs are the site's languages, the original first, and text gives a
// language's interface string: the worker's own pages (offline, nothing
// kept) are written in the reader's language from theme/i18n.
func serviceWorker(themeDir string, sizes map[string]int, sums Sums, shares []string, stamps map[string]render.Stamp, edition string, langs []string, text func(lang, key string) string) ([]byte, error) {
	src, err := os.ReadFile(filepath.Join(themeDir, "sw", "sw.js"))
	if err != nil {
		return nil, err
	}
	skip := map[string]bool{"_headers": true, "sw.js": true, "robots.txt": true, "sitemap.xml": true}
	for _, s := range shares {
		skip[s] = true
	}
	var names []string
	for name := range sizes {
		if skip[name] || strings.HasPrefix(name, "og/") || strings.HasPrefix(name, "qr/") || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") ||
			strings.HasSuffix(name, ".pdf") {
			continue
		}
		names = append(names, name)
	}
	sort.Strings(names)
	h := sha256.New()
	var urls, fileSums, pageIDs, texts []string
	var listed []int
	var shell []int
	for _, name := range names {
		sum := sums[name]
		h.Write([]byte(name))
		h.Write(sum[:])
		if name == "404.html" {
			continue // served for unknown addresses; the worker falls back to each language's
		}
		if inShell(name) {
			shell = append(shell, len(urls))
		}
		// Pages by their folder URL, as links name them.
		urls = append(urls, "./"+strings.TrimSuffix(name, "index.html"))
		fileSums = append(fileSums, hex.EncodeToString(sum[:6]))
		st := stamps[name] // none for a file that is not a page
		pageIDs = append(pageIDs, st.Build)
		texts = append(texts, st.Text)
		listed = append(listed, sizes[name])
	}
	list, _ := json.Marshal(urls)
	sumList, _ := json.Marshal(fileSums)
	sizeList, _ := json.Marshal(listed)
	shellList, _ := json.Marshal(shell)
	pageList, _ := json.Marshal(pageIDs)
	textList, _ := json.Marshal(texts)
	// The version names the copy's cache: it changes with the worker's
	// own code and its shell too, not only with the files. With the same
	// name, a new worker's install deleted the cache the running worker
	// served from and, finding no previous copy under another name,
	// dropped what the reader had saved ("save the whole compendium").
	langList, _ := json.Marshal(langs)
	offline := map[string]map[string]string{}
	for _, l := range langs {
		offline[l] = map[string]string{}
		for name, key := range offlineKeys {
			offline[l][name] = text(l, key)
		}
	}
	offlineText, _ := json.Marshal(offline) // sorted keys: the same bytes every build
	h.Write([]byte("\x00worker\x00"))
	h.Write(src)
	h.Write(shellList)
	h.Write(langList)
	h.Write(offlineText)
	version := hex.EncodeToString(h.Sum(nil))[:12]
	ed, _ := json.Marshal(edition)
	code := "const VERSION = \"" + version + "\";\nconst EDITION = " + string(ed) + ";\nconst FILES = " + string(list) + ";\nconst SUMS = " + string(sumList) +
		";\nconst SIZES = " + string(sizeList) + ";\nconst SHELL = " + string(shellList) +
		";\nconst PAGES = " + string(pageList) + ";\nconst TEXTS = " + string(textList) +
		";\nconst LANGS = " + string(langList) + ";\nconst OFFLINE_TEXT = " + string(offlineText) + ";\n" + string(src)
	res := api.Transform(code, api.TransformOptions{MinifyWhitespace: true, MinifySyntax: true, Target: api.ES2020})
	if len(res.Errors) > 0 {
		var ds site.Diagnostics
		for _, m := range res.Errors {
			// No line: esbuild's would be in the worker with its
			// constants put before it, not in the theme's file.
			ds.Report(filepath.Join(themeDir, "sw", "sw.js"), 0, "sw-failed", "err", m.Text)
		}
		return nil, &Error{Phase: "service worker", Diagnostics: ds}
	}
	return res.Code, nil
}

// offlineKeys are the names sw.js gives the texts of its own pages, and
// their keys in theme/i18n.
var offlineKeys = map[string]string{
	"title": "offline.title", "notSaved": "offline.not_saved", "saved": "offline.saved", "hint": "offline.hint",
	"nothing": "offline.nothing", "once": "offline.once", "retry": "offline.retry",
}

// inShell reports whether the offline copy keeps name from the first
// visit: the style and scripts (head.js, the reading size, too: every page
// links it), the rules engine and its worker, the icon,
// each language's home page, 404 page, manifest, notes page and notes
// index (a note beside a heading says whether its rule changed, offline
// too), and search index (a split
// index's shards too: a large site's search works offline as the real
// site's does, though a first query fetches only its own shard). The rest
// (pages) is kept when visited, or all at once with "save the whole
// compendium". The engine is in the shell because every calculator needs
// it: kept only once a calculator had run, a player who read a rules page
// at home without touching its calculator found that calculator dead on
// site, with no signal (the module is downloaded once per build that
// changes it).
func inShell(name string) bool {
	switch {
	case name == "index.html" || name == "favicon.svg":
		return true
	case strings.HasPrefix(name, "assets/"):
		base := strings.TrimPrefix(name, "assets/")
		for _, p := range []string{"main-", "calcs-", "character-", "notes-", "boot-", "head-", "engine-", "worker-", "search-"} {
			if strings.HasPrefix(base, p) {
				return true
			}
		}
		return false
	}
	lang, rest, ok := strings.Cut(name, "/")
	return ok && len(lang) == 2 && (rest == "index.html" || rest == "404.html" || rest == "search.json" || rest == "manifest.webmanifest" ||
		rest == "notes/index.html" || rest == "notes/sections.json")
}
