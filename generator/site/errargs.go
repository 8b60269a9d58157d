package site

import "errors"

// ErrArgs are the arguments that fill a catalogue's {name} with err: its
// words in English and, as name@fr, in French when err is Diagnostics
// (a problem of the catalogue), else its own words in both.
func ErrArgs(name string, err error) []string {
	var ds Diagnostics
	if errors.As(err, &ds) {
		return []string{name, ds.Format("en", false), name + "@fr", ds.Format("fr", false)}
	}
	return []string{name, err.Error()}
}
