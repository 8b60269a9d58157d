package engine

import (
	"math"
	"strconv"
)

// Document slugs, fixed in content/IDS.md, that explanation steps cite.
const (
	docFantasy      = "fantasy"
	docContemporary = "contemporary"
	docPathfinder   = "pathfinder-duels"
	docHeroes       = "heroes-and-dragons"
	docSpells       = "spellcasting"
)

// words is a text in French and in English, in that order.
type words [2]string

// Arguments of a text template, besides int and string, which read the same
// in both languages (an int with its digits grouped and a true minus sign).
type (
	pct float64 // a probability, as a percentage to 0.1 % (Percent)
	dec float64 // an expectation, to one decimal (Figure)
)

// say fills a French and an English template with the same arguments: the
// numbers are given once for both texts, which keeps the WebAssembly module
// small. In a template, $1 to $9 insert an argument, and {one|many} chooses
// the singular or the plural by the number inserted last, or by argument N
// with {N:one|many}. French takes the singular below 2 (0 point, 1,5 repos),
// English for 1 only (0 points).
func say(fr, en string, args ...any) words {
	return words{fill(fr, 0, args), fill(en, 1, args)}
}

// fill fills one template in language lang, 0 for French, 1 for English.
func fill(t string, lang int, args []any) string {
	b := make([]byte, 0, len(t)+24)
	n := 0.0 // the number inserted last, for the plurals
	for i := 0; i < len(t); i++ {
		switch c := t[i]; c {
		case '$':
			i++
			var s string
			s, n = show(args[t[i]-'1'], lang, n)
			b = append(b, s...)
		case '{':
			x := n
			if t[i+2] == ':' {
				_, x = show(args[t[i+1]-'1'], lang, n)
				i += 2
			}
			if !one(x, lang) {
				i += indexByte(t[i:], '|')
			}
		case '|':
			// The end of the singular chosen: skip the plural.
			i += indexByte(t[i:], '}')
		case '}':
		case ' ':
			b = append(b, space(b, t[i+1:], lang)...)
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// space sets a French template's spaces as generator/markdown/frtypo.go
// sets the rules' text: a narrow no-break space before ; ! ? and %, a
// no-break space before : and inside « », so that a phone never breaks a
// line before a colon. Templates are written with plain spaces.
func space(prev []byte, next string, lang int) string {
	if lang == 0 && len(prev) > 1 && prev[len(prev)-2] == 0xc2 && prev[len(prev)-1] == 0xab { // «
		return "\u00a0"
	}
	if lang == 0 && next != "" {
		switch next[0] {
		case ';', '!', '?', '%':
			return "\u202f"
		case ':':
			return "\u00a0"
		}
		if hasPrefix(next, "»") {
			return "\u00a0"
		}
	}
	return " "
}

// one says whether the number x takes the singular in language lang.
func one(x float64, lang int) bool {
	if lang == 0 {
		return x > -2 && x < 2
	}
	return x == 1 || x == -1
}

// show writes one argument of a template and returns the number it shows,
// or n for a text.
func show(a any, lang int, n float64) (string, float64) {
	switch x := a.(type) {
	case int:
		return integer(x, lang), float64(x)
	case string:
		return x, n
	case words:
		return x[lang], n
	case pct:
		return percent(float64(x), lang), n
	case dec:
		// The plural follows the figure shown: 1,04 reads "1 repos long".
		s := Figure(float64(x), 1)
		v, _ := parseFloat(s)
		if s[0] == '-' {
			s = "−" + group(s[1:], lang)
		} else {
			s = group(s, lang)
		}
		if lang == 0 {
			s = string(comma([]byte(s)))
		}
		return s, v
	}
	panic("engine: say: argument of an unsupported type")
}

// integer writes an integer for people, with a true minus sign.
func integer(i, lang int) string {
	if i < 0 {
		return "−" + integer(-i, lang)
	}
	return group(itoa(i), lang)
}

// GroupThousands is group for a page's language ("fr", or English for any
// other): the calculators' figures (generator/calcui) are grouped as the
// answers are, by this one rule.
func GroupThousands(s, lang string) string {
	if lang == "fr" {
		return group(s, 0)
	}
	return group(s, 1)
}

// group groups by three the digits before the decimal point of a number of
// five digits or more: with a narrow no-break space in French, a comma in
// English (10 080, 10,080).
func group(s string, lang int) string {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n < 5 {
		return s
	}
	sep := ","
	if lang == 0 {
		sep = "\u202f"
	}
	out := s[:(n-1)%3+1]
	for k := len(out); k < n; k += 3 {
		out += sep + s[k:k+3]
	}
	return out + s[n:]
}

// percent writes a probability as the page shows it, to 0.1 %, without
// rounding a possible outcome to 0 % or a possible miss to 100 %.
func percent(p float64, lang int) string {
	// Shifted by Decimal, not multiplied: 100 × 0.5525 is 55.25 in
	// floating point, a half that 0.5525 is not.
	s := string(trimZeros([]byte(Decimal(p, 2, 1))))
	if lang == 0 {
		s = string(comma([]byte(s)))
	}
	switch {
	case s == "0" && p > 0:
		return [2]string{"moins de 0,1\u202f%", "less than 0.1%"}[lang]
	case s == "100" && p < 1:
		return [2]string{"plus de 99,9\u202f%", "more than 99.9%"}[lang]
	}
	if lang == 0 {
		return s + "\u202f%"
	}
	return s + "%"
}

// fixed writes x with at most prec decimals by Decimal's rule, without
// trailing zeros, and with a decimal comma in French (lang 0).
func fixed(x float64, prec, lang int) string {
	b := trimZeros([]byte(Decimal(x, 0, prec)))
	if lang == 0 {
		b = comma(b)
	}
	return string(b)
}

// comma turns a decimal point into the French decimal comma.
func comma(b []byte) []byte {
	for i, c := range b {
		if c == '.' {
			b[i] = ','
		}
	}
	return b
}

// step is one line of an explanation, citing the rule section it applies.
func step(doc, rule string, w words) map[string]any {
	return map[string]any{"doc": doc, "rule": rule, "fr": w[0], "en": w[1]}
}

// reading is the short note that shows which reading of an ambiguous rule a
// calculator applies, so that players can see it and contest it.
func reading(fr, en string) map[string]any {
	return map[string]any{"fr": fr, "en": en}
}

// readingOf is reading of a note made with say, for a note that gives
// rule values.
func readingOf(w words) map[string]any { return reading(w[0], w[1]) }

// answer is the output's answer to the player's question, in words, with
// the key figures between ** marks that the page sets in bold.
func answer(w words) map[string]any {
	return map[string]any{"fr": w[0], "en": w[1]}
}

func itoa(i int) string { return strconv.Itoa(i) }

// signed writes an integer with an explicit sign, as a bonus is written.
func signed(i int) string {
	if i >= 0 {
		return "+" + itoa(i)
	}
	return "−" + itoa(-i)
}

// lower puts the first letter of a name in lower case, for the middle of a
// sentence: "Le feu" → "le feu", "Fire" → "fire", "L’eau" → "l’eau".
func lower(w words) words {
	for i, s := range w {
		if s != "" && s[0] >= 'A' && s[0] <= 'Z' {
			w[i] = string(s[0]+'a'-'A') + s[1:]
		}
	}
	return w
}

// numEn formats a number for an English message: integers without a
// fraction, others with at most 4 decimals.
func numEn(f float64) string { return numText(f, 1) }

// numFr is numEn with the French decimal comma.
func numFr(f float64) string { return numText(f, 0) }

func numText(f float64, lang int) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	if math.Abs(f) >= 1e15 {
		// 1e+308, not its 309 digits.
		b := strconv.AppendFloat(nil, f, 'g', 4, 64)
		if lang == 0 {
			b = comma(b)
		}
		return string(b)
	}
	s := fixed(f, 4, lang)
	if s == "0" || s == "-0" || math.IsInf(f, 0) || math.IsNaN(f) {
		// A tiny non-zero figure must not read as zero.
		b := strconv.AppendFloat(nil, f, 'g', 3, 64)
		if lang == 0 {
			b = comma(b)
		}
		return string(b)
	}
	return s
}

// rat is an exact fraction with a small denominator: the dice probabilities
// of the calculators are counts over 12, 20, 144 or 400 outcomes.
type rat struct{ n, d int64 }

func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func mkRat(n, d int64) rat {
	g := gcd(n, d)
	if g == 0 {
		return rat{0, 1}
	}
	return rat{n / g, d / g}
}

func (a rat) mul(b rat) rat { return mkRat(a.n*b.n, a.d*b.d) }
func (a rat) add(b rat) rat { return mkRat(a.n*b.d+b.n*a.d, a.d*b.d) }
func (a rat) sub(b rat) rat { return mkRat(a.n*b.d-b.n*a.d, a.d*b.d) }
func (a rat) f() float64    { return float64(a.n) / float64(a.d) }

func (a rat) String() string {
	if a.d == 1 {
		return strconv.FormatInt(a.n, 10)
	}
	return strconv.FormatInt(a.n, 10) + "/" + strconv.FormatInt(a.d, 10)
}

// put sets key to the probability and key_fraction to its fraction.
func put(m map[string]any, key string, p rat) {
	m[key] = p.f()
	m[key+"_fraction"] = p.String()
}

// d20 counts the faces of a d20 for which face+bonus reaches dc: checks
// compare totals only, with no automatic success or failure.
func d20(bonus, dc int) rat {
	n := 0
	for face := 1; face <= 20; face++ {
		if face+bonus >= dc {
			n++
		}
	}
	return mkRat(int64(n), 20)
}

// faces20 is the number of faces of a d20 behind a probability in twentieths.
func faces20(p rat) int { return int(p.n * (d20Sides / p.d)) }

// f converts an integer to the float64 of the output tree.
func f(i int) float64 { return float64(i) }

func list(items ...map[string]any) []any {
	l := make([]any, len(items))
	for i, it := range items {
		l[i] = it
	}
	return l
}
