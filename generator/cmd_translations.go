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

var translationsCommand = command{"translations", "list the translated sections whose original changed since they were checked;\ntranslations -mark slug#id… records them as checked (content/translations.json)", runTranslations}

// runTranslations runs "translations [-content content] [-theme theme]
// [-mark KEY… | -all]". Without -mark it lists the translated sections
// whose original changed since they were checked, as check does, and
// returns 1 when there is any. -mark records the sections named
// ("fantasy#armor", or "fantasy" for every section of a document) as
// checked today against their original as it is now; -all marks every
// section. It returns 2 on a usage or load error.
func runTranslations(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("translations", "translations [-content content] [-theme theme] [-mark slug#id… | -mark -all]", stdout, stderr)
	opt := pipeline.Options{}
	contentFlags(fs, &opt)
	mark := fs.Bool("mark", false, "record the sections named after the flags (slug#id, or slug for a whole document) as checked against their original as it is now")
	all := fs.Bool("all", false, "with -mark: every translated section")
	if code := parseArgs(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	if *mark == (fs.NArg() == 0 && !*all) {
		if *mark {
			fmt.Fprintln(stderr, "translations -mark: name the sections (slug#id or slug), or -all")
		} else {
			fmt.Fprintln(stderr, "translations: sections are named only after -mark")
		}
		fs.Usage()
		return 2
	}
	s, _, err := pipeline.Load(opt)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	path := filepath.Join(opt.ContentDir, translation.FileName)
	recs, err := translation.Load(path)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if !*mark {
		ds := translation.Find(s, recs)
		for _, d := range ds {
			fmt.Fprintln(stdout, site.Diagnostic{File: d.File, Line: d.Line, Msg: d.Message()}.String())
		}
		if len(ds) > 0 {
			fmt.Fprintln(stderr, "translations: "+strconv.Itoa(len(ds))+" section(s) to check")
			return 1
		}
		fmt.Fprintln(stdout, "translations: every translated section is checked against its original as it is")
		return 0
	}
	before := len(translation.Find(s, recs))
	unknown := translation.Mark(s, recs, fs.Args(), *all, time.Now().UTC().Format("2006-01-02"))
	for _, k := range unknown {
		fmt.Fprintln(stderr, "translations: no translated section "+strconv.Quote(k)+" (want slug#id or slug, as in the pages' addresses)")
	}
	if len(unknown) > 0 {
		return 2
	}
	if err := translation.Save(path, recs); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	after := len(translation.Find(s, recs))
	fmt.Fprintf(stdout, "translations: %s updated; %d section(s) left to check (were %d)\n", path, after, before)
	return 0
}
