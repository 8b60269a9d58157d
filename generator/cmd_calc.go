package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"compendium/generator/calc"
	"compendium/generator/calcui"
	"compendium/generator/render"
	"compendium/generator/site"
	"compendium/generator/values"
	"compendium/wasm/engine"
)

var calcCommand = command{"calc", "help-calc", runCalc}

func runCalc(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) >= 1 {
		switch args[0] {
		case "--describe", "-describe":
			return describe(args[1:], stdout, stderr)
		case "-h", "-help", "--help":
			// calc --help NAME says what NAME takes and returns; alone,
			// how to run one and which there are.
			if len(args) > 1 {
				return describe(args[1:], stdout, stderr)
			}
			calcHelp(stdout)
			return 0
		}
	}
	return calcRun(args, stdin, stdout, stderr)
}

// calcRun implements "calc [-content DIR] NAME" and "calc --list": it reads
// the command line and hands calc.Run its values. A bad command line gives
// status 2 and the usage on stderr.
//
// The calculator computes with the rule values of the content folder,
// -content DIR ("content" by default, where the repository's root has it);
// without a content folder at the default place it computes with the
// engine's defaults and says so on stderr.
func calcRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("calc", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	content := fs.String("content", "content", "")
	list := fs.Bool("list", false, "")
	// In the locale's language, as calc --help: calc takes no -lang.
	lang := site.LangFrom("")
	if err := fs.Parse(args); err != nil {
		io.WriteString(stderr, "calc: "+err.Error()+"\n")
		if !site.GoSays(lang) { // Go's line is English
			io.WriteString(stderr, site.FlagProblem("calc", err).Message(lang)+"\n")
		}
		io.WriteString(stderr, calc.Usage(lang))
		return 2
	}
	args = fs.Args()
	if *list && len(args) == 0 {
		io.WriteString(stdout, calc.List(lang))
		return 0
	}
	if *list || len(args) != 1 || strings.HasPrefix(args[0], "-") {
		io.WriteString(stderr, calc.Usage(lang))
		return 2
	}
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "content" })
	return calc.Run(calc.Options{Name: args[0], Content: *content, ContentGiven: given, Lang: lang}, stdin, stdout, stderr)
}

// calcHelp writes how to run calc and which calculators there are, in
// the locale's language: calc takes no -lang.
func calcHelp(w io.Writer) {
	lang := site.LangFrom("")
	var b strings.Builder
	b.WriteString(calc.Usage(lang) + site.Text("cmd-calc-help", lang) + "\n")
	for _, c := range engine.Calculators() {
		what, _ := values.EngineText(lang, c.Fr, c.En)
		fmt.Fprintf(&b, "  %-16s %s\n", c.Name, what)
	}
	io.WriteString(w, b.String())
}

// describe prints what the calculators take and return (calc --describe
// [-content DIR] [-theme DIR] [--defaults] [NAME]), with the pages'
// English labels from the theme's i18n.
func describe(args []string, stdout, stderr io.Writer) int {
	lang := site.LangFrom("")
	fs := flag.NewFlagSet("calc --describe", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	content := fs.String("content", "content", "")
	themeDir := fs.String("theme", "theme", "")
	defaults := fs.Bool("defaults", false, "")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		calcHelp(stdout)
		return 0
	} else if err != nil {
		fmt.Fprintln(stderr, "calc --describe: "+err.Error())
		if !site.GoSays(lang) {
			fmt.Fprintln(stderr, site.FlagProblem("calc", err).Message(lang))
		}
		return 2
	}
	args = fs.Args()
	if len(args) > 0 && args[0] == "--defaults" {
		*defaults, args = true, args[1:]
	}
	if fi, err := os.Stat(*themeDir); err != nil || !fi.IsDir() {
		fmt.Fprintln(stderr, site.Text("cmd-calc-no-theme", lang, "dir", *themeDir))
		return 2
	}
	theme, errs := render.Load(*themeDir)
	if len(errs) > 0 {
		fmt.Fprintln(stderr, errs.Format(lang, false))
		return 1
	}
	// The labels name rule values ({=armor.plate}): the content's, where
	// it is found, else the engine's defaults. With --defaults, the
	// engine's defaults always: docs/calculators.md is made so, and stays
	// true whatever rules the content states.
	rules := engine.Default()
	if !*defaults {
		if set, ds := values.Load(*content); len(ds) == 0 {
			rules = set.Rules
		}
	}
	t := func(k string) string { return values.Fill(theme.T(calcui.DescribeLanguage, k), rules) }
	if len(args) > 0 && calcui.Lookup(args[0]) == nil {
		fmt.Fprintln(stderr, site.Text("cmd-calc-unknown", lang, "name", args[0]))
		return 2
	}
	var err error
	if len(args) == 0 {
		err = calcui.DescribeAll(stdout, rules, t)
	} else {
		err = calcui.Describe(stdout, args[0], rules, t)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	return 0
}
