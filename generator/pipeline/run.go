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

// run is one build's surroundings: the Builder, its options, the rebuild
// it is (nil: a build from scratch), the module's root, the phases' clock
// and the output folder's manifest (set once the content is loaded). What
// the phases make is not kept here: each phase is a method that takes what
// it needs as arguments and returns what it makes, and generate passes
// one phase's results to the next.
type run struct {
	b    *Builder
	opt  Options
	live *rebuild // nil: a build from scratch
	root string   // the Go module's root
	ph   *phases
	prev *manifest // the output folder's manifest (nil: none, or in memory)
}

// built is what the phase "module and bundle" makes.
type built struct {
	module *assets.Module
	bundle *assets.Bundle
}

// edited is what the phase "editions and drifts" makes.
type edited struct {
	updated time.Time                  // the newest content file's day
	changes map[string]*render.Changes // by language; none without a previous edition
	notes   []Note
}

// generate runs the phases of a build in memory: Build and Rebuild write
// the result. previous gives the output folder's manifest; it is called
// once the content is loaded.
func (b *Builder) generate(ctx context.Context, live *rebuild, previous func() *manifest) (*Result, error) {
	r := &run{b: b, opt: b.opt, live: live, ph: newPhases(b.opt.Progress)}
	if err := r.locate(); err != nil {
		return nil, err
	}
	// The module and the bundle do not read the content: they run while
	// it loads.
	var a built
	g := new(errgroup.Group)
	g.Go(r.beside("module and bundle (beside load)", func() (err error) {
		a, err = r.assets()
		return err
	}))
	l, lerr := r.load()
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
	ed, err := r.editions(l)
	if err != nil {
		return nil, err
	}
	r.ph.mark("editions and drifts")
	kept := newKeptPages(r.prev, !r.opt.NoTwins)
	// The pages render beside the search index and the single-file
	// editions: they need only the indexes' addresses, which do not
	// change. The index keeps about one core busy (its postings and JSON
	// are made in one goroutine per language, and the synthetic sites
	// have one language): run in turn, the phases left the other core
	// idle for much of a build.
	var (
		pages *render.Pages
		ixs   *search.Indexes
		ss    singles
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(r.beside("pages (beside the index and editions)", func() (err error) {
		pages, err = r.renderPages(l, a, ed, kept)
		return err
	}))
	g.Go(func() (err error) {
		ixs, ss, err = r.indexAndSingles(gctx, l, a, ed)
		return err
	})
	if err := g.Wait(); err != nil {
		return nil, err
	}
	r.ph.mark("wait for the pages")
	out, err := r.homes(l, pages, ss.sizes)
	if err != nil {
		return nil, err
	}
	r.ph.mark("home pages")
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res := &Result{Site: l.site, Files: map[string][]byte{}, carry: ss.carry, Notes: ed.notes, Warnings: site.Sort(l.warnings)}
	if err := r.files(res, l, a, out, ixs, ss.files, kept); err != nil {
		return nil, err
	}
	res.Phases = r.ph.list
	res.Docs, res.Sections = l.site.Count()
	return res, nil
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
func (r *run) load() (*loaded, error) {
	return r.b.load(r.live)
}

// assets is the phase "module and bundle": the rules engine's WebAssembly
// module and esbuild's bundle of the theme's scripts and styles.
func (r *run) assets() (built, error) {
	module, err := assets.BuildModule(assets.ModuleOptions{Root: r.root, CacheDir: r.cache("wasm"), Memory: &r.b.assets})
	if err != nil {
		return built{}, failed("module and bundle", err)
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
		return built{}, e
	}
	return built{module: module, bundle: bundle}, nil
}

// editions is the phase "editions and drifts": what changed since the
// previous edition (the changes page and the sections' badges), and the
// translations behind their original (a warning and a notice each).
func (r *run) editions(l *loaded) (edited, error) {
	s, theme, calc, cfg := l.site, l.theme, l.calc, l.config
	ed := edited{updated: contentDay(r.opt.ContentDir)}
	drift, err := drifts(r.opt, s)
	if err != nil {
		return ed, failed("editions and drifts", err)
	}
	ed.changes, ed.notes, err = r.b.editionChanges(r.root, r.cache("editions"), s, theme, calc, cfg.Edition)
	if err != nil {
		return ed, failed("editions and drifts", err)
	}
	for _, d := range drift {
		if err := theme.AddDriftNotice(s, d.Lang, d.Orig, d.Slug, d.ID, d.Checked); err != nil {
			return ed, failed("editions and drifts", err)
		}
	}
	return ed, nil
}

// renderPages is the phase "pages": every page but the home pages of the
// languages that have a single-file edition, whose size they show (homes).
// A page the output folder already holds with the same bytes goes to kept.
func (r *run) renderPages(l *loaded, a built, ed edited, kept *keptPages) (*render.Pages, error) {
	s, theme, calc, cfg := l.site, l.theme, l.calc, l.config
	searchPaths := map[string]string{}
	for _, lang := range s.Langs {
		searchPaths[lang.Code] = search.IndexPath(lang.Code)
	}
	b, m := a.bundle, a.module
	langs, err := calc.extras(s, ed.changes)
	if err != nil {
		return nil, failed("pages", err)
	}
	p, err := theme.Pages(s, render.Assets{CSS: b.CSS, JS: b.JS, CalcCSS: b.CalcCSS, CalcJS: b.CalcJS, CharacterJS: b.CharacterJS, NotesJS: b.NotesJS, CardsJS: b.CardsJS, ChangesJS: b.ChangesJS, Boot: b.Boot, Head: b.Head, Worker: b.Worker, WASM: m.WASM, WASMSize: m.Size, Search: searchPaths},
		render.Meta{Base: cfg.BaseURL, Edition: cfg.Edition, Updated: ed.updated},
		render.Extra{Langs: langs, PDFs: pdfLinks(r.opt.PDFs), Changes: ed.changes,
			Unchanged: kept.unchanged})
	if err != nil {
		return nil, failed("pages", err)
	}
	// A language without an edition renders its home page now: rendered
	// after the search index, alone, it was the tail of the build on one
	// core.
	for _, l := range s.Langs {
		if !render.HasSingle(l) {
			if err := p.Home(l.Code, nil); err != nil {
				return nil, failed("pages", err)
			}
		}
	}
	return p, nil
}

// indexAndSingles runs the phases "search index" and "single-file
// editions": the editions' pages are drawn beside the index, which they
// take only once drawn (its JSON goes in with the engine's bytes): drawn
// after it, they lengthened the real site's longest path
// (docs/performance.md).
func (r *run) indexAndSingles(ctx context.Context, l *loaded, a built, ed edited) (*search.Indexes, singles, error) {
	var (
		drawn []*render.SingleFile
		ixs   *search.Indexes
	)
	g := new(errgroup.Group)
	g.Go(func() (err error) {
		drawn, err = r.drawSingles(l, a, ed.updated)
		return err
	})
	g.Go(func() (err error) {
		ixs, err = r.index(l)
		return err
	})
	if err := g.Wait(); err != nil {
		return nil, singles{}, err
	}
	r.ph.mark("search index (beside the editions' pages)")
	if err := ctx.Err(); err != nil {
		return nil, singles{}, err
	}
	ss, err := r.makeSingles(l, a, drawn, ixs)
	if err != nil {
		return nil, singles{}, err
	}
	r.ph.mark("single-file editions")
	return ixs, ss, nil
}

// index is the phase "search index": each language's index files.
func (r *run) index(l *loaded) (*search.Indexes, error) {
	s := l.site
	var memo *search.Memo
	if r.live != nil {
		memo = &r.b.analyses
	}
	ixs, err := search.BuildAll(s, l.vocabulary(), memo, search.WithWhole(func(lang string) bool { return render.HasSingle(s.Lang(lang)) }))
	if err != nil {
		return nil, failed("search index", err)
	}
	return ixs, nil
}

// homes is the phase "home pages": the home page of each language that
// has a single-file edition, which links it with its size (sizes, by
// language). It returns every page of the site.
func (r *run) homes(l *loaded, pages *render.Pages, sizes map[string]int) (*render.Output, error) {
	for _, lang := range l.site.Langs {
		if !render.HasSingle(lang) {
			continue
		}
		var single *render.PDF
		if n, ok := sizes[lang.Code]; ok {
			single = &render.PDF{Format: "HTML", Path: lang.Code + "/compendium.html", Size: n}
		}
		if err := pages.Home(lang.Code, single); err != nil {
			return nil, failed("home pages", err)
		}
	}
	out := pages.Output()
	if l.calc.memo != nil {
		l.calc.memo.rotate()
	}
	return out, nil
}
