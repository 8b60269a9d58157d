//go:build e2e

package e2e

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"compendium/generator/serve"
)

// cutHost serves the site until cut: then the first held requests wait
// (a slow network: they are in flight when it goes) and every later one
// finds the connection closed with no answer (the network gone).
type cutHost struct {
	h       http.Handler
	held    int // how many requests after the cut are held
	mu      sync.Mutex
	cut     bool
	n       int
	arrived int      // held requests that reached the host (in flight)
	aborted int      // held requests the browser gave up (cancelled)
	paths   []string // the held requests' paths, to say which stayed
	release chan struct{}
}

func (c *cutHost) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// "Save all"'s fetches, from the worker, are CORS requests that ask
	// the host (cache "no-cache": Chromium sends max-age=0). The rest
	// goes through, uncounted: the page's own check for a new build
	// after the error (same-origin mode), the scripts, the search's reads.
	// Held, such a request stayed in flight and failed the test on a
	// loaded machine (2 of 3 cancelled).
	if r.Header.Get("Cache-Control") != "max-age=0" || r.Header.Get("Sec-Fetch-Mode") != "cors" {
		c.h.ServeHTTP(w, r)
		return
	}
	c.mu.Lock()
	cut := c.cut
	if cut {
		c.n++
	}
	n := c.n
	c.mu.Unlock()
	if !cut {
		c.h.ServeHTTP(w, r)
		return
	}
	if n <= c.held {
		c.mu.Lock()
		c.arrived++
		c.paths = append(c.paths, r.URL.Path)
		c.mu.Unlock()
		select {
		case <-c.release:
			c.h.ServeHTTP(w, r)
		case <-r.Context().Done():
			c.mu.Lock()
			c.aborted++
			c.mu.Unlock()
		}
		return
	}
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			conn.Close()
			return
		}
	}
	http.Error(w, "gone", http.StatusServiceUnavailable)
}

func (c *cutHost) set(cut bool) {
	c.mu.Lock()
	c.cut, c.n, c.arrived, c.aborted, c.paths = cut, 0, 0, 0, nil
	if cut {
		c.release = make(chan struct{})
	}
	c.mu.Unlock()
}

// TestSaveAllInterrupted: "save the whole compendium" loses the network
// while up to three of its four fetches are in flight: the status says saving
// stopped, the worker cancels the three others (no later progress says
// "Saving…" over the error, which stays), and saving again with the
// network back completes.
func TestSaveAllInterrupted(t *testing.T) {
	host := &cutHost{h: serve.Handler(siteDir, nil), held: 3}
	base, _ := serveOwn(t, host)
	b := newBrowserWithin(t, 390, 844, true, 2*time.Minute)
	b.Allow(base)
	var wantError string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/en/"),
		chromedp.Poll(`navigator.serviceWorker.controller ? true : null`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Navigate(base+"/en/"),
		chromedp.Poll(`document.querySelector("#save-all.ready") ? true : null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`document.getElementById("save-all").dataset.error`, &wantError),
	)
	if err != nil {
		t.Fatal(err)
	}
	host.set(true)
	status := `document.querySelector("#save-all .save-status").textContent`
	var got string
	err = chromedp.Run(b.Ctx,
		chromedp.Click(`#save-all button`, chromedp.ByQuery),
		chromedp.Poll(status+` === `+jsString(wantError)+` || null`, nil, chromedp.WithPollingTimeout(30*time.Second)),
	)
	if err != nil {
		_ = chromedp.Run(b.Ctx, chromedp.Evaluate(status, &got))
		t.Fatalf("the save cut short: %v (status %q)", err, got)
	}
	// The fetches in flight (up to three: on a loaded machine a loop may
	// not have sent its request yet when another one meets the cut) are
	// cancelled by the worker, not left to finish and report.
	deadline := time.Now().Add(10 * time.Second)
	for {
		host.mu.Lock()
		aborted, arrived, paths := host.aborted, host.arrived, host.paths
		host.mu.Unlock()
		if arrived > 0 && aborted == arrived {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("%d of the %d fetches in flight were cancelled after the error (held: %v)", aborted, arrived, paths)
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	// Whatever was still in flight answers now: nothing may say "Saving…"
	// over the error.
	close(host.release)
	time.Sleep(2 * time.Second)
	var enabled bool
	if err := chromedp.Run(b.Ctx, chromedp.Evaluate(status, &got), chromedp.Evaluate(`!document.querySelector("#save-all button").disabled`, &enabled)); err != nil {
		t.Fatal(err)
	}
	if got != wantError || !enabled {
		t.Errorf("after the cut, the status says %q (button enabled: %v); want %q and the button back", got, enabled, wantError)
	}

	host.set(false)
	err = chromedp.Run(b.Ctx,
		chromedp.Click(`#save-all button`, chromedp.ByQuery),
		chromedp.Poll(status+`.startsWith("Saved") || null`, nil, chromedp.WithPollingTimeout(60*time.Second)),
	)
	if err != nil {
		_ = chromedp.Run(b.Ctx, chromedp.Evaluate(status, &got))
		t.Fatalf("saving again with the network back: %v (status %q)", err, got)
	}
}

// raceHost serves the site, but one file with other bytes while swapped:
// a deploy landing while a first visit's worker installs, the host
// already answering with the next build's file under the same address.
type raceHost struct {
	dir     string
	h       http.Handler
	path    string
	mu      sync.Mutex
	swapped bool
}

func (h *raceHost) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	swapped := h.swapped
	h.mu.Unlock()
	if swapped && r.URL.Path == h.path {
		b, err := os.ReadFile(filepath.Join(h.dir, filepath.FromSlash(h.path)))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(append(b, []byte("\n ")...))
		return
	}
	h.h.ServeHTTP(w, r)
}

// jsInstall registers the site's worker and is the state its install
// ends in: "activated", or "redundant" when the install failed.
const jsInstall = `(async () => {
	const reg = await navigator.serviceWorker.register("/sw.js");
	const w = reg.installing || reg.waiting || reg.active;
	if (w.state === "activated" || w.state === "redundant") return w.state;
	return new Promise((ok) => w.addEventListener("statechange", () => (w.state === "activated" || w.state === "redundant") && ok(w.state)));
})()`

// TestOfflineInstallRace: the first visit's worker installs while the host
// answers one of its files (the English search index) with another
// build's bytes: the install refuses them and no copy is kept, rather
// than a copy named for this build holding the next one's file. Once the
// host serves one build again, the install keeps the copy, with this
// build's bytes.
func TestOfflineInstallRace(t *testing.T) {
	h := &raceHost{dir: siteDir, h: serve.Handler(siteDir, nil), path: "/en/search.json", swapped: true}
	base, _ := serveOwn(t, h)
	b := newBrowserWithin(t, 390, 844, true, 2*time.Minute)
	b.Allow(base)
	var state string
	var keys []string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/en/"),
		chromedp.Evaluate(jsInstall, &state, awaitPromise),
		chromedp.Evaluate(`caches.keys()`, &keys, awaitPromise),
	)
	if err != nil {
		t.Fatal(err)
	}
	if state != "redundant" || len(keys) != 0 {
		t.Errorf("an install fed another build's search index: %q, copies %v; want it refused (redundant) and no copy", state, keys)
	}

	h.mu.Lock()
	h.swapped = false
	h.mu.Unlock()
	want, err := os.ReadFile(filepath.Join(siteDir, "en", "search.json"))
	if err != nil {
		t.Fatal(err)
	}
	var kept string
	err = chromedp.Run(b.Ctx,
		chromedp.Reload(),
		chromedp.Evaluate(jsInstall, &state, awaitPromise),
		chromedp.Evaluate(`caches.keys().then((ks) => caches.open(ks.find((k) => k.startsWith("compendium-")))).then((c) => c.match("/en/search.json")).then((r) => r ? r.text() : "")`, &kept, awaitPromise),
	)
	if err != nil {
		t.Fatal(err)
	}
	if state != "activated" || kept != string(want) {
		t.Errorf("with one build served again: install %q, the copy's index %d bytes (this build's: %d, same: %v)", state, len(kept), len(want), kept == string(want))
	}
	if strings.Contains(kept, "\n \n") {
		t.Errorf("the copy holds the other build's bytes")
	}
}

// serviceWorkerCtx is a context on the service worker of the site at
// base (its own CDP target), for a test's hooks: the CSP does not govern
// what CDP runs. It stays attached until the test ends: detached, the
// worker may stop, and a hook dies with it.
func serviceWorkerCtx(t *testing.T, b *Browser, base string) context.Context {
	t.Helper()
	var id target.ID
	err := chromedp.Run(b.Ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		infos, err := chromedp.Targets(ctx)
		if err != nil {
			return err
		}
		for _, in := range infos {
			if in.Type == "service_worker" && strings.HasPrefix(in.URL, base+"/") {
				id = in.TargetID
			}
		}
		return nil
	}))
	if err != nil || id == "" {
		t.Fatalf("no service worker target for %s (%v)", base, err)
	}
	ctx, cancel := chromedp.NewContext(b.Ctx, chromedp.WithTargetID(id))
	t.Cleanup(cancel)
	return ctx
}

// TestOfflineSumsLock: one write of the copy's list that fails (the
// device full for a moment) does not stop the later ones: a page visited
// after it is listed as kept.
func TestOfflineSumsLock(t *testing.T) {
	base, _ := serveOwn(t, serve.Handler(siteDir, nil))
	b := newBrowserWithin(t, 390, 844, true, 2*time.Minute)
	b.Allow(base)
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/en/"),
		chromedp.Poll(`navigator.serviceWorker.controller ? true : null`, nil, chromedp.WithPollingTimeout(20*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	// The next write of the list fails as a full device's does.
	sw := serviceWorkerCtx(t, b, base)
	var hook string
	err = chromedp.Run(sw, chromedp.Evaluate(`(() => { self.__failed = 0; const put = Cache.prototype.put;
		Cache.prototype.put = function (req, resp) {
			if (String(typeof req === "string" ? req : req.url).endsWith("__sums") && !self.__failed++) return Promise.reject(new DOMException("full", "QuotaExceededError"));
			return put.call(this, req, resp); };
		return "hooked"; })()`, &hook))
	if err != nil || hook != "hooked" {
		t.Fatalf("the hook in the service worker: %q, %v", hook, err)
	}
	sums := `caches.keys().then((ks) => caches.open(ks.find((k) => k.startsWith("compendium-")))).then((c) => c.match("/__sums")).then((r) => r.json())`
	var listed map[string]string
	err = chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/en/fantasy/"),
		chromedp.WaitReady("main"),
		chromedp.Navigate(base+"/en/glossary/"),
		chromedp.WaitReady("main"),
		chromedp.Poll(`(`+sums+`).then((s) => s["./en/glossary/"] ? s : null)`, &listed, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		_ = chromedp.Run(b.Ctx, chromedp.Evaluate(sums, &listed, awaitPromise))
		var dbg string
		_ = chromedp.Run(b.Ctx, chromedp.Evaluate(`caches.keys().then((ks) => JSON.stringify(ks) + " " + !!navigator.serviceWorker.controller)`, &dbg, awaitPromise))
		t.Logf("the copies %s", dbg)
		t.Fatalf("the page visited after a failed write of the list: %v (the list: %d files, fantasy %q)", err, len(listed), listed["./en/fantasy/"])
	}
	// The failed write was the fantasy page's: the hook did fail one.
	if _, ok := listed["./en/fantasy/"]; ok {
		t.Errorf("the fantasy page is listed: the write meant to fail did not")
	}
}
