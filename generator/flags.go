package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"compendium/generator/pipeline"
	"compendium/generator/site"
)

// newFlags returns a command's flag set: its errors and its usage go to
// stderr, except for -h, whose usage goes to stdout (see parse).
func newFlags(name, usage string, stdout, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		out := fs.Output()
		fmt.Fprintf(out, "usage: generator %s\n\nflags:\n", usage)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses args into fs. It returns -1 to go on, else the exit code:
// 0 after -h (the usage printed to stdout), 2 after a flag that is not the
// command's own or a stray argument (the usage printed to stderr).
func parse(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			fs.SetOutput(stdout)
			fs.Usage()
			return 0
		}
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, site.Text("cmd-unexpected-arg", flagLang(fs), "cmd", fs.Name(), "arg", fs.Arg(0)))
		fs.Usage()
		return 2
	}
	return -1
}

// flagLang is the language of fs's messages: its -lang when it has one
// and it was given, else the locale's (site.LangFrom).
func flagLang(fs *flag.FlagSet) string {
	l := ""
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "lang" {
			l = f.Value.String()
		}
	})
	return site.LangFrom(l)
}

// parseArgs is parse for the commands that take arguments after their
// flags (search's query words, translations -mark's sections): it returns
// -1 to go on, with the arguments in fs.Args(), 0 after -h (the usage
// printed to stdout), 2 after a flag that is not the command's own (the
// usage printed to stderr). Flags end at the first argument, as for the
// flag package: "search armure -h" searches for "armure -h".
func parseArgs(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
	usage := fs.Usage
	fs.Usage = func() {} // printed below, to stdout after -h
	err := fs.Parse(args)
	fs.Usage = usage
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fs.Usage()
		return 0
	case err != nil:
		fs.Usage()
		return 2
	}
	return -1
}

// siteFlags adds the flags every command that reads the site takes: its
// content, theme and configuration.
func siteFlags(fs *flag.FlagSet, opt *pipeline.Options) {
	contentFlags(fs, opt)
	fs.StringVar(&opt.ConfigFile, "config", "compendium.json", "site configuration: titles, base URL, edition")
}

// contentFlags adds the content and theme flags alone, for the commands
// that read the site without its configuration (search, translations).
func contentFlags(fs *flag.FlagSet, opt *pipeline.Options) {
	fs.StringVar(&opt.ContentDir, "content", "content", "content folder")
	fs.StringVar(&opt.ThemeDir, "theme", "theme", "theme folder")
}

// outputFlags adds the flags of the commands that write the site.
func outputFlags(fs *flag.FlagSet, opt *pipeline.Options) {
	fs.StringVar(&opt.OutDir, "out", "public", "output folder: written only on success, with only the files that changed; a folder the build did not write is refused")
	fs.StringVar(&opt.BaseURL, "base-url", "", "absolute address the site is published at, e.g. https://rules.example.org/ (overrides the configuration's base_url; without one, links stay relative and no sitemap is written)")
	fs.BoolFunc("compress", "write .br and .gz twins of every compressible file (default true; -compress=false writes none)", func(s string) error {
		v, err := strconv.ParseBool(s)
		opt.NoTwins = !v
		return err
	})
}

// langFlag adds -lang, the language of a command's messages: fr or en,
// by default the locale's (site.LangFrom).
func langFlag(fs *flag.FlagSet) *string {
	return fs.String("lang", "", "language of the messages, fr or en (default: from LC_ALL, LC_MESSAGES or LANG)")
}

// sayError is err as the organiser reads it: a failed build's problems in
// lang, each once with its cause first, a problem of the catalogue in
// lang; any other error as it says itself.
func sayError(err error, lang string) string {
	var e *pipeline.Error
	if errors.As(err, &e) {
		return e.Format(lang)
	}
	var ds site.Diagnostics
	if errors.As(err, &ds) {
		return ds.Format(lang, false)
	}
	return err.Error()
}
