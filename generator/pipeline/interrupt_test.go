package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// The interrupted-build tests run the build to stop in a child process
// (this test binary again, TestInterruptedChild), which sends itself a
// signal at a chosen step of its write: SIGKILL ends it there, SIGTERM and
// SIGINT go through the handler a build installs (cancel the context).
const (
	childEnv = "COMPENDIUM_INTERRUPT_CHILD" // JSON of interruptCase
)

type interruptCase struct {
	Opt    Options
	Step   int    // the write's step (1-based) at which the signal is sent
	Signal string // KILL, TERM or INT (sent by the child), PARENT (SIGKILL from the parent)
}

// TestInterruptedChild is the child's side: build, and send the signal
// at the step. Exit code 0: the build ended before it saw the signal; 3:
// it stopped on it with the context's error; anything else is a failure.
func TestInterruptedChild(t *testing.T) {
	env := os.Getenv(childEnv)
	if env == "" {
		t.Skip("run by TestInterruptedBuildRepaired")
	}
	var c interruptCase
	if err := json.Unmarshal([]byte(env), &c); err != nil {
		t.Fatal(err)
	}
	sig := map[string]syscall.Signal{"KILL": syscall.SIGKILL, "TERM": syscall.SIGTERM, "INT": syscall.SIGINT}[c.Signal]
	if c.Signal == "PARENT" {
		// The parent kills this process (SIGKILL, from outside) once it
		// reads the line: the write holds still at the step meanwhile,
		// and its other goroutines go on.
		var mu sync.Mutex
		n := 0
		writeStep = func(string) {
			mu.Lock()
			n++
			now := n == c.Step
			mu.Unlock()
			if now {
				fmt.Println("stopped")
				select {}
			}
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if writeStep == nil {
		var mu sync.Mutex
		n := 0
		writeStep = func(string) {
			mu.Lock()
			n++
			now := n == c.Step
			mu.Unlock()
			if now {
				_ = syscall.Kill(os.Getpid(), sig)
				if sig == syscall.SIGKILL {
					select {} // the kill ends the process here
				}
				// The signal reaches the context from another
				// goroutine: on a loaded machine the write went on to
				// its end before it did. Waiting here stops the build
				// at this step, as a signal arriving now would.
				<-ctx.Done()
			}
		}
	}
	_, err := New(c.Opt).Build(ctx)
	switch {
	case err == nil:
		os.Exit(0)
	case errors.Is(err, context.Canceled):
		os.Exit(3)
	default:
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(4)
	}
}

// TestInterruptedBuildRepaired: a build stopped at each step of its write
// (the first file of each rank, files in the middle, the removals, the
// manifest, the end; by SIGKILL, SIGTERM and SIGINT it sends itself, and
// twice by a SIGKILL from this process while its write holds at a step
// and its other goroutines go on) leaves, after the
// next build of the previous content, a folder byte-identical to a build
// of that content into an empty folder, with no temporary file; a build
// stopped by SIGTERM or SIGINT leaves no temporary file itself. The same
// for a first build into an empty folder, stopped while it fills the new
// folder.
func TestInterruptedBuildRepaired(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the fixture about forty times")
	}
	// A has a third document that B removes; B changes a sentence of the
	// first (its page, the book, the single file, the search index, the
	// service worker change).
	const gamma = `-- content/fr/gamma.md --
---
title: Troisième document
short: Jeu — Troisième
order: 3
slug: gamma
summary: Le troisième.
source: 002_test.txt
---
## Les règles {#rules}

Une règle qui disparaît.
`
	opt := writeFixture(t, goodSite+gamma)
	alpha := filepath.Join(opt.ContentDir, "fr", "alpha.md")
	gammaFile := filepath.Join(opt.ContentDir, "fr", "gamma.md")
	alphaA, _ := os.ReadFile(alpha)
	gammaA, _ := os.ReadFile(gammaFile)
	if !bytes.Contains(alphaA, []byte("Introduction :")) {
		t.Fatal("the fixture changed: no \"Introduction :\" in alpha.md")
	}
	contentA := func() {
		t.Helper()
		if err := os.WriteFile(alpha, alphaA, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(gammaFile, gammaA, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	contentB := func() {
		t.Helper()
		if err := os.WriteFile(alpha, bytes.Replace(alphaA, []byte("Introduction :"), []byte("Introduction changée :"), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(gammaFile); err != nil {
			t.Fatal(err)
		}
	}
	root := filepath.Dir(opt.OutDir)
	build := func(out string) {
		t.Helper()
		o := opt
		o.OutDir = out
		if _, err := Build(o); err != nil {
			t.Fatal(err)
		}
	}

	// The reference: A built into an empty folder.
	fresh := filepath.Join(root, "fresh", "public")
	build(fresh)
	want := readTree(t, fresh)

	// The steps of B's write over A, as an uninterrupted build takes them.
	probe := filepath.Join(root, "probe", "public")
	if err := os.CopyFS(probe, os.DirFS(fresh)); err != nil {
		t.Fatal(err)
	}
	var steps []string
	var mu sync.Mutex
	writeStep = func(s string) { mu.Lock(); steps = append(steps, s); mu.Unlock() }
	contentB()
	build(probe)
	writeStep = nil
	contentA()
	picked := pickSteps(steps)
	t.Logf("%d steps; stopping at %v", len(steps), picked)
	if len(picked) < 8 {
		t.Fatalf("only %d steps to stop at: %v", len(picked), steps)
	}

	run := func(name string, out string, step int, sig string) {
		t.Helper()
		o := opt
		o.OutDir = out
		env, err := json.Marshal(interruptCase{Opt: o, Step: step, Signal: sig})
		if err != nil {
			t.Fatalf("%s: the case cannot be passed to the child: %v", name, err)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestInterruptedChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), childEnv+"="+string(env))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if sig == "PARENT" {
			stdout, perr := cmd.StdoutPipe()
			if perr != nil {
				t.Fatal(perr)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			line, _ := bufio.NewReader(stdout).ReadString('\n')
			if line != "stopped\n" {
				_ = cmd.Process.Kill()
				_ = cmd.Wait()
				t.Fatalf("%s: the child did not reach the step: %q\n%s", name, line, stderr.String())
			}
			if err := cmd.Process.Kill(); err != nil { // SIGKILL
				t.Fatal(err)
			}
			err = cmd.Wait()
		} else {
			err = cmd.Run()
		}
		var exit *exec.ExitError
		switch {
		case sig == "KILL" || sig == "PARENT":
			if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
				t.Fatalf("%s: the child was not killed: %v\n%s", name, err, stderr.String())
			}
		case err == nil:
			// It ended before it saw the signal (stopped at its last
			// step): a whole build, nothing to repair.
		case errors.As(err, &exit) && exit.ExitCode() == 3:
		default:
			t.Fatalf("%s: the child failed otherwise: %v\n%s", name, err, stderr.String())
		}
		if sig == "TERM" || sig == "INT" {
			if tmp := temps(t, filepath.Dir(out)); len(tmp) > 0 {
				t.Errorf("%s: the stopped build left temporary files: %v", name, tmp)
			}
		}
	}
	check := func(name, out string) {
		t.Helper()
		if got := readTree(t, out); !sameTree(t, name, got, want) {
			return
		}
		if tmp := temps(t, filepath.Dir(out)); len(tmp) > 0 {
			t.Errorf("%s: temporary files after the repair: %v", name, tmp)
		}
		if Unfinished(out) {
			t.Errorf("%s: the repaired folder is still marked unfinished", name)
		}
	}

	for i, p := range picked {
		for _, sig := range []string{"KILL", "TERM"} {
			if sig == "TERM" && i%3 == 1 {
				sig = "INT" // the same handler: one in three
			}
			name := fmt.Sprintf("%s at step %d (%s)", sig, p, steps[p-1])
			dir := filepath.Join(root, "case-"+strconv.Itoa(i)+"-"+sig)
			out := filepath.Join(dir, "public")
			if err := os.CopyFS(out, os.DirFS(fresh)); err != nil {
				t.Fatal(err)
			}
			contentB()
			run(name, out, p, sig)
			contentA()
			build(out)
			check(name, out)
		}
	}

	// Killed from outside (the parent's SIGKILL) while the write holds
	// at a page's rename and its other goroutines go on.
	for _, p := range []int{picked[len(picked)/2], picked[1]} {
		name := fmt.Sprintf("SIGKILL from the parent at step %d (%s)", p, steps[p-1])
		out := filepath.Join(root, "parent-"+strconv.Itoa(p), "public")
		if err := os.CopyFS(out, os.DirFS(fresh)); err != nil {
			t.Fatal(err)
		}
		contentB()
		run(name, out, p, "PARENT")
		contentA()
		build(out)
		check(name, out)
	}

	// A first build into an empty folder, stopped while it fills the new
	// folder: out is not there, the next build makes it.
	for _, sig := range []string{"KILL", "TERM"} {
		name := "first build, " + sig
		out := filepath.Join(root, "first-"+sig, "public")
		run(name, out, 3, sig)
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: a stopped first build left %s", name, out)
		}
		build(out)
		check(name, out)
		if strays, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".public.*")); len(strays) > 0 {
			t.Errorf("%s: the folders of the stopped build are still there: %v", name, strays)
		}
	}
}

// pickSteps returns the steps (1-based) to stop a write at: the first of
// each kind and rank (the list of unfinished files, the first temporary
// file and rename of the assets, the other files, the pages, the service
// worker, the first removal, the manifest and the end), one in the
// middle of the pages, and the last.
func pickSteps(steps []string) []int {
	seen := map[string]bool{}
	var out []int
	for i, s := range steps {
		kind, name, _ := strings.Cut(s, " ")
		key := kind
		if name != "" {
			key += strconv.Itoa(writeOrder(name))
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, i+1)
		}
	}
	out = append(out, len(steps)/2, len(steps))
	sort.Ints(out)
	uniq := out[:0]
	for i, s := range out {
		if i == 0 || s != out[i-1] {
			uniq = append(uniq, s)
		}
	}
	return uniq
}

// readTree returns every file under dir, by slash path, with its bytes.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			if rel != "." {
				files[filepath.ToSlash(rel)+"/"] = nil // folders count too: no empty one left
			}
			return nil
		}
		b, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// sameTree reports whether got and want hold the same paths and bytes,
// and says where they differ.
func sameTree(t *testing.T, name string, got, want map[string][]byte) bool {
	t.Helper()
	var diff []string
	for p, b := range want {
		g, ok := got[p]
		switch {
		case !ok:
			diff = append(diff, "missing "+p)
		case !bytes.Equal(g, b):
			diff = append(diff, "differs "+p)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			diff = append(diff, "extra "+p)
		}
	}
	if len(diff) > 0 {
		sort.Strings(diff)
		t.Errorf("%s: the repaired folder is not the fresh build's (%d differences): %v", name, len(diff), diff)
	}
	return len(diff) == 0
}

// temps lists the temporary files and folders of builds under dir.
func temps(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		base := d.Name()
		if _, ok := isTemp(base); ok || strings.Contains(base, ".new-") || strings.Contains(base, ".old-") {
			out = append(out, p)
		}
		return nil
	})
	return out
}
