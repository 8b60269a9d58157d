// Paired with theme/js/page/searchquery.js (and searchindex.js for LoadSplit):
// the query here (LoadSplit, QueryIn and its words, candidates, ranking,
// anchors and snippets) is ported there line by line; change one, change
// the other. TestSearchParity (generator/e2e/search_test.go) holds them
// equal, both run on the same index and queries at test time.

package search

import (
	"encoding/json"
	"errors"
	"math"
	"sort"
	"strings"
	"unicode/utf8"
)

// Index is a loaded index file, ready to answer queries. Its algorithm is
// mirrored line by line in theme/js/page/searchquery.js: change one, change the
// other, and run the parity test.
type Index struct {
	Lang string
	f    *indexFile
	p    Params
	tok  *tokenizer
	stop map[string]bool
	// vocab maps a surface form to its stem; surfaces lists them sorted,
	// for prefix search, with their runes for the edit distance.
	vocab     map[string]int
	surfaces  []string
	surfRunes [][]rune
	post      [][]posting
	avgBody   float64
	avgTitle  float64
	paths     []string
	syn       [][][]synTerm
	synAt     [][2]int
	synAnc    []int
	questions [][2][]string
	// anchors lists, per section, the numbers of the anchors in it (f's
	// AncSec, AncID, AncTitle, AncSpan); labelLen is each anchor's label
	// in words.
	anchors  map[int][]int
	labelLen []int
	// sec maps "slug#id" to its section, for results found through the
	// other language (a split index has no table of its sections: its
	// results found through the other language show in that language).
	sec map[string]int
	// n is the number of sections, df each stem's number of sections.
	n  int
	df []int
	// A split index's sections: those of glossary and calculator pages
	// ([from, to) runs) and the records of those a query can show.
	split   bool
	entries [][2]int
	recs    map[int]record
}

// posting is a stem's occurrences in a section, with the section's
// lengths (a split index has no table of them).
type posting struct {
	sec, body, title, blen, tlen int
}

// synTerm is a word of a synonym form: a stem of this index (a query word
// matches it through its surface form's stem), a surface form a query
// matches as typed, or both.
type synTerm struct {
	stem int
	surf string
}

// Result is one section found by a query.
type Result struct {
	Lang string
	// Kind is "" for a section of the rules, "glossary" for a glossary
	// term, "calc" for a calculator.
	Kind string
	Slug string
	ID   string
	// Anchor is the rule named inside the section that the result opens
	// ("effect-blinded"), or "": the words it matched are in that rule,
	// or the synonym it matched names it. AnchorTitle is the rule's name
	// ("Aveuglé").
	Anchor      string
	AnchorTitle string
	URL         string // relative to the language root: "fantasy/#armor", "fantasy/#effect-blinded"
	DocTitle    string
	TitlePath   string // "2.4. L’armure", parent headings first
	// Snippet is an excerpt of the section's text; Marks are the byte
	// ranges in it of the words that matched.
	Snippet string
	Marks   [][2]int
	Score   float64
	// Matched is how many query words the section matched.
	Matched int
	// Via is the language whose index found this result, when it is not
	// the result's own: the query was typed in the other language.
	Via string
}

// Marked returns the snippet with each matched word between open and close.
func (r Result) Marked(open, close string) string {
	var b strings.Builder
	last := 0
	for _, m := range r.Marks {
		b.WriteString(r.Snippet[last:m[0]])
		b.WriteString(open)
		b.WriteString(r.Snippet[m[0]:m[1]])
		b.WriteString(close)
		last = m[1]
	}
	b.WriteString(r.Snippet[last:])
	return b.String()
}

// Where returns where the result lands and its title path: slug#id and
// the section's headings ("fantasy#armor", "2.4. L’armure"), or, when it
// opens a rule named inside the section, slug#anchor and the headings
// followed by the rule's name ("fantasy#effect-blinded", "2.8. Les effets
// › Aveuglé").
func (r Result) Where() (at, path string) {
	if r.Anchor != "" {
		return r.Slug + "#" + r.Anchor, r.TitlePath + titleSep + r.AnchorTitle
	}
	return r.Slug + "#" + r.ID, r.TitlePath
}

// Load reads an index file written by Build (a single file: a split
// index needs LoadSplit).
func Load(b []byte) (*Index, error) { return LoadSplit(b, nil) }

// LoadSplit reads an index written by Build: b is the file at the index's
// address, and fetch reads the other files of a split index.
func LoadSplit(b []byte, fetch Fetch) (*Index, error) {
	var f indexFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	split := f.Version == splitFormat && f.Split != nil
	if f.Version != formatVersion && !split {
		return nil, errFormat
	}
	n := len(f.SecID)
	if len(f.SecDoc) != n || len(f.SecTitle) != n || len(f.SecParent) != n || len(f.TitleLen) != n || len(f.BodyLen) != n || len(f.Text) != n {
		return nil, errors.New("search: section arrays of different lengths")
	}
	tok, err := newTokenizer(f.Word, f.Apos, f.Elisions, f.Fold)
	if err != nil {
		return nil, err
	}
	ix := &Index{Lang: f.Lang, f: &f, p: f.Params, tok: tok, stop: map[string]bool{}, vocab: map[string]int{}}
	for _, w := range f.Stop {
		ix.stop[w] = true
	}
	groups := strings.Split(f.Vocab, "|")
	if f.Vocab == "" {
		groups = nil
	}
	if !split && len(groups) != len(f.Post) {
		return nil, errors.New("search: vocabulary and postings of different lengths")
	}
	for id, g := range groups {
		for _, s := range strings.Split(g, " ") {
			ix.vocab[s] = id
			ix.surfaces = append(ix.surfaces, s)
		}
	}
	sort.Strings(ix.surfaces)
	for _, s := range ix.surfaces {
		ix.surfRunes = append(ix.surfRunes, []rune(s))
	}
	ix.n = n
	if split {
		ix.post = make([][]posting, len(groups))
		if err := ix.loadSplit(f.Split, fetch); err != nil {
			return nil, err
		}
		ix.split = true
		return ix.loadSynonyms(&f)
	}
	ix.post = make([][]posting, len(f.Post))
	ix.df = make([]int, len(f.Post))
	for id, pl := range f.Post {
		sec := 0
		for i := 0; i+1 < len(pl); i += 2 {
			sec += int(pl[i])
			if sec < 0 || sec >= n {
				return nil, errors.New("search: posting out of range")
			}
			code := int(pl[i+1])
			ix.post[id] = append(ix.post[id], posting{sec: sec, body: code / 4, title: code % 4, blen: f.BodyLen[sec], tlen: f.TitleLen[sec]})
		}
		ix.df[id] = len(ix.post[id])
	}
	for i := 0; i < n; i++ {
		if p := f.SecParent[i]; p >= i || p < -1 || f.SecDoc[i] < 0 || f.SecDoc[i] >= len(f.Docs) {
			return nil, errors.New("search: bad section parent or document")
		}
	}
	ix.avgBody, ix.avgTitle = f.meanLengths()
	for i := 0; i < n; i++ {
		ix.paths = append(ix.paths, f.titlePath(i))
	}
	ix.sec = f.sectionIndex()
	return ix.loadSynonyms(&f)
}

// loadSynonyms reads f's synonym groups and question phrasings into ix.
func (ix *Index) loadSynonyms(f *indexFile) (*Index, error) {
	n := ix.n
	if ix.sec == nil {
		ix.sec = map[string]int{}
	}
	if len(f.SynAt) != len(f.Syn) {
		return nil, errors.New("search: synonym groups and their sections of different lengths")
	}
	for _, a := range f.SynAt {
		if a[0] < -1 || a[0] >= n {
			return nil, errors.New("search: synonym section out of range")
		}
	}
	ix.synAt = f.SynAt
	ix.synAnc = f.SynAnc
	if ix.synAnc == nil {
		ix.synAnc = make([]int, len(f.SynAt))
		for i := range ix.synAnc {
			ix.synAnc[i] = -1
		}
	}
	na := len(f.AncSec)
	if len(ix.synAnc) != len(f.SynAt) || len(f.AncID) != na || len(f.AncTitle) != na || len(f.AncSpan) != na {
		return nil, errors.New("search: anchor arrays of different lengths")
	}
	for _, a := range ix.synAnc {
		if a < -1 || a >= na {
			return nil, errors.New("search: synonym anchor out of range")
		}
	}
	ix.anchors = map[int][]int{}
	for i, sec := range f.AncSec {
		if sec < 0 || sec >= n || f.AncSpan[i][0] < 0 || f.AncSpan[i][1] < f.AncSpan[i][0] {
			return nil, errors.New("search: anchor out of range")
		}
		ix.anchors[sec] = append(ix.anchors[sec], i)
		ix.labelLen = append(ix.labelLen, len(ix.tok.tokens(f.AncTitle[i])))
	}
	ix.questions = f.Questions
	for _, g := range f.Syn {
		var forms [][]synTerm
		for _, form := range g {
			var terms []synTerm
			for _, t := range form {
				st := synTerm{stem: -1}
				switch v := t.(type) {
				case float64:
					st.stem = int(v)
				case string:
					st.surf = v
				case []any:
					if len(v) != 2 {
						return nil, errors.New("search: bad synonym term")
					}
					n, ok1 := v[0].(float64)
					surf, ok2 := v[1].(string)
					if !ok1 || !ok2 {
						return nil, errors.New("search: bad synonym term")
					}
					st.stem, st.surf = int(n), surf
				default:
					return nil, errors.New("search: bad synonym term")
				}
				if st.stem < -1 || st.stem >= len(ix.post) || st.stem == -1 && st.surf == "" {
					return nil, errors.New("search: synonym stem out of range")
				}
				terms = append(terms, st)
			}
			forms = append(forms, terms)
		}
		ix.syn = append(ix.syn, forms)
	}
	return ix, nil
}

// queryWord is a word of the query and how it reaches the index: candidate
// stems with the weight of their match.
type queryWord struct {
	surface string
	last    bool // the word being typed: prefix matching applies
	// soft marks a word a question phrasing stands for ("combien de
	// temps" → "durée") that the rules use: it adds to a section's score
	// but is not a word the section must match. Counted as one, a section
	// stating any duration matched "combien de temps dure l’agonie" as
	// well as the one on the dying state. A meaning no rule uses
	// ("glossaire", which only glossary terms have) names the kind of
	// result wanted, and counts.
	soft  bool
	cands map[int]float64
	order []int // cands' stems in insertion order, for a stable snippet
}

// window is a run of query words [from, to) that synonym groups matched,
// with, per section, the best score of their other forms (exp).
type window struct {
	from, to int
	exp      []float64
}

// synMatch is a synonym group matched by the query words [from, to).
type synMatch struct {
	group, from, to int
	matched         map[int]bool // forms that matched, not looked up again
}

// words analyses the query: the index's tokenizer, question phrasings
// replaced by what they mean, stop words dropped. The last word is being
// typed when the query does not end with a separator (and is not part of a
// question phrasing).
func (ix *Index) words(q string) []*queryWord {
	toks := ix.tok.tokens(q)
	typing := len(toks) > 0 && toks[len(toks)-1].end == len(q)
	var ws []*queryWord
	add := func(surface string, last, soft bool) {
		if !ix.stop[surface] {
			ws = append(ws, &queryWord{surface: surface, last: last, soft: soft, cands: map[int]float64{}})
		}
	}
	for i := 0; i < len(toks); {
		k := ix.question(toks, i)
		if k < 0 {
			add(toks[i].surface, typing && i == len(toks)-1, false)
			i++
			continue
		}
		for _, s := range ix.questions[k][1] {
			add(s, false, true)
		}
		i += len(ix.questions[k][0])
	}
	if len(ws) > ix.p.MaxWords {
		ws = ws[:ix.p.MaxWords]
	}
	return ws
}

// question returns the first question phrasing (the longest) that the
// tokens from i start with, or -1.
func (ix *Index) question(toks []token, i int) int {
	for k, qm := range ix.questions {
		from := qm[0]
		if i+len(from) > len(toks) {
			continue
		}
		ok := true
		for j, s := range from {
			if toks[i+j].surface != s {
				ok = false
				break
			}
		}
		if ok {
			return k
		}
	}
	return -1
}

// candidates finds the stems a word reaches: its own surface form (exact);
// for the word being typed, every surface form it starts (prefix); and, when
// neither found anything, the nearest surface forms within one edit (words
// of Typo1 letters and more) or two (Typo2 and more).
func (ix *Index) candidates(w *queryWord) {
	put := func(stem int, weight float64) {
		old, ok := w.cands[stem]
		if !ok {
			w.order = append(w.order, stem)
		}
		if weight > old {
			w.cands[stem] = weight
		}
	}
	exact := false
	if id, ok := ix.vocab[w.surface]; ok {
		put(id, ix.p.Exact)
		exact = true
	}
	n := utf8.RuneCountInString(w.surface)
	prefix := false
	if w.last && n >= ix.p.MinPrefix {
		for i := sort.SearchStrings(ix.surfaces, w.surface); i < len(ix.surfaces) && strings.HasPrefix(ix.surfaces[i], w.surface); i++ {
			if ix.surfaces[i] != w.surface {
				put(ix.vocab[ix.surfaces[i]], ix.p.Prefix)
				prefix = true
			}
		}
	}
	if exact || prefix || n < ix.p.Typo1 {
		return
	}
	maxd := 1
	if n >= ix.p.Typo2 {
		maxd = 2
	}
	// The nearest forms only: "boucleir" is one transposition from
	// "bouclier" and two letters from "boucle" (a lock's loop), and
	// forgiving both alike put the locks first.
	wr := []rune(w.surface)
	var near []int
	for i, sr := range ix.surfRunes {
		if abs(len(sr)-n) > maxd {
			continue
		}
		if d := editDistance(wr, sr, maxd); d < maxd {
			maxd, near = d, near[:0]
			near = append(near, i)
		} else if d == maxd {
			near = append(near, i)
		}
	}
	for _, i := range near {
		put(ix.vocab[ix.surfaces[i]], ix.p.Typo)
	}
}

// editDistance is the optimal-string-alignment distance (Levenshtein plus
// the transposition of two neighbours: "armrue" → "armure" is one edit).
// It stops early and returns max+1 once every path exceeds max.
func editDistance(a, b []rune, max int) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > max {
			return max + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// idf is a stem's inverse document frequency, as bm25 weighs it.
func (ix *Index) idf(stem int) float64 {
	n := float64(ix.n)
	df := float64(ix.df[stem])
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// bm25 scores one stem's posting in a section: BM25 over two fields, the
// title path weighing Title times the text (a BM25F). The float64
// conversions forbid fused multiply-adds, which JavaScript never does: the
// two sides must compute the same bits.
func (ix *Index) bm25(stem int, p posting) float64 {
	k1 := ix.p.K1
	n := float64(ix.n)
	df := float64(ix.df[stem])
	idf := math.Log(1 + (n-df+0.5)/(df+0.5))
	tf := termFreq(ix.p, p, ix.avgBody, ix.avgTitle)
	return idf * float64(tf*(k1+1)) / (tf + k1)
}

// termFreq is BM25F's term frequency of a posting: its counts in the text
// and the title path, each normalised by its field's length against the
// mean (avgBody, avgTitle), the title's weighing Title times the text's.
// A split index ranks a stem's sections by it (split).
func termFreq(prm Params, p posting, avgBody, avgTitle float64) float64 {
	b := prm.B
	lb := float64(p.blen) / avgBody
	nb := float64(p.body) / (1 - b + float64(b*lb))
	lt := float64(p.tlen) / avgTitle
	nt := float64(p.title) / (1 - b + float64(b*lt))
	return nb + float64(prm.Title*nt)
}

// meanLengths returns the mean text and title-path lengths of f's
// sections, in indexed words (1 for none), as BM25 normalises by them.
func (f *indexFile) meanLengths() (avgBody, avgTitle float64) {
	n := len(f.SecID)
	sumB, sumT := 0, 0
	for i := 0; i < n; i++ {
		sumB += f.BodyLen[i]
		sumT += f.TitleLen[i]
	}
	avgBody, avgTitle = 1, 1
	if n > 0 && sumB > 0 {
		avgBody = float64(sumB) / float64(n)
	}
	if n > 0 && sumT > 0 {
		avgTitle = float64(sumT) / float64(n)
	}
	return avgBody, avgTitle
}

// synMatches finds the synonym groups one of whose forms equals a run of
// query words: a stem term matches a word whose surface form has that stem,
// a surface term the same surface form. With typos, a stem term also
// matches a long word (Typo2 letters and more) the index does not know
// whose nearest forms (candidates, already found) have that stem:
// "agonissant" names the glossary's "agonisant", and its rule, as the word
// spelt right does. A shorter word is too near other words: "saigner" is
// one letter from "soigner".
func (ix *Index) synMatches(ws []*queryWord, typos bool) []*synMatch {
	var out []*synMatch
	for gi, g := range ix.syn {
		for fi, form := range g {
			for from := 0; from+len(form) <= len(ws); from++ {
				ok := true
				for k, t := range form {
					w := ws[from+k]
					ok = t.surf != "" && w.surface == t.surf
					if !ok && t.stem >= 0 {
						id, in := ix.vocab[w.surface]
						ok = in && id == t.stem || typos && !in && w.cands[t.stem] == ix.p.Typo && utf8.RuneCountInString(w.surface) >= ix.p.Typo2
					}
					if !ok {
						break
					}
				}
				if !ok {
					continue
				}
				var m *synMatch
				for _, x := range out {
					if x.group == gi && x.from == from && x.to == from+len(form) {
						m = x
					}
				}
				if m == nil {
					m = &synMatch{group: gi, from: from, to: from + len(form), matched: map[int]bool{}}
					out = append(out, m)
				}
				m.matched[fi] = true
			}
		}
	}
	return out
}

// alternatives returns the stems of each other form of a matched group that
// can match a section (all its words have a stem here), duplicates removed.
func (ix *Index) alternatives(m *synMatch) [][]int {
	var out [][]int
	for fi, form := range ix.syn[m.group] {
		if m.matched[fi] {
			continue
		}
		var stems []int
		ok := true
		for _, t := range form {
			if t.stem < 0 {
				ok = false
				break
			}
			dup := false
			for _, s := range stems {
				dup = dup || s == t.stem
			}
			if !dup {
				stems = append(stems, t.stem)
			}
		}
		if ok {
			out = append(out, stems)
		}
	}
	return out
}

// Query returns the limit best sections for q. Sections that match every
// query word come first, then by score: per query word the best of its
// candidates (weight × BM25F), plus for each synonym group matched the best
// other form (Syn × the BM25F sum of its words, when all of them occur).
func (ix *Index) Query(q string, limit int) []Result { return ix.QueryIn(q, limit, "") }

// QueryIn is Query from a page of the rules document doc (its slug, or ""
// for none): among the sections that match as many query words, those of
// the game being read come first whenever they answer the query (readFirst).
func (ix *Index) QueryIn(q string, limit int, doc string) []Result {
	ws := ix.words(q)
	if len(ws) == 0 {
		return nil
	}
	n := ix.n
	var marked []int // stems whose words the snippets mark
	seen := map[int]bool{}
	mark := func(stem int) {
		if !seen[stem] {
			seen[stem] = true
			marked = append(marked, stem)
		}
	}
	slot := make([][]float64, len(ws))
	for i, w := range ws {
		ix.candidates(w)
		slot[i] = make([]float64, n)
		inRules := false
		for _, stem := range w.order {
			mark(stem)
			weight := w.cands[stem]
			for _, p := range ix.post[stem] {
				inRules = inRules || !ix.isEntry(p.sec)
				if v := weight * ix.bm25(stem, p); v > slot[i][p.sec] {
					slot[i][p.sec] = v
				}
			}
		}
		w.soft = w.soft && inRules
	}
	// A synonym stands in for the words it matched; it does not add to
	// them. Per run of query words, the best other form found competes with
	// the words' own score, and the better of the two counts.
	var wins []*window
	matches := ix.synMatches(ws, true)
	for _, m := range matches {
		var w *window
		for _, x := range wins {
			if x.from == m.from && x.to == m.to {
				w = x
			}
		}
		if w == nil {
			w = &window{from: m.from, to: m.to, exp: make([]float64, n)}
			wins = append(wins, w)
		}
		for _, alt := range ix.alternatives(m) {
			sum := make([]float64, n)
			count := make([]int, n)
			for _, stem := range alt {
				mark(stem)
				for _, p := range ix.post[stem] {
					sum[p.sec] += ix.bm25(stem, p)
					count[p.sec]++
				}
			}
			for s := 0; s < n; s++ {
				if count[s] == len(alt) {
					if v := ix.p.Syn * sum[s]; v > w.exp[s] {
						w.exp[s] = v
					}
				}
			}
		}
	}
	// A group that points to a section raises it above the best section
	// of the run of words it matched: above every section for a glossary
	// term's definition, above those found through the other forms only
	// for a thesaurus set. With nothing to compare to, the floor is what
	// a word of one section would score.
	// Thesaurus sets first, glossary terms last: a term's defining section
	// stays first for the term whatever a set says.
	floor := ix.p.Syn * math.Log(1+(float64(n)-0.5)/1.5)
	for _, pass := range [2]int{pinSet, pinTerm} {
		ix.pin(matches, wins, slot, pass, floor)
	}
	var hits []hit
	for s := 0; s < n; s++ {
		score := 0.0
		for i := range ws {
			score += slot[i][s]
		}
		for _, w := range wins {
			direct := 0.0
			for i := w.from; i < w.to; i++ {
				direct += slot[i][s]
			}
			if w.exp[s] > direct {
				score += w.exp[s] - direct
			}
		}
		if score <= 0 {
			continue
		}
		if ix.isEntry(s) {
			score *= ix.p.Entry
		}
		matched := 0
		for i := range ws {
			if ws[i].soft {
				continue
			}
			covered := slot[i][s] > 0
			for _, w := range wins {
				covered = covered || w.exp[s] > 0 && w.from <= i && i < w.to
			}
			if covered {
				matched++
			}
		}
		score = math.Round(score*1e6) / 1e6
		hits = append(hits, hit{sec: s, matched: matched, score: score})
	}
	ix.readFirst(hits, doc)
	sort.Slice(hits, func(a, b int) bool {
		x, y := hits[a], hits[b]
		if x.matched != y.matched {
			return x.matched > y.matched
		}
		if x.here != y.here {
			return x.here
		}
		if x.score != y.score {
			return x.score > y.score
		}
		return x.sec < y.sec
	})
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	cover := ix.stemWords(ws, matches)
	out := make([]Result, len(hits))
	for i, h := range hits {
		out[i] = ix.result(h.sec, h.score, h.matched, marked, ix.anchorOf(h.sec, ws, matches, cover))
	}
	return out
}

// hit is a section a query found: how many query words it matched, its
// score, and whether it is of the document being read and answers.
type hit struct {
	sec, matched int
	score        float64
	here         bool
}

// readFirst marks the hits of the document doc that answer the query:
// those scoring at least Params.Here times the best score of the hits that
// match as many words. A player reading a game means that game's rule
// ("premiers secours" has one in two games), and a near tie was not
// enough: the other game's section, a title naming the words, outscored
// the rule in the game being read by far. The share keeps a section that
// only mentions the words from coming before another game's answer.
func (ix *Index) readFirst(hits []hit, doc string) {
	if doc == "" {
		return
	}
	best := map[int]float64{}
	for _, h := range hits {
		best[h.matched] = max(best[h.matched], h.score)
	}
	for i, h := range hits {
		hits[i].here = ix.record(h.sec).Slug == doc && h.score >= float64(ix.p.Here*best[h.matched])
	}
}

// stemWords maps each stem a query reaches to the query words it stands
// for: a word's candidates, and the other forms of the synonym groups a
// run of words matched.
func (ix *Index) stemWords(ws []*queryWord, matches []*synMatch) map[int][]int {
	cover := map[int][]int{}
	add := func(stem, w int) {
		for _, x := range cover[stem] {
			if x == w {
				return
			}
		}
		cover[stem] = append(cover[stem], w)
	}
	for i, w := range ws {
		for _, stem := range w.order {
			add(stem, i)
		}
	}
	for _, m := range matches {
		for _, alt := range ix.alternatives(m) {
			for _, stem := range alt {
				for i := m.from; i < m.to; i++ {
					add(stem, i)
				}
			}
		}
	}
	return cover
}

// anchorOf returns the anchor a result for sec opens, or -1: the one a
// matched synonym group names (the longest run of words, then the first);
// otherwise the one whose words hold the most query words typed (then the
// most in its name, the rarest, the most matching words, the first), when
// it holds at least one and at least as many as the section's text
// outside its anchors.
func (ix *Index) anchorOf(sec int, ws []*queryWord, matches []*synMatch, cover map[int][]int) int {
	list := ix.anchors[sec]
	if len(list) == 0 {
		return -1
	}
	best, bestLen := -1, 0
	for _, m := range matches {
		if a := ix.synAnc[m.group]; a >= 0 && ix.f.AncSec[a] == sec && m.to-m.from > bestLen {
			best, bestLen = a, m.to-m.from
		}
	}
	if best >= 0 {
		return best
	}
	toks := ix.tok.tokens(ix.record(sec).Text)
	// in[k] is the anchor (position in list) word k belongs to, or -1.
	in := make([]int, len(toks))
	for k := range in {
		in[k] = -1
	}
	for j, a := range list {
		sp := ix.f.AncSpan[a]
		for k := sp[0]; k < min(sp[1], len(toks)); k++ {
			in[k] = j
		}
	}
	// held[j][w] is the rarest (highest idf) stem by which query word w
	// is in anchor j (the last: outside every anchor), 0 for none.
	held := make([][]float64, len(list)+1)
	counts := make([]int, len(list)+1)
	named := make([][]bool, len(list)) // query words in the rule's name
	for j := range held {
		held[j] = make([]float64, len(ws))
		if j < len(list) {
			named[j] = make([]bool, len(ws))
		}
	}
	for k, tk := range toks {
		id, ok := ix.vocab[tk.surface]
		if !ok || ix.stop[tk.surface] || len(cover[id]) == 0 {
			continue
		}
		j := in[k]
		if j < 0 {
			j = len(list)
		}
		counts[j]++
		idf := ix.idf(id)
		inName := j < len(list) && k < ix.f.AncSpan[list[j]][0]+ix.labelLen[list[j]]
		for _, w := range cover[id] {
			held[j][w] = max(held[j][w], idf)
			if inName {
				named[j][w] = true
			}
		}
	}
	// Words typed count first; then a question's meaning ("how long" →
	// "time": the rule that gives a duration answers "how long to heal",
	// not the one named "Healing philtres"); then the words in the rule's
	// name ("Fatigué : …" for "fatigué"); then how rare the words held
	// are, a question's soft words ("durée") included: "enslavement" tells
	// the rule asked for where "last" is in many.
	distinct, names, weight := make([]int, len(held)), make([]int, len(held)), make([]float64, len(held))
	softs := make([]int, len(held))
	for j, bw := range held {
		for w, v := range bw {
			if v > 0 && !ws[w].soft {
				distinct[j]++
				if j < len(list) && named[j][w] {
					names[j]++
				}
			}
			if v > 0 && ws[w].soft {
				softs[j]++
			}
			weight[j] += v
		}
		weight[j] = math.Round(weight[j]*1e6) / 1e6
	}
	bestJ := -1
	for j := range list {
		if distinct[j] == 0 {
			continue
		}
		if bestJ < 0 || distinct[j] > distinct[bestJ] ||
			distinct[j] == distinct[bestJ] && (softs[j] > softs[bestJ] || softs[j] == softs[bestJ] && (names[j] > names[bestJ] ||
				names[j] == names[bestJ] && (weight[j] > weight[bestJ] || weight[j] == weight[bestJ] && counts[j] > counts[bestJ]))) {
			bestJ = j
		}
	}
	if bestJ < 0 || distinct[bestJ] < distinct[len(list)] {
		return -1
	}
	return list[bestJ]
}

// isEntry reports whether sec is a glossary term or a calculator.
func (ix *Index) isEntry(sec int) bool {
	if !ix.split {
		return ix.f.Docs[ix.f.SecDoc[sec]][2] != ""
	}
	for _, e := range ix.entries {
		if e[0] <= sec && sec < e[1] {
			return true
		}
	}
	return false
}

// record returns what a result shows of sec.
func (ix *Index) record(sec int) record {
	if ix.split {
		return ix.recs[sec]
	}
	f := ix.f
	doc := f.Docs[f.SecDoc[sec]]
	return record{doc[0], doc[1], doc[2], f.SecID[sec], ix.paths[sec], f.Text[sec]}
}

// result returns what sec shows, opening the anchor anc (-1: none).
func (ix *Index) result(sec int, score float64, matched int, marked []int, anc int) Result {
	rec := ix.record(sec)
	r := Result{Lang: ix.Lang, Kind: rec.Kind, Slug: rec.Slug, ID: rec.ID, URL: rec.Slug + "/#" + rec.ID, DocTitle: rec.DocTitle,
		TitlePath: rec.Path, Score: score, Matched: matched}
	span := [2]int{0, -1}
	if anc >= 0 {
		r.Anchor, r.AnchorTitle = ix.f.AncID[anc], ix.f.AncTitle[anc]
		r.URL = rec.Slug + "/#" + r.Anchor
		span = ix.f.AncSpan[anc]
	}
	r.Snippet, r.Marks = ix.snippet(rec.Text, marked, span)
	return r
}

// snippet cuts Params.Snippet words of text around the matches: the window
// holding the most distinct matched stems, then the most matches, then the
// earliest, starting Params.Lead words before a match. A span [from, to)
// of words with to ≥ from (an anchor's) keeps the window inside it, and
// starts it at the rule's first word.
func (ix *Index) snippet(text string, stems []int, span [2]int) (string, [][2]int) {
	want := map[int]bool{}
	for _, s := range stems {
		want[s] = true
	}
	toks := ix.tok.tokens(text)
	if len(toks) == 0 {
		return text, nil
	}
	lo, hi := 0, len(toks)
	if span[1] >= span[0] && span[0] < len(toks) {
		lo, hi = span[0], min(span[1], len(toks))
	}
	hit := make([]int, len(toks)) // stem of a matching word, or -1
	for i, tk := range toks {
		hit[i] = -1
		if id, ok := ix.vocab[tk.surface]; ok && want[id] && !ix.stop[tk.surface] {
			hit[i] = id
		}
	}
	size := ix.p.Snippet
	best, bestDistinct, bestCount := lo, -1, -1
	for p := lo; p < hi; p++ {
		if hit[p] < 0 {
			continue
		}
		start := max(lo, p-ix.p.Lead)
		distinct := map[int]bool{}
		count := 0
		for k := start; k < min(start+size, hi); k++ {
			if hit[k] >= 0 {
				distinct[hit[k]] = true
				count++
			}
		}
		if len(distinct) > bestDistinct || len(distinct) == bestDistinct && count > bestCount {
			best, bestDistinct, bestCount = start, len(distinct), count
		}
	}
	// A window running past the end starts earlier instead: a short text
	// shows whole.
	best = max(lo, min(best, hi-size))
	end := min(best+size, hi)
	from, to := 0, len(text)
	if best > 0 {
		from = toks[best].start
	}
	if end < len(toks) {
		to = toks[end-1].end
	}
	var b strings.Builder
	if best > 0 {
		b.WriteString("… ")
	}
	shift := b.Len() - from
	b.WriteString(text[from:to])
	if end < len(toks) {
		b.WriteString(" …")
	}
	var marks [][2]int
	for k := best; k < end; k++ {
		if hit[k] >= 0 {
			marks = append(marks, [2]int{toks[k].start + shift, toks[k].end + shift})
		}
	}
	return b.String(), marks
}

// pin raises, for each matched group of pin kind pass that points to a
// section, that section in the group's window (Query).
func (ix *Index) pin(matches []*synMatch, wins []*window, slot [][]float64, pass int, floor float64) {
	n := ix.n
	for _, m := range matches {
		at := ix.synAt[m.group]
		if at[0] < 0 || at[1] != pass {
			continue
		}
		var w *window
		for _, x := range wins {
			if x.from == m.from && x.to == m.to {
				w = x
			}
		}
		best := 0.0
		for s := 0; s < n; s++ {
			v := w.exp[s]
			if at[1] == pinTerm {
				direct := 0.0
				for i := w.from; i < w.to; i++ {
					direct += slot[i][s]
				}
				v = max(v, direct)
			}
			best = max(best, v)
		}
		v := ix.p.Pin * max(best, floor*float64(w.to-w.from))
		if ix.isEntry(at[0]) {
			v /= ix.p.Entry // the entry's weight applies to its score below
		}
		if v > w.exp[at[0]] {
			w.exp[at[0]] = v
		}
	}
}
