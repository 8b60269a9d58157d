package main

import (
	"fmt"
	"io"

	"compendium/generator/scaffold"
)

var newCommand = command{"new", "start a new document: new SLUG [\"French title\" [\"English title\"]] writes content/fr/SLUG.md and content/en/SLUG.md", runNew}

// runNew runs "new [-content content] SLUG [FRENCH-TITLE [ENGLISH-TITLE]]":
// scaffold.New, then what to do next. It returns 2 on a usage error, 1
// when it refuses the slug (not kebab-case, or taken) or could not write.
func runNew(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("new", "new [-content content] SLUG [\"French title\" [\"English title\"]]", stdout, stderr)
	content := fs.String("content", "content", "content folder")
	if code := parseArgs(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	if fs.NArg() < 1 || fs.NArg() > 3 {
		fmt.Fprintln(stderr, "generator new: name the document's slug (English kebab-case, e.g. alchemy), then optionally its French and English titles")
		fs.Usage()
		return 2
	}
	d := scaffold.Doc{Slug: fs.Arg(0), TitleFR: fs.Arg(1), TitleEN: fs.Arg(2)}
	files, err := scaffold.New(*content, d)
	if err != nil {
		fmt.Fprintln(stderr, "generator new:", err)
		return 1
	}
	for _, f := range files {
		fmt.Fprintln(stdout, "new: wrote", f)
	}
	fmt.Fprintf(stdout, "new: write the rules in both files (rename the first section's {#%s} to the English kebab-case ID it will keep), then run go run ./generator check (make check)\n", scaffold.FirstSection)
	return 0
}
