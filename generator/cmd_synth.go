package main

import (
	"fmt"
	"io"
	"strconv"

	"compendium/generator/site"
	"compendium/generator/synth"
)

var synthCommand = command{"synth", "help-synth", runSynth}

func runSynth(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("synth", stdout, stderr)
	pages := fs.Int("pages", 1000, "help-flag-synth-pages")
	out := fs.String("out", "", "help-flag-synth-out")
	seed := fs.Uint64("seed", 1, "help-flag-synth-seed")
	if code := parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	lang := site.LangFrom("") // synth takes no -lang
	if *out == "" {
		fmt.Fprintln(stderr, site.Text("synth-no-out", lang))
		fs.Usage()
		return 2
	}
	if err := synth.Write(*out, *pages, *seed); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintln(stdout, site.Text("synth-wrote", lang, "n", strconv.Itoa(*pages), "out", *out))
	return 0
}
