// Package build runs the whole pipeline, content → load → check → render →
// bundle → write, and swaps the new site in only when every step succeeded,
// so that a failed build leaves the previous public/ as it was.
package pipeline

import (
	"bytes"
	"compendium/wasm/engine"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/yuin/goldmark"

	"compendium/generator/assets"
	"compendium/generator/calcui"
	"compendium/generator/compress"
	"compendium/generator/config"
	"compendium/generator/edition"
	"compendium/generator/glossary"
	"compendium/generator/headers"
	"compendium/generator/markdown"
	"compendium/generator/render"
	"compendium/generator/search"
	"compendium/generator/site"
	"compendium/generator/sitemap"
	"compendium/generator/translation"
	"compendium/generator/values"
)

// Options configures Build.
type Options struct {
	ContentDir string
	ThemeDir   string
	OutDir     string
	// Root is the Go module's root, where ./wasm is compiled; empty means
	// the theme folder's parent.
	Root string
	// ConfigFile is the site configuration (compendium.json); empty means
	// none: the theme's strings give the titles, links stay relative.
	ConfigFile string
	// BaseURL, when set, overrides the configuration's base URL.
	BaseURL string
	// NoTwins skips the .br and .gz twins (build -compress=false): for
	// measuring the rest of the pipeline, or a host that compresses itself.
	NoTwins bool
	// Live is for serve's rebuilds after an edit when it serves pages
	// with its reload script (never from their twins), which must reload
	// the page at once: twins come only from the cache (the changed
	// files get none: brotli 11 of the edited page, the book and the
	// search index took 2 s), the single-file editions (4 MB each,
	// 100-150 ms with their twins) are kept as the previous build left
	// them, not even rendered, and calculators and search analyses are
	// kept from the previous Live build where their inputs are the same.
	// The next build that is not Live makes everything again.
	Live bool
	// PDFs are the printed books the pdf command made, by path from the
	// site root ("fr/compendium-a4.pdf"): written with the site, and
	// linked from the home and book pages. Without them the site links no
	// PDF.
	PDFs map[string][]byte
}

// Result describes a build: its files (paths relative to the site root) and
// figures for the summary line. Files holds what the build made: the pages
// and preview cards the output folder already held byte for byte, and the
// single-file editions made from the same inputs, are kept there and are
// not in it (they are in Sums).
type Result struct {
	Site  *site.Site
	Files map[string][]byte
	// Sums are the files' sha256, computed once (see hashFiles).
	Sums     Sums
	Docs     int
	Sections int
	Elapsed  time.Duration
	// Warnings are what check reports without failing (see Warnings).
	Warnings []string
	// Notes say what the build left out and why, one line each (no
	// previous edition to compare with).
	Notes []string
	// carry lists the files kept from the previous build (not in Files:
	// they are in the output folder already) and the files made this
	// build that the next one may keep.
	carry map[string]carried
	// keptTwins are the twins of the pages kept from the previous build
	// (in Sums, not in Files), with the sum prefix the manifest records.
	keptTwins map[string]string
	// Phases are the stages' wall times (build -timings).
	Phases []Phase
}

// Summary is the one line a build ends with.
func (r *Result) Summary(out string) string {
	langs := make([]string, len(r.Site.Langs))
	for i, l := range r.Site.Langs {
		langs[i] = l.Code
	}
	return "built " + strconv.Itoa(r.Docs) + " documents, " + strconv.Itoa(r.Sections) + " sections (" +
		strings.Join(langs, ", ") + ") into " + out + " in " + r.Elapsed.Round(time.Millisecond).String()
}

// Error is a failed build: every problem found, one per line, as file:line: message.
type Error struct {
	Problems []string
}

func (e *Error) Error() string { return strings.Join(e.Problems, "\n") }

// Warnings returns what check reports without failing (an error with
// check -strict): the translated sections whose original changed since
// they were checked (content/translations.json), as file:line: message.
func Warnings(opt Options, s *site.Site) ([]string, error) {
	ds, err := drifts(opt, s)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = site.Diagnostic{File: d.File, Line: d.Line, Msg: d.Message()}.String()
	}
	return out, nil
}

// drifts reads the translation records and finds the drifted sections.
func drifts(opt Options, s *site.Site) ([]translation.Drift, error) {
	recs, err := translation.Load(filepath.Join(opt.ContentDir, translation.FileName))
	if err != nil {
		return nil, err
	}
	return translation.Find(s, recs), nil
}

// Load loads and checks the content with the theme's strings, without
// writing anything: the check command.
func Load(opt Options) (*site.Site, *render.Theme, error) {
	l, err := load(opt)
	return l.site, l.theme, err
}

// loaded is what load gathers: the content, the theme with the
// configuration's strings, the calculators and the configuration.
type loaded struct {
	site      *site.Site
	theme     *render.Theme
	calc      *calcs
	config    *config.Config
	thesaurus *glossary.Thesaurus
}

func load(opt Options) (*loaded, error) {
	// A Live build keeps the theme of the previous one when no theme file
	// and not the configuration changed (parsing the templates: 5 ms).
	key := ""
	if opt.Live {
		key, _ = fingerprint(opt.ThemeDir, opt.ConfigFile, opt.BaseURL)
	}
	cfg, cerr := loadConfig(opt)
	var theme *render.Theme
	var terrs []string
	liveTheme.Lock()
	if key != "" && liveTheme.key == key && cerr == nil {
		theme = liveTheme.theme
	}
	liveTheme.Unlock()
	if theme == nil {
		theme, terrs = render.Load(opt.ThemeDir)
		if cerr != nil {
			terrs = append(terrs, cerr.Error())
		} else {
			for lang, v := range cfg.Title {
				theme.SetString(lang, "site_title", v)
			}
			for lang, v := range cfg.Tagline {
				theme.SetString(lang, "site_tagline", v)
			}
		}
		if key != "" && len(terrs) == 0 {
			liveTheme.Lock()
			liveTheme.key, liveTheme.theme = key, theme
			liveTheme.Unlock()
		}
	}
	langs := site.Present(opt.ContentDir)
	calc := newCalcs(theme)
	if key != "" {
		calc.memo, calc.themeKey = &liveCalcs, key
	}
	s, ds := site.Load(opt.ContentDir, site.Options{BeforeRender: calc.check, Markdown: func(lang string) goldmark.Markdown {
		return markdown.New(markdown.WithLanguage(lang), markdown.WithLinkLabel(theme.T(lang, "link_to_section")), markdown.WithAnchorLabel(theme.T(lang, "link_to_rule")),
			markdown.WithExtensions(markdown.CalcBlocks(nil)))
	}, Document: func(lang, slug string) markdown.DocumentValues {
		v := markdown.DocumentValues{Calc: calc.renderFunc(lang, slug)}
		for _, other := range langs {
			if other != lang && site.Exists(opt.ContentDir, other, slug) {
				v.Alt = &markdown.AltLink{
					Lang: other, Text: strings.ToUpper(other), Label: theme.T(other, "section_in_this_language"),
					Base: "../../" + other + "/" + slug + "/",
				}
				break
			}
		}
		return v
	}})
	ds = append(ds, site.Check(s)...)
	ds = append(ds, site.CheckTranslations(s)...)
	gloss, gerr := glossary.Load(filepath.Join(opt.ContentDir, "glossary.json"))
	if gerr != nil {
		ds.Add(filepath.Join(opt.ContentDir, "glossary.json"), 0, gerr.Error())
	} else {
		if opt.Live {
			gloss.Words = &liveWords
		}
		ds = append(ds, gloss.Check(s)...)
		for _, term := range gloss.Terms {
			for _, lang := range []string{"fr", "en"} {
				for _, ref := range values.Unknown(term.Definition[lang]) {
					ds.Add(filepath.Join(opt.ContentDir, "glossary.json"), 0, "term “"+term.ID+"” ("+lang+"): "+ref+" names no rule value (go run ./generator values lists them)")
				}
			}
		}
		calc.glossary = gloss
	}
	thes, therr := glossary.LoadThesaurus(filepath.Join(opt.ContentDir, "thesaurus.json"))
	if therr != nil {
		terrs = append(terrs, therr.Error()) // it names the file and line
	} else {
		if opt.Live {
			thes.Words = &liveWords
		}
		ds = append(ds, thes.Check(s, gloss, calcui.Names())...)
	}
	if opt.Live {
		liveWords.Rotate()
	}
	for _, lang := range site.Languages {
		for _, k := range theme.Keys(lang) {
			for _, ref := range values.Unknown(theme.T(lang, k)) {
				terrs = append(terrs, filepath.Join(opt.ThemeDir, "i18n", lang+".json")+": “"+k+"”: "+ref+" names no rule value (go run ./generator values lists them)")
			}
		}
	}
	var problems []string
	if len(ds) > 0 {
		problems = strings.Split(ds.Error(), "\n")
	}
	problems = append(problems, terrs...)
	l := &loaded{site: s, theme: theme, calc: calc, config: cfg, thesaurus: thes}
	if len(problems) > 0 {
		return l, &Error{Problems: problems}
	}
	return l, nil
}

// Build runs the pipeline and writes the site into opt.OutDir.
func Build(opt Options) (*Result, error) {
	start := time.Now()
	// The previous build's manifest is read while the content loads: the
	// pipeline needs it only once the pages render, and the write uses the
	// same reading if the file has not changed meanwhile.
	read := make(chan *readManifestResult, 1)
	go func() { read <- readManifestNow(filepath.Clean(opt.OutDir)) }()
	var was *readManifestResult
	previous := func() *readManifestResult {
		if was == nil {
			was = <-read
		}
		return was
	}
	res, err := generate(opt, func() *manifest { return previous().m }) // none: nothing is carried
	if err != nil {
		return nil, err
	}
	w := time.Now()
	if err := writeSums(opt.OutDir, res.Files, res.Sums, res.carry, res.keptTwins, previous()); err != nil {
		return nil, err
	}
	res.Phases = append(res.Phases, Phase{Name: "write", Took: time.Since(w)})
	res.Elapsed = time.Since(start)
	return res, nil
}

// Generate runs the pipeline in memory. The stages that do not read the
// content (the WebAssembly module, from its cache, and esbuild's bundle)
// run while the content loads; the search indexes and the pages of each
// language are built in parallel inside their packages.
func Generate(opt Options) (*Result, error) {
	return generate(opt, func() *manifest { return nil })
}

// generate is Generate, keeping the previous build's single-file editions
// (and their twins) where their inputs are the same: they are in prev,
// the manifest of the folder the build will write, and stay there.
// previous gives prev; it is called once the content is loaded.
func generate(opt Options, previous func() *manifest) (*Result, error) {
	root := opt.Root
	if root == "" {
		abs, err := filepath.Abs(opt.ThemeDir)
		if err != nil {
			return nil, err
		}
		root = filepath.Dir(abs)
	}
	type bundled struct {
		module *assets.Module
		bundle *assets.Bundle
		err    error
	}
	ph := newPhases()
	assetsDone := make(chan bundled, 1)
	go func() {
		var r bundled
		start := time.Now()
		defer func() { ph.since("module and bundle (beside load)", start); assetsDone <- r }()
		module, err := assets.BuildModule(assets.ModuleOptions{Root: root, CacheDir: filepath.Join(root, ".cache", "wasm")})
		if err != nil {
			r.err = &Error{Problems: []string{err.Error()}}
			return
		}
		bundle, msgs := assets.Build(assets.Options{ThemeDir: opt.ThemeDir, Generated: map[string]string{"wasm_exec.js": string(module.ExecBytes)}, Minify: true,
			CacheDir: filepath.Join(root, ".cache", "bundle")})
		if len(msgs) > 0 {
			r.err = &Error{Problems: msgs}
			return
		}
		r.module, r.bundle = module, bundle
	}()
	l, err := load(opt)
	ph.mark("load and check")
	ab := <-assetsDone
	ph.mark("wait for the bundle")
	if err != nil {
		return nil, err
	}
	if ab.err != nil {
		return nil, ab.err
	}
	module, bundle := ab.module, ab.bundle
	prev := previous()
	s, theme, calc, cfg := l.site, l.theme, l.calc, l.config
	updated := contentDay(opt.ContentDir)
	drift, err := drifts(opt, s)
	if err != nil {
		return nil, &Error{Problems: []string{err.Error()}}
	}
	changes, notes, err := editionChanges(opt, root, s, theme, calc, cfg.Edition)
	if err != nil {
		return nil, &Error{Problems: []string{err.Error()}}
	}
	var warnings []string
	for _, d := range drift {
		warnings = append(warnings, site.Diagnostic{File: d.File, Line: d.Line, Msg: d.Message()}.String())
		if err := theme.AddDriftNotice(s, d.Lang, d.Orig, d.Slug, d.ID, d.Checked); err != nil {
			return nil, &Error{Problems: []string{err.Error()}}
		}
	}
	// The pages render beside the search index and the single-file
	// editions: they need only the indexes' addresses, which do not
	// change, and the home page, rendered last, the editions' sizes. The
	// index keeps about one core busy (its postings and JSON are made in
	// one goroutine per language, and the synthetic sites have one
	// language): run in turn, the stages left the other core idle for
	// much of a build (172 % CPU on two cores at 1,000 pages).
	searchPaths := map[string]string{}
	for _, lang := range s.Langs {
		searchPaths[lang.Code] = search.IndexPath(lang.Code)
	}
	singleSizes := map[string]int{}
	singlesMade := make(chan struct{})
	type rendered struct {
		out *render.Output
		err error
	}
	pagesDone := make(chan rendered, 1)
	kept := newKeptPages(prev, !opt.NoTwins)
	go func() {
		start := time.Now()
		out, err := theme.Site(s, render.Assets{CSS: bundle.CSS, JS: bundle.JS, CalcCSS: bundle.CalcCSS, CalcJS: bundle.CalcJS, Boot: bundle.Boot, Worker: bundle.Worker, WASM: module.WASM, WASMSize: module.Size, Search: searchPaths},
			render.Meta{Base: cfg.BaseURL, Edition: cfg.Edition, Updated: updated},
			render.Extra{CalcStrings: calc.strings, Calculators: calc.calculatorsPage, Glossary: calc.glossaryPage, Values: calc.valuesPage, PDFs: pdfLinks(opt.PDFs), Changes: changes,
				Singles: func(lang string) (int, bool) {
					// Only a language with an edition waits for it: at
					// 1,000 pages (none), the home page waited for the
					// search index and then rendered alone, the last
					// 43 to 62 ms of the build on one core.
					if !render.HasSingle(s.Lang(lang)) {
						return 0, false
					}
					<-singlesMade
					n, ok := singleSizes[lang]
					return n, ok
				},
				Unchanged: kept.unchanged})
		ph.since("pages (beside the index and editions)", start)
		pagesDone <- rendered{out, err}
	}()
	// However this function returns, the pages' goroutine has ended: a
	// Live build must not still be rendering when serve starts the next.
	madeSingles, waited := false, false
	defer func() {
		if !madeSingles {
			close(singlesMade)
		}
		if !waited {
			<-pagesDone
		}
	}()
	var memo *search.Memo
	if opt.Live {
		memo = &analyses
	}
	// The single-file editions: each language's documents, glossary,
	// style, script, search index and engine in one HTML file. Their
	// pages are drawn beside the search index, which they take only once
	// drawn (its JSON goes in with the engine's bytes, in Bytes): drawn
	// after it, they were 19 to 45 ms more on the real site's longest path.
	wasm64, worker64 := once(func() string {
		b, _ := module.Bytes() // an error fails the build once the editions are made
		return render.Base64(b)
	}), once(func() string { return render.Base64(bundle.Files[bundle.Worker]) })
	type drawn struct {
		f   *render.SingleFile
		err error
	}
	drawnSingles := make([]drawn, len(s.Langs))
	singlesDrawn := make(chan struct{})
	go func() {
		defer close(singlesDrawn)
		for i, l := range s.Langs {
			if c := prev.stale(l.Code + "/compendium.html"); opt.Live && c != nil {
				continue // carried as it is, below
			}
			groups, _, err := calc.calculatorsPage(l.Code, l.Docs)
			if err != nil {
				drawnSingles[i].err = err
				return
			}
			drawnSingles[i].f, drawnSingles[i].err = theme.Single(s, l.Code, render.SingleAssets{
				// One style sheet and one script, in the order the
				// pages link them: the calculators' first.
				CSS: concat(bundle.Files[bundle.CalcCSS], bundle.Files[bundle.CSS]), JS: concat(bundle.Files[bundle.CalcJS], bundle.Files[bundle.JS]), Worker64: worker64, WASM64: wasm64, Key: module.WASM + " " + bundle.Worker,
				CalcStrings: calc.strings(l.Code, calcui.Names()),
			}, render.Meta{Base: cfg.BaseURL, Edition: cfg.Edition, Updated: updated}, calc.glossaryPage(l.Code), groups)
			if drawnSingles[i].err != nil {
				return
			}
		}
	}()
	ixs, err := search.BuildAll(s, l.vocabulary(), memo, search.WithWhole(func(lang string) bool { return render.HasSingle(s.Lang(lang)) }))
	<-singlesDrawn
	if err != nil {
		return nil, &Error{Problems: []string{err.Error()}}
	}
	ph.mark("search index (beside the editions' pages)")
	res := &Result{Site: s, Files: map[string][]byte{}, carry: map[string]carried{}, Warnings: warnings, Notes: notes}
	singles := map[string][]byte{}
	for i, l := range s.Langs {
		name := l.Code + "/compendium.html"
		if c := prev.stale(name); opt.Live && c != nil {
			for k, v := range c {
				res.carry[k] = v
			}
			singleSizes[l.Code] = c[name].Size
			continue
		}
		f, err := drawnSingles[i].f, drawnSingles[i].err
		if err != nil {
			return nil, &Error{Problems: []string{err.Error()}}
		}
		if f == nil {
			continue
		}
		f.SetIndex(ixs.Whole[l.Code])
		key := f.Key()
		if c := prev.carried(name, key, opt.twinKey()); c != nil {
			for k, v := range c {
				res.carry[k] = v
			}
			singleSizes[l.Code] = c[name].Size
			continue
		}
		b := f.Bytes()
		singles[name] = b
		singleSizes[l.Code] = len(b)
		res.carry[name] = carried{Key: key, Size: len(b)} // its sum once hashed
	}
	if len(singles) > 0 {
		// An edition made without the module's bytes would carry a dead
		// engine: the cache file went between BuildModule and now.
		if _, err := module.Bytes(); err != nil {
			return nil, &Error{Problems: []string{"the rules engine's module: " + err.Error()}}
		}
	}
	ph.mark("single-file editions")
	madeSingles = true
	close(singlesMade)
	pages := <-pagesDone
	waited = true
	ph.mark("wait for the pages")
	out, err := pages.out, pages.err
	if err != nil {
		return nil, &Error{Problems: []string{err.Error()}}
	}
	if calc.memo != nil {
		calc.memo.rotate()
	}
	for k, v := range opt.PDFs {
		res.Files[k] = v
	}
	for k, v := range singles {
		res.Files[k] = v
	}
	qrs, err := render.QRFiles(s, render.Meta{Base: cfg.BaseURL})
	if err != nil {
		return nil, &Error{Problems: []string{err.Error()}}
	}
	for k, v := range qrs {
		res.Files[k] = v
	}
	for k, v := range bundle.Files {
		res.Files[k] = v
	}
	for k, v := range out.Files {
		res.Files[k] = v
	}
	ph.mark("qr codes")
	images, cardsKept, err := drawImages(out.Previews, theme, cfg, filepath.Join(root, ".cache", "cards"), root, prev)
	if err != nil {
		return nil, &Error{Problems: []string{err.Error()}}
	}
	for k, v := range images {
		res.Files[k] = v
	}
	for k, v := range cardsKept {
		res.carry[k] = v
	}
	ph.mark("images")
	res.Files["robots.txt"] = sitemap.Robots(cfg.BaseURL)
	if cfg.BaseURL != "" {
		res.Files["sitemap.xml"] = sitemap.XML(cfg.BaseURL, listed(out.Pages))
	}
	for k, v := range ixs.Files {
		res.Files[k] = v
	}
	// The module is named by its content: a folder whose manifest has it
	// (and its twins) keeps it, unread (see assets.Module).
	if c := prev.carried(module.WASM, module.WASM, opt.twinKey()); c != nil {
		for k, v := range c {
			res.carry[k] = v
		}
	} else {
		b, err := module.Bytes()
		if err != nil {
			return nil, &Error{Problems: []string{"the rules engine's module: " + err.Error()}}
		}
		res.Files[module.WASM] = b
		res.carry[module.WASM] = carried{Key: module.WASM, Size: len(b)} // its sum once hashed
	}
	icon, err := os.ReadFile(filepath.Join(opt.ThemeDir, "favicon.svg"))
	if err != nil {
		return nil, &Error{Problems: []string{err.Error()}}
	}
	res.Files["favicon.svg"] = icon
	var langs []string
	for _, l := range s.Langs {
		langs = append(langs, l.Code)
	}
	res.Files["_headers"] = []byte(headers.File(langs...))
	sums := kept.addTo(res.addCarried(hashFiles(res.Files, kept.made)))
	ph.mark("hash")
	sizes := make(map[string]int, len(res.Files)+len(kept.sizes))
	for name, b := range res.Files {
		sizes[name] = len(b)
	}
	for name, n := range kept.sizes {
		sizes[name] = n
	}
	// The kept files the offline copy lists (the engine's module; the
	// others it leaves out).
	for name, c := range res.carry {
		if _, ok := sizes[name]; !ok {
			sizes[name] = c.Size
		}
	}
	sw, err := serviceWorker(opt.ThemeDir, sizes, sums, out.Shares, out.Stamps, cfg.Edition)
	if err != nil {
		return nil, &Error{Problems: []string{err.Error()}}
	}
	res.Files["sw.js"] = sw
	ph.mark("service worker")
	if !opt.NoTwins {
		// Twins are cached by content (.cache/compress): brotli-11 of the
		// whole site takes 7 s on two cores, a warm rebuild 16 ms.
		cache := filepath.Join(root, ".cache", "compress")
		twins, err := compress.Twins(res.Files, compress.Options{CacheDir: cache, Memory: true, Sums: sums, CachedOnly: opt.Live})
		if err != nil {
			return nil, &Error{Problems: []string{err.Error()}}
		}
		for k, v := range twins {
			res.Files[k] = v
		}
		compress.Prune(cache, 30*24*time.Hour)
	}
	ph.mark("twins")
	// Only the service worker and the twins are left to hash.
	res.Sums = kept.addTo(res.addCarried(hashFiles(res.Files, sums)))
	res.keptTwins = kept.twinSums
	res.recordCarry(opt.twinKey())
	ph.mark("hash twins")
	res.Phases = ph.list
	for _, l := range s.Langs {
		res.Docs += len(l.Docs)
		for _, d := range l.Docs {
			res.Sections += len(d.Sections)
		}
	}
	return res, nil
}

// loadConfig reads the site configuration and applies the -base-url
// override.
func loadConfig(opt Options) (*config.Config, error) {
	cfg := &config.Config{}
	if opt.ConfigFile != "" {
		c, err := config.Load(opt.ConfigFile)
		if err != nil {
			return cfg, err
		}
		cfg = c
	}
	if opt.BaseURL != "" {
		if err := cfg.SetBaseURL(opt.BaseURL); err != nil {
			return cfg, errors.New("-base-url: " + err.Error())
		}
	}
	return cfg, nil
}

// listed converts the rendered pages for the sitemap.
func listed(pages []render.Listed) []sitemap.Page {
	out := make([]sitemap.Page, 0, len(pages))
	for _, p := range pages {
		sp := sitemap.Page{Path: p.Path, XDefault: p.XDefault}
		for _, a := range p.Alternates {
			sp.Alternates = append(sp.Alternates, sitemap.Alternate{Lang: a.Lang, Path: a.Path})
		}
		out = append(out, sp)
	}
	return out
}

// pdfLinks describes the printed books for the pages' links: per language,
// each format with its path and size.
func pdfLinks(pdfs map[string][]byte) map[string][]render.PDF {
	if len(pdfs) == 0 {
		return nil
	}
	out := map[string][]render.PDF{}
	var paths []string
	for p := range pdfs {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		lang, file, ok := strings.Cut(p, "/")
		format := strings.TrimSuffix(strings.TrimPrefix(file, "compendium-"), ".pdf")
		if !ok || format == file {
			continue
		}
		out[lang] = append(out[lang], render.PDF{Format: strings.ToUpper(format), Path: p, Size: len(pdfs[p])})
	}
	return out
}

// twinKey marks the twins a build makes in its manifest: a build keeps
// only the twins of its own level; "" when it makes none.
func (opt Options) twinKey() string {
	switch {
	case opt.NoTwins:
		return ""
	}
	return "twin"
}

// fingerprint hashes every file of the theme folder (names and bytes),
// the configuration file and the base URL: what a calculator's HTML
// depends on besides the content and the program.
func fingerprint(themeDir, configFile, baseURL string) (string, error) {
	h := sha256.New()
	var files []string
	err := filepath.WalkDir(themeDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		return "", err
	}
	sort.Strings(files)
	if configFile != "" {
		files = append(files, configFile)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil && !(f == configFile && errors.Is(err, fs.ErrNotExist)) {
			return "", err
		}
		h.Write([]byte(f + "\x00" + strconv.Itoa(len(b)) + "\x00"))
		h.Write(b)
	}
	h.Write([]byte(baseURL))
	return hex.EncodeToString(h.Sum(nil)), nil
}

// editionChanges compares the content with the previous edition's (the
// newest edition/<name> tag whose name is not current), per language,
// and marks the changed sections. Without history or a previous edition
// it returns a note saying so, and no changes.
func editionChanges(opt Options, root string, s *site.Site, theme *render.Theme, calc *calcs, current string) (map[string]*render.Changes, []string, error) {
	prev, err := edition.FindPrevious(opt.ContentDir, current)
	switch {
	case errors.Is(err, edition.ErrNoHistory):
		return nil, []string{"editions: " + err.Error() + " for " + opt.ContentDir + ": no “what changed” page (see content/README.md)"}, nil
	case err != nil:
		return nil, nil, errors.New("editions: " + err.Error())
	case prev == nil:
		return nil, []string{"editions: no earlier edition tag (" + edition.TagPrefix + "NAME) in the history: no “what changed” page"}, nil
	}
	old, err := previousSite(prev)
	if err != nil {
		return nil, nil, err
	}
	outputs, note := calcOutputs(prev, s, old, calc, filepath.Join(root, ".cache", "editions"))
	var notes []string
	if note != "" {
		notes = append(notes, note)
	}
	out := map[string]*render.Changes{}
	oldValues, _ := values.Collect(old) // read as it was: its problems are not this build's
	for _, l := range s.Langs {
		docs := edition.Compare(old.Lang(l.Code), l)
		ch := &render.Changes{Since: prev.Name, Edition: current, Docs: docs, Values: calc.valueChanges(oldValues, old, l.Code)}
		if outputs != nil {
			ch.Calcs = outputs.forms[l.Code]
			docs = withBlockChanges(docs, outputs.blocks[l.Code], l)
			ch.Docs = docs
		}
		out[l.Code] = ch
		for _, d := range docs {
			for _, c := range d.Changed {
				if err := theme.AddChangedBadge(s, l.Code, d.Slug, c.ID, current); err != nil {
					return nil, nil, err
				}
			}
		}
	}
	return out, notes, nil
}

// calcChanges are the calculators whose result changed between editions:
// per language, the calculators page's (their defaults) and each
// document's blocks (their values), by document slug.
type calcChanges struct {
	forms  map[string][]edition.Ref
	blocks map[string]map[string][]edition.Ref
}

// calcOutputs runs each calculator with its defaults, and each block of
// the documents with its values, on the previous edition's engine and on
// this one, and lists those whose figures differ. When the previous
// engine cannot run, it says so in a note and returns nil: the changes
// page then lists the blocks whose values changed.
func calcOutputs(prev *edition.Previous, s, old *site.Site, calc *calcs, cacheDir string) (*calcChanges, string) {
	type run struct {
		lang, slug string
		ref        edition.Ref
		now        map[string]any
		then       edition.CalcInput
	}
	var runs []run
	for _, l := range s.Langs {
		for _, f := range calcui.Forms {
			in := f.EngineInput(f.Merge(nil))
			runs = append(runs, run{lang: l.Code, ref: edition.Ref{ID: f.Name, Title: calc.theme.T(l.Code, "calc."+f.Name+".title")}, now: in, then: edition.CalcInput{Name: f.Name, Input: in}})
		}
		ol := old.Lang(l.Code)
		for _, d := range l.Docs {
			var od *site.Doc
			if ol != nil {
				od = ol.Doc(d.Slug)
			}
			if od == nil {
				continue
			}
			count, oldCount := map[string]int{}, map[string]int{}
			oldBlocks := map[string][]byte{}
			for _, b := range od.Calcs {
				oldCount[b.Name]++
				oldBlocks[b.Name+"#"+strconv.Itoa(oldCount[b.Name])] = b.Defaults
			}
			for _, b := range d.Calcs {
				count[b.Name]++
				was, ok := oldBlocks[b.Name+"#"+strconv.Itoa(count[b.Name])]
				f, values := calcui.Lookup(b.Name), calc.values[b]
				if !ok || f == nil || values == nil {
					continue
				}
				var block map[string]any
				if len(bytes.TrimSpace(was)) > 0 && json.Unmarshal(was, &block) != nil {
					continue
				}
				ref := edition.Ref{ID: b.Name, Title: b.Name}
				if sec := d.SectionAt(b.Offset); sec != nil {
					ref = edition.Ref{ID: sec.ID, Title: sec.Title}
				}
				runs = append(runs, run{lang: l.Code, slug: d.Slug, ref: ref, now: f.EngineInput(values), then: edition.CalcInput{Name: b.Name, Input: f.EngineInput(f.Merge(block))}})
			}
		}
	}
	inputs := make([]edition.CalcInput, len(runs))
	for i, r := range runs {
		inputs[i] = r.then
	}
	before, err := prev.RunEngine(inputs, cacheDir)
	if err != nil {
		return nil, "editions: the calculators were compared by their values only (" + err.Error() + ")"
	}
	out := &calcChanges{forms: map[string][]edition.Ref{}, blocks: map[string]map[string][]edition.Ref{}}
	for i, r := range runs {
		now, cerr := engine.Calculate(r.then.Name, r.now)
		var after []byte
		if cerr != nil {
			after = []byte(`{"error":true}`)
		} else {
			after, _ = json.Marshal(now)
		}
		if edition.SameResult(before[i], after) {
			continue
		}
		if r.slug == "" {
			out.forms[r.lang] = append(out.forms[r.lang], r.ref)
			continue
		}
		if out.blocks[r.lang] == nil {
			out.blocks[r.lang] = map[string][]edition.Ref{}
		}
		if !slices.Contains(out.blocks[r.lang][r.slug], r.ref) {
			out.blocks[r.lang][r.slug] = append(out.blocks[r.lang][r.slug], r.ref)
		}
	}
	return out, ""
}

// withBlockChanges puts in each document's changes the blocks whose
// figures changed (instead of those whose values did), adding the
// documents that changed only there.
func withBlockChanges(docs []edition.DocChanges, blocks map[string][]edition.Ref, l *site.Lang) []edition.DocChanges {
	seen := map[string]bool{}
	for i := range docs {
		docs[i].Calcs = blocks[docs[i].Slug]
		seen[docs[i].Slug] = true
	}
	for _, d := range l.Docs {
		if refs := blocks[d.Slug]; len(refs) > 0 && !seen[d.Slug] {
			title := d.Short
			if title == "" {
				title = d.Title
			}
			docs = append(docs, edition.DocChanges{Slug: d.Slug, Title: title, Calcs: refs})
		}
	}
	// The empty documents (only their blocks' values changed, not their
	// figures) go.
	out := docs[:0]
	for _, d := range docs {
		if d.New || d.Gone || len(d.Added)+len(d.Removed)+len(d.Changed)+len(d.Calcs) > 0 {
			out = append(out, d)
		}
	}
	return out
}

// previousSites keeps the previous editions loaded, by commit: serve's
// rebuilds compare with the same one each time.
var previousSites sync.Map

// previousSite loads the previous edition's content (its problems are
// not this build's: it is read as it was).
func previousSite(prev *edition.Previous) (*site.Site, error) {
	if s, ok := previousSites.Load(prev.Commit); ok {
		return s.(*site.Site), nil
	}
	dir, err := os.MkdirTemp("", "compendium-edition-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := prev.WriteTo(dir); err != nil {
		return nil, err
	}
	s, _ := site.Load(dir, site.Options{})
	previousSites.Store(prev.Commit, s)
	return s, nil
}

// contentDay is the day (UTC) the newest file of the content folder was
// written: what a page's footer says as the rules' date. A day, not a
// time: the pages change with it, and the edits of one day must not each
// change every page.
func contentDay(dir string) time.Time {
	var newest time.Time
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if fi, err := d.Info(); err == nil && fi.ModTime().After(newest) {
			newest = fi.ModTime()
		}
		return nil
	})
	if newest.IsZero() {
		return newest
	}
	y, m, day := newest.UTC().Date()
	return time.Date(y, m, day, 0, 0, 0, 0, time.UTC)
}

// liveWords are the sections' words the glossary and thesaurus checks
// of Live builds keep for the next.
var liveWords glossary.WordCache

// liveTheme is the theme of the last Live build, by fingerprint.
var liveTheme struct {
	sync.Mutex
	key   string
	theme *render.Theme
}

// analyses are the search's text analyses that Live builds keep for the
// next one.
var analyses search.Memo

// once returns a function that calls f the first time and returns its
// result every time.
func once(f func() string) func() string {
	var (
		o sync.Once
		v string
	)
	return func() string {
		o.Do(func() { v = f() })
		return v
	}
}

// concat joins files into one, a line break between them.
func concat(files ...[]byte) []byte {
	var out []byte
	for _, f := range files {
		out = append(append(out, f...), '\n')
	}
	return out
}
