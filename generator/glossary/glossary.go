// Package glossary reads the FR ↔ EN glossary (content/glossary.json) and
// checks the translation against it: where the French text uses a term the
// glossary marks as mandatory, the same English section must use its agreed
// translation.
package glossary

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"compendium/generator/site"
)

// Term is one glossary entry.
type Term struct {
	ID         string              `json:"id"`
	FR         string              `json:"fr"`
	EN         string              `json:"en"`
	Abbr       map[string]string   `json:"abbr,omitempty"`
	Variants   map[string][]string `json:"variants,omitempty"`
	Section    string              `json:"section"`        // slug#id of the section that defines it
	Docs       []string            `json:"docs,omitempty"` // the documents the definition holds for (HoldsIn)
	Mandatory  bool                `json:"mandatory"`
	Definition map[string]string   `json:"definition"`
	Line       int                 `json:"-"` // line of the term in the file, for messages
}

// Glossary is the whole file.
type Glossary struct {
	File  string
	Terms []*Term `json:"terms"`
	// Words, when set, keeps the sections' words for the next check.
	Words *WordCache `json:"-"`
}

// Term returns the canonical form of t in lang.
func (t *Term) Term(lang string) string {
	if lang == "fr" {
		return t.FR
	}
	return t.EN
}

// Home returns the slug of the document whose section defines t.
func (t *Term) Home() string {
	slug, _, _ := strings.Cut(t.Section, "#")
	return slug
}

// HoldsIn returns the slugs of the documents t's definition holds for:
// Docs, the defining section's document among them, or that document
// alone. A rules page links the term only if its document is one of them
// (the term's words are ordinary words elsewhere: "mort" in a duel).
func (t *Term) HoldsIn() []string {
	if len(t.Docs) == 0 {
		return []string{t.Home()}
	}
	return t.Docs
}

// Forms returns every written form of t in lang: the term, its
// abbreviation and its variants.
func (t *Term) Forms(lang string) []string {
	forms := []string{t.Term(lang)}
	if a := t.Abbr[lang]; a != "" {
		forms = append(forms, a)
	}
	return append(forms, t.Variants[lang]...)
}

// Load reads the glossary at path. A missing file gives an empty glossary:
// a compendium may not have one yet.
func Load(path string) (*Glossary, error) {
	g := &Glossary{File: path}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return g, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, g); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, errors.New(path + ":" + strconv.Itoa(1+bytes.Count(b[:se.Offset], []byte("\n"))) + ": " + err.Error())
		}
		return nil, errors.New(path + ": " + err.Error())
	}
	lines := idLines(b)
	for _, t := range g.Terms {
		t.Line = lines[t.ID]
	}
	return g, nil
}

// idLines maps each `"id": "…"` value of b to the line it is first on, in
// one pass (a search from the top per term was 4 ms of every build).
func idLines(b []byte) map[string]int {
	out := map[string]int{}
	key := []byte(`"id": "`)
	for line := 1; len(b) > 0; line++ {
		l := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			l, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		i := bytes.Index(l, key)
		if i < 0 {
			continue
		}
		v := l[i+len(key)-1:]
		end := bytes.IndexByte(v[1:], '"')
		if end < 0 {
			continue
		}
		id, err := strconv.Unquote(string(v[:end+2]))
		if _, seen := out[id]; err == nil && !seen {
			out[id] = line
		}
	}
	return out
}

// words returns s as its lower-case words joined by single spaces, with a
// space at each end, so that " point d armure " is found in a section's
// words only as whole words. Apostrophes separate words, whatever their
// shape. Matching phrases this way, rather than with a regular expression
// per term, took the check from 780 ms to a few on the real content.
func words(s string) string {
	return " " + strings.Join(wordList(s), " ") + " "
}

// wordList returns s's lower-case words (see words): its runs of letters
// and digits. It is strings.FieldsFunc over strings.ToLower(s) (a fuzz
// test holds them equal) in one pass that tests ASCII bytes without
// decoding them: FieldsFunc's function call and spans per rune were 0.11 s
// of CPU in a 1,000-page build, where every section's words are read for
// the glossary and thesaurus checks.
func wordList(s string) []string { return appendWords(make([]string, 0, len(s)/6+1), s) }

// appendWords appends s's lower-case words (see wordList) to out. Words
// are cut from s and lower-cased one by one, and only those with a
// capital are copied: lower-casing the whole text first, most of it
// accented French that takes strings.ToLower's slow path, was half of
// this function's time in a 10,000-page build (1.4 s of CPU for the
// thesaurus check's 150,000 sections).
func appendWords(out []string, s string) []string {
	start, upper := -1, false
	for i := 0; i < len(s); {
		inWord, size := false, 1
		if c := s[i]; c < utf8.RuneSelf {
			isUpper := 'A' <= c && c <= 'Z'
			inWord = isUpper || 'a' <= c && c <= 'z' || '0' <= c && c <= '9'
			upper = upper || isUpper
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			inWord = unicode.IsLetter(r) || unicode.IsDigit(r)
			upper = upper || inWord && unicode.ToLower(r) != r
		}
		switch {
		case inWord && start < 0:
			start = i
		case !inWord && start >= 0:
			out = appendWord(out, s[start:i], upper)
			start, upper = -1, false
		}
		i += size
	}
	if start >= 0 {
		out = appendWord(out, s[start:], upper)
	}
	return out
}

// appendWord appends the run of letters and digits w, lower-cased when it
// has a capital. A lower-cased letter that were no longer a letter would
// cut the word as lower-casing the whole text first does: the lowered
// word is read again then (no case mapping of Go's does that today).
func appendWord(out []string, w string, upper bool) []string {
	if !upper {
		return append(out, w)
	}
	lw := strings.ToLower(w)
	for _, r := range lw {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return appendWords(out, lw)
		}
	}
	return append(out, lw)
}

// uses reports whether text holds any of the forms (as words: see
// asWords).
func uses(text *wordText, forms [][]string) bool {
	for _, w := range forms {
		if text.hasSeq(w) {
			return true
		}
	}
	return false
}

// asWords turns forms into their words, leaving out those with none.
func asWords(forms []string) [][]string {
	out := make([][]string, 0, len(forms))
	for _, f := range forms {
		if w := strings.Fields(words(f)); len(w) > 0 {
			out = append(out, w)
		}
	}
	return out
}

// Check verifies the glossary against the site: every term's section
// exists in every language, and every mandatory term used in an original
// section has its agreed translation in the translated section.
func (g *Glossary) Check(s *site.Site) site.Diagnostics {
	var ds site.Diagnostics
	if len(g.Terms) == 0 || len(s.Langs) == 0 {
		return ds
	}
	seen := map[string]int{}
	for _, t := range g.Terms {
		if first, dup := seen[t.ID]; dup {
			ds.Add(g.File, t.Line, "term id “"+t.ID+"” is used twice (first at line "+strconv.Itoa(first)+")")
		}
		seen[t.ID] = t.Line
		if t.FR == "" || t.EN == "" {
			ds.Add(g.File, t.Line, "term “"+t.ID+"” needs both “fr” and “en”")
		}
		slug, id, _ := strings.Cut(t.Section, "#")
		for _, l := range s.Langs {
			d := l.Doc(slug)
			if d == nil || (id != "" && !d.HasID(id)) {
				ds.Add(g.File, t.Line, "term “"+t.ID+"”: section “"+t.Section+"” does not exist in "+l.Code)
			}
		}
		if len(t.Docs) > 0 && !slices.Contains(t.Docs, slug) {
			ds.Add(g.File, t.Line, "term “"+t.ID+"”: “docs” leaves out “"+slug+"”, the document of its section “"+t.Section+"”: add it")
		}
		for _, d := range t.Docs {
			if s.Langs[0].Doc(d) == nil {
				ds.Add(g.File, t.Line, "term “"+t.ID+"”: “docs” names “"+d+"”, which is no document (the documents are the file names of content/"+s.Langs[0].Code+"/)")
			}
		}
		ds = append(ds, g.numberWords(s, t)...)
	}
	ds = append(ds, g.sharedForms()...)
	cache := map[*site.Section]*wordText{}
	text := func(sec *site.Section) *wordText {
		w, ok := cache[sec]
		if !ok {
			w = g.Words.text(sec)
			cache[sec] = w
		}
		return w
	}
	orig := s.Langs[0]
	for _, tr := range s.Langs[1:] {
		for _, t := range g.Terms {
			if !t.Mandatory {
				continue
			}
			src, dst := asWords(t.Forms(orig.Code)), asWords(t.Forms(tr.Code))
			for _, od := range orig.Docs {
				td := tr.Doc(od.Slug)
				if td == nil {
					continue
				}
				for _, os := range od.Sections {
					ts := td.Section(os.ID)
					if ts == nil || !uses(text(os), src) {
						continue
					}
					if !uses(text(ts), dst) {
						ds.Add(td.File, ts.Line, "glossary term “"+t.Term(orig.Code)+"” is used in "+od.File+":"+strconv.Itoa(os.Line)+
							" but this section lacks its agreed translation “"+strings.Join(t.Forms(tr.Code), "” / “")+"” ("+g.File+":"+strconv.Itoa(t.Line)+")")
					}
				}
			}
		}
	}
	return ds
}

// sharedForms reports two terms written alike in a language (compared as
// words, without case) whose definitions hold in the same document: a
// page there could not tell which of them a word means. Written alike in
// two games' documents ("blessé"), each page links its own.
func (g *Glossary) sharedForms() site.Diagnostics {
	var ds site.Diagnostics
	for _, lang := range []string{"fr", "en"} {
		byForm := map[string][]*Term{}
		for _, t := range g.Terms {
			seen := map[string]bool{}
			for _, f := range t.Forms(lang) {
				k := words(f)
				if seen[k] || k == "  " {
					continue
				}
				seen[k] = true
				for _, o := range byForm[k] {
					for _, d := range t.HoldsIn() {
						if slices.Contains(o.HoldsIn(), d) {
							ds.Add(g.File, t.Line, "term “"+t.ID+"”: its form “"+f+"” ("+lang+") is also a form of “"+o.ID+"” (line "+strconv.Itoa(o.Line)+
								"), and both hold in “"+d+"”: a page there could not tell which one the word means; keep the form in one of them, or their docs apart")
							break
						}
					}
				}
				byForm[k] = append(byForm[k], t)
			}
		}
	}
	return ds
}
