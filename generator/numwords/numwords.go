// Package numwords reads the number that a few words of French or English
// state: figures with their unit ("15mn", "125xp", "1D12", "4th") and
// number words ("deux minutes", "un seul", "triple", "la moitié",
// "une dizaine", "within the following hour", "twice", "halve"). The rules'
// checks use it to hold the words a page shows beside a rule value to the
// value itself.
package numwords

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Unit is what a quantity counts.
type Unit uint8

// The units a quantity can have.
const (
	Plain   Unit = iota // a number: 3, 125xp, un point
	Minutes             // a duration, N in minutes: 15mn, une heure, dans l'heure
	Die                 // a die, N its sides: 1D12, d20
	Seconds             // a duration in seconds, which no rule value measures
)

// Quantity is one number the words state.
type Quantity struct {
	N    int
	Unit Unit
	// Mult marks a multiplier ("deux fois", "triple", "twice"), Ord an
	// ordinal ("4th", "quatrième", "premier"), Approx an approximate
	// number ("une dizaine", "a dozen").
	Mult, Ord, Approx bool
	// Digits marks a number written in figures; Start and End are the
	// byte offsets of the words that state it, the unit included.
	Digits     bool
	Start, End int
	// Scale is what the figures are multiplied by to give N: 60 for
	// "1h", 1 otherwise (for rewriting the figures).
	Scale int
	// Dice counts the dice of a die written with more than one ("2D12"),
	// which no die value is.
	Dice int
	// NumEnd is the end of the number before a unit written apart ("1"
	// of "1 minutes"), whose noun must agree with it; End otherwise.
	NumEnd int
}

// String writes q for a message: "20 min", "d12", "×3", "2".
func (q Quantity) String() string {
	switch q.Unit {
	case Minutes:
		if q.N >= 60 && q.N%60 == 0 {
			return strconv.Itoa(q.N/60) + " h"
		}
		return strconv.Itoa(q.N) + " min"
	case Die:
		if q.Dice > 1 {
			return strconv.Itoa(q.Dice) + "d" + strconv.Itoa(q.N)
		}
		return "d" + strconv.Itoa(q.N)
	case Seconds:
		return strconv.Itoa(q.N) + " s"
	}
	if q.Mult {
		return "×" + strconv.Itoa(q.N)
	}
	return strconv.Itoa(q.N)
}

type token struct {
	w          string // lower case
	start, end int
}

// tokens splits s into runs of letters and digits, lower-cased: "l’heure"
// is "l" and "heure", "dix-sept" is "dix" and "sept", "15mn" one token.
func tokens(s string) []token {
	var ts []token
	start := -1
	for i, r := range s {
		alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		if alnum && start < 0 {
			start = i
		}
		if !alnum && start >= 0 {
			ts = append(ts, token{strings.ToLower(s[start:i]), start, i})
			start = -1
		}
	}
	if start >= 0 {
		ts = append(ts, token{strings.ToLower(s[start:]), start, len(s)})
	}
	return ts
}

var cardinals = map[string]map[string]int{
	"fr": {"zéro": 0, "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7,
		"huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15,
		"seize": 16, "vingt": 20, "vingts": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60,
		"cent": 100, "cents": 100, "mille": 1000},
	"en": {"zero": 0, "one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
		"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
		"fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
		"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
		"hundred": 100, "thousand": 1000},
}

// articles are the cardinals that are also articles: they state 1 only
// before a unit ("un point", "an hour", "un seul") or alone.
var articles = map[string]bool{"un": true, "une": true, "a": true, "an": true}

var approx = map[string]map[string]int{
	"fr": {"dizaine": 10, "douzaine": 12, "quinzaine": 15, "vingtaine": 20, "trentaine": 30, "quarantaine": 40,
		"cinquantaine": 50, "soixantaine": 60, "centaine": 100},
	"en": {"dozen": 12, "score": 20},
}

var ordinals = map[string]map[string]int{
	"fr": {"premier": 1, "première": 1, "premiers": 1, "premières": 1, "second": 2, "seconde": 2, "deuxième": 2,
		"troisième": 3, "quatrième": 4, "cinquième": 5, "sixième": 6, "septième": 7, "huitième": 8,
		"neuvième": 9, "dixième": 10, "onzième": 11, "douzième": 12, "vingtième": 20, "centième": 100},
	"en": {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
		"ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "twentieth": 20, "hundredth": 100},
}

// multipliers state how many times ("triple"); fractions state a divisor
// ("la moitié" is dividing by 2).
var multipliers = map[string]map[string]int{
	"fr": {"double": 2, "doubler": 2, "triple": 3, "tripler": 3, "quadruple": 4, "quintuple": 5},
	"en": {"once": 1, "twice": 2, "thrice": 3, "double": 2, "triple": 3, "quadruple": 4},
}

var fractions = map[string]map[string]int{
	"fr": {"moitié": 2, "demi": 2, "demie": 2, "tiers": 3, "quart": 4},
	"en": {"half": 2, "halve": 2, "halved": 2, "halves": 2, "halving": 2, "quarter": 4},
}

// timeUnits gives each unit word its length in minutes (0 for seconds).
var timeUnits = map[string]int{
	"min": 1, "mn": 1, "minute": 1, "minutes": 1, "m": 1,
	"h": 60, "heure": 60, "heures": 60, "hour": 60, "hours": 60, "hr": 60, "hrs": 60,
	"jour": 1440, "jours": 1440, "day": 1440, "days": 1440,
	"s": 0, "sec": 0, "seconde": 0, "secondes": 0, "seconds": 0,
}

// singularUnits are the units that, alone, state one ("dans l'heure",
// "within the hour").
var singularUnits = map[string]bool{"heure": true, "hour": true, "minute": true, "jour": true, "day": true}

// timesWords make the number before them a multiplier.
var timesWords = map[string]bool{"fois": true, "times": true}

// unitNouns are what an article counts as one: "un point", "a point".
var unitNouns = map[string]bool{"point": true, "seul": true, "seule": true, "single": true, "fois": true,
	"niveau": true, "level": true, "dé": true, "die": true, "pv": true, "xp": true, "hp": true, "lp": true}

// Read returns the quantities words state, in order, in the language lang
// ("fr" or "en"). Words that state no number give none.
func Read(words, lang string) []Quantity {
	ts := tokens(words)
	var qs []Quantity
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		if q, ok := figures(t); ok {
			if q.Unit == Plain && !q.Ord && !q.Mult {
				i = unitAfter(ts, i, &q)
			}
			qs = append(qs, q)
			continue
		}
		w := t.w
		if n, ok := approx[lang][w]; ok {
			q := Quantity{N: n, Approx: true, Start: t.start, End: t.end, Scale: 1}
			i = unitAfter(ts, i, &q)
			qs = append(qs, q)
			continue
		}
		if _, ok := cardinals[lang][w]; ok {
			// An article before an approximate number is part of it: "une
			// dizaine", "a dozen".
			if articles[w] && i+1 < len(ts) {
				if n, ok := approx[lang][ts[i+1].w]; ok {
					q := Quantity{N: n, Approx: true, Start: t.start, End: ts[i+1].end, Scale: 1}
					i = unitAfter(ts, i+1, &q)
					qs = append(qs, q)
					continue
				}
			}
			j, n := cardinalRun(ts, i, lang)
			if j == i+1 && articles[w] && len(ts) > 1 {
				next := ""
				if i+1 < len(ts) {
					next = ts[i+1].w
				}
				if !unitNouns[next] && timeUnits[next] == 0 && !(next == "s" || next == "sec") {
					continue // an article
				}
			}
			q := Quantity{N: n, Start: t.start, End: ts[j-1].end, Scale: 1}
			i = unitAfter(ts, j-1, &q)
			qs = append(qs, q)
			continue
		}
		if n, ok := ordinals[lang][w]; ok {
			qs = append(qs, Quantity{N: n, Ord: true, Start: t.start, End: t.end, Scale: 1})
			continue
		}
		if n, ok := multipliers[lang][w]; ok {
			qs = append(qs, Quantity{N: n, Mult: true, Start: t.start, End: t.end, Scale: 1})
			continue
		}
		if n, ok := fractions[lang][w]; ok {
			qs = append(qs, Quantity{N: n, Start: t.start, End: t.end, Scale: 1})
			continue
		}
		if singularUnits[w] {
			qs = append(qs, Quantity{N: timeUnits[w], Unit: Minutes, Start: t.start, End: t.end, Scale: timeUnits[w]})
		}
	}
	for i := range qs {
		if qs[i].NumEnd == 0 {
			qs[i].NumEnd = qs[i].End
		}
	}
	return qs
}

// cardinalRun reads the number words from ts[i] ("dix sept", "quatre
// vingt dix", "vingt et un", "one hundred and five") and returns the index
// after them and their value.
func cardinalRun(ts []token, i int, lang string) (int, int) {
	total, cur := 0, 0
	j := i
	for j < len(ts) {
		v, ok := cardinals[lang][ts[j].w]
		if !ok {
			// "vingt et un", "a hundred and five": the joining word, when a
			// number follows.
			if (ts[j].w == "et" || ts[j].w == "and") && j > i && j+1 < len(ts) {
				if _, next := cardinals[lang][ts[j+1].w]; next && !articles[ts[j+1].w] || ts[j+1].w == "un" || ts[j+1].w == "one" {
					j++
					continue
				}
			}
			break
		}
		if j > i && articles[ts[j].w] && ts[j-1].w != "et" && ts[j-1].w != "and" && cardinals[lang][ts[j-1].w] < 100 {
			break // "deux une" is not a number; "vingt et un" and "cent un" are
		}
		switch {
		case v == 1000:
			total += max(cur, 1) * 1000
			cur = 0
		case v == 100:
			cur = max(cur, 1) * 100
		case v == 20 && grammarOf(lang).vigesimal && cur > 1 && cur < 10:
			cur *= 20 // quatre-vingt
		case cur%10 != 0 && v < 10 || cur != 0 && cur < v && v < 100:
			// "deux trois", "trois vingt": not one number.
			return j, total + cur
		default:
			cur += v
		}
		j++
	}
	return j, total + cur
}

// unitAfter looks at most two words after ts[i] for the unit of the
// number q ("15 minutes", "1 whole minute", "10 more min", "deux fois")
// and returns the index of the last word it read.
func unitAfter(ts []token, i int, q *Quantity) int {
	q.NumEnd = ts[i].end
	for k := i + 1; k < len(ts) && k <= i+2; k++ {
		w := ts[k].w
		if m, ok := timeUnits[w]; ok && (len(w) > 1 || k == i+1) {
			if m == 0 {
				q.Unit = Seconds
			} else {
				q.Unit, q.N, q.Scale = Minutes, q.N*m, m
			}
			q.End = ts[k].end
			return k
		}
		if timesWords[w] {
			q.Mult, q.End = true, ts[k].end
			return k
		}
		if anyCardinal(w) {
			break
		}
	}
	return i
}

// figures reads a token written in figures: "15", "15mn", "1h30", "1D12",
// "d20", "4th", "4e", "125xp", "3x".
func figures(t token) (Quantity, bool) {
	w := t.w
	q := Quantity{Digits: true, Start: t.start, End: t.end, Scale: 1}
	if len(w) > 1 && w[0] == 'd' && isDigits(w[1:]) {
		n, _ := strconv.Atoi(w[1:])
		q.N, q.Unit = n, Die
		return q, len(w) < 8
	}
	d := 0
	for d < len(w) && w[d] >= '0' && w[d] <= '9' {
		d++
	}
	if d == 0 || d > 7 {
		return q, false
	}
	n, _ := strconv.Atoi(w[:d])
	q.N = n
	rest := w[d:]
	switch {
	case rest == "":
	case rest[0] == 'd' && isDigits(rest[1:]) && len(rest) > 1 && len(rest) < 8:
		q.N, q.Unit = atoi(rest[1:]), Die
		if n != 1 {
			q.Dice = n // "2d6" is two dice, not a die
		}
	case rest == "h" || rest[0] == 'h' && isDigits(rest[1:]) && len(rest) < 4:
		q.Unit, q.N, q.Scale = Minutes, n*60+atoi(rest[1:]), 60
	case timeUnits[rest] > 0:
		q.Unit, q.N, q.Scale = Minutes, n*timeUnits[rest], timeUnits[rest]
	case rest == "s" || rest == "sec":
		q.Unit = Seconds
	case rest == "x":
		q.Mult = true
	case rest == "st" || rest == "nd" || rest == "rd" || rest == "th" || rest == "e" || rest == "er" ||
		rest == "re" || rest == "ème" || rest == "eme" || rest == "nde":
		q.Ord = true
	}
	return q, true
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// Plural reports whether lang writes the noun after the number n in the
// plural: French from 2 on ("1,5 point" aside, the rules count whole
// numbers), English for every number but one.
func Plural(n int, lang string) bool {
	if n < 0 {
		n = -n
	}
	return grammarOf(lang).plural(n)
}

// nouns are the nouns the rules count after a value, singular → plural.
var nouns = map[string]map[string]string{
	"fr": {"point": "points", "niveau": "niveaux", "minute": "minutes", "heure": "heures", "test": "tests",
		"dé": "dés", "sort": "sorts", "coup": "coups", "jour": "jours", "combattant": "combattants",
		"emplacement": "emplacements", "action": "actions", "round": "rounds", "tour": "tours"},
	"en": {"point": "points", "level": "levels", "minute": "minutes", "hour": "hours", "test": "tests",
		"die": "dice", "spell": "spells", "blow": "blows", "day": "days", "fighter": "fighters",
		"slot": "slots", "action": "actions", "round": "rounds", "turn": "turns"},
}

// stopWords end the search for a counted noun: "+1 par niveau" counts
// nothing, the level is "each".
var stopWords = map[string]bool{"par": true, "per": true, "à": true, "to": true, "et": true, "and": true,
	"ou": true, "or": true, "de": true, "of": true, "du": true, "des": true, "the": true, "le": true, "la": true,
	"les": true, "than": true, "que": true, "sur": true, "on": true, "in": true, "dans": true}

// Noun is a counted noun found after a number.
type Noun struct {
	Word, Want string // as written, and as the number wants it
	Start, End int
}

// Agree looks in text (what follows a number n on its line) for the noun
// the number counts, at most three words on, before any punctuation or
// joining word, and returns it when its number disagrees with n ("2
// point"): Want is the form to write.
func Agree(n int, text, lang string) (Noun, bool) {
	pl := Plural(n, lang)
	seen := 0
	i := 0
	for i < len(text) && seen < 3 {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == ' ' || r == '\u00a0' || r == '\u202f':
			i += size
			continue
		case !unicode.IsLetter(r):
			return Noun{}, false
		}
		j := i
		for j < len(text) {
			r, size := utf8.DecodeRuneInString(text[j:])
			if !unicode.IsLetter(r) {
				break
			}
			j += size
		}
		w := text[i:j]
		lw := strings.ToLower(w)
		if stopWords[lw] {
			return Noun{}, false
		}
		for sing, plur := range nouns[lang] {
			switch {
			case lw == sing && pl:
				return Noun{Word: w, Want: plur, Start: i, End: j}, true
			case lw == plur && !pl:
				return Noun{Word: w, Want: sing, Start: i, End: j}, true
			case lw == sing || lw == plur:
				return Noun{}, false
			}
		}
		seen++
		i = j
	}
	return Noun{}, false
}

// Ordinal returns the ending lang writes after the figures of the ordinal
// n: "st", "nd", "rd", "th" in English; "er" for 1, "e" after in French.
func Ordinal(n int, lang string) string { return grammarOf(lang).ordinal(n) }

// englishOrdinal is Ordinal in English.
func englishOrdinal(n int) string {
	if n%100 >= 11 && n%100 <= 13 {
		return "th"
	}
	switch n % 10 {
	case 1:
		return "st"
	case 2:
		return "nd"
	case 3:
		return "rd"
	}
	return "th"
}

// OrdinalAfter returns the ordinal ending text starts with (the letters
// glued to a number: "th level", "e heure"), "" for none.
func OrdinalAfter(text, lang string) string {
	j := 0
	for j < len(text) {
		r, size := utf8.DecodeRuneInString(text[j:])
		if !unicode.IsLetter(r) {
			break
		}
		j += size
	}
	end := strings.ToLower(text[:j])
	if slices.Contains(grammarOf(lang).ordinalEnds, end) {
		return text[:j]
	}
	return ""
}

// OrdinalAgrees reports whether the ending end suits the ordinal n in lang
// ("1re", "2nde" and "2e" are all French).
func OrdinalAgrees(n int, end, lang string) bool {
	e := strings.ToLower(end)
	if agrees := grammarOf(lang).ordinalAgrees; agrees != nil {
		return agrees(n, e)
	}
	return e == Ordinal(n, lang)
}

// grammar is what a language's numbers follow beyond its word lists.
type grammar struct {
	// vigesimal: twenty multiplies the number before it ("quatre-vingts").
	vigesimal bool
	// plural reports whether the noun after the number n ≥ 0 is plural.
	plural func(n int) bool
	// ordinal returns the ending written after an ordinal's figures.
	ordinal func(n int) string
	// ordinalEnds are the endings an ordinal's figures may have glued
	// to them, lower case.
	ordinalEnds []string
	// ordinalAgrees reports whether the lower-case ending e suits the
	// ordinal n; nil means e is ordinal(n).
	ordinalAgrees func(n int, e string) bool
}

// grammars are the languages whose numbers are read and checked.
var grammars = map[string]grammar{
	"fr": {
		vigesimal: true,
		plural:    func(n int) bool { return n >= 2 },
		ordinal: func(n int) string {
			if n == 1 {
				return "er"
			}
			return "e"
		},
		ordinalEnds: []string{"nd", "e", "er", "re", "ème", "eme", "nde"},
		ordinalAgrees: func(n int, e string) bool {
			if n == 1 {
				return e == "er" || e == "re"
			}
			return e == "e" || e == "ème" || e == "eme" || n == 2 && (e == "nd" || e == "nde")
		},
	},
	"en": {
		plural:      func(n int) bool { return n != 1 },
		ordinal:     englishOrdinal,
		ordinalEnds: []string{"st", "nd", "rd", "th"},
	},
}

// grammarOf returns lang's grammar; a language without one has plurals
// from 2 and no ordinal endings.
func grammarOf(lang string) grammar {
	if g, ok := grammars[lang]; ok {
		return g
	}
	return grammar{plural: func(n int) bool { return n != 1 }, ordinal: func(int) string { return "" }}
}

// anyCardinal reports whether w is a cardinal number word of any language.
func anyCardinal(w string) bool {
	for _, c := range cardinals {
		if _, ok := c[w]; ok {
			return true
		}
	}
	return false
}

// UnitOf returns the length in minutes of the first time unit text names
// within its first few words ("-3 minutes)" after "[2]"), or 0.
func UnitOf(text string) int {
	ts := tokens(text)
	for k, t := range ts {
		if k > 3 {
			break
		}
		if m := timeUnits[t.w]; m > 0 && len(t.w) > 1 {
			return m
		}
		if q, ok := figures(t); ok && q.Unit == Minutes {
			return q.Scale
		}
	}
	return 0
}
