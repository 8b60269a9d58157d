package glossary

import (
	"bytes"
	"cmp"
	"errors"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"compendium/generator/par"
	"compendium/generator/site"
)

// Thesaurus is content/thesaurus.json: the players' words for what the
// rules name otherwise (abbreviations from the games they know, everyday
// words), per language, and the question phrasings a search drops or maps
// to the rules' nouns. The glossary says how the rules name a thing in each
// language; the thesaurus says how players ask for it.
type Thesaurus struct {
	File string `json:"-"`
	Sets []*Set `json:"sets"`
	// Questions maps a language to its question phrasings, matched on whole
	// words, longest first.
	Questions map[string][]*Question `json:"questions"`
	// Words, when set, keeps the sections' words for the next check.
	Words *WordCache `json:"-"`
}

// Set is a group of forms that mean the same thing to a player, in one
// language, with where it matters: a section ("slug#id"), a glossary term
// (its defining section) or a calculator, or none of them.
type Set struct {
	Lang    string   `json:"lang"`
	Forms   []string `json:"forms"`
	Section string   `json:"section,omitempty"`
	Term    string   `json:"term,omitempty"`
	Calc    string   `json:"calc,omitempty"`
	Line    int      `json:"-"`
}

// Question is a phrasing and the words it means for the search ("" to drop
// it): "combien de temps" → "durée".
type Question struct {
	Phrase string `json:"phrase"`
	Means  string `json:"means"`
	Line   int    `json:"-"`
}

// LoadThesaurus reads the thesaurus at path. A missing file gives an empty
// thesaurus. A file that is not the thesaurus's JSON gives its one problem
// as site.Diagnostics (site.ReadJSON).
func LoadThesaurus(path string) (*Thesaurus, error) {
	th := &Thesaurus{File: path}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return th, nil
	}
	if err != nil {
		return nil, err
	}
	if err := site.ReadJSON(path, b, th); err != nil {
		return nil, err
	}
	// A null in a list says nothing.
	th.Sets = slices.DeleteFunc(th.Sets, func(s *Set) bool { return s == nil })
	for lang, qs := range th.Questions {
		th.Questions[lang] = slices.DeleteFunc(qs, func(q *Question) bool { return q == nil })
	}
	for i, line := range objectLines(b, "sets", "lang") {
		if i < len(th.Sets) {
			th.Sets[i].Line = line
		}
	}
	// Each question opens with "phrase" (the file's documented shape).
	for _, lang := range sortedKeys(th.Questions) {
		at := 0
		if i := bytes.Index(b, []byte(strconv.Quote(lang)+":")); i >= 0 {
			at = i
		}
		for _, q := range th.Questions[lang] {
			if i := bytes.Index(b[at:], []byte(`"phrase"`)); i >= 0 {
				at += i + 1
				q.Line = 1 + bytes.Count(b[:at], []byte("\n"))
			}
		}
	}
	return th, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Target returns the result ("slug#id") where s matters: its section, the
// one that defines its term in g, or its calculator on the calculators
// page; "" when it has none.
func (s *Set) Target(g *Glossary) string {
	if s.Section != "" {
		return s.Section
	}
	if s.Calc != "" {
		return "calculators#" + s.Calc
	}
	if s.Term != "" && g != nil {
		for _, t := range g.Terms {
			if t.ID == s.Term {
				return t.Section
			}
		}
	}
	return ""
}

// Check verifies the thesaurus against the site, the glossary and the
// calculators' names: known languages, at least two forms per set, no form
// twice in a language, one target at most and one that exists (a section in
// every language, a glossary term, a calculator), and question phrasings
// that are not empty or repeated. A form that only the other language's
// text uses may be in a set of the wrong language: a warning, unless the
// word is of both languages (cognateForms). A nil g is a glossary that
// could not be read: its problem is said, and the sets' terms are not
// checked against it.
func (th *Thesaurus) Check(s *site.Site, g *Glossary, calcs []string) site.Diagnostics {
	var ds site.Diagnostics
	if th == nil || len(s.Langs) == 0 {
		return ds
	}
	langs := map[string]bool{}
	for _, l := range s.Langs {
		langs[l.Code] = true
	}
	// Which forms each language's text uses, to tell which language a
	// form is written in. The text is scanned once, section by section on
	// every core, for the forms' words only: searching the whole text for
	// each form cost every build, and indexing every word cost large
	// sites far more.
	var forms [][]string
	for _, set := range th.Sets {
		for _, f := range set.Forms {
			if w := wordList(f); len([]rune(strings.Join(w, " "))) > 3 {
				forms = append(forms, w)
			}
		}
	}
	text := map[string]formSet{}
	for _, l := range s.Langs {
		text[l.Code] = th.findForms(l, forms)
	}
	terms := map[string]bool{}
	if g != nil {
		for _, t := range g.Terms {
			terms[t.ID] = true
		}
	}
	cognates := th.cognateForms(g)
	type suspect struct {
		set         *Set
		form, words string
		other       string // the language whose text uses it
	}
	var suspects []suspect
	seen := map[string]int{} // lang + "\x00" + form as words → line
	for _, set := range th.Sets {
		report := func(kind string, args ...string) *site.Diagnostic { return ds.Report(th.File, set.Line, kind, args...) }
		if !langs[set.Lang] {
			report("thesaurus-lang", "lang", set.Lang, "langs", strings.Join(sortedKeys(langs), ", "))
			continue
		}
		if len(set.Forms) < 2 {
			report("thesaurus-one-form", "n", strconv.Itoa(len(set.Forms)))
		}
		targets := 0
		for _, x := range []string{set.Section, set.Term, set.Calc} {
			if x != "" {
				targets++
			}
		}
		if targets > 1 {
			report("thesaurus-targets")
		}
		if set.Calc != "" && !slices.Contains(calcs, set.Calc) {
			report("thesaurus-calc", "calc", set.Calc, "calcs", strings.Join(calcs, ", "))
		}
		if set.Section != "" {
			slug, id, ok := strings.Cut(set.Section, "#")
			for _, l := range s.Langs {
				if d := l.Doc(slug); !ok || d == nil || !d.HasID(id) {
					report("thesaurus-section", "section", set.Section, "lang", l.Code).About = []string{l.Code + ":" + slug + "#" + cmp.Or(id, "*")}
					break
				}
			}
		}
		if set.Term != "" && g != nil && !terms[set.Term] {
			report("thesaurus-term", "term", set.Term)
		}
		for _, f := range set.Forms {
			w := strings.TrimSpace(words(f))
			if w == "" {
				report("thesaurus-empty-form")
				continue
			}
			key := set.Lang + "\x00" + w
			if first, dup := seen[key]; dup {
				report("thesaurus-form-twice", "form", f, "lang", set.Lang, "first", strconv.Itoa(first))
				continue
			}
			seen[key] = set.Line
			// A form that the other language's text uses and this one's
			// does not may have been put in the wrong language
			// (abbreviations, words of neither text and words of both
			// languages are fine).
			if len([]rune(w)) <= 3 || text[set.Lang].has(w) || cognates[set.Lang+"\x00"+w] {
				continue
			}
			for _, code := range sortedKeys(text) {
				if code != set.Lang && text[code].has(w) {
					suspects = append(suspects, suspect{set, f, w, code})
					break
				}
			}
		}
	}
	// A form the set's text uses inflected ("philtres" for "philtre") is a
	// word of that language. Looked for only when a form is suspect, which
	// is rare: the inflections would triple the forms every build scans.
	if len(suspects) > 0 {
		inflected := map[string][][]string{}
		for _, sp := range suspects {
			inflected[sp.set.Lang] = append(inflected[sp.set.Lang], inflections(strings.Fields(sp.words))...)
		}
		found := map[string]formSet{}
		for _, l := range s.Langs {
			if len(inflected[l.Code]) > 0 {
				found[l.Code] = th.findForms(l, inflected[l.Code])
			}
		}
		for _, sp := range suspects {
			used := false
			for _, v := range inflections(strings.Fields(sp.words)) {
				used = used || found[sp.set.Lang].has(strings.Join(v, " "))
			}
			if used {
				continue
			}
			d := ds.Report(th.File, sp.set.Line, "thesaurus-form-lang", "form", sp.form, "lang", sp.set.Lang, "other", sp.other, "place", text[sp.other].at(sp.words),
				"langname", languageNames[sp.set.Lang][0], "langname@fr", languageNames[sp.set.Lang][1],
				"othername", languageNames[sp.other][0], "othername@fr", languageNames[sp.other][1])
			// The set's text is incomplete when a document of it could
			// not be read: the form may be in what is missing.
			d.Severity, d.About = site.Warning, []string{"text:" + sp.set.Lang}
		}
	}
	for _, lang := range sortedKeys(th.Questions) {
		if !langs[lang] {
			ds.Report(th.File, 0, "thesaurus-questions-lang", "lang", lang, "langs", strings.Join(sortedKeys(langs), ", "))
			continue
		}
		phrases := map[string]int{}
		for _, q := range th.Questions[lang] {
			p := strings.TrimSpace(words(q.Phrase))
			if p == "" {
				ds.Report(th.File, q.Line, "thesaurus-question-empty")
				continue
			}
			if first, dup := phrases[p]; dup {
				ds.Report(th.File, q.Line, "thesaurus-question-twice", "phrase", q.Phrase, "first", strconv.Itoa(first))
				continue
			}
			phrases[p] = q.Line
		}
	}
	return ds
}

// languageNames names the languages in messages: the English name, and
// the French adjective ("un mot anglais", "le texte français").
var languageNames = map[string][2]string{
	"fr": {"French", "français"},
	"en": {"English", "anglais"},
}

// cognateForms returns the forms (lang + "\x00" + words) that are words
// of their set's language although its text may not use them: a form
// that a set of another language holds too ("philtre", "potion": the
// thesaurus itself says the word is of both languages), and the
// glossary's forms in that language.
func (th *Thesaurus) cognateForms(g *Glossary) map[string]bool {
	byWords := map[string]map[string]bool{} // words → languages of the sets holding it
	for _, set := range th.Sets {
		for _, f := range set.Forms {
			w := strings.TrimSpace(words(f))
			if byWords[w] == nil {
				byWords[w] = map[string]bool{}
			}
			byWords[w][set.Lang] = true
		}
	}
	out := map[string]bool{}
	for w, ls := range byWords {
		if len(ls) > 1 {
			for l := range ls {
				out[l+"\x00"+w] = true
			}
		}
	}
	if g != nil {
		for _, t := range g.Terms {
			for l := range t.Names {
				for _, f := range t.Forms(l) {
					out[l+"\x00"+strings.TrimSpace(words(f))] = true
				}
			}
		}
	}
	return out
}

// inflections returns ws with one of its words in the plural or the
// singular, the endings French and English share (-s, -es, -x): enough to
// tell that a text uses a form in another number.
func inflections(ws []string) [][]string {
	var out [][]string
	for i, w := range ws {
		var vs []string
		switch {
		case strings.HasSuffix(w, "es") && len(w) > 4:
			vs = []string{w[:len(w)-1], w[:len(w)-2]}
		case (strings.HasSuffix(w, "s") || strings.HasSuffix(w, "x")) && len(w) > 3:
			vs = []string{w[:len(w)-1]}
		default:
			vs = []string{w + "s", w + "es", w + "x"}
		}
		for _, v := range vs {
			out = append(out, slices.Concat(ws[:i], []string{v}, ws[i+1:]))
		}
	}
	return out
}

// formSet maps the forms (as words joined by single spaces) a text uses
// to the section that first uses them.
type formSet map[string]use

// use is a section of a document.
type use struct {
	doc *site.Doc
	sec *site.Section
}

func (f formSet) has(w string) bool { return f[strings.Join(strings.Fields(w), " ")].sec != nil }

// at returns where the text first uses w ("content/fr/alchemy.md:12"):
// the line of its section that holds it, or the section's heading when
// its source is not kept or the form runs over two lines; "" when the
// text does not use w.
func (f formSet) at(w string) string {
	u := f[strings.Join(strings.Fields(w), " ")]
	if u.sec == nil {
		return ""
	}
	line := u.sec.Line
	want := strings.Fields(w)
	for k, l := range strings.Split(u.doc.SectionSource(u.sec.ID), "\n") {
		if containsSeq(wordList(l), want) {
			line += k
			break
		}
	}
	return u.doc.File + ":" + strconv.Itoa(line)
}

// containsSeq reports whether ws holds the words want in a row.
func containsSeq(ws, want []string) bool {
	for i := range ws {
		if hasAt(ws, i, want) {
			return true
		}
	}
	return false
}

// findForms returns which of forms (each as its words) the language's
// sections use, and where first.
func (th *Thesaurus) findForms(l *site.Lang, forms [][]string) formSet {
	byFirst := map[string][][]string{}
	for _, f := range forms {
		byFirst[f[0]] = append(byFirst[f[0]], f)
	}
	var secs []*site.Section
	var docs []*site.Doc
	for _, d := range l.Docs {
		secs = append(secs, d.Sections...)
		for range d.Sections {
			docs = append(docs, d)
		}
	}
	found := make([][]string, len(secs))
	par.Each(len(secs), func(i int) {
		var ws []string
		if th.Words != nil {
			ws = th.Words.text(secs[i]).seq
		} else {
			// Read once and dropped: a slice per section showed in a
			// 1,000-page build's allocations (build -memprofile).
			buf := wordBufs.Get().(*[]string)
			ws = appendSectionWords((*buf)[:0], secs[i])
			defer func() {
				clear(ws)
				*buf = ws[:0]
				wordBufs.Put(buf)
			}()
		}
		for k, w := range ws {
			for _, f := range byFirst[w] {
				if k+len(f) <= len(ws) && slices.Equal(ws[k:k+len(f)], f) {
					found[i] = append(found[i], strings.Join(f, " "))
				}
			}
		}
	})
	out := formSet{}
	for i, fs := range found {
		for _, f := range fs {
			if _, ok := out[f]; !ok {
				out[f] = use{docs[i], secs[i]}
			}
		}
	}
	return out
}

// wordText is a text as words (see words), indexed by word: each form of
// several words is looked for where its first word occurs.
type wordText struct {
	seq  []string
	once sync.Once
	at   map[string][]int32 // made on the first lookup
}

func newWordText(seq []string) *wordText { return &wordText{seq: seq} }

// hasSeq reports whether the words ws occur in the text, in a row.
func (t *wordText) hasSeq(ws []string) bool {
	if len(ws) == 0 {
		return false
	}
	t.once.Do(func() {
		t.at = make(map[string][]int32, len(t.seq)/4)
		for i, w := range t.seq {
			t.at[w] = append(t.at[w], int32(i))
		}
	})
next:
	for _, i := range t.at[ws[0]] {
		if int(i)+len(ws) > len(t.seq) {
			continue
		}
		for k, x := range ws[1:] {
			if t.seq[int(i)+1+k] != x {
				continue next
			}
		}
		return true
	}
	return false
}

// sectionWords returns a section's title and text as words.
func sectionWords(sec *site.Section) []string {
	return appendSectionWords(make([]string, 0, (len(sec.Title)+len(sec.Text))/6+2), sec)
}

// appendSectionWords appends a section's title and text as words to out.
func appendSectionWords(out []string, sec *site.Section) []string {
	return appendWords(appendWords(out, sec.Title), sec.Text)
}

// wordBufs holds the word slices of sections read once (findForms).
var wordBufs = sync.Pool{New: func() any { return new([]string) }}

// WordCache keeps the sections' words, indexed, from one check to the
// next: serve's live rebuilds check the glossary and the thesaurus again
// after each edit, which changes a section or two (reading every
// section's words was a tenth of a rebuild). It holds the last
// check's sections and the current one's. A nil cache reads each time.
type WordCache struct {
	mu        sync.Mutex
	last, cur map[string]*wordText
}

// text returns the section's words, indexed.
func (c *WordCache) text(sec *site.Section) *wordText {
	if c == nil {
		return newWordText(sectionWords(sec))
	}
	key := sec.Title + "\x00" + sec.Text
	c.mu.Lock()
	t, ok := c.cur[key]
	if !ok {
		t, ok = c.last[key]
	}
	c.mu.Unlock()
	if !ok {
		t = newWordText(sectionWords(sec))
	}
	c.mu.Lock()
	if c.cur == nil {
		c.cur = map[string]*wordText{}
	}
	c.cur[key] = t
	c.mu.Unlock()
	return t
}

// Rotate ends a build's checks: their sections become the last ones.
func (c *WordCache) Rotate() {
	c.mu.Lock()
	c.last, c.cur = c.cur, nil
	c.mu.Unlock()
}
