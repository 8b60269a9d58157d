package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"compendium/generator/pipeline"
)

// TestBuildStopsOnSignal: build, sent SIGINT or SIGTERM while it runs,
// stops with the shell's code for the signal and one line saying the
// output folder was left as it was, and leaves no folder behind (the
// child process is this test binary again, running build).
func TestBuildStopsOnSignal(t *testing.T) {
	if sig := os.Getenv("COMPENDIUM_BUILD_SIGNAL_CHILD"); sig != "" {
		s := map[string]syscall.Signal{"INT": syscall.SIGINT, "TERM": syscall.SIGTERM}[sig]
		buildListening = func() { _ = syscall.Kill(os.Getpid(), s) }
		os.Exit(run(strings.Split(os.Getenv("COMPENDIUM_BUILD_ARGS"), "\n"), nil, os.Stdout, os.Stderr))
	}
	dir := t.TempDir()
	doc := "---\ntitle: Alpha\nshort: Jeu — Alpha\norder: 1\nslug: alpha\nsummary: Un.\nsource: a.txt\n---\n## Un {#one}\n\nLe texte.\n"
	if err := os.MkdirAll(filepath.Join(dir, "content", "fr"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "content", "fr", "alpha.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "public")
	args := []string{"build", "-content", filepath.Join(dir, "content"), "-theme", "../theme", "-out", out, "-compress=false"}
	stopped := func(sig string, code int, want string) {
		t.Helper()
		cmd := exec.Command(os.Args[0], "-test.run=^TestBuildStopsOnSignal$", "-test.count=1")
		cmd.Env = append(os.Environ(), "LC_ALL=C", "COMPENDIUM_BUILD_SIGNAL_CHILD="+sig, "COMPENDIUM_BUILD_ARGS="+strings.Join(args, "\n"))
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != code {
			t.Errorf("SIG%s: %v, want exit code %d\n%s%s", sig, err, code, stdout.String(), stderr.String())
		}
		msg := strings.TrimSuffix(stderr.String(), "\n")
		if strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "build stopped (") || !strings.HasSuffix(msg, out+want) {
			t.Errorf("SIG%s: stderr %q, want one line ending %q", sig, stderr.String(), out+want)
		}
		if strays, _ := filepath.Glob(filepath.Join(dir, ".public.*")); len(strays) > 0 {
			t.Errorf("SIG%s: the stopped build left %v", sig, strays)
		}
	}
	for sig, code := range map[string]int{"INT": 130, "TERM": 143} {
		stopped(sig, code, "/ was left as it was")
		if _, err := os.Stat(out); err == nil {
			t.Errorf("SIG%s: the stopped first build left %s", sig, out)
		}
	}
	// A folder an earlier build left unfinished: the message says so.
	if code := run(args, nil, io.Discard, io.Discard); code != 0 {
		t.Fatalf("build: %d", code)
	}
	if err := os.WriteFile(filepath.Join(out, pipeline.DirtyName), []byte(`["fr/index.html"]`), 0o644); err != nil {
		t.Fatal(err)
	}
	stopped("INT", 130, "/ holds files of two builds until the next build, which repairs it")
}
