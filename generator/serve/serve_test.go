package serve

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"compendium/generator/compress"
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
	builds := make(chan []string, 10)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan string, 1)
	go Run(ctx, Options{
		Addr: "127.0.0.1:0", Dir: site, Watch: []string{watched},
		Rebuild: func(changed []string) error { builds <- changed; return nil },
		Ready:   func(a string) { ready <- a },
		// Longer than serve's 10 ms: under make test's load the three
		// writes below were once more than 10 ms apart (two builds, in
		// CI), which says nothing about the coalescing tested here.
		Debounce: 200 * time.Millisecond,
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
	case changed := <-builds:
		// The rebuild is told which file changed, once however many
		// events its writes gave.
		if want := []string{filepath.Join(watched, "a.md")}; !slices.Equal(changed, want) {
			t.Errorf("the rebuild was told %q changed, want %q", changed, want)
		}
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

// twinSite writes a site with the build's precompressed twins beside its
// text files, a file with a gzip twin only, one with none, and 404 pages
// for the site and for French (English has none of its own).
func twinSite(t *testing.T, notFoundPages bool) (string, map[string][]byte) {
	t.Helper()
	page := func(s string) []byte {
		return []byte("<!doctype html><html><body><main>" + s + strings.Repeat(" <p>armure, bouclier, dégâts</p>", 40) + "</main></body></html>")
	}
	files := map[string][]byte{
		"index.html":            page("root"),
		"fr/index.html":         page("accueil"),
		"fr/fantasy/index.html": page("armure"),
		"assets/engine-X.wasm":  append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("rules engine "), 200)...),
		"assets/main-X.js":      bytes.Repeat([]byte("console.log('compendium');\n"), 60),
		"assets/only-gz.css":    bytes.Repeat([]byte("a { color: red }\n"), 60),
		"assets/plain.css":      bytes.Repeat([]byte("b { color: blue }\n"), 60),
	}
	if notFoundPages {
		files["404.html"] = page("page introuvable / page not found")
		files["fr/404.html"] = page("page introuvable")
	}
	twins, err := compress.Twins(files, compress.Options{})
	if err != nil {
		t.Fatal(err)
	}
	delete(twins, "assets/only-gz.css.br")
	delete(twins, "assets/plain.css.br")
	delete(twins, "assets/plain.css.gz")
	if len(twins) < 10 {
		t.Fatalf("fixture has only twins %v", twins)
	}
	// A file without an extension: its type is sniffed from the original.
	files["notes"] = bytes.Repeat([]byte("plain notes\n"), 60)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(files["notes"])
	zw.Close()
	twins["notes.gz"] = gz.Bytes()

	dir := t.TempDir()
	for _, m := range []map[string][]byte{files, twins} {
		for name, body := range m {
			p := filepath.Join(dir, filepath.FromSlash(name))
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, body, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir, files
}

// rawClient neither asks for gzip on its own nor decodes it, nor follows
// redirects: the test sees the response as sent.
var rawClient = &http.Client{
	Transport:     &http.Transport{DisableCompression: true},
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

type response struct {
	*http.Response
	body []byte // as sent
}

func fetch(t *testing.T, srv *httptest.Server, method, p string, hdr ...string) response {
	t.Helper()
	req, _ := http.NewRequest(method, srv.URL+p, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := rawClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return response{resp, body}
}

// decoded is the body with its Content-Encoding undone.
func (r response) decoded(t *testing.T) []byte {
	t.Helper()
	var rd io.Reader
	switch ce := r.Header.Get("Content-Encoding"); ce {
	case "":
		return r.body
	case "br":
		rd = brotli.NewReader(bytes.NewReader(r.body))
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(r.body))
		if err != nil {
			t.Fatal(err)
		}
		rd = zr
	default:
		t.Fatalf("Content-Encoding %q", ce)
	}
	b, err := io.ReadAll(rd)
	if err != nil {
		t.Fatalf("%s body does not decode: %v", r.Header.Get("Content-Encoding"), err)
	}
	return b
}

func TestPrecompressed(t *testing.T) {
	dir, files := twinSite(t, true)
	srv := httptest.NewServer(Handler(dir, nil))
	defer srv.Close()
	const wasm = "/assets/engine-X.wasm"
	tests := []struct {
		name, path, accept string
		encoding, ctype    string
		original           string // the file the body decodes to
	}{
		{"brotli", wasm, "br", "br", "application/wasm", "assets/engine-X.wasm"},
		{"gzip", wasm, "gzip", "gzip", "application/wasm", "assets/engine-X.wasm"},
		{"browser's list: brotli", wasm, "gzip, deflate, br, zstd", "br", "application/wasm", "assets/engine-X.wasm"},
		{"gzip preferred by q-value", wasm, "br;q=0.5, gzip", "gzip", "application/wasm", "assets/engine-X.wasm"},
		{"br;q=0 refuses brotli", wasm, "br;q=0, gzip;q=0.1", "gzip", "application/wasm", "assets/engine-X.wasm"},
		{"both refused", wasm, "br;q=0, gzip;q=0", "", "application/wasm", "assets/engine-X.wasm"},
		{"identity", wasm, "identity", "", "application/wasm", "assets/engine-X.wasm"},
		{"identity preferred by q-value", wasm, "identity;q=1, br;q=0.5", "", "application/wasm", "assets/engine-X.wasm"},
		{"no Accept-Encoding", wasm, "", "", "application/wasm", "assets/engine-X.wasm"},
		{"star", wasm, "*", "br", "application/wasm", "assets/engine-X.wasm"},
		{"star but not brotli", wasm, "*, br;q=0", "gzip", "application/wasm", "assets/engine-X.wasm"},
		{"star refused", wasm, "*;q=0", "", "application/wasm", "assets/engine-X.wasm"},
		{"x-gzip", wasm, "x-gzip", "gzip", "application/wasm", "assets/engine-X.wasm"},
		{"codings are case-insensitive", wasm, "BR;Q=0.9", "br", "application/wasm", "assets/engine-X.wasm"},
		{"malformed q-value ignored", wasm, "br;q=x, gzip", "gzip", "application/wasm", "assets/engine-X.wasm"},
		{"unknown codings only", wasm, "zstd, deflate", "", "application/wasm", "assets/engine-X.wasm"},
		{"directory address: its index.html", "/fr/", "br", "br", "text/html; charset=utf-8", "fr/index.html"},
		{"root", "/", "gzip", "gzip", "text/html; charset=utf-8", "index.html"},
		{"javascript", "/assets/main-X.js", "br, gzip", "br", "text/javascript; charset=utf-8", "assets/main-X.js"},
		{"gzip twin only", "/assets/only-gz.css", "br, gzip", "gzip", "text/css; charset=utf-8", "assets/only-gz.css"},
		{"gzip twin only, brotli asked", "/assets/only-gz.css", "br", "", "text/css; charset=utf-8", "assets/only-gz.css"},
		{"no twin", "/assets/plain.css", "br, gzip", "", "text/css; charset=utf-8", "assets/plain.css"},
		{"type sniffed from the original", "/notes", "gzip", "gzip", "text/plain; charset=utf-8", "notes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := fetch(t, srv, "GET", tt.path, "Accept-Encoding", tt.accept)
			if r.StatusCode != 200 {
				t.Fatalf("status %d", r.StatusCode)
			}
			if got := r.Header.Get("Content-Encoding"); got != tt.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tt.encoding)
			}
			if got := r.Header.Get("Content-Type"); got != tt.ctype {
				t.Errorf("Content-Type %q, want %q", got, tt.ctype)
			}
			if got := r.Header.Get("Content-Length"); got != strconv.Itoa(len(r.body)) {
				t.Errorf("Content-Length %q for %d bytes", got, len(r.body))
			}
			if !bytes.Equal(r.decoded(t), files[tt.original]) {
				t.Errorf("body does not decode to %s", tt.original)
			}
			hasTwin := tt.path != "/assets/plain.css"
			if vary := r.Header.Values("Vary"); hasTwin != slices.Contains(vary, "Accept-Encoding") {
				t.Errorf("Vary %q for a file with twins: %v", vary, hasTwin)
			}
			if r.Header.Get("Cache-Control") != "no-cache" || r.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("headers %v lack no-cache or the security headers", r.Header)
			}
		})
	}

	t.Run("HEAD of a twin", func(t *testing.T) {
		get := fetch(t, srv, "GET", wasm, "Accept-Encoding", "br")
		head := fetch(t, srv, "HEAD", wasm, "Accept-Encoding", "br")
		if head.StatusCode != 200 || len(head.body) != 0 {
			t.Fatalf("HEAD: status %d, %d bytes of body", head.StatusCode, len(head.body))
		}
		for _, h := range []string{"Content-Encoding", "Content-Type", "Content-Length", "Vary"} {
			if head.Header.Get(h) != get.Header.Get(h) {
				t.Errorf("HEAD %s %q, GET %q", h, head.Header.Get(h), get.Header.Get(h))
			}
		}
	})
	t.Run("HEAD of the original", func(t *testing.T) {
		head := fetch(t, srv, "HEAD", wasm)
		if head.StatusCode != 200 || len(head.body) != 0 || head.Header.Get("Content-Length") != strconv.Itoa(len(files["assets/engine-X.wasm"])) {
			t.Errorf("HEAD: status %d, body %d bytes, Content-Length %q", head.StatusCode, len(head.body), head.Header.Get("Content-Length"))
		}
	})
	t.Run("the original keeps Range", func(t *testing.T) {
		r := fetch(t, srv, "GET", wasm, "Range", "bytes=0-3")
		if r.StatusCode != 206 || string(r.body) != "\x00asm" || r.Header.Get("Content-Encoding") != "" {
			t.Errorf("status %d, body %q, Content-Encoding %q", r.StatusCode, r.body, r.Header.Get("Content-Encoding"))
		}
	})
	t.Run("a twin is sent whole despite Range", func(t *testing.T) {
		r := fetch(t, srv, "GET", wasm, "Range", "bytes=0-3", "Accept-Encoding", "br")
		if r.StatusCode != 200 || r.Header.Get("Content-Range") != "" || r.Header.Get("Accept-Ranges") != "" {
			t.Errorf("status %d, Content-Range %q, Accept-Ranges %q", r.StatusCode, r.Header.Get("Content-Range"), r.Header.Get("Accept-Ranges"))
		}
		if !bytes.Equal(r.decoded(t), files["assets/engine-X.wasm"]) {
			t.Error("body does not decode to the module")
		}
	})
	t.Run("a twin asked for by name is sent as it is", func(t *testing.T) {
		r := fetch(t, srv, "GET", wasm+".br", "Accept-Encoding", "br, gzip")
		if r.StatusCode != 200 || r.Header.Get("Content-Encoding") != "" {
			t.Fatalf("status %d, Content-Encoding %q", r.StatusCode, r.Header.Get("Content-Encoding"))
		}
		r.Header.Set("Content-Encoding", "br")
		if !bytes.Equal(r.decoded(t), files["assets/engine-X.wasm"]) {
			t.Error("body is not the brotli twin")
		}
	})
	t.Run("index.html still redirects to its folder", func(t *testing.T) {
		r := fetch(t, srv, "GET", "/fr/index.html", "Accept-Encoding", "br")
		if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != "./" {
			t.Errorf("status %d, Location %q", r.StatusCode, r.Header.Get("Location"))
		}
	})
	t.Run("live reload: pages with the script, gzipped on the fly; assets as twins", func(t *testing.T) {
		live := httptest.NewServer(Handler(dir, NewBroker()))
		defer live.Close()
		r := fetch(t, live, "GET", "/fr/", "Accept-Encoding", "br, gzip")
		if r.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(string(r.decoded(t)), "/_live/reload.js") {
			t.Errorf("page: Content-Encoding %q, reload script missing: %v", r.Header.Get("Content-Encoding"), !strings.Contains(string(r.decoded(t)), "/_live/reload.js"))
		}
		if r := fetch(t, live, "GET", "/fr/", "Accept-Encoding", "identity"); r.Header.Get("Content-Encoding") != "" || !strings.Contains(string(r.body), "/_live/reload.js") {
			t.Errorf("page without gzip: Content-Encoding %q", r.Header.Get("Content-Encoding"))
		}
		if r := fetch(t, live, "GET", wasm, "Accept-Encoding", "br"); r.Header.Get("Content-Encoding") != "br" {
			t.Errorf("asset: Content-Encoding %q", r.Header.Get("Content-Encoding"))
		}
	})
}

func TestNotFoundPage(t *testing.T) {
	dir, files := twinSite(t, true)
	bare, _ := twinSite(t, false)
	tests := []struct {
		name, dir, path, accept string
		live                    bool
		page                    string // the 404 page sent, "" for the plain 404
		encoding                string
	}{
		{"French page", dir, "/fr/nope/", "", false, "fr/404.html", ""},
		{"French page, brotli", dir, "/fr/nope/", "br", false, "fr/404.html", "br"},
		{"French file", dir, "/fr/nope.png", "gzip", false, "fr/404.html", "gzip"},
		{"no English 404 page: the site's", dir, "/en/nope/", "", false, "404.html", ""},
		{"outside the languages", dir, "/nope.js", "br", false, "404.html", "br"},
		{"under a file", dir, "/index.html/nope", "", false, "404.html", ""},
		{"live: the page with the reload script", dir, "/fr/nope/", "br", true, "fr/404.html", ""},
		{"no 404 page: the plain 404", bare, "/fr/nope/", "br", false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b *Broker
			if tt.live {
				b = NewBroker()
			}
			srv := httptest.NewServer(Handler(tt.dir, b))
			defer srv.Close()
			for _, method := range []string{"GET", "HEAD"} {
				r := fetch(t, srv, method, tt.path, "Accept-Encoding", tt.accept)
				if r.StatusCode != 404 {
					t.Fatalf("%s: status %d, want 404", method, r.StatusCode)
				}
				if got := r.Header.Get("Content-Encoding"); got != tt.encoding {
					t.Errorf("%s: Content-Encoding %q, want %q", method, got, tt.encoding)
				}
				if r.Header.Get("X-Content-Type-Options") != "nosniff" {
					t.Errorf("%s: no security headers", method)
				}
				if method == "HEAD" {
					if len(r.body) != 0 {
						t.Errorf("HEAD: %d bytes of body", len(r.body))
					}
					continue
				}
				if got := r.Header.Get("Content-Length"); got != strconv.Itoa(len(r.body)) {
					t.Errorf("Content-Length %q for %d bytes", got, len(r.body))
				}
				body := r.decoded(t)
				switch {
				case tt.page == "":
					if !strings.Contains(string(body), "404 page not found") {
						t.Errorf("body %q", body)
					}
				case tt.live:
					if !bytes.Equal(body, injectReload(files[tt.page])) {
						t.Errorf("body is not %s with the reload script", tt.page)
					}
				default:
					if !bytes.Equal(body, files[tt.page]) {
						t.Errorf("body is not %s: %.80q", tt.page, body)
					}
					if r.Header.Get("Content-Type") != "text/html; charset=utf-8" {
						t.Errorf("Content-Type %q", r.Header.Get("Content-Type"))
					}
				}
			}
		})
	}
}

// TestNoDirectoryListing: a folder without a page is a missing page, not a
// list of its files.
func TestNoDirectoryListing(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "assets", "main-X.js"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(dir, nil))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/assets/")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || strings.Contains(string(b), "main-X.js") {
		t.Errorf("/assets/: status %d, body %q", resp.StatusCode, b)
	}
}
