package values

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"compendium/generator/site"
	"compendium/wasm/engine"
)

// MeaningsFile is where the organisers say, once, what each value of their
// own means, in every language: {"alchemy.brewing-time": {"fr": "durée de
// préparation d’une potion", "en": "brewing time of a potion"}}. It lies
// in the content folder.
const MeaningsFile = "values.json"

// Own is a value of the organisers' own: a number of their rules that no
// calculator reads ({=alchemy.brewing-time 30min} in alchemy.md). It has
// the checks of the engine's values (every language states it, with the
// same number and kind) and their places: the values page, the values
// command and "what changed".
type Own struct {
	Key  string
	Kind engine.Kind
	N    int
	// Meaning is what it means per language, from MeaningsFile.
	Meaning map[string]string
	Doc     string // the document that states it
}

// Spec returns the value as the engine's values are described, for the
// pages and commands that list both: no calculator, no bounds.
func (o Own) Spec() engine.Spec {
	sp := engine.Spec{Key: o.Key, Kind: o.Kind, Doc: o.Doc}
	for lang, f := range specMeanings {
		f.set(&sp, o.Meaning[lang])
	}
	return sp
}

// specMeanings are the languages an engine.Spec says its meaning in, each
// with the field that holds it.
var specMeanings = map[string]struct {
	get func(sp engine.Spec) string
	set func(sp *engine.Spec, meaning string)
}{
	"fr": {func(sp engine.Spec) string { return sp.Fr }, func(sp *engine.Spec, m string) { sp.Fr = m }},
	"en": {func(sp engine.Spec) string { return sp.En }, func(sp *engine.Spec, m string) { sp.En = m }},
}

// Meaning returns what spec means in lang; in a language the engine's
// specs are not written in, in the first of langs (the site's, the
// original first) that they are.
func Meaning(spec engine.Spec, lang string, langs []string) string {
	for _, l := range append([]string{lang}, langs...) {
		if f, ok := specMeanings[l]; ok {
			return f.get(spec)
		}
	}
	return ""
}

// ownKey reports whether key may name a value of the organisers' own in
// the document slug: the engine does not read it, and it is named after
// the document (alchemy.brewing-time in alchemy.md). A misspelt engine
// key (armor.plat) names another game's prefix and stays an error.
func ownKey(key, slug string) bool {
	prefix, name, ok := strings.Cut(key, ".")
	return ok && prefix == slug && name != ""
}

// ownName is key without its prefix, for a message's example.
func ownName(key string) string {
	if _, name, ok := strings.Cut(key, "."); ok {
		return name
	}
	return key
}

// lacking returns the languages of langs m says nothing in.
func lacking(m meaning, langs []string) []string {
	var out []string
	for _, l := range langs {
		if strings.TrimSpace(m[l]) == "" {
			out = append(out, l)
		}
	}
	return out
}

// AndList joins words as a sentence lists them: "fr", "fr and en",
// "fr, en and de".
func AndList(words []string, and string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + and + " " + words[len(words)-1]
}

// meaning is one entry of MeaningsFile: what the value means, per
// language code.
type meaning map[string]string

// loadMeanings reads MeaningsFile of dir, with each key's line. A missing
// file has no meanings; one that cannot be read is a diagnostic.
func loadMeanings(dir string) (map[string]meaning, map[string]int, *site.Diagnostic) {
	file := filepath.Join(dir, MeaningsFile)
	b, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) || dir == "" {
		return nil, nil, nil
	}
	if err != nil {
		d := site.New(file, 0, "read-failed", "err", err.Error())
		return nil, nil, &d
	}
	var m map[string]meaning
	if err := json.Unmarshal(b, &m); err != nil {
		d := site.JSONProblem(file, b, err)
		return nil, nil, &d
	}
	if d := site.DuplicateKey(file, b); d != nil {
		return nil, nil, d
	}
	lines := map[string]int{}
	for i, l := range strings.Split(string(b), "\n") {
		if k, _, ok := strings.Cut(strings.TrimSpace(l), `":`); ok && strings.HasPrefix(k, `"`) {
			if _, dup := lines[k[1:]]; !dup {
				lines[k[1:]] = i + 1
			}
		}
	}
	return m, lines, nil
}

// collectOwn checks the organisers' own values that Collect gathered in
// s.Decls, as Collect checks the engine's: the original states each one,
// every translation of its document states it with the same number, one
// kind (a number, a duration, a die, a multiplier) throughout, and
// MeaningsFile says what it means in every language and names no value
// the content does not declare. It fills s.Own.
func (set *Set) collectOwn(s *site.Site) site.Diagnostics {
	var ds site.Diagnostics
	file := filepath.Join(s.Dir, MeaningsFile)
	means, lines, unread := loadMeanings(s.Dir)
	if unread != nil {
		ds = append(ds, *unread)
	}
	orig := s.Langs[0]
	var keys []string
	for key := range set.Decls {
		if _, ok := engine.Lookup(key); !ok {
			keys = append(keys, key)
		}
	}
	sort.Strings(keys)
	for _, key := range keys {
		byLang := set.Decls[key]
		o := byLang[orig.Code]
		if len(o) == 0 {
			for _, tr := range s.Langs[1:] {
				for _, t := range byLang[tr.Code] {
					ds.Report(t.Doc.File, t.Value.Line, "value-not-in-original", "key", key, "lang", orig.Code)
					break
				}
			}
			continue
		}
		first := o[0]
		own := Own{Key: key, Kind: first.Value.Kind, N: first.Value.N, Doc: first.Doc.Slug}
		bad := false
		for _, l := range s.Langs {
			for _, x := range byLang[l.Code] {
				if x.Value.Kind != first.Value.Kind {
					ds.Report(x.Doc.File, x.Value.Line, "value-own-kind", "key", key, "kind", x.Value.Kind.String(), "kind@fr", kindFr(x.Value.Kind),
						"want", first.Value.Kind.String(), "want@fr", kindFr(first.Value.Kind), "place", first.Place(), "decl", "{="+key+" "+first.Value.Kind.Example(x.Value.N)+"}")
					bad = true
					break
				}
			}
		}
		for _, tr := range s.Langs[1:] {
			t := byLang[tr.Code]
			if len(t) == 0 {
				if td := tr.Doc(first.Doc.Slug); td != nil {
					line := 1
					if sec := td.Section(first.Value.Section); sec != nil {
						line = sec.Line
					}
					ds.Report(td.File, line, "value-not-translated", "key", key, "place", first.Place(), "decl", "{="+key+" "+first.Value.Literal+"}", "section", first.Value.Section)
				}
				continue
			}
			for _, x := range t {
				if !bad && x.Value.N != first.Value.N {
					ds.Report(x.Doc.File, x.Value.Line, "value-differs", "key", key, "value", x.Value.Literal, "other", first.Value.Literal, "place", first.Place())
					break
				}
			}
		}
		m, ok := means[key]
		switch {
		case !ok && unread != nil:
			// The file that says it could not be read: its message
			// is the one to act on.
		case !ok:
			ds.Report(first.Doc.File, first.Value.Line, "value-own-no-meaning", "key", key, "file", file)
		case len(lacking(m, s.Codes())) > 0:
			l := lacking(m, s.Codes())
			ds.Report(file, lines[key], "value-own-meaning-missing", "key", key, "langs", AndList(l, "and"), "langs@fr", AndList(l, "et"))
		}
		own.Meaning = m
		set.Own[key] = own
	}
	var listed []string
	for key := range means {
		listed = append(listed, key)
	}
	sort.Strings(listed)
	for _, key := range listed {
		if _, ok := engine.Lookup(key); ok {
			ds.Report(file, lines[key], "value-own-engine", "key", key)
		} else if _, ok := set.Own[key]; !ok {
			ds.Report(file, lines[key], "value-own-undeclared", "key", key)
		}
	}
	return ds
}

// kindFr names a kind of value in French, as Kind.String does in
// English, for the messages.
func kindFr(k engine.Kind) string {
	switch k {
	case engine.Minutes:
		return "durée"
	case engine.Dice:
		return "dé"
	case engine.Times:
		return "multiplicateur"
	case engine.Name:
		return "nom"
	}
	return "nombre"
}

// sortedOwn returns the keys of own, sorted.
func sortedOwn(own map[string]Own) []string {
	keys := make([]string, 0, len(own))
	for k := range own {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
