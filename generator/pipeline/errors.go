package pipeline

import (
	"errors"
	"strings"

	"compendium/generator/site"
)

// Error is a failed build: the phase that failed, and what it found. A
// content or theme problem is a Diagnostic (file, line, column where
// known, message), all of them at once; any other failure (a file that
// cannot be read, the engine's module that does not compile) is Err,
// wrapped so that errors.Is and errors.As see through it. main prints it
// once.
type Error struct {
	Phase       string
	Diagnostics site.Diagnostics
	Err         error
}

// Error lists the diagnostics, one per line as file:line: message, sorted
// by file and line, then the cause.
func (e *Error) Error() string { return e.Format(site.CatalogueDefault) }

// Format is Error in lang, a language of the message catalogue
// (site.LangFrom picks the organiser's): the commands print it.
func (e *Error) Format(lang string) string {
	var parts []string
	if len(e.Diagnostics) > 0 {
		parts = append(parts, e.Diagnostics.Format(lang, false))
	}
	var ds site.Diagnostics
	switch {
	case errors.As(e.Err, &ds):
		parts = append(parts, ds.Format(lang, false))
	case e.Err != nil:
		parts = append(parts, e.Err.Error())
	}
	if len(parts) == 0 {
		return e.Phase + ": failed"
	}
	return strings.Join(parts, "\n")
}

// Unwrap returns the cause, if any.
func (e *Error) Unwrap() error { return e.Err }

// Count is how many problems the error reports: the errors, each with
// its consequences folded under it, not the warnings shown beside them.
func (e *Error) Count() int {
	n := e.Diagnostics.Errors()
	if e.Err != nil {
		n++
	}
	return n
}

// failed wraps err, from phase, as an *Error, unless it is one already.
func failed(phase string, err error) error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return &Error{Phase: phase, Err: err}
}

// joined is both phases' errors, when both failed: every problem at once
// (the content's and the theme's with the bundle's).
func joined(a, b error) error {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	var ea, eb *Error
	if !errors.As(a, &ea) || !errors.As(b, &eb) {
		return errors.Join(a, b)
	}
	out := &Error{Phase: ea.Phase + ", " + eb.Phase, Diagnostics: append(append(site.Diagnostics(nil), ea.Diagnostics...), eb.Diagnostics...)}
	out.Err = errors.Join(ea.Err, eb.Err)
	return out
}
