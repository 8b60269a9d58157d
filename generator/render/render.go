// Package render turns the page model into HTML with the theme's
// html/template layouts and i18n strings.
package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/net/html"

	"compendium/generator/edition"
	"compendium/generator/headers"
	"compendium/generator/markdown"
	"compendium/generator/par"
	"compendium/generator/site"
)

// Theme is the parsed theme: layouts and one string table per language.
type Theme struct {
	dir     string
	strings map[string]map[string]string
	// pages holds each layout per language ("fr/doc"), its "t" function
	// bound to the language: executing it needs no clone, and html/template
	// escapes each one once, not once per page (cloning per page was a
	// fifth of a build's CPU, most of it re-escaping).
	pages map[string]*template.Template
	// calc draws one calculator (layouts/calc.html).
	calc *template.Template
	// langs are the languages the theme was loaded for, the original first.
	langs []string
}

// Assets names the bundled files a page links to, relative to the site root.
type Assets struct {
	CSS, JS string
	// CalcCSS and CalcJS are the calculators' style and script, for the
	// pages that hold a calculator only.
	CalcCSS, CalcJS string
	// CharacterJS is the character page's script, in place of CalcJS.
	CharacterJS string
	// NotesJS is the notes page's script, beside JS.
	NotesJS string
	// CardsJS is the pocket cards page's script.
	CardsJS string
	// ChangesJS is the changes page's script, beside JS.
	ChangesJS string
	// Boot starts the engine early on pages that show a calculator at once.
	Boot string
	// Head applies the reading size stored on the device, in every page's
	// <head> before the style sheet.
	Head string
	// WASM is the rules engine, fetched only when a calculator is used (the
	// Go runtime's support script is bundled into Worker).
	WASM string
	// WASMSize is the engine's size in bytes, for the loading badge's
	// percentage.
	WASMSize int64
	// Worker runs the engine off the main thread.
	Worker string
	// Search maps a language to its search index.
	Search map[string]string
}

// CalcEntry is a calculator on the calculators page.
type CalcEntry struct {
	ID, Title  string // the heading's permanent ID (the calculator's name) and text
	HTML       template.HTML
	RulesURL   string
	RulesDoc   string // the short name of the rules' document, which names its game
	RulesTitle string
}

// CalcGroup is the calculators of one rules document, for the calculators
// page's index.
type CalcGroup struct {
	Slug, Title, URL string
	Entries          []CalcEntry
}

// Alternate is a page's version in a language.
type Alternate struct {
	Lang, Href, Name string
	// Path is the version's path from the site root ("en/fantasy/"), for
	// absolute hreflang links and the sitemap.
	Path string
	// Locale is the language's Open Graph locale ("en_GB").
	Locale string
}

// Language is an entry of the root page's language choice.
type Language struct {
	Code, Name string
}

// Page is what every layout receives.
type Page struct {
	Lang        string
	Title       string
	Description string
	CSP         string
	Root        string // relative path from the page to the site root, e.g. "../../"
	Assets      Assets
	Alternates  []Alternate
	Languages   []Language
	Docs        []*site.Doc
	Doc         *site.Doc
	Prev, Next  *site.Doc
	// Switch is this page in the first other language (the bilingual
	// view's other column); Switches is it in every other language, for the
	// header's switch.
	Switch   *Alternate
	Switches []Alternate
	// langs are the site's languages, the original first: the order the
	// other languages' search indexes are queried in.
	langs []string
	// HeadSite, when set, is the "head-site" part of the head already
	// written for another page with the same root, language versions and
	// image (a document's share pages).
	HeadSite template.HTML
	// Tops, when set, holds the home page's lists of top-level sections
	// written already, by document slug (home.go).
	Tops map[string]template.HTML
	// TOC, when set, is a document's contents list written already (its
	// sections through the "toc-entry" template; docpage.go).
	TOC template.HTML
	// SideBySide links a document to its bilingual view; Pairs fills that view.
	SideBySide string
	Pairs      []Pair
	Other      *site.Doc
	// LeftLang and RightLang are the languages of the bilingual view's columns.
	LeftLang, RightLang string
	// CalcStrings is the JSON of the interface strings the calculators'
	// script needs; empty on pages without a calculator.
	CalcStrings string
	Calcs       []CalcGroup
	Glossary    []GlossaryEntry
	// Values fills the values page.
	Values []ValueGroup
	// Characters fills the character page, one game each.
	Characters []CharacterGame
	// ChangesGames are, on the changes page, the games a stored character
	// is computed for, with both editions' rules.
	ChangesGames []CharacterGame
	// NotesGames fills the notes page: the games, each a link to its rules.
	NotesGames []NotesGame
	// Cards fills the pocket cards page, one game each.
	Cards []CardsGame
	// PreloadEngine fetches the engine with the page: only where a
	// calculator is in the first screen, so no other page pays for it.
	PreloadEngine bool
	// CalcSections lists the IDs of the sections holding a calculator: the
	// page starts the engine at once when it is opened at one of them.
	CalcSections string

	// Path is the page's path from the site root ("fr/fantasy/").
	Path string
	// PrintKey names the footer the page prints, PrintSheet the style
	// sheet that holds it (print.go).
	PrintKey, PrintSheet string
	// HasBook says the language has a book page (book.go).
	HasBook bool
	// PDFs are the printed books of the page's language, when the pdf
	// command made them.
	PDFs []PDF
	// Single is the language's single-file edition, if any.
	Single *PDF
	// Changes fills the "what changed" page; on the home page, it says
	// there is one.
	Changes *Changes
	// Book and BookGlossary fill the book page (book.go).
	Book         []BookDoc
	BookGlossary []GlossaryEntry
	// Base is the site's absolute address (ending in "/"), or "" when the
	// build was given none: links then stay relative.
	Base string
	// Edition names the rules' edition, from the site configuration.
	Edition string
	// Updated is the day the content last changed, as the page's reader
	// writes it ("" when unknown).
	Updated string
	// XDefault is the path of the version for readers of no listed
	// language (hreflang="x-default").
	XDefault string
	// OGType, OGTitle, Image and ImageAlt are the link preview's
	// (Open Graph) type, title and image path from the site root.
	OGType, OGTitle, Image, ImageAlt string
	// Robots, when set, is the robots meta ("noindex" for share pages).
	Robots string
	// Refresh, when set, sends the reader on at once (share pages).
	Refresh string
	// Manifest is the web app manifest's path from the site root.
	Manifest string
	// Section is the section a share page stands for; Text quotes it.
	Section *site.Section
	Text    string
	// Share marks the pages whose headings' links copy share URLs.
	Share bool
	// NotFound marks the 404 pages.
	NotFound bool
}

// Link returns the URL of a path from the site root as this page should
// write it: absolute with a base URL, else relative to the page.
func (p *Page) Link(path string) string {
	if p.Base != "" {
		return p.Base + path
	}
	return p.Root + path
}

// Canonical returns the page's absolute URL, or "" without a base URL.
func (p *Page) Canonical() string {
	if p.Base == "" {
		return ""
	}
	return p.Base + p.Path
}

// Pair is one section of a document beside its translation, in rows:
// block by block (paragraph, list, table…) when both versions have as many
// blocks, so that a phone shows each paragraph above its translation;
// otherwise one row, the whole section beside the whole section.
type Pair struct {
	ID   string
	Rows []Row
}

// Row is one block of a section, or the whole section, beside its
// translation.
type Row struct {
	Left, Right template.HTML
}

var layouts = []string{"root", "home", "doc", "side", "calcs", "glossary", "share", "notfound", "book", "single", "changes", "values", "character", "notes", "cards"}

// Load parses the theme's layouts and the i18n files of langs, the
// original first (none: site.Languages), and reports every problem, each
// with its file.
func Load(dir string, langs ...string) (*Theme, site.Diagnostics) {
	if len(langs) == 0 {
		langs = site.Languages
	}
	t := &Theme{dir: dir, strings: map[string]map[string]string{}, pages: map[string]*template.Template{}, langs: langs}
	var errs site.Diagnostics
	for _, lang := range langs {
		file := filepath.Join(dir, "i18n", lang+".json")
		b, err := os.ReadFile(file)
		if errors.Is(err, fs.ErrNotExist) && lang != langs[0] {
			errs.Report(file, 0, "i18n-missing-lang", "lang", lang, "orig", filepath.Join(dir, "i18n", langs[0]+".json"))
			continue
		}
		if err != nil {
			errs.Report(file, 0, "read-failed", "err", err.Error())
			continue
		}
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			errs = append(errs, site.JSONProblem(file, b, err))
			continue
		}
		t.strings[lang] = typesetStrings(lang, m)
	}
	// The layouts are parsed in parallel, each with its own messages, in
	// the layouts' order: in turn, parsing them held up the start of every
	// build of the real site (CPU profile, render.Load), before anything
	// else could use the theme.
	parsed := make([]map[string]*template.Template, len(layouts))
	perrs := make([]site.Diagnostics, len(layouts))
	par.Each(len(layouts), func(i int) {
		name := layouts[i]
		tpl := template.New(name).Funcs(template.FuncMap{
			// Bound to each language below; here so that parsing knows the names.
			"t":         func(string) string { return "" },
			"megabytes": func(int) string { return "" },
			"upper":     strings.ToUpper,
			"sectionLink": func(slug string, s *site.Section) SectionLink {
				return SectionLink{Slug: slug, ID: s.ID, Title: s.Title}
			},
		})
		file := filepath.Join(dir, "layouts", name+".html")
		tpl, err := tpl.ParseFiles(filepath.Join(dir, "layouts", "base.html"), file)
		if err != nil {
			perrs[i] = append(perrs[i], templateProblem(file, err))
			return
		}
		parsed[i] = map[string]*template.Template{}
		for _, lang := range langs {
			c, err := tpl.Clone()
			if err != nil {
				perrs[i] = append(perrs[i], templateProblem(file, err))
				continue
			}
			c.Funcs(template.FuncMap{
				"t":         func(key string) string { return t.T(lang, key) },
				"megabytes": func(n int) string { return t.Megabytes(lang, n) },
			})
			parsed[i][lang+"/"+name] = c
		}
	})
	for i := range layouts {
		errs = append(errs, perrs[i]...)
		for k, v := range parsed[i] {
			t.pages[k] = v
		}
	}
	if tpl, err := template.ParseFiles(filepath.Join(dir, "layouts", "calc.html")); err != nil {
		errs = append(errs, templateProblem(filepath.Join(dir, "layouts", "calc.html"), err))
	} else {
		t.calc = tpl
	}
	// Every language must define the keys the original defines, so that no
	// interface text silently falls back to a key name.
	for _, lang := range langs[1:] {
		for k := range t.strings[langs[0]] {
			if _, ok := t.strings[lang][k]; !ok && t.strings[lang] != nil {
				errs.Report(filepath.Join(dir, "i18n", lang+".json"), 0, "i18n-missing-key", "key", k, "orig", filepath.Join(dir, "i18n", langs[0]+".json"))
			}
		}
	}
	return t, errs
}

// typesetStrings sets a language's interface strings as the language sets
// its pages (in French, no-break spaces before : ; ! ? and inside « »), so
// that whoever writes them types ordinary spaces and a phone never breaks a
// line before a colon. It returns m, changed in place.
func typesetStrings(lang string, m map[string]string) map[string]string {
	if typeset := markdown.TypographyOf(lang).String; typeset != nil {
		for k, v := range m {
			m[k] = typeset(v)
		}
	}
	return m
}

// templateLine reads the file and line html/template's messages start
// with: "template: doc.html:12: unexpected …".
var templateLine = regexp.MustCompile(`^template: ([^:\s]+):(\d+):(?:\d+:)? ?`)

// templateProblem is a layout that cannot be parsed: at the line
// html/template names when it is file's, with the rest of its message.
func templateProblem(file string, err error) site.Diagnostic {
	msg := err.Error()
	line := 0
	if m := templateLine.FindStringSubmatch(msg); m != nil && m[1] == filepath.Base(file) {
		line, _ = strconv.Atoi(m[2])
		msg = msg[len(m[0]):]
	}
	return site.New(file, line, "theme-failed", "err", msg)
}

// SetString sets an interface string of lang, as written: the site
// configuration's titles override the theme's.
func (t *Theme) SetString(lang, key, value string) {
	if t.strings[lang] == nil {
		t.strings[lang] = map[string]string{}
	}
	t.strings[lang][key] = value
}

// T returns the interface string key in lang, or the key itself, marked, when
// it is missing so that the gap shows in review.
func (t *Theme) T(lang, key string) string {
	if s, ok := t.strings[lang][key]; ok {
		return s
	}
	return "[" + key + "]"
}

// SearchIndex returns the search index of the page's language.
func (p *Page) SearchIndex() string { return p.Assets.Search[p.Lang] }

// SearchIndexOther returns the index of the first other language, queried
// second.
func (p *Page) SearchIndexOther() string {
	langs := p.langs
	if langs == nil {
		langs = site.Languages
	}
	for _, l := range langs {
		if l != p.Lang && p.Assets.Search[l] != "" {
			return p.Assets.Search[l]
		}
	}
	return ""
}

// Calc writes one calculator's HTML from the view calcui prepared; the
// markup is the theme's (layouts/calc.html). The comments around it mark it
// for the bilingual view, which leaves calculators out (splitSections);
// they are written here because html/template drops a template's own
// comments (the markers once sat in calc.html, and the bilingual pages then
// held every calculator twice, with the same IDs: 468 duplicate IDs for
// the Nu HTML Checker).
func (t *Theme) Calc(w io.Writer, view any) error {
	if t.calc == nil {
		return errors.New("theme: layouts/calc.html did not load")
	}
	if _, err := io.WriteString(w, calcOpen); err != nil {
		return err
	}
	if err := t.calc.ExecuteTemplate(w, "calc", view); err != nil {
		return err
	}
	_, err := io.WriteString(w, calcClose)
	return err
}

// CalcPart writes the part name of layouts/calc.html from a view calcui
// prepared: the character page's fields ("character-fields"), drawn by the
// calculators' field partials so that a field looks and reads the same in
// both places, and its glance ("character-glance").
func (t *Theme) CalcPart(w io.Writer, name string, view any) error {
	if t.calc == nil {
		return errors.New("theme: layouts/calc.html did not load")
	}
	return t.calc.ExecuteTemplate(w, name, view)
}

const (
	calcOpen  = "<!--calc-->"
	calcClose = "<!--/calc-->"
)

// Render executes layout for p.
func (t *Theme) Render(layout string, p *Page) ([]byte, error) {
	tpl, err := t.layout(layout, p.Lang)
	if err != nil {
		return nil, err
	}
	if p.CSP == "" {
		p.CSP = headers.CSP
	}
	buf := renderBufs.Get().(*bytes.Buffer)
	defer func() {
		buf.Reset()
		renderBufs.Put(buf)
	}()
	if err := tpl.ExecuteTemplate(buf, "base", p); err != nil {
		return nil, err
	}
	// An exact copy out of a reused buffer: a page rendered into a fresh
	// buffer kept up to twice its size in capacity until the build wrote
	// it, and grew through every power of two on the way (bytes.growSlice
	// and the zeroing of its new memory were a tenth of a 10,000-page
	// build's CPU).
	return bytes.Clone(buf.Bytes()), nil
}

// Partial executes the template name of layout for p, to be passed to
// other pages as written HTML.
func (t *Theme) Partial(layout, name string, p *Page) (template.HTML, error) {
	tpl, err := t.layout(layout, p.Lang)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := tpl.ExecuteTemplate(&b, name, p); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil // written by html/template: escaped already
}

// execute writes template name of layout in lang with data as dot.
func (t *Theme) execute(layout, lang, name string, data any) ([]byte, error) {
	tpl, err := t.layout(layout, lang)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := tpl.ExecuteTemplate(&b, name, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// layout returns the template set of layout in lang.
func (t *Theme) layout(layout, lang string) (*template.Template, error) {
	tpl := t.pages[lang+"/"+layout]
	if tpl == nil {
		return nil, errors.New("theme: no layout " + layout + " for language " + lang)
	}
	return tpl, nil
}

// renderBufs are the buffers pages are executed into.
var renderBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Extra is what the theme renders but does not compute, computed before
// the pages render (the calculators by the engine at build time, the
// glossary and values pages from the content).
type Extra struct {
	// Langs holds, by language code, that language's computed pages; a
	// language it lacks has none of them.
	Langs map[string]*LangExtra
	// PDFs lists, per language, the printed books to link.
	PDFs map[string][]PDF
	// Changes gives, per language, what changed since the previous
	// edition (the /<lang>/changes/ page); none without a previous one.
	Changes map[string]*Changes
	// Unchanged, when set, reports whether the caller already has the
	// page at path with exactly these bytes (the output folder holds it
	// from the previous build): such a page is left out of Output.Files,
	// so that a rebuild does not hold every unchanged page in memory
	// until the write. It is called from several goroutines.
	Unchanged func(path string, b []byte) bool
}

// LangExtra is what one language's pages show that the build computed.
type LangExtra struct {
	// Calculators is the calculators page (/<lang>/calculators/); nil
	// renders none.
	Calculators *CalculatorsPage
	// Glossary is the glossary's entries, sorted; none renders no page.
	Glossary []GlossaryEntry
	// Values is the rule values, by document; none renders no page.
	Values []ValueGroup
	// Character is the character page; nil renders none.
	Character *CharacterPage
	// Notes is the player's notes page; nil renders none.
	Notes *NotesPage
	// CardCharacter maps a document's slug and a section's ID to the
	// game whose character's calculators use that section (the cards
	// page offers those first).
	CardCharacter map[string]map[string]string
	// DocCalcs holds, by document slug, the JSON of what the document's
	// calculators' scripts read (their strings and rules); a document
	// without calculators has none.
	DocCalcs map[string]string
}

// CalculatorsPage is every calculator with its defaults, by rules document.
type CalculatorsPage struct {
	Groups []CalcGroup
	// Strings is the JSON the calculators' scripts read.
	Strings string
}

// NotesPage is the notes page (/<lang>/notes/): the games whose rules a
// note may be on, and the notes index (/<lang>/notes/sections.json) the
// notes are compared with.
type NotesPage struct {
	Games []NotesGame
	Index []byte
}

// NotesGame is one game on the notes page: its rules document's slug,
// its name, and its rules page from the notes page.
type NotesGame struct{ Slug, Title, Href string }

// CharacterPage is the character page's games.
type CharacterPage struct {
	Games []CharacterGame
	// Strings is the JSON the page's scripts read.
	Strings string
}

// Changes is the "what changed" page of a language.
type Changes struct {
	// Since is the previous edition's name, Edition the current one's.
	Since, Edition string
	Docs           []edition.DocChanges
	// Calcs are the calculators whose result for their defaults changed
	// (the engine changed), linked on the calculators page.
	Calcs []edition.Ref
	// Values are the rule values whose number changed, listed first: a
	// player looks for "plate: 3 → 4" before reading the sentences.
	Values []ValueChange
	// OldRules is the previous edition's rule values, as the JSON array
	// the engine reads (the page data's "rules" are the current ones):
	// the page computes the player's character with both, so that "for
	// you" shows its figures before and after.
	OldRules string
}

// ValueChange is a rule value whose number changed between editions.
type ValueChange struct {
	Meaning, Old, New string
	Href              string // its first place in the text, from the changes page
}

// PDF is a printed book of a language, in one format.
type PDF struct {
	Format string // "A4", "A5"
	Path   string // from the site root: "fr/compendium-a4.pdf"
	Size   int    // bytes
}

// GlossaryEntry is a term on the glossary page.
type GlossaryEntry struct {
	ID, Term, Abbr, Other, OtherAbbr, OtherLang, Definition string
	URL, Section                                            string
}

// calcSections returns the IDs of the sections that hold a calculator: a
// page opened at one of them starts the engine before the page is parsed
// (theme/js/boot/boot.js), and no other page pays for it.
func calcSections(d *site.Doc) string {
	var ids []string
	for _, c := range d.Calcs {
		line := d.Line(c.Offset)
		id := ""
		for _, sec := range d.Sections {
			if sec.Line <= line {
				id = sec.ID
			}
		}
		if id != "" && (len(ids) == 0 || ids[len(ids)-1] != id) {
			ids = append(ids, id)
		}
	}
	return strings.Join(ids, " ")
}

// pairs aligns two versions of a document by section ID. Check guarantees
// that both have the same IDs in the same order.
func pairs(left, right *site.Doc) []Pair {
	l, r := splitSections(left, true), splitSections(right, false)
	var out []Pair
	for i, ls := range l {
		var right template.HTML
		if i < len(r) && r[i].id == ls.id {
			right = r[i].html
		}
		out = append(out, Pair{ID: ls.id, Rows: rows(ls.html, right)})
	}
	return out
}

// rows pairs two versions of a section block by block when they have as
// many top-level blocks, and whole otherwise: a translation that splits or
// joins a paragraph must not pair the wrong ones.
func rows(left, right template.HTML) []Row {
	lb, rb := blocks(string(left)), blocks(string(right))
	if len(lb) != len(rb) || len(lb) < 2 {
		return []Row{{Left: left, Right: right}}
	}
	out := make([]Row, len(lb))
	for i := range lb {
		out[i] = Row{Left: template.HTML(lb[i]), Right: template.HTML(rb[i])}
	}
	return out
}

// blocks cuts rendered HTML into its top-level elements (the white space
// between them dropped), or returns nil when it holds text outside any
// element or cannot be read.
func blocks(s string) []string {
	z := html.NewTokenizer(strings.NewReader(s))
	var out []string
	depth, start, pos := 0, 0, 0
	for {
		tt := z.Next()
		raw := len(z.Raw())
		switch tt {
		case html.ErrorToken:
			if z.Err() != io.EOF || depth != 0 {
				return nil
			}
			return out
		case html.StartTagToken:
			if depth == 0 {
				start = pos
			}
			if name, _ := z.TagName(); !voidElements[string(name)] {
				depth++
			} else if depth == 0 {
				out = append(out, s[start:pos+raw])
			}
		case html.EndTagToken:
			depth--
			if depth < 0 {
				return nil
			}
			if depth == 0 {
				out = append(out, s[start:pos+raw])
			}
		case html.SelfClosingTagToken:
			if depth == 0 {
				out = append(out, s[pos:pos+raw])
			}
		case html.TextToken:
			if depth == 0 && strings.TrimSpace(string(z.Raw())) != "" {
				return nil
			}
		}
		pos += raw
	}
}

// voidElements are the elements that have no end tag.
var voidElements = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// valueID is the ID the first declaration of a rule value gets
// (markdown/rulevalue.go).
var valueID = regexp.MustCompile(` id="value-[^"]*"`)

type sectionHTML struct {
	id   string
	html template.HTML
}

// splitSections cuts a rendered body at its headings, which goldmark writes
// at the top level, and rebases its relative links for a page one folder
// deeper (/lang/slug/side-by-side/). Headings lose their id: the pair holds
// it; anchored items keep theirs when anchors is true. Calculators are left
// out: the bilingual view is for reading the rules, and two copies of a
// calculator would repeat its IDs.
//
// It scans the body once instead of running four regular expressions over
// it (an eighth of a real build's CPU in a profile).
func splitSections(d *site.Doc, anchors bool) []sectionHTML {
	body := dropCalcs(string(d.Body))
	body = strings.ReplaceAll(body, `href="../`, `href="../../../`+d.Lang+`/`)
	if !anchors && strings.Contains(body, ` id="value-`) {
		// The rule values' IDs, like the anchors', in one column only.
		body = valueID.ReplaceAllString(body, "")
	}
	if !anchors && strings.Contains(body, `id="fn`) {
		// Both columns have footnotes numbered from 1: this one's are
		// prefixed with its language, links and back links with them.
		p := d.Lang + "-"
		body = strings.NewReplacer(` id="fn:`, ` id="`+p+`fn:`, ` id="fnref:`, ` id="`+p+`fnref:`,
			`href="#fn:`, `href="#`+p+`fn:`, `href="#fnref:`, `href="#`+p+`fnref:`).Replace(body)
	}
	var out []sectionHTML
	var b strings.Builder
	id := ""
	for i := 0; i < len(body); {
		j := strings.IndexByte(body[i:], '<')
		if j < 0 {
			b.WriteString(body[i:])
			break
		}
		b.WriteString(body[i : i+j])
		i += j
		name, tagID, end := idTag(body, i)
		switch {
		case end > 0 && len(name) == 2 && name[0] == 'h' && name[1] >= '2' && name[1] <= '6':
			out = append(out, sectionHTML{id: id, html: template.HTML(b.String())})
			b.Reset()
			id = tagID
			b.WriteString("<" + name + ">")
			i = end
		case end > 0 && !anchors && (name == "li" || name == "p"):
			// The rules named inside sections keep their IDs in one column
			// only (the original's); the other's link controls lead there.
			b.WriteString("<" + name + ">")
			i = end
		default:
			b.WriteByte('<')
			i++
		}
	}
	return append(out, sectionHTML{id: id, html: template.HTML(b.String())})
}

// idTag reads, at body[i], an opening tag made only of a name and an id
// attribute of [a-z0-9-], as goldmark writes headings and the anchor
// extension items: `<h2 id="armor">`. It returns the name, the id and the
// index after the tag, or end 0 for anything else.
func idTag(body string, i int) (name, id string, end int) {
	k := i + 1
	for k < len(body) && (body[k] >= 'a' && body[k] <= 'z' || body[k] >= '0' && body[k] <= '9') {
		k++
	}
	name = body[i+1 : k]
	const attr = ` id="`
	if name == "" || !strings.HasPrefix(body[k:], attr) {
		return "", "", 0
	}
	k += len(attr)
	v := k
	for k < len(body) && (body[k] >= 'a' && body[k] <= 'z' || body[k] >= '0' && body[k] <= '9' || body[k] == '-') {
		k++
	}
	if k == v || !strings.HasPrefix(body[k:], `">`) {
		return "", "", 0
	}
	return name, body[v:k], k + 2
}

// dropCalcs removes the calculators (calcOpen … calcClose, and the line
// end after) from a rendered body.
func dropCalcs(body string) string {
	if !strings.Contains(body, calcOpen) {
		return body
	}
	var b strings.Builder
	b.Grow(len(body))
	for {
		i := strings.Index(body, calcOpen)
		if i < 0 {
			break
		}
		j := strings.Index(body[i:], calcClose)
		if j < 0 {
			break
		}
		b.WriteString(body[:i])
		body = strings.TrimPrefix(body[i+j+len(calcClose):], "\n")
	}
	b.WriteString(body)
	return b.String()
}

// Keys returns the keys of a language's strings.
func (t *Theme) Keys(lang string) []string {
	keys := make([]string, 0, len(t.strings[lang]))
	for k := range t.strings[lang] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// AddDriftNotice puts, under the heading of section id of the lang
// translation of slug, the note that its original (in orig) changed since
// the translation was checked (on checked; "" when it never was), with
// links to the original section and the side-by-side view. The note is
// the theme's "drift" partial (layouts/base.html).
func (t *Theme) AddDriftNotice(s *site.Site, lang, orig, slug, id, checked string) error {
	return t.addUnderHeading(s, lang, slug, id, "drift", struct{ Orig, Slug, ID, Checked string }{orig, slug, id, checked})
}

// AddChangedBadge marks section id of slug in lang as changed in edition,
// with a link to its difference on the changes page (the theme's
// "changed" partial).
func (t *Theme) AddChangedBadge(s *site.Site, lang, slug, id, edition string) error {
	return t.addUnderHeading(s, lang, slug, id, "changed", struct{ Slug, ID, Edition string }{slug, id, edition})
}

// addUnderHeading renders the partial name with data and puts it under
// the heading of section id in the document's body, or, when no heading
// has that ID (a preamble, a rule named inside a section), at the top of
// the body: a notice is never dropped. A document or a layout that does
// not exist is an error, not a notice gone silently.
func (t *Theme) addUnderHeading(s *site.Site, lang, slug, id, name string, data any) error {
	l := s.Lang(lang)
	var d *site.Doc
	if l != nil {
		d = l.Doc(slug)
	}
	if d == nil {
		return fmt.Errorf("the %q notice of %s#%s: no document %q in %q", name, slug, id, slug, lang)
	}
	tpl := t.pages[lang+"/doc"]
	if tpl == nil {
		return fmt.Errorf("the %q notice of %s#%s: the theme has no doc layout in %q", name, slug, id, lang)
	}
	var b strings.Builder
	if err := tpl.ExecuteTemplate(&b, name, data); err != nil {
		return err
	}
	body := string(d.Body)
	at := afterHeading(body, id)
	if at < 0 {
		d.Body = template.HTML(b.String() + body)
		return nil
	}
	d.Body = template.HTML(body[:at] + "\n" + b.String() + body[at:])
	return nil
}

// afterHeading returns the offset just past the closing tag of the
// heading (h2 to h6) of body whose id attribute is id, whatever other
// attributes it has, or -1.
func afterHeading(body, id string) int {
	for level := '2'; level <= '6'; level++ {
		open, end := `<h`+string(level), `</h`+string(level)+`>`
		for from := 0; ; {
			i := strings.Index(body[from:], open)
			if i < 0 {
				break
			}
			i += from
			gt := strings.IndexByte(body[i:], '>')
			if gt < 0 {
				break
			}
			tag := body[i : i+gt]
			from = i + gt
			if !strings.Contains(tag, ` id="`+id+`"`) || (len(tag) > len(open) && tag[len(open)] != ' ') {
				continue
			}
			e := strings.Index(body[from:], end)
			if e < 0 {
				return -1
			}
			return from + e + len(end)
		}
	}
	return -1
}
