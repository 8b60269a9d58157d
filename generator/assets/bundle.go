// Package assets bundles the theme's CSS and JavaScript with esbuild's Go API
// and names every output file by a hash of its content, so that pages can be
// cached forever and a new build never serves a stale script.
package assets

import (
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"

	"compendium/generator/cachedir"
)

// Bundle is the result of a build: the files to write under the site's
// assets folder, by path relative to the site root, and the names the pages
// link to.
type Bundle struct {
	Files map[string][]byte
	CSS   string // e.g. "assets/main-7QXK3F2A.css"
	JS    string
	// CalcCSS and CalcJS are the calculators' style and script, linked
	// only by pages that hold a calculator.
	CalcCSS, CalcJS string
	// Worker runs the rules engine off the page's main thread.
	Worker string
	Boot   string // the engine's early start, for pages with a calculator in view
	// Head applies the reading size stored on the device before the
	// first paint, on every page.
	Head string
	// CharacterJS is the character page's script, in place of CalcJS:
	// sharing a character (its link, QR code, file) weighs on that page
	// alone, not on every rules page.
	CharacterJS string
	// NotesJS is the notes page's script, beside JS: the list, export
	// and import of the player's notes weigh on that page alone.
	NotesJS string
	// CardsJS is the pocket cards page's script: composing and laying out
	// cards weighs on that page alone.
	CardsJS string
	// ChangesJS is the changes page's script, beside JS: the player's
	// character computed with both editions' rules, the bookmarked
	// sections that changed.
	ChangesJS string
}

// entryScripts maps the name each entry's script starts with (esbuild's
// [name]-[hash]) to the field holding it, for every entry but the page's
// (main.js, JS).
func (b *Bundle) entryScripts() map[string]*string {
	return map[string]*string{"calcs-": &b.CalcJS, "boot-": &b.Boot, "worker-": &b.Worker, "character-": &b.CharacterJS,
		"notes-": &b.NotesJS, "cards-": &b.CardsJS, "changes-": &b.ChangesJS, "head-": &b.Head}
}

// names are the bundle's named files, in the order its cache entry
// holds them.
func (b *Bundle) names() []*string {
	return []*string{&b.CSS, &b.JS, &b.CalcCSS, &b.CalcJS, &b.Worker, &b.Boot, &b.Head, &b.CharacterJS, &b.NotesJS, &b.CardsJS, &b.ChangesJS}
}

// Options configures Build.
type Options struct {
	ThemeDir string
	// Generated maps a bare import path ("wasm_exec.js") to contents the
	// generator computes, such as Go's support script for the engine.
	Generated map[string]string
	// Minify is on for builds and off only where a test wants readable output.
	Minify bool
	// CacheDir, when set, keeps bundles by a hash of their inputs (see
	// bundlecache.go), so that a build with an unchanged theme does not
	// run esbuild.
	CacheDir string
	// Memory, when set, keeps the bundles made or read for the next Build
	// given the same Memory (serve's rebuilds skip the disk as well).
	Memory *Memory
}

// Memory keeps the bundles and modules one builder made or read, by the
// hash of their inputs, for its next build: what a rebuild finds there is
// what it would have made. The zero Memory is empty and ready.
type Memory struct {
	bundles sync.Map // bundle key → *Bundle
	modules sync.Map // cache file → *Module
}

// Message is one of esbuild's errors, with its place where esbuild knows
// it (Line and Column from 1; 0 when not known).
type Message struct {
	File         string
	Line, Column int
	Text         string
}

// String formats m as "file:line:column: text".
func (m Message) String() string {
	if m.File == "" {
		return m.Text
	}
	return m.File + ":" + strconv.Itoa(m.Line) + ":" + strconv.Itoa(m.Column) + ": " + m.Text
}

// Build bundles every page's theme/js/page/main.js and theme/css/main.css,
// the calculators' theme/js/calcs/calcs.js and theme/css/calcs.css, and the
// engine's theme/js/boot/boot.js and theme/js/worker/worker.js, and every
// page's theme/js/head/head.js. It returns
// every esbuild error with its place, not only the first.
func Build(opt Options) (*Bundle, []Message) {
	if opt.CacheDir == "" {
		return bundle(opt)
	}
	key, err := bundleKey(opt)
	if err != nil {
		return nil, []Message{{Text: err.Error()}}
	}
	mem := opt.Memory
	if mem == nil {
		mem = &Memory{} // this build's alone
	}
	if b, ok := mem.bundles.Load(key); ok {
		return copyBundle(b.(*Bundle)), nil
	}
	file := filepath.Join(opt.CacheDir, "bundle-"+key)
	if data, err := os.ReadFile(file); err == nil {
		if b, err := decodeBundle(data); err == nil {
			mem.bundles.Store(key, b)
			return copyBundle(b), nil
		}
	}
	b, msgs := bundle(opt)
	if msgs != nil {
		return nil, msgs
	}
	// A cache that cannot be written costs the next build its time, not
	// its result.
	if os.MkdirAll(opt.CacheDir, 0o755) == nil {
		tmp := file + ".tmp-" + strconv.Itoa(os.Getpid())
		if os.WriteFile(tmp, encodeBundle(b), 0o644) == nil {
			_ = os.Rename(tmp, file)
		}
		cachedir.KeepNewest(opt.CacheDir, keepBundles)
	}
	mem.bundles.Store(key, b)
	return copyBundle(b), nil
}

// bundle runs esbuild.
func bundle(opt Options) (*Bundle, []Message) {
	theme, err := filepath.Abs(opt.ThemeDir)
	if err != nil {
		return nil, []Message{{Text: err.Error()}}
	}
	generated := api.Plugin{
		Name: "generated",
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: `^[a-z0-9_-]+\.(css|js)$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				if _, ok := opt.Generated[a.Path]; !ok {
					return api.OnResolveResult{}, nil
				}
				return api.OnResolveResult{Path: a.Path, Namespace: "generated"}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "generated"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				contents := opt.Generated[a.Path]
				loader := api.LoaderCSS
				if strings.HasSuffix(a.Path, ".js") {
					loader = api.LoaderJS
				}
				return api.OnLoadResult{Contents: &contents, Loader: loader}, nil
			})
		},
	}
	res := api.Build(api.BuildOptions{
		// One folder per script under theme/js (see its README.md): each
		// holds its entry and the modules only it imports; js/shared holds
		// those that several import.
		EntryPoints: []string{filepath.Join(theme, "js", "page", "main.js"), filepath.Join(theme, "js", "calcs", "calcs.js"), filepath.Join(theme, "js", "boot", "boot.js"), filepath.Join(theme, "js", "worker", "worker.js"),
			filepath.Join(theme, "js", "head", "head.js"), filepath.Join(theme, "js", "character", "character.js"), filepath.Join(theme, "js", "notes", "notes.js"),
			filepath.Join(theme, "js", "cards", "cards.js"), filepath.Join(theme, "js", "changes", "changes.js"),
			filepath.Join(theme, "css", "main.css"), filepath.Join(theme, "css", "calcs.css")},
		AbsWorkingDir:     theme,
		Bundle:            true,
		Write:             false,
		Outdir:            filepath.Join(theme, "out"),
		EntryNames:        "[name]-[hash]",
		AssetNames:        "[name]-[hash]",
		MinifyWhitespace:  opt.Minify,
		MinifyIdentifiers: opt.Minify,
		MinifySyntax:      opt.Minify,
		// Phones at the event can be a few years old: browsers from 2020 on
		// have ES2020 (optional chaining, ??) and CSS custom properties.
		// Naming engines as well made esbuild refuse plain destructuring
		// for Safari 14, which runs it fine.
		Target:   api.ES2020,
		Format:   api.FormatIIFE,
		Charset:  api.CharsetUTF8,
		LogLevel: api.LogLevelSilent,
		Plugins:  []api.Plugin{generated},
	})
	if len(res.Errors) > 0 {
		msgs := make([]Message, len(res.Errors))
		for i, m := range res.Errors {
			msgs[i] = message(m)
		}
		return nil, msgs
	}
	b := &Bundle{Files: map[string][]byte{}}
	for _, f := range res.OutputFiles {
		name := "assets/" + path.Base(filepath.ToSlash(f.Path))
		b.Files[name] = f.Contents
		base := path.Base(name)
		switch path.Ext(name) {
		case ".css":
			if strings.HasPrefix(base, "calcs-") {
				b.CalcCSS = name
			} else {
				b.CSS = name
			}
		case ".js":
			field := &b.JS // the page script, unless its name says another entry's
			for prefix, f := range b.entryScripts() {
				if strings.HasPrefix(base, prefix) {
					field = f
				}
			}
			*field = name
		}
	}
	return b, nil
}

// message converts esbuild's message: its columns count from 0.
func message(m api.Message) Message {
	if m.Location == nil {
		return Message{Text: m.Text}
	}
	l := m.Location
	return Message{File: l.File, Line: l.Line, Column: l.Column + 1, Text: m.Text}
}
