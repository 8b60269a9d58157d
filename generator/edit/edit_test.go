package edit

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"compendium/generator/pipeline"
	"compendium/generator/serve"
)

// origin is the served origin the tests' requests come from: httptest's
// requests name example.com as their Host.
const origin = "http://example.com"

// fixture copies the real content into a temporary folder and returns an
// editor on it, the copy's folder, and the run's secret.
func fixture(t *testing.T) (*Handler, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "content")
	if err := os.CopyFS(dir, os.DirFS("../../content")); err != nil {
		t.Fatal(err)
	}
	theme, _ := filepath.Abs("../../theme")
	config, _ := filepath.Abs("../../compendium.json")
	h, err := New(Options{Pipeline: pipeline.Options{ContentDir: dir, ThemeDir: theme, ConfigFile: config}, Today: func() string { return "2027-01-02" }})
	if err != nil {
		t.Fatal(err)
	}
	return h, dir
}

// do sends a request to h and returns its status and body.
func do(h http.Handler, method, target string, body any, hdr map[string]string) (int, []byte) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, target, r)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

// cookie is the Cookie header of the browser the run's link was opened
// in.
func cookie(h *Handler) string { return CookieName + "=" + h.cookie }

// open reads the section slug#id through the endpoint.
func open(t *testing.T, h *Handler, slug, id string) Reply {
	t.Helper()
	code, body := do(h, "GET", "/_edit/section?doc="+slug+"&id="+id, nil, map[string]string{SecretHeader: h.Secret(), "Cookie": cookie(h)})
	if code != http.StatusOK {
		t.Fatalf("section %s#%s: %d %s", slug, id, code, body)
	}
	var rep Reply
	if err := json.Unmarshal(body, &rep); err != nil {
		t.Fatal(err)
	}
	return rep
}

func texts(rep Reply, edit func(lang, text string) string) (map[string]string, map[string]string) {
	tx, hs := map[string]string{}, map[string]string{}
	for _, s := range rep.Sides {
		tx[s.Lang] = edit(s.Lang, s.Text)
		hs[s.Lang] = s.Hash
	}
	return tx, hs
}

func plate(n string) func(string, string) string {
	return func(_, text string) string {
		return strings.Replace(text, "{=armor.plate 3}", "{=armor.plate "+n+"}", 1)
	}
}

// snapshot returns the content of every file under dir, by path.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			out[p] = string(b)
		}
		return nil
	})
	return out
}

func sameFiles(t *testing.T, what string, before, after map[string]string) {
	t.Helper()
	if len(before) != len(after) {
		t.Errorf("%s: %d files before, %d after", what, len(before), len(after))
	}
	for p, b := range before {
		if after[p] != b {
			t.Errorf("%s: %s changed", what, p)
		}
	}
}

// TestGuard: a request without the run's secret, with another, from
// another origin, or a POST that does not say its origin, is refused
// with 403 and writes nothing; the page's own requests pass.
func TestGuard(t *testing.T) {
	h, dir := fixture(t)
	rep := open(t, h, "fantasy", "armor")
	tx, hs := texts(rep, plate("4"))
	save := map[string]any{"doc": "fantasy", "id": "armor", "lang": "fr", "texts": tx, "hashes": hs}
	before := snapshot(t, dir)
	for _, c := range []struct {
		name   string
		method string
		target string
		hdr    map[string]string
		want   int
	}{
		{"no secret", "POST", "/_edit/save", map[string]string{"Origin": origin, "Cookie": cookie(h)}, 403},
		{"wrong secret", "POST", "/_edit/save", map[string]string{"Origin": origin, "Cookie": cookie(h), SecretHeader: strings.Repeat("0", 64)}, 403},
		{"empty secret", "POST", "/_edit/save", map[string]string{"Origin": origin, "Cookie": cookie(h), SecretHeader: ""}, 403},
		{"another origin", "POST", "/_edit/save", map[string]string{"Origin": "http://evil.example", "Cookie": cookie(h), SecretHeader: h.Secret()}, 403},
		{"another port", "POST", "/_edit/save", map[string]string{"Origin": "http://example.com:8081", "Cookie": cookie(h), SecretHeader: h.Secret()}, 403},
		{"POST without origin", "POST", "/_edit/save", map[string]string{"Cookie": cookie(h), SecretHeader: h.Secret()}, 403},
		{"cross-site fetch", "POST", "/_edit/save", map[string]string{"Origin": origin, "Cookie": cookie(h), SecretHeader: h.Secret(), "Sec-Fetch-Site": "cross-site"}, 403},
		{"mark without secret", "POST", "/_edit/mark", map[string]string{"Origin": origin, "Cookie": cookie(h)}, 403},
		{"read without secret", "GET", "/_edit/section?doc=fantasy&id=armor", map[string]string{"Cookie": cookie(h)}, 403},
		{"read from another origin", "GET", "/_edit/section?doc=fantasy&id=armor", map[string]string{"Origin": "http://evil.example", "Cookie": cookie(h), SecretHeader: h.Secret()}, 403},
		// Another local program: it can forge any header, and has the
		// secret (a leaked page), but not the browser's cookie.
		{"no cookie", "POST", "/_edit/save", map[string]string{"Origin": origin, SecretHeader: h.Secret(), "Sec-Fetch-Site": "same-origin"}, 403},
		{"wrong cookie", "POST", "/_edit/save", map[string]string{"Origin": origin, "Cookie": CookieName + "=" + h.Secret(), SecretHeader: h.Secret()}, 403},
		{"read without cookie", "GET", "/_edit/section?doc=fantasy&id=armor", map[string]string{SecretHeader: h.Secret()}, 403},
		{"mark without cookie", "POST", "/_edit/mark", map[string]string{"Origin": origin, SecretHeader: h.Secret()}, 403},
		{"doc without cookie", "GET", "/_edit/doc?doc=fantasy", map[string]string{SecretHeader: h.Secret()}, 403},
		{"read, same origin", "GET", "/_edit/section?doc=fantasy&id=armor", map[string]string{"Cookie": cookie(h), SecretHeader: h.Secret()}, 200},
		{"the script is public", "GET", "/_edit/editor.js", nil, 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			var body any
			if c.method == "POST" {
				body = save
			}
			code, out := do(h, c.method, c.target, body, c.hdr)
			if code != c.want {
				t.Errorf("%d, want %d: %s", code, c.want, out)
			}
		})
	}
	sameFiles(t, "refused requests", before, snapshot(t, dir))
}

// TestSave: each outcome of a save, and what the disk holds after it.
func TestSave(t *testing.T) {
	hdr := func(h *Handler) map[string]string {
		return map[string]string{"Origin": origin, "Cookie": cookie(h), SecretHeader: h.Secret()}
	}
	t.Run("both languages", func(t *testing.T) {
		h, dir := fixture(t)
		rep := open(t, h, "fantasy", "armor")
		tx, hs := texts(rep, plate("4"))
		code, out := do(h, "POST", "/_edit/save", map[string]any{"doc": "fantasy", "id": "armor", "lang": "fr", "texts": tx, "hashes": hs}, hdr(h))
		if code != 200 {
			t.Fatalf("%d %s", code, out)
		}
		for _, l := range []string{"fr", "en"} {
			b, _ := os.ReadFile(filepath.Join(dir, l, "fantasy.md"))
			if !strings.Contains(string(b), "{=armor.plate 4}") || strings.Contains(string(b), "{=armor.plate 3}") {
				t.Errorf("%s: the value was not written", l)
			}
			// Atomic: the temporary file was renamed, none is left.
			left, _ := filepath.Glob(filepath.Join(dir, l, ".*"))
			if len(left) > 0 {
				t.Errorf("%s: temporary files left: %v", l, left)
			}
		}
	})
	t.Run("conflict", func(t *testing.T) {
		h, dir := fixture(t)
		rep := open(t, h, "fantasy", "armor")
		tx, hs := texts(rep, plate("4"))
		file := filepath.Join(dir, "en", "fantasy.md")
		b, _ := os.ReadFile(file)
		theirs := strings.Replace(string(b), "{=armor.plate 3} points", "{=armor.plate 3} points (steel)", 1)
		if err := os.WriteFile(file, []byte(theirs), 0o644); err != nil {
			t.Fatal(err)
		}
		before := snapshot(t, dir)
		code, out := do(h, "POST", "/_edit/save", map[string]any{"doc": "fantasy", "id": "armor", "lang": "fr", "texts": tx, "hashes": hs}, hdr(h))
		if code != http.StatusConflict {
			t.Fatalf("%d, want 409: %s", code, out)
		}
		sameFiles(t, "a conflict", before, snapshot(t, dir))
		var got Reply
		_ = json.Unmarshal(out, &got)
		found := false
		for _, s := range got.Sides {
			found = found || s.Lang == "en" && strings.Contains(s.Text, "(steel)")
		}
		if !got.Conflict || !found {
			t.Errorf("the 409 does not give the disk's section: %s", out)
		}
		// Having seen it, the organiser keeps theirs: saved over it with
		// the disk's versions.
		for _, s := range got.Sides {
			hs[s.Lang] = s.Hash
		}
		if code, out := do(h, "POST", "/_edit/save", map[string]any{"doc": "fantasy", "id": "armor", "lang": "fr", "texts": tx, "hashes": hs}, hdr(h)); code != 200 {
			t.Errorf("keep mine: %d %s", code, out)
		}
	})
	t.Run("one language only", func(t *testing.T) {
		h, dir := fixture(t)
		rep := open(t, h, "fantasy", "armor")
		tx, hs := texts(rep, func(l, text string) string {
			if l == "fr" {
				return plate("4")(l, text)
			}
			return text
		})
		before := snapshot(t, dir)
		code, out := do(h, "POST", "/_edit/save", map[string]any{"doc": "fantasy", "id": "armor", "lang": "fr", "texts": tx, "hashes": hs}, hdr(h))
		if code != http.StatusUnprocessableEntity {
			t.Fatalf("%d, want 422: %s", code, out)
		}
		sameFiles(t, "a refused save", before, snapshot(t, dir))
		var got Reply
		_ = json.Unmarshal(out, &got)
		said := false
		for _, p := range got.Problems {
			// In French, at its line in the English text (the table's row).
			if p.Kind == "value-differs" && p.Lang == "en" && strings.Contains(p.Message, "« armor.plate »") && p.Line > 1 && p.Line < 60 {
				said = true
			}
		}
		if !said || got.Blocking == 0 {
			t.Errorf("the refusal does not say the value differs, in French, at the editor's line: %s", out)
		}
	})
	t.Run("CRLF and BOM kept", func(t *testing.T) {
		h, dir := fixture(t)
		file := filepath.Join(dir, "en", "fantasy.md")
		b, _ := os.ReadFile(file)
		crlf := append(append([]byte(nil), bom...), []byte(strings.ReplaceAll(string(b), "\n", "\r\n"))...)
		if err := os.WriteFile(file, crlf, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(file, 0o600); err != nil {
			t.Fatal(err)
		}
		rep := open(t, h, "fantasy", "armor")
		tx, hs := texts(rep, plate("4"))
		if code, out := do(h, "POST", "/_edit/save", map[string]any{"doc": "fantasy", "id": "armor", "lang": "en", "texts": tx, "hashes": hs}, hdr(h)); code != 200 {
			t.Fatalf("%d %s", code, out)
		}
		after, _ := os.ReadFile(file)
		if !bytes.HasPrefix(after, bom) {
			t.Error("the byte order mark was lost")
		}
		if n, m := bytes.Count(after, []byte("\n")), bytes.Count(after, []byte("\r\n")); n != m {
			t.Errorf("%d line endings, %d of them CRLF", n, m)
		}
		want := strings.Replace(string(crlf), "{=armor.plate 3}", "{=armor.plate 4}", 1)
		if string(after) != want {
			t.Error("the file changed beyond the edit")
		}
		if fi, _ := os.Stat(file); fi.Mode().Perm() != 0o600 {
			t.Errorf("mode %v, want the file's 0600", fi.Mode().Perm())
		}
	})
	t.Run("mark the translation checked", func(t *testing.T) {
		h, dir := fixture(t)
		rep := open(t, h, "fantasy", "armor")
		tx, hs := texts(rep, func(l, text string) string {
			if l == "fr" {
				return text + "\n\nUne phrase de plus."
			}
			return text
		})
		if code, out := do(h, "POST", "/_edit/save", map[string]any{"doc": "fantasy", "id": "armor", "lang": "fr", "texts": tx, "hashes": hs}, hdr(h)); code != 200 {
			t.Fatalf("%d %s", code, out)
		}
		if s := open(t, h, "fantasy", "armor").Sides[1]; s.State != "behind" {
			t.Fatalf("after a French edit, the English is %q, want behind", s.State)
		}
		// The check says the translation is behind with the editor's
		// button as its fix, not the command line's.
		now := open(t, h, "fantasy", "armor")
		same, _ := texts(now, func(_, text string) string { return text })
		code, out := do(h, "POST", "/_edit/check", map[string]any{"doc": "fantasy", "id": "armor", "lang": "fr", "texts": same}, hdr(h))
		var chk Reply
		_ = json.Unmarshal(out, &chk)
		said := false
		for _, p := range chk.Problems {
			if p.Kind == "translation-behind" {
				said = strings.Contains(p.Message, "marquez-la comme vérifiée") && !strings.Contains(p.Message, "go run")
			}
		}
		if code != 200 || !said {
			t.Errorf("the check of a translation behind: %d %s", code, out)
		}
		if code, out := do(h, "POST", "/_edit/mark", map[string]any{"doc": "fantasy", "id": "armor"}, hdr(h)); code != 200 {
			t.Fatalf("%d %s", code, out)
		}
		if s := open(t, h, "fantasy", "armor").Sides[1]; s.State != "current" || s.Checked != "2027-01-02" {
			t.Errorf("after the mark, the English is %q of %q, want current of 2027-01-02", s.State, s.Checked)
		}
		b, _ := os.ReadFile(filepath.Join(dir, "translations.json"))
		if !strings.Contains(string(b), `"fantasy#armor": {"original": `) || !strings.Contains(string(b), "2027-01-02") {
			t.Errorf("translations.json was not updated:\n%s", b)
		}
	})
}

// TestPaths: the names come from the request but never make a path: an
// unknown or escaping name is a missing section, and a document whose
// file leads out of the content folder (a link) is refused.
func TestPaths(t *testing.T) {
	h, dir := fixture(t)
	outside := filepath.Join(t.TempDir(), "elsewhere.md")
	b, _ := os.ReadFile(filepath.Join(dir, "fr", "fantasy.md"))
	if err := os.WriteFile(outside, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "fr", "linked.md")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	before := snapshot(t, filepath.Dir(outside))
	for _, c := range []struct {
		doc, id string
		want    int
	}{
		{"../../../etc/passwd", "armor", 404},
		{"fantasy", "../armor", 404},
		{"fantasy/../fantasy", "armor", 404},
		{"linked", "armor", 403},
	} {
		code, out := do(h, "POST", "/_edit/save", map[string]any{"doc": c.doc, "id": c.id, "lang": "fr", "texts": map[string]string{"fr": "## x {#armor}"}, "hashes": map[string]string{}}, map[string]string{"Origin": origin, "Cookie": cookie(h), SecretHeader: h.Secret()})
		if code != c.want {
			t.Errorf("%s#%s: %d, want %d: %s", c.doc, c.id, code, c.want, out)
		}
	}
	sameFiles(t, "outside the content", before, snapshot(t, filepath.Dir(outside)))
}

// TestAllowed: editing is on by itself on a loopback address only; -edit
// turns it on elsewhere, -edit=false off everywhere.
func TestAllowed(t *testing.T) {
	for _, c := range []struct {
		ip            string
		explicit, set bool
		want          bool
	}{
		{"127.0.0.1", false, false, true},
		{"127.0.0.2", false, false, true},
		{"::1", false, false, true},
		{"0.0.0.0", false, false, false},
		{"::", false, false, false},
		{"192.168.1.10", false, false, false},
		{"0.0.0.0", true, true, true},
		{"127.0.0.1", true, false, false},
	} {
		if got := Allowed(&net.TCPAddr{IP: net.ParseIP(c.ip), Port: 8080}, c.explicit, c.set); got != c.want {
			t.Errorf("%s (explicit %v, -edit=%v): %v, want %v", c.ip, c.explicit, c.set, got, c.want)
		}
	}
}

// TestServeMountsOnlyWhenOn: with the editor, the pages of the browser
// that opened the run's link carry its script and secret and /_edit/
// answers it; a request without that cookie (another local program
// reading a page) gets the page with nothing of the editor, and the
// endpoints refuse it even with the secret. Without the editor (editing
// off), the endpoints are a missing page and no page carries anything.
func TestServeMountsOnlyWhenOn(t *testing.T) {
	h, _ := fixture(t)
	site := t.TempDir()
	if err := os.WriteFile(filepath.Join(site, "index.html"), []byte("<!doctype html><html lang=\"fr\"><head><title>x</title></head><body><h2 id=\"armor\">x</h2></body></html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		ed     serve.Editor
		cookie bool
		page   bool
		code   int
	}{
		{"on, the link opened", h, true, true, 200},
		{"on, without the cookie", h, false, false, 403},
		{"off", nil, true, false, 404},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := serve.HandlerWith(site, serve.NewBroker(), c.ed)
			hdr := map[string]string{}
			if c.cookie {
				hdr["Cookie"] = cookie(h)
			}
			_, page := do(srv, "GET", "/", nil, hdr)
			has := bytes.Contains(page, []byte("/_edit/editor.js")) && bytes.Contains(page, []byte(h.Secret()))
			if has != c.page {
				t.Errorf("the page carries the editor: %v, want %v", has, c.page)
			}
			if bytes.Contains(page, []byte(h.Secret())) && !c.page {
				t.Error("the secret is in a page that should not carry the editor")
			}
			hdr[SecretHeader] = h.Secret()
			code, _ := do(srv, "GET", "/_edit/section?doc=fantasy&id=armor", nil, hdr)
			if code != c.code {
				t.Errorf("/_edit/section: %d, want %d", code, c.code)
			}
		})
	}
}

// TestOpenLink: the run's link with its key sets a session cookie
// (HttpOnly, SameSite=Strict, for the whole site) that lets the browser
// edit, and sends it to the home page; any other key is refused with a
// page in both languages, and sets no cookie.
func TestOpenLink(t *testing.T) {
	h, _ := fixture(t)
	if !strings.HasPrefix(h.OpenPath(), Prefix+"open?key=") || !strings.HasSuffix(h.OpenPath(), h.Secret()) {
		t.Fatalf("OpenPath %q does not hold the run's key", h.OpenPath())
	}
	for _, c := range []struct {
		name   string
		target string
		want   int
	}{
		{"the run's key", h.OpenPath(), http.StatusSeeOther},
		{"a wrong key", Prefix + "open?key=" + strings.Repeat("0", 64), http.StatusForbidden},
		{"the key cut short", Prefix + "open?key=" + h.Secret()[:63], http.StatusForbidden},
		{"no key", Prefix + "open", http.StatusForbidden},
		{"the cookie's value as key", Prefix + "open?key=" + h.cookie, http.StatusForbidden},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", c.target, nil))
			if rec.Code != c.want {
				t.Fatalf("%d, want %d: %s", rec.Code, c.want, rec.Body)
			}
			cookies := rec.Result().Cookies()
			if c.want != http.StatusSeeOther {
				if len(cookies) > 0 {
					t.Errorf("a refused key set cookies: %v", cookies)
				}
				body := rec.Body.String()
				if !strings.Contains(body, "ouvrez le lien que serve a affiché") || !strings.Contains(body, "open the link serve printed") {
					t.Errorf("the refusal does not say what to do in both languages: %s", body)
				}
				return
			}
			if loc := rec.Header().Get("Location"); loc != "/" {
				t.Errorf("sent to %q, want /", loc)
			}
			if len(cookies) != 1 {
				t.Fatalf("%d cookies, want 1: %v", len(cookies), cookies)
			}
			k := cookies[0]
			if k.Name != CookieName || k.Value != h.cookie || !k.HttpOnly || k.SameSite != http.SameSiteStrictMode || k.Path != "/" || k.MaxAge != 0 || !k.Expires.IsZero() {
				t.Errorf("cookie %+v, want %s, HttpOnly, SameSite=Strict, Path=/, for the session", k, CookieName)
			}
			// The cookie it set is the one that lets a page carry the
			// editor.
			req := httptest.NewRequest("GET", "/", nil)
			req.AddCookie(k)
			if got := h.Inject(req, []byte("<head></head><body></body>")); !bytes.Contains(got, []byte(h.Secret())) {
				t.Error("the cookie set does not let a page carry the editor")
			}
		})
	}
}

// TestSource: a file read and written back is the same bytes, whatever
// its line endings, byte order mark and final newline; a section's span
// leaves out its trailing blank lines.
func TestSource(t *testing.T) {
	for _, in := range []string{
		"a\nb\n", "a\nb", "a\r\nb\r\n", "\ufeffa\r\nb\r\n", "\ufeffa\nb", "", "\n\n",
	} {
		if got := string(parseSource([]byte(in)).bytes()); got != in {
			t.Errorf("%q: written back as %q", in, got)
		}
	}
	s := parseSource([]byte("# a\ntext\n\n\n## b\nmore\n"))
	if f, l := s.span(1, 5); f != 1 || l != 2 {
		t.Errorf("span 1..5: %d..%d, want 1..2", f, l)
	}
	if f, l := s.span(5, 0); f != 5 || l != 6 {
		t.Errorf("span 5..end: %d..%d, want 5..6", f, l)
	}
	r, last := s.replace(1, 2, "# a\r\nnew\r\nlines\n")
	if string(r.bytes()) != "# a\nnew\nlines\n\n\n## b\nmore\n" || last != 3 {
		t.Errorf("replace: %q, last %d", r.bytes(), last)
	}
}
