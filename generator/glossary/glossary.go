// Package glossary reads the FR ↔ EN glossary (content/glossary.json) and
// checks the translation against it: where the French text uses a term the
// glossary marks as mandatory, the same English section must use its agreed
// translation.
package glossary

import (
	"cmp"
	"errors"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"compendium/generator/site"
)

// Term is one glossary entry. Its names are the entry's keys that are
// language codes ("fr": "points d’armure", "en": "armour points", "de":
// …): one per language of the site, read by Load (termNames).
type Term struct {
	ID         string              `json:"id"`
	Names      map[string]string   `json:"-"`
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
	File  string  `json:"-"`
	Terms []*Term `json:"terms"`
	// Words, when set, keeps the sections' words for the next check.
	Words *WordCache `json:"-"`
}

// Term returns the canonical form of t in lang, "" in a language it has
// no name in.
func (t *Term) Term(lang string) string { return t.Names[lang] }

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
// a compendium may not have one yet. A file that is not the glossary's
// JSON gives its one problem as site.Diagnostics (site.ReadJSON).
func Load(path string) (*Glossary, error) {
	g := &Glossary{File: path}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return g, nil
	}
	if err != nil {
		return nil, err
	}
	names, rest := termNames(b)
	if err := site.ReadJSON(path, rest, g); err != nil {
		return nil, err
	}
	g.Terms = slices.DeleteFunc(g.Terms, func(t *Term) bool { return t == nil }) // a null in the list says nothing
	lines := objectLines(b, "terms", "id")
	for i, t := range g.Terms {
		if i < len(names) {
			t.Names = names[i]
		}
		if i < len(lines) {
			t.Line = lines[i]
		}
	}
	return g, nil
}

// objectLines returns the line of each object in the list under key at
// the top of b, valid JSON: the line of its field, or of its opening
// brace when it has none. Entries are told apart by their place in the
// list, not by their ID, so that the second of two terms with one ID is
// named at its own line. It is one pass over the bytes (a search from the
// top per term was a cost paid by every build).
func objectLines(b []byte, key, field string) []int {
	var out []int
	line, depth := 1, 0
	inList, next, named := false, false, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case '\n':
			line++
		case '"':
			j := i + 1
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			str := b[i+1 : min(j, len(b))]
			k := j + 1
			for k < len(b) && (b[k] == ' ' || b[k] == '\t' || b[k] == '\r' || b[k] == '\n') {
				k++
			}
			if k < len(b) && b[k] == ':' {
				switch {
				case depth == 1 && string(str) == key:
					next = true
				case inList && depth == 3 && !named && string(str) == field:
					out[len(out)-1], named = line, true
				}
			}
			i = j
		case '{', '[':
			depth++
			if c == '[' && depth == 2 && next {
				inList = true
			}
			if c == '{' && inList && depth == 3 {
				out, named = append(out, line), false
			}
			next = false
		case '}', ']':
			if depth == 2 {
				inList = false
			}
			depth--
		}
	}
	return out
}

// words returns s as its lower-case words joined by single spaces, with a
// space at each end, so that " point d armure " is found in a section's
// words only as whole words. Apostrophes separate words, whatever their
// shape. Matching phrases this way, rather than with a regular expression
// per term, made the check a hundred times faster on the real content.
func words(s string) string {
	return " " + strings.Join(wordList(s), " ") + " "
}

// wordList returns s's lower-case words (see words): its runs of letters
// and digits. It is strings.FieldsFunc over strings.ToLower(s) (a fuzz
// test holds them equal) in one pass that tests ASCII bytes without
// decoding them: FieldsFunc's function call and spans per rune showed in
// the CPU profile of a 1,000-page build, where every section's words are
// read for the glossary and thesaurus checks.
func wordList(s string) []string { return appendWords(make([]string, 0, len(s)/6+1), s) }

// appendWords appends s's lower-case words (see wordList) to out. Words
// are cut from s and lower-cased one by one, and only those with a
// capital are copied: lower-casing the whole text first, most of it
// accented French that takes strings.ToLower's slow path, was half of
// this function's time in a 10,000-page build, where the thesaurus check
// reads every section.
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

// Check verifies the glossary against the site: every term has an ID of
// its own and both languages, its section exists in every language, its
// documents exist, no two terms share a form where both hold, and every
// mandatory term used in an original section has its agreed translation
// in the translated section. Each problem is a catalogue kind at the
// term's line, folded under its cause where it has one (a section that no
// longer exists, a document that could not be read).
func (g *Glossary) Check(s *site.Site) site.Diagnostics {
	var ds site.Diagnostics
	if len(g.Terms) == 0 || len(s.Langs) == 0 {
		return ds
	}
	orig := s.Langs[0]
	first := map[string]int{}
	for _, t := range g.Terms {
		if line, dup := first[t.ID]; dup {
			ds.Report(g.File, t.Line, "glossary-id-duplicate", "id", t.ID, "first", strconv.Itoa(line))
		} else {
			first[t.ID] = t.Line
			if !kebab.MatchString(t.ID) {
				ds.Report(g.File, t.Line, "glossary-id-invalid", "id", t.ID)
			}
		}
		var lacks []string
		for _, l := range s.Codes() {
			if t.Term(l) == "" {
				lacks = append(lacks, l)
			}
		}
		switch {
		case len(lacks) == len(s.Langs):
			ds.Report(g.File, t.Line, "glossary-lacks-both", "id", t.ID)
		case len(lacks) > 0:
			// A consequence when the language has no documents at all
			// (the configuration names it): said once, there.
			ds.Report(g.File, t.Line, "glossary-lacks-lang", "id", t.ID, "lang", lacks[0]).About = []string{"lang:" + lacks[0]}
		}
		slug, id, _ := strings.Cut(t.Section, "#")
		if t.Section == "" {
			ds.Report(g.File, t.Line, "glossary-section-empty", "id", t.ID)
		} else {
			var missing, about []string
			for _, l := range s.Langs {
				if d := l.Doc(slug); d == nil || (id != "" && !d.HasID(id)) {
					missing = append(missing, l.Code)
					about = append(about, l.Code+":"+slug+"#"+cmp.Or(id, "*"))
				}
			}
			if len(missing) > 0 {
				ds.Report(g.File, t.Line, "glossary-section-missing", "id", t.ID, "section", t.Section, "langs", strings.Join(missing, ", ")).About = about
			}
		}
		if slug != "" && len(t.Docs) > 0 && !slices.Contains(t.Docs, slug) {
			ds.Report(g.File, t.Line, "glossary-docs-home", "id", t.ID, "slug", slug, "section", t.Section)
		}
		for _, d := range t.Docs {
			if orig.Doc(d) == nil {
				ds.Report(g.File, t.Line, "glossary-docs-unknown", "id", t.ID, "doc", d, "lang", orig.Code, "slugs", docSlugs(orig)).About = []string{orig.Code + ":" + d + "#*"}
			}
		}
		ds = append(ds, g.numberWords(s, t)...)
	}
	ds = append(ds, g.sharedForms(s.Codes())...)
	cache := map[*site.Section]*wordText{}
	text := func(sec *site.Section) *wordText {
		w, ok := cache[sec]
		if !ok {
			w = g.Words.text(sec)
			cache[sec] = w
		}
		return w
	}
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
					if ts == nil || !uses(text(os), src) || uses(text(ts), dst) {
						continue
					}
					place := od.File + ":" + strconv.Itoa(os.Line)
					forms := t.Forms(tr.Code)
					// The French section's own problem (a duplicated ID) is
					// this one's cause.
					ds.Report(td.File, ts.Line, "glossary-missing-translation", "term", t.Term(orig.Code), "place", place,
						"forms", strings.Join(forms, "” / “"), "forms@fr", strings.Join(forms, " » / « "),
						"at", g.File+":"+strconv.Itoa(t.Line)).At = place
				}
			}
		}
	}
	return ds
}

// kebab is the form of a term's ID: English kebab-case, as the sections'.
var kebab = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// docSlugs lists the documents of l, for messages.
func docSlugs(l *site.Lang) string {
	slugs := make([]string, len(l.Docs))
	for i, d := range l.Docs {
		slugs[i] = d.Slug
	}
	return strings.Join(slugs, ", ")
}

// sharedForms reports two terms written alike in a language (compared as
// words, without case) whose definitions hold in the same document: a
// page there could not tell which of them a word means. Written alike in
// two games' documents ("blessé"), each page links its own. Two entries
// with one ID are already said to be one too many.
func (g *Glossary) sharedForms(langs []string) site.Diagnostics {
	var ds site.Diagnostics
	for _, lang := range langs {
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
					if o.ID == t.ID {
						continue
					}
					for _, d := range t.HoldsIn() {
						if slices.Contains(o.HoldsIn(), d) {
							ds.Report(g.File, t.Line, "glossary-form-shared", "id", t.ID, "form", f, "lang", lang, "other", o.ID, "line", strconv.Itoa(o.Line), "doc", d)
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
