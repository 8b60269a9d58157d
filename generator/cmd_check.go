package main

import (
	"errors"
	"fmt"
	"io"

	"compendium/generator/pipeline"
	"compendium/generator/site"
)

var checkCommand = command{"check", "help-check", runCheck}

// runCheck prints every problem of the content, each mistake once with
// its consequences folded under it, errors and warnings together, in the
// organiser's language (-lang, or the locale: LANG=fr_FR.UTF-8 gives
// French).
func runCheck(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("check", stdout, stderr)
	opt := pipeline.Options{}
	siteFlags(fs, &opt)
	strict := fs.Bool("strict", false, "help-flag-check-strict")
	verbose := fs.Bool("v", false, "help-flag-check-v")
	langFlag := langFlag(fs)
	if code := parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	lang := site.LangFrom(*langFlag)
	s, ds, err := pipeline.Check(opt)
	if len(ds) > 0 {
		fmt.Fprintln(stderr, ds.Format(lang, *verbose))
	}
	if err != nil {
		var perr *pipeline.Error
		if errors.As(err, &perr) {
			if perr.Err != nil {
				fmt.Fprintln(stderr, sayError(perr.Err, lang))
			}
			fmt.Fprintln(stderr, site.Text("cmd-problems", lang, "n", fmt.Sprint(perr.Count())))
		} else {
			fmt.Fprintln(stderr, sayError(err, lang))
		}
		return 1
	}
	warnings := len(ds)
	if *strict && warnings > 0 {
		fmt.Fprintln(stderr, site.Text("cmd-strict", lang, "n", fmt.Sprint(warnings)))
		return 1
	}
	docs, sections := s.Count()
	out := site.Text("cmd-ok", lang, "docs", site.Counted("documents", lang, docs), "langs", site.Counted("languages", lang, len(s.Langs)),
		"sections", site.Counted("sections", lang, sections))
	if warnings > 0 {
		out += site.Text("cmd-warnings", lang, "n", fmt.Sprint(warnings))
	}
	fmt.Fprintln(stdout, out)
	return 0
}
