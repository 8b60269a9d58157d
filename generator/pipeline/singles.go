package pipeline

import (
	"sync"
	"time"

	"compendium/generator/calcui"
	"compendium/generator/render"
	"compendium/generator/search"
)

// singles is what the phase "single-file editions" makes: the editions
// made this build (files, by path), the ones the output folder holds from
// the same inputs (carry), and every edition's size, made or kept, by
// language.
type singles struct {
	files map[string][]byte
	carry map[string]carried
	sizes map[string]int
}

// drawSingles draws the single-file editions: each language's documents,
// glossary, calculators, style, script and engine in one HTML file, by
// language in the site's order (nil: not drawn). A rebuild keeps the
// editions the output folder holds (makeSingles carries them) without
// drawing them; Complete draws them.
func (r *run) drawSingles(l *loaded, a built, updated time.Time) ([]*render.SingleFile, error) {
	s, theme, calc, cfg, bundle, module := l.site, l.theme, l.calc, l.config, a.bundle, a.module
	drawn := make([]*render.SingleFile, len(s.Langs))
	wasm64, worker64 := once(func() string {
		b, _ := module.Bytes() // an error fails the build once the editions are made
		return render.Base64(b)
	}), once(func() string { return render.Base64(bundle.Files[bundle.Worker]) })
	for i, l := range s.Langs {
		if c := r.prev.stale(l.Code + "/compendium.html"); r.live != nil && !r.live.singles && c != nil {
			continue // carried as it is, by makeSingles
		}
		groups, _, err := calc.calculatorsPage(l.Code, l.Docs)
		if err != nil {
			return nil, failed("single-file editions", err)
		}
		f, err := theme.Single(s, l.Code, render.SingleAssets{
			// One style sheet and one script, in the order the
			// pages link them: the calculators' first.
			CSS: concat(bundle.Files[bundle.CalcCSS], bundle.Files[bundle.CSS]), JS: concat(bundle.Files[bundle.CalcJS], bundle.Files[bundle.JS]), Head: bundle.Files[bundle.Head], Worker64: worker64, WASM64: wasm64, Key: module.WASM + " " + bundle.Worker,
			CalcStrings: calc.strings(l.Code, calcui.Names()),
		}, render.Meta{Base: cfg.BaseURL, Edition: cfg.Edition, Updated: updated}, calc.glossaryPage(l.Code), groups)
		if err != nil {
			return nil, failed("single-file editions", err)
		}
		drawn[i] = f
	}
	return drawn, nil
}

// makeSingles is the phase "single-file editions": each drawn edition
// gets its search index and becomes bytes, unless the output folder holds
// it from the same inputs (carried, unread). It records every edition's
// size for the home pages.
func (r *run) makeSingles(l *loaded, a built, drawn []*render.SingleFile, ixs *search.Indexes) (singles, error) {
	ss := singles{files: map[string][]byte{}, carry: map[string]carried{}, sizes: map[string]int{}}
	for i, l := range l.site.Langs {
		name := l.Code + "/compendium.html"
		if c := r.prev.stale(name); r.live != nil && !r.live.singles && c != nil {
			for k, v := range c {
				ss.carry[k] = v
			}
			ss.sizes[l.Code] = c[name].Size
			continue
		}
		f := drawn[i]
		if f == nil {
			continue
		}
		f.SetIndex(ixs.Whole[l.Code])
		key := f.Key()
		c := r.prev.carried(name, key, r.opt.twinKey())
		if c == nil && r.live != nil {
			// A Live build makes no twin: the file alone, made from
			// the same inputs (by an earlier Complete), is what it
			// would make.
			c = r.prev.carried(name, key, "")
		}
		if c != nil {
			for k, v := range c {
				ss.carry[k] = v
			}
			ss.sizes[l.Code] = c[name].Size
			continue
		}
		b := f.Bytes()
		ss.files[name] = b
		ss.sizes[l.Code] = len(b)
		ss.carry[name] = carried{Key: key, Size: len(b)} // its sum once hashed
	}
	if len(ss.files) > 0 {
		// An edition made without the module's bytes would carry a dead
		// engine: the cache file went between BuildModule and now.
		if _, err := a.module.Bytes(); err != nil {
			return ss, failed("single-file editions", wrapModule(err))
		}
	}
	return ss, nil
}

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
