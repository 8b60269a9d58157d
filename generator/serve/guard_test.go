package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"compendium/generator/pipeline"
	"compendium/generator/site"
)

// TestNamesTheDiskRefuses: a path segment over 255 bytes (ENAMETOOLONG:
// 300, 8,000 and 65,000 bytes, as reliability.md R14 tried them),
// a NUL byte, a file taken as a folder get the site's 404 page, as on a
// host, not a 500; so do the dotfiles (the build's manifest) and
// _headers, which a host does not publish; live or not.
func TestNamesTheDiskRefuses(t *testing.T) {
	dir, _ := twinSite(t, true)
	for _, name := range []string{".compendium-build.json", "fr/.hidden", "_headers"} {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte("not published"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, live := range []bool{false, true} {
		var b *Broker
		if live {
			b = NewBroker()
		}
		srv := httptest.NewServer(Handler(dir, b))
		for _, p := range []string{
			"/fr/" + strings.Repeat("a", 300),
			"/fr/" + strings.Repeat("a", 300) + "/",
			"/fr/" + strings.Repeat("a", 8000),
			"/fr/" + strings.Repeat("a", 65000),
			"/" + strings.Repeat("é", 200) + "/index.html",
			"/fr/%00/",
			"/fr/a%00b.html",
			"/fr/fantasy/index.html/x",
			"/assets/main-X.js/x",
			// What a host does not publish.
			"/.compendium-build.json",
			"/fr/.hidden",
			"/_headers",
		} {
			r := fetch(t, srv, "GET", p)
			if r.StatusCode != http.StatusNotFound {
				t.Errorf("live %v: GET %s: %d, want 404", live, p[:min(len(p), 40)], r.StatusCode)
			}
		}
		srv.Close()
	}
}

// TestOnlyGetAndHead: the server answers what a static host answers:
// other methods get 405 with Allow, not the page.
func TestOnlyGetAndHead(t *testing.T) {
	dir, _ := twinSite(t, true)
	srv := httptest.NewServer(Handler(dir, NewBroker()))
	defer srv.Close()
	for _, m := range []string{"POST", "PUT", "DELETE", "TRACE", "PROPFIND"} {
		r := fetch(t, srv, m, "/fr/fantasy/")
		if r.StatusCode != http.StatusMethodNotAllowed || r.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("%s: %d, Allow %q", m, r.StatusCode, r.Header.Get("Allow"))
		}
	}
	if r := fetch(t, srv, "HEAD", "/fr/fantasy/"); r.StatusCode != 200 {
		t.Errorf("HEAD: %d", r.StatusCode)
	}
}

// TestAllowHosts: a request is served when its Host names the address
// listened on, or a loopback name, with the port; any other name (a
// DNS-rebinding page's) gets 421; listening on every interface, any IP
// address with the port is served (a phone on the network), still no
// name.
func TestAllowHosts(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "served") })
	for _, tt := range []struct {
		listening, given, host string
		want                   int
	}{
		{"127.0.0.1:8080", "127.0.0.1:8080", "127.0.0.1:8080", 200},
		{"127.0.0.1:8080", "127.0.0.1:8080", "localhost:8080", 200},
		{"127.0.0.1:8080", "127.0.0.1:8080", "LOCALHOST:8080", 200},
		{"127.0.0.1:8080", "127.0.0.1:8080", "[::1]:8080", 200},
		{"127.0.0.1:8080", "127.0.0.1:8080", "evil.example:8080", 421},
		{"127.0.0.1:8080", "127.0.0.1:8080", "evil.example", 421},
		{"127.0.0.1:8080", "127.0.0.1:8080", "127.0.0.1:9090", 421},
		{"127.0.0.1:8080", "127.0.0.1:8080", "127.0.0.1", 421},
		{"127.0.0.1:8080", "127.0.0.1:8080", "", 421},
		{"127.0.0.1:8080", "localhost:8080", "localhost:8080", 200},
		{"192.168.1.10:8080", "192.168.1.10:8080", "192.168.1.10:8080", 200},
		{"192.168.1.10:8080", "192.168.1.10:8080", "192.168.1.11:8080", 421},
		{"0.0.0.0:8080", "0.0.0.0:8080", "192.168.1.10:8080", 200},
		{"0.0.0.0:8080", "0.0.0.0:8080", "[fe80::1]:8080", 200},
		{"0.0.0.0:8080", "0.0.0.0:8080", "evil.example:8080", 421},
		{"[::]:8080", ":8080", "10.0.0.2:8080", 200},
		{"[::]:8080", ":8080", "rebind.evil.example:8080", 421},
		{"127.0.0.1:80", "127.0.0.1:80", "localhost", 200},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/fr/", nil)
		req.Host = tt.host
		AllowHosts(tt.listening, tt.given, ok).ServeHTTP(rec, req)
		if rec.Code != tt.want {
			t.Errorf("listening on %s, Host %q: %d, want %d", tt.listening, tt.host, rec.Code, tt.want)
		}
		if tt.want == 421 && (strings.Contains(rec.Body.String(), "served") || !strings.Contains(rec.Body.String(), "DNS rebinding")) {
			t.Errorf("Host %q refused with %q", tt.host, rec.Body.String())
		}
	}
}

// TestRunRefusesOtherHosts: the server Run starts, pages and the
// live-reload stream alike, refuses a request that names another host.
func TestRunRefusesOtherHosts(t *testing.T) {
	dir, _ := twinSite(t, true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan string, 1)
	go Run(ctx, Options{Addr: "127.0.0.1:0", Dir: dir, Rebuild: func([]string) error { return nil }, Ready: func(a string) { ready <- a }})
	addr := <-ready
	for _, p := range []string{"/fr/fantasy/", "/_live/events", "/_live/reload.js"} {
		req, _ := http.NewRequest("GET", "http://"+addr+p, nil)
		req.Host = "rebind.evil.example:" + addr[strings.LastIndexByte(addr, ':')+1:]
		resp, err := rawClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusMisdirectedRequest {
			t.Errorf("%s with Host %s: %d, want 421", p, req.Host, resp.StatusCode)
		}
	}
	resp, err := rawClient.Get("http://" + addr + "/fr/fantasy/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("with its own Host: %d", resp.StatusCode)
	}
}

// TestListenTaken: a taken port is said at once, with the make and go
// commands that choose another.
func TestListenTaken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, err = Listen(ln.Addr().String())
	if err == nil {
		t.Fatal("a taken port was listened on")
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	msg := err.Error()
	if !strings.Contains(msg, "already in use") || !strings.Contains(msg, "make serve ADDR=127.0.0.1:") || !strings.Contains(msg, "-addr 127.0.0.1:") || strings.Contains(msg, "ADDR=127.0.0.1:"+port+" ") {
		t.Errorf("message %q", msg)
	}
	var ds site.Diagnostics
	if !errors.As(err, &ds) || !strings.Contains(ds.Format("fr", false), "est déjà pris (par un autre serve, ou un autre programme) : servez sur une autre adresse : make serve ADDR=127.0.0.1:") {
		t.Errorf("in French: %v", ds.Format("fr", false))
	}
}

// events reads a live-reload stream: each event's name and data.
type events struct {
	r    *bufio.Reader
	body io.Closer
}

func openEvents(t *testing.T, url string) *events {
	t.Helper()
	resp, err := http.Get(url + "/_live/events")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	e := &events{r: bufio.NewReader(resp.Body), body: resp.Body}
	if line, _ := e.r.ReadString('\n'); !strings.HasPrefix(line, ": connected") {
		t.Fatalf("first line %q", line)
	}
	e.r.ReadString('\n')
	return e
}

// next returns the next event.
func (e *events) next(t *testing.T) (name, data string) {
	t.Helper()
	for {
		line, err := e.r.ReadString('\n')
		if err != nil {
			t.Fatalf("stream ended: %v", err)
		}
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "" && name != "":
			return name, data
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			if data != "" {
				data += "\n"
			}
			data += strings.TrimPrefix(line, "data: ")
		}
	}
}

// TestFailureKeptForNewPages: a failure is sent to the open pages and to
// those opened later, until a reload; then a page opened gets no earlier
// failure.
func TestFailureKeptForNewPages(t *testing.T) {
	b := NewBroker()
	srv := httptest.NewServer(Handler(t.TempDir(), b))
	t.Cleanup(srv.Close) // after the streams' bodies, closed by their own cleanups
	open := openEvents(t, srv.URL)
	b.Send("failed", `{"problems":[{"message":{"en":"first"}}]}`)
	if name, data := open.next(t); name != "failed" || !strings.Contains(data, "first") {
		t.Errorf("open page: %s %s", name, data)
	}
	later := openEvents(t, srv.URL)
	if name, data := later.next(t); name != "failed" || !strings.Contains(data, "first") {
		t.Errorf("page opened while failing: %s %s", name, data)
	}
	b.Send("reload", "")
	if name, _ := open.next(t); name != "reload" {
		t.Errorf("open page after the fix: %s", name)
	}
	mended := openEvents(t, srv.URL)
	b.Send("failed", `{"problems":[{"message":{"en":"second"}}]}`)
	if name, data := mended.next(t); name != "failed" || !strings.Contains(data, "second") {
		t.Errorf("page opened after the fix got %s %s first", name, data)
	}
}

// TestFailedRebuildInThePage: a rebuild that fails sends the open pages its
// problems as JSON, each with its file, line, column, the line itself
// (read from the file as it is now) and its message; the first build's
// failure (Options.Failed) is there from the start; a rebuild that
// succeeds sends reload.
func TestFailedRebuildInThePage(t *testing.T) {
	site0, watched := t.TempDir(), t.TempDir()
	doc := filepath.Join(watched, "fantasy.md")
	if err := os.WriteFile(doc, []byte("---\ntitle: X\n---\n## L'armure\n\nTexte.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := &pipeline.Error{Phase: "load and check", Diagnostics: site.Diagnostics{
		{File: doc, Line: 4, Col: 4, Kind: "read-failed", Args: []string{"err", "heading “L’armure” has no ID: end it with an explicit English kebab-case ID, e.g. {#armor}"}},
		{File: filepath.Join(watched, "gone.md"), Line: 2, Kind: "read-failed", Args: []string{"err", "a file that is not there"}},
	}, Err: errors.New("the bundle failed")}
	fail := make(chan bool, 4)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan string, 1)
	go Run(ctx, Options{
		Addr: "127.0.0.1:0", Dir: site0, Watch: []string{watched}, Failed: broken,
		Rebuild: func([]string) error {
			if <-fail {
				return broken
			}
			return nil
		},
		Ready:    func(a string) { ready <- a },
		Debounce: 50 * time.Millisecond,
	})
	url := "http://" + <-ready
	decode := func(data string) Failure {
		t.Helper()
		var f Failure
		if err := json.Unmarshal([]byte(data), &f); err != nil {
			t.Fatalf("%v: %s", err, data)
		}
		return f
	}
	check := func(f Failure) {
		t.Helper()
		if len(f.Problems) != 3 {
			t.Fatalf("problems %+v", f.Problems)
		}
		p := f.Problems[0]
		if p.File != doc || p.Line != 4 || p.Col != 4 || p.Source == nil || *p.Source != "## L'armure" || !strings.Contains(p.Message["en"], "{#armor}") {
			t.Errorf("first problem %+v", p)
		}
		if q := f.Problems[1]; q.Source != nil || q.Message["en"] != "cannot read: a file that is not there" {
			t.Errorf("a problem in a file that cannot be read: %+v", q)
		}
		if q := f.Problems[2]; q.File != "" || q.Message["en"] != "the bundle failed" {
			t.Errorf("the cause that is not a diagnostic: %+v", q)
		}
	}
	page := openEvents(t, url)
	name, data := page.next(t)
	if name != "failed" {
		t.Fatalf("the first build's failure: %s", name)
	}
	check(decode(data))

	fail <- true
	os.WriteFile(doc, []byte("---\ntitle: X\n---\n## L'armure\n\nTexte changé.\n"), 0o644)
	if name, data = page.next(t); name != "failed" {
		t.Fatalf("after a failed rebuild: %s", name)
	}
	check(decode(data))

	fail <- false
	os.WriteFile(doc, []byte("---\ntitle: X\n---\n## L'armure {#armor}\n\nTexte changé.\n"), 0o644)
	if name, _ = page.next(t); name != "reload" {
		t.Fatalf("after the fix: %s", name)
	}
}

// TestFailureOrder: the overlay lists the problems by document, the
// French file's before the English one's (the cause before its echo),
// then by line.
func TestFailureOrder(t *testing.T) {
	f := FailureOf(site.Diagnostics{
		{File: "content/en/fantasy.md", Line: 3, Kind: "read-failed", Args: []string{"err", "echo"}},
		{File: "content/glossary.json", Line: 1, Kind: "read-failed", Args: []string{"err", "glossary"}},
		{File: "content/fr/fantasy.md", Line: 9, Kind: "read-failed", Args: []string{"err", "cause, later line"}},
		{File: "content/fr/fantasy.md", Line: 2, Kind: "read-failed", Args: []string{"err", "cause"}},
		{File: "content/en/alchemy.md", Line: 1, Kind: "read-failed", Args: []string{"err", "other document"}},
	})
	var got []string
	for _, p := range f.Problems {
		got = append(got, p.Message["en"])
	}
	want := []string{"other document", "cause", "cause, later line", "echo", "glossary"}
	for i := range want {
		want[i] = "cannot read: " + want[i]
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("order %q, want %q", got, want)
	}
}

// TestFailureOfManyProblems: the overlay lists the first problems, says
// how many more the terminal has, and shows a long line cut, whole
// characters only.
func TestFailureOfManyProblems(t *testing.T) {
	file := filepath.Join(t.TempDir(), "long.md")
	os.WriteFile(file, []byte(strings.Repeat("é", 1000)+"\n"), 0o644)
	var ds site.Diagnostics
	for i := 0; i < maxProblems+7; i++ {
		ds = append(ds, site.Diagnostic{File: file, Line: 1, Kind: "read-failed", Args: []string{"err", "m"}})
	}
	f := FailureOf(&pipeline.Error{Diagnostics: ds})
	if len(f.Problems) != maxProblems || f.More != 7 {
		t.Errorf("%d problems and %d more", len(f.Problems), f.More)
	}
	if s := *f.Problems[0].Source; len(s) > maxSource+len("…") || !strings.HasSuffix(s, "é…") {
		t.Errorf("the long line is shown as %d bytes: %q…", len(s), s[:20])
	}
	if f := FailureOf(errors.New("plain")); len(f.Problems) != 1 || f.Problems[0].Message["en"] != "plain" {
		t.Errorf("a plain error: %+v", f)
	}
}

// TestDeferredWaitsForComplete: after a successful rebuild the pages are
// told to reload, then Complete runs (the single-file editions); a
// request for a deferred file made meanwhile waits for it and gets the
// completed file, while the other files are served at once.
func TestDeferredWaitsForComplete(t *testing.T) {
	dir, watched := t.TempDir(), t.TempDir()
	single := filepath.Join(dir, "fr", "compendium.html")
	os.MkdirAll(filepath.Dir(single), 0o755)
	os.WriteFile(single, []byte("<body>stale</body>"), 0o644)
	os.WriteFile(filepath.Join(dir, "fr", "index.html"), []byte("<body>home</body>"), 0o644)
	asked := make(chan string, 10)
	proceed := make(chan struct{})
	completed := make(chan struct{}, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan string, 1)
	go Run(ctx, Options{
		Addr: "127.0.0.1:0", Dir: dir, Watch: []string{watched},
		Rebuild: func([]string) error { return nil },
		Complete: func() error {
			<-proceed
			err := os.WriteFile(single, []byte("<body>fresh</body>"), 0o644)
			completed <- struct{}{}
			return err
		},
		Deferred: func(p string) bool {
			d := strings.HasSuffix(p, "/compendium.html")
			if d {
				asked <- p
			}
			return d
		},
		Ready: func(a string) { ready <- a },
	})
	url := "http://" + <-ready
	page := openEvents(t, url)
	os.WriteFile(filepath.Join(watched, "a.md"), []byte("x"), 0o644)
	if name, _ := page.next(t); name != "reload" {
		t.Fatalf("event %s", name)
	}
	// Complete runs now, held: the home page is served at once.
	resp, err := http.Get(url + "/fr/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), "home") {
		t.Errorf("home page %q", body)
	}
	got := make(chan string, 1)
	go func() {
		resp, err := http.Get(url + "/fr/compendium.html")
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got <- string(b)
	}()
	<-asked
	close(proceed)
	<-completed
	if b := <-got; !strings.Contains(b, "fresh") {
		t.Errorf("the single file asked for during Complete: %q", b)
	}
}

// TestBarePageWithoutSite: with no site yet (a first build that failed
// into an empty folder), the live server answers a bare page carrying the
// reload script, in the address's language, so that the problems show
// and the fix reloads it; without live reload, a plain 404.
func TestBarePageWithoutSite(t *testing.T) {
	dir := t.TempDir()
	live := httptest.NewServer(Handler(dir, NewBroker()))
	defer live.Close()
	r := fetch(t, live, "GET", "/fr/")
	body := string(r.decoded(t))
	if r.StatusCode != 404 || !strings.Contains(body, `<script src="/_live/reload.js" defer></script>`) || !strings.Contains(body, `lang="fr"`) {
		t.Errorf("live, no site: %d %q", r.StatusCode, body)
	}
	plain := httptest.NewServer(Handler(dir, nil))
	defer plain.Close()
	if r := fetch(t, plain, "GET", "/fr/"); r.StatusCode != 404 || strings.Contains(string(r.decoded(t)), "reload.js") {
		t.Errorf("not live, no site: %d", r.StatusCode)
	}
}

// TestFailureInBothLanguages: a diagnostic reaches the overlay in every
// language of the catalogue, so a French page shows it in French, an
// engine's or a file system's words included.
func TestFailureInBothLanguages(t *testing.T) {
	d := site.New("content/fr/fantasy.md", 3, "value-unknown", "key", "armor.plat", "own", "{=fantasy.plat 3}", "file", "content/values.json")
	f := FailureOf(site.Diagnostics{d, site.New("content/glossary.json", 2, "read-failed", "err", "permission denied")})
	if len(f.Problems) != 2 {
		t.Fatalf("problems %+v", f.Problems)
	}
	p := f.Problems[0]
	if p.Message["fr"] == "" || p.Message["en"] == "" || p.Message["fr"] == p.Message["en"] {
		t.Errorf("catalogue diagnostic: messages %q, want a French and an English one", p.Message)
	}
	if !strings.Contains(p.Message["fr"], "armor.plat") || !strings.Contains(p.Message["fr"], "valeur de règle") {
		t.Errorf("French message %q", p.Message["fr"])
	}
	if q := f.Problems[1]; q.Message["en"] != "cannot read: permission denied" || q.Message["fr"] != "lecture impossible : permission denied" {
		t.Errorf("a file system's error: messages %q", q.Message)
	}
}
