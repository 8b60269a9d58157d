package serve

import (
	"encoding/json"
	"errors"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"compendium/generator/pipeline"
	"compendium/generator/site"
)

// Problem is one problem of a failed build, as the open pages show it over
// themselves (live/reload.js).
type Problem struct {
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	Col  int    `json:"col,omitempty"`
	// Source is the line itself, as the file holds it now; absent when the
	// problem has no line or the file cannot be read.
	Source *string `json:"source,omitempty"`
	// Message says what is wrong and Fix what would be right, by language
	// code ("fr", "en"): the page shows its own language's, else the
	// English one, saying so.
	Message map[string]string `json:"message"`
	Fix     map[string]string `json:"fix,omitempty"`
}

// Failure is a failed build as the open pages show it.
type Failure struct {
	Problems []Problem `json:"problems"`
	// More is how many problems were left out: the terminal lists them all.
	More int `json:"more,omitempty"`
}

// maxProblems is how many problems the overlay lists: a broken front
// matter can give hundreds, and the first are the ones to read.
const maxProblems = 50

// maxSource is how many bytes of a line the overlay shows.
const maxSource = 400

// FailureOf returns what a failed build's error says, for the open pages:
// each diagnostic of a *pipeline.Error by document, the original's file
// before its translation's (the French mistake before its English echo),
// then by line, with its line read from its file, then its other cause;
// any other error as one problem.
func FailureOf(err error) Failure {
	var ds site.Diagnostics
	var rest error = err
	var pe *pipeline.Error
	if errors.As(err, &pe) {
		ds, rest = pe.Diagnostics, pe.Err
	} else if errors.As(err, &ds) {
		rest = nil
	}
	sorted := append(site.Diagnostics(nil), ds...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].File != sorted[j].File {
			return byDocument(sorted[i].File) < byDocument(sorted[j].File)
		}
		if sorted[i].Line != sorted[j].Line {
			return sorted[i].Line < sorted[j].Line
		}
		return sorted[i].Col < sorted[j].Col
	})
	var f Failure
	lines := map[string][]string{}
	for _, d := range sorted {
		if len(f.Problems) == maxProblems {
			f.More++
			continue
		}
		p := Problem{File: d.File, Line: d.Line, Col: d.Col, Message: messages(d)}
		if d.File != "" && d.Line > 0 {
			l, ok := lines[d.File]
			if !ok {
				l = readLines(d.File)
				lines[d.File] = l
			}
			if d.Line <= len(l) {
				s := shorten(l[d.Line-1])
				p.Source = &s
			}
		}
		f.Problems = append(f.Problems, p)
	}
	if rest != nil {
		if len(f.Problems) == maxProblems {
			f.More++
		} else {
			f.Problems = append(f.Problems, Problem{Message: map[string]string{site.CatalogueDefault: rest.Error()}})
		}
	}
	if len(f.Problems) == 0 {
		f.Problems = []Problem{{Message: map[string]string{site.CatalogueDefault: err.Error()}}}
	}
	return f
}

// messages returns d's message in each language of the catalogue.
func messages(d site.Diagnostic) map[string]string {
	m := map[string]string{}
	for _, lang := range site.Languages {
		m[lang] = d.Message(lang)
	}
	return m
}

// byDocument is a file's sort key: its path with its language folder
// (content/fr/, content/en/) moved after its name, ranked as
// site.Languages lists them, the original first.
func byDocument(file string) string {
	dir, name := path.Split(filepath.ToSlash(file))
	parent, lang := path.Split(strings.TrimSuffix(dir, "/"))
	if i := slices.Index(site.Languages, lang); i >= 0 && lang != "" {
		return parent + name + "\x00" + strconv.Itoa(i)
	}
	return filepath.ToSlash(file)
}

// JSON is the failure as the live-reload stream sends it.
func (f Failure) JSON() string {
	b, _ := json.Marshal(f)
	return string(b)
}

// maxFile is the largest file whose lines the overlay shows.
const maxFile = 8 << 20

// readLines returns the lines of file, without their line breaks; none
// when it cannot be read or is larger than maxFile.
func readLines(file string) []string {
	fi, err := os.Stat(file)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxFile {
		return nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	lines := strings.Split(string(b), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// shorten cuts a line to maxSource bytes on a character boundary, and
// shows bytes that are not UTF-8 as U+FFFD.
func shorten(s string) string {
	if len(s) > maxSource {
		cut := maxSource
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
