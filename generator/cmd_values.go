package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"compendium/generator/site"
	"compendium/generator/values"
)

var valuesCommand = command{"values", "list every rule value: its number, meaning, where the text states it, its calculators", runValues}

// runValues runs "values [-content content] [-lang fr]": every rule value
// with its number, what it means, where the text states it and the
// calculators that use it, as the values page lists them, in French
// unless -lang says otherwise. It returns the exit status: 1 when the
// content's values have problems (printed as file:line: message, in the
// language of -lang when it is given, else the locale's), 2 for a bad
// command line.
func runValues(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("values", "values [-content content] [-lang fr|en]", stdout, stderr)
	content := fs.String("content", "content", "the content folder")
	lang := fs.String("lang", "fr", "the language whose declarations are listed")
	if code := parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	if *lang != "fr" && *lang != "en" {
		// Said in the locale's language: -lang names none.
		fmt.Fprintln(stderr, site.Text("cmd-lang-unknown", site.LangFrom(""), "cmd", "values", "lang", *lang))
		fs.Usage()
		return 2
	}
	say := flagLang(fs)
	s, ds := site.Load(*content, site.Options{})
	set, vds := values.Collect(s)
	ds = append(ds, vds...)
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	io.WriteString(w, site.Text("cmd-values-header", *lang)+"\n")
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
		meaning := r.Spec.En
		if *lang == "fr" {
			meaning = r.Spec.Fr
		}
		io.WriteString(w, r.Spec.Key+"\t"+values.Show(r.Spec, r.N, *lang)+"\t"+meaning+"\t"+where+"\t"+strings.Join(r.Spec.Calcs, ", ")+"\n")
	}
	w.Flush()
	if len(ds) > 0 {
		io.WriteString(stderr, ds.Format(say, false)+"\n")
		return 1
	}
	return 0
}
