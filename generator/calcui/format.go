// Number and percent formatting of the calculators' static results. Its
// pair is theme/js/calcs/format.js (fieldNumber, listText, exactTitle,
// num, numPrec, pct, percentText): both read the language's format data
// (theme/i18n's format.* keys) and write the digits by the engine's one
// rounding rule. TestRoundingParity (generator/e2e/rounding_test.go) and
// TestFormatParity (generator/e2e/parity_test.go) run both on the same
// numbers.

package calcui

import (
	"math"
	"strconv"
	"strings"

	"compendium/wasm/engine"
)

// Format is how a language writes numbers: the theme/i18n keys
// format.decimal, format.group, format.minus, format.percent ("{n}" for
// the number), format.colon, and format.less_than and format.more_than
// for a probability too small or too near 1 to show ("{n}" for the
// percentage).
type Format struct {
	Decimal  string `json:"decimal"`
	Group    string `json:"group"`
	Minus    string `json:"minus"`
	Percent  string `json:"percent"`
	Colon    string `json:"colon"`
	LessThan string `json:"less_than"`
	MoreThan string `json:"more_than"`
	// PercentRange is a percentage field's range, "{lo}" to "{hi}".
	PercentRange string `json:"percent_range"`
}

// FormatKeys are the interface strings a Format is read from, in the
// order of Format's fields.
var FormatKeys = []string{"format.decimal", "format.group", "format.minus", "format.percent", "format.colon", "format.less_than", "format.more_than", "format.percent_range"}

// plainFormat is the format of a dictionary that lacks the keys (a test's
// identity T): the machine's own writing, English's.
var plainFormat = Format{Decimal: ".", Group: ",", Minus: "-", Percent: "{n}%", Colon: ": ", LessThan: "less than {n}", MoreThan: "more than {n}", PercentRange: "{lo}–{hi}%"}

// FormatOf reads a language's Format through its dictionary t; a key t
// lacks (it returns the key, or "[key]") keeps plainFormat's value.
func FormatOf(t func(string) string) Format {
	f := plainFormat
	if t == nil {
		return f
	}
	fields := []*string{&f.Decimal, &f.Group, &f.Minus, &f.Percent, &f.Colon, &f.LessThan, &f.MoreThan, &f.PercentRange}
	for i, k := range FormatKeys {
		if s := t(k); s != "" && s != k && s != "["+k+"]" {
			*fields[i] = s
		}
	}
	return f
}

// format returns the page's Format: the one Prepare read once, or read now.
func (p Page) format() Format {
	if p.numFormat != nil {
		return *p.numFormat
	}
	return FormatOf(p.T)
}

// localNumber writes s, a number in ASCII ("-12345.5"), in f: its minus
// and decimal sign, and with group set, its thousands apart when the
// whole part has five digits or more (10 080, the engine's rule).
func localNumber(s string, f Format, group bool) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, dot := strings.Cut(s, ".")
	if group && len(whole) >= 5 && strings.IndexFunc(whole, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
		var b strings.Builder
		k := (len(whole)-1)%3 + 1
		b.WriteString(whole[:k])
		for ; k < len(whole); k += 3 {
			b.WriteString(f.Group + whole[k:k+3])
		}
		whole = b.String()
	}
	if dot {
		whole += f.Decimal + frac
	}
	if neg {
		return f.Minus + whole
	}
	return whole
}

// num formats a number for people: at most three decimals, no trailing
// zeros, thousands apart from five digits on, the language's signs.
func num(x float64, f Format) string {
	return numPrec(x, 3, f)
}

// numPrec is num with at most prec decimals: expectations are read to one.
func numPrec(x float64, prec int, f Format) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "—"
	}
	// The engine's one rounding rule (exact halves away from zero), so
	// that a figure reads as the answer's words do.
	return localNumber(engine.Figure(x, prec), f, true)
}

// percentText writes the ASCII number s as a percentage of f.
func percentText(s string, f Format) string {
	return strings.ReplaceAll(f.Percent, "{n}", localNumber(s, f, false))
}

// pct writes a probability to 0.1 % by the engine's rule (engine.Percent,
// which the answers in words use; TestPercentIsEngines holds them equal):
// never a possible outcome as 0 % nor a possible miss as 100 %.
func pct(x float64, f Format) string {
	s := trimZeros(engine.Decimal(x, 2, 1))
	switch {
	case s == "0" && x > 0:
		return strings.ReplaceAll(f.LessThan, "{n}", percentText("0.1", f))
	case s == "100" && x < 1:
		return strings.ReplaceAll(f.MoreThan, "{n}", percentText("99.9", f))
	}
	return percentText(s, f)
}

// trimZeros removes a decimal's trailing zeros, and its point when
// nothing is left after it.
func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}

// pctRange writes a percentage field's range as the language's
// format.percent_range writes it (theme/i18n).
func pctRange(lo, hi float64, f Format) string {
	return strings.NewReplacer("{lo}", num(lo, f), "{hi}", num(hi, f)).Replace(f.PercentRange)
}

// sig12 is x to twelve significant digits, as the page's script reads a
// field's value back (toPrecision(12)): 100 × 0.07 is 7, not
// 7.000000000000001.
func sig12(x float64) float64 {
	y, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'e', 11, 64), 64)
	return y
}

// fieldNum writes a value into a field as the page's script does
// (format.js's fieldNumber): twelve significant digits, no exponent, no
// grouping (the field reads the same before and after the script
// rewrites it), the language's decimal sign and minus.
func fieldNum(x float64, f Format) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return ""
	}
	y := sig12(x)
	if y == 0 {
		return "0"
	}
	return localNumber(strconv.FormatFloat(y, 'f', -1, 64), f, false)
}

// valueString writes a form value as its field shows it: numbers by
// fieldNum, a list's items joined by ", " (format.js's listText).
func valueString(v any, f Format) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return fieldNum(x, f)
	case bool:
		return strconv.FormatBool(x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = valueString(e, f)
		}
		return strings.Join(parts, ", ")
	}
	return ""
}

// jsString writes x as JavaScript's String(x) does: the shortest digits
// that read back as x, an exponent only below 10⁻⁶ or from 10²¹ on
// ("1e-7", "1.5e+21").
func jsString(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	case x == 0:
		return "0"
	}
	e := strconv.FormatFloat(x, 'e', -1, 64)
	mant, exps, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(exps)
	if exp >= -6 && exp < 21 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	sign := "+"
	if exp < 0 {
		sign, exp = "-", -exp
	}
	return mant + "e" + sign + strconv.Itoa(exp)
}

// ExactTitle is a rounded figure's unrounded value, for its title, as
// format.js's exactTitle writes it: the number as the machine writes it,
// a probability in percent to ten significant digits.
func ExactTitle(v any, format string) string {
	x, ok := v.(float64)
	switch {
	case !ok:
		return ""
	case format == "num":
		return jsString(x)
	case format == "pct":
		y, _ := strconv.ParseFloat(strconv.FormatFloat(100*x, 'e', 9, 64), 64)
		return jsString(y) + " %"
	}
	return ""
}

// raw writes x for a machine (the fields' data-min and data-max, which the
// page reads with Number): no grouping, a dot, ASCII minus.
func raw(x float64) string {
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// FormatFigure formats an output value as the page shows it: rounded for
// people (probabilities to 0.1 %, expectations to one decimal); the exact
// value stays in the element's title and in the values table.
func FormatFigure(v any, format string, p Page, fraction string) string {
	switch format {
	case "pct":
		x, _ := v.(float64)
		s := pct(x, p.format())
		if fraction != "" && fraction != "0" && fraction != "1" {
			s += " (" + fraction + ")"
		}
		return s
	case "bool":
		if bv, _ := v.(bool); bv {
			return p.T("calc.yes")
		}
		return p.T("calc.no")
	case "enum":
		if v == nil {
			return p.T("calc.none")
		}
		return option(p, str(v))
	case "min":
		x, _ := v.(float64)
		return num(x, p.format()) + " min"
	case "list":
		return valueString(v, p.format())
	case "text":
		return str(v)
	case "num":
		x, _ := v.(float64)
		return numPrec(x, 1, p.format())
	}
	x, _ := v.(float64)
	return num(x, p.format())
}
