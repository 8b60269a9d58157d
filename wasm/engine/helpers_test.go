package engine

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
)

// tcase is one hand-worked case: the input as JSON and the expected values
// at dotted paths of the output ("timeline.2.state", "p_test.a").
type tcase struct {
	name string
	in   string
	want map[string]any
}

func decodeJSON(t testing.TB, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("bad test JSON %s: %v", s, err)
	}
	return v
}

func run(t testing.TB, name, in string) map[string]any {
	t.Helper()
	out, err := Calculate(name, decodeJSON(t, in))
	if err != nil {
		t.Fatalf("%s %s: unexpected error %s (field %q)", name, in, err.En, err.Field)
	}
	return out
}

// lookup follows a dotted path through maps and lists.
func lookup(v any, path string) (any, bool) {
	for _, k := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[k]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

func same(got, want any) bool {
	switch w := want.(type) {
	case int:
		g, ok := got.(float64)
		return ok && g == float64(w)
	case float64:
		g, ok := got.(float64)
		return ok && math.Abs(g-w) <= 1e-9
	case []int:
		l, ok := got.([]any)
		if !ok || len(l) != len(w) {
			return false
		}
		for i := range w {
			if !same(l[i], w[i]) {
				return false
			}
		}
		return true
	case nil:
		return got == nil
	}
	return got == want
}

// check runs hand-worked cases with the default rules.
func check(t *testing.T, calc string, cases []tcase) {
	t.Helper()
	checkWith(t, Default(), calc, cases)
}

// textHolding is a part that a text of the output must hold, where the
// whole sentence is not the point of a case.
type textHolding string

// checkWith is check with rules other than the defaults: the expected
// figures are worked by hand from these rules, so that a number left in
// the code instead of the rules fails.
func checkWith(t *testing.T, rules *Rules, calc string, cases []tcase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := rules.Calculate(calc, decodeJSON(t, c.in))
			if err != nil {
				t.Fatalf("%s %s: unexpected error %s (field %q)", calc, c.in, err.En, err.Field)
			}
			for path, want := range c.want {
				got, ok := lookup(out, path)
				if !ok {
					t.Errorf("%s: no %s in output", c.in, path)
					continue
				}
				if part, isPart := want.(textHolding); isPart {
					if s, _ := got.(string); !strings.Contains(s, string(part)) {
						t.Errorf("%s: %s = %q, want it to hold %q", c.in, path, got, part)
					}
					continue
				}
				if !same(got, want) {
					t.Errorf("%s: %s = %v, want %v", c.in, path, got, want)
				}
			}
		})
	}
}

// rulesWith returns the default rules changed by values, which must pass
// Set and Check.
func rulesWith(t *testing.T, values map[string]int) *Rules {
	t.Helper()
	r := Default()
	for k, n := range values {
		if err := r.Set(k, n); err != nil {
			t.Fatalf("Set(%s, %d): %s", k, n, err.En)
		}
	}
	if errs := r.Check(); len(errs) > 0 {
		t.Fatalf("Check: %s", errs[0].En)
	}
	return r
}

// conflictOn checks that the default rules changed by values fail Check
// on key.
func conflictOn(t *testing.T, values map[string]int, key string) {
	t.Helper()
	r := Default()
	for k, n := range values {
		if err := r.Set(k, n); err != nil {
			t.Fatalf("Set(%s, %d): %s", k, n, err.En)
		}
	}
	for _, err := range r.Check() {
		if err.Field == key && err.Code == "conflict" {
			return
		}
	}
	t.Errorf("%v: no conflict on %s, got %v", values, key, r.Check())
}

// ecase is a bad input and the field and code its error must name.
type ecase struct {
	in, field, code string
}

func checkErrors(t *testing.T, calc string, cases []ecase) {
	t.Helper()
	for _, c := range cases {
		out, err := Calculate(calc, decodeJSON(t, c.in))
		if err == nil {
			t.Errorf("%s %s: no error, output %v", calc, c.in, out)
			continue
		}
		if out != nil {
			t.Errorf("%s %s: both output and error", calc, c.in)
		}
		if err.Field != c.field || err.Code != c.code {
			t.Errorf("%s %s: error field %q code %q (%s), want field %q code %q", calc, c.in, err.Field, err.Code, err.En, c.field, c.code)
		}
		if err.Fr == "" || err.En == "" {
			t.Errorf("%s %s: empty message", calc, c.in)
		}
		if c.field != "" && !strings.Contains(err.En, c.field) {
			t.Errorf("%s %s: message %q does not name the field %q", calc, c.in, err.En, c.field)
		}
	}
}
