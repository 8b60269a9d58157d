package site

import (
	"sort"
	"strconv"
	"strings"
)

// A Diagnostic is one problem found in the content, located by file and line
// so that an editor can jump to it.
type Diagnostic struct {
	File string
	Line int
	Msg  string
}

// String formats d as "file:line: message".
func (d Diagnostic) String() string {
	if d.Line > 0 {
		return d.File + ":" + strconv.Itoa(d.Line) + ": " + d.Msg
	}
	return d.File + ": " + d.Msg
}

// Diagnostics collects every problem of a load or check, so that a writer sees
// them all at once rather than one per run, as esbuild reports its messages.
type Diagnostics []Diagnostic

// Add records a problem.
func (ds *Diagnostics) Add(file string, line int, msg string) {
	*ds = append(*ds, Diagnostic{File: file, Line: line, Msg: msg})
}

// Error implements error: one problem per line, sorted by file and line.
func (ds Diagnostics) Error() string {
	s := make([]string, len(ds))
	sorted := append(Diagnostics(nil), ds...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].File != sorted[j].File {
			return sorted[i].File < sorted[j].File
		}
		return sorted[i].Line < sorted[j].Line
	})
	for i, d := range sorted {
		s[i] = d.String()
	}
	return strings.Join(s, "\n")
}

// Err returns ds as an error, or nil when there is no problem.
func (ds Diagnostics) Err() error {
	if len(ds) == 0 {
		return nil
	}
	return ds
}
