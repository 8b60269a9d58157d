package pipeline

import (
	"context"
	"path/filepath"
	"time"

	"golang.org/x/sync/errgroup"

	"compendium/generator/assets"
	"compendium/generator/render"
	"compendium/generator/search"
	"compendium/generator/site"
)

// run is one build: what its phases take and give, each phase a method
// that fills its part and returns an error. generate lists the phases.
type run struct {
	b    *Builder
	opt  Options
	live *rebuild // nil: a build from scratch
	root string   // the Go module's root
	ph   *phases
	prev *manifest // the output folder's manifest (nil: none, or in memory)

	l       *loaded
	module  *assets.Module
	bundle  *assets.Bundle
	updated time.Time
	changes map[string]*render.Changes
	kept    *keptPages
	pages   *render.Pages
	ixs     *search.Indexes
	drawn   []drawnSingle     // the editions' pages, by language, before the index goes in
	singles map[string][]byte // the editions made this build
	sizes   map[string]int    // every edition's size, made or kept
	out     *render.Output
	res     *Result
}

// generate runs the phases of a build in memory: Build and Rebuild write
// the result. previous gives the output folder's manifest; it is called
// once the content is loaded.
func (b *Builder) generate(ctx context.Context, live *rebuild, previous func() *manifest) (*Result, error) {
	r := &run{b: b, opt: b.opt, live: live, ph: newPhases(b.opt.Progress), sizes: map[string]int{}, singles: map[string][]byte{}}
	if err := r.locate(); err != nil {
		return nil, err
	}
	// The module and the bundle do not read the content: they run while
	// it loads.
	g := new(errgroup.Group)
	g.Go(r.beside("module and bundle (beside load)", r.assets))
	lerr := r.load()
	r.ph.mark("load and check")
	aerr := g.Wait()
	r.ph.mark("wait for the bundle")
	if err := joined(lerr, aerr); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r.prev = previous()
	if err := r.editions(); err != nil {
		return nil, err
	}
	r.ph.mark("editions and drifts")
	// The pages render beside the search index and the single-file
	// editions: they need only the indexes' addresses, which do not
	// change. The index keeps about one core busy (its postings and JSON
	// are made in one goroutine per language, and the synthetic sites
	// have one language): run in turn, the phases left the other core
	// idle for much of a build.
	g, gctx := errgroup.WithContext(ctx)
	g.Go(r.beside("pages (beside the index and editions)", r.renderPages))
	g.Go(func() error { return r.indexAndSingles(gctx) })
	if err := g.Wait(); err != nil {
		return nil, err
	}
	r.ph.mark("wait for the pages")
	if err := r.homes(); err != nil {
		return nil, err
	}
	r.ph.mark("home pages")
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := r.files(); err != nil {
		return nil, err
	}
	r.res.Phases = r.ph.list
	r.res.Docs, r.res.Sections = r.l.site.Count()
	return r.res, nil
}

// beside returns phase as a function for an errgroup, recording its own
// wall time under name.
func (r *run) beside(name string, phase func() error) func() error {
	return func() error {
		start := time.Now()
		defer r.ph.since(name, start)
		return phase()
	}
}

// locate finds the Go module's root, where ./wasm is compiled.
func (r *run) locate() error {
	root, err := r.opt.ModuleRoot()
	if err != nil {
		return failed("load and check", err)
	}
	r.root = root
	return nil
}

// cache is the folder of the build's cache name ("wasm", "cards"…), under
// the module's root: one per checkout, shared by its builds.
func (r *run) cache(name string) string { return filepath.Join(r.root, ".cache", name) }

// load is the phase "load and check" (load.go).
func (r *run) load() error {
	l, err := r.b.load(r.live)
	r.l = l
	return err
}

// assets is the phase "module and bundle": the rules engine's WebAssembly
// module and esbuild's bundle of the theme's scripts and styles.
func (r *run) assets() error {
	module, err := assets.BuildModule(assets.ModuleOptions{Root: r.root, CacheDir: r.cache("wasm"), Memory: &r.b.assets})
	if err != nil {
		return failed("module and bundle", err)
	}
	bundle, msgs := assets.Build(assets.Options{ThemeDir: r.opt.ThemeDir, Generated: map[string]string{"wasm_exec.js": string(module.ExecBytes)}, Minify: true,
		CacheDir: r.cache("bundle"), Memory: &r.b.assets})
	if len(msgs) > 0 {
		e := &Error{Phase: "module and bundle"}
		for _, m := range msgs {
			d := site.New(m.File, m.Line, "bundle-failed", "err", m.Text)
			d.Col = m.Column
			e.Diagnostics = append(e.Diagnostics, d)
		}
		return e
	}
	r.module, r.bundle = module, bundle
	return nil
}

// editions is the phase "editions and drifts": what changed since the
// previous edition (the changes page and the sections' badges), and the
// translations behind their original (a warning and a notice each).
func (r *run) editions() error {
	s, theme, calc, cfg := r.l.site, r.l.theme, r.l.calc, r.l.config
	r.updated = contentDay(r.opt.ContentDir)
	drift, err := drifts(r.opt, s)
	if err != nil {
		return failed("editions and drifts", err)
	}
	changes, notes, err := r.b.editionChanges(r.root, r.cache("editions"), s, theme, calc, cfg.Edition)
	if err != nil {
		return failed("editions and drifts", err)
	}
	r.changes = changes
	r.res = &Result{Site: s, Files: map[string][]byte{}, carry: map[string]carried{}, Notes: notes}
	r.res.Warnings = site.Sort(r.l.warnings)
	for _, d := range drift {
		if err := theme.AddDriftNotice(s, d.Lang, d.Orig, d.Slug, d.ID, d.Checked); err != nil {
			return failed("editions and drifts", err)
		}
	}
	r.kept = newKeptPages(r.prev, !r.opt.NoTwins)
	return nil
}

// renderPages is the phase "pages": every page but the home pages of the
// languages that have a single-file edition, whose size they show (homes).
func (r *run) renderPages() error {
	s, theme, calc, cfg := r.l.site, r.l.theme, r.l.calc, r.l.config
	searchPaths := map[string]string{}
	for _, lang := range s.Langs {
		searchPaths[lang.Code] = search.IndexPath(lang.Code)
	}
	b, m := r.bundle, r.module
	p, err := theme.Pages(s, render.Assets{CSS: b.CSS, JS: b.JS, CalcCSS: b.CalcCSS, CalcJS: b.CalcJS, CharacterJS: b.CharacterJS, Boot: b.Boot, Head: b.Head, Worker: b.Worker, WASM: m.WASM, WASMSize: m.Size, Search: searchPaths},
		render.Meta{Base: cfg.BaseURL, Edition: cfg.Edition, Updated: r.updated},
		render.Extra{CalcStrings: calc.strings, Calculators: calc.calculatorsPage, Glossary: calc.glossaryPage, Values: calc.valuesPage, Character: calc.characterPage, PDFs: pdfLinks(r.opt.PDFs), Changes: r.changes,
			Unchanged: r.kept.unchanged})
	if err != nil {
		return failed("pages", err)
	}
	r.pages = p
	// A language without an edition renders its home page now: rendered
	// after the search index, alone, it was the tail of the build on one
	// core.
	for _, l := range s.Langs {
		if !render.HasSingle(l) {
			if err := p.Home(l.Code, nil); err != nil {
				return failed("pages", err)
			}
		}
	}
	return nil
}

// indexAndSingles runs the phases "search index" and "single-file
// editions": the editions' pages are drawn beside the index, which they
// take only once drawn (its JSON goes in with the engine's bytes): drawn
// after it, they lengthened the real site's longest path
// (docs/performance.md).
func (r *run) indexAndSingles(ctx context.Context) error {
	g := new(errgroup.Group)
	g.Go(r.drawSingles)
	g.Go(r.index)
	if err := g.Wait(); err != nil {
		return err
	}
	r.ph.mark("search index (beside the editions' pages)")
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := r.makeSingles(); err != nil {
		return err
	}
	r.ph.mark("single-file editions")
	return nil
}

// index is the phase "search index": each language's index files.
func (r *run) index() error {
	s := r.l.site
	var memo *search.Memo
	if r.live != nil {
		memo = &r.b.analyses
	}
	ixs, err := search.BuildAll(s, r.l.vocabulary(), memo, search.WithWhole(func(lang string) bool { return render.HasSingle(s.Lang(lang)) }))
	if err != nil {
		return failed("search index", err)
	}
	r.ixs = ixs
	return nil
}

// homes is the phase "home pages": the home page of each language that
// has a single-file edition, which links it with its size.
func (r *run) homes() error {
	for _, l := range r.l.site.Langs {
		if !render.HasSingle(l) {
			continue
		}
		var single *render.PDF
		if n, ok := r.sizes[l.Code]; ok {
			single = &render.PDF{Format: "HTML", Path: l.Code + "/compendium.html", Size: n}
		}
		if err := r.pages.Home(l.Code, single); err != nil {
			return failed("home pages", err)
		}
	}
	r.out = r.pages.Output()
	r.pages = nil
	if r.l.calc.memo != nil {
		r.l.calc.memo.rotate()
	}
	return nil
}
