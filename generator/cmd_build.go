package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"time"

	"compendium/generator/heapwatch"
	"compendium/generator/pipeline"
)

var buildCommand = command{"build", "load, check and render content/ with theme/ into public/", runBuild}

func runBuild(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("build", "build [-content content] [-theme theme] [-config compendium.json] [-out public] [-base-url URL] [-compress=false] [-cpuprofile FILE] [-memprofile FILE] [-timings]", stdout, stderr)
	opt := pipeline.Options{}
	siteFlags(fs, &opt)
	outputFlags(fs, &opt)
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to this file (go tool pprof reads it)")
	memprofile := fs.String("memprofile", "", "write a heap profile taken at the build's largest live heap to this file (go tool pprof reads it)")
	timings := fs.Bool("timings", false, "print each stage's wall time")
	if code := parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
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
			fmt.Fprintf(stdout, "peak live heap %.0f MB\n", float64(peak)/1e6)
		}()
	}
	res, err := pipeline.Build(opt)
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
		fmt.Fprint(stdout, pipeline.FormatPhases(res.Phases))
	}
	return 0
}
