package site

import (
	"sort"
	"strconv"
	"strings"
)

// Severity says whether a Diagnostic stops the build.
type Severity int

const (
	// Error stops the build: the content cannot be published as it is.
	Error Severity = iota
	// Warning is shown with the errors but does not stop the build (an
	// error with check -strict).
	Warning
)

// A Diagnostic is one problem found in the content or the theme, located
// by file, line and column where they are known, so that an editor can
// jump to it. It is a value: its words come from the message catalogue
// (messages.go), keyed by Kind and filled with Args, in the reader's
// language, only where it is printed (Message).
type Diagnostic struct {
	File string
	Line int // 0: the file as a whole
	Col  int // 0: the line as a whole
	// Kind names the mistake in the catalogue ("section-id-duplicate").
	Kind string
	// Args fill the catalogue's {placeholders}: name, value, name, value…
	Args     []string
	Severity Severity
	// Text is the offending text as written (a heading, a link's
	// destination, a byte), "" when the message says it all.
	Text string
	// Causes names what this problem breaks ("fr:fantasy#armor", a
	// section that no longer exists; "fr:fantasy#*", the whole document):
	// every diagnostic about it is a consequence, folded under this one.
	Causes []string
	// About names what this problem is about, in the same form: it is
	// folded under the diagnostic that Causes it.
	About []string
	// At is the place (file:line) of this problem's cause when it is
	// known: the diagnostic there, if any, is its cause.
	At string
	// Replaces lists the kinds of diagnostics at the same file and line
	// that this one replaces: a later check knew a better fix.
	Replaces []string
	// Folded are the consequences of this problem (see Fold): they go
	// when it is fixed.
	Folded []Diagnostic
}

// New returns a diagnostic of the catalogue's kind at file and line,
// filled with args (name, value, name, value…).
func New(file string, line int, kind string, args ...string) Diagnostic {
	return Diagnostic{File: file, Line: line, Kind: kind, Args: args}
}

// Arg returns the value of the argument name, "" when there is none.
func (d Diagnostic) Arg(name string) string {
	for i := 0; i+1 < len(d.Args); i += 2 {
		if d.Args[i] == name {
			return d.Args[i+1]
		}
	}
	return ""
}

// Message returns d's message in lang ("fr", "en"): the problem, then
// what would be right.
func (d Diagnostic) Message(lang string) string {
	return message(d.Kind, lang, d.Args)
}

// Format returns d as "file:line:col: message" in lang, leaving out what
// is not known; a warning says so.
func (d Diagnostic) Format(lang string) string {
	msg := d.Message(lang)
	if d.Severity == Warning {
		msg = message("warning", lang, nil) + msg
	}
	switch {
	case d.File == "":
		return msg
	case d.Line > 0 && d.Col > 0:
		return d.File + ":" + strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Col) + ": " + msg
	case d.Line > 0:
		return d.File + ":" + strconv.Itoa(d.Line) + ": " + msg
	}
	return d.File + ": " + msg
}

// String formats d in English (Format).
func (d Diagnostic) String() string { return d.Format(CatalogueDefault) }

// Place is d's location as other messages name it: "file:line".
func (d Diagnostic) Place() string { return d.File + ":" + strconv.Itoa(d.Line) }

// Diagnostics collects every problem of a load or check, so that a writer sees
// them all at once rather than one per run, as esbuild reports its messages.
type Diagnostics []Diagnostic

// Report records a problem of the catalogue's kind (New).
func (ds *Diagnostics) Report(file string, line int, kind string, args ...string) *Diagnostic {
	*ds = append(*ds, New(file, line, kind, args...))
	return &(*ds)[len(*ds)-1]
}

// Errors counts the problems that stop the build.
func (ds Diagnostics) Errors() int {
	n := 0
	for _, d := range ds {
		if d.Severity == Error {
			n++
		}
	}
	return n
}

// Format returns ds in lang, one problem per line, in Sort's order; each
// cause is followed by a line that counts its folded consequences, or,
// with all, lists them indented.
func (ds Diagnostics) Format(lang string, all bool) string {
	var b strings.Builder
	for i, d := range Sort(ds) {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Format(lang))
		if len(d.Folded) == 0 {
			continue
		}
		if !all {
			b.WriteString("\n  " + message("folded", lang, []string{"n", strconv.Itoa(len(d.Folded))}))
			continue
		}
		for _, c := range Sort(d.Folded) {
			b.WriteString("\n  ↳ " + c.Format(lang))
		}
	}
	return b.String()
}

// Error implements error: the problems in English (Format).
func (ds Diagnostics) Error() string { return ds.Format(CatalogueDefault, false) }

// Err returns ds as an error, or nil when there is no problem.
func (ds Diagnostics) Err() error {
	if len(ds) == 0 {
		return nil
	}
	return ds
}

// fileRank orders the files of a message list: the original's documents
// first (content/fr/ before content/en/: a French mistake comes before its
// English echo), then the other documents, then the other files (the
// glossary, the thesaurus, the theme).
func fileRank(file string) int {
	f := "/" + strings.ReplaceAll(file, "\\", "/")
	if !strings.HasSuffix(f, ".md") {
		return len(Languages) + 1
	}
	for i, l := range Languages {
		if strings.Contains(f, "/"+l+"/") {
			return i
		}
	}
	return len(Languages)
}

// Sort returns a copy of ds in reading order: by file (the original's
// documents first, then the translations, then the other files), line and
// column, so that a warning stands beside the errors of its file.
func Sort(ds Diagnostics) Diagnostics {
	sorted := append(Diagnostics(nil), ds...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i], sorted[j]
		if ra, rb := fileRank(a.File), fileRank(b.File); ra != rb {
			return ra < rb
		}
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return sorted
}

// places returns the places (file:line) d's cause may be at.
func (d Diagnostic) places() []string {
	if d.At != "" {
		return []string{d.At}
	}
	return nil
}

// Fold returns ds with each problem's consequences folded under it, so
// that one mistake gives one message, its cause: a diagnostic about
// something another one Causes (a removed section's glossary and
// thesaurus lines, the links to it), or whose cause is at the place of
// another diagnostic (the English echo of a French mistake), goes into
// that one's Folded. A diagnostic that a later one Replaces goes. A cause
// in the original's documents is preferred to one in a translation.
func Fold(ds Diagnostics) Diagnostics {
	// Replaced diagnostics go first.
	type key struct {
		file, kind string
		line       int
	}
	replaced := map[key]bool{}
	for _, d := range ds {
		for _, k := range d.Replaces {
			replaced[key{d.File, k, d.Line}] = true
		}
	}
	var kept Diagnostics
	said := map[string]bool{} // a message said twice at one place (a value in a table cell) is said once
	for _, d := range ds {
		if d.Kind != "" && len(d.Replaces) == 0 && replaced[key{d.File, d.Kind, d.Line}] {
			continue
		}
		if s := d.Format(CatalogueDefault); said[s] && len(d.Folded) == 0 {
			continue
		} else {
			said[s] = true
		}
		kept = append(kept, d)
	}
	ds = kept
	// Each diagnostic's parent: the one it is a consequence of.
	parent := make([]int, len(ds))
	for i := range parent {
		parent[i] = -1
	}
	causes := map[string]int{} // subject → diagnostic
	at := map[string]int{}     // file:line → diagnostic
	order := make([]int, len(ds))
	for i := range order {
		order[i] = i
	}
	// The original's documents first, so that they win a tie.
	sort.SliceStable(order, func(a, b int) bool { return fileRank(ds[order[a]].File) < fileRank(ds[order[b]].File) })
	for _, i := range order {
		for _, c := range ds[i].Causes {
			if _, ok := causes[c]; !ok {
				causes[c] = i
			}
		}
		if ds[i].File != "" && ds[i].Line > 0 {
			if _, ok := at[ds[i].Place()]; !ok {
				at[ds[i].Place()] = i
			}
		}
	}
	cause := func(subject string) (int, bool) {
		if i, ok := causes[subject]; ok {
			return i, true
		}
		if k := strings.IndexByte(subject, '#'); k >= 0 {
			i, ok := causes[subject[:k]+"#*"]
			return i, ok
		}
		return 0, false
	}
	root := func(i int) int {
		for n := 0; parent[i] >= 0 && n < len(ds); n++ {
			i = parent[i]
		}
		return i
	}
	for _, i := range order {
		d := ds[i]
		for _, s := range d.About {
			if j, ok := cause(s); ok && root(j) != i {
				parent[i] = j
				break
			}
		}
		if parent[i] >= 0 {
			continue
		}
		for _, p := range d.places() {
			if j, ok := at[p]; ok && j != i && root(j) != i {
				parent[i] = j
				break
			}
		}
	}
	out := Diagnostics{}
	index := map[int]int{}
	for i, d := range ds {
		if parent[i] < 0 {
			index[i] = len(out)
			out = append(out, d)
		}
	}
	for i, d := range ds {
		if parent[i] >= 0 {
			r := index[root(i)]
			d.Folded = nil
			if d.Severity == Error {
				out[r].Severity = Error // a consequence that stops the build: so does its cause
			}
			out[r].Folded = append(out[r].Folded, d)
			out[r].Folded = append(out[r].Folded, ds[i].Folded...)
		}
	}
	return out
}
