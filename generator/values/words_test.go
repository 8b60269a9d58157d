package values

import (
	"strings"
	"testing"

	"compendium/wasm/engine"
)

func TestEval(t *testing.T) {
	r := engine.Default()
	apprent, _ := r.Get("casting.max-apprenticeship")
	thr, _ := r.Get("casting.threshold")
	xp3, _ := r.Get("study.xp-hour-3")
	div, _ := r.Get("study.failure-divisor")
	for _, c := range []struct {
		expr string
		want int
		err  string
	}{
		{"casting.threshold*casting.max-apprenticeship+1", thr*apprent + 1, ""},
		{"ceil(study.xp-hour-3/study.failure-divisor)", (xp3 + div - 1) / div, ""},
		{"floor(study.xp-hour-3/study.failure-divisor)", xp3 / div, ""},
		{"casting.max-apprenticeship-1", apprent - 1, ""},
		{"(1+2)*3", 9, ""},
		{"-3+1", -2, ""},
		{"ceil(-5/2)", -2, ""},
		{"floor(-5/2)", -3, ""},
		{"5/2", 0, "not a whole number"},
		{"1/0", 0, "division by zero"},
		{"armor.nope+1", 0, "not a rule value"},
		{"(1+2", 0, "not closed"},
		{"1+", 0, "missing"},
		{strings.Repeat("(", 20) + "1" + strings.Repeat(")", 20), 0, "parentheses"},
		{strings.Repeat("1+", 70) + "1", 0, "longer than"},
		{"9999999999", 0, "too long"},
	} {
		got, err := Eval(c.expr, r)
		if c.err == "" && (err != "" || got != c.want) || c.err != "" && !strings.Contains(err, c.err) {
			t.Errorf("Eval(%q) = %d, %q; want %d, %q", c.expr, got, err, c.want, c.err)
		}
	}
}

// FuzzEval: any expression is computed or refused, never a panic.
func FuzzEval(f *testing.F) {
	for _, s := range []string{"casting.threshold*casting.max-apprenticeship+1", "ceil(study.xp-hour-3/study.failure-divisor)", "((1", "-(-(-1))", "1/0"} {
		f.Add(s)
	}
	r := engine.Default()
	f.Fuzz(func(t *testing.T, s string) { Eval(s, r) })
}
