package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"sync"
	"syscall"
	"time"

	"compendium/generator/heapwatch"
	"compendium/generator/pipeline"
	"compendium/generator/site"
)

var buildCommand = command{"build", "help-build", runBuild}

func runBuild(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("build", stdout, stderr)
	opt := pipeline.Options{}
	siteFlags(fs, &opt)
	outputFlags(fs, &opt)
	cpuprofile := fs.String("cpuprofile", "", "help-flag-build-cpuprofile")
	memprofile := fs.String("memprofile", "", "help-flag-build-memprofile")
	timings := fs.Bool("timings", false, "help-flag-build-timings")
	langFlag := langFlag(fs)
	if code := parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	lang := site.LangFrom(*langFlag)
	pipeline.SetMemory(opt.ContentDir)
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
			fmt.Fprintln(stdout, site.Text("cmd-peak-heap", lang, "mb", fmt.Sprintf("%.0f", float64(peak)/1e6)))
		}()
	}
	ctx, sig, stop := interruptible()
	defer stop()
	if buildListening != nil {
		buildListening()
	}
	res, err := pipeline.New(opt).Build(ctx)
	// One line says what the output folder holds now: the previous build,
	// or files of two (this build, or an earlier one, stopped while
	// writing in place), which the next build repairs.
	left := site.Text("cmd-left", lang, "out", opt.OutDir)
	if pipeline.Unfinished(opt.OutDir) {
		left = site.Text("cmd-left-mixed", lang, "out", opt.OutDir)
	}
	if s := sig(); s != nil && err != nil {
		// A second signal meanwhile ends the process at once.
		fmt.Fprintln(stderr, site.Text("cmd-build-stopped", lang, "sig", fmt.Sprint(s), "left", left))
		if n, ok := s.(syscall.Signal); ok {
			return 128 + int(n) // the shell's code for a process a signal ended
		}
		return 1
	}
	if err != nil {
		fmt.Fprintln(stderr, sayError(err, lang))
		fmt.Fprintln(stderr, site.Text("cmd-build-failed", lang, "left", left))
		return 1
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(stderr, w.Format(lang))
	}
	for _, n := range res.Notes {
		fmt.Fprintln(stdout, n.Format(lang))
	}
	fmt.Fprintln(stdout, res.Summary(opt.OutDir, lang))
	if *timings {
		fmt.Fprint(stdout, pipeline.FormatPhases(res.Phases))
	}
	return 0
}

// buildListening, when set (by tests), is called once build listens for
// signals.
var buildListening func()

// interruptible returns a context cancelled by the first SIGINT or
// SIGTERM, a function that says which one came (nil: none), and one that
// stops listening. After the first signal the default action is back: a
// second one ends the process at once.
func interruptible() (context.Context, func() os.Signal, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	var mu sync.Mutex
	var got os.Signal
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch)
			mu.Lock()
			got = s
			mu.Unlock()
			cancel()
		case <-done:
		}
	}()
	return ctx, func() os.Signal {
			mu.Lock()
			defer mu.Unlock()
			return got
		}, func() {
			signal.Stop(ch)
			close(done)
			cancel()
		}
}
