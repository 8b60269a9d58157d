package site

import (
	"sort"
	"strconv"
	"strings"
)

// A Diagnostic is one problem found in the content or the theme, located
// by file, line and column where they are known, so that an editor can
// jump to it.
type Diagnostic struct {
	File string
	Line int // 0: the file as a whole
	Col  int // 0: the line as a whole
	Msg  string
}

// String formats d as "file:line:col: message", leaving out what is not
// known.
func (d Diagnostic) String() string {
	switch {
	case d.File == "":
		return d.Msg
	case d.Line > 0 && d.Col > 0:
		return d.File + ":" + strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Col) + ": " + d.Msg
	case d.Line > 0:
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
		if sorted[i].Line != sorted[j].Line {
			return sorted[i].Line < sorted[j].Line
		}
		return sorted[i].Col < sorted[j].Col
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
