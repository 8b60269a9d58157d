package engine

import (
	"math"
	"strconv"
	"strings"
)

// Document slugs, fixed in content/IDS.md, that explanation steps cite.
const (
	docFantasy      = "fantasy"
	docContemporary = "contemporary"
	docPathfinder   = "pathfinder-duels"
	docHeroes       = "heroes-and-dragons"
	docSpells       = "spellcasting"
)

// step is one line of an explanation, citing the rule section it applies.
func step(doc, rule, fr, en string) map[string]any {
	return map[string]any{"doc": doc, "rule": rule, "fr": fr, "en": en}
}

// reading is the short note that shows which reading of an ambiguous rule a
// calculator applies, so that players can see it and contest it.
func reading(fr, en string) map[string]any {
	return map[string]any{"fr": fr, "en": en}
}

func itoa(i int) string { return strconv.Itoa(i) }

// signed writes an integer with an explicit sign, as a bonus is written.
func signed(i int) string {
	if i >= 0 {
		return "+" + itoa(i)
	}
	return "−" + itoa(-i)
}

// offset writes a term added to a roll: "" for 0, " + 2", " − 3".
func offset(i int) string {
	switch {
	case i > 0:
		return " + " + itoa(i)
	case i < 0:
		return " − " + itoa(-i)
	}
	return ""
}

// numEn formats a number for an English message: integers without a
// fraction, others with at most 4 decimals.
func numEn(f float64) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	s := strconv.FormatFloat(f, 'f', 4, 64)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "0" || s == "-0" {
		// A tiny non-zero figure must not read as zero.
		return strconv.FormatFloat(f, 'g', 3, 64)
	}
	return s
}

// numFr is numEn with the French decimal comma.
func numFr(f float64) string { return strings.Replace(numEn(f), ".", ",", 1) }

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

// pEn and pFr show a probability in a step: the fraction and its decimal.
func pEn(p rat) string {
	if p.d == 1 {
		return p.String()
	}
	return p.String() + " = " + numEn(p.f())
}

func pFr(p rat) string {
	if p.d == 1 {
		return p.String()
	}
	return p.String() + " = " + numFr(p.f())
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

// f converts an integer to the float64 of the output tree.
func f(i int) float64 { return float64(i) }

func list(items ...map[string]any) []any {
	l := make([]any, len(items))
	for i, it := range items {
		l[i] = it
	}
	return l
}
