package main

import (
	"errors"
	"fmt"
	"io"

	"compendium/generator/pipeline"
)

var checkCommand = command{"check", "report every content problem as file:line: message", runCheck}

func runCheck(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("check", "check [-content content] [-theme theme] [-config compendium.json] [-strict]", stdout, stderr)
	opt := pipeline.Options{}
	siteFlags(fs, &opt)
	strict := fs.Bool("strict", false, "fail on warnings too (translations whose original changed since they were checked)")
	if code := parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	s, _, err := pipeline.Load(opt)
	if err != nil {
		fmt.Fprintln(stderr, err)
		var perr *pipeline.Error
		if errors.As(err, &perr) {
			fmt.Fprintf(stderr, "check: %d problem(s)\n", perr.Count())
		}
		return 1
	}
	warnings, err := pipeline.Warnings(opt, s)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	for _, w := range warnings {
		fmt.Fprintln(stderr, w)
	}
	if *strict && len(warnings) > 0 {
		fmt.Fprintf(stderr, "check -strict: %d translation(s) to check\n", len(warnings))
		return 1
	}
	n := 0
	for _, l := range s.Langs {
		for _, d := range l.Docs {
			n += len(d.Sections)
		}
	}
	fmt.Fprintf(stdout, "check: ok, %d languages, %d sections", len(s.Langs), n)
	if len(warnings) > 0 {
		fmt.Fprintf(stdout, ", %d warning(s)", len(warnings))
	}
	fmt.Fprintln(stdout)
	return 0
}
