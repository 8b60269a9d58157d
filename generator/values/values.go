// Package values gathers the rule values that the content declares
// ({=armor.cap 20}), checks them against each other, across the languages
// and against the engine, and makes of them the rules the engine computes
// with: the text is the one place where a rule's number is written.
package values

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"compendium/generator/site"
	"compendium/wasm/engine"
)

// Decl is one declaration of a value in one document.
type Decl struct {
	Doc   *site.Doc
	Value *site.Value
}

// Place returns "file:line" of the declaration.
func (d Decl) Place() string { return d.Doc.File + ":" + strconv.Itoa(d.Value.Line) }

// Set is the content's values: the rules made of them, and where each one is
// declared.
type Set struct {
	// Rules are the engine's defaults changed by every declared value.
	Rules *engine.Rules
	// Decls holds each key's declarations, by language code, in document
	// order: the engine's values and the organisers' own.
	Decls map[string]map[string][]Decl
	// Own are the organisers' own values, which no calculator reads, by
	// key (see own.go).
	Own map[string]Own
}

// Get returns the number of the value key: the engine's, or the
// organisers' own.
func (s *Set) Get(key string) (int, bool) {
	if o, ok := s.Own[key]; ok {
		return o.N, true
	}
	return s.Rules.Get(key)
}

// Default returns the set of the engine's defaults with no declaration: what
// a site without content, or the engine alone, computes with.
func Default() *Set {
	return &Set{Rules: engine.Default(), Decls: map[string]map[string][]Decl{}, Own: map[string]Own{}}
}

// Collect gathers the values of every document of s and checks them. It
// reports, each at its file and line:
//   - a key the engine does not read, or a value of the wrong kind;
//   - a key declared twice in one language with two numbers;
//   - a key declared in one language and not in another, or with another
//     number, or in a section of the original and not in the same section
//     of a translation (checkSections);
//   - a value that the original language does not declare, when the
//     document that states it is in the site and a block places a
//     calculator that uses it;
//   - a value outside what the engine can compute with;
//   - words that state another number than their value (checkWords).
//
// The rules are made of the original language's values (the first of
// site.Languages present): the translations must agree with it.
func Collect(s *site.Site) (*Set, site.Diagnostics) {
	var ds site.Diagnostics
	set := Default()
	for _, l := range s.Langs {
		for _, d := range l.Docs {
			for _, v := range d.Values {
				spec, ok := engine.Lookup(v.Key)
				if !ok && !ownKey(v.Key, d.Slug) {
					r := ds.Report(d.File, v.Line, "value-unknown", "key", v.Key, "own", "{="+d.Slug+"."+ownName(v.Key)+" "+v.Literal+"}", "file", MeaningsFile)
					if near := suggest(v.Key); near != "" {
						r.Kind, r.Args = "value-unknown-near", append(r.Args, "near", near)
					}
					continue
				}
				if ok && spec.Kind != v.Kind {
					ds.Report(d.File, v.Line, "value-kind", "key", v.Key, "meaning", spec.En, "meaning@fr", spec.Fr, "kind", spec.Kind.String(), "kind@fr", kindFr(spec.Kind), "got", v.Kind.String(), "got@fr", kindFr(v.Kind), "decl", declaration(spec, v.N))
					continue
				}
				byLang := set.Decls[v.Key]
				if byLang == nil {
					byLang = map[string][]Decl{}
					set.Decls[v.Key] = byLang
				}
				for _, first := range byLang[l.Code] {
					if first.Value.N != v.N {
						ds.Report(d.File, v.Line, "value-twice", "key", v.Key, "value", v.Literal, "other", first.Value.Literal, "place", first.Place())
						break
					}
				}
				byLang[l.Code] = append(byLang[l.Code], Decl{Doc: d, Value: v})
			}
		}
	}
	if len(s.Langs) == 0 {
		return set, ds
	}
	orig := s.Langs[0]
	ds = append(ds, set.collectOwn(s)...)
	for _, spec := range engine.Specs() {
		byLang := set.Decls[spec.Key]
		o := byLang[orig.Code]
		if len(o) == 0 {
			if d := orig.Doc(spec.Doc); !spec.Reading && d != nil && placed(orig, spec.Calcs) {
				line := 1
				if sec := d.Section(spec.Section); sec != nil {
					line = sec.Line
				}
				// The organiser's own number, as another language states
				// it, rather than the engine's default: following the
				// message must not undo a playtest change.
				def, _ := engine.Default().Get(spec.Key)
				for _, tr := range s.Langs[1:] {
					if t := byLang[tr.Code]; len(t) > 0 {
						def = t[0].Value.N
						break
					}
				}
				ds.Report(d.File, line, "value-undeclared", "key", spec.Key, "meaning", spec.En, "meaning@fr", spec.Fr, "calcs", calcList(spec.Calcs), "calcs@fr", strings.Join(spec.Calcs, ", "),
					"decl", declaration(spec, def), "section", spec.Section).About = []string{"value:" + orig.Code + ":" + spec.Key}
			}
			for _, tr := range s.Langs[1:] {
				for _, t := range byLang[tr.Code] {
					ds.Report(t.Doc.File, t.Value.Line, "value-not-in-original", "key", spec.Key, "lang", orig.Code).About = []string{"value:" + orig.Code + ":" + spec.Key, orig.Code + ":" + t.Doc.Slug + "#" + t.Value.Section}
					break
				}
			}
			continue
		}
		first := o[0]
		for _, tr := range s.Langs[1:] {
			t := byLang[tr.Code]
			if len(t) == 0 {
				td := tr.Doc(first.Doc.Slug)
				if td == nil {
					continue // the missing document is reported by site.CheckTranslations
				}
				line := 1
				if sec := td.Section(first.Value.Section); sec != nil {
					line = sec.Line
				}
				ds.Report(td.File, line, "value-not-translated", "key", spec.Key, "place", first.Place(), "decl", declaration(spec, first.Value.N), "section", first.Value.Section).About = []string{tr.Code + ":" + td.Slug + "#" + first.Value.Section}
				continue
			}
			for _, x := range t {
				if x.Value.N != first.Value.N {
					ds.Report(x.Doc.File, x.Value.Line, "value-differs", "key", spec.Key, "value", x.Value.Literal, "other", first.Value.Literal, "place", first.Place())
					break
				}
			}
		}
		if err := set.Rules.Set(spec.Key, first.Value.N); err != nil {
			ds.Report(first.Doc.File, first.Value.Line, "value-engine", "key", spec.Key, "err", err.En, "err@fr", err.Fr)
		}
	}
	for _, err := range set.Rules.Check() {
		file, line := "", 0
		if o := set.Decls[err.Field][orig.Code]; len(o) > 0 {
			file, line = o[0].Doc.File, o[0].Value.Line
		} else if d := orig.Doc(specDoc(err.Field)); d != nil {
			file, line = d.File, 1
		}
		ds.Report(file, line, "value-engine", "key", err.Field, "err", err.En, "err@fr", err.Fr)
	}
	ds = append(ds, checkSections(s, set)...) // sections.go
	ds = append(ds, checkWords(s, set)...)    // words.go
	return set, ds
}

// placed reports whether a block of l places one of the calculators: a
// value is needed where a page computes with it.
func placed(l *site.Lang, calcs []string) bool {
	for _, d := range l.Docs {
		for _, c := range d.Calcs {
			if slices.Contains(calcs, c.Name) {
				return true
			}
		}
	}
	return false
}

func specDoc(key string) string {
	s, _ := engine.Lookup(key)
	return s.Doc
}

// declaration writes how content declares key with the number n.
func declaration(spec engine.Spec, n int) string {
	return "{=" + spec.Key + " " + spec.Example(n) + "}"
}

func calcList(calcs []string) string {
	if len(calcs) == 1 {
		return calcs[0] + " calculator"
	}
	return strings.Join(calcs, " and ") + " calculators"
}

// suggest lists the known keys that share the unknown one's game, ""
// for none.
func suggest(key string) string {
	game, _, _ := strings.Cut(key, ".")
	var near []string
	for _, s := range engine.Specs() {
		if strings.HasPrefix(s.Key, game+".") {
			near = append(near, s.Key)
		}
	}
	if len(near) == 0 {
		return ""
	}
	sort.Strings(near)
	if len(near) > 8 {
		near = append(near[:8], "…")
	}
	return strings.Join(near, ", ")
}

// Load reads the content folder dir and returns its values, with every
// problem of the content that the values depend on: what the command line
// computes with.
func Load(dir string) (*Set, site.Diagnostics) {
	s, ds := site.Load(dir, site.Options{})
	set, vds := Collect(s)
	return set, append(ds, vds...)
}

// Declarations returns a paragraph that declares, with the engine's
// defaults, every value the named calculators need: what a document that
// places them must state somewhere, for a test's fixture or an organiser's
// first draft of a new game.
func Declarations(calcs ...string) string {
	var b strings.Builder
	def := engine.Default()
	for _, s := range engine.Specs() {
		if s.Reading || !slices.ContainsFunc(s.Calcs, func(c string) bool { return slices.Contains(calcs, c) }) {
			continue
		}
		n, _ := def.Get(s.Key)
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(declaration(s, n))
	}
	return b.String()
}

// Row is one value as the values page and the values command list it.
type Row struct {
	Spec  engine.Spec
	N     int
	Decls []Decl // in the language listed, in document order
}

// Rows returns every value the engine reads, and the organisers' own, with
// its number and where lang declares it, in the order of the documents and their sections (values no
// document of the site states last, in the engine's order).
func (s *Set) Rows(st *site.Site, lang string) []Row {
	type placed struct {
		row       Row
		doc, line int
	}
	var rows []placed
	l := st.Lang(lang)
	for i, spec := range engine.Specs() {
		n, _ := s.Rules.Get(spec.Key)
		p := placed{row: Row{Spec: spec, N: n, Decls: s.Decls[spec.Key][lang]}, doc: 1 << 20, line: i}
		if l != nil {
			for j, d := range l.Docs {
				if d.Slug == spec.Doc {
					p.doc, p.line = j, 1<<20+i
					if sec := d.Section(spec.Section); sec != nil {
						p.line = sec.Line<<8 + i%256
					}
				}
			}
		}
		if len(p.row.Decls) > 0 {
			for j, d := range l.Docs {
				if d == p.row.Decls[0].Doc {
					p.doc, p.line = j, p.row.Decls[0].Value.Line<<8+i%256
				}
			}
		}
		rows = append(rows, p)
	}
	for i, key := range sortedOwn(s.Own) {
		o := s.Own[key]
		p := placed{row: Row{Spec: o.Spec(), N: o.N, Decls: s.Decls[key][lang]}, doc: 1 << 20, line: 1<<20 + i}
		if l != nil && len(p.row.Decls) > 0 {
			for j, d := range l.Docs {
				if d == p.row.Decls[0].Doc {
					p.doc, p.line = j, p.row.Decls[0].Value.Line<<8+i%256
				}
			}
		}
		rows = append(rows, p)
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].doc != rows[j].doc {
			return rows[i].doc < rows[j].doc
		}
		return rows[i].line < rows[j].line
	})
	out := make([]Row, len(rows))
	for i, p := range rows {
		out[i] = p.row
	}
	return out
}

// Show writes the value n of spec as a reader of lang reads it: 60 min,
// d12, ×2, −1, la vigne.
func Show(spec engine.Spec, n int, lang string) string {
	switch spec.Kind {
	case engine.Name:
		return spec.Word(n, lang)
	case engine.Minutes:
		return strconv.Itoa(n) + "\u00a0min"
	case engine.Dice:
		return "d" + strconv.Itoa(n)
	case engine.Times:
		return "×" + strconv.Itoa(n)
	}
	return Number(n, false)
}

// OrganisersExamples returns ds with each unreadable word written for a
// number (the parser's "value-engine" problem, {=armor.plate trois})
// given, as its example, the number another language of s declares for
// the same key rather than the engine's default: after a playtest change
// (plate 4 in English), following the message must not undo it.
func OrganisersExamples(ds site.Diagnostics, s *site.Site) site.Diagnostics {
	for i, d := range ds {
		if d.Kind != "value-engine" || d.Arg("code") != "value_syntax" || d.Arg("lit") == "" {
			continue
		}
		key, lit := d.Arg("key"), d.Arg("lit")
		n, found := 0, false
		for _, l := range s.Langs {
			for _, doc := range l.Docs {
				for _, v := range doc.Values {
					if v.Key == key && doc.File != d.File && !found {
						n, found = v.N, true
					}
				}
			}
		}
		if !found {
			continue
		}
		if err := engine.UnreadableWord(key, lit, n); err != nil {
			args := slices.Clone(d.Args)
			for k := 0; k+1 < len(args); k += 2 {
				switch args[k] {
				case "err":
					args[k+1] = err.En
				case "err@fr":
					args[k+1] = err.Fr
				}
			}
			ds[i].Args = args
		}
	}
	return ds
}
