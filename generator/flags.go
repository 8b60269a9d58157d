package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"compendium/generator/pipeline"
	"compendium/generator/site"
)

// newFlags returns a command's flag set: its errors and its usage go to
// stderr, except for -h, whose usage goes to stdout (see parse). Its
// usage is the catalogue's help-usage-NAME, then each flag with its
// description, in the language of its -lang when it has one and it was
// given, else the locale's: each flag's Usage is its description's kind
// in the catalogue (help-flag-…).
func newFlags(name string, stdout, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { writeFlags(fs.Output(), fs, flagLang(fs)) }
	if flagsMade != nil {
		flagsMade(fs)
	}
	return fs
}

// flagsMade, when set (by tests), is given each command's flag set as it
// is made, so that a test can read every flag of every command.
var flagsMade func(*flag.FlagSet)

// writeFlags writes fs's usage in lang, laid out as the flag package's
// PrintDefaults lays it out, but with the descriptions and their
// defaults in lang.
func writeFlags(w io.Writer, fs *flag.FlagSet, lang string) {
	var b strings.Builder
	b.WriteString(site.Text("help-usage", lang, "usage", site.Text("help-usage-"+fs.Name(), lang)) + "\n")
	fs.VisitAll(func(f *flag.Flag) {
		said := *f
		said.Usage = site.Text(f.Usage, lang)
		value, usage := flag.UnquoteUsage(&said)
		line := "  -" + f.Name
		if value != "" {
			line += " " + value
		}
		if len(line) <= 4 { // a one-letter flag: its description on its line
			line += "\t"
		} else {
			line += "\n    \t"
		}
		line += strings.ReplaceAll(usage, "\n", "\n    \t")
		if d := flagDefault(f); d != "" {
			line += " " + site.Text("help-default", lang, "value", d)
		}
		b.WriteString(line + "\n")
	})
	io.WriteString(w, b.String())
}

// flagDefault is f's default as the usage shows it: quoted for a text,
// "" when it is the zero value (nothing said).
func flagDefault(f *flag.Flag) string {
	switch f.DefValue {
	case "", "0", "false":
		return ""
	}
	if g, ok := f.Value.(flag.Getter); ok {
		if _, text := g.Get().(string); text {
			return strconv.Quote(f.DefValue)
		}
	}
	return f.DefValue
}

// parse parses args into fs. It returns -1 to go on, else the exit code:
// 0 after -h (the usage printed to stdout), 2 after a flag that is not the
// command's own or a stray argument (the usage printed to stderr).
func parse(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			helpLang(fs, args)
			fs.SetOutput(stdout)
			fs.Usage()
			return 0
		}
	}
	if code := parseArgs(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, site.Text("cmd-unexpected-arg", flagLang(fs), "cmd", fs.Name(), "arg", fs.Arg(0)))
		fs.Usage()
		return 2
	}
	return -1
}

// helpLang gives fs the -lang that args hold, if fs has one, before its
// usage is printed for -h: the usage follows -lang wherever it stands
// (build -h -lang fr), though parsing would stop at -h.
func helpLang(fs *flag.FlagSet, args []string) {
	if fs.Lookup("lang") == nil {
		return
	}
	for i, a := range args {
		name, value, set := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "lang" {
			continue
		}
		if !set {
			if i+1 == len(args) {
				return
			}
			value = args[i+1]
		}
		_ = fs.Set("lang", value) // a string: it takes any value
	}
}

// flagLang is the language of fs's messages: its -lang when it has one
// and it names one of the catalogue's languages, else the locale's
// (site.LangFrom).
func flagLang(fs *flag.FlagSet) string {
	l := ""
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "lang" {
			l = strings.ToLower(f.Value.String())
		}
	})
	if _, ok := site.Catalogued(l); !ok {
		l = "" // -lang de: the messages say it in the locale's language
	}
	return site.LangFrom(l)
}

// parseArgs is parse for the commands that take arguments after their
// flags (search's query words, translations -mark's sections): it returns
// -1 to go on, with the arguments in fs.Args(), 0 after -h (the usage
// printed to stdout), 2 after a flag that is not the command's own (the
// usage printed to stderr, after the flag package's English line and,
// under a French locale or -lang fr, its French: site.FlagProblem). Flags
// end at the first argument, as for the flag package: "search armure -h"
// searches for "armure -h".
func parseArgs(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
	usage := fs.Usage
	fs.Usage = func() {} // printed below, after the French line, or to stdout after -h
	err := fs.Parse(args)
	fs.Usage = usage
	switch {
	case errors.Is(err, flag.ErrHelp):
		helpLang(fs, args)
		fs.SetOutput(stdout)
		fs.Usage()
		return 0
	case err != nil:
		if lang := flagLang(fs); !site.GoSays(lang) {
			fmt.Fprintln(stderr, site.FlagProblem(fs.Name(), err).Message(lang))
		}
		fs.Usage()
		return 2
	}
	return -1
}

// siteFlags adds the flags every command that reads the site takes: its
// content, theme and configuration.
func siteFlags(fs *flag.FlagSet, opt *pipeline.Options) {
	contentFlags(fs, opt)
	fs.StringVar(&opt.ConfigFile, "config", "compendium.json", "help-flag-config")
}

// contentFlags adds the content and theme flags alone, for the commands
// that read the site without its configuration (search, translations).
func contentFlags(fs *flag.FlagSet, opt *pipeline.Options) {
	fs.StringVar(&opt.ContentDir, "content", "content", "help-flag-content")
	fs.StringVar(&opt.ThemeDir, "theme", "theme", "help-flag-theme")
}

// outputFlags adds the flags of the commands that write the site.
func outputFlags(fs *flag.FlagSet, opt *pipeline.Options) {
	fs.StringVar(&opt.OutDir, "out", "public", "help-flag-out")
	fs.StringVar(&opt.BaseURL, "base-url", "", "help-flag-base-url")
	fs.BoolFunc("compress", "help-flag-compress", func(s string) error {
		v, err := strconv.ParseBool(s)
		opt.NoTwins = !v
		return err
	})
}

// langFlag adds -lang, the language of a command's messages: fr or en,
// by default the locale's (site.LangFrom).
func langFlag(fs *flag.FlagSet) *string {
	return fs.String("lang", "", "help-flag-lang")
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
