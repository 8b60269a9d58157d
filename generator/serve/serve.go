// Package serve is the local development server: it serves the built site
// with the headers a production host must send, rebuilds when content or
// theme change, and reloads the open pages.
package serve

import (
	"bytes"
	"context"
	"io"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"compendium/generator/headers"
)

func init() {
	// Go knows most of these; setting them here makes the server's answer
	// independent of the machine's /etc/mime.types. instantiateStreaming
	// refuses WebAssembly served with any other type than application/wasm.
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
}

// Options configures Run.
type Options struct {
	Addr    string
	Dir     string   // the built site
	Watch   []string // folders whose changes trigger Rebuild
	Rebuild func() error
	Log     io.Writer
	// Ready, when set, receives the address actually listened on.
	Ready func(addr string)
}

// Handler serves dir with the site's security headers. With live set, HTML
// pages get the live-reload script and /_live/ answers its event stream.
func Handler(dir string, live *Broker) http.Handler {
	files := http.FileServer(http.Dir(dir))
	mux := http.NewServeMux()
	if live != nil {
		mux.Handle("/_live/events", live)
		mux.HandleFunc("/_live/reload.js", func(w http.ResponseWriter, r *http.Request) {
			headers.Set(w.Header())
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			_, _ = io.WriteString(w, reloadJS)
		})
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		headers.Set(w.Header())
		// The local site changes under the reader's feet: never let the
		// browser keep a page or an asset from an earlier build.
		w.Header().Set("Cache-Control", "no-cache")
		if live != nil && isPage(r.URL.Path) {
			if servePage(w, r, dir) {
				return
			}
		}
		files.ServeHTTP(w, r)
	})
	return mux
}

func isPage(p string) bool { return strings.HasSuffix(p, "/") || strings.HasSuffix(p, ".html") }

// servePage serves an HTML page with the live-reload script added before
// </body>. It returns false when the page does not exist, leaving the 404 to
// the file server.
func servePage(w http.ResponseWriter, r *http.Request, dir string) bool {
	p := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(r.URL.Path, "/") {
		p = path.Join(p, "index.html")
	}
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
	if err != nil {
		return false
	}
	b = bytes.Replace(b, []byte("</body>"), []byte(`<script src="/_live/reload.js" defer></script></body>`), 1)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(b))
	return true
}

const reloadJS = `(() => {
  const es = new EventSource("/_live/events");
  es.addEventListener("reload", () => location.reload());
  es.addEventListener("failed", (e) => console.error("compendium: build failed\n" + e.data));
})();
`

// Broker fans build events out to every open page (server-sent events).
type Broker struct {
	mu      sync.Mutex
	clients map[chan [2]string]struct{}
}

// NewBroker returns an empty Broker.
func NewBroker() *Broker { return &Broker{clients: map[chan [2]string]struct{}{}} }

// Send tells every open page about an event ("reload" or "failed").
func (b *Broker) Send(event, data string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for c := range b.clients {
		select {
		case c <- [2]string{event, data}:
		default:
		}
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

// Run serves until ctx ends, rebuilding on changes under opt.Watch.
func Run(ctx context.Context, opt Options) error {
	broker := NewBroker()
	ln, err := net.Listen("tcp", opt.Addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: Handler(opt.Dir, broker), ReadHeaderTimeout: 10 * time.Second}
	if opt.Ready != nil {
		opt.Ready(ln.Addr().String())
	}
	watcher, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer watcher.Close()
	for _, root := range opt.Watch {
		addTree(watcher, root)
	}
	go watch(ctx, watcher, opt, broker)
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && err != http.ErrServerClosed {
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
			if timer != nil {
				timer.Stop()
			}
			timer = time.AfterFunc(150*time.Millisecond, func() {
				select {
				case fire <- struct{}{}:
				default:
				}
			})
		case <-fire:
			start := time.Now()
			if err := opt.Rebuild(); err != nil {
				if opt.Log != nil {
					_, _ = io.WriteString(opt.Log, err.Error()+"\nbuild failed; still serving the previous site\n")
				}
				broker.Send("failed", err.Error())
				continue
			}
			if opt.Log != nil {
				_, _ = io.WriteString(opt.Log, "rebuilt in "+time.Since(start).Round(time.Millisecond).String()+", reloading pages\n")
			}
			broker.Send("reload", "")
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
