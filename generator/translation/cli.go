package translation

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"time"

	"compendium/generator/site"
)

// Loader loads and checks the site in contentDir with the theme in
// themeDir. The command's caller provides it: this package must not
// import the build pipeline that imports it.
type Loader func(contentDir, themeDir string) (*site.Site, error)

// RunCLI runs `translations [-content content] [-theme theme]
// [-mark KEY… | -all]`. Without -mark it lists the translated sections
// whose original changed since they were checked, as check does, and
// returns 1 when there is any. -mark records the sections named
// ("fantasy#armor", or "fantasy" for every section of a document) as
// checked today against their original as it is now; -all marks every
// section. It returns 2 on a usage or load error.
func RunCLI(args []string, stdout, stderr io.Writer, load Loader) int {
	fs := flag.NewFlagSet("translations", flag.ContinueOnError)
	fs.SetOutput(stderr)
	content := fs.String("content", "content", "content folder")
	theme := fs.String("theme", "theme", "theme folder")
	mark := fs.Bool("mark", false, "record the sections named after the flags (slug#id, or slug for a whole document) as checked against their original as it is now")
	all := fs.Bool("all", false, "with -mark: every translated section")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: generator translations [-content content] [-theme theme] [-mark slug#id… | -mark -all]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // -h: the usage was asked for
		}
		return 2
	}
	if *mark == (len(fs.Args()) == 0 && !*all) {
		if *mark {
			fmt.Fprintln(stderr, "translations -mark: name the sections (slug#id or slug), or -all")
		} else {
			fmt.Fprintln(stderr, "translations: sections are named only after -mark")
		}
		fs.Usage()
		return 2
	}
	s, err := load(*content, *theme)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	path := filepath.Join(*content, FileName)
	recs, err := Load(path)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if !*mark {
		ds := Find(s, recs)
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
	before := len(Find(s, recs))
	unknown := Mark(s, recs, fs.Args(), *all, time.Now().UTC().Format("2006-01-02"))
	for _, k := range unknown {
		fmt.Fprintln(stderr, "translations: no translated section "+strconv.Quote(k)+" (want slug#id or slug, as in the pages' addresses)")
	}
	if len(unknown) > 0 {
		return 2
	}
	if err := Save(path, recs); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	after := len(Find(s, recs))
	fmt.Fprintf(stdout, "translations: %s updated; %d section(s) left to check (were %d)\n", path, after, before)
	return 0
}
