package site

import "errors"

// ErrArgs are the arguments that fill a catalogue's {name} with err: its
// words in each of the catalogue's languages (Texts) when err is
// Diagnostics (a problem of the catalogue), else its own words in all.
func ErrArgs(name string, err error) []string {
	var ds Diagnostics
	if errors.As(err, &ds) {
		return Texts(name, func(lang string) string { return ds.Format(lang, false) })
	}
	return []string{name, err.Error()}
}
