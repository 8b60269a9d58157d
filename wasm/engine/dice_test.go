package engine

import (
	"math"
	"math/big"
	"testing"
)

// The dice grammar is the spec's own (calculators.md, "dice"); it cites no
// seed, so these cases check the arithmetic.
func TestDice(t *testing.T) {
	check(t, "dice", []tcase{
		// Spec example: 2d6 → mean 7, p(7) = 6/36, at_least(10) = 6/36.
		{"spec 2d6", `{"expr":"2d6"}`, map[string]any{
			"min": 2, "max": 12, "mean": 7.0,
			"distribution.5.value": 7, "distribution.5.p": 6.0 / 36, "distribution.5.p_fraction": "1/6",
			"at_least.8.value": 10, "at_least.8.p": 6.0 / 36, "at_least.0.p": 1.0}},
		{"d% is d100", `{"expr":"d%"}`, map[string]any{"min": 1, "max": 100, "distribution.42.p": 0.01, "mean": 50.5}},
		{"N optional and D", `{"expr":"D6"}`, map[string]any{"min": 1, "max": 6, "distribution.0.p_fraction": "1/6"}},
		{"constant alone", `{"expr":"3"}`, map[string]any{"min": 3, "max": 3, "distribution.0.p": 1.0, "at_least.0.p": 1.0}},
		{"minus constant", `{"expr":"1d4-1"}`, map[string]any{"min": 0, "max": 3, "mean": 1.5}},
		{"unicode minus and leading sign", `{"expr":"−1d6"}`, map[string]any{"min": -6, "max": -1, "mean": -3.5}},
		{"difference of dice", `{"expr":"2d6 - 1d4"}`, map[string]any{"min": -2, "max": 11, "mean": 4.5}},
		{"1d2+1d2", `{"expr":"1d2+1d2"}`, map[string]any{"distribution.1.value": 3, "distribution.1.p": 0.5}},
		{"3d6 p(10) = 27/216", `{"expr":"3d6"}`, map[string]any{"distribution.7.value": 10, "distribution.7.p": 27.0 / 216, "at_least.15.p": 1.0 / 216}},
		{"d20+5", `{"expr":" d20 + 5 "}`, map[string]any{"min": 6, "max": 25, "mean": 15.5, "at_least.10.p": 0.5}},
		{"1d6-1d6 symmetric", `{"expr":"1d6-1d6"}`, map[string]any{"min": -5, "max": 5, "distribution.5.p": 6.0 / 36, "mean": 0.0}},
		{"leading plus", `{"expr":"+2d4"}`, map[string]any{"min": 2, "max": 8}},
		{"largest term", `{"expr":"100d1000"}`, map[string]any{"min": 100, "max": 100000, "mean": 50050.0, "at_least.0.p": 1.0}},
		{"binned beyond 1,000 values", `{"expr":"2d1000"}`, map[string]any{"values": 1999, "distribution_binned": true, "at_least_binned": true,
			"distribution.0.value": 2, "distribution.0.value_hi": 11, "distribution.0.p": 55.0 / 1e6, "at_least.1.value": 12, "at_least.1.p": 1 - 55.0/1e6}},
		{"listed up to 1,000 values", `{"expr":"1d1000"}`, map[string]any{"distribution.999.value": 1000, "distribution.999.p": 0.001}},
		{"listed on request", `{"expr":"2d1000","exact":true}`, map[string]any{"distribution.1998.value": 2000, "distribution.1998.p": 1e-6}},
		{"2d6+1d4-1 spec input", `{"expr":"2d6+1d4-1"}`, map[string]any{"min": 2, "max": 15, "mean": 8.5}},
	})
}

func TestDiceTailsRelative(t *testing.T) {
	out := run(t, "dice", `{"expr":"100d1000","exact":true}`)
	first := out["distribution"].([]any)[0].(map[string]any)["p"].(float64)
	if r := first / 1e-300; math.Abs(r-1) > 1e-12 {
		t.Errorf("p(100) of 100d1000 = %g, want 1e-300", first)
	}
	last := out["at_least"].([]any)[99900].(map[string]any)["p"].(float64)
	if r := last / 1e-300; math.Abs(r-1) > 1e-12 {
		t.Errorf("at_least(100000) of 100d1000 = %g, want 1e-300", last)
	}
}

// exactCounts convolves with big integers, naively: the reference the fast
// sliding sums must agree with.
func exactCounts(faces []int) []*big.Int {
	cur := []*big.Int{big.NewInt(1)}
	for _, s := range faces {
		next := make([]*big.Int, len(cur)+s-1)
		for i := range next {
			next[i] = new(big.Int)
		}
		for i, c := range cur {
			for k := 0; k < s; k++ {
				next[i+k].Add(next[i+k], c)
			}
		}
		cur = next
	}
	return cur
}

func TestDiceAgainstBigIntegers(t *testing.T) {
	for _, c := range []struct {
		expr  string
		faces []int
	}{
		{"30d6", repeat(6, 30)},     // floating path (6^30 > 2^53)
		{"12d20", repeat(20, 12)},   // floating path
		{"6d500", repeat(500, 6)},   // floating path, wide windows
		{"3d1000", repeat(1000, 3)}, // exact integer path
		{"4d6-2d8", []int{6, 6, 6, 6, 8, 8}},
	} {
		e, err := ParseDice(c.expr)
		if err != nil {
			t.Fatal(err)
		}
		got := e.Dist()
		want := exactCounts(c.faces)
		total := new(big.Int).SetInt64(1)
		for _, s := range c.faces {
			total.Mul(total, big.NewInt(int64(s)))
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d values, want %d", c.expr, len(got), len(want))
		}
		sum := 0.0
		for i := range want {
			w, _ := new(big.Rat).SetFrac(want[i], total).Float64()
			sum += got[i]
			if math.Abs(got[i]-w) > 1e-12*w {
				t.Errorf("%s: p[%d] = %g, want %g", c.expr, i, got[i], w)
				break
			}
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("%s: probabilities sum to %v", c.expr, sum)
		}
	}
}

func repeat(s, n int) []int {
	l := make([]int, n)
	for i := range l {
		l[i] = s
	}
	return l
}

func TestDiceErrors(t *testing.T) {
	long := `{"expr":"` + string(make([]byte, 0)) + repeatString("1+", 101) + `1"}`
	checkErrors(t, "dice", []ecase{
		{`{"expr":""}`, "expr", "syntax"},
		{`{"expr":"2d"}`, "expr", "syntax"},
		{`{"expr":"2d6+"}`, "expr", "syntax"},
		{`{"expr":"2d6 3"}`, "expr", "syntax"},
		{`{"expr":"abc"}`, "expr", "syntax"},
		{`{"expr":"2d6*2"}`, "expr", "syntax"},
		{`{"expr":"0d6"}`, "expr", "range"},
		{`{"expr":"101d6"}`, "expr", "range"},
		{`{"expr":"2d1"}`, "expr", "range"},
		{`{"expr":"2d1001"}`, "expr", "range"},
		{`{"expr":"100001"}`, "expr", "range"},
		{`{"expr":"99999999999999999999d6"}`, "expr", "range"},
		{`{"expr":"100d1000+100d1000+1d6"}`, "expr", "range"},
		{long, "expr", "range"},
		{`{"expr":6}`, "expr", "type"},
		{`{}`, "expr", "missing"},
		{`{"expr":"2d6","exp":"1"}`, "exp", "unknown_field"},
		{`[1]`, "", "not_object"},
	})
}

func repeatString(s string, n int) string {
	b := make([]byte, 0, len(s)*n)
	for i := 0; i < n; i++ {
		b = append(b, s...)
	}
	return string(b)
}

// TestDiceLargestCompact: the largest expression's output, as the module
// hands it to the page, stays far under 1 MB (26 MB listed value by value).
func TestDiceLargestCompact(t *testing.T) {
	out, err := Calculate("dice", map[string]any{"expr": "100d1000+100d1000"})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(AppendJSON(nil, out)); n > 100_000 {
		t.Errorf("100d1000+100d1000: %d bytes of JSON, want at most 100,000", n)
	}
	if out["values"] != 199801.0 || len(out["distribution"].([]any)) != 200 {
		t.Errorf("values %v, %d bins; want 199801 and 200", out["values"], len(out["distribution"].([]any)))
	}
}
