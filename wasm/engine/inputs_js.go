//go:build js

package engine

// The WebAssembly module only computes: the records of what each field
// accepts, from which the generator builds the pages' forms (inputs.go),
// are not made there.

func (r *reader) note(string, float64, float64) {}

func (r *reader) noteOptions(string, []string) {}

func (r *reader) noteInts(string, []int) {}
