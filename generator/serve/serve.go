// Package serve is the local development server: it serves the built site
// with the headers a production host must send, rebuilds when content or
// theme change, and reloads the open pages.
package serve

import (
	"bytes"
	"compress/gzip"
	"context"
	_ "embed"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"

	"compendium/generator/headers"
	"compendium/generator/site"
)

// setTypes makes the server's content types independent of the machine's
// /etc/mime.types: Go knows most of these, and instantiateStreaming refuses
// WebAssembly served with any other type than application/wasm. Once, when
// a server is made, not in init: the first mime.AddExtensionType reads the
// machine's tables (GODEBUG=inittrace=1 showed it among the costliest
// initialisations), which every build paid.
var setTypes = sync.OnceFunc(func() {
	for ext, typ := range map[string]string{
		".wasm":        "application/wasm",
		".js":          "text/javascript; charset=utf-8",
		".css":         "text/css; charset=utf-8",
		".html":        "text/html; charset=utf-8",
		".json":        "application/json",
		".svg":         "image/svg+xml",
		".webmanifest": "application/manifest+json",
		".bin":         "application/octet-stream",
	} {
		_ = mime.AddExtensionType(ext, typ)
	}
})

// Options configures Run.
type Options struct {
	// Addr is the address to listen on, unless Listener is set (Listen
	// made it before the first build): requests must name it, or a
	// loopback name, with its port, in their Host.
	Addr     string
	Listener net.Listener
	Dir      string   // the built site
	Watch    []string // folders whose changes trigger Rebuild
	// Rebuild is called after a change, with the files that changed
	// (created, written, removed or renamed) since the previous call.
	Rebuild func(changed []string) error
	Log     io.Writer
	// Describe says a failed rebuild's error, and that the previous
	// site is still served, in the organiser's language for Log; nil:
	// err.Error() and the English line.
	Describe func(error) string
	// NoLive turns live reload off: pages go out as built, from their
	// twins, as a host sends them (for measurements such as Lighthouse).
	NoLive bool
	// Failed is the first build's error when it failed: the open pages
	// show it until a rebuild succeeds.
	Failed error
	// Complete, when set, is called after each successful Rebuild, once
	// the open pages were told to reload: it makes what Rebuild leaves as
	// it was (the single-file editions). Requests for the files Deferred
	// reports (by the URL's path) wait while a rebuild or Complete runs.
	Complete func() error
	Deferred func(urlPath string) bool
	// Ready, when set, receives the address actually listened on.
	Ready func(addr string)
	// Editor, when set, is the section editor (generator/edit): mounted
	// under /_edit/, its script and secret added beside the reload script
	// to the pages of the browser it lets edit. Nil when editing is off: /_edit/ is then a missing
	// page, and the pages carry nothing of it.
	Editor Editor
	// Debounce is how long the watcher waits for a burst of changes to
	// end before it rebuilds; 0 means 10 ms (see watch). Tests of the
	// coalescing itself set more, so that a loaded machine pausing the
	// test between two writes does not split its burst.
	Debounce time.Duration
}

// Editor is the section editor as serve mounts it.
type Editor interface {
	http.Handler
	// Inject adds the editor to a page served to r (its script and what
	// it needs), when r may edit; else it returns the page as it is.
	Inject(r *http.Request, page []byte) []byte
}

// Handler serves dir with the site's security headers, as a static host
// would: a file's precompressed twin (x.br, x.gz) when the request accepts
// its coding, and the site's 404 page (the language's own, /fr/404.html,
// under /fr/) for a missing file. With live set, HTML pages get the
// live-reload script (and go out uncompressed) and /_live/ answers its
// event stream.
func Handler(dir string, live *Broker) http.Handler { return HandlerWith(dir, live, nil) }

// HandlerWith is Handler with the section editor ed mounted under /_edit/
// and added to the pages, when ed and live are set.
func HandlerWith(dir string, live *Broker, ed Editor) http.Handler {
	setTypes()
	if live == nil {
		ed = nil // the editor's save lands through the live reload
	}
	files := http.FileServer(http.Dir(dir))
	mux := http.NewServeMux()
	if live != nil {
		mux.Handle("/_live/events", live)
		for name, body := range map[string]string{"reload.js": reloadJS, "overlay.css": overlayCSS} {
			ctype := "text/javascript; charset=utf-8"
			if strings.HasSuffix(name, ".css") {
				ctype = "text/css; charset=utf-8"
			}
			mux.HandleFunc("/_live/"+name, func(w http.ResponseWriter, r *http.Request) {
				headers.Set(w.Header())
				w.Header().Set("Content-Type", ctype)
				w.Header().Set("Cache-Control", "no-store")
				_, _ = io.WriteString(w, body)
			})
		}
	}
	if ed != nil {
		mux.Handle("/_edit/", ed)
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		headers.SetFor(w.Header(), r.URL.Path)
		// The local site changes under the reader's feet: never let the
		// browser keep a page or an asset from an earlier build.
		w.Header().Set("Cache-Control", "no-cache")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			// A static host's answer: the site takes no input.
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if hidden(r.URL.Path) {
			// What a host does not publish: the build's manifest
			// (.compendium-build.json), a leftover temporary file, the
			// host's own _headers.
			if !notFound(w, r, dir, live != nil) {
				http.NotFound(w, r)
			}
			return
		}
		if live != nil {
			live.wait(r.Context(), r.URL.Path)
		}
		if live != nil && isPage(r.URL.Path) {
			// Pages get the live-reload script, so they go out as
			// they are, never as a twin made before the script.
			if servePage(w, r, dir, ed) {
				return
			}
		} else if serveTwin(w, r, dir) {
			return
		}
		clean := path.Clean("/" + r.URL.Path)
		f, err := http.Dir(dir).Open(clean)
		if err == nil {
			// A folder without a page is not listed (a host does not
			// list /assets/ either): it is a missing page.
			if fi, serr := f.Stat(); serr == nil && fi.IsDir() {
				if _, ierr := os.Stat(filepath.Join(dir, filepath.FromSlash(clean), "index.html")); ierr != nil {
					err = fs.ErrNotExist
				}
			}
			f.Close()
		}
		// Any name the disk refuses is a missing page, as on a host: a
		// segment over 255 bytes (ENAMETOOLONG), a NUL byte, a file
		// where a folder is expected; not a 500.
		if err != nil {
			if notFound(w, r, dir, live != nil) {
				return
			}
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
	return mux
}

// hidden reports whether a URL path names a file the site does not
// publish: a dotfile or dot-folder, or the _headers file a host reads.
func hidden(p string) bool {
	for _, seg := range strings.Split(p, "/") {
		if strings.HasPrefix(seg, ".") && seg != "." && seg != ".." {
			return true
		}
	}
	return path.Clean("/"+p) == "/_headers"
}

func isPage(p string) bool { return strings.HasSuffix(p, "/") || strings.HasSuffix(p, ".html") }

// encodings are the twins the build writes beside a file (a.html.br,
// a.html.gz), best first: between codings the request accepts equally,
// the first (brotli, the smaller) is sent.
var encodings = []struct{ coding, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// serveTwin sends the file of a GET or HEAD request as its precompressed
// twin when the request accepts the twin's coding, as a host with nginx's
// brotli_static and gzip_static does. It returns false, having written
// nothing but Vary, when the original is to be sent: no twin is accepted, the file
// has none, or the request is for a twin itself (x.br, sent as it is).
//
// A twin goes out whole, without Range support (a server may ignore
// Range); the original keeps it, through the file server.
func serveTwin(w http.ResponseWriter, r *http.Request, dir string) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	// /x/index.html is left to the file server, which redirects it to
	// /x/: one address per page.
	if strings.HasSuffix(r.URL.Path, "/index.html") {
		return false
	}
	p := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(r.URL.Path, "/") {
		p = path.Join(p, "index.html")
	}
	if path.Ext(p) == ".br" || path.Ext(p) == ".gz" {
		return false
	}
	file := filepath.Join(dir, filepath.FromSlash(p))
	if fi, err := os.Stat(file); err != nil || !fi.Mode().IsRegular() {
		return false
	}
	return sendTwin(w, r, file, http.StatusOK)
}

// sendTwin sends file's twin chosen by the request's Accept-Encoding with
// status, and reports whether it did. The response varies with
// Accept-Encoding whenever file has a twin, sent or not.
func sendTwin(w http.ResponseWriter, r *http.Request, file string, status int) bool {
	var have []bool
	some := false
	for _, e := range encodings {
		fi, err := os.Stat(file + e.ext)
		ok := err == nil && fi.Mode().IsRegular()
		have = append(have, ok)
		some = some || ok
	}
	if !some {
		return false
	}
	w.Header().Add("Vary", "Accept-Encoding")
	i := negotiate(r.Header.Values("Accept-Encoding"), have)
	if i < 0 {
		return false
	}
	f, err := os.Open(file + encodings[i].ext)
	if err != nil {
		return false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	h := w.Header()
	h.Set("Content-Type", contentType(file))
	h.Set("Content-Encoding", encodings[i].coding)
	h.Set("Content-Length", strconv.FormatInt(fi.Size(), 10))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = io.Copy(w, f)
	}
	return true
}

// contentType is the type of the original file: its extension's, or what
// its first bytes look like, as the file server would send it.
func contentType(file string) string {
	if t := mime.TypeByExtension(filepath.Ext(file)); t != "" {
		return t
	}
	b := make([]byte, 512)
	if f, err := os.Open(file); err == nil {
		n, _ := io.ReadFull(f, b)
		f.Close()
		b = b[:n]
	}
	return http.DetectContentType(b)
}

// negotiate returns the index in encodings of the coding to send among
// those the file has (have), or -1 for the original, from the request's
// Accept-Encoding fields: the accepted coding of highest q-value, brotli
// on a tie; q=0 refuses a coding, "*" stands for the codings not named;
// the original wins when "identity" is named with a higher q-value. No
// Accept-Encoding, the original (RFC 9110 would allow any coding, but
// clients that decode send the field).
func negotiate(fields []string, have []bool) int {
	q := map[string]float64{}
	for _, field := range fields {
		for _, item := range strings.Split(field, ",") {
			params := strings.Split(item, ";")
			coding := strings.ToLower(strings.TrimSpace(params[0]))
			if coding == "" {
				continue
			}
			if coding == "x-gzip" {
				coding = "gzip"
			}
			v, valid := 1.0, true
			for _, p := range params[1:] {
				k, val, _ := strings.Cut(p, "=")
				if strings.EqualFold(strings.TrimSpace(k), "q") {
					f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
					if err != nil || f < 0 || f > 1 {
						valid = false
					}
					v = f
				}
			}
			if _, seen := q[coding]; valid && !seen {
				q[coding] = v
			}
		}
	}
	qOf := func(coding string) float64 {
		if v, ok := q[coding]; ok {
			return v
		}
		return q["*"] // 0 when absent
	}
	best, bestQ := -1, 0.0
	for i, e := range encodings {
		if have[i] {
			if v := qOf(e.coding); v > bestQ {
				best, bestQ = i, v
			}
		}
	}
	if id, ok := q["identity"]; ok && id > bestQ {
		return -1
	}
	return best
}

// notFound answers a request for a file that does not exist with the
// site's 404 page, in the reader's language when the address is under a
// language folder with its own (/fr/nope/ gets /fr/404.html), else the
// site's /404.html, with status 404. It returns false when the site has
// no 404 page, leaving the file server's plain 404; live, it sends a bare
// page with the reload script instead.
func notFound(w http.ResponseWriter, r *http.Request, dir string, live bool) bool {
	var pages []string
	first, _, _ := strings.Cut(strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/"), "/")
	if first != "" && first != "." && first != ".." {
		pages = append(pages, filepath.Join(dir, first, "404.html"))
	}
	pages = append(pages, filepath.Join(dir, "404.html"))
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			continue
		}
		// A 404 has no validators and no ranges: sent whole, the twin
		// when accepted, the page with the reload script when live.
		if !live && sendTwin(w, r, page, http.StatusNotFound) {
			return true
		}
		if live {
			b = injectReload(b)
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.WriteHeader(http.StatusNotFound)
		if r.Method != http.MethodHead {
			_, _ = w.Write(b)
		}
		return true
	}
	if live {
		// No site yet (a first build that failed into an empty folder):
		// a bare page, for the reload script to show the problems on
		// and to reload once they are mended.
		lang := site.CatalogueLanguage(first)
		b := injectReload([]byte("<!doctype html><html lang=\"" + lang + "\"><head><meta charset=\"utf-8\"><title>404</title></head><body></body></html>"))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.WriteHeader(http.StatusNotFound)
		if r.Method != http.MethodHead {
			_, _ = w.Write(b)
		}
		return true
	}
	return false
}

// servePage serves an HTML page with the live-reload script added before
// </body>, and the editor's when ed is set. It returns false when the page does not exist, leaving the 404 to
// the file server.
func servePage(w http.ResponseWriter, r *http.Request, dir string, ed Editor) bool {
	p := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(r.URL.Path, "/") {
		p = path.Join(p, "index.html")
	}
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
	if err != nil {
		return false
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	b = injectReload(b)
	if ed != nil {
		b = ed.Inject(r, b)
	}
	// The page changed, so its twins do not apply: compress it here, fast,
	// so that measurements on the local server see a compressed page as
	// on a host.
	w.Header().Add("Vary", "Accept-Encoding")
	gz := make([]bool, len(encodings))
	for i, e := range encodings {
		gz[i] = e.coding == "gzip"
	}
	if negotiate(r.Header.Values("Accept-Encoding"), gz) >= 0 && r.Header.Get("Range") == "" {
		var z bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&z, gzip.BestSpeed)
		_, _ = zw.Write(b)
		_ = zw.Close()
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Content-Length", strconv.Itoa(z.Len()))
		if r.Method != http.MethodHead {
			_, _ = w.Write(z.Bytes())
		}
		return true
	}
	http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(b))
	return true
}

// injectReload adds the live-reload script to a page, before </body>.
func injectReload(b []byte) []byte {
	return bytes.Replace(b, []byte("</body>"), []byte(`<script src="/_live/reload.js" defer></script></body>`), 1)
}

// reloadJS is the script added to every page: it reloads the page after a
// rebuild and shows a failed one's problems over it, styled by overlayCSS.
//
//go:embed live/reload.js
var reloadJS string

//go:embed live/overlay.css
var overlayCSS string

// Broker fans build events out to every open page (server-sent events). It
// keeps the last failure while the site is failing, for the pages opened
// or reloaded since, and holds the requests for deferred files while the
// site is being rebuilt.
type Broker struct {
	mu      sync.Mutex
	clients map[chan [2]string]struct{}
	failed  string        // the failure's event data while failing, else ""
	stop    chan struct{} // closed when the server shuts down
	busy    chan struct{} // closed when no rebuild runs; nil: none ran yet
	// deferred reports the files (by URL path) whose requests wait for a
	// rebuild to end (Options.Deferred).
	deferred func(string) bool
}

// NewBroker returns an empty Broker.
func NewBroker() *Broker {
	return &Broker{clients: map[chan [2]string]struct{}{}, stop: make(chan struct{})}
}

// close ends every open stream: the server is shutting down, and a
// stream never ends on its own.
func (b *Broker) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case <-b.stop:
	default:
		close(b.stop)
	}
}

// Send tells every open page about an event: "reload", or "failed" with
// the failure as JSON (Failure.JSON), which the pages opened later get too
// until the next "reload".
func (b *Broker) Send(event, data string) {
	if b == nil {
		return // live reload is off
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	switch event {
	case "failed":
		b.failed = data
	case "reload":
		b.failed = ""
	}
	for c := range b.clients {
		select {
		case c <- [2]string{event, data}:
		default:
		}
	}
}

// hold makes the requests for deferred files wait until release is called.
func (b *Broker) hold() (release func()) {
	if b == nil {
		return func() {}
	}
	ch := make(chan struct{})
	b.mu.Lock()
	b.busy = ch
	b.mu.Unlock()
	return func() { close(ch) }
}

// maxWait bounds how long a request for a deferred file waits for a
// rebuild: a stale file late is better than none.
const maxWait = 30 * time.Second

// wait returns once no rebuild runs, for a deferred file's request.
func (b *Broker) wait(ctx context.Context, urlPath string) {
	b.mu.Lock()
	busy, deferred := b.busy, b.deferred
	b.mu.Unlock()
	if busy == nil || deferred == nil || !deferred(urlPath) {
		return
	}
	t := time.NewTimer(maxWait)
	defer t.Stop()
	select {
	case <-busy:
	case <-ctx.Done():
	case <-t.C:
	}
}

func (b *Broker) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	headers.Set(w.Header())
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	c := make(chan [2]string, 4)
	b.mu.Lock()
	b.clients[c] = struct{}{}
	if b.failed != "" {
		c <- [2]string{"failed", b.failed}
	}
	b.mu.Unlock()
	defer func() {
		b.mu.Lock()
		delete(b.clients, c)
		b.mu.Unlock()
	}()
	_, _ = io.WriteString(w, ": connected\n\n")
	fl.Flush()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-b.stop:
			return
		case ev := <-c:
			_, _ = io.WriteString(w, "event: "+ev[0]+"\n")
			for _, line := range strings.Split(ev[1], "\n") {
				_, _ = io.WriteString(w, "data: "+line+"\n")
			}
			_, _ = io.WriteString(w, "\n")
			fl.Flush()
		}
	}
}

// Listen listens on addr for Run, before the first build: a port that is
// taken is said at once, with the way to choose another.
func Listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err == nil {
		return ln, nil
	}
	host, port, serr := net.SplitHostPort(addr)
	other := "127.0.0.1:8081"
	if n, perr := strconv.Atoi(port); serr == nil && perr == nil && n > 0 && n < 65535 {
		if host == "" {
			host = "127.0.0.1"
		}
		other = net.JoinHostPort(host, strconv.Itoa(n+1))
	}
	d := site.New("", 0, "serve-listen", "addr", addr, "err", err.Error(), "other", other)
	if errors.Is(err, syscall.EADDRINUSE) {
		d.Kind = "serve-addr-taken"
	}
	return nil, site.Diagnostics{d}
}

// AllowHosts serves only the requests whose Host header names the address
// the server listens on (listening, as the listener gives it; given, as
// the user wrote it), or a loopback name (localhost, 127.0.0.1, [::1]),
// with its port; when it listens on every interface (0.0.0.0, [::]), any
// IP address with its port, for a phone on the local network. Any other
// name gets 421: a page of another site whose name was made to point to
// this machine (DNS rebinding) cannot read the drafts or the live-reload
// stream, whose failures quote the content.
func AllowHosts(listening, given string, h http.Handler) http.Handler {
	lhost, port, _ := net.SplitHostPort(listening)
	ghost, _, _ := net.SplitHostPort(given)
	every := false
	if ip := net.ParseIP(lhost); ip != nil && ip.IsUnspecified() {
		every = true
	}
	allowed := map[string]bool{"localhost": true, "127.0.0.1": true, "::1": true}
	for _, n := range []string{lhost, ghost} {
		if n != "" {
			allowed[strings.ToLower(n)] = true
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, hport, err := net.SplitHostPort(r.Host)
		if err != nil {
			host, hport = r.Host, "80" // no port: the scheme's
		}
		host = strings.ToLower(strings.TrimSuffix(host, "."))
		ok := hport == port && (allowed[host] || every && net.ParseIP(host) != nil)
		if !ok {
			headers.Set(w.Header())
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusMisdirectedRequest)
			_, _ = io.WriteString(w, "421: this development server answers as "+net.JoinHostPort(allowed1(lhost, ghost), port)+
				" or localhost:"+port+" only, not as "+strconv.Quote(r.Host)+" (a guard against DNS rebinding)\n")
			return
		}
		h.ServeHTTP(w, r)
	})
}

// allowed1 is the host a refused request is told to use: the one the
// user gave, else the one listened on, unless either is every interface.
func allowed1(listening, given string) string {
	for _, h := range []string{given, listening} {
		if ip := net.ParseIP(h); h != "" && (ip == nil || !ip.IsUnspecified()) {
			return h
		}
	}
	return "127.0.0.1"
}

// Run serves until ctx ends, rebuilding on changes under opt.Watch. It
// returns once the server has stopped and released its address.
func Run(ctx context.Context, opt Options) error {
	var broker *Broker
	if !opt.NoLive {
		broker = NewBroker()
		broker.deferred = opt.Deferred
		if opt.Failed != nil {
			broker.Send("failed", FailureOf(opt.Failed).JSON())
		}
	}
	ln := opt.Listener
	if ln == nil {
		var err error
		if ln, err = Listen(opt.Addr); err != nil {
			return err
		}
	}
	given := opt.Addr
	if given == "" {
		given = ln.Addr().String()
	}
	srv := &http.Server{Handler: AllowHosts(ln.Addr().String(), given, HandlerWith(opt.Dir, broker, opt.Editor)), ReadHeaderTimeout: 10 * time.Second}
	if broker != nil {
		srv.RegisterOnShutdown(broker.close)
	}
	watcher, err := fsnotify.NewWatcher()
	if err != nil {
		ln.Close()
		return err
	}
	defer watcher.Close()
	for _, root := range opt.Watch {
		addTree(watcher, root)
	}
	if opt.Ready != nil {
		opt.Ready(ln.Addr().String())
	}
	// The watcher stops with the server, whichever stops first.
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	done := make(chan struct{})
	go func() {
		defer close(done)
		watch(ctx, watcher, opt, broker)
	}()
	go func() {
		<-ctx.Done()
		// The live-reload streams end as the shutdown begins; a
		// request still running after a second is cut.
		shut, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		if srv.Shutdown(shut) != nil {
			_ = srv.Close()
		}
	}()
	err = srv.Serve(ln)
	stop()
	<-done // a rebuild under way ends before Run returns
	if err != nil && err != http.ErrServerClosed {
		return err
	}
	return nil
}

// addTree watches root and every folder below it: fsnotify watches one
// folder at a time.
func addTree(w *fsnotify.Watcher, root string) {
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			_ = w.Add(p)
		}
		return nil
	})
}

// watch rebuilds once per burst of changes: editors write a file in several
// steps (temp file, rename, chmod), and one save must give one build.
func watch(ctx context.Context, w *fsnotify.Watcher, opt Options, broker *Broker) {
	var timer *time.Timer
	fire := make(chan struct{}, 1)
	var changed []string // since the last rebuild, in the order seen
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-w.Events:
			if !ok {
				return
			}
			if ev.Has(fsnotify.Create) {
				if fi, err := os.Stat(ev.Name); err == nil && fi.IsDir() {
					addTree(w, ev.Name)
				}
			}
			base := filepath.Base(ev.Name)
			if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") {
				continue
			}
			if !slices.Contains(changed, ev.Name) {
				changed = append(changed, ev.Name)
			}
			if timer != nil {
				timer.Stop()
			}
			// Editors save in one to three events within a few milliseconds
			// (write, chmod, or a rename): 10 ms gathers them; each
			// millisecond here is one of the 100 a reload may take.
			quiet := opt.Debounce
			if quiet <= 0 {
				quiet = 10 * time.Millisecond
			}
			timer = time.AfterFunc(quiet, func() {
				select {
				case fire <- struct{}{}:
				default:
				}
			})
		case <-fire:
			start := time.Now()
			files := changed
			changed = nil
			release := broker.hold()
			if err := opt.Rebuild(files); err != nil {
				release()
				if ctx.Err() != nil {
					return // stopped during the rebuild
				}
				if opt.Log != nil {
					_, _ = io.WriteString(opt.Log, describeErr(opt, err)+"\n")
				}
				broker.Send("failed", FailureOf(err).JSON())
				continue
			}
			if opt.Log != nil {
				_, _ = io.WriteString(opt.Log, "rebuilt in "+time.Since(start).Round(time.Millisecond).String()+", reloading pages\n")
			}
			broker.Send("reload", "")
			if opt.Complete != nil {
				if err := opt.Complete(); err != nil && ctx.Err() == nil && opt.Log != nil {
					_, _ = io.WriteString(opt.Log, "completing the rebuild failed: "+err.Error()+"\n")
				}
			}
			release()
		case err, ok := <-w.Errors:
			if !ok {
				return
			}
			if opt.Log != nil {
				_, _ = io.WriteString(opt.Log, "watch: "+err.Error()+"\n")
			}
		}
	}
}

// describeErr is err as opt.Describe says it, else its Error.
func describeErr(opt Options, err error) string {
	if opt.Describe != nil {
		return opt.Describe(err)
	}
	return err.Error() + "\nbuild failed; still serving the previous site"
}
