package serve

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"compendium/generator/headers"
)

// TestSingleFileServedAsDownload: the dev server sends the single-file
// editions as downloads (their inline code, allowed by their own policy's
// hashes, would be blocked by the site's header policy if shown), with
// the security headers, live reload on or off; a page is not one.
func TestSingleFileServedAsDownload(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"fr/compendium.html": "<!doctype html><title>x</title>",
		"fr/index.html":      "<!doctype html><title>y</title>",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, live := range []*Broker{nil, NewBroker()} {
		srv := httptest.NewServer(Handler(dir, live))
		for path, want := range map[string]string{"/fr/compendium.html": headers.Download, "/fr/": ""} {
			res, err := http.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != 200 || res.Header.Get("Content-Disposition") != want || res.Header.Get("Content-Security-Policy") == "" {
				t.Errorf("live %v, %s: %d, Content-Disposition %q (want %q), CSP %q", live != nil, path, res.StatusCode, res.Header.Get("Content-Disposition"), want, res.Header.Get("Content-Security-Policy"))
			}
		}
		srv.Close()
	}
}
