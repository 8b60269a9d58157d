// Package search builds the compendium's search index at build time and
// answers queries from it, for the command line and the tests. The browser
// runs the same query algorithm in theme/js/page/searchquery.js, against the same
// index files: the index carries every table the query side needs (the word
// pattern, elisions, diacritic folding, stop words, the vocabulary of surface
// forms with their stems, ranking parameters), so that no stemmer and no
// language knowledge is shipped in JavaScript.
//
// The unit of search is a section, per language. The index of a language is
// one JSON file at a stable address (fr/search.json: see IndexPath); a
// large site's is split into a dictionary at that address and shards
// (split.go).
package search

import (
	"encoding/json"
	"errors"
	"html"
	"math"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"compendium/generator/glossary"
	"compendium/generator/par"
	"compendium/generator/site"
)

// formatVersion changes whenever the file layout changes, so that a stale
// script never misreads a new index.
const formatVersion = 2

// titleSep joins the headings of a title path.
const titleSep = " › "

// Params are the ranking and matching constants. They travel in the index so
// that searchquery.js reads them instead of repeating them.
type Params struct {
	K1 float64 `json:"k1"` // BM25 term-frequency saturation
	B  float64 `json:"b"`  // BM25 length normalisation
	// Title weighs a match in the title path against one in the text.
	Title float64 `json:"title"`
	// Exact, Prefix, Typo and Syn weigh how a query word reached a stem.
	Exact  float64 `json:"exact"`
	Prefix float64 `json:"prefix"`
	Typo   float64 `json:"typo"`
	Syn    float64 `json:"syn"`
	// MinPrefix is the shortest word expanded as a prefix: one letter
	// would match most of the vocabulary.
	MinPrefix int `json:"minPrefix"`
	// Typo1 and Typo2 are the word lengths from which one and two edits
	// are forgiven.
	Typo1 int `json:"typo1"`
	Typo2 int `json:"typo2"`
	// Snippet is the length of a snippet in words, Lead the words kept
	// before the first match.
	Snippet int `json:"snippet"`
	Lead    int `json:"lead"`
	// Pin raises the section a synonym group points to above the best
	// other section: a glossary term's defining section above every
	// section, a thesaurus set's above every section reached only through
	// the set's other forms (a word the text has still wins).
	Pin float64 `json:"pin"`
	// MaxWords is the most query words considered: a pasted page of text
	// would otherwise cost a second per keystroke (each unknown word is
	// compared with every word of the index).
	MaxWords int `json:"maxWords"`
	// Entry weighs a glossary term or a calculator against a section of
	// the rules: their few words, all in a title, would otherwise rank
	// them above the sections that say the rule.
	Entry float64 `json:"entry"`
	// Here is the share of the best score, among the sections that match
	// as many query words, from which a section of the document being read
	// comes first: the same question has an answer in two games
	// ("blessé"), and the reader means the game on the page.
	Here float64 `json:"here"`
}

// DefaultParams are the constants Build writes.
var DefaultParams = Params{K1: 1.2, B: 0.75, Title: 3, Exact: 1, Prefix: 0.8, Typo: 0.6, Syn: 0.7,
	MinPrefix: 3, Typo1: 4, Typo2: 8, Snippet: 24, Lead: 3, Pin: 1.05, Entry: 0.5, MaxWords: 32, Here: 0.25}

// indexFile is the file format. Sections are parallel arrays (shorter than
// objects). Stems are not shipped: a stem is an index into Vocab and Post.
type indexFile struct {
	Version  int               `json:"v"`
	Lang     string            `json:"lang"`
	Word     string            `json:"word"`
	Apos     string            `json:"apos"`
	Elisions []string          `json:"elisions"`
	Fold     map[string]string `json:"fold"`
	Stop     []string          `json:"stop"`
	Params   Params            `json:"params"`
	// Docs holds [slug, title, kind] per document: kind "" for a rules
	// document, "glossary" or "calc" for the pages whose entries are
	// searchable too.
	Docs [][3]string `json:"docs"`
	// Per section: document, ID, own heading, parent section (-1 for a
	// top-level one), title-path and text lengths in indexed words, text.
	SecDoc    []int    `json:"sdoc"`
	SecID     []string `json:"sid"`
	SecTitle  []string `json:"stitle"`
	SecParent []int    `json:"sparent"`
	TitleLen  []int    `json:"tlen"`
	BodyLen   []int    `json:"blen"`
	Text      []string `json:"text"`
	// Vocab lists, per stem, the surface forms that reach it: surfaces are
	// separated by a space, stems by "|". Stems are sorted by their text so
	// that neighbours share prefixes and compress well.
	Vocab string `json:"vocab"`
	// Post holds, per stem, pairs (section gap, code) with code = 4 × text
	// frequency + title frequency (capped at 3).
	Post [][]int32 `json:"post"`
	// Syn holds synonym groups: lists of forms, a form a list of terms, a
	// term a stem number (a surface form of the text), a surface string
	// when no stem of this language's text matches it, or [stem, surface]
	// when the text has its stem but not that surface form.
	Syn [][][]any `json:"syn"`
	// SynAt holds, per synonym group, [section, pin]: the section the group
	// points to (-1: none) and how it is raised (pinTerm, pinSet).
	SynAt [][2]int `json:"synat"`
	// SynAnc holds, per synonym group, the anchor its target names
	// (fantasy#effect-blinded), or -1: a result for that section then
	// opens the anchor.
	SynAnc []int `json:"synanc"`
	// Questions holds question phrasings as [phrase, meaning] surface
	// forms, longest phrase first: "combien de temps" → "durée".
	Questions [][2][]string `json:"qmap"`
	// Per anchor (a rule named inside a section, {#effect-blinded}): its
	// section, ID, label ("Aveuglé") and the words of the section's text
	// it holds, [from, to) in the tokens of that text, so that a result
	// lands on the rule it matched rather than on its heading.
	AncSec   []int    `json:"asec"`
	AncID    []string `json:"aid"`
	AncTitle []string `json:"atitle"`
	AncSpan  [][2]int `json:"aspan"`
	// Split is a split index's own part (split.go); a single file has
	// none.
	Split json.RawMessage `json:"split,omitempty"`
}

// Pin kinds of a synonym group's section.
const (
	pinNone = 0
	pinSet  = 1 // above every section reached only through the group's other forms
	pinTerm = 2 // above every section: the glossary term's defining section
)

// maxTitleTF caps the title frequency so that it fits the code's two bits;
// no title path repeats a word more than that.
const maxTitleTF = 3

// Vocabulary is what an index knows beyond the documents' text.
type Vocabulary struct {
	// Glossary gives synonym groups (each term's forms in both
	// languages), each raised to the section that defines the term.
	Glossary *glossary.Glossary
	// Thesaurus gives the players' words and question phrasings.
	Thesaurus *glossary.Thesaurus
	// Entries are results other than sections (glossary terms,
	// calculators), per language.
	Entries map[string][]Entry
	// Languages are the site's languages, the original first: the order
	// of a glossary term's forms. BuildAll sets it from the site.
	Languages []string
}

// Entry is a searchable item of a page other than a rules document: a
// glossary term or a calculator.
type Entry struct {
	Kind     string // "glossary" or "calc"
	Doc      string // the page's slug: "glossary", "calculators"
	DocTitle string
	ID       string // the anchor on that page
	Title    string
	Text     string
	// Hidden are words that find the entry but are not shown in its
	// snippet: what players call such a thing ("calculateur", "odds").
	Hidden string
}

// Build builds one index per language of s with the vocabulary v. It
// returns the files by path relative to the site root, and each language's
// index path.
func Build(s *site.Site, v Vocabulary) (map[string][]byte, map[string]string, error) {
	ixs, err := BuildAll(s, v, nil)
	if err != nil {
		return nil, nil, err
	}
	return ixs.Files, ixs.Paths, nil
}

// BuildMemo is Build, analysing each text through memo when it is not nil
// (serve's rebuilds: an edit changes a few sections of hundreds).
func BuildMemo(s *site.Site, v Vocabulary, memo *Memo) (map[string][]byte, map[string]string, error) {
	ixs, err := BuildAll(s, v, memo)
	if err != nil {
		return nil, nil, err
	}
	return ixs.Files, ixs.Paths, nil
}

// Indexes are the search indexes of a site.
type Indexes struct {
	// Files are what the site serves, by path from the site root.
	Files map[string][]byte
	// Paths are each language's index address (a split index's
	// dictionary).
	Paths map[string]string
	// Whole is each language's index as one file, which a page that
	// cannot fetch (the single-file edition) carries; a language that
	// WithWhole leaves out has none when its index is split.
	Whole map[string][]byte
}

// An Option changes what BuildAll makes.
type Option func(*options)

type options struct {
	whole func(lang string) bool
}

// WithWhole makes Indexes.Whole only for the languages need accepts (by
// default, every language): a large index the site serves split is
// otherwise written as one file only for the single-file edition, and a
// site of more than a hundred documents has none: writing that file was
// serial CPU, for nothing, at 10,000 pages (docs/performance.md, "one JSON
// index only where needed").
func WithWhole(need func(lang string) bool) Option {
	return func(o *options) { o.whole = need }
}

// BuildAll is BuildMemo, with each language's index as one file too
// (Indexes.Whole; see WithWhole).
func BuildAll(s *site.Site, v Vocabulary, memo *Memo, opts ...Option) (*Indexes, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	defer memo.rotate()
	if v.Languages == nil {
		v.Languages = s.Codes()
	}
	ixs := &Indexes{Files: map[string][]byte{}, Paths: map[string]string{}, Whole: map[string][]byte{}}
	// One index per language, built in parallel: each is a function of its
	// language's documents alone.
	out := make([][]byte, len(s.Langs))
	dicts := make([][]byte, len(s.Langs))
	shards := make([]map[string][]byte, len(s.Langs))
	errs := make([]error, len(s.Langs))
	par.Each(len(s.Langs), func(i int) {
		f := buildLang(s.Langs[i], v, memo)
		if o.whole != nil && !o.whole(s.Langs[i].Code) && f.surelySplit() {
			dicts[i], shards[i], errs[i] = f.split()
			return
		}
		// Written once into memory of about the file's size (see
		// appendJSON). "&" as itself, not \u0026: the file is data, never
		// HTML.
		out[i], errs[i] = f.appendJSON(make([]byte, 0, f.sizeHint()))
		if errs[i] == nil && len(out[i]) > splitAbove {
			dicts[i], shards[i], errs[i] = f.split()
		}
	})
	for i, l := range s.Langs {
		if errs[i] != nil {
			return nil, errs[i]
		}
		name := IndexPath(l.Code)
		if out[i] != nil {
			ixs.Whole[l.Code] = out[i]
		}
		ixs.Paths[l.Code] = name
		if dicts[i] == nil {
			ixs.Files[name] = out[i]
			continue
		}
		ixs.Files[name] = dicts[i]
		for k, b := range shards[i] {
			ixs.Files[path.Join(path.Dir(name), k)] = b
		}
	}
	return ixs, nil
}

// surelySplit reports whether f's JSON is sure to be longer than
// splitAbove without writing it: sizeHint counts each posting number at 4
// bytes where the JSON has at least 2 (a digit and a comma) and the texts
// as they are where the JSON has them quoted, so the JSON is at least
// about half of the hint (TestSurelySplit holds it).
func (f *indexFile) surelySplit() bool { return f.sizeHint() >= 4*splitAbove }

// sizeHint is about the length of f's JSON, a little over: its texts and
// titles as they are, and its postings at 4 bytes a number (most are small
// gaps and counts).
func (f *indexFile) sizeHint() int {
	n := 4096 + len(f.Vocab)
	for _, t := range f.Text {
		n += len(t) + 3
	}
	for _, t := range f.SecTitle {
		n += len(t) + 3
	}
	for _, p := range f.Post {
		n += 4*len(p) + 3
	}
	return n + n/16
}

// IndexPath is where a language's index is, from the site root. The
// name stays from one build to the next (pages are served "no-cache" and
// the page fetches it revalidating): named by its content, as it once
// was, every page of both languages, which name both indexes, changed
// with any sentence, and a one-paragraph edit rewrote and recompressed
// the whole site (most of serve's live reload on the real site; and
// every page for a reader's offline copy to download again).
func IndexPath(lang string) string { return lang + "/search.json" }

// TopID is the ID of a result that opens a document at its top: its title
// and a preamble with no anchor. A page's "#top" is its top (the HTML
// standard's own fragment; no element carries it), and the single-file
// edition maps slug#top to the document's place in it.
const TopID = "top"

func buildLang(l *site.Lang, v Vocabulary, memo *Memo) *indexFile {
	f := &indexFile{
		Version: formatVersion, Lang: l.Code, Word: wordPattern, Apos: apostrophes,
		Elisions: elisions, Fold: foldMap, Stop: stopWords[l.Code], Params: DefaultParams,
	}
	if f.Stop == nil {
		f.Stop = []string{}
	}
	// Postings are appended section by section, in order: a stem's last
	// posting is the current section's or none (a map per stem was a
	// sixth of the index's time at 1,000 pages). The postings are the
	// largest part of the index's memory at 10,000 pages
	// (docs/performance.md, "memory at 10,000 pages"), so a posting is as
	// small as its values allow: int32 section numbers (a section past
	// 2^31 would need a text larger than any site's) and 16-bit counts,
	// since a count saturating at 65,535 changes no score: BM25's term
	// frequency saturates long before (Params.K1), and a title's is capped
	// at maxTitleTF.
	type posting struct {
		sec         int32
		body, title uint16
	}
	post := map[string][]posting{}
	// surface → its stems and their occurrences. Nearly every surface
	// form has one stem: it is kept inline, and a map made only for a
	// surface that two stems reach (a map per surface was a third of
	// this loop's time at 10,000 pages, where it is serial work).
	type surfStat struct {
		stem   string
		n      int
		others map[string]int
	}
	surfStems := map[string]*surfStat{}
	addTerms := func(sec int, terms []Term, title bool) int {
		for _, t := range terms {
			ps := post[t.Stem]
			if len(ps) == 0 || ps[len(ps)-1].sec != int32(sec) {
				ps = append(ps, posting{sec: int32(sec)})
				post[t.Stem] = ps
			}
			p := &ps[len(ps)-1]
			if title && p.title < math.MaxUint16 {
				p.title++
			} else if !title && p.body < math.MaxUint16 {
				p.body++
			}
			switch ss := surfStems[t.Surface]; {
			case ss == nil:
				surfStems[t.Surface] = &surfStat{stem: t.Stem, n: 1}
			case ss.stem == t.Stem:
				ss.n++
			default:
				if ss.others == nil {
					ss.others = map[string]int{}
				}
				ss.others[t.Stem]++
			}
		}
		return len(terms)
	}
	// anchors waits for the texts in their stored form: [doc, section].
	type pendingAnchor struct {
		doc *site.Doc
		a   *site.Anchor
		sec int
	}
	var anchors []pendingAnchor
	for di, d := range l.Docs {
		// Results name the game ("GN fantasy — Règles"), not the source's
		// title, which does not say it.
		name := d.Short
		if name == "" {
			name = d.Title
		}
		f.Docs = append(f.Docs, [3]string{d.Slug, name, ""})
		// The document's title and preamble are searched as a section of
		// their own: a player finds a document by its name ("alchemy"),
		// and a rule its preamble states. A preamble with an anchor
		// ({#cycle} at its start) opens at it; any other opens the top of
		// the page (TopID).
		id := TopID
		for _, a := range d.Anchors {
			if a.Section == "" && d.Intro != "" {
				id = a.ID
				break
			}
		}
		f.SecDoc = append(f.SecDoc, di)
		f.SecID = append(f.SecID, id)
		f.SecTitle = append(f.SecTitle, d.Title)
		f.SecParent = append(f.SecParent, -1)
		f.Text = append(f.Text, d.Intro)
		type open struct{ sec, level int }
		var stack []open // the headings above the current one
		for _, s := range d.Sections {
			for len(stack) > 0 && stack[len(stack)-1].level >= s.Level {
				stack = stack[:len(stack)-1]
			}
			parent := -1
			if len(stack) > 0 {
				parent = stack[len(stack)-1].sec
			}
			sec := len(f.SecID)
			f.SecDoc = append(f.SecDoc, di)
			f.SecID = append(f.SecID, s.ID)
			f.SecTitle = append(f.SecTitle, s.Title)
			f.SecParent = append(f.SecParent, parent)
			f.Text = append(f.Text, s.Text)
			stack = append(stack, open{sec, s.Level})
		}
		first := len(f.SecID) - len(d.Sections)
		for _, a := range d.Anchors {
			for i, s := range d.Sections {
				if a.Section != "" && s.ID == a.Section {
					anchors = append(anchors, pendingAnchor{d, a, first + i})
					break
				}
			}
		}
	}
	// The documents' titles and texts as the index stores them, on every
	// core: the search index is the build's longest path.
	par.Each(len(f.Text), func(i int) {
		f.SecTitle[i], f.Text[i] = plain(f.SecTitle[i]), plain(f.Text[i])
	})
	f.AncSec, f.AncID, f.AncTitle, f.AncSpan = []int{}, []string{}, []string{}, [][2]int{}
	var lastSec, cursor int
	var secToks []token
	for i, pa := range anchors {
		if i == 0 || pa.sec != lastSec {
			lastSec, cursor = pa.sec, 0
			secToks = defaultTokenizer.tokens(f.Text[pa.sec])
		}
		text := plain(anchorText(string(pa.doc.Body), pa.a.ID))
		from, to, ok := locate(secToks, defaultTokenizer.tokens(text), cursor)
		if !ok {
			continue // not found in its section's text: results open the section
		}
		cursor = from + 1
		f.AncSec = append(f.AncSec, pa.sec)
		f.AncID = append(f.AncID, pa.a.ID)
		f.AncTitle = append(f.AncTitle, anchorLabel(text))
		f.AncSpan = append(f.AncSpan, [2]int{from, to})
	}
	// Glossary terms and calculators, after the documents: one
	// pseudo-document per page that lists them.
	hidden := map[int]string{}
	for _, e := range v.Entries[l.Code] {
		if e.Hidden != "" {
			hidden[len(f.SecID)] = e.Hidden
		}
		di := len(f.Docs) - 1
		if di < 0 || f.Docs[di][0] != e.Doc {
			f.Docs = append(f.Docs, [3]string{e.Doc, e.DocTitle, e.Kind})
			di++
		}
		f.SecDoc = append(f.SecDoc, di)
		f.SecID = append(f.SecID, e.ID)
		f.SecTitle = append(f.SecTitle, plain(e.Title))
		f.SecParent = append(f.SecParent, -1)
		f.Text = append(f.Text, plain(e.Text))
	}
	// Analysis, the costly part, runs on every core; the postings are
	// then added in section order, so the index does not depend on the
	// scheduling. A window of sections at a time: the terms of every
	// section at once grow with the site, alive while the pages render
	// beside the index.
	n := len(f.SecID)
	const window = 2048
	titleTerms, bodyTerms := make([][]Term, min(n, window)), make([][]Term, min(n, window))
	for first := 0; first < n; first += window {
		count := min(window, n-first)
		par.Each(count, func(i int) {
			sec := first + i
			titleTerms[i] = memo.analyze(l.Code, f.titlePath(sec))
			text := f.Text[sec]
			if h, ok := hidden[sec]; ok {
				// Indexed, not shipped: the page never analyses a text,
				// it only cuts snippets from it.
				text += " " + h
			}
			bodyTerms[i] = memo.analyze(l.Code, text)
		})
		for i := range count {
			f.TitleLen = append(f.TitleLen, addTerms(first+i, titleTerms[i], true))
			f.BodyLen = append(f.BodyLen, addTerms(first+i, bodyTerms[i], false))
			titleTerms[i], bodyTerms[i] = nil, nil
		}
	}

	// A surface form reached by two stems (rare: two accented words that
	// fold alike) keeps the more frequent one.
	surfStem := map[string]string{}
	for surf, ss := range surfStems {
		best, n := ss.stem, ss.n
		for st, c := range ss.others {
			if c > n || c == n && st < best {
				best, n = st, c
			}
		}
		surfStem[surf] = best
	}
	stems := make([]string, 0, len(post))
	for st := range post {
		stems = append(stems, st)
	}
	sort.Strings(stems)
	stemID := map[string]int{}
	for i, st := range stems {
		stemID[st] = i
	}
	bySurf := make([][]string, len(stems))
	for surf, st := range surfStem {
		bySurf[stemID[st]] = append(bySurf[stemID[st]], surf)
	}
	groupsText := make([]string, len(stems))
	f.Post = make([][]int32, len(stems))
	for i, st := range stems {
		sort.Strings(bySurf[i])
		groupsText[i] = strings.Join(bySurf[i], " ")
		var last int32
		ps := post[st]
		// Sized once: grown by appending, these were a third of the
		// index's copying at 1,000 pages. 32 bits (see posting), and each
		// stem's postings dropped once written, so that the two copies do
		// not both stay alive.
		f.Post[i] = make([]int32, 0, 2*len(ps))
		for _, p := range ps {
			f.Post[i] = append(f.Post[i], p.sec-last, int32(4*int(p.body)+min(int(p.title), maxTitleTF)))
			last = p.sec
		}
		delete(post, st)
	}
	f.Vocab = strings.Join(groupsText, "|")
	groups := synonymGroups(l.Code, v.Languages, v)
	// A group may point to a rule named inside a section (an anchor): its
	// section is the one raised.
	secs := f.sectionIndex()
	for _, d := range l.Docs {
		for _, a := range d.Anchors {
			if sec, ok := secs[d.Slug+"#"+a.Section]; ok && a.Section != "" {
				secs[d.Slug+"#"+a.ID] = sec
			}
		}
	}
	f.Syn, f.SynAt, f.SynAnc = synonyms(l.Code, groups, surfStem, stemID, secs, f.anchorIndex())
	f.Questions = questions(l.Code, v.Thesaurus)
	return f
}

// sectionIndex maps "slug#id" to its section number.
func (f *indexFile) sectionIndex() map[string]int {
	m := make(map[string]int, len(f.SecID))
	for i, id := range f.SecID {
		k := f.Docs[f.SecDoc[i]][0] + "#" + id
		if _, dup := m[k]; !dup {
			m[k] = i
		}
	}
	return m
}

// questions returns lang's question phrasings as surface forms, the
// longest phrase first (then in the file's order), so that "combien de
// temps" is replaced before "combien de".
func questions(lang string, th *glossary.Thesaurus) [][2][]string {
	out := [][2][]string{}
	if th == nil {
		return out
	}
	for _, q := range th.Questions[lang] {
		var from, to []string
		for _, tk := range defaultTokenizer.tokens(norm.NFC.String(q.Phrase)) {
			from = append(from, tk.surface)
		}
		for _, tk := range defaultTokenizer.tokens(norm.NFC.String(q.Means)) {
			to = append(to, tk.surface)
		}
		if len(from) == 0 {
			continue
		}
		if to == nil {
			to = []string{}
		}
		out = append(out, [2][]string{from, to})
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i][0]) > len(out[j][0]) })
	return out
}

// plain returns a section's title or text as the index stores it: NFC, so
// that offsets and stems do not depend on how the source was typed, and
// without the HTML entities that goldmark's typographer leaves in the page
// model's plain text (&rsquo;, &ldquo;…).
func plain(s string) string {
	return norm.NFC.String(html.UnescapeString(s))
}

// titlePath joins the headings from the top-level section down to sec.
func (f *indexFile) titlePath(sec int) string {
	var parts []string
	for s := sec; s >= 0; s = f.SecParent[s] {
		parts = append(parts, f.SecTitle[s])
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, titleSep)
}

// synonyms resolves each group's forms against this language's vocabulary:
// a word is its stem number when its surface form occurs in the text or its
// stem does, and otherwise its surface form, which a query can still type
// (an English form in the French index). Forms are analysed with this
// language's stop words, as queries on this index are. Groups in which no
// form could ever match a section, and that point to no section, are
// dropped. It returns the groups and, per group, [section, pin].
func synonyms(lang string, groups []SynonymGroup, surfStem map[string]string, stemID map[string]int, secs, ancs map[string]int) ([][][]any, [][2]int, []int) {
	stop := stopSet(lang)
	out := [][][]any{}
	at := [][2]int{}
	anc := []int{}
	for _, g := range groups {
		var forms [][]any
		seen := map[string]bool{}
		useful := false
		for _, form := range g.Forms {
			var terms []any
			resolved := true
			for _, tk := range defaultTokenizer.tokens(norm.NFC.String(form)) {
				if stop[tk.surface] {
					continue
				}
				if st, ok := surfStem[tk.surface]; ok {
					terms = append(terms, stemID[st])
				} else if id, ok := stemID[stemMemo(lang, tk.word)]; ok {
					// The text has the stem but not this form: a query
					// types the form (the page has no stemmer), the
					// expansion looks for the stem.
					terms = append(terms, []any{id, tk.surface})
				} else {
					terms = append(terms, tk.surface)
					resolved = false
				}
			}
			if len(terms) == 0 {
				continue
			}
			key, _ := json.Marshal(terms)
			if seen[string(key)] {
				continue
			}
			seen[string(key)] = true
			forms = append(forms, terms)
			useful = useful || resolved
		}
		sec, ok := secs[g.Section]
		if !ok || g.Pin == pinNone {
			sec = -1
		}
		if len(forms) > 1 && useful || len(forms) > 0 && sec >= 0 {
			out = append(out, forms)
			pin := g.Pin
			if sec < 0 {
				pin = pinNone
			}
			at = append(at, [2]int{sec, pin})
			a, ok := ancs[g.Section]
			if !ok || sec < 0 {
				a = -1
			}
			anc = append(anc, a)
		}
	}
	return out, at, anc
}

// anchorIndex maps "slug#anchor" to the anchor's number.
func (f *indexFile) anchorIndex() map[string]int {
	m := make(map[string]int, len(f.AncID))
	for i, id := range f.AncID {
		m[f.Docs[f.SecDoc[f.AncSec[i]]][0]+"#"+id] = i
	}
	return m
}

// anchorText returns the text of the element of body whose id is id (a
// list item or a paragraph), without its copy-link control, or "". Blocks
// inside it are separated by a space.
func anchorText(body, id string) string {
	at := strings.Index(body, ` id="`+id+`"`)
	if at < 0 {
		return ""
	}
	open := strings.LastIndexByte(body[:at], '<')
	if open < 0 {
		return ""
	}
	tag := body[open+1 : at]
	if i := strings.IndexByte(tag, ' '); i >= 0 {
		tag = tag[:i]
	}
	start := strings.IndexByte(body[at:], '>')
	if start < 0 {
		return ""
	}
	start += at + 1
	// The element ends at its closing tag, past those of the same name
	// nested in it (a list in a list item).
	depth, end := 1, len(body)
	for i := start; i < len(body); i++ {
		if body[i] != '<' {
			continue
		}
		rest := body[i+1:]
		switch {
		case strings.HasPrefix(rest, "/"+tag+">"):
			depth--
		case strings.HasPrefix(rest, tag+">") || strings.HasPrefix(rest, tag+" "):
			depth++
		}
		if depth == 0 {
			end = i
			break
		}
	}
	inner := body[start:end]
	var b strings.Builder
	for len(inner) > 0 {
		lt := strings.IndexByte(inner, '<')
		if lt < 0 {
			b.WriteString(inner)
			break
		}
		b.WriteString(inner[:lt])
		inner = inner[lt:]
		if strings.HasPrefix(inner, `<a class="anchor-link"`) || strings.HasPrefix(inner, `<a class="heading-link"`) {
			if e := strings.Index(inner, "</a>"); e >= 0 {
				inner = inner[e+len("</a>"):]
				continue
			}
		}
		gt := strings.IndexByte(inner, '>')
		if gt < 0 {
			break
		}
		name := strings.TrimPrefix(inner[1:gt], "/")
		if i := strings.IndexAny(name, " /"); i >= 0 {
			name = name[:i]
		}
		switch name {
		case "p", "li", "ul", "ol", "br", "div", "table", "tr", "td", "th", "pre", "blockquote":
			b.WriteByte(' ') // a block ends a word; an inline element does not
		}
		inner = inner[gt+1:]
	}
	return b.String()
}

// locate finds the words of an anchor, want, in its section's words, toks,
// from the word at: by its first words (a few are enough to tell two rules
// of a list apart), then spanning as many words as it has.
func locate(toks, want []token, at int) (from, to int, ok bool) {
	k := min(len(want), 6)
	if k == 0 {
		return 0, 0, false
	}
	for p := at; p+k <= len(toks); p++ {
		same := true
		for j := 0; j < k; j++ {
			if toks[p+j].surface != want[j].surface {
				same = false
				break
			}
		}
		if same {
			return p, min(p+len(want), len(toks)), true
		}
	}
	return 0, 0, false
}

// anchorLabel returns the name of the rule an anchor's text states before
// its colon ("Aveuglé : quand vous…" → "Aveuglé"), or its first words.
func anchorLabel(text string) string {
	text = strings.TrimSpace(text)
	if i := strings.IndexAny(text, ":："); i > 0 && utf8.RuneCountInString(text[:i]) <= 48 {
		return strings.TrimSpace(strings.TrimRight(text[:i], " \u00a0\u202f"))
	}
	fields := strings.Fields(text)
	if len(fields) > 5 {
		fields = fields[:5]
		return strings.Join(fields, " ") + "…"
	}
	return strings.Join(fields, " ")
}

// errFormat reports an index this code cannot read.
var errFormat = errors.New("search: not a search index of format version 2 (one file) or 3 (split)")
