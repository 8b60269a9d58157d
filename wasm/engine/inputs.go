//go:build !js

package engine

import (
	"math"
	"slices"
)

// Rules.Inputs, and the reader's records behind it, are the generator's:
// the pages' forms are built from them, so the WebAssembly module, which
// only computes, leaves them out (inputs_js.go; docs/performance.md).

// Inputs returns what the calculator name accepts for every field it reads
// from inputs, by field path ("magic", "a.apprenticeship", "hits",
// "events.at"): a number's range, the widest over the inputs, or a
// choice's options. It is the engine's own description of its inputs with
// these rules, which the pages' forms take. A field the inputs leave out
// is not read, so not listed.
func (r *Rules) Inputs(name string, inputs ...any) map[string]Input {
	seen := map[string]Input{}
	for _, in := range inputs {
		calculate(r, name, in, seen)
	}
	return seen
}

// inputPath returns the path of a field as Rules.Inputs names it: "hits[2]"
// and "events[0].at" are the fields "hits" and "events.at".
func inputPath(field string) string {
	for {
		i := indexByte(field, '[')
		j := indexByte(field, ']')
		if i < 0 || j < i {
			return field
		}
		field = field[:i] + field[j+1:]
	}
}

// note records that field accepts min to max.
func (r *reader) note(field string, min, max float64) {
	if r.inputs == nil {
		return
	}
	field = inputPath(field)
	if old, ok := r.inputs[field]; ok {
		min, max = math.Min(min, old.Min), math.Max(max, old.Max)
	}
	r.inputs[field] = Input{Min: min, Max: max}
}

// noteOptions records that field accepts one of options.
func (r *reader) noteOptions(field string, options []string) {
	if r.inputs == nil {
		return
	}
	field = inputPath(field)
	in := r.inputs[field]
	for _, o := range options {
		if !slices.Contains(in.Options, o) {
			in.Options = append(in.Options, o)
		}
	}
	r.inputs[field] = in
}

// noteInts records that field accepts one of the numbers allowed.
func (r *reader) noteInts(field string, allowed []int) {
	if r.inputs == nil {
		return
	}
	o := make([]string, len(allowed))
	for i, a := range allowed {
		o[i] = itoa(a)
	}
	r.noteOptions(field, o)
}
