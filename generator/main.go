// Command generator builds, checks and serves the rules compendium, and runs
// its calculators and search from the command line. main only wires: each
// command's work is in its package.
//
//	go run ./generator build  [-content content] [-theme theme] [-out public] [-config compendium.json] [-base-url URL] [-compress=false] [-cpuprofile FILE] [-memprofile FILE] [-timings]
//	go run ./generator check  [-content content] [-theme theme]
//	go run ./generator serve  [-addr 127.0.0.1:8080] [-live=false] [-content …] [-theme …] [-out …]
//	go run ./generator calc NAME < input.json      (calc --list lists them, calc --describe [NAME] describes them)
//	go run ./generator synth -pages N -out DIR     (synthetic pages for benchmarks)
//	go run ./generator search [-lang fr] "query"
//	go run ./generator values [-content content] [-lang fr]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"sort"
	"strings"
	"syscall"
	"time"

	"compendium/generator/build"
	"compendium/generator/calc"
	"compendium/generator/calcui"
	"compendium/generator/heapwatch"
	_ "compendium/generator/hugepage/atstart"
	"compendium/generator/pdf"
	"compendium/generator/render"
	"compendium/generator/search"
	"compendium/generator/serve"
	"compendium/generator/site"
	"compendium/generator/synth"
	"compendium/generator/translation"
	"compendium/generator/values"
	"compendium/wasm/engine"
)

const usage = `usage: generator <command> [flags]

commands:
  build    load, check and render content/ with theme/ into public/
  check    report every content problem as file:line: message
  serve    build, serve public/ on 127.0.0.1:8080 and rebuild on changes
  calc     run a calculator: calc NAME < input.json; calc --list; calc --describe [NAME]
  search   query the search index: search [-lang fr] "query"
  values   list every rule value: its number, meaning, where the text states it, its calculators
  translations  list the translated sections whose original changed since they were checked;
           translations -mark slug#id… records them as checked (content/translations.json)
  synth    write synthetic pages for benchmarks: synth -pages 1000 -out DIR
  pdf      build, print each language's book to public/<lang>/compendium-a4.pdf and -a5.pdf with
           Chromium, and build again linking them (build alone needs no browser and links no PDF)
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd, args := args[0], args[1:]
	if cmd == "calc" && len(args) >= 1 && (args[0] == "--describe" || args[0] == "-describe") {
		return describe(args[1:], stdout, stderr)
	}
	if cmd == "calc" {
		return calc.Run(args, stdin, stdout, stderr)
	}
	if cmd == "values" {
		return values.RunCLI(args, stdout, stderr)
	}
	if cmd == "translations" {
		return translation.RunCLI(args, stdout, stderr, func(content, theme string) (*site.Site, error) {
			s, _, err := build.Load(build.Options{ContentDir: content, ThemeDir: theme})
			return s, err
		})
	}
	if cmd == "synth" {
		fs := flag.NewFlagSet("synth", flag.ContinueOnError)
		fs.SetOutput(stderr)
		pages := fs.Int("pages", 1000, "number of pages")
		out := fs.String("out", "", "folder to write content/fr/ and hugo/ into")
		seed := fs.Uint64("seed", 1, "random seed (the same seed writes the same pages)")
		if err := fs.Parse(args); err != nil || *out == "" {
			fmt.Fprintln(stderr, "usage: generator synth -pages N -out DIR")
			return 2
		}
		if err := synth.Write(*out, *pages, *seed); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %d pages into %s/content/fr and %s/hugo\n", *pages, *out, *out)
		return 0
	}
	if cmd == "search" {
		return search.RunCLI(args, stdout, stderr, loadIndexes)
	}
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	opt := build.Options{}
	fs.StringVar(&opt.ContentDir, "content", "content", "content folder")
	fs.StringVar(&opt.ThemeDir, "theme", "theme", "theme folder")
	fs.StringVar(&opt.OutDir, "out", "public", "output folder: written only on success, with only the files that changed; a folder the build did not write is refused")
	fs.StringVar(&opt.ConfigFile, "config", "compendium.json", "site configuration: titles, base URL, edition")
	fs.StringVar(&opt.BaseURL, "base-url", "", "absolute address the site is published at, e.g. https://rules.example.org/ (overrides the configuration's base_url; without one, links stay relative and no sitemap is written)")
	twins := fs.Bool("compress", true, "write .br and .gz twins of every compressible file")
	addr := fs.String("addr", "127.0.0.1:8080", "serve: address to listen on")
	cpuprofile := fs.String("cpuprofile", "", "build: write a CPU profile to this file (go tool pprof reads it)")
	memprofile := fs.String("memprofile", "", "build: write a heap profile taken at the build's largest live heap to this file (go tool pprof reads it)")
	timings := fs.Bool("timings", false, "build: print each stage's wall time")
	strict := fs.Bool("strict", false, "check: fail on warnings too (translations whose original changed since they were checked)")
	live := fs.Bool("live", true, "serve: reload open pages after each rebuild (off: pages go out exactly as built)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	opt.NoTwins = !*twins
	switch cmd {
	case "check":
		s, _, err := build.Load(opt)
		if err != nil {
			fmt.Fprintln(stderr, err)
			fmt.Fprintf(stderr, "check: %d problem(s)\n", len(err.(*build.Error).Problems))
			return 1
		}
		warnings, err := build.Warnings(opt, s)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		for _, w := range warnings {
			fmt.Fprintln(stderr, w)
		}
		if *strict && len(warnings) > 0 {
			fmt.Fprintf(stderr, "check -strict: %d translation(s) to check\n", len(warnings))
			return 1
		}
		n := 0
		for _, l := range s.Langs {
			for _, d := range l.Docs {
				n += len(d.Sections)
			}
		}
		fmt.Fprintf(stdout, "check: ok, %d languages, %d sections", len(s.Langs), n)
		if len(warnings) > 0 {
			fmt.Fprintf(stdout, ", %d warning(s)", len(warnings))
		}
		fmt.Fprintln(stdout)
		return 0
	case "build":
		build.SetMemory(opt.ContentDir)
		if *cpuprofile != "" {
			f, err := os.Create(*cpuprofile)
			if err != nil {
				fmt.Fprintln(stderr, err)
				return 1
			}
			defer f.Close()
			if err := pprof.StartCPUProfile(f); err != nil {
				fmt.Fprintln(stderr, err)
				return 1
			}
			defer pprof.StopCPUProfile()
		}
		if *memprofile != "" {
			stop := heapwatch.Watch(20 * time.Millisecond)
			defer func() {
				p, peak := stop()
				if err := os.WriteFile(*memprofile, p, 0o644); err != nil {
					fmt.Fprintln(stderr, err)
				}
				fmt.Fprintf(stdout, "peak live heap %.0f MB\n", float64(peak)/1e6)
			}()
		}
		res, err := build.Build(opt)
		if err != nil {
			fmt.Fprintln(stderr, err)
			fmt.Fprintln(stderr, "build failed; "+opt.OutDir+"/ was left as it was")
			return 1
		}
		for _, w := range res.Warnings {
			fmt.Fprintln(stderr, w)
		}
		for _, n := range res.Notes {
			fmt.Fprintln(stdout, n)
		}
		fmt.Fprintln(stdout, res.Summary(opt.OutDir))
		if *timings {
			fmt.Fprint(stdout, build.FormatPhases(res.Phases))
		}
		return 0
	case "pdf":
		return printBooks(opt, stdout, stderr)
	case "serve":
		// Each rebuild allocates a lot and keeps little: collecting at 5x
		// the live heap instead of 2x cut the collector's share of a
		// rebuild. Not for build: at 1,000 pages it made the peak 660 MB
		// instead of 410 for 1 % of time. GOGC, when set, still decides.
		if os.Getenv("GOGC") == "" {
			debug.SetGCPercent(400)
		}
		// The first build is the one a host would serve; with live
		// reload, the rebuilds after an edit are Live (fast twins, none
		// made for pages, which go out with the reload script; single-file
		// editions left as they were until the next build), so that the
		// page reloads at once.
		first := true
		rebuild := func() error {
			o := opt
			o.Live = !first && *live
			res, err := build.Build(o)
			if err == nil {
				// The first build's notes (no edition to compare with);
				// every build's warnings (translations behind), as an edit
				// may have made one.
				if first {
					for _, n := range res.Notes {
						fmt.Fprintln(stdout, n)
					}
				}
				for _, w := range res.Warnings {
					fmt.Fprintln(stderr, w)
				}
				first = false
				fmt.Fprintln(stdout, res.Summary(opt.OutDir))
			}
			return err
		}
		if err := rebuild(); err != nil {
			fmt.Fprintln(stderr, err)
			if _, statErr := os.Stat(opt.OutDir); statErr != nil {
				return 1
			}
			fmt.Fprintln(stderr, "build failed; serving the previous "+opt.OutDir+"/")
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		err := serve.Run(ctx, serve.Options{
			Addr: *addr, Dir: opt.OutDir, Watch: []string{opt.ContentDir, opt.ThemeDir, "wasm"},
			Rebuild: rebuild, Log: stderr, NoLive: !*live,
			Ready: func(a string) { fmt.Fprintf(stdout, "serving http://%s/ (Ctrl-C to stop)\n", a) },
		})
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		return 0
	}
	fmt.Fprintf(stderr, "unknown command %q\n%s", cmd, usage)
	return 2
}

// describe prints what the calculators take and return (calc --describe
// [NAME]), with the pages' English labels from theme/i18n.
func describe(args []string, stdout, stderr io.Writer) int {
	theme, errs := render.Load("theme")
	if len(errs) > 0 {
		fmt.Fprintln(stderr, strings.Join(errs, "\n"))
		return 1
	}
	// The labels name rule values ({=armor.plate}): the content's, where
	// the repository's root has it, else the engine's defaults.
	rules := engine.Default()
	if set, ds := values.Load("content"); len(ds) == 0 {
		rules = set.Rules
	}
	t := func(k string) string { return values.Fill(theme.T("en", k), rules) }
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

// loadIndexes builds the search indexes in memory, exactly as build writes
// them: the command line queries what the browser queries.
func loadIndexes(content, theme string) (map[string][]byte, map[string]string, error) {
	return build.SearchIndexes(build.Options{ContentDir: content, ThemeDir: theme})
}

// printBooks builds the site into a temporary folder, prints its books
// with Chromium, and builds the site into opt.OutDir with the PDFs.
func printBooks(opt build.Options, stdout, stderr io.Writer) int {
	tmp, err := os.MkdirTemp("", "compendium-book-")
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	first := opt
	first.OutDir, first.NoTwins = filepath.Join(tmp, "public"), true
	res, err := build.Build(first)
	if err != nil {
		fmt.Fprintln(stderr, err)
		fmt.Fprintln(stderr, "pdf: the build failed; "+opt.OutDir+"/ was left as it was")
		return 1
	}
	var langs []string
	for _, l := range res.Site.Langs {
		langs = append(langs, l.Code)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	pdfs, err := pdf.Print(ctx, first.OutDir, langs, serve.Handler(first.OutDir, nil))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	opt.PDFs = pdfs
	res, err = build.Build(opt)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var names []string
	for name := range pdfs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(stdout, "%s/%s: %d pages, %d KB\n", opt.OutDir, name, pdf.Pages(pdfs[name]), len(pdfs[name])/1024)
	}
	fmt.Fprintln(stdout, res.Summary(opt.OutDir))
	return 0
}
