package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"compendium/generator/par"
	"compendium/generator/site"
)

// Meta is what the site's configuration adds to every page.
type Meta struct {
	// Base is the site's absolute address, ending in "/", or "".
	Base string
	// Edition names the rules' edition.
	Edition string
	// Updated is the day the content last changed (zero: not shown).
	Updated time.Time
}

// Day writes a day as a reader of lang does ("1er décembre 2026",
// "1 December 2026"): the months are lang's date.months, the first of a
// month its date.day_one; a language with no months gets 2026-12-01.
func (t *Theme) Day(lang string, d time.Time) string {
	if d.IsZero() {
		return ""
	}
	months := strings.Fields(t.T(lang, "date.months"))
	if len(months) != 12 {
		return d.Format("2006-01-02")
	}
	day := strconv.Itoa(d.Day())
	if d.Day() == 1 {
		day = t.T(lang, "date.day_one")
	}
	return day + " " + months[d.Month()-1] + " " + strconv.Itoa(d.Year())
}

// Output is a rendered site: its files, the pages a search engine should
// list, and the link-preview images the pages name.
type Output struct {
	// Files maps paths from the site root to their bytes.
	Files map[string][]byte
	// Pages lists the indexable pages with their language versions, for
	// the sitemap (share pages, which only redirect, and 404 pages are not
	// in it).
	Pages []Listed
	// Previews lists the images the pages' Open Graph tags name; the
	// caller draws them (package cards) at Path.
	Previews []Preview
	// Shares lists the share pages' files: they only redirect, so the
	// offline copy does not keep them (the service worker redirects).
	Shares []string
	// Filled counts the share and document pages written from a skeleton of the layout
	// rather than by executing it (skeleton.go).
	Filled int
	// Stamps identifies each page but the share pages, by file, for the
	// offline copy's update banner (stamp.go).
	Stamps map[string]Stamp
}

// Listed is an indexable page and its versions in every language.
type Listed struct {
	Path       string
	Alternates []Alternate
	XDefault   string
}

// Preview is a link-preview image to draw.
type Preview struct {
	Path                string // from the site root, e.g. "og/fr/fantasy.png"
	Lang                string
	Kicker, Title, Text string
}

type siteRenderer struct {
	t   *Theme
	s   *site.Site
	a   Assets
	m   Meta
	out *Output
	// sheets maps a printKey to its print sheet's path (print.go).
	sheets map[string]string
	// unchanged is Extra.Unchanged.
	unchanged func(path string, b []byte) bool
	// shareSk are the language's skeletons of the share layout.
	shareSk *skeletonSet
	// docSk are the language's skeletons of the doc layout (docpage.go).
	docSk *docSkeletons
}

// page returns a page at path (from the site root) with what every page
// carries.
func (r *siteRenderer) page(lang, path string) *Page {
	return &Page{Lang: lang, langs: r.s.Codes(), Path: path, PrintKey: printKey(path), PrintSheet: r.sheets[printKey(path)], Root: strings.Repeat("../", strings.Count(path, "/")), Assets: r.a,
		Base: r.m.Base, Edition: r.m.Edition, Updated: r.t.Day(lang, r.m.Updated), OGType: "website", Manifest: lang + "/manifest.webmanifest",
		Image: "og/" + lang + "/home.png", ImageAlt: r.t.T(lang, "site_title")}
}

// versions fills p's language versions: pathFor gives the path of the
// page in a language, or "" when the page does not exist in it.
func (r *siteRenderer) versions(p *Page, pathFor func(lang string) string) {
	for _, l := range r.s.Langs {
		path := pathFor(l.Code)
		if path == "" {
			continue
		}
		alt := Alternate{Lang: l.Code, Href: p.Root + path, Path: path, Name: r.t.T(l.Code, "lang_name"), Locale: r.t.T(l.Code, "og_locale")}
		p.Alternates = append(p.Alternates, alt)
		if p.XDefault == "" {
			p.XDefault = path
		}
		if l.Code != p.Lang {
			p.Switches = append(p.Switches, alt)
			if p.Switch == nil {
				p.Switch = &alt
			}
		}
	}
}

func (r *siteRenderer) render(layout string, p *Page, file string, listed bool) error {
	b, err := r.t.Render(layout, withOGTitle(p))
	if err != nil {
		return err
	}
	r.stamp(file, b)
	if r.unchanged == nil || !r.unchanged(file, b) {
		r.out.Files[file] = b
	}
	if listed {
		r.out.Pages = append(r.out.Pages, Listed{Path: p.Path, Alternates: p.Alternates, XDefault: p.XDefault})
	}
	return nil
}

// Site renders every page of s: the root language choice, and per
// language the home page, glossary, calculators, each document with its
// bilingual view and one share page per section, a 404 page and the web
// app manifest. Keys are paths relative to the site root. The home pages
// link no single-file edition: Pages and Home render a site that has them.
func (t *Theme) Site(s *site.Site, a Assets, m Meta, extra Extra) (*Output, error) {
	p, err := t.Pages(s, a, m, extra)
	if err != nil {
		return nil, err
	}
	for _, l := range s.Langs {
		if err := p.Home(l.Code, nil); err != nil {
			return nil, err
		}
	}
	return p.Output(), nil
}

// Pages is a site rendered but for its home pages, which link what only
// the rest of a build knows: each language's single-file edition, with its
// size. The build renders the pages while it makes the search index and
// the editions, then each home page once its edition's size is known.
type Pages struct {
	r      *siteRenderer
	s      *site.Site
	extra  Extra
	langs  []*Output // each language's pages, in the site's order
	homes  []*Output // each language's home page, once rendered
	byCode map[string]int
}

// Pages renders every page of s but the home pages (see Site).
func (t *Theme) Pages(s *site.Site, a Assets, m Meta, extra Extra) (*Pages, error) {
	files := map[string][]byte{}
	sheets := map[string]string{}
	for key, b := range t.printSheets(s, m) {
		name := printSheetName(b)
		files[name], sheets[key] = b, name
	}
	r := &siteRenderer{t: t, s: s, a: a, m: m, sheets: sheets, out: &Output{Files: files}, unchanged: extra.Unchanged}
	first := s.Langs[0].Code
	var langs []Language
	for _, l := range s.Langs {
		langs = append(langs, Language{Code: l.Code, Name: t.T(l.Code, "lang_name")})
	}
	root := r.page(first, "")
	root.Title, root.Description, root.Languages = t.T(first, "site_title"), t.T(first, "site_tagline"), langs
	r.versions(root, func(lang string) string { return lang + "/" })
	root.Switch, root.Switches, root.XDefault = nil, nil, ""
	if err := r.render("root", root, "index.html", true); err != nil {
		return nil, err
	}
	// The root 404 page is served at any depth: its links start from the
	// site's path, not from the page.
	nf := r.page(first, "")
	nf.Root, nf.Languages, nf.NotFound, nf.Robots = basePath(m.Base), langs, true, "noindex"
	nf.Title = t.T(first, "not_found_title") + " — " + t.T(first, "site_title")
	if err := r.render("notfound", nf, "404.html", false); err != nil {
		return nil, err
	}
	// Languages render in parallel, each into its own output, merged in
	// the site's order so that the result does not depend on scheduling.
	p := &Pages{r: r, s: s, extra: extra, langs: make([]*Output, len(s.Langs)), homes: make([]*Output, len(s.Langs)), byCode: map[string]int{}}
	errs := make([]error, len(s.Langs))
	par.Each(len(s.Langs), func(i int) {
		lr := r.fork()
		errs[i] = lr.language(s.Langs[i], extra)
		p.langs[i] = lr.out
	})
	for i, l := range s.Langs {
		if errs[i] != nil {
			return nil, errs[i]
		}
		p.byCode[l.Code] = i
	}
	return p, nil
}

// Home renders the home page of language lang, linking single, its
// single-file edition, when not nil. The home pages of different
// languages may render at the same time, from different goroutines.
func (p *Pages) Home(lang string, single *PDF) error {
	i, ok := p.byCode[lang]
	if !ok {
		panic("render: Home of a language the site does not have: " + lang)
	}
	hr := p.r.fork()
	if err := hr.home(p.s.Langs[i], p.extra, single); err != nil {
		return err
	}
	p.homes[i] = hr.out
	return nil
}

// Output returns the site's files and lists, each language's home page
// first among its listed pages, as a reader's sitemap has always had it.
// It panics unless every language's home page was rendered.
func (p *Pages) Output() *Output {
	for i, l := range p.s.Langs {
		if p.homes[i] == nil {
			panic("render: Output before the home page of " + l.Code)
		}
		p.r.merge(p.homes[i])
		p.r.merge(p.langs[i])
		// Merged: the language's own lists are garbage now, not held
		// beside the site's until the build ends (at 10,000 pages, a
		// map of 160,000 files near the memory limit).
		p.homes[i], p.langs[i] = nil, nil
	}
	return p.r.out
}

// fork returns a renderer of r's site into an output of its own.
func (r *siteRenderer) fork() *siteRenderer {
	return &siteRenderer{t: r.t, s: r.s, a: r.a, m: r.m, sheets: r.sheets, out: &Output{Files: map[string][]byte{}}, unchanged: r.unchanged}
}

func (r *siteRenderer) language(l *site.Lang, extra Extra) error {
	t, code := r.t, l.Code
	title := t.T(code, "site_title")
	r.out.Previews = append(r.out.Previews, Preview{Path: "og/" + code + "/home.png", Lang: code, Title: title, Text: t.T(code, "site_tagline")})
	r.out.Files[code+"/manifest.webmanifest"] = r.manifest(code)

	if ch := extra.Changes[code]; ch != nil {
		cp := r.page(code, code+"/changes/")
		cp.Title = fmt.Sprintf(t.T(code, "changes_title"), ch.Since) + " — " + title
		cp.Description, cp.Changes = fmt.Sprintf(t.T(code, "changes_intro"), ch.Since, ch.Edition), ch
		if le := extra.Langs[code]; le != nil && le.Character != nil && ch.OldRules != "" {
			// The character's calculators' strings and the current rules,
			// as the character page has them.
			cp.ChangesGames, cp.CalcStrings = le.Character.Games, le.Character.Strings
		}
		r.versions(cp, func(lang string) string {
			if extra.Changes[lang] == nil {
				return ""
			}
			return lang + "/changes/"
		})
		if err := r.render("changes", cp, code+"/changes/index.html", true); err != nil {
			return err
		}
	}
	nf := r.page(code, code+"/")
	nf.Root, nf.Docs, nf.NotFound, nf.Robots = basePath(r.m.Base), l.Docs, true, "noindex"
	nf.Title = t.T(code, "not_found_title") + " — " + title
	if err := r.render("notfound", nf, code+"/404.html", false); err != nil {
		return err
	}
	le := extra.Langs[code]
	if le == nil {
		le = &LangExtra{}
	}
	if err := r.book(l, le.Glossary, extra.PDFs[code]); err != nil {
		return err
	}
	if len(le.Glossary) > 0 {
		gp := r.page(code, code+"/glossary/")
		gp.Title, gp.Description, gp.Glossary = t.T(code, "glossary")+" — "+title, t.T(code, "glossary_intro"), le.Glossary
		r.versions(gp, func(lang string) string { return lang + "/glossary/" })
		if err := r.render("glossary", gp, code+"/glossary/index.html", true); err != nil {
			return err
		}
	}
	if len(le.Values) > 0 {
		vp := r.page(code, code+"/values/")
		vp.Title, vp.Description, vp.Values = t.T(code, "values")+" — "+title, t.T(code, "values_intro"), le.Values
		r.versions(vp, func(lang string) string { return lang + "/values/" })
		if err := r.render("values", vp, code+"/values/index.html", true); err != nil {
			return err
		}
	}
	if ch := le.Character; ch != nil && len(ch.Games) > 0 {
		chp := r.page(code, code+"/character/")
		chp.Title, chp.Description, chp.Characters = t.T(code, "character")+" — "+title, t.T(code, "character_intro"), ch.Games
		// The glance is the page's first figures: the engine starts at once.
		chp.PreloadEngine = true
		chp.CalcStrings = ch.Strings
		r.versions(chp, func(lang string) string { return lang + "/character/" })
		if err := r.render("character", chp, code+"/character/index.html", true); err != nil {
			return err
		}
	}
	if np := le.Notes; np != nil {
		pg := r.page(code, code+"/notes/")
		pg.Title, pg.Description, pg.NotesGames = t.T(code, "notes")+" — "+title, t.T(code, "notes_intro"), np.Games
		r.versions(pg, func(lang string) string { return lang + "/notes/" })
		if err := r.render("notes", pg, code+"/notes/index.html", true); err != nil {
			return err
		}
		r.out.Files[code+"/notes/sections.json"] = np.Index
	}
	if games := cardsGames(l, le.CardCharacter); len(games) > 0 {
		kp := r.page(code, code+"/cards/")
		kp.Title, kp.Description, kp.Cards = t.T(code, "cards")+" — "+title, t.T(code, "cards_intro"), games
		r.versions(kp, func(lang string) string { return lang + "/cards/" })
		if err := r.render("cards", kp, code+"/cards/index.html", true); err != nil {
			return err
		}
	}
	if cs := le.Calculators; cs != nil {
		cp := r.page(code, code+"/calculators/")
		cp.Title, cp.Description, cp.PreloadEngine = t.T(code, "calculators")+" — "+title, t.T(code, "calculators_intro"), true
		cp.Calcs, cp.CalcStrings = cs.Groups, cs.Strings
		r.versions(cp, func(lang string) string { return lang + "/calculators/" })
		if err := r.render("calcs", cp, code+"/calculators/index.html", true); err != nil {
			return err
		}
	}
	// Documents render in parallel, each into its own output, merged in
	// the documents' order.
	outs := make([]*Output, len(l.Docs))
	errs := make([]error, len(l.Docs))
	sk, dsk := &skeletonSet{}, &docSkeletons{}
	par.Each(len(l.Docs), func(i int) {
		dr := &siteRenderer{t: r.t, s: r.s, a: r.a, m: r.m, sheets: r.sheets, out: &Output{Files: map[string][]byte{}}, unchanged: r.unchanged, shareSk: sk, docSk: dsk}
		errs[i] = dr.document(l, i, l.Docs[i], extra)
		outs[i] = dr.out
	})
	for i, o := range outs {
		if errs[i] != nil {
			return errs[i]
		}
		r.merge(o)
	}
	return nil
}

// home renders language l's home page.
func (r *siteRenderer) home(l *site.Lang, extra Extra, single *PDF) error {
	t, code := r.t, l.Code
	title := t.T(code, "site_title")
	home := r.page(code, code+"/")
	home.Title, home.Description, home.Docs, home.HasBook, home.PDFs = title, t.T(code, "site_tagline"), l.Docs, hasBook(l), extra.PDFs[code]
	home.Single = single
	home.Changes = extra.Changes[code]
	r.versions(home, func(lang string) string { return lang + "/" })
	tops, err := r.homeTops(withOGTitle(home))
	if err != nil {
		return err
	}
	home.Tops = tops
	return r.render("home", home, code+"/index.html", true)
}

// merge adds o's files and lists to r's.
func (r *siteRenderer) merge(o *Output) {
	for k, v := range o.Files {
		r.out.Files[k] = v
	}
	r.out.Pages = append(r.out.Pages, o.Pages...)
	r.out.Previews = append(r.out.Previews, o.Previews...)
	r.out.Shares = append(r.out.Shares, o.Shares...)
	r.out.Filled += o.Filled
	for k, v := range o.Stamps {
		if r.out.Stamps == nil {
			r.out.Stamps = map[string]Stamp{}
		}
		r.out.Stamps[k] = v
	}
}

func (r *siteRenderer) document(l *site.Lang, i int, d *site.Doc, extra Extra) error {
	t, code := r.t, l.Code
	dir := code + "/" + d.Slug + "/"
	image := "og/" + code + "/" + d.Slug + ".png"
	r.out.Previews = append(r.out.Previews, Preview{Path: image, Lang: code, Kicker: d.Short, Title: d.Title, Text: d.Summary})
	in := map[string]string{} // language → the document's folder there
	for _, other := range r.s.Langs {
		if other.Doc(d.Slug) != nil {
			in[other.Code] = other.Code + "/" + d.Slug + "/"
		}
	}
	exists := func(lang string) string { return in[lang] }
	var calcs, calcIDs string
	if le := extra.Langs[code]; len(d.Calcs) > 0 && le != nil && le.DocCalcs[d.Slug] != "" {
		calcs, calcIDs = le.DocCalcs[d.Slug], calcSections(d)
	}
	var prev, next *site.Doc
	if i > 0 {
		prev = l.Docs[i-1]
	}
	if i+1 < len(l.Docs) {
		next = l.Docs[i+1]
	}
	p := r.docPage(code, d, prev, next, exists, calcs, calcIDs)
	var od *site.Doc
	if p.Switch != nil {
		od = r.s.Lang(p.Switch.Lang).Doc(d.Slug)
	}
	if err := r.renderDoc(l, i, d, p, exists, dir+"index.html"); err != nil {
		return err
	}
	if err := r.shares(d, dir, exists); err != nil {
		return err
	}
	if od == nil {
		return nil
	}
	// The bilingual view: the original on the left, whatever the page's
	// language, as readers compare a translation to it.
	left, right := d, od
	if code != r.s.Langs[0].Code {
		left, right = od, d
	}
	sp := r.page(code, dir+"side-by-side/")
	sp.Title, sp.Description, sp.Doc, sp.Other = d.Title+" — "+t.T(code, "side_by_side"), d.Summary, d, od
	sp.Pairs, sp.LeftLang, sp.RightLang, sp.Image, sp.ImageAlt = pairs(left, right), left.Lang, right.Lang, image, p.ImageAlt
	r.versions(sp, func(lang string) string {
		if e := exists(lang); e != "" {
			return e + "side-by-side/"
		}
		return ""
	})
	return r.render("side", sp, dir+"side-by-side/index.html", true)
}

// The values a share page shows, in the order of their placeholders.
const (
	shareID       = iota // the section's ID
	shareTitle           // the section's title
	shareDesc            // its first sentence (the description), or ""
	shareText            // its longer first sentence (the quote), or ""
	shareSlug            // the document's slug
	shareShort           // the document's short name
	shareDocTitle        // the document's title
	shareSummary         // the document's summary
	shareHeadSite        // the head's site part, written HTML
	shareValues
)

// shares writes d's share pages, one per section, in dir: the section's
// ID, title and first sentence in the share layout, filled into the
// language's skeleton of it (skeleton.go, r.shareSk). A kind of page is
// which values are empty (the layout leaves out what is empty) and which
// languages the document is in. A skeleton is cut from a page of
// placeholders (a section and a document of placeholders), so that it is
// the same whichever document cuts it, once per language: cutting per
// document was costly at 10,000 pages (docs/performance.md). Pages of a kind are
// filled once a page of that kind in the language, executed in full, came
// out the same as filled; the last page of each kind in each document is
// also executed in full and compared, and a difference makes the build
// execute the layout for every later page of that kind. (Checking the
// first and last page of each kind in every document was two full
// renders a document.)
func (r *siteRenderer) shares(d *site.Doc, dir string, exists func(lang string) string) error {
	code := d.Lang
	// page returns the share page of sec in doc, whose first sentences are
	// desc (the description) and text (the quote); in the document's
	// language versions' folders, the slug is doc's.
	page := func(doc *site.Doc, sec *site.Section, desc, text string, headSite template.HTML) *Page {
		dir := code + "/" + doc.Slug + "/"
		sp := r.page(code, dir+sec.ID+"/")
		sp.Title, sp.OGTitle = sec.Title+" · "+doc.Short, sec.Title+" — "+doc.Short
		sp.Description, sp.Text = desc, text
		if sp.Description == "" {
			sp.Description = doc.Summary
		}
		sp.Doc, sp.Section, sp.OGType = doc, sec, "article"
		sp.Image, sp.ImageAlt = "og/"+code+"/"+doc.Slug+".png", doc.Short+" — "+doc.Title
		sp.Robots, sp.Refresh = "noindex", "../#"+sec.ID
		r.versions(sp, func(lang string) string {
			if exists(lang) != "" {
				return lang + "/" + doc.Slug + "/" + sec.ID + "/"
			}
			return ""
		})
		sp.HeadSite = headSite
		return sp
	}
	if len(d.Sections) == 0 {
		return nil
	}
	// Every share page of the document has the same root, language
	// versions and image: the head's site part is written once.
	headSite, err := r.t.Partial("share", "head-site", page(d, d.Sections[0], "", "", ""))
	if err != nil {
		return err
	}
	var langs []string
	for _, l := range r.s.Langs {
		if exists(l.Code) != "" {
			langs = append(langs, l.Code)
		}
	}
	values := func(sec *site.Section, desc, text string) []string {
		v := make([]string, shareValues)
		v[shareID], v[shareTitle], v[shareDesc], v[shareText] = sec.ID, sec.Title, desc, text
		v[shareSlug], v[shareShort], v[shareDocTitle], v[shareSummary] = d.Slug, d.Short, d.Title, d.Summary
		v[shareHeadSite] = string(headSite)
		return v
	}
	kindOf := func(v []string) string {
		k := []byte(strings.Join(langs, ",") + " ")
		for _, x := range v {
			if x == "" {
				k = append(k, '0')
			} else {
				k = append(k, '1')
			}
		}
		return string(k)
	}
	vals, kinds := make([][]string, len(d.Sections)), make([]string, len(d.Sections))
	last := map[string]int{} // the last section of each kind
	for i, sec := range d.Sections {
		vals[i] = values(sec, firstSentence(sec.Text, 200), firstSentence(sec.Text, 400))
		kinds[i] = kindOf(vals[i])
		last[kinds[i]] = i
	}
	for i, sec := range d.Sections {
		v := vals[i]
		file := dir + sec.ID + "/index.html"
		r.out.Shares = append(r.out.Shares, file)
		k := kinds[i]
		var b []byte
		done := func() {}
		if sk := r.shareSkeleton(code, k, v, page); sk != nil {
			b, done = sk.fillPage(v)
		}
		// Until a page of its kind matched, and for the last page of a kind
		// in each document, the page is also executed in full (pages may
		// differ in what the placeholders do not stand for, such as a
		// section's level, most between a document's first and last).
		if b == nil || i == last[k] || !r.shareSk.trusted(k) {
			full, err := r.t.Render("share", withOGTitle(page(d, sec, v[shareDesc], v[shareText], headSite)))
			if err != nil {
				return err
			}
			if b != nil {
				r.shareSk.result(k, bytes.Equal(b, full))
			}
			done()
			b, done = full, func() {}
		} else {
			r.out.Filled++
		}
		r.keep(file, b, done)
	}
	return nil
}

// keep puts page b in the output at file unless the previous build wrote
// the same; done is called when b is dropped (see fillPage).
func (r *siteRenderer) keep(file string, b []byte, done func()) {
	if r.unchanged == nil || !r.unchanged(file, b) {
		r.out.Files[file] = b
		return
	}
	done()
}

// shareSkeleton returns the skeleton of the share layout for pages of kind
// k (whose values are like v: empty where v is), cutting it the first time
// a page of that kind is asked for; nil when the layout cannot be cut, or
// that kind's pages are executed in full.
func (r *siteRenderer) shareSkeleton(lang, k string, v []string, page func(*site.Doc, *site.Section, string, string, template.HTML) *Page) *skeleton {
	return r.shareSk.get(k, func() (*skeleton, bool) {
		raw := make([]bool, shareValues)
		raw[shareHeadSite] = true
		return cutSkeleton(shareValues, raw, func(ph []string) ([]byte, error) {
			p := like(ph, v)
			doc := &site.Doc{Lang: lang, Slug: p[shareSlug], Short: p[shareShort], Title: p[shareDocTitle], Summary: p[shareSummary]}
			sec := &site.Section{ID: p[shareID], Title: p[shareTitle]}
			return r.t.Render("share", withOGTitle(page(doc, sec, p[shareDesc], p[shareText], template.HTML(p[shareHeadSite]))))
		})
	})
}

// withOGTitle gives p the Open Graph title the render method gives.
func withOGTitle(p *Page) *Page {
	if p.OGTitle == "" {
		p.OGTitle = p.Title
	}
	return p
}

// manifest returns a language's web app manifest: installed from a page in
// that language, the app opens at that language's home, offline as online
// (the service worker keeps it).
func (r *siteRenderer) manifest(lang string) []byte {
	t := r.t
	m := map[string]any{
		"id":               "./",
		"name":             t.T(lang, "site_title"),
		"short_name":       t.T(lang, "app_short_name"),
		"description":      t.T(lang, "site_tagline"),
		"lang":             lang,
		"dir":              "ltr",
		"start_url":        "./",
		"scope":            "../",
		"display":          "standalone",
		"background_color": "#fdfcf8",
		"theme_color":      "#8a3b12",
		"icons": []map[string]string{
			{"src": "../icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
			{"src": "../icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
			{"src": "../icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
		},
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	return append(b, '\n')
}

// basePath is the path part of the base URL ("/" without one): pages served
// at any depth (404) link from it.
func basePath(base string) string {
	if base == "" {
		return "/"
	}
	rest := base[strings.Index(base, "://")+3:]
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		return rest[i:]
	}
	return "/"
}

// firstSentence returns the first sentence of text, cut at a word before
// max bytes with an ellipsis when it is longer.
func firstSentence(text string, max int) string {
	text = strings.TrimSpace(text)
	for i, r := range text {
		if r != '.' && r != '!' && r != '?' && r != '…' {
			continue
		}
		end := i + utf8.RuneLen(r)
		// A sentence ends at the mark followed by a space and a capital,
		// not in "2.4" or "p. ex.".
		rest := text[end:]
		next, size := utf8.DecodeRuneInString(strings.TrimLeft(rest, " \u00a0\u202f"))
		if end == len(text) || size > 0 && len(rest) > 0 && (rest[0] == ' ') && (unicode.IsUpper(next) || next == '«' || next == '(') {
			text = text[:end]
			break
		}
	}
	if len(text) <= max {
		return text
	}
	cut := strings.LastIndexByte(text[:max], ' ')
	if cut < max/2 {
		cut = max
		for !utf8.RuneStart(text[cut]) {
			cut--
		}
	}
	return strings.TrimRight(text[:cut], " ,;:") + "…"
}
