// Paired with theme/js/calcs/form.js's readForm: EngineInput is the input it
// sends to the engine; change one, change the other. TestCalculatorParity
// (generator/e2e/calc_test.go) and TestSingleFile
// (generator/e2e/single_test.go) hold them equal.

package calcui

import (
	"strings"
)

// Get returns the value at a dotted path of a tree.
func Get(tree map[string]any, path string) (any, bool) {
	var cur any = tree
	for _, k := range strings.Split(path, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[k]; !ok {
			return nil, false
		}
	}
	return cur, true
}

func set(tree map[string]any, path string, v any) {
	keys := strings.Split(path, ".")
	m := tree
	for _, k := range keys[:len(keys)-1] {
		next, ok := m[k].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[k] = next
		}
		m = next
	}
	m[keys[len(keys)-1]] = v
}

// Holds reports whether a field's conditions hold for the form's inputs.
// A condition "k=v" holds when field k has value v ("" for empty or absent);
// "k!=v" when it has another.
func (f Field) Holds(inputs map[string]any) bool {
	for _, c := range f.When {
		neg := strings.Contains(c, "!=")
		sep := "="
		if neg {
			sep = "!="
		}
		k, want, _ := strings.Cut(c, sep)
		got := ""
		if v, ok := Get(inputs, k); ok {
			if s, ok := v.(string); ok {
				got = s
			}
		}
		if (got == want) == neg {
			return false
		}
	}
	return true
}

// EngineInput returns the input the form sends to the engine for inputs:
// the shown fields only, without the fields that only steer the form. It is
// the Go side of its pair with readForm in theme/js/calcs/form.js.
func (f *Form) EngineInput(inputs map[string]any) map[string]any {
	in := map[string]any{}
	for _, g := range f.Groups {
		for _, fd := range g.Fields {
			if fd.UIOnly || !fd.Holds(inputs) {
				continue
			}
			v, ok := Get(inputs, fd.Path)
			if !ok || v == nil || v == "" {
				continue
			}
			set(in, fd.Path, v)
		}
	}
	return in
}

// Merge returns the form's defaults overridden by a block's defaults.
func (f *Form) Merge(block map[string]any) map[string]any {
	out := map[string]any{}
	for _, g := range f.Groups {
		for _, fd := range g.Fields {
			if v, ok := Get(f.Defaults, fd.Path); ok {
				set(out, fd.Path, v)
			}
		}
	}
	for _, g := range f.Groups {
		for _, fd := range g.Fields {
			if v, ok := Get(block, fd.Path); ok {
				set(out, fd.Path, v)
			}
		}
	}
	return out
}

// Unknown returns the paths of a block's defaults that no field of the form
// takes: a typo there would otherwise be silently ignored.
func (f *Form) Unknown(block map[string]any) []string {
	known := map[string]bool{}
	for _, g := range f.Groups {
		for _, fd := range g.Fields {
			known[fd.Path] = true
		}
	}
	var bad []string
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for k, v := range m {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			if known[p] {
				continue
			}
			if sub, ok := v.(map[string]any); ok {
				walk(p, sub)
				continue
			}
			bad = append(bad, p)
		}
	}
	walk("", block)
	return bad
}
