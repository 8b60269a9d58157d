package values

import (
	"errors"
	"flag"
	"io"
	"strings"
	"text/tabwriter"

	"compendium/generator/site"
)

// RunCLI implements "values [-content DIR] [-lang fr]": every rule value
// with its number, what it means, where the text states it and the
// calculators that use it, as the values page lists them. It returns the
// exit status: 1 when the content's values have problems (printed as
// file:line: message), 2 for a bad command line.
func RunCLI(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("values", flag.ContinueOnError)
	fs.SetOutput(stderr)
	content := fs.String("content", "content", "the content folder")
	lang := fs.String("lang", "fr", "the language whose declarations are listed")
	fs.Usage = func() {
		io.WriteString(stderr, "usage: values [-content DIR] [-lang fr|en]\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // -h: the usage was asked for
		}
		return 2
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	s, ds := site.Load(*content, site.Options{})
	set, vds := Collect(s)
	ds = append(ds, vds...)
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	io.WriteString(w, "key\tvalue\tmeaning\tstated at\tcalculators\n")
	for _, r := range set.Rows(s, *lang) {
		var at []string
		for _, d := range r.Decls {
			at = append(at, d.Place())
		}
		where := strings.Join(at, ", ")
		if where == "" && r.Spec.Reading {
			where = "(a reading: the engine's default)"
		} else if where == "" {
			where = "(not declared)"
		}
		meaning := r.Spec.En
		if *lang == "fr" {
			meaning = r.Spec.Fr
		}
		io.WriteString(w, r.Spec.Key+"\t"+Show(r.Spec.Kind, r.N)+"\t"+meaning+"\t"+where+"\t"+strings.Join(r.Spec.Calcs, ", ")+"\n")
	}
	w.Flush()
	if len(ds) > 0 {
		io.WriteString(stderr, ds.Error()+"\n")
		return 1
	}
	return 0
}
