package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"compendium/generator/compress"
	"compendium/generator/headers"
	"compendium/generator/render"
	"compendium/generator/search"
	"compendium/generator/sitemap"
)

// wrapModule names the engine's module in an error reading its bytes.
func wrapModule(err error) error {
	return fmt.Errorf("the rules engine's module: %w", err)
}

// files is the phase "files": the site's every file beside the pages
// (the PDFs, the editions, the QR codes, the bundle, the preview cards and
// icons, robots.txt and the sitemap, the search indexes, the engine's
// module, the favicon and _headers); then the phases "service worker",
// which lists them with their hashes, and "twins", their precompressed
// copies.
// Into res go the pages (out), the editions made (singles), the search
// indexes (ixs), the bundle and the module (a), and everything else; the
// pages kept in the output folder (kept) are hashed as it holds them.
func (r *run) files(res *Result, l *loaded, a built, out *render.Output, ixs *search.Indexes, singles map[string][]byte, kept *keptPages) error {
	if err := r.collect(res, l, a, out, ixs, singles); err != nil {
		return err
	}
	sums, err := r.offline(res, l, out, kept)
	if err != nil {
		return err
	}
	return r.twins(res, kept, sums)
}

// collect gathers the files beside the pages into res.
func (r *run) collect(res *Result, l *loaded, a built, out *render.Output, ixs *search.Indexes, singles map[string][]byte) error {
	s, theme, cfg := l.site, l.theme, l.config
	for k, v := range r.opt.PDFs {
		res.Files[k] = v
	}
	for k, v := range singles {
		res.Files[k] = v
	}
	qrs, err := render.QRFiles(s, render.Meta{Base: cfg.BaseURL})
	if err != nil {
		return failed("files", err)
	}
	for k, v := range qrs {
		res.Files[k] = v
	}
	for k, v := range a.bundle.Files {
		res.Files[k] = v
	}
	for k, v := range out.Files {
		res.Files[k] = v
	}
	r.ph.mark("qr codes")
	images, cardsKept, err := drawImages(out.Previews, theme, cfg, r.cache("cards"), r.root, r.prev)
	if err != nil {
		return failed("images", err)
	}
	for k, v := range images {
		res.Files[k] = v
	}
	for k, v := range cardsKept {
		res.carry[k] = v
	}
	r.ph.mark("images")
	res.Files["robots.txt"] = sitemap.Robots(cfg.BaseURL)
	if cfg.BaseURL != "" {
		res.Files["sitemap.xml"] = sitemap.XML(cfg.BaseURL, listed(out.Pages))
	}
	for k, v := range ixs.Files {
		res.Files[k] = v
	}
	// The module is named by its content: a folder whose manifest has it
	// (and its twins) keeps it, unread (see assets.Module).
	module := a.module
	if c := r.prev.carried(module.WASM, module.WASM, r.opt.twinKey()); c != nil {
		for k, v := range c {
			res.carry[k] = v
		}
	} else {
		b, err := module.Bytes()
		if err != nil {
			return failed("files", wrapModule(err))
		}
		res.Files[module.WASM] = b
		res.carry[module.WASM] = carried{Key: module.WASM, Size: len(b)} // its sum once hashed
	}
	icon, err := os.ReadFile(filepath.Join(r.opt.ThemeDir, "favicon.svg"))
	if err != nil {
		return failed("files", err)
	}
	res.Files["favicon.svg"] = icon
	var langs []string
	for _, l := range s.Langs {
		langs = append(langs, l.Code)
	}
	res.Files["_headers"] = []byte(headers.File(langs...))
	return nil
}

// offline hashes the site's files and writes the service worker, which
// lists them with their hashes and sizes; it returns the hashes.
func (r *run) offline(res *Result, l *loaded, out *render.Output, kept *keptPages) (Sums, error) {
	sums := kept.addTo(res.addCarried(hashFiles(res.Files, kept.made)))
	r.ph.mark("hash")
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
	sw, err := serviceWorker(r.opt.ThemeDir, sizes, sums, out.Shares, out.Stamps, l.config.Edition, l.config.Langs(), l.theme.T)
	if err != nil {
		return nil, failed("service worker", err)
	}
	res.Files["sw.js"] = sw
	r.ph.mark("service worker")
	return sums, nil
}

// twins makes the precompressed twins (.br, .gz) of the compressible
// files, then hashes them: sums are the other files' hashes.
func (r *run) twins(res *Result, kept *keptPages, sums Sums) error {
	if !r.opt.NoTwins {
		// Twins are cached by content (.cache/compress): brotli-11 of the
		// whole site takes seconds, a warm rebuild's twins almost nothing.
		cache := r.cache("compress")
		twins, err := compress.Twins(res.Files, compress.Options{CacheDir: cache, Memory: true, Sums: sums, CachedOnly: r.live != nil})
		if err != nil {
			return failed("twins", err)
		}
		for k, v := range twins {
			res.Files[k] = v
		}
		compress.Prune(cache, 30*24*time.Hour)
	}
	r.ph.mark("twins")
	// Only the service worker and the twins are left to hash.
	res.Sums = kept.addTo(res.addCarried(hashFiles(res.Files, sums)))
	res.keptTwins = kept.twinSums
	res.recordCarry(r.opt.twinKey())
	r.ph.mark("hash twins")
	return nil
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
	if opt.NoTwins {
		return ""
	}
	return "twin"
}
