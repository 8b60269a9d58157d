package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"time"

	"compendium/generator/pipeline"
	"compendium/generator/site"
	"compendium/generator/translation"
)

var translationsCommand = command{"translations", "help-translations", runTranslations}

// runTranslations runs "translations [-content content] [-theme theme]
// [-mark KEY… | -all]". Without -mark it lists the translated sections
// whose original changed since they were checked, as check does, and
// returns 1 when there is any. -mark records the sections named
// ("fantasy#armor", or "fantasy" for every section of a document) as
// checked today against their original as it is now; -all marks every
// section. It returns 2 on a usage or load error.
func runTranslations(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("translations", stdout, stderr)
	opt := pipeline.Options{}
	contentFlags(fs, &opt)
	mark := fs.Bool("mark", false, "help-flag-translations-mark")
	all := fs.Bool("all", false, "help-flag-translations-all")
	langFlag := langFlag(fs)
	if code := parseArgs(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	lang := site.LangFrom(*langFlag)
	if *mark == (fs.NArg() == 0 && !*all) {
		if *mark {
			fmt.Fprintln(stderr, site.Text("cmd-translations-name", lang))
		} else {
			fmt.Fprintln(stderr, site.Text("cmd-translations-no-mark", lang))
		}
		fs.Usage()
		return 2
	}
	s, _, err := pipeline.Load(opt)
	if err != nil {
		fmt.Fprintln(stderr, sayError(err, lang))
		return 2
	}
	path := filepath.Join(opt.ContentDir, translation.FileName)
	recs, err := translation.Load(path)
	if err != nil {
		fmt.Fprintln(stderr, sayError(err, lang))
		return 2
	}
	if !*mark {
		ds := translation.Find(s, recs)
		for _, d := range ds {
			fmt.Fprintln(stdout, d.Diagnostic().Format(lang))
		}
		if len(ds) > 0 {
			fmt.Fprintln(stderr, site.Text("cmd-translations-left", lang, "n", strconv.Itoa(len(ds))))
			return 1
		}
		fmt.Fprintln(stdout, site.Text("cmd-translations-ok", lang))
		return 0
	}
	before := len(translation.Find(s, recs))
	unknown, recs, err := translation.MarkFile(s, path, fs.Args(), *all, time.Now().UTC().Format("2006-01-02"))
	for _, k := range unknown {
		fmt.Fprintln(stderr, site.Text("cmd-translations-unknown", lang, "key", k))
	}
	if len(unknown) > 0 {
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, sayError(err, lang))
		return 2
	}
	after := len(translation.Find(s, recs))
	fmt.Fprintln(stdout, site.Text("cmd-translations-updated", lang, "file", path, "n", strconv.Itoa(after), "before", strconv.Itoa(before)))
	return 0
}
