package glossary

import (
	"bytes"
	"encoding/json"
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
	File string
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
// thesaurus.
func LoadThesaurus(path string) (*Thesaurus, error) {
	th := &Thesaurus{File: path}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return th, nil
	}
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(th); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, errors.New(path + ":" + lineAt(b, se.Offset) + ": " + err.Error())
		case errors.As(err, &te):
			return nil, errors.New(path + ":" + lineAt(b, te.Offset) + ": " + err.Error())
		}
		return nil, errors.New(path + ": " + err.Error() + " (the keys are “sets” and “questions”; a set has lang, forms, and section or term)")
	}
	// Lines, for messages: each set is an object opening with "lang"
	// (the file's documented shape); each question with "phrase".
	at := 0
	for _, s := range th.Sets {
		if i := bytes.Index(b[at:], []byte(`"lang"`)); i >= 0 {
			at += i + 1
			s.Line = 1 + bytes.Count(b[:at], []byte("\n"))
		}
	}
	for _, lang := range sortedKeys(th.Questions) {
		at = 0
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

func lineAt(b []byte, off int64) string {
	off = max(0, min(off, int64(len(b))))
	return strconv.Itoa(1 + bytes.Count(b[:off], []byte("\n")))
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
// every language, a glossary term, a calculator), no form that only the
// other language's text uses (a set mixing languages by mistake), and
// question phrasings that are not empty or repeated.
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
	// each of 1,500 forms was 31 ms of every build, and indexing every
	// word of 1,000 pages half a second.
	var forms [][]string
	for _, set := range th.Sets {
		for _, f := range set.Forms {
			if w := wordList(f); len([]rune(strings.Join(w, " "))) > 3 {
				forms = append(forms, w)
			}
		}
	}
	text := map[string]*formSet{}
	for _, l := range s.Langs {
		text[l.Code] = th.findForms(l, forms)
	}
	terms := map[string]bool{}
	if g != nil {
		for _, t := range g.Terms {
			terms[t.ID] = true
		}
	}
	type seenAt struct{ line int }
	seen := map[string]seenAt{} // lang + "\x00" + form as words
	for _, set := range th.Sets {
		where := func(msg string) { ds.Add(th.File, set.Line, msg) }
		if !langs[set.Lang] {
			where("set of language “" + set.Lang + "”: the site's languages are " + strings.Join(sortedKeys(langs), ", "))
			continue
		}
		if len(set.Forms) < 2 {
			where("a set needs at least two forms, got " + strconv.Itoa(len(set.Forms)))
		}
		targets := 0
		for _, x := range []string{set.Section, set.Term, set.Calc} {
			if x != "" {
				targets++
			}
		}
		if targets > 1 {
			where("a set points to one of a section, a term or a calculator, not more")
		}
		if set.Calc != "" && !slices.Contains(calcs, set.Calc) {
			where("calculator “" + set.Calc + "” does not exist (the calculators: " + strings.Join(calcs, ", ") + ")")
		}
		if set.Section != "" {
			slug, id, ok := strings.Cut(set.Section, "#")
			for _, l := range s.Langs {
				d := l.Doc(slug)
				if !ok || d == nil || !d.HasID(id) {
					where("section “" + set.Section + "” does not exist in " + l.Code + " (want slug#id, as in glossary.json)")
					break
				}
			}
		}
		if set.Term != "" && !terms[set.Term] {
			where("term “" + set.Term + "” is not in glossary.json")
		}
		for _, f := range set.Forms {
			w := strings.TrimSpace(words(f))
			if w == "" {
				where("empty form")
				continue
			}
			key := set.Lang + "\x00" + w
			if first, dup := seen[key]; dup {
				where("form “" + f + "” is already in a " + set.Lang + " set at line " + strconv.Itoa(first.line))
				continue
			}
			seen[key] = seenAt{set.Line}
			// A form that the other language's text uses and this one's
			// does not was put in the wrong language (abbreviations, and
			// words of neither text, are fine).
			if len([]rune(w)) > 3 && !text[set.Lang].has(w) {
				for _, code := range sortedKeys(text) {
					if code != set.Lang && text[code].has(w) {
						where("form “" + f + "” is in a " + set.Lang + " set but only the " + code + " text uses it: is the set's “lang” right?")
						break
					}
				}
			}
		}
	}
	for _, lang := range sortedKeys(th.Questions) {
		if !langs[lang] {
			ds.Add(th.File, 0, "questions of language “"+lang+"”: the site's languages are "+strings.Join(sortedKeys(langs), ", "))
			continue
		}
		phrases := map[string]int{}
		for _, q := range th.Questions[lang] {
			p := strings.TrimSpace(words(q.Phrase))
			if p == "" {
				ds.Add(th.File, q.Line, "empty question phrase")
				continue
			}
			if first, dup := phrases[p]; dup {
				ds.Add(th.File, q.Line, "question phrase “"+q.Phrase+"” is already at line "+strconv.Itoa(first))
			}
			phrases[p] = q.Line
		}
	}
	return ds
}

// formSet is the forms (as words joined by single spaces) a text uses.
type formSet map[string]bool

func (f *formSet) has(w string) bool { return (*f)[strings.Join(strings.Fields(w), " ")] }

// findForms returns which of forms (each as its words) the language's
// sections use.
func (th *Thesaurus) findForms(l *site.Lang, forms [][]string) *formSet {
	byFirst := map[string][][]string{}
	for _, f := range forms {
		byFirst[f[0]] = append(byFirst[f[0]], f)
	}
	var secs []*site.Section
	for _, d := range l.Docs {
		secs = append(secs, d.Sections...)
	}
	found := make([][]string, len(secs))
	par.Each(len(secs), func(i int) {
		var ws []string
		if th.Words != nil {
			ws = th.Words.text(secs[i]).seq
		} else {
			// Read once and dropped: a slice per section was 20 of 286 MB
			// allocated in a 1,000-page build (build -memprofile).
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
	for _, fs := range found {
		for _, f := range fs {
			out[f] = true
		}
	}
	return &out
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
// section's words was 9 ms of a 80 ms rebuild). It holds the last
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
