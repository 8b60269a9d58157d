// Package site loads the content folder into the compendium's page model
// (languages, documents, sections and their IDs) and checks it: the first
// two steps of content → load → check → render → index → bundle → write.
package site

import (
	"bytes"
	"html"
	"html/template"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"compendium/generator/markdown"
	"compendium/generator/par"
	"compendium/wasm/engine"
)

// Languages lists the languages of a site whose configuration names none
// (compendium.json's "languages"), the original first.
var Languages = []string{"fr", "en"}

// IDLanguage is the language the sections' IDs are written in: an ID is
// suggested from a heading of that language when there is one.
const IDLanguage = "en"

// Site is the whole compendium: every language found under the content folder.
type Site struct {
	Dir string
	// Languages lists the site's languages, the original first, whether
	// or not each has documents; Langs holds those that have.
	Languages []string
	Langs     []*Lang
	// broken holds the documents that could not be read ("fr:fantasy"):
	// what the other checks would say about them follows from that.
	broken map[string]bool
}

// Broken reports whether the document slug of lang could not be read (a
// byte that is not UTF-8, an unclosed front matter): its problem is
// reported, and what follows from it is not.
func (s *Site) Broken(lang, slug string) bool { return s.broken[lang+":"+slug] }

// Lang is one language of the compendium and its documents in reading order.
type Lang struct {
	Code string
	Docs []*Doc
	// bySlug indexes Docs for Doc, built at its first call: a linear
	// search per share page made the render quadratic (1.5 billion
	// comparisons at 10,000 documents). Docs must not change after it.
	once   sync.Once
	bySlug map[string]*Doc
}

// Doc is one rules document in one language.
type Doc struct {
	Lang  string
	File  string // path as given to Load, for messages
	Title string // typeset
	// Short names the game the document belongs to, for titles, the
	// breadcrumb and search results ("GN fantasy — Règles"): the source's
	// own titles ("II. Les Règles") do not say it.
	Short   string
	Order   int
	Slug    string
	Summary string
	Source  string
	Body    template.HTML
	// Sections lists the document's headings in order.
	Sections []*Section
	// Intro is the plain text before the first heading (a preamble that
	// may state rules: the fantasy "cycle").
	Intro string
	XRefs []markdown.XRef
	// Calcs lists the calculator blocks placed in the document.
	Calcs []*markdown.Calc
	// Anchors lists the rules named inside sections ({#effect-blinded}
	// at the start of a list item or paragraph), in order.
	Anchors []*Anchor
	// Values lists the rule values the text declares ({=armor.cap 20}),
	// in order; generator/values checks them.
	Values []*Value
	// Statements lists the figures the text computes from its values
	// ([11]{=2*casting.max-apprenticeship+1}), in order; generator/values
	// checks their words.
	Statements []*Statement
	// xrefs are the cross-references whose labels wait as placeholders
	// in Body, from rendering to the end of Load.
	xrefs    []xrefSlot
	meta     map[string]int          // front-matter key → line, for messages
	md       goldmark.Markdown       // the language's converter (render)
	values   markdown.DocumentValues // what this document is rendered with
	ast      ast.Node
	src      []byte
	bodyLine int // line of the body's first byte in the file
	// nl holds the offsets of the body's newlines, and srcLen its length:
	// Line's lines once the source is gone (see Load).
	nl     []int32
	srcLen int
	broken bool // the front matter is not closed: the body was not read
}

// Section is a heading and the text under it, down to the next heading.
type Section struct {
	ID    string
	Level int
	Title string // plain text, typeset
	Line  int
	Text  string // plain text of the blocks under the heading
}

// Anchor is a rule named inside a section: an ID in the sections'
// namespace that a link can target.
type Anchor struct {
	ID      string
	Line    int
	Section string // the ID of the section that holds it ("" before the first heading)
}

// Value is a rule value declared in the text: {=key value} or
// [words]{=key value}.
type Value struct {
	Key     string
	Literal string // as written: "60min"
	Words   string // the words shown instead of the value, "" for none
	Kind    engine.Kind
	N       int
	Line    int
	Section string // the ID of the section that holds it
	ID      string // the element's ID in the page, for links
	// Context is the text around the declaration as a reader reads it
	// ("…personnages ont 1 PV de base."), for the values page.
	Context string
	// Col is the declaration's column (in characters, from 1), and After
	// the source that follows it on its line (clipped): the noun or the
	// ordinal's ending that must agree with the number.
	Col   int
	After string
	// Formula marks a declaration inside a ```dice formula.
	Formula bool
}

// Statement is a figure the text states beside the values it follows from:
// [words]{=expr}, the words shown, expr computed from the declared values.
type Statement struct {
	Expr, Words string
	Line, Col   int
	After       string
	Section     string
}

// SectionAt returns the section holding the byte at pos of the body (a
// calculator block's Offset), or nil before the first heading.
func (d *Doc) SectionAt(pos int) *Section {
	line := d.Line(pos)
	var at *Section
	for _, s := range d.Sections {
		if s.Line > line {
			break
		}
		at = s
	}
	return at
}

// SectionSource returns the Markdown of the section id as written in the
// file: from its heading to the next heading of any level, its lines'
// trailing spaces and the blank lines at its end dropped; "" when d has
// no such section. The source is kept only for a document that another
// language translates (Load): it is what a translation is checked
// against; for any other document SectionSource returns "".
func (d *Doc) SectionSource(id string) string {
	for i, sec := range d.Sections {
		if sec.ID != id || d.src == nil {
			continue
		}
		end := len(d.nl) + 1 // lines of the body, the last one after its last newline
		if i+1 < len(d.Sections) {
			end = d.Sections[i+1].Line - d.bodyLine
		}
		var b strings.Builder
		for k := max(sec.Line-d.bodyLine, 0); k < end; k++ {
			start, stop := 0, len(d.src)
			if k > 0 {
				start = int(d.nl[k-1]) + 1
			}
			if k < len(d.nl) {
				stop = int(d.nl[k])
			}
			b.WriteString(strings.TrimRight(string(d.src[start:stop]), " \t\r\n"))
			b.WriteByte('\n')
		}
		return strings.TrimRight(b.String(), "\n")
	}
	return ""
}

// HasID reports whether id names a section or an anchor of d.
func (d *Doc) HasID(id string) bool {
	if d.Section(id) != nil {
		return true
	}
	for _, a := range d.Anchors {
		if a.ID == id {
			return true
		}
	}
	return false
}

// Options configures Parse.
type Options struct {
	// Languages lists the site's languages, the original first; nil means
	// Languages.
	Languages []string
	// Markdown holds the converter for the documents of each language; a
	// language it lacks gets markdown.New with that language. Every
	// document of the language is parsed and rendered with it, from many
	// goroutines: goldmark keeps its parser's state in the parser.Context
	// and its renderer's in the writer, and the compendium's own parsers
	// and renderers keep none.
	Markdown map[string]goldmark.Markdown
	// AltLabel holds, by language, the label of a heading's link to the
	// same section in that language ("Cette section en français"): a
	// document links its headings to the first other language that has
	// it, when AltLabel names that language; nil links none.
	AltLabel map[string]string
}

// reservedIDs are the section IDs a document cannot use: each section has a
// share page at /<lang>/<slug>/<id>/, beside the document's own folders.
var reservedIDs = map[string]bool{"side-by-side": true}

// Original returns the code of the language the rules are written in.
func (s *Site) Original() string { return s.Codes()[0] }

// Codes returns the site's languages, the original first: Languages for
// a site that was not loaded with a list.
func (s *Site) Codes() []string {
	if len(s.Languages) == 0 {
		return Languages
	}
	return s.Languages
}

// Lang returns the language with the given code, or nil.
func (s *Site) Lang(code string) *Lang {
	for _, l := range s.Langs {
		if l.Code == code {
			return l
		}
	}
	return nil
}

// Count returns how many documents and sections the site has, each
// counted once however many languages give it: a document by its slug,
// a section by its document and ID. A summary line counts so, since the
// organiser wrote 5 documents, not 10, when each has a translation.
func (s *Site) Count() (docs, sections int) {
	seenDocs, seenSections := map[string]bool{}, map[string]bool{}
	for _, l := range s.Langs {
		for _, d := range l.Docs {
			if !seenDocs[d.Slug] {
				seenDocs[d.Slug] = true
				docs++
			}
			for _, sec := range d.Sections {
				key := d.Slug + "#" + sec.ID
				if sec.ID == "" || !seenSections[key] {
					seenSections[key] = true
					sections++
				}
			}
		}
	}
	return docs, sections
}

// Doc returns the document with the given slug, or nil.
func (l *Lang) Doc(slug string) *Doc {
	l.once.Do(func() {
		l.bySlug = make(map[string]*Doc, len(l.Docs))
		for _, d := range l.Docs {
			if _, dup := l.bySlug[d.Slug]; !dup {
				l.bySlug[d.Slug] = d // the first, as the linear search found
			}
		}
	})
	return l.bySlug[slug]
}

// Section returns the section with the given ID, or nil.
func (d *Doc) Section(id string) *Section {
	for _, s := range d.Sections {
		if s.ID == id {
			return s
		}
	}
	return nil
}

// Line returns the line of the file at which byte offset pos of the body lies.
func (d *Doc) Line(pos int) int {
	if pos < 0 || pos > d.srcLen {
		return d.bodyLine
	}
	n, _ := slices.BinarySearch(d.nl, int32(pos)) // the newlines before pos
	return d.bodyLine + n
}

// Load reads and renders every document under dir (Parse, then Render
// with no calculator's HTML): the site of the commands and tests that do
// not show calculators.
func Load(dir string, opt Options) (*Site, Diagnostics) {
	s, ds := Parse(dir, opt)
	return s, append(ds, s.Render(nil)...)
}

// Parse reads every language folder under dir (dir/fr/*.md, dir/en/*.md),
// parses each document, and returns the site with every problem found in
// it. It does not stop at the first problem, and only reports what one
// file shows; Check reports what needs the whole site. A document without
// calculator blocks is rendered at once, its cross-references' labels
// left as placeholders; Render renders the others, once their
// calculators are computed, and fills every label.
func Parse(dir string, opt Options) (*Site, Diagnostics) {
	if opt.Languages == nil {
		opt.Languages = Languages
	}
	var ds Diagnostics
	s := &Site{Dir: dir, Languages: opt.Languages, broken: map[string]bool{}}
	for _, code := range s.Languages {
		files, err := filepath.Glob(filepath.Join(dir, code, "*.md"))
		if err != nil || len(files) == 0 {
			continue
		}
		sort.Strings(files)
		lang := &Lang{Code: code}
		// Documents are parsed in parallel, each with its own messages,
		// gathered in file order so that the output does not depend on
		// the scheduling.
		docs := make([]*Doc, len(files))
		dds := make([]Diagnostics, len(files))
		// One converter for the language: one per document cost its
		// making and goldmark's sorting of its parsers and renderers on
		// first use (its initSync), visible in a 1,000-page build's CPU
		// profile for the parsers alone (markdown.New and
		// parser.Parse.func1 in build -cpuprofile).
		md := opt.Markdown[code]
		if md == nil {
			md = markdown.New(markdown.WithLanguage(code))
		}
		par.Each(len(files), func(i int) {
			f := files[i]
			src, err := os.ReadFile(f)
			if err != nil {
				dds[i].Report(f, 0, "read-failed", "err", err.Error()).Causes = []string{"doc:" + f, code + ":" + strings.TrimSuffix(filepath.Base(f), ".md") + "#*"}
				return
			}
			slug := strings.TrimSuffix(filepath.Base(f), ".md")
			src, ok := checkSource(f, src, &dds[i])
			if !ok {
				last := &dds[i][len(dds[i])-1]
				last.Causes = append(last.Causes, code+":"+slug+"#*", "text:"+code)
				return
			}
			d := parseDoc(f, code, src, md, &dds[i])
			d.values = markdown.DocumentValues{Doc: slug, Alt: altLink(dir, code, slug, s.Languages, opt.AltLabel)}
			// A document without calculator blocks renders now: its tree
			// then goes at once. Held until every document was parsed,
			// the trees were most of a 10,000-page build's peak
			// (docs/performance.md, "memory at 10,000 pages"). A
			// calculator block needs the whole site checked first.
			if len(d.Calcs) == 0 {
				d.render(&dds[i])
			}
			docs[i] = d
		})
		for i := range files {
			ds = append(ds, dds[i]...)
			if docs[i] != nil {
				lang.Docs = append(lang.Docs, docs[i])
			}
			if docs[i] == nil || docs[i].broken {
				s.broken[code+":"+strings.TrimSuffix(filepath.Base(files[i]), ".md")] = true
			}
		}
		sort.SliceStable(lang.Docs, func(i, j int) bool { return lang.Docs[i].Order < lang.Docs[j].Order })
		s.Langs = append(s.Langs, lang)
	}
	if len(s.Langs) == 0 {
		ds.Report(dir, 0, "no-documents", "dir", filepath.Join(dir, s.Original())+"/")
	}
	return s, ds
}

// altLink returns the link of a document's headings to the same section in
// the first other language that has the document and a label in labels.
func altLink(dir, lang, slug string, languages []string, labels map[string]string) *markdown.AltLink {
	for _, other := range languages {
		if other == lang || labels[other] == "" || !Exists(dir, other, slug) {
			continue
		}
		return &markdown.AltLink{Lang: other, Text: strings.ToUpper(other), Label: labels[other], Base: "../../" + other + "/" + slug + "/"}
	}
	return nil
}

// Render renders the documents Parse left for later (those with
// calculator blocks), each block as calc holds it (the calculators' HTML,
// computed once the whole site was parsed and checked; a block calc lacks
// writes nothing), then fills the cross-references' labels, now that
// every document's sections are known. It is called once, after Parse.
func (s *Site) Render(calc map[*markdown.Calc]string) Diagnostics {
	var all []*Doc
	for _, l := range s.Langs {
		all = append(all, l.Docs...)
	}
	rds := make([]Diagnostics, len(all))
	par.Each(len(all), func(i int) {
		if all[i].ast != nil {
			all[i].values.CalcHTML = calc
			all[i].render(&rds[i])
		}
	})
	var ds Diagnostics
	for _, d := range rds {
		ds = append(ds, d...)
	}
	labelXRefs(s, all)
	// The sources are needed past this point only to check translations
	// against their original (SectionSource): kept for every document,
	// they were an eighth of a 10,000-document build's peak live heap.
	for _, d := range all {
		translated := false
		for _, l := range s.Langs {
			if l.Code != d.Lang && l.Doc(d.Slug) != nil {
				translated = true
			}
		}
		if !translated {
			d.src = nil
		}
	}
	return ds
}

// parseDoc parses a document with md, the language's converter, which
// also renders it (render).
func parseDoc(file, lang string, src []byte, md goldmark.Markdown, ds *Diagnostics) *Doc {
	d := &Doc{Lang: lang, File: file, md: md}
	body, bodyLine := parseFrontMatter(d, src, ds)
	d.src, d.bodyLine, d.srcLen = body, bodyLine, len(body)
	for i := 0; ; {
		j := bytes.IndexByte(body[i:], '\n')
		if j < 0 {
			break
		}
		d.nl = append(d.nl, int32(i+j))
		i += j + 1
	}
	want := strings.TrimSuffix(filepath.Base(file), ".md")
	if d.Slug != "" && d.Slug != want {
		ds.Report(file, d.meta["slug"], "slug-differs", "slug", d.Slug, "want", want)
		// The file name stands in, so that the document still meets its
		// translation and the glossary: the mistake is said once.
		d.Slug = want
	}
	if d.Slug == "" {
		// Reported by parseFrontMatter; the file name stands in so that
		// links to this document are still checked.
		d.Slug = want
	}
	pc := parser.NewContext()
	markdown.WithDocSlug(pc, d.Slug)
	root := md.Parser().Parse(text.NewReader(body), parser.WithContext(pc))
	d.ast = root
	d.XRefs = markdown.XRefs(pc)
	d.Calcs = markdown.Calcs(pc)
	d.collectSections(ds)
	d.collectAnchors(markdown.Anchors(pc), ds)
	d.collectValues(markdown.RuleValues(pc), ds)
	mark := len(*ds)
	d.checkNodes(ds)
	d.locate((*ds)[mark:])
	d.markXRefs()
	if typeset := markdown.TypographyOf(lang).String; typeset != nil {
		d.Title = typeset(d.Title)
	}
	return d
}

// locate sets the column of each of ds that quotes its text (a link's
// destination, raw HTML) on its line of d: an inline node knows only its
// paragraph's place.
func (d *Doc) locate(ds Diagnostics) {
	from := map[string]int{} // line and text → where the next search starts: the same text twice on a line
	for i := range ds {
		x := &ds[i]
		if x.Text == "" || x.Col != 0 || x.File != d.File || x.Line < d.bodyLine {
			continue
		}
		k := x.Line - d.bodyLine // the line's index in the body
		start, stop := 0, len(d.src)
		if k > 0 && k-1 < len(d.nl) {
			start = int(d.nl[k-1]) + 1
		}
		if k < len(d.nl) {
			stop = int(d.nl[k])
		}
		if start > stop {
			continue
		}
		line := d.src[start:stop]
		key := itoa(x.Line) + "\x00" + x.Text
		if j := bytes.Index(line[from[key]:], []byte(x.Text)); j >= 0 {
			j += from[key]
			x.Col = 1 + utf8.RuneCount(line[:j])
			from[key] = j + 1
		}
	}
}

func (d *Doc) render(ds *Diagnostics) {
	// Rendered into a reused buffer and copied out at its exact size: a
	// bytes.Buffer per document, doubling from empty, showed as zeroed
	// new memory in a 1,000-page build's profile (bytes.growSlice under
	// goldmark's Render), and kept up to twice the body's size until the
	// build ended.
	buf := renderBufs.Get().(*bytes.Buffer)
	defer func() {
		buf.Reset()
		renderBufs.Put(buf)
	}()
	if doc, ok := d.ast.(*ast.Document); ok {
		markdown.SetDocumentValues(doc, d.values)
	}
	if err := d.md.Renderer().Render(buf, d.src, d.ast); err != nil {
		ds.Report(d.File, 0, "render-failed", "err", err.Error())
	}
	d.Body = template.HTML(buf.String()) // goldmark escapes text; raw HTML is disabled
	// The tree and its parser are not needed past this point, and held by
	// every document until the build ended they were a third of a
	// 10,000-page build's live heap (heap profile before writing). A calculator block is a node of the tree: cut from it, it
	// no longer keeps the whole tree alive.
	for _, c := range d.Calcs {
		c.SetParent(nil)
		c.SetPreviousSibling(nil)
		c.SetNextSibling(nil)
	}
	d.ast = nil
}

// collectSections walks the top-level blocks: a heading opens a section, the
// other blocks add their text to it.
func (d *Doc) collectSections(ds *Diagnostics) {
	seen := map[string]int{}
	var cur *Section
	// One buffer for every section's text, each block's text written into
	// it: a builder per section and a string per block, grown from empty,
	// showed in a 1,000-page build's CPU profile (growslice under
	// strings.Builder.WriteString).
	var text []byte
	flush := func() {
		t := collapseSpace(text)
		if cur != nil {
			cur.Text = t
		} else {
			d.Intro = t
		}
		text = text[:0]
	}
	for n := d.ast.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			text = append(d.appendPlain(text, n), ' ')
			continue
		}
		flush()
		line := d.Line(markdown.Pos(h))
		title := strings.TrimSpace(d.plainText(h))
		id := markdown.HeadingID(h)
		cur = &Section{ID: id, Level: h.Level, Title: title, Line: line}
		d.Sections = append(d.Sections, cur)
		switch {
		case h.Level == 1:
			ds.Report(d.File, line, "heading-level-1", "title", title)
		case id == "":
			kind := "heading-no-id"
			if d.Lang == IDLanguage {
				kind = "heading-no-id-en"
			}
			ds.Report(d.File, line, kind, "title", title, "id", suggestID(title)).Text = title
		case !validID(id):
			hint := ""
			if s := suggestID(id); s != "section" && s != id {
				hint = ": {#" + s + "}?"
			}
			ds.Report(d.File, line, "section-id-invalid", "id", id, "hint", hint).Text = id
		case reservedIDs[id]:
			ds.Report(d.File, line, "section-id-reserved", "id", id)
		}
		if id != "" {
			if first, dup := seen[id]; dup {
				ds.Report(d.File, line, "section-id-duplicate", "id", id, "first", itoa(first)).Text = id
			} else {
				seen[id] = line
			}
		}
	}
	flush()
}

// collectAnchors records the anchors parsing found, each in its section,
// and reports one whose ID a heading or an earlier anchor has, or that is
// reserved.
func (d *Doc) collectAnchors(refs []markdown.AnchorRef, ds *Diagnostics) {
	seen := map[string]int{}
	for _, s := range d.Sections {
		if s.ID != "" {
			seen[s.ID] = s.Line
		}
	}
	for _, r := range refs {
		line := d.Line(r.Pos)
		sec := ""
		for _, s := range d.Sections {
			if s.Line <= line {
				sec = s.ID
			}
		}
		if first, dup := seen[r.ID]; dup {
			ds.Report(d.File, line, "anchor-duplicate", "id", r.ID, "first", itoa(first))
			continue
		}
		if reservedIDs[r.ID] {
			ds.Report(d.File, line, "anchor-reserved", "id", r.ID)
		}
		seen[r.ID] = line
		d.Anchors = append(d.Anchors, &Anchor{ID: r.ID, Line: line, Section: sec})
	}
}

// collectValues records the rule values parsing found, each in its
// section, and reports those that could not be read.
func (d *Doc) collectValues(refs []markdown.ValueRef, ds *Diagnostics) {
	for _, r := range refs {
		line := d.Line(r.Pos)
		if r.Bad != "" {
			bad := New(d.File, line, r.Bad, r.Args...)
			if r.Key != "" {
				// The other language's declaration, and the "not
				// declared" of this one, follow from this mistake.
				bad.Causes = []string{"value:" + d.Lang + ":" + r.Key}
			}
			*ds = append(*ds, bad)
			continue
		}
		sec := ""
		for _, s := range d.Sections {
			if s.Line <= line {
				sec = s.ID
			}
		}
		col, after := d.colAfter(r.Pos, r.End)
		if r.Expr != "" {
			d.Statements = append(d.Statements, &Statement{Expr: r.Expr, Words: r.Words, Line: line, Col: col, After: after, Section: sec})
			continue
		}
		id := r.ID
		if r.Formula {
			id = sec // a formula has no element of its own: its section
		}
		d.Values = append(d.Values, &Value{Key: r.Key, Literal: r.Literal, Words: r.Words, Kind: r.Kind, N: r.N, Line: line, Section: sec, ID: id, Context: d.valueContext(r.Pos), Col: col, After: after, Formula: r.Formula})
	}
}

// colAfter returns the column of the byte at pos on its line (in
// characters, from 1) and up to 120 bytes of the line after end.
func (d *Doc) colAfter(pos, end int) (int, string) {
	if pos < 0 || pos > len(d.src) || end < pos || end > len(d.src) {
		return 0, ""
	}
	start := bytes.LastIndexByte(d.src[:pos], '\n') + 1
	col := utf8.RuneCount(d.src[start:pos]) + 1
	rest := d.src[end:]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	if len(rest) > 120 {
		rest = rest[:120]
		for len(rest) > 0 && !utf8.Valid(rest) {
			rest = rest[:len(rest)-1]
		}
	}
	return col, string(rest)
}

// mdMarks are the Markdown marks a line of context may start with or hold.
var mdMarks = regexp.MustCompile(`\*\*|__|^\s*[-*] |^\s*\d+\. |^#+ |\{#[a-z0-9-]+\}\s*`)

// valueContext returns about 60 characters of the source line around pos,
// its Markdown and declarations written as a reader sees them.
func (d *Doc) valueContext(pos int) string {
	src := d.src
	start := bytes.LastIndexByte(src[:pos], '\n') + 1
	end := bytes.IndexByte(src[pos:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += pos
	}
	clean := func(b []byte) string {
		t := markdown.StripValues(string(b))
		return strings.ReplaceAll(t, " | ", " · ")
	}
	// A table row's outer bars go; the declaration's own spaces stay.
	before := []rune(mdMarks.ReplaceAllString(strings.TrimLeft(clean(src[start:pos]), "| \t"), ""))
	after := []rune(strings.TrimRight(clean(src[pos:end]), "| \t"))
	const span = 40
	pre, post := "", ""
	if len(before) > span {
		before = before[len(before)-span:]
		if i := strings.IndexByte(string(before), ' '); i >= 0 {
			before = []rune(string(before)[i+1:])
		}
		pre = "…"
	}
	if len(after) > span+20 {
		after = after[:span+20]
		if i := strings.LastIndexByte(string(after), ' '); i > 0 {
			after = []rune(string(after)[:i])
		}
		post = "…"
	}
	t := strings.TrimSpace(pre + string(before) + string(after) + post)
	if typeset := markdown.TypographyOf(d.Lang).String; typeset != nil {
		t = typeset(strings.ReplaceAll(t, "'", "’"))
	}
	return t
}

// plainText returns the text of n and its descendants as a reader sees it,
// typeset for the document's language.
func (d *Doc) plainText(n ast.Node) string { return string(d.appendPlain(nil, n)) }

// appendPlain appends plainText(n) to b.
func (d *Doc) appendPlain(b []byte, n ast.Node) []byte {
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			if c.Type() == ast.TypeBlock {
				b = append(b, ' ')
			}
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			if typeset := markdown.TypographyOf(d.Lang).Text; typeset != nil {
				b = append(b, typeset(c, d.src)...)
			} else {
				b = append(b, c.Segment.Value(d.src)...)
			}
			if c.SoftLineBreak() || c.HardLineBreak() {
				b = append(b, ' ')
			}
		case *ast.String:
			// The English typographer writes entities (&rsquo;) as raw strings.
			b = append(b, html.UnescapeString(string(c.Value))...)
		case *ast.AutoLink:
			b = append(b, c.Label(d.src)...)
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			var code []byte
			for i := 0; i < c.Lines().Len(); i++ {
				seg := c.Lines().At(i)
				code = append(code, seg.Value(d.src)...)
			}
			// A formula's declarations read as their numbers.
			b = append(b, markdown.StripValues(string(code))...)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b
}

// collapseSpace is strings.Join(strings.Fields(string(s)), " ") without the slice of
// words (strings.FieldsFunc showed in a 10,000-page build's CPU profile,
// most of it allocating): the words of s, as they are, one space between them.
func collapseSpace(s []byte) string {
	var b strings.Builder
	b.Grow(len(s))
	for w := range bytes.FieldsSeq(s) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.Write(w)
	}
	return b.String()
}

func validID(id string) bool {
	if id == "" || id[0] == '-' || id[len(id)-1] == '-' || strings.Contains(id, "--") {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// suggestID proposes an ID shape from a heading for an error message,
// without the heading's number; from a French heading, the writer still
// puts it into English.
func suggestID(title string) string {
	var b strings.Builder
	dash := false
	// The section's number goes ("6.1 Les zones fumeurs"): IDs outlive
	// the numbering.
	title = strings.TrimLeft(sectionNumber.ReplaceAllString(strings.TrimSpace(title), ""), "0123456789.)- ")
	for _, r := range strings.ToLower(unaccent.Replace(title)) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		return "section"
	}
	return s
}

// unaccent writes French letters without their accents, for suggestID.
var unaccent = strings.NewReplacer("à", "a", "â", "a", "ç", "c", "é", "e", "è", "e", "ê", "e", "ë", "e", "î", "i", "ï", "i", "ô", "o", "œ", "oe", "ù", "u", "û", "u", "ü", "u", "É", "e", "À", "a", "’", "-")

// Present returns the languages of langs that have a folder of documents
// under dir.
func Present(dir string, langs []string) []string {
	var l []string
	for _, code := range langs {
		if m, _ := filepath.Glob(filepath.Join(dir, code, "*.md")); len(m) > 0 {
			l = append(l, code)
		}
	}
	return l
}

// Exists reports whether document slug exists in lang under dir.
func Exists(dir, lang, slug string) bool {
	_, err := os.Stat(filepath.Join(dir, lang, slug+".md"))
	return err == nil
}

// xrefSlot is a cross-reference of a document, rendered before the other
// documents are known: its label waits in the page as a placeholder.
type xrefSlot struct {
	slug string // the target document; "" for the same document
	id   string // the target section or anchor; "" for the document's top
}

// The label of slot i waits as the value xrefOpen+i+xrefClose; fillXRefs
// replaces the whole attribute (xrefAttr … xrefEnd), so that an empty label
// removes it: nothing else in a page can look like it, as goldmark writes a
// quote inside text or an attribute as &quot;.
const (
	xrefOpen, xrefClose = "\ue000", "\ue001"
	xrefAttr            = ` data-to="` + xrefOpen
	xrefEnd             = xrefClose + `"`
)

// markXRefs gives each cross-reference link of the tree a placeholder for
// its label (see labelXRefs) and records its target.
func (d *Doc) markXRefs() {
	_ = ast.Walk(d.ast, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		link, ok := n.(*ast.Link)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		if c, _ := link.AttributeString("class"); c == nil || string(c.([]byte)) != "xref" {
			return ast.WalkContinue, nil
		}
		dest := string(link.Destination)
		var slot xrefSlot
		if rest, ok := strings.CutPrefix(dest, "../"); ok {
			slug, frag, _ := strings.Cut(rest, "/")
			slot = xrefSlot{slug: slug, id: strings.TrimPrefix(frag, "#")}
		} else {
			slot.id = strings.TrimPrefix(dest, "#")
		}
		link.SetAttributeString("data-to", []byte(xrefOpen+strconv.Itoa(len(d.xrefs))+xrefClose))
		d.xrefs = append(d.xrefs, slot)
		return ast.WalkContinue, nil
	})
}

// sectionNumber finds a title's number ("2.5. La vie" → "2.5").
var sectionNumber = regexp.MustCompile(`^(\d+(?:\.\d+)*)\.?\s`)

// labelXRefs gives each cross-reference the words that say, on paper, where
// it leads (its data-to attribute, which the print style sheet shows): "§2.5"
// for a numbered section, its title otherwise, the document's short name
// first when it is another document. It fills the placeholders that
// markXRefs left in the rendered bodies, once every document is known.
func labelXRefs(s *Site, all []*Doc) {
	par.Each(len(all), func(i int) {
		d := all[i]
		if len(d.xrefs) == 0 {
			return
		}
		l := s.Lang(d.Lang)
		labels := make([]string, len(d.xrefs))
		for j, x := range d.xrefs {
			labels[j] = xrefLabel(l, d, x)
		}
		d.Body = template.HTML(fillXRefs(string(d.Body), labels))
		d.xrefs = nil
	})
}

// xrefLabel is the label of a cross-reference from d to x, "" when its
// target is unknown (reported by Check).
func xrefLabel(l *Lang, d *Doc, x xrefSlot) string {
	target := d
	if x.slug != "" {
		target = l.Doc(x.slug)
	}
	if target == nil {
		return ""
	}
	label := ""
	if x.id != "" {
		sec := target.Section(x.id)
		for _, a := range target.Anchors {
			if sec == nil && a.ID == x.id {
				sec = target.Section(a.Section)
			}
		}
		if sec != nil {
			if m := sectionNumber.FindStringSubmatch(sec.Title); m != nil {
				label = "§\u00a0" + m[1]
			} else {
				label = sec.Title
			}
		}
	}
	if target != d {
		name := target.Short
		if name == "" {
			name = target.Title
		}
		if label != "" {
			label = name + ", " + label
		} else {
			label = name
		}
	}
	return label
}

// fillXRefs replaces each placeholder attribute of body with its label,
// escaped as goldmark escapes an attribute's value, or removes it when the
// label is empty.
func fillXRefs(body string, labels []string) string {
	var b strings.Builder
	b.Grow(len(body) + 16*len(labels))
	for {
		i := strings.Index(body, xrefAttr)
		if i < 0 {
			break
		}
		rest := body[i+len(xrefAttr):]
		j := strings.Index(rest, xrefEnd)
		n, err := strconv.Atoi(rest[:max(j, 0)])
		if j < 0 || err != nil || n < 0 || n >= len(labels) {
			panic("site: a cross-reference placeholder that markXRefs did not write") // a programmer's error
		}
		b.WriteString(body[:i])
		if labels[n] != "" {
			b.WriteString(` data-to="`)
			b.Write(util.EscapeHTML([]byte(labels[n])))
			b.WriteByte('"')
		}
		body = rest[j+len(xrefEnd):]
	}
	b.WriteString(body)
	return b.String()
}

// renderBufs are the buffers documents are rendered into.
var renderBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}
