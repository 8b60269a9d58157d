package engine

import (
	"math"
	"strconv"
)

// parseFloat returns the float64 nearest to the text of a valid JSON number
// (ties to even, as strconv.ParseFloat), and false when it is too large for
// a float64. strconv.ParseFloat would do, but its error type quotes with
// strconv.Quote, whose Unicode tables, with the parsing code, cost the
// WebAssembly module several times what this does (docs/performance.md,
// "The engine module's size").
//
// Numbers of at most 15 significant digits times a power of ten up to 22,
// which is every number a calculator reads, take one exact operation. The
// others start from an estimate within a few units in the last place and
// move to the right float by comparing the exact decimal value of the text
// with the exact decimal values of the midpoints between floats, which
// strconv.FormatFloat writes.
func parseFloat(s string) (float64, bool) {
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	d := parseDecimal(s)
	x, ok := nearest(d)
	if neg {
		x = -x
	}
	return x, ok
}

// decimal is the number 0.digits × 10^exp, digits having neither leading
// nor trailing zeros; zero has no digits.
type decimal struct {
	digits []byte
	exp    int
}

// parseDecimal reads the text of a valid, unsigned JSON number.
func parseDecimal(s string) decimal {
	var d decimal
	i, intLen := 0, -1
	for ; i < len(s) && s[i] != 'e' && s[i] != 'E'; i++ {
		if s[i] == '.' {
			intLen = len(d.digits)
		} else {
			d.digits = append(d.digits, s[i])
		}
	}
	if intLen < 0 {
		intLen = len(d.digits)
	}
	d.exp = intLen
	if i < len(s) {
		i++
		sign := 1
		if s[i] == '+' || s[i] == '-' {
			if s[i] == '-' {
				sign = -1
			}
			i++
		}
		e := 0
		for ; i < len(s); i++ {
			if e < 100000 { // saturate: 1e999999999 is as infinite as 1e400
				e = e*10 + int(s[i]-'0')
			}
		}
		d.exp += sign * e
	}
	return d.trim()
}

func (d decimal) trim() decimal {
	for len(d.digits) > 0 && d.digits[len(d.digits)-1] == '0' {
		d.digits = d.digits[:len(d.digits)-1]
	}
	for len(d.digits) > 0 && d.digits[0] == '0' {
		d.digits = d.digits[1:]
		d.exp--
	}
	if len(d.digits) == 0 {
		d.exp = 0
	}
	return d
}

// cmp compares two decimals.
func (d decimal) cmp(o decimal) int {
	switch {
	case len(d.digits) == 0 || len(o.digits) == 0:
		return len(d.digits) - len(o.digits) // zero against zero or not
	case d.exp != o.exp:
		return d.exp - o.exp
	}
	a, b := string(d.digits), string(o.digits)
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// exactDecimal writes a float64 exactly: no float64 has more than 767
// significant digits.
func exactDecimal(x float64) decimal {
	s := strconv.FormatFloat(x, 'e', 800, 64)
	e := 0
	i := len(s) - 1
	for s[i] >= '0' && s[i] <= '9' {
		i--
	}
	for _, c := range s[i+1:] {
		e = e*10 + int(c-'0')
	}
	if s[i] == '-' {
		e = -e
	}
	d := decimal{exp: e + 1}
	d.digits = append(d.digits, s[0])
	d.digits = append(d.digits, s[2:i-1]...)
	return d.trim()
}

// midpoint is the exact decimal value halfway between x ≥ 0 and the next
// float64 up: x + ulp/2, where the ulp, the gap to the next float, is a
// power of two that a float64 holds.
func midpoint(x float64) decimal {
	ulp := math.Ldexp(1, 971) // above the largest float64, up to 2^1024
	if x < math.MaxFloat64 {
		ulp = math.Nextafter(x, math.Inf(1)) - x
	}
	a, h := exactDecimal(x), exactDecimal(ulp)
	// h / 2, digit by digit.
	var half []byte
	r := 0
	for _, c := range h.digits {
		v := r*10 + int(c-'0')
		half = append(half, byte('0'+v/2))
		r = v % 2
	}
	if r > 0 {
		half = append(half, '5')
	}
	h = decimal{half, h.exp}.trim()
	// a + h, aligned on the lowest digit position of either.
	if len(a.digits) == 0 {
		return h
	}
	top := max(a.exp, h.exp) + 1 // room for a carry
	low := min(a.exp-len(a.digits), h.exp-len(h.digits))
	sum := make([]byte, top-low)
	carry := 0
	for k := len(sum) - 1; k >= 0; k-- {
		pos := top - k // the digit's place, as exp counts it
		v := carry + digitAt(a, pos) + digitAt(h, pos)
		sum[k] = byte('0' + v%10)
		carry = v / 10
	}
	return decimal{sum, top}.trim()
}

// digitAt is the digit of d at place pos, where the first digit is at d.exp.
func digitAt(d decimal, pos int) int {
	k := d.exp - pos
	if k < 0 || k >= len(d.digits) {
		return 0
	}
	return int(d.digits[k] - '0')
}

// nearest returns the float64 nearest to d ≥ 0, and false past the largest.
func nearest(d decimal) (float64, bool) {
	switch {
	case len(d.digits) == 0 || d.exp < -323: // below half the smallest float
		return 0, true
	case d.exp > 310:
		return math.Inf(1), false
	}
	n := min(len(d.digits), 19)
	var m uint64
	for _, c := range d.digits[:n] {
		m = m*10 + uint64(c-'0')
	}
	p := d.exp - n // d ≈ m × 10^p
	if len(d.digits) <= 15 && p >= -22 && p <= 22 {
		// Both m and 10^|p| are exact floats: one rounding, the right one.
		if p < 0 {
			return float64(m) / math.Pow10(-p), true
		}
		return float64(m) * math.Pow10(p), true
	}
	x := float64(m)
	if p < -300 {
		x *= 1e-300 // two steps, or 10^p alone would underflow
		p += 300
	}
	x = min(x*math.Pow10(p), math.MaxFloat64)
	// Up while d is past the midpoint above, or on it with x odd (ties go
	// to the even mantissa); then down likewise.
	for {
		c := d.cmp(midpoint(x))
		if c < 0 || c == 0 && math.Float64bits(x)&1 == 0 {
			break
		}
		if x == math.MaxFloat64 {
			return math.Inf(1), false
		}
		x = math.Nextafter(x, math.Inf(1))
	}
	for x > 0 {
		below := math.Nextafter(x, 0)
		c := d.cmp(midpoint(below))
		if c > 0 || c == 0 && math.Float64bits(x)&1 == 0 {
			break
		}
		x = below
	}
	return x, true
}
