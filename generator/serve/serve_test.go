package serve

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestHandler(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"index.html":            "<html><body>root</body></html>",
		"fr/fantasy/index.html": "<html><body>armure</body></html>",
		"assets/engine-X.wasm":  "\x00asm",
		"assets/main-X.js":      "1",
		"assets/main-X.css":     "a{}",
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(body), 0o644)
	}
	tests := []struct {
		name, path string
		live       bool
		status     int
		ctype      string
		body       string
	}{
		{"page", "/fr/fantasy/", false, 200, "text/html; charset=utf-8", "armure"},
		{"wasm MIME for instantiateStreaming", "/assets/engine-X.wasm", false, 200, "application/wasm", ""},
		{"javascript", "/assets/main-X.js", false, 200, "text/javascript; charset=utf-8", ""},
		{"css", "/assets/main-X.css", false, 200, "text/css; charset=utf-8", ""},
		{"missing", "/fr/nope/", false, 404, "", ""},
		{"live reload script injected", "/fr/fantasy/", true, 200, "text/html; charset=utf-8", `<script src="/_live/reload.js" defer></script></body>`},
		{"live reload script", "/_live/reload.js", true, 200, "text/javascript; charset=utf-8", "EventSource"},
		{"no injection without live", "/index.html", false, 200, "text/html; charset=utf-8", "<body>root</body>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b *Broker
			if tt.live {
				b = NewBroker()
			}
			srv := httptest.NewServer(Handler(dir, b))
			defer srv.Close()
			resp, err := http.Get(srv.URL + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.status)
			}
			if tt.ctype != "" && resp.Header.Get("Content-Type") != tt.ctype {
				t.Errorf("Content-Type %q, want %q", resp.Header.Get("Content-Type"), tt.ctype)
			}
			if !strings.Contains(string(body), tt.body) {
				t.Errorf("body %q lacks %q", body, tt.body)
			}
			csp := resp.Header.Get("Content-Security-Policy")
			if !strings.HasPrefix(csp, "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'") {
				t.Errorf("CSP header = %q", csp)
			}
			if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Error("no X-Content-Type-Options: nosniff")
			}
		})
	}
}

// TestLiveReload: a change in a watched folder rebuilds and tells the open
// pages to reload, once per burst of writes.
func TestLiveReload(t *testing.T) {
	site, watched := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(site, "index.html"), []byte("<body></body>"), 0o644)
	builds := make(chan struct{}, 10)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan string, 1)
	go Run(ctx, Options{
		Addr: "127.0.0.1:0", Dir: site, Watch: []string{watched},
		Rebuild: func() error { builds <- struct{}{}; return nil },
		Ready:   func(a string) { ready <- a },
	})
	addr := <-ready
	resp, err := http.Get("http://" + addr + "/_live/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := bufio.NewReader(resp.Body)
	if line, _ := r.ReadString('\n'); !strings.HasPrefix(line, ": connected") {
		t.Fatalf("first line %q", line)
	}
	for i := 0; i < 3; i++ { // one save, several writes
		os.WriteFile(filepath.Join(watched, "a.md"), []byte(strings.Repeat("x", i)), 0o644)
	}
	select {
	case <-builds:
	case <-time.After(5 * time.Second):
		t.Fatal("no rebuild after a change")
	}
	r.ReadString('\n') // blank line after the comment
	if line, _ := r.ReadString('\n'); line != "event: reload\n" {
		t.Errorf("event line %q, want reload", line)
	}
	select {
	case <-builds:
		t.Error("one burst of writes gave two builds")
	case <-time.After(400 * time.Millisecond):
	}
}
