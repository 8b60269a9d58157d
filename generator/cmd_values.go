package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"compendium/generator/config"
	"compendium/generator/site"
	"compendium/generator/values"
)

var valuesCommand = command{"values", "help-values", runValues}

// runValues runs "values [-content content] [-lang fr]": every rule value
// with its number, what it means, where the text states it and the
// calculators that use it, as the values page lists them, in French
// unless -lang says otherwise. It returns the exit status: 1 when the
// content's values have problems (printed as file:line: message, in the
// language of -lang when it is given, else the locale's), 2 for a bad
// command line.
func runValues(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("values", stdout, stderr)
	content := fs.String("content", "content", "help-flag-content")
	configFile := fs.String("config", "compendium.json", "help-flag-config")
	lang := fs.String("lang", "", "help-flag-values-lang")
	if code := parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	// The site's languages, the original first (-lang's default).
	cfg, err := config.Load(*configFile)
	if err != nil {
		fmt.Fprintln(stderr, sayError(err, site.LangFrom("")))
		return 2
	}
	if *lang == "" {
		*lang = cfg.Original()
	}
	if !slices.Contains(cfg.Langs(), *lang) {
		// Said in the locale's language: -lang names none.
		fmt.Fprintln(stderr, site.Text("cmd-lang-unknown", site.LangFrom(""), "cmd", "values", "lang", *lang, "langs", values.AndList(cfg.Langs(), "and"), "langs@fr", values.AndList(cfg.Langs(), "et")))
		fs.Usage()
		return 2
	}
	say := flagLang(fs)
	s, ds := site.Load(*content, site.Options{Languages: cfg.Langs()})
	set, vds := values.Collect(s)
	ds = append(ds, vds...)
	head := strings.Split(site.Text("cmd-values-header", *lang), "\t") // key, value, meaning, stated at, calculators
	rows := [][5]string{{head[0], head[1], head[2], head[3], head[4]}}
	for _, r := range set.Rows(s, *lang) {
		var at []string
		for _, d := range r.Decls {
			at = append(at, d.Place())
		}
		where := strings.Join(at, ", ")
		if where == "" && r.Spec.Reading {
			where = site.Text("cmd-values-reading", *lang)
		} else if where == "" {
			where = site.Text("cmd-values-undeclared", *lang)
		}
		meaning := values.Meaning(r.Spec, *lang, s.Codes())
		rows = append(rows, [5]string{r.Spec.Key, values.Show(r.Spec, r.N, *lang), meaning, where, strings.Join(r.Spec.Calcs, ", ")})
	}
	io.WriteString(stdout, valueBlocks(rows, valuesWidth))
	if len(ds) > 0 {
		io.WriteString(stderr, ds.Format(say, false)+"\n")
		return 1
	}
	return 0
}

// valuesWidth is the width values fits its listing to: a terminal's 80
// columns and more, with room to spare (a table of every field on one line
// was 298 columns wide).
const valuesWidth = 100

// valueBlocks lays out rows (key, value, meaning, stated at, calculators;
// the first one the headings) as one block per value: its key, value and
// calculators in aligned columns on one line, then its meaning and where
// the text states it, indented and wrapped at width between words and
// between places, so that a long meaning or many places never widen it.
func valueBlocks(rows [][5]string, width int) string {
	keyW, valW := 0, 0
	for _, r := range rows {
		keyW = max(keyW, utf8.RuneCountInString(r[0]))
		valW = max(valW, utf8.RuneCountInString(r[1]))
	}
	pad := func(s string, n int) string { return s + strings.Repeat(" ", n-utf8.RuneCountInString(s)+2) }
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(strings.TrimRight(pad(r[0], keyW)+pad(r[1], valW)+r[4], " ") + "\n")
		for _, l := range wrap(strings.Fields(r[2]), " ", width-len(indent+hang)) {
			b.WriteString(l + "\n")
		}
		for _, l := range wrap(strings.Split(r[3], ", "), ", ", width-len(indent+hang)) {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// indent starts a value's meaning and places; hang, added to it, their
// lines after the first, which then read as the same field's.
const indent, hang = "    ", "  "

// wrap joins items with sep into lines of at most width characters, the
// first one indented with indent, the others with indent and hang; an
// item longer than width (a place in a deep folder) has a line of its
// own, whole. A line that goes on ends with sep's non-space part (the
// comma between places).
func wrap(items []string, sep string, width int) []string {
	var lines []string
	cur := ""
	for _, it := range items {
		switch {
		case cur == "":
			cur = it
		case utf8.RuneCountInString(cur+sep+it) <= width:
			cur += sep + it
		default:
			lines = append(lines, cur+strings.TrimRight(sep, " "))
			cur = it
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	for i := range lines {
		if i == 0 {
			lines[i] = indent + lines[i]
		} else {
			lines[i] = indent + hang + lines[i]
		}
	}
	return lines
}
