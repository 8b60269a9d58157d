package calcui

import (
	"strings"
	"sync"

	"compendium/wasm/engine"
)

// A form writes no number range: each field's range is what the engine
// reads it with (engine.Rules.InputRanges), for the rules the page is
// built with. A rule that bounds an input (the highest apprenticeship,
// casting.max-apprenticeship) then bounds the form's field with it, and the
// form can never offer what the engine refuses.

// rangedForms keeps Ranged's forms per calculator and rules.
var rangedForms sync.Map

// Ranged returns f with the range of every number field taken from the
// engine, computing with rules. It panics when the engine reads no range
// for one of them: a form's field the engine does not take is a
// programmer's error, which TestFormRangesAreTheEngines reports.
func (f *Form) Ranged(rules *engine.Rules) *Form {
	type key struct {
		name  string
		rules engine.Rules
	}
	k := key{f.Name, *rules}
	if g, ok := rangedForms.Load(k); ok {
		return g.(*Form)
	}
	ranges := f.engineRanges(rules)
	g := *f
	g.Groups = make([]Group, len(f.Groups))
	for i, grp := range f.Groups {
		grp.Fields = append([]Field(nil), grp.Fields...)
		for j, fd := range grp.Fields {
			if fd.Kind == Events {
				fd.Sub = append([]Field(nil), fd.Sub...)
				for s, sub := range fd.Sub {
					fd.Sub[s] = withRange(sub, ranges, fd.Path+"."+sub.Path, f.Name)
				}
			}
			grp.Fields[j] = withRange(fd, ranges, fd.Path, f.Name)
		}
		g.Groups[i] = grp
	}
	v, _ := rangedForms.LoadOrStore(k, &g)
	return v.(*Form)
}

func numeric(fd Field) bool {
	return !fd.UIOnly && (fd.Kind == Int || fd.Kind == Number || fd.Kind == IntList)
}

func withRange(fd Field, ranges map[string][2]float64, path, name string) Field {
	if !numeric(fd) {
		return fd
	}
	r, ok := ranges[path]
	if !ok {
		panic("calcui: the engine reads no range for " + name + "." + path)
	}
	fd.Min, fd.Max = r[0], r[1]
	return fd
}

// engineRanges asks the engine for the ranges of f's number fields: once
// with the form's defaults, each field shown (its When branch chosen) and
// present; then again with every other field at its lowest, so that a
// range that depends on another field (a slot is at least the spell's
// level) is read at its widest.
func (f *Form) engineRanges(rules *engine.Rules) map[string][2]float64 {
	var probes []map[string]any
	for _, g := range f.Groups {
		for _, fd := range g.Fields {
			if numeric(fd) || fd.Kind == Events {
				probes = append(probes, f.showing(fd))
			}
		}
	}
	inputs := func() []any {
		var in []any
		for _, p := range probes {
			in = append(in, f.EngineInput(p))
		}
		return in
	}
	first := rules.InputRanges(f.Name, inputs()...)
	for _, p := range probes {
		for _, g := range f.Groups {
			for _, fd := range g.Fields {
				r, ok := first[fd.Path]
				switch {
				case !ok || !numeric(fd):
				case fd.Kind == IntList:
					set(p, fd.Path, []any{r[0]})
				default:
					set(p, fd.Path, r[0])
				}
			}
		}
	}
	for k, r := range rules.InputRanges(f.Name, inputs()...) {
		if old, ok := first[k]; ok {
			r = [2]float64{min(r[0], old[0]), max(r[1], old[1])}
		}
		first[k] = r
	}
	return first
}

// showing returns the form's default values with fd shown and holding a
// value: its When conditions met, a list given one item, an events field
// one row.
func (f *Form) showing(fd Field) map[string]any {
	values := f.Merge(nil)
	for _, w := range fd.When {
		k, v, _ := strings.Cut(w, "=")
		if !strings.HasSuffix(k, "!") {
			set(values, k, v)
			continue
		}
		k = strings.TrimSuffix(k, "!")
		for _, o := range f.field(k).Options {
			if o != v {
				set(values, k, o)
				break
			}
		}
	}
	if _, ok := Get(values, fd.Path); !ok {
		switch fd.Kind {
		case IntList:
			set(values, fd.Path, []any{1.0})
		case Int, Number:
			set(values, fd.Path, 1.0)
		}
	}
	return values
}

// field returns f's field at path.
func (f *Form) field(path string) Field {
	for _, g := range f.Groups {
		for _, fd := range g.Fields {
			if fd.Path == path {
				return fd
			}
		}
	}
	return Field{}
}
