package glossary

import (
	"slices"
	"strings"

	"compendium/generator/site"
	"compendium/wasm/engine"
)

// numberWords are the words and phrases by which a definition would write
// a number in words, per language (as words, see wordList), with the
// numbers they can state: "dans l’heure" is 60 minutes or 1 hour, "la
// moitié" a divisor of 2.
var numberWords = map[string]map[string][]int{
	"fr": {
		"deux": {2}, "trois": {3}, "quatre": {4}, "cinq": {5}, "six": {6}, "sept": {7}, "huit": {8}, "neuf": {9},
		"dix": {10}, "onze": {11}, "douze": {12}, "treize": {13}, "quatorze": {14}, "quinze": {15}, "seize": {16},
		"vingt": {20}, "trente": {30}, "quarante": {40}, "cinquante": {50}, "soixante": {60}, "cent": {100}, "mille": {1000},
		"double": {2}, "doubler": {2}, "triple": {3}, "tripler": {3}, "moitié": {2}, "dizaine": {10}, "douzaine": {12},
		"vingtaine": {20}, "trentaine": {30}, "centaine": {100},
		"un seul": {1}, "une seule": {1}, "un point": {1}, "une minute": {1}, "une seconde": {1}, "un tour": {1},
		"une heure": {60, 1}, "dans l heure": {60, 1},
	},
	"en": {
		"two": {2}, "three": {3}, "four": {4}, "five": {5}, "six": {6}, "seven": {7}, "eight": {8}, "nine": {9},
		"ten": {10}, "eleven": {11}, "twelve": {12}, "thirteen": {13}, "fourteen": {14}, "fifteen": {15},
		"sixteen": {16}, "twenty": {20}, "thirty": {30}, "forty": {40}, "fifty": {50}, "sixty": {60},
		"hundred": {100}, "thousand": {1000}, "twice": {2}, "thrice": {3}, "double": {2}, "triple": {3},
		"half": {2}, "halves": {2}, "halved": {2}, "dozen": {12}, "a single": {1}, "one point": {1},
		"one minute": {1}, "a minute": {1}, "one second": {1}, "one round": {1},
		"an hour": {60, 1}, "one hour": {60, 1}, "within the hour": {60, 1},
	},
}

// notNumbers are the phrases in which a number word counts nothing:
// "les deux bras" (both arms), "half-opening".
var notNumbers = map[string][]string{
	"fr": {"les deux", "des deux", "aux deux", "tous deux", "sort neuf", "objet neuf"},
	"en": {"half opening", "half orc"},
}

// numberWords reports, at t's line, every number t's definitions write in
// words, outside the rule values they name, that states the number of a
// rule value its section declares: the definition names the value
// instead, so that it follows the rule when the value changes. A number
// no value of the section states (the four psychological traits) is not
// a rule's number the calculators read, and stays in words.
func (g *Glossary) numberWords(s *site.Site, t *Term) site.Diagnostics {
	var ds site.Diagnostics
	vals := sectionValues(s, t.Section)
	if len(vals) == 0 {
		return ds
	}
	for _, lang := range s.Codes() {
		for _, w := range NumberWords(lang, t.Definition[lang]) {
			var keys []string
			for _, n := range numberWords[lang][w] {
				for _, v := range vals[n] {
					if !slices.Contains(keys, v) {
						keys = append(keys, v)
					}
				}
			}
			if len(keys) == 0 {
				continue
			}
			ds.Report(g.File, t.Line, "glossary-number-words", "id", t.ID, "lang", lang, "words", strings.ReplaceAll(w, " l ", " l’"), "section", t.Section,
				"values", "{="+strings.Join(keys, "} or {=")+"}", "values@fr", "{="+strings.Join(keys, "} ou {=")+"}", "key", keys[0])
		}
	}
	return ds
}

// sectionValues maps each number the rule values of the section of ref
// ("slug#id", id a section's or an anchor's) declare, in the original
// language, to their keys: a duration counts in minutes and in hours, a
// signed number without its sign.
func sectionValues(s *site.Site, ref string) map[int][]string {
	if len(s.Langs) == 0 {
		return nil
	}
	slug, id, _ := strings.Cut(ref, "#")
	d := s.Langs[0].Doc(slug)
	if d == nil {
		return nil
	}
	for _, a := range d.Anchors {
		if a.ID == id {
			id = a.Section
		}
	}
	out := map[int][]string{}
	add := func(n int, key string) {
		if n < 0 {
			n = -n
		}
		if !slices.Contains(out[n], key) {
			out[n] = append(out[n], key)
		}
	}
	for _, v := range d.Values {
		if v.Section != id || v.Kind == engine.Name {
			continue
		}
		add(v.N, v.Key)
		if v.Kind == engine.Minutes && v.N%60 == 0 {
			add(v.N/60, v.Key)
		}
	}
	return out
}

// NumberWords returns the number words and phrases (numberWords) that def,
// a definition in lang, writes outside its rule values ({=key}), in the
// order they come.
func NumberWords(lang, def string) []string {
	ws := wordList(withoutValues(def))
	var out []string
	for i := range ws {
		for p := range numberWords[lang] {
			pw := strings.Fields(p)
			if !hasAt(ws, i, pw) {
				continue
			}
			excused := false
			for _, e := range notNumbers[lang] {
				ew := strings.Fields(e)
				for j := 0; j < len(ew) && !excused; j++ {
					excused = ew[j] == pw[0] && hasAt(ws, i-j, ew)
				}
			}
			if !excused {
				out = append(out, p)
			}
		}
	}
	return out
}

// hasAt reports whether ws holds the words p from its word i on.
func hasAt(ws []string, i int, p []string) bool {
	if i < 0 || i+len(p) > len(ws) {
		return false
	}
	for k, w := range p {
		if ws[i+k] != w {
			return false
		}
	}
	return true
}

// withoutValues returns def without its rule values: "{=key}" and the
// words of "[words]{=key}", which state the value they name.
func withoutValues(def string) string {
	var b strings.Builder
	for {
		i := strings.Index(def, "{=")
		if i < 0 {
			b.WriteString(def)
			return b.String()
		}
		before := def[:i]
		if strings.HasSuffix(before, "]") {
			if j := strings.LastIndexByte(before, '['); j >= 0 {
				before = before[:j]
			}
		}
		b.WriteString(before)
		b.WriteByte(' ')
		j := strings.IndexByte(def[i:], '}')
		if j < 0 {
			return b.String()
		}
		def = def[i+j+1:]
	}
}
