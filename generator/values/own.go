package values

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
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
	Key    string
	Kind   engine.Kind
	N      int
	Fr, En string // what it means, from MeaningsFile
	Doc    string // the document that states it
}

// Spec returns the value as the engine's values are described, for the
// pages and commands that list both: no calculator, no bounds.
func (o Own) Spec() engine.Spec {
	return engine.Spec{Key: o.Key, Kind: o.Kind, Fr: o.Fr, En: o.En, Doc: o.Doc}
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

// meaning is one entry of MeaningsFile.
type meaning struct {
	Fr string `json:"fr"`
	En string `json:"en"`
}

// loadMeanings reads MeaningsFile of dir, with each key's line. A missing
// file has no meanings.
func loadMeanings(dir string) (map[string]meaning, map[string]int, error) {
	file := filepath.Join(dir, MeaningsFile)
	b, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) || dir == "" {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	var m map[string]meaning
	if err := json.Unmarshal(b, &m); err != nil {
		line := 0
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			line = 1 + bytes.Count(b[:se.Offset], []byte("\n"))
		case errors.As(err, &te):
			line = 1 + bytes.Count(b[:te.Offset], []byte("\n"))
		}
		return nil, nil, errors.New(file + ":" + strconv.Itoa(line) + ": " + err.Error() + ` (want {"doc.name": {"fr": "ce que la valeur veut dire", "en": "what the value means"}})`)
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
	means, lines, err := loadMeanings(s.Dir)
	if err != nil {
		ds.Add("", 0, err.Error())
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
					ds.Add(t.Doc.File, t.Value.Line, "rule value “"+key+"” is declared here but not in the "+orig.Code+" original: declare it there too, with the same value")
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
					ds.Add(x.Doc.File, x.Value.Line, "rule value “"+key+"” is a "+x.Value.Kind.String()+" here but a "+first.Value.Kind.String()+" at "+first.Place()+": write it as {="+key+" "+first.Value.Kind.Example(x.Value.N)+"}, or change both")
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
					ds.Add(td.File, line, "rule value “"+key+"” ("+first.Place()+") is not declared in this translation: write {="+key+" "+first.Value.Literal+"} in section “"+first.Value.Section+"”, where the original states it")
				}
				continue
			}
			for _, x := range t {
				if !bad && x.Value.N != first.Value.N {
					ds.Add(x.Doc.File, x.Value.Line, "rule value “"+key+"” is "+x.Value.Literal+" here but "+first.Value.Literal+" in "+first.Place()+": the languages must state the same value")
					break
				}
			}
		}
		m, ok := means[key]
		switch {
		case !ok:
			ds.Add(first.Doc.File, first.Value.Line, "rule value “"+key+"” is your own (no calculator reads it): say once what it means in "+file+`: "`+key+`": {"fr": "…", "en": "…"}`)
		case strings.TrimSpace(m.Fr) == "" || strings.TrimSpace(m.En) == "":
			ds.Add(file, lines[key], "value “"+key+"”: give its meaning in both languages, \"fr\" and \"en\"")
		}
		own.Fr, own.En = m.Fr, m.En
		set.Own[key] = own
	}
	var listed []string
	for key := range means {
		listed = append(listed, key)
	}
	sort.Strings(listed)
	for _, key := range listed {
		if _, ok := engine.Lookup(key); ok {
			ds.Add(file, lines[key], "value “"+key+"” is one the calculators read: its meaning is the engine's (go run ./generator values); remove it here")
		} else if _, ok := set.Own[key]; !ok {
			ds.Add(file, lines[key], "value “"+key+"” is declared in no document: write {="+key+" …} where the rule states it, or remove it here")
		}
	}
	return ds
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
