package main

import (
	"fmt"
	"io"

	"compendium/generator/synth"
)

var synthCommand = command{"synth", "write synthetic pages for benchmarks: synth -pages 1000 -out DIR", runSynth}

func runSynth(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("synth", "synth -pages N -out DIR [-seed 1]", stdout, stderr)
	pages := fs.Int("pages", 1000, "number of pages")
	out := fs.String("out", "", "folder to write content/fr/ and hugo/ into")
	seed := fs.Uint64("seed", 1, "random seed (the same seed writes the same pages)")
	if code := parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	if *out == "" {
		fmt.Fprintln(stderr, "generator synth: -out is needed")
		fs.Usage()
		return 2
	}
	if err := synth.Write(*out, *pages, *seed); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %d pages into %s/content/fr and %s/hugo\n", *pages, *out, *out)
	return 0
}
