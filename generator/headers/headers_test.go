package headers

import (
	"net/http"
	"strings"
	"testing"
)

// TestNoOpenerPolicy keeps Cross-Origin-Opener-Policy out of the three
// places that state the headers (see Security for the measurements): any
// value but the default gives each entry into the site a new renderer
// process.
func TestNoOpenerPolicy(t *testing.T) {
	const name = "Cross-Origin-Opener-Policy"
	for k := range Security() {
		if strings.EqualFold(k, name) {
			t.Errorf("Security() declares %s; it is left out on purpose (see Security's comment)", k)
		}
	}
	h := http.Header{}
	Set(h)
	if v := h.Get(name); v != "" {
		t.Errorf("Set sends %s: %s; it is left out on purpose (see Security's comment)", name, v)
	}
	for k := range Published() {
		if strings.EqualFold(k, name) {
			t.Errorf("Published() declares %s; it is left out on purpose (see Security's comment)", k)
		}
	}
	if f := File("fr", "en"); strings.Contains(strings.ToLower(f), strings.ToLower(name)) {
		t.Errorf("the _headers file declares %s; it is left out on purpose (see Security's comment):\n%s", name, f)
	}
}

// TestPublishedHeaders: the _headers file sends every header of
// Published() on every path, HSTS among them as HSTS says (a year, no
// subdomain, no preload); the local server's headers (Set) are
// Security()'s, without HSTS.
func TestPublishedHeaders(t *testing.T) {
	f := File("fr", "en")
	all, _, _ := strings.Cut(f, "\n/assets/") // the block of /*, which comes first
	for k, v := range Published() {
		if !strings.HasPrefix(f, "/*\n") || !strings.Contains(all+"\n", "\n  "+k+": "+v+"\n") {
			t.Errorf("_headers does not send %s: %s on /*:\n%s", k, v, f)
		}
	}
	if got := Published()["Strict-Transport-Security"]; got != "max-age=31536000" {
		t.Errorf("HSTS is %q", got)
	}
	h := http.Header{}
	Set(h)
	if v := h.Get("Strict-Transport-Security"); v != "" {
		t.Errorf("the local server sends Strict-Transport-Security: %s", v)
	}
	for k, v := range Security() {
		if Published()[k] != v {
			t.Errorf("Published() differs from Security() on %s", k)
		}
	}
}

// TestSingleFileDownloads: the single-file editions, and only they, go
// out with Content-Disposition: attachment, in the _headers file and from
// SetFor (the local server).
func TestSingleFileDownloads(t *testing.T) {
	f := File("fr", "en")
	for _, l := range []string{"fr", "en"} {
		if !strings.Contains(f, "\n/"+l+"/compendium.html\n  Content-Disposition: attachment\n") {
			t.Errorf("_headers does not send /%s/compendium.html as a download:\n%s", l, f)
		}
	}
	if n := strings.Count(f, "Content-Disposition"); n != 2 {
		t.Errorf("_headers sets Content-Disposition %d times, want 2:\n%s", n, f)
	}
	for p, want := range map[string]bool{
		"/fr/compendium.html": true, "/en/compendium.html": true,
		"/fr/": false, "/compendium.html": false, "/fr/book/compendium.html": false, "/fr/compendium.html.br": false,
	} {
		h := http.Header{}
		SetFor(h, p)
		if got := h.Get("Content-Disposition") == Download; got != want || IsSingleFile(p) != want {
			t.Errorf("%s: sent as a download %v, want %v", p, got, want)
		}
		if h.Get("Content-Security-Policy") == "" {
			t.Errorf("%s: SetFor sends no Content-Security-Policy", p)
		}
	}
}
