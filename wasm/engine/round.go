package engine

import (
	"math"
	"strconv"
)

// Decimal writes x × 10^shift with exactly prec decimals, in ASCII (a dot, a
// hyphen-minus, no grouping), by the one rounding rule of every figure the
// compendium shows: an exact half is rounded away from zero, on the shortest
// decimal that reads back as x. That decimal is the number the output's JSON
// carries and the page's script reads (the twin of decimal in
// theme/js/calcs/format.js: change both; TestRoundingParity holds them equal),
// and for a probability the engine counts exactly, such as 221/400, it is the
// fraction's own decimal, 0.5525: the answer in words, the figures, the
// tables and the plots all write 55.3 %. Rounding the binary value instead
// splits them: 100 × 0.5525 is 55.25 in floating point, which Go's strconv
// rounds to even (55.2) and JavaScript's toFixed up (55.3), though 0.5525
// lies just below the half. A result that rounds to zero has no sign; NaN and
// the infinities are written as strconv writes them.
func Decimal(x float64, shift, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	// 'e' with the shortest precision: "-5.525e-01".
	e := strconv.AppendFloat(nil, x, 'e', -1, 64)
	neg := e[0] == '-'
	if neg {
		e = e[1:]
	}
	var ds []byte
	i := 0
	for ; e[i] != 'e'; i++ {
		if e[i] != '.' {
			ds = append(ds, e[i])
		}
	}
	// The exponent by hand: strconv.Atoi's errors would bring strconv's
	// quoting tables into the module.
	exp, sign := 0, 1
	for _, c := range e[i+1:] {
		switch {
		case c == '-':
			sign = -1
		case c >= '0' && c <= '9':
			exp = 10*exp + int(c-'0')
		}
	}
	exp *= sign
	// pt digits of ds stand before the decimal point.
	pt := exp + shift + 1
	if pt < 1 {
		ds = append(zeros(1-pt), ds...)
		pt = 1
	}
	for len(ds) < pt+prec {
		ds = append(ds, '0')
	}
	up := len(ds) > pt+prec && ds[pt+prec] >= '5'
	ds = ds[:pt+prec]
	if up {
		k := len(ds) - 1
		for ; k >= 0 && ds[k] == '9'; k-- {
			ds[k] = '0'
		}
		if k < 0 {
			ds = append([]byte{'1'}, ds...)
			pt++
		} else {
			ds[k]++
		}
	}
	for pt > 1 && ds[0] == '0' {
		ds, pt = ds[1:], pt-1
	}
	zero := true
	for _, c := range ds {
		zero = zero && c == '0'
	}
	out := make([]byte, 0, len(ds)+2)
	if neg && !zero {
		out = append(out, '-')
	}
	out = append(out, ds[:pt]...)
	if prec > 0 {
		out = append(append(out, '.'), ds[pt:]...)
	}
	return string(out)
}

func zeros(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return b
}

// Percent writes a probability as every figure of a page shows it, in the
// page's language ("fr", or English for any other): to 0.1 % by Decimal's
// rule, and never a possible outcome as 0 % nor a possible miss as 100 %.
// The answers in words (say's pct) write it so too.
func Percent(p float64, lang string) string {
	if lang == "fr" {
		return percent(p, 0)
	}
	return percent(p, 1)
}

// Figure writes x with at most prec decimals by Decimal's rule, without
// trailing zeros, in ASCII: the figures' numbers before grouping and the
// page's decimal sign (generator/calcui).
func Figure(x float64, prec int) string {
	return string(trimZeros([]byte(Decimal(x, 0, prec))))
}

// trimZeros removes a decimal's trailing zeros, and its point when nothing
// is left after it.
func trimZeros(b []byte) []byte {
	dot := false
	for _, c := range b {
		dot = dot || c == '.'
	}
	if !dot {
		return b
	}
	for b[len(b)-1] == '0' {
		b = b[:len(b)-1]
	}
	if b[len(b)-1] == '.' {
		b = b[:len(b)-1]
	}
	return b
}
