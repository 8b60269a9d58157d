// Package search builds the compendium's search index at build time and
// answers queries from it, for the command line and the tests. The browser
// runs the same query algorithm in theme/js/search.js, against the same
// index file: the index carries every table the query side needs (the word
// pattern, elisions, diacritic folding, stop words, the vocabulary of surface
// forms with their stems, ranking parameters), so that no stemmer and no
// language knowledge is shipped in JavaScript.
//
// The unit of search is a section, per language. The index of a language is
// one JSON file named by a hash of its content (assets/search-fr-HASH.json).
package search

import (
	"bytes"
	"crypto/sha256"
	"encoding/base32"
	"encoding/json"
	"errors"
	"html"
	"sort"
	"strings"

	"golang.org/x/text/unicode/norm"

	"compendium/generator/par"
	"compendium/generator/site"
)

// formatVersion changes whenever the file layout changes, so that a stale
// script never misreads a new index.
const formatVersion = 1

// titleSep joins the headings of a title path.
const titleSep = " › "

// Params are the ranking and matching constants. They travel in the index so
// that search.js reads them instead of repeating them.
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
}

// DefaultParams are the constants Build writes.
var DefaultParams = Params{K1: 1.2, B: 0.75, Title: 3, Exact: 1, Prefix: 0.8, Typo: 0.6, Syn: 0.7,
	MinPrefix: 3, Typo1: 4, Typo2: 8, Snippet: 24, Lead: 3}

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
	// Docs holds [slug, title] per document.
	Docs [][2]string `json:"docs"`
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
	Post [][]int `json:"post"`
	// Syn holds synonym groups: lists of forms, a form a list of terms, a
	// term a stem number, or a surface string when no stem of this
	// language's text matches it.
	Syn [][][]any `json:"syn"`
}

// maxTitleTF caps the title frequency so that it fits the code's two bits;
// no title path repeats a word more than that.
const maxTitleTF = 3

// Build builds one index per language of s, with the synonym groups of the
// glossary at glossaryPath (which may be missing). It returns the files by
// path relative to the site root, and each language's index path.
func Build(s *site.Site, glossaryPath string) (map[string][]byte, map[string]string, error) {
	groups, err := LoadGlossary(glossaryPath)
	if err != nil {
		return nil, nil, err
	}
	files := map[string][]byte{}
	paths := map[string]string{}
	// One index per language, built in parallel: each is a function of its
	// language's documents alone.
	out := make([][]byte, len(s.Langs))
	errs := make([]error, len(s.Langs))
	par.Each(len(s.Langs), func(i int) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false) // "&" as itself, not \u0026: the file is data, never HTML
		errs[i] = enc.Encode(buildLang(s.Langs[i], groups))
		out[i] = bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	})
	for i, l := range s.Langs {
		if errs[i] != nil {
			return nil, nil, errs[i]
		}
		sum := sha256.Sum256(out[i])
		name := "assets/search-" + l.Code + "-" + base32.StdEncoding.EncodeToString(sum[:])[:8] + ".json"
		files[name] = out[i]
		paths[l.Code] = name
	}
	return files, paths, nil
}

func buildLang(l *site.Lang, groups []SynonymGroup) *indexFile {
	f := &indexFile{
		Version: formatVersion, Lang: l.Code, Word: wordPattern, Apos: apostrophes,
		Elisions: elisions, Fold: foldMap, Stop: stopWords[l.Code], Params: DefaultParams,
	}
	if f.Stop == nil {
		f.Stop = []string{}
	}
	// Postings are appended section by section, in order: a stem's last
	// posting is the current section's or none (a map per stem was a
	// sixth of the index's time at 1,000 pages).
	type posting struct{ sec, body, title int }
	post := map[string][]posting{}
	// surface → stem → occurrences.
	surfStems := map[string]map[string]int{}
	addTerms := func(sec int, terms []Term, title bool) int {
		for _, t := range terms {
			ps := post[t.Stem]
			if len(ps) == 0 || ps[len(ps)-1].sec != sec {
				ps = append(ps, posting{sec: sec})
				post[t.Stem] = ps
			}
			p := &ps[len(ps)-1]
			if title {
				p.title++
			} else {
				p.body++
			}
			ss := surfStems[t.Surface]
			if ss == nil {
				ss = map[string]int{}
				surfStems[t.Surface] = ss
			}
			ss[t.Stem]++
		}
		return len(terms)
	}
	for di, d := range l.Docs {
		// Results name the game ("GN fantasy — Règles"), not the source's
		// title, which does not say it.
		name := d.Short
		if name == "" {
			name = d.Title
		}
		f.Docs = append(f.Docs, [2]string{d.Slug, name})
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
			f.SecTitle = append(f.SecTitle, plain(s.Title))
			f.SecParent = append(f.SecParent, parent)
			f.Text = append(f.Text, plain(s.Text))
			stack = append(stack, open{sec, s.Level})
		}
	}
	// Analysis, the costly part, runs on every core; the postings are
	// then added in section order, so the index does not depend on the
	// scheduling.
	n := len(f.SecID)
	titleTerms, bodyTerms := make([][]Term, n), make([][]Term, n)
	par.Each(n, func(sec int) {
		titleTerms[sec] = Analyze(l.Code, f.titlePath(sec))
		bodyTerms[sec] = Analyze(l.Code, f.Text[sec])
	})
	for sec := range n {
		f.TitleLen = append(f.TitleLen, addTerms(sec, titleTerms[sec], true))
		f.BodyLen = append(f.BodyLen, addTerms(sec, bodyTerms[sec], false))
	}

	// A surface form reached by two stems (rare: two accented words that
	// fold alike) keeps the more frequent one.
	surfStem := map[string]string{}
	for surf, stems := range surfStems {
		best, n := "", -1
		for st, c := range stems {
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
	f.Post = make([][]int, len(stems))
	for i, st := range stems {
		sort.Strings(bySurf[i])
		groupsText[i] = strings.Join(bySurf[i], " ")
		last := 0
		for _, p := range post[st] {
			f.Post[i] = append(f.Post[i], p.sec-last, 4*p.body+min(p.title, maxTitleTF))
			last = p.sec
		}
	}
	f.Vocab = strings.Join(groupsText, "|")
	f.Syn = synonyms(l.Code, groups, surfStem, stemID)
	return f
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
// form could ever match a section are dropped.
func synonyms(lang string, groups []SynonymGroup, surfStem map[string]string, stemID map[string]int) [][][]any {
	stop := stopSet(lang)
	out := [][][]any{}
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
				} else if id, ok := stemID[Stem(lang, tk.word)]; ok {
					terms = append(terms, id)
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
		if len(forms) > 1 && useful {
			out = append(out, forms)
		}
	}
	return out
}

// errFormat reports an index this code cannot read.
var errFormat = errors.New("search: not a search index of format version 1")
