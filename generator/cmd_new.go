package main

import (
	"fmt"
	"io"

	"compendium/generator/config"
	"compendium/generator/scaffold"
	"compendium/generator/site"
)

var newCommand = command{"new", "help-new", runNew}

// runNew runs "new [-content content] [-config compendium.json] [-lang
// fr|en] SLUG [TITLE…]", one title per language of the configuration, the
// original first: scaffold.New, then what to do next, in the organiser's
// language. It returns 2 on a usage error, 1 when it refuses
// the slug (not kebab-case, or taken) or could not write.
func runNew(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("new", stdout, stderr)
	content := fs.String("content", "content", "help-flag-content")
	configFile := fs.String("config", "compendium.json", "help-flag-config")
	langFlag := langFlag(fs)
	if code := parseArgs(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	lang := site.LangFrom(*langFlag)
	cfg, err := config.Load(*configFile)
	if err != nil {
		fmt.Fprintln(stderr, site.Text("cmd-new-failed", lang, "err", sayError(err, lang)))
		return 2
	}
	if fs.NArg() < 1 || fs.NArg() > 1+len(cfg.Langs()) {
		fmt.Fprintln(stderr, site.Text("cmd-new-usage", lang))
		fs.Usage()
		return 2
	}
	d := scaffold.Doc{Slug: fs.Arg(0), Languages: cfg.Langs(), Titles: fs.Args()[1:]}
	files, err := scaffold.New(*content, d)
	if err != nil {
		fmt.Fprintln(stderr, site.Text("cmd-new-failed", lang, "err", sayError(err, lang)))
		return 1
	}
	for _, f := range files {
		fmt.Fprintln(stdout, site.Text("cmd-new-wrote", lang, "file", f))
	}
	fmt.Fprintln(stdout, site.Text("cmd-new-next", lang, "id", scaffold.FirstSection))
	return 0
}
