package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"compendium/generator/pipeline"
	"compendium/generator/serve"
)

var serveCommand = command{"serve", "build, serve public/ on 127.0.0.1:8080 and rebuild on changes", runServe}

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("serve", "serve [-addr 127.0.0.1:8080] [-live=false] [-content content] [-theme theme] [-config compendium.json] [-out public] [-base-url URL] [-compress=false]", stdout, stderr)
	opt := pipeline.Options{}
	siteFlags(fs, &opt)
	outputFlags(fs, &opt)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	live := fs.Bool("live", true, "reload open pages after each rebuild (off: pages go out exactly as built)")
	if code := parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	// Each rebuild allocates a lot and keeps little: collecting at 5x
	// the live heap instead of 2x cut the collector's share of a
	// rebuild. Not for build: at 1,000 pages it made the peak 660 MB
	// instead of 410 for 1 % of time. GOGC, when set, still decides.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	// The first build is the one a host would serve; with live
	// reload, the rebuilds after an edit are quick (twins only from the
	// cache, none made for pages, which go out with the reload script;
	// single-file editions left as they were until the next build), so
	// that the page reloads at once. One builder holds what they reuse.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	builder := pipeline.New(opt)
	first := true
	rebuild := func(changed []string) error {
		var res *pipeline.Result
		var err error
		if first || !*live {
			res, err = builder.Build(ctx)
		} else {
			res, err = builder.Rebuild(ctx, changed)
		}
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
	if err := rebuild(nil); err != nil {
		fmt.Fprintln(stderr, err)
		if _, statErr := os.Stat(opt.OutDir); statErr != nil {
			return 1
		}
		fmt.Fprintln(stderr, "build failed; serving the previous "+opt.OutDir+"/")
	}
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
