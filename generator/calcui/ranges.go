package calcui

import (
	"strings"
	"sync"

	"compendium/wasm/engine"
)

// A form writes no number range and no list of choices: each field's
// range or options are what the engine reads it with (engine.Rules.Inputs),
// for the rules the page is built with. A rule that bounds an input (the
// highest apprenticeship, casting.max-apprenticeship) then bounds the
// form's field with it, and the form can never offer what the engine
// refuses, nor a material, a state or an element the engine does not know.

// rangedForms keeps Ranged's forms per calculator and rules.
var rangedForms sync.Map

// Ranged returns f with the range of every number field and the options of
// every choice taken from the engine, computing with rules. It panics when
// the engine reads nothing for one of them: a form's field the engine does
// not take is a programmer's error, which TestFormRangesAreTheEngines
// reports.
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

func choice(fd Field) bool {
	return !fd.UIOnly && (fd.Kind == Enum || fd.Kind == IntEnum || fd.Kind == EnumSet)
}

func withRange(fd Field, inputs map[string]engine.Input, path, name string) Field {
	if !numeric(fd) && !choice(fd) {
		return fd
	}
	in, ok := inputs[path]
	switch {
	case !ok, choice(fd) && len(in.Options) == 0:
		panic("calcui: the engine reads nothing for " + name + "." + path)
	case choice(fd):
		fd.Options = in.Options
	default:
		fd.Min, fd.Max = in.Min, in.Max
	}
	return fd
}

// engineRanges asks the engine what f's fields accept, with the form's
// defaults, each field shown (its When branch chosen, with options learnt
// from an earlier pass: a branch may need a choice's option) and present;
// then again with every other number at its lowest, so that a range that
// depends on another field (a slot is at least the spell's level) is read
// at its widest.
func (f *Form) engineRanges(rules *engine.Rules) map[string]engine.Input {
	probes := func(known map[string]engine.Input) []map[string]any {
		var ps []map[string]any
		for _, g := range f.Groups {
			for _, fd := range g.Fields {
				if numeric(fd) || choice(fd) || fd.Kind == Events {
					ps = append(ps, f.showing(fd, known))
				}
			}
		}
		return ps
	}
	inputs := func(ps []map[string]any) []any {
		var in []any
		for _, p := range ps {
			in = append(in, f.EngineInput(p))
		}
		return in
	}
	known := rules.Inputs(f.Name, inputs(probes(nil))...)
	ps := probes(known)
	first := rules.Inputs(f.Name, inputs(ps)...)
	for _, p := range ps {
		for _, g := range f.Groups {
			for _, fd := range g.Fields {
				r, ok := first[fd.Path]
				switch {
				case !ok || !numeric(fd):
				case fd.Kind == IntList:
					set(p, fd.Path, []any{r.Min})
				default:
					set(p, fd.Path, r.Min)
				}
			}
		}
	}
	for k, r := range rules.Inputs(f.Name, inputs(ps)...) {
		if old, ok := first[k]; ok && len(old.Options) == 0 {
			r.Min, r.Max = min(r.Min, old.Min), max(r.Max, old.Max)
		}
		first[k] = r
	}
	return first
}

// showing returns the form's default values with fd shown and holding a
// value: its When conditions met (a "k!=v" condition with another of k's
// options, its own or those known from the engine), a list given one item.
func (f *Form) showing(fd Field, known map[string]engine.Input) map[string]any {
	inputs := f.Merge(nil)
	for _, w := range fd.When {
		k, v, _ := strings.Cut(w, "=")
		if !strings.HasSuffix(k, "!") {
			set(inputs, k, v)
			continue
		}
		k = strings.TrimSuffix(k, "!")
		options := f.field(k).Options
		if len(options) == 0 {
			options = known[k].Options
		}
		for _, o := range options {
			if o != v {
				set(inputs, k, o)
				break
			}
		}
	}
	// A value the engine then refuses is no matter: it records what a
	// field accepts before it checks it.
	if _, ok := Get(inputs, fd.Path); !ok {
		switch fd.Kind {
		case IntList:
			set(inputs, fd.Path, []any{1.0})
		case Int, Number, IntEnum:
			set(inputs, fd.Path, 1.0)
		case Enum:
			set(inputs, fd.Path, "?")
		case EnumSet:
			set(inputs, fd.Path, []any{"?"})
		}
	}
	return inputs
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
