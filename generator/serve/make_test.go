package serve

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// makeServe starts make serve from the repository's root on a free port
// with a one-document site, in a process group of its own as a terminal
// gives it, and returns it once it serves, with its address and what it
// printed so far (and prints later).
func makeServe(t *testing.T, addr string) (*exec.Cmd, <-chan struct{}, string, *syncBuffer) {
	t.Helper()
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	dir := t.TempDir()
	doc := "---\ntitle: Règles\nshort: Jeu — Règles\norder: 1\nslug: rules\nsummary: Les règles.\nsource: a.txt\n---\n## Les règles {#rules}\n\nLe texte des règles.\n"
	if err := os.MkdirAll(filepath.Join(dir, "content", "fr"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "content", "fr", "rules.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs("../..")
	cmd := exec.Command("make", "--no-print-directory", "-C", root, "serve", "ADDR="+addr,
		"SERVE_FLAGS=-lang en -content "+filepath.Join(dir, "content")+" -out "+filepath.Join(dir, "public"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	out := &syncBuffer{}
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// Whatever the test did, nothing it started is left.
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	})
	served := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		re := regexp.MustCompile(`^serving http://([^/]+)/`)
		for sc.Scan() {
			out.WriteString(sc.Text() + "\n")
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				served <- m[1]
			}
		}
		close(served)
	}()
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		pw.Close()
		close(exited)
	}()
	select {
	case a, ok := <-served:
		if !ok {
			t.Fatalf("make serve ended without serving:\n%s", out)
		}
		return cmd, exited, a, out
	case <-time.After(5 * time.Minute):
		t.Fatalf("make serve did not serve within 5 minutes:\n%s", out)
	}
	return nil, nil, "", nil
}

// syncBuffer is a bytes.Buffer for two goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) WriteString(x string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b.WriteString(x)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// ended waits for make to end, and for its output.
func ended(t *testing.T, exited <-chan struct{}) {
	t.Helper()
	select {
	case <-exited:
	case <-time.After(time.Minute):
		t.Fatal("make serve did not stop within a minute")
	}
	time.Sleep(100 * time.Millisecond) // the pipe's last lines
}

// TestMakeServeStops: make serve stops cleanly on Ctrl-C (SIGINT to its
// process group, as a terminal sends it) and on a signal to make alone
// (SIGTERM, as a process manager or kill sends it): the server says
// "stopped", make prints no error, and nothing is left holding the port.
// A port already taken is said before any build, with make serve ADDR=….
func TestMakeServeStops(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the generator")
	}
	for _, tt := range []struct {
		name  string
		group bool
		sig   syscall.Signal
	}{
		{"Ctrl-C", true, syscall.SIGINT},
		{"SIGTERM to make", false, syscall.SIGTERM},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cmd, exited, addr, out := makeServe(t, "127.0.0.1:0")
			pid := cmd.Process.Pid
			if tt.group {
				pid = -pid
			}
			if err := syscall.Kill(pid, tt.sig); err != nil {
				t.Fatal(err)
			}
			ended(t, exited)
			text := out.String()
			if !strings.Contains(text, "\nstopped\n") || strings.Contains(text, "make: ***") {
				t.Errorf("output:\n%s", text)
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				t.Fatalf("%s is still held after make ended: %v", addr, err)
			}
			ln.Close()
		})
	}
	t.Run("port taken", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		root, _ := filepath.Abs("../..")
		b, _ := exec.Command("make", "--no-print-directory", "-C", root, "serve", "ADDR="+ln.Addr().String(), "SERVE_FLAGS=-lang en -out "+filepath.Join(t.TempDir(), "public")).CombinedOutput()
		if text := string(b); !strings.Contains(text, "already in use") || !strings.Contains(text, "make serve ADDR=127.0.0.1:") || strings.Contains(text, "built ") {
			t.Errorf("output:\n%s", text)
		}
	})
}
