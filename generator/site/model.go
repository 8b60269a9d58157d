// The page model: the site, its languages, documents, sections, anchors,
// rule values and statements, and the small methods that find one of them.

package site

import (
	"html/template"
	"slices"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"

	"compendium/generator/markdown"
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
