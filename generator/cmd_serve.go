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
	"strings"
	"sync"
	"syscall"
	"time"

	"compendium/generator/edit"
	"compendium/generator/pipeline"
	"compendium/generator/serve"
	"compendium/generator/site"
)

var serveCommand = command{"serve", "help-serve", runServe}

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("serve", stdout, stderr)
	opt := pipeline.Options{}
	siteFlags(fs, &opt)
	outputFlags(fs, &opt)
	langFlag := langFlag(fs)
	addr := fs.String("addr", "127.0.0.1:8080", "help-flag-serve-addr")
	live := fs.Bool("live", true, "help-flag-serve-live")
	editOn := fs.Bool("edit", false, "help-flag-serve-edit")
	if code := parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	lang := site.LangFrom(*langFlag)
	editSet := false
	fs.Visit(func(f *flag.Flag) { editSet = editSet || f.Name == "edit" })
	// Each rebuild allocates a lot and keeps little: a less frequent
	// collector cut its share of a rebuild. Not for build, where it made
	// the peak half as large again for no time (docs/performance.md,
	// "Live reload"). GOGC, when set, still decides.
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
	// The address first: a port that is taken is said before a build
	// that may take a while, with the way to choose another.
	ln, err := serve.Listen(*addr)
	if err != nil {
		fmt.Fprintln(stderr, sayError(err, lang))
		return 1
	}
	fmt.Fprintln(stdout, site.Text("cmd-serve-start", lang, "out", opt.OutDir, "addr", ln.Addr().String()))
	first := true
	// A long first build tells how far it got: each stage as it ends,
	// once it has taken more than a second, and a line every five seconds
	// of a long stage.
	var progress sync.Mutex
	start, said, last := time.Now(), time.Now(), ""
	opt.Progress = func(stage string) {
		progress.Lock()
		defer progress.Unlock()
		last = stage
		if !first || time.Since(start) < time.Second || strings.HasPrefix(stage, "wait for") {
			return
		}
		fmt.Fprintln(stdout, site.Text("cmd-serve-stage", lang, "stage", stage, "secs", fmt.Sprintf("%.1f", time.Since(start).Seconds())))
		said = time.Now()
	}
	ticking := make(chan struct{})
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-ticking:
				return
			case <-t.C:
				progress.Lock()
				if time.Since(said) >= 5*time.Second {
					secs := fmt.Sprintf("%.0f", time.Since(start).Seconds())
					if last == "" {
						fmt.Fprintln(stdout, site.Text("cmd-serve-ticking", lang, "secs", secs))
					} else {
						fmt.Fprintln(stdout, site.Text("cmd-serve-last", lang, "secs", secs, "stage", last))
					}
					said = time.Now()
				}
				progress.Unlock()
			}
		}
	}()
	builder := pipeline.New(opt)
	rebuild := func(changed []string) error {
		var res *pipeline.Result
		var err error
		if first || !*live {
			res, err = builder.Build(ctx)
		} else {
			res, err = builder.Rebuild(ctx, changed)
		}
		if err == nil {
			// The first build's notes (the edition compared with, or none);
			// every build's warnings (translations behind), as an edit
			// may have made one.
			if first {
				for _, n := range res.Notes {
					fmt.Fprintln(stdout, n.Format(lang))
				}
			}
			for _, w := range res.Warnings {
				fmt.Fprintln(stderr, w.Format(lang))
			}
			fmt.Fprintln(stdout, res.Summary(opt.OutDir, lang))
		}
		return err
	}
	firstErr := rebuild(nil)
	progress.Lock()
	first = false
	progress.Unlock()
	close(ticking)
	if ctx.Err() != nil {
		ln.Close()
		fmt.Fprintln(stdout, site.Text("cmd-stopped", lang))
		return 0
	}
	if firstErr != nil {
		fmt.Fprintln(stderr, sayError(firstErr, lang))
		if _, statErr := os.Stat(opt.OutDir); statErr != nil {
			// No earlier site: the server still runs, its pages show the
			// problems, and the first good rebuild makes the site.
			if err := os.MkdirAll(opt.OutDir, 0o755); err != nil {
				fmt.Fprintln(stderr, err)
				ln.Close()
				return 1
			}
			fmt.Fprintln(stderr, site.Text("cmd-serve-no-site", lang))
		} else {
			fmt.Fprintln(stderr, site.Text("cmd-serve-previous", lang, "out", opt.OutDir))
		}
	}
	// The engine's sources are the module's, wherever serve runs from.
	root, rerr := opt.ModuleRoot()
	if rerr != nil {
		fmt.Fprintln(stderr, rerr)
		return 1
	}
	// Editing is on where only this machine reaches the server, or where
	// the organiser said so; it needs the live reload to show a save.
	var editor serve.Editor
	openPath := ""
	if *live && edit.Allowed(ln.Addr(), editSet, *editOn) {
		eopt := opt
		eopt.Progress = nil
		ed, err := edit.New(edit.Options{Pipeline: eopt})
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		editor = ed
		openPath = ed.OpenPath()
	}
	err = serve.Run(ctx, serve.Options{
		Addr: *addr, Listener: ln, Dir: opt.OutDir, Watch: []string{opt.ContentDir, opt.ThemeDir, filepath.Join(root, "wasm")},
		Rebuild: rebuild, Log: stderr, Describe: func(err error) string { return sayError(err, lang) + "\n" + site.Text("cmd-serve-still", lang) }, NoLive: !*live, Failed: firstErr,
		// A rebuild leaves the single-file editions as they were, for
		// the pages to reload at once; they are made right after.
		Complete: func() error {
			if !*live {
				return nil // each build was whole
			}
			_, err := builder.Complete(ctx)
			return err
		},
		Deferred: pipeline.LeftByRebuild,
		Ready: func(a string) {
			fmt.Fprintln(stdout, site.Text("cmd-serving", lang, "addr", a))
			// The link is the key: said here only, at the address the
			// organiser was just told to open (a cookie is per host
			// name), never in a page.
			if openPath != "" {
				fmt.Fprintln(stdout, site.Text("cmd-serve-edit", lang, "url", "http://"+a+openPath, "dir", opt.ContentDir))
			}
		},
		Editor: editor,
	})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintln(stdout, site.Text("cmd-stopped", lang))
	return 0
}
