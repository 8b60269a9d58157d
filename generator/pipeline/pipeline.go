// Package pipeline builds the site: content → load and check → assets →
// pages, search index and single-file editions → files → write. A Builder
// owns one site's build and everything its rebuilds reuse; a build calls
// named phases, each a method of its run (run.go), and swaps the new site
// in only when every phase succeeded, so that a failed build leaves the
// previous public/ as it was.
package pipeline

import (
	"compendium/generator/assets"
	"context"
	"errors"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"compendium/generator/glossary"
	"compendium/generator/render"
	"compendium/generator/search"
	"compendium/generator/site"
)

// ModuleRoot returns the Go module's root the build compiles ./wasm in:
// Root, or the theme folder's parent, as an absolute path.
func (o Options) ModuleRoot() (string, error) {
	if o.Root != "" {
		return filepath.Abs(o.Root)
	}
	abs, err := filepath.Abs(o.ThemeDir)
	if err != nil {
		return "", err
	}
	return filepath.Dir(abs), nil
}

// Options configures a Builder.
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
	// Progress, when set, is told the name of each stage of a build as it
	// ends (the stages build -timings lists), from any goroutine: serve
	// prints them during a long first build.
	Progress func(stage string) `json:"-"`
	// NoTwins skips the .br and .gz twins (build -compress=false): for
	// measuring the rest of the pipeline, or a host that compresses itself.
	NoTwins bool
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
	Sums Sums
	// Docs and Sections count each document and section once, however
	// many languages give it (site.Site.Count).
	Docs     int
	Sections int
	Elapsed  time.Duration
	// Warnings are what check reports without failing (see Check).
	Warnings site.Diagnostics
	// Notes say what the build compared with or left out and why, one
	// line each (the edition "what changed" compares with, or none).
	Notes []Note
	// carry lists the files kept from the previous build (not in Files:
	// they are in the output folder already) and the files made this
	// build that the next one may keep.
	carry map[string]carried
	// keptTwins are the twins of the pages kept from the previous build
	// (in Sums, not in Files), with the sum prefix the manifest records.
	keptTwins map[string]string
	// Phases are the phases' wall times (build -timings).
	Phases []Phase
}

// Summary is the one line a build ends with, in lang.
func (r *Result) Summary(out, lang string) string {
	langs := make([]string, len(r.Site.Langs))
	for i, l := range r.Site.Langs {
		langs[i] = l.Code
	}
	return site.Text("cmd-built", lang, "docs", site.Counted("documents", lang, r.Docs), "sections", site.Counted("sections", lang, r.Sections),
		"n", site.Counted("languages", lang, len(langs)), "langs", strings.Join(langs, ", "),
		"out", out, "time", r.Elapsed.Round(time.Millisecond).String())
}

// Note is a line a build prints about what it compared with or left out
// and why (the previous edition, or none to compare with): a kind of the
// message catalogue and its arguments.
type Note struct {
	Kind string
	Args []string
}

// Format is the note in lang.
func (n Note) Format(lang string) string { return site.Text(n.Kind, lang, n.Args...) }

// String is the note in English.
func (n Note) String() string { return n.Format(site.CatalogueDefault) }

// Builder builds one site, as many times as asked: a build from scratch
// (Build), or a rebuild after an edit (Rebuild), which reuses what the
// previous rebuild made from the same inputs. Every cache lives in the
// Builder: two Builders of one process share nothing. Its methods must
// not be called concurrently (serve calls them one at a time); a call
// made while another runs waits for it.
type Builder struct {
	opt  Options
	busy sync.Mutex
	// The caches of rebuilds (Rebuild), each keyed by its inputs; a Build
	// neither reads nor fills them.
	theme struct {
		key   string // fingerprint of the theme folder and configuration
		theme *render.Theme
	}
	words    glossary.WordCache // the sections' words, for the glossary and thesaurus checks
	analyses search.Memo        // the search's text analyses
	calcs    calcMemo           // the calculators' HTML
	// assets keeps the bundle and the engine's module by the hash of their
	// inputs, for every build of this Builder: reading and hashing the
	// module was a tenth of a rebuild.
	assets assets.Memory
	// editions keeps the previous editions' content, by commit: serve's
	// rebuilds compare with the same one each time.
	editions map[string]*site.Site
}

// New returns a Builder of the site opt describes.
func New(opt Options) *Builder {
	return &Builder{opt: opt, editions: map[string]*site.Site{}}
}

// Build runs the whole pipeline and writes the site into the output
// folder: every page, calculator, index and edition is made again (the
// precompressed twins and preview cards come from their caches on disk
// where their inputs are the same).
func (b *Builder) Build(ctx context.Context) (*Result, error) {
	return b.buildAndWrite(ctx, nil)
}

// Rebuild builds and writes the site again after the files in changed
// were edited (serve's rebuilds, with the pages' reload script): it must
// be quick, so the twins come only from the cache (the changed files get
// none: brotli 11 of the edited page, the book and the search index took
// seconds), the single-file editions are kept as the previous build left them, not even rendered, and the
// theme, calculators, glossary checks and search analyses are reused from
// the previous Rebuild where their inputs are the same. changed may be
// nil (unknown): then every input is compared. The next Build makes
// everything again.
func (b *Builder) Rebuild(ctx context.Context, changed []string) (*Result, error) {
	return b.buildAndWrite(ctx, &rebuild{changed: changed})
}

// Complete makes what Rebuilds leave as an earlier build made them: the
// single-file editions, which the home pages offer (made without their
// twins, as a Rebuild's pages are), and the home pages that give their
// sizes. serve calls it once the open pages were told to reload, so that
// an edit's reload does not wait for it; it reads the content again, but
// takes the theme from the previous Rebuild.
func (b *Builder) Complete(ctx context.Context) (*Result, error) {
	return b.buildAndWrite(ctx, &rebuild{changed: []string{}, singles: true})
}

// LeftByRebuild reports whether Rebuild leaves the file at urlPath (from
// the site's root: "/fr/compendium.html") as an earlier build made it,
// for Complete to make.
func LeftByRebuild(urlPath string) bool {
	return path.Base(urlPath) == "compendium.html" || path.Base(urlPath) == "compendium.html.br" || path.Base(urlPath) == "compendium.html.gz"
}

// Generate runs the pipeline in memory, writing nothing.
func (b *Builder) Generate(ctx context.Context) (*Result, error) {
	b.busy.Lock()
	defer b.busy.Unlock()
	return b.generate(ctx, nil, func() *manifest { return nil })
}

// Load loads and checks the content with the theme's strings, without
// rendering or writing anything: the check command.
func (b *Builder) Load() (*site.Site, *render.Theme, error) {
	b.busy.Lock()
	defer b.busy.Unlock()
	l, err := b.load(nil)
	return l.site, l.theme, err
}

// rebuild marks a Rebuild: what changed since the previous one.
type rebuild struct {
	changed []string
	// singles says the single-file editions are made too (Complete).
	singles bool
}

// touches reports whether the edit may have changed a file under dir or
// the file dir: true when the changed files are unknown.
func (r *rebuild) touches(dir string) bool {
	if r.changed == nil {
		return true
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return true
	}
	for _, c := range r.changed {
		ca, err := filepath.Abs(c)
		if err != nil || ca == abs || strings.HasPrefix(ca, abs+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// buildAndWrite is Build, or Rebuild when live is set.
func (b *Builder) buildAndWrite(ctx context.Context, live *rebuild) (*Result, error) {
	b.busy.Lock()
	defer b.busy.Unlock()
	start := time.Now()
	// The previous build's manifest is read while the content loads: the
	// pipeline needs it only once the pages render, and the write uses the
	// same reading if the file has not changed meanwhile.
	read := make(chan *readManifestResult, 1)
	go func() { read <- readManifestNow(filepath.Clean(b.opt.OutDir)) }()
	var was *readManifestResult
	previous := func() *readManifestResult {
		if was == nil {
			was = <-read
		}
		return was
	}
	res, err := b.generate(ctx, live, func() *manifest { return previous().m })
	if err != nil {
		return nil, err
	}
	w := time.Now()
	if err := writeSums(ctx, b.opt.OutDir, res.Files, res.Sums, res.carry, res.keptTwins, previous()); err != nil {
		return nil, &Error{Phase: "write", Err: err}
	}
	res.Phases = append(res.Phases, Phase{Name: "write", Took: time.Since(w)})
	res.Elapsed = time.Since(start)
	return res, nil
}

// Build builds the site opt describes once and writes it: New(opt).Build.
func Build(opt Options) (*Result, error) { return New(opt).Build(context.Background()) }

// Generate builds the site opt describes once, in memory: New(opt).Generate.
func Generate(opt Options) (*Result, error) { return New(opt).Generate(context.Background()) }

// Load loads and checks the content opt describes: New(opt).Load.
func Load(opt Options) (*site.Site, *render.Theme, error) { return New(opt).Load() }

// Check loads and checks the content opt describes, as Load, and returns
// every problem found, folded (site.Fold): the errors, which make err an
// *Error, and the warnings (the translated sections whose original changed
// since they were checked, content/translations.json), shown with them.
func Check(opt Options) (*site.Site, site.Diagnostics, error) {
	b := New(opt)
	b.busy.Lock()
	defer b.busy.Unlock()
	l, err := b.load(nil)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return l.site, e.Diagnostics, err
		}
		return l.site, nil, err
	}
	return l.site, l.warnings, nil
}
