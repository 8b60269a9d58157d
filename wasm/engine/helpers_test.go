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

func check(t *testing.T, calc string, cases []tcase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := run(t, calc, c.in)
			for path, want := range c.want {
				got, ok := lookup(out, path)
				if !ok {
					t.Errorf("%s: no %s in output", c.in, path)
					continue
				}
				if !same(got, want) {
					t.Errorf("%s: %s = %v, want %v", c.in, path, got, want)
				}
			}
		})
	}
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
