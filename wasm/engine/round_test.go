package engine

import (
	"math/big"
	"testing"
)

// TestDecimal holds the rounding rule of every figure: exact halves away
// from zero, on the shortest decimal of the value (issue 34: 221/400 read
// 55,2 % in the answer and 55,3 % in the figure).
func TestDecimal(t *testing.T) {
	for _, c := range []struct {
		x           float64
		shift, prec int
		want        string
	}{
		{221.0 / 400, 2, 1, "55.3"},
		{1.0 / 8, 2, 1, "12.5"},
		{1.0 / 16, 2, 1, "6.3"},
		{1.0 / 16, 2, 2, "6.25"},
		{1.0 / 8, 0, 2, "0.13"},
		{1.005, 0, 2, "1.01"}, // toFixed says 1.00: the binary value is below the half
		{2.675, 0, 2, "2.68"},
		{0.15, 0, 1, "0.2"},
		{0.25, 0, 1, "0.3"},
		{-2.25, 0, 1, "-2.3"},
		{-0.04, 0, 1, "0.0"},
		{0.0004, 2, 1, "0.0"},
		{0.0005, 2, 1, "0.1"},
		{0.9995, 2, 1, "100.0"},
		{9.96, 0, 1, "10.0"},
		{99.95, 0, 1, "100.0"},
		{0, 2, 1, "0.0"},
		{1, 2, 1, "100.0"},
		{12345.5, 0, 0, "12346"},
		{1e21, 0, 1, "1000000000000000000000.0"},
		{1e-7, 0, 3, "0.000"},
		{2.0 / 3, 2, 1, "66.7"},
	} {
		if got := Decimal(c.x, c.shift, c.prec); got != c.want {
			t.Errorf("Decimal(%v, %d, %d) = %q, want %q", c.x, c.shift, c.prec, got, c.want)
		}
	}
}

// TestDecimalIsExact checks that the float path rounds as the exact
// fraction does: for every probability n/d with d up to 1,000 (the engine
// counts over 12, 20, 144, 400 outcomes…), Decimal on the float64 n/d
// gives the percentage to 0.1 % that exact rational arithmetic rounds half
// away from zero.
func TestDecimalIsExact(t *testing.T) {
	for d := int64(1); d <= 1000; d++ {
		for n := int64(0); n <= d; n++ {
			// 1000 n / d, rounded half up on the exact rational.
			q := new(big.Rat).SetFrac64(1000*n, d)
			q.Add(q, big.NewRat(1, 2))
			k := new(big.Int).Quo(q.Num(), q.Denom()).Int64()
			want := itoa(int(k/10)) + "." + itoa(int(k%10))
			if got := Decimal(float64(n)/float64(d), 2, 1); got != want {
				t.Fatalf("%d/%d: Decimal = %q, exact rounding %q", n, d, got, want)
			}
		}
	}
}
