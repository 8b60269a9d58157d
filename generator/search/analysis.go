// Paired with theme/js/page/searchquery.js for the query's analysis (the
// tokenizer's tokens and foldWord are its tokens and foldWord, on the
// tables below): change one, change the other. TestSearchParity
// (generator/e2e/search_test.go) holds them equal.

package search

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
	"github.com/kljensen/snowball/french"
	"golang.org/x/text/unicode/norm"
)

// The analysis tables below are the one source of truth for both sides of
// the search: Build writes them into every index file, and the query code
// (Go here, theme/js/page/searchquery.js in the browser) reads them from the index
// instead of keeping its own copy, so the two can never drift apart.

// wordPattern matches a run of word characters, apostrophes included so that
// an elision stays attached to its word until tokens cuts it off. It is
// valid in both RE2 and JavaScript (with the u flag).
const wordPattern = `[\p{L}\p{M}\p{N}'’‘ʼ]+`

// apostrophes are the characters that end an elision or split a word: the
// typewriter and typographic apostrophes, and the two look-alikes phone
// keyboards and pasted text bring in.
const apostrophes = "'’‘ʼ"

// elisions are the French words that lose their vowel before another word
// (l’armure, d’armure, jusqu’à); they are dropped at the start of a word.
var elisions = []string{"l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu"}

// foldMap lists the letters that NFD does not decompose but that readers
// type without their ligature or accent. The final sigma is there because
// JavaScript lower-cases a word-final Σ to ς and Go to σ.
var foldMap = map[string]string{"œ": "oe", "æ": "ae", "ß": "ss", "ς": "σ"}

// stopWords are the folded forms that carry no meaning for a search, per
// language. The lists are short on purpose: a word missing here only costs
// ranking noise (BM25 gives it a low weight), while a meaningful word in it
// could never be found. Abbreviations of the glossary ("CA", "PA", "AP")
// must not appear.
var stopWords = map[string][]string{
	"fr": strings.Fields(`a ai as au aux avec avez avoir avons c ce ceci cela celle celles celui ces cet
		cette ceux d dans de des donc dont du elle elles en es est et etc ete etes etre eux il ils j je l la
		le les leur leurs lui m ma mais me mes moi mon n ne ni nos notre nous on ont ou par pas pour qu que
		qui quoi s sa se ses si son sont sur t ta te tes toi ton tu un une vos votre vous y`),
	"en": strings.Fields(`a an and are as at be been but by can could d do does for from had has have he
		her his how i if in into is it its ll m me my no not of on or our re s she so such t than that the
		their them then there these they this those to too us ve was we were what when where which while
		who whom why will with would you your`),
}

// token is one word of a text: its byte offsets in the text (without the
// elision), the word lower-cased with its accents, and its folded surface
// form, the key the query side looks up.
type token struct {
	start, end int
	word       string
	surface    string
}

// tokenizer splits text into words the same way on both sides.
type tokenizer struct {
	word *regexp.Regexp
	// scan, when set, finds the runs of word characters instead of word:
	// the default pattern as a loop over runes, which profiles showed
	// twice as fast as the regexp on a 10,000-page build.
	scan     bool
	apos     string
	elisions map[string]bool
	fold     map[rune]string
}

func newTokenizer(wordPat, apos string, elis []string, fold map[string]string) (*tokenizer, error) {
	re, err := regexp.Compile(wordPat)
	if err != nil {
		return nil, err
	}
	t := &tokenizer{word: re, scan: wordPat == wordPattern, apos: apos, elisions: map[string]bool{}, fold: map[rune]string{}}
	for _, e := range elis {
		t.elisions[e] = true
	}
	for k, v := range fold {
		r, _ := utf8.DecodeRuneInString(k)
		t.fold[r] = v
	}
	return t, nil
}

var defaultTokenizer = func() *tokenizer {
	t, err := newTokenizer(wordPattern, apostrophes, elisions, foldMap)
	if err != nil {
		panic(err)
	}
	return t
}()

// tokens returns the words of text in order. A run of word characters is cut
// at its apostrophes; its first piece is dropped when it is an elision. The
// pieces are cut from the original text and lower-cased one by one, so that
// offsets stay valid whatever lower-casing does to a string's length.
func (t *tokenizer) tokens(text string) []token {
	// A word per run of word characters, and one more per apostrophe
	// inside one (rare): sized by the runs, the list grew once in most
	// texts when it was sized by the text's length (its growth was half
	// of this function's time in a large build).
	runs := t.runs(text)
	out := make([]token, 0, len(runs)+len(runs)/16+1)
	for _, m := range runs {
		s := m[0]
		first := true
		for i, r := range text[m[0]:m[1]] {
			if !strings.ContainsRune(t.apos, r) {
				continue
			}
			end := m[0] + i
			// An elision ("l'", "qu'") before the first apostrophe is
			// not a word of its own.
			if !(first && t.elisions[strings.ToLower(text[s:end])]) {
				out = t.appendToken(out, text, s, end)
			}
			first = false
			s = end + utf8.RuneLen(r)
		}
		out = t.appendToken(out, text, s, m[1])
	}
	return out
}

func (t *tokenizer) appendToken(out []token, text string, start, end int) []token {
	if start == end {
		return out
	}
	w := strings.ToLower(text[start:end])
	return append(out, token{start: start, end: end, word: w, surface: t.foldMemo(w)})
}

// runs returns the byte ranges of the runs of word characters of text.
func (t *tokenizer) runs(text string) [][2]int {
	if !t.scan {
		var out [][2]int
		for _, m := range t.word.FindAllStringIndex(text, -1) {
			out = append(out, [2]int{m[0], m[1]})
		}
		return out
	}
	// [2]int rather than []int: one allocation for the whole list, not one
	// per word (a tenth of the index's allocations at 1,000 pages). Prose
	// has a word per 6 to 7 bytes (6.3 in the rules, 6.7 in the synthetic
	// pages): sized at one per 7, the list grew once in most texts.
	out := make([][2]int, 0, len(text)/5+1)
	start := -1
	for i, r := range text {
		in := wordChar(r)
		switch {
		case in && start < 0:
			start = i
		case !in && start >= 0:
			out = append(out, [2]int{start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(text)})
	}
	return out
}

// wordChar reports whether r is a word character of wordPattern
// ([\p{L}\p{M}\p{N}'’‘ʼ]): runs and Analyze read every character of the
// index's texts through it, so an ASCII character costs one lookup, inline.
func wordChar(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiWord[byte(r)]
	}
	return wideWordChar(r)
}

// asciiWord is wordPattern over ASCII: letters, digits and ' (256
// entries, so that a byte indexes it without a bounds check).
var asciiWord = func() (t [256]bool) {
	for r := range utf8.RuneSelf {
		t[r] = r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '\''
	}
	return t
}()

// wideWordChar is wordChar past ASCII.
func wideWordChar(r rune) bool {
	return unicode.IsLetter(r) || unicode.Is(unicode.M, r) || unicode.IsNumber(r) || strings.ContainsRune(apostrophes, r)
}

// folds memoizes foldWord for the default tokenizer's words (NFD of every
// token was a tenth of the index's time).
var folds sync.Map

func (t *tokenizer) foldMemo(w string) string {
	if t != defaultTokenizer {
		return t.foldWord(w)
	}
	if f, ok := folds.Load(w); ok {
		return f.(string)
	}
	f := t.foldWord(w)
	folds.Store(w, f)
	return f
}

// foldWord removes diacritics (NFD, then every combining mark) and expands
// the ligatures of foldMap: "blessée" → "blessee", "œil" → "oeil".
func (t *tokenizer) foldWord(w string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(w) {
		if unicode.Is(unicode.M, r) {
			continue
		}
		if f, ok := t.fold[r]; ok {
			b.WriteString(f)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Fold returns w with its diacritics removed and ligatures expanded, as the
// index stores surface forms.
func Fold(w string) string { return defaultTokenizer.foldWord(w) }

// Stem returns the folded stem of a lower-case accented word: Snowball runs
// on the accented word (it needs the accents: "blessée" → "bless", while
// "blessee" would stem wrongly), and the result is folded afterwards.
// A language with no stemmer in stemmers is folded only: its words match
// as written, without case or accents.
func Stem(lang, word string) string {
	if stem := stemmers[lang]; stem != nil {
		word = stem(word, true)
	}
	return Fold(word)
}

// stemmers are the Snowball stemmers of the languages that have one here
// (the second argument drops stop words: Analyze drops its own).
var stemmers = map[string]func(word string, stopWords bool) string{
	"fr": french.Stem,
	"en": english.Stem,
}

// memos returns one memo per language of the tables (stemmers and
// stopWords), so that a lookup builds no key; a language of neither has
// none, and is analysed without memo.
func memos() map[string]*sync.Map {
	m := map[string]*sync.Map{}
	for lang := range stemmers {
		m[lang] = &sync.Map{}
	}
	for lang := range stopWords {
		m[lang] = &sync.Map{}
	}
	return m
}

// Term is one analysed word of a text: its folded surface form and its
// folded stem.
type Term struct {
	Surface, Stem string
}

// Analyze returns the indexed terms of text in lang: lower case, elisions
// stripped, stop words dropped, stemmed, folded. It is what Build indexes.
//
// It reads text once, as tokens would cut it (TestAnalyzeAsTokens holds
// them equal), and looks each word up once: the list of runs, the list of
// tokens and three lookups per word (its folding, whether it is a stop
// word, its stem) were a large part of a 1,000-page build's CPU.
func Analyze(lang, text string) []Term {
	text = norm.NFC.String(text)
	m := analysed[lang]
	var out []Term
	word := func(start, end int) {
		if start == end {
			return
		}
		w := lookupWord(lang, m, text[start:end])
		if w.stop {
			return
		}
		if out == nil {
			// A word per 6 to 7 bytes of prose, and a third to a half of
			// them stop words.
			out = make([]Term, 0, len(text)/8+1)
		}
		out = append(out, Term{Surface: w.surface, Stem: w.stem})
	}
	// run cuts the run of word characters text[start:end] at its
	// apostrophes, as tokens does.
	run := func(start, end int, apos bool) {
		if !apos {
			word(start, end)
			return
		}
		s, first := start, true
		for i, r := range text[start:end] {
			if !strings.ContainsRune(apostrophes, r) {
				continue
			}
			e := start + i
			if !(first && defaultTokenizer.elisions[strings.ToLower(text[s:e])]) {
				word(s, e)
			}
			first = false
			s = e + utf8.RuneLen(r)
		}
		word(s, end)
	}
	start, apos := -1, false
	for i, r := range text {
		in := wordChar(r)
		isApos := in && (r == '\'' || r >= utf8.RuneSelf && strings.ContainsRune(apostrophes, r))
		switch {
		case in && start < 0:
			start, apos = i, isApos
		case in:
			apos = apos || isApos
		case start >= 0:
			run(start, i, apos)
			start = -1
		}
	}
	if start >= 0 {
		run(start, len(text), apos)
	}
	return out
}

// wordInfo is what Analyze needs of a word as written: its folded surface
// form, its stem, and whether it is a stop word.
type wordInfo struct {
	surface, stem string
	stop          bool
}

// analysed memoizes lookupWord per language and word as written.
var analysed = memos()

// lookupWord returns what Analyze needs of raw, a word of lang as written,
// through m (nil: no memo).
func lookupWord(lang string, m *sync.Map, raw string) *wordInfo {
	if m != nil {
		if v, ok := m.Load(raw); ok {
			return v.(*wordInfo)
		}
	}
	w := strings.ToLower(raw)
	info := &wordInfo{surface: defaultTokenizer.foldMemo(w)}
	info.stop = stopSets[lang][info.surface]
	if !info.stop {
		info.stem = stemMemo(lang, w)
	}
	if m != nil {
		// A copy: raw is a slice of the text, which the key would keep.
		m.Store(strings.Clone(raw), info)
	}
	return info
}

// Memo keeps the analyses of one build's texts for the next (see
// BuildMemo): the texts an edit did not change are not analysed again
// (search.Analyze showed in a live rebuild's CPU profile). It holds two builds'
// entries at most: those of the last build, and those the current one
// used or made. Only serve keeps one: a single build would hold every
// text's analysis to its end for nothing.
type Memo struct {
	mu        sync.Mutex
	last, cur map[string][]Term
}

// analyze is Analyze through the memo; a nil memo analyses.
func (m *Memo) analyze(lang, text string) []Term {
	if m == nil {
		return Analyze(lang, text)
	}
	key := lang + "\x00" + text
	m.mu.Lock()
	terms, ok := m.cur[key]
	if !ok {
		terms, ok = m.last[key]
	}
	m.mu.Unlock()
	if !ok {
		terms = Analyze(lang, text)
	}
	m.mu.Lock()
	if m.cur == nil {
		m.cur = map[string][]Term{}
	}
	m.cur[key] = terms
	m.mu.Unlock()
	return terms
}

// rotate ends a build: its entries become the last build's.
func (m *Memo) rotate() {
	if m == nil {
		return
	}
	m.mu.Lock()
	m.last, m.cur = m.cur, nil
	m.mu.Unlock()
}

// stems memoizes Stem per language and word: a text repeats its words, and
// Snowball (with the folding after it) was a fifth of a build's CPU. The
// vocabulary of the rules is a few thousand words per language, so the
// memo stays small however long serve runs.
// One map per language, so that a lookup builds no key (lang + word was
// an allocation per token).
var stems = memos()

func stemMemo(lang, word string) string {
	m := stems[lang]
	if m == nil {
		return Stem(lang, word)
	}
	if s, ok := m.Load(word); ok {
		return s.(string)
	}
	s := Stem(lang, word)
	m.Store(word, s)
	return s
}

// stopSets are the stop words as sets, built once.
var stopSets = func() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for lang, words := range stopWords {
		m := map[string]bool{}
		for _, w := range words {
			m[w] = true
		}
		out[lang] = m
	}
	return out
}()

func stopSet(lang string) map[string]bool { return stopSets[lang] }
