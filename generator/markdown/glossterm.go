package markdown

import (
	"bytes"
	"html"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// A glossary term is marked where the rules text uses it, so that a reader
// who meets "PA" or "agonisant" learns what it means without leaving the
// page: once per section, at its first use after the heading, the words
// become a link to the term's entry on the glossary page,
//
//	<a class="term" href="../glossary/#term-armor-points" data-term="armor-points">PA</a>
//
// which the page's script (theme/js/page/terms.js) turns into a popover
// of the definition read from the hidden list WithTermDefinitions appends
// to the document. Without the script it is a link to the entry.
//
// A term is found by any of its forms (the term, its abbreviation, its
// variants) as whole words, compared without case as the glossary's own
// checks compare them (generator/glossary: words cut at anything that is
// not a letter or a digit), the longest form first: "points d’armure" is
// one mark, not "armure" inside it. Headings, links, code, rule values,
// calculators, anchors' controls and table headers are never marked: they
// are labels or controls already, or markup of their own.

// KindGlossTerm is the NodeKind of GlossTerm.
var KindGlossTerm = ast.NewNodeKind("GlossTerm")

// GlossTerm is a glossary term marked in the text. Its one child is the
// text as written. Terms lists the glossary terms written this way, most
// often one, and Fresh which of them the section has not marked yet. When
// two terms share a form ("blessé", a state of two games; "critical hit"),
// the renderer links the one the document defines, or else the first
// fresh one; the words stay plain text where that term is not fresh.
type GlossTerm struct {
	ast.BaseInline
	Terms []*GlossaryTerm
	Fresh []bool
}

// term returns the term n links to in its document, or nil when it is
// written as plain text.
func (n *GlossTerm) term() *GlossaryTerm {
	pick := -1
	if v, ok := documentValues(n); ok && len(n.Terms) > 1 {
		for i, t := range n.Terms {
			if t.Doc == v.Doc {
				pick = i
				break
			}
		}
	}
	if pick < 0 {
		for i, f := range n.Fresh {
			if f {
				pick = i
				break
			}
		}
	}
	if pick < 0 || !n.Fresh[pick] {
		return nil
	}
	return n.Terms[pick]
}

// Kind implements ast.Node.
func (n *GlossTerm) Kind() ast.NodeKind { return KindGlossTerm }

// Dump implements ast.Node.
func (n *GlossTerm) Dump(source []byte, level int) {
	ids := make([]string, len(n.Terms))
	for i, t := range n.Terms {
		ids[i] = t.ID
	}
	ast.DumpHelper(n, source, level, map[string]string{"Terms": strings.Join(ids, ",")}, nil)
}

// GlossaryTerm is a glossary term as the text of one language writes it.
type GlossaryTerm struct {
	ID    string   // the glossary's ID: the link leads to #term-<ID>
	Doc   string   // the slug of the document whose section defines it
	Forms []string // the term, its abbreviation and its variants
	// Docs are the slugs of the documents its definition holds for: a
	// document not listed never links it, its words there are ordinary
	// words ("mort" in a duel, "eau" outside the spell duel). Nil: every
	// document (a text parsed without its slug, see WithDocSlug, too).
	Docs []string
}

// holdsIn reports whether t's definition holds in the document slug
// ("" when the text's document is not known: every term does).
func (t *GlossaryTerm) holdsIn(slug string) bool {
	if t.Docs == nil || slug == "" {
		return true
	}
	for _, d := range t.Docs {
		if d == slug {
			return true
		}
	}
	return false
}

// docSlugKey is the parser.Context key of the slug of the document being
// parsed.
var docSlugKey = parser.NewContextKey()

// WithDocSlug records in pc the slug of the document about to be parsed
// with it: the glossary terms whose definitions do not hold there are not
// looked for (GlossaryTerm.Docs).
func WithDocSlug(pc parser.Context, slug string) { pc.Set(docSlugKey, slug) }

// docSlug returns the slug WithDocSlug recorded in pc, or "".
func docSlug(pc parser.Context) string {
	s, _ := pc.Get(docSlugKey).(string)
	return s
}

// form is one written form of one or more terms, as words.
type form struct {
	words []string
	case_ letterCase
	terms []*GlossaryTerm
}

// letterCase is how a form's case is matched. The glossary's checks
// compare without case, but marking so found "In general" (the effect
// General), "they will tell you" (the Will save) and "pas" for "PA": a
// form the glossary writes in capitals (an abbreviation) is found in
// capitals only, one it writes with a capital (the name of an effect, a
// state, a save) only with its capital.
type letterCase int

const (
	anyCase     letterCase = iota
	capitalised            // "Will": a capital first letter
	upper                  // "PA": every letter a capital
)

// caseOf returns how form f's case is matched.
func caseOf(f string) letterCase {
	r, _ := utf8.DecodeRuneInString(f)
	switch {
	case strings.ToUpper(f) == f && strings.ToLower(f) != f:
		return upper
	case unicode.IsUpper(r):
		return capitalised
	}
	return anyCase
}

// matches reports whether w, a form's words as the text writes them,
// has the form's case.
func (c letterCase) matches(w []byte) bool {
	switch c {
	case upper:
		return !bytes.ContainsFunc(w, unicode.IsLower)
	case capitalised:
		r, _ := utf8.DecodeRune(w)
		return unicode.IsUpper(r)
	}
	return true
}

// GlossTermOption configures NewGlossTerms.
type GlossTermOption func(*glossTerms)

// WithGlossaryTerms sets the terms to mark.
func WithGlossaryTerms(terms []GlossaryTerm) GlossTermOption {
	return func(g *glossTerms) { g.terms = terms }
}

// WithGlossaryLanguage sets the language of the text: in a language whose
// typography sets text nodes (Typography.Text), a mark is left out where it
// would change the typography around it (the space FrenchTypeset puts
// after "«" is decided on the text node the "«" is in).
func WithGlossaryLanguage(lang string) GlossTermOption {
	return func(g *glossTerms) { g.lang = lang }
}

type glossTerms struct {
	terms []GlossaryTerm
	url   string
	lang  string
	// byFirst maps a form's first word to the forms starting with it,
	// the longest first.
	byFirst map[string][]*form
}

// NewGlossTerms returns the extension that marks glossary terms (see
// GlossTerm).
func NewGlossTerms(opts ...GlossTermOption) goldmark.Extender {
	g := &glossTerms{url: "../glossary/"}
	for _, o := range opts {
		o(g)
	}
	g.byFirst = map[string][]*form{}
	byWords := map[string]*form{}
	for i := range g.terms {
		t := &g.terms[i]
		for _, f := range t.Forms {
			ws := lowerWords(f)
			if len(ws) == 0 {
				continue
			}
			c := caseOf(f)
			key := strconv.Itoa(int(c)) + " " + strings.Join(ws, " ")
			fm := byWords[key]
			if fm == nil {
				fm = &form{words: ws, case_: c}
				byWords[key] = fm
				g.byFirst[ws[0]] = append(g.byFirst[ws[0]], fm)
			}
			if len(fm.terms) == 0 || fm.terms[len(fm.terms)-1] != t {
				fm.terms = append(fm.terms, t)
			}
		}
	}
	for _, fs := range g.byFirst {
		sort.SliceStable(fs, func(i, j int) bool { return len(fs[i].words) > len(fs[j].words) })
	}
	return g
}

// Extend implements goldmark.Extender.
func (g *glossTerms) Extend(m goldmark.Markdown) {
	// After every other transformer (anchors 10, calculators 50,
	// cross-references 100, tables 200): the anchors' "{#id}" is gone
	// from the text, the calculators are nodes of their own.
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(glossTransformer{g}, 300)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(glossRenderer{url: g.url}, 200)))
}

// lowerWords returns s's words as the glossary compares them: runs of
// letters and digits, lower-cased.
func lowerWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// word is a word of a text node: its bytes in the node's value and its
// lower-cased form.
type word struct {
	start, end int
	lower      string
}

// splitWords returns v's words (see lowerWords) with their offsets.
func splitWords(v []byte) []word {
	var out []word
	start := -1
	for i := 0; i <= len(v); {
		r, size := rune(-1), 1
		if i < len(v) {
			r, size = utf8.DecodeRune(v[i:])
		}
		in := r >= 0 && (unicode.IsLetter(r) || unicode.IsDigit(r))
		switch {
		case in && start < 0:
			start = i
		case !in && start >= 0:
			out = append(out, word{start, i, strings.ToLower(string(v[start:i]))})
			start = -1
		}
		i += size
	}
	return out
}

// joins reports whether gap, the text between two words of a form found in
// the text, keeps them one phrase: spaces, apostrophes, hyphens and "&"
// ("points d’armure", "hors-jeu", "Héros & Dragons"), not a comma or a
// parenthesis.
func joins(gap []byte) bool {
	for _, r := range string(gap) {
		switch r {
		case ' ', '\u00a0', '\u202f', '\'', '’', '-', '‑', '&':
		default:
			return false
		}
	}
	return true
}

// match finds in v, from its word k on, the first form of a term not yet
// used in the section; used forms are passed over whole, so that a shorter
// form inside a longer one is not marked either.
func (g *glossTerms) match(v []byte, ws []word, k int, used map[string]bool, slug string) (from, to int, terms []*GlossaryTerm, next int) {
	for ; k < len(ws); k++ {
	forms:
		for _, f := range g.byFirst[ws[k].lower] {
			if k+len(f.words) > len(ws) {
				continue
			}
			for i := 1; i < len(f.words); i++ {
				if ws[k+i].lower != f.words[i] || !joins(v[ws[k+i-1].end:ws[k+i].start]) {
					continue forms
				}
			}
			end := k + len(f.words)
			if !f.case_.matches(v[ws[k].start:ws[end-1].end]) {
				continue
			}
			here := f.holdIn(slug)
			if len(here) == 0 {
				continue // ordinary words in this document: a shorter form may be a term
			}
			for _, t := range here {
				if !used[t.ID] {
					return ws[k].start, ws[end-1].end, here, end
				}
			}
			k = end - 1 // the longest form here is used: nothing inside it is marked
			break
		}
	}
	return -1, -1, nil, len(ws)
}

// holdIn returns the terms written as f whose definitions hold in the
// document slug: f.terms itself when all do, as they most often do.
func (f *form) holdIn(slug string) []*GlossaryTerm {
	for i, t := range f.terms {
		if t.holdsIn(slug) {
			continue
		}
		out := append([]*GlossaryTerm(nil), f.terms[:i]...)
		for _, t := range f.terms[i+1:] {
			if t.holdsIn(slug) {
				out = append(out, t)
			}
		}
		return out
	}
	return f.terms
}

type glossTransformer struct{ g *glossTerms }

// Transform marks the first use of each term after each heading.
func (t glossTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	if len(t.g.byFirst) == 0 {
		return
	}
	src := reader.Source()
	// The text nodes in reading order, nil where a heading opens a
	// section; collected first, as marking replaces nodes.
	var texts []*ast.Text
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		t.g.join(n, src)
		switch n.Kind() {
		case ast.KindHeading:
			texts = append(texts, nil)
			return ast.WalkSkipChildren, nil
		case ast.KindLink, ast.KindAutoLink, ast.KindImage, ast.KindCodeSpan, ast.KindCodeBlock, ast.KindFencedCodeBlock,
			ast.KindHTMLBlock, ast.KindRawHTML, KindRuleValue, KindCalc, KindAnchor, east.KindTableHeader,
			east.KindFootnote, east.KindFootnoteList, east.KindFootnoteLink, east.KindFootnoteBacklink:
			return ast.WalkSkipChildren, nil
		case ast.KindText:
			if tx := n.(*ast.Text); !tx.IsRaw() {
				texts = append(texts, tx)
			}
		}
		return ast.WalkContinue, nil
	})
	slug := docSlug(pc)
	used := map[string]bool{}
	for _, tx := range texts {
		if tx == nil {
			clear(used)
			continue
		}
		var v []byte
		var ws []word
		for k, at := 0, (*ast.Text)(nil); tx != nil; {
			if tx != at {
				// Read once per piece: a mark left out (the typography)
				// looks further in the same words.
				at, v = tx, tx.Segment.Value(src)
				ws = splitWords(v)
			}
			from, to, terms, next := t.g.match(v, ws, k, used, slug)
			if terms == nil {
				break
			}
			fresh := make([]bool, len(terms))
			for i, term := range terms {
				fresh[i] = !used[term.ID]
			}
			after, ok := t.g.split(tx, from, to, &GlossTerm{Terms: terms, Fresh: fresh}, src)
			if !ok {
				k = next // left unmarked here: look further in the same text
				continue
			}
			for _, term := range terms {
				used[term.ID] = true
			}
			tx, k = after, 0
		}
	}
}

// join merges n's children that are pieces of one text: goldmark's
// parser cuts text where an inline might start (a space, for the
// addresses it links), "coup" and " critique" in two nodes, and a form is
// looked for in one node. In French a join that would change the
// typography is undone.
//
// Each run of pieces is merged at once and typeset once: merging them
// pair by pair and typesetting the growing text each time was quadratic
// in a pasted line of "[" (docs/performance.md). A run
// whose typography the merge changes is tried again as its two halves, so
// the worst case is n log n.
func (g *glossTerms) join(n ast.Node, src []byte) {
	var run []*ast.Text
	flush := func() {
		if len(run) > 1 {
			g.joinRun(n, run, src)
		}
		run = run[:0]
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		t, ok := c.(*ast.Text)
		if !ok || t.IsRaw() || t.Segment.Padding != 0 {
			flush()
			continue
		}
		if len(run) > 0 {
			a := run[len(run)-1]
			if a.SoftLineBreak() || a.HardLineBreak() || a.Segment.Stop != t.Segment.Start {
				flush()
			}
		}
		run = append(run, t)
	}
	flush()
}

// joinRun merges run, adjacent pieces of one text under n, into its first
// piece; in a typeset language only where the typography stays as it was, trying the
// halves of a run it would change.
func (g *glossTerms) joinRun(n ast.Node, run []*ast.Text, src []byte) {
	typeset := TypographyOf(g.lang).Text
	if typeset == nil {
		mergeTexts(n, run)
		return
	}
	was := make([]string, len(run))
	for i, t := range run {
		was[i] = typeset(t, src)
	}
	var try func(run []*ast.Text, was []string)
	try = func(run []*ast.Text, was []string) {
		if len(run) < 2 {
			return
		}
		undo := mergeTexts(n, run)
		if typeset(run[0], src) == strings.Join(was, "") {
			return
		}
		undo()
		h := len(run) / 2
		try(run[:h], was[:h])
		try(run[h:], was[h:])
	}
	try(run, was)
}

// mergeTexts merges the pieces run into run[0], removing the others from
// n, and returns what undoes it. The merged piece ends as the last one
// did (its line break); the pieces' own typesetting context, their
// neighbours' first and last characters, is the same before and after.
func mergeTexts(n ast.Node, run []*ast.Text) (undo func()) {
	a, last := run[0], run[len(run)-1]
	seg, soft, hard := a.Segment, a.SoftLineBreak(), a.HardLineBreak()
	a.Segment = seg.WithStop(last.Segment.Stop)
	a.SetSoftLineBreak(last.SoftLineBreak())
	a.SetHardLineBreak(last.HardLineBreak())
	for _, b := range run[1:] {
		n.RemoveChild(n, b)
	}
	return func() {
		a.Segment = seg
		a.SetSoftLineBreak(soft)
		a.SetHardLineBreak(hard)
		after := ast.Node(a)
		for _, b := range run[1:] {
			n.InsertAfter(n, after, b)
			after = b
		}
	}
}

// split replaces tx by its text before [from, to), mark, and the text
// after, which it returns (nil when there is none). In a typeset language
// (Typography.Text) it leaves tx
// as it was and returns false when the pieces would not be typeset as tx
// was: the page, its plain text and the search index must read the same.
func (g *glossTerms) split(tx *ast.Text, from, to int, mark *GlossTerm, src []byte) (*ast.Text, bool) {
	parent := tx.Parent()
	if parent == nil {
		return nil, false
	}
	seg := tx.Segment
	was := ""
	typeset := TypographyOf(g.lang).Text
	if typeset != nil {
		was = typeset(tx, src)
	}
	var before, after *ast.Text
	if from > 0 {
		before = ast.NewTextSegment(text.NewSegment(seg.Start, seg.Start+from))
	}
	mid := ast.NewTextSegment(text.NewSegment(seg.Start+from, seg.Start+to))
	mark.AppendChild(mark, mid)
	// The line break ends the last piece, as it ended tx.
	if seg.Start+to < seg.Stop || tx.SoftLineBreak() || tx.HardLineBreak() {
		after = ast.NewTextSegment(text.NewSegment(seg.Start+to, seg.Stop))
		after.SetSoftLineBreak(tx.SoftLineBreak())
		after.SetHardLineBreak(tx.HardLineBreak())
	}
	pieces := []ast.Node{}
	if before != nil {
		pieces = append(pieces, before)
	}
	pieces = append(pieces, mark)
	if after != nil {
		pieces = append(pieces, after)
	}
	for _, p := range pieces {
		parent.InsertBefore(parent, tx, p)
	}
	parent.RemoveChild(parent, tx)
	if typeset != nil {
		now := typeset(mid, src)
		if before != nil {
			now = typeset(before, src) + now
		}
		if after != nil {
			now += typeset(after, src)
		}
		if now != was {
			parent.InsertBefore(parent, pieces[0], tx)
			for _, p := range pieces {
				parent.RemoveChild(parent, p)
			}
			return nil, false
		}
	}
	return after, true
}

type glossRenderer struct{ url string }

func (r glossRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindGlossTerm, r.render)
}

// render writes the mark as a link to the term's glossary entry, which
// works without JavaScript; data-term names the term for the script.
func (r glossRenderer) render(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	t := node.(*GlossTerm).term()
	switch {
	case t == nil:
	case entering:
		id := html.EscapeString(t.ID)
		_, _ = w.WriteString(`<a class="term" href="` + html.EscapeString(r.url) + `#term-` + id + `" data-term="` + id + `">`)
	default:
		_, _ = w.WriteString(`</a>`)
	}
	return ast.WalkContinue, nil
}

// TermDefinition is what a page tells of a glossary term it marks, in the
// page's language: the term, its abbreviation, the other language's term
// and the definition, as plain text.
type TermDefinition struct {
	Term, Abbr, Other, OtherAbbr, OtherLang, Definition string
}

// WithTermDefinitions returns body, a rendered document of language lang,
// followed by a hidden list of the definitions of the terms it marks, in
// the order of their first mark, for the page's script to show (no script
// block: the pages' policy allows none inline, and the list is HTML a
// browser need not run). label names the link from a shown definition to
// its glossary entry ("Voir dans le glossaire"). def gives a term's
// definition; a term it does not know is left out. A body that marks no
// term is returned as it is.
func WithTermDefinitions(body, lang, label string, def func(id string) (TermDefinition, bool)) string {
	const attr = ` data-term="`
	var b strings.Builder
	seen := map[string]bool{}
	for rest := body; ; {
		i := strings.Index(rest, `<a class="term"`)
		if i < 0 {
			break
		}
		rest = rest[i:]
		j := strings.Index(rest, attr)
		end := strings.IndexByte(rest, '>')
		if j < 0 || end < j {
			rest = rest[1:]
			continue
		}
		rest = rest[j+len(attr):]
		k := strings.IndexByte(rest, '"')
		if k < 0 {
			break
		}
		id := html.UnescapeString(rest[:k])
		rest = rest[k:]
		if seen[id] {
			continue
		}
		seen[id] = true
		d, ok := def(id)
		if !ok {
			continue
		}
		e := html.EscapeString
		b.WriteString(`<div data-term="` + e(id) + `"><dt><dfn>` + e(d.Term) + `</dfn>`)
		if d.Abbr != "" {
			b.WriteString(` <abbr>` + e(d.Abbr) + `</abbr>`)
		}
		b.WriteString(` <span class="term-other" lang="` + e(d.OtherLang) + `">` + e(d.Other))
		if d.OtherAbbr != "" {
			b.WriteString(` (` + e(d.OtherAbbr) + `)`)
		}
		b.WriteString(`</span></dt><dd>` + e(d.Definition) + "</dd></div>\n")
	}
	if b.Len() == 0 {
		return body
	}
	return body + termDefsOpen + `lang="` + html.EscapeString(lang) + `" data-label="` + html.EscapeString(label) + `" hidden>` + "\n" + b.String() + "</dl>\n"
}

// termDefsOpen starts the list WithTermDefinitions appends.
const termDefsOpen = `<dl class="term-defs" `

// WithoutTermDefinitions returns body with the list of definitions
// WithTermDefinitions appended emptied: a page that holds the glossary
// itself (the book, the single-file edition) reads them there, and keeps
// of the list its language and label.
func WithoutTermDefinitions(body string) string {
	i := strings.LastIndex(body, termDefsOpen)
	if i < 0 {
		return body
	}
	j := strings.IndexByte(body[i:], '>')
	if j < 0 {
		return body
	}
	return body[:i+j+1] + "</dl>\n"
}
