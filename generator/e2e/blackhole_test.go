//go:build e2e

package e2e

import (
	"context"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"compendium/generator/serve"
)

// blackHole serves h until swallow is called; from then on it takes every
// request and never answers, holding the connection open: one bar of
// signal, where the phone connects and nothing comes back. The origin
// stays the same, so the service worker stays in control of the tab.
type blackHole struct {
	h     http.Handler
	on    atomic.Bool
	mu    sync.Mutex
	held  []net.Conn
	asked []string // the paths asked for while swallowing
}

func (b *blackHole) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !b.on.Load() {
		b.h.ServeHTTP(w, r)
		return
	}
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		return
	}
	b.mu.Lock()
	b.held = append(b.held, conn)
	b.asked = append(b.asked, r.URL.Path)
	b.mu.Unlock()
}

func (b *blackHole) swallow() { b.on.Store(true) }

// release closes the connections held: the server's Close leaves hijacked
// ones open.
func (b *blackHole) release() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, c := range b.held {
		c.Close()
	}
	b.held = nil
}

// blackHoleWithin is how long each step may take on the black hole before
// the test calls it waiting on the network: the worker's deadline for the
// network (ANSWER_WITHIN_MS in sw.js, 2.5 s) is what answers from the copy,
// and without it Chromium waits minutes on a connection that says nothing.
// It is a bound on a hang, not a speed: 6 s was one, and a loaded machine
// can take that long. The times themselves are logged.
const blackHoleWithin = 30 * time.Second

// TestOfflineBlackHole: a reader with a saved copy and one bar of signal
// (the host takes connections and never answers) gets the saved pages,
// the search and a calculator within seconds, not after minutes of
// waiting on the network.
func TestOfflineBlackHole(t *testing.T) {
	h := &blackHole{h: serve.Handler(siteDir, nil)}
	base, _ := serveOwn(t, h)
	t.Cleanup(h.release)
	b := newBrowserWithin(t, 390, 844, true, 2*time.Minute)
	b.Allow(base)
	const inCopy = `Promise.all(["/fr/fantasy/", "/fr/spellcasting/"].map((p) => caches.match(p))).then((rs) => rs.every(Boolean) || null)`
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/fr/fantasy/"),
		chromedp.Poll(`navigator.serviceWorker.controller ? true : null`, nil, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Navigate(base+"/fr/spellcasting/"), // under the worker now, which keeps it
		chromedp.WaitReady(`main`, chromedp.ByQuery),
		chromedp.Poll(inCopy, nil, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	h.swallow()

	// within runs steps bounded by the deadline and returns how long they took.
	within := func(what string, steps ...chromedp.Action) time.Duration {
		t.Helper()
		ctx, cancel := context.WithTimeout(b.Ctx, blackHoleWithin)
		defer cancel()
		start := time.Now()
		if err := chromedp.Run(ctx, steps...); err != nil {
			t.Fatalf("black hole, %s: not within %v: %v", what, blackHoleWithin, err)
		}
		return time.Since(start)
	}
	var title string
	took := within("/fr/fantasy/", chromedp.Navigate(base+"/fr/fantasy/"), chromedp.WaitReady(`main`, chromedp.ByQuery), chromedp.Title(&title))
	if !strings.Contains(title, "GN fantasy") {
		t.Errorf("black hole, /fr/fantasy/: title %q", title)
	}
	t.Logf("black hole: the saved /fr/fantasy/ in %v", took.Round(10*time.Millisecond))

	var out string
	took = within("/fr/spellcasting/ and its calculator", castOffline(base+"/fr/spellcasting/", &title, &out))
	if !strings.Contains(title, "sortilèges") {
		t.Errorf("black hole, /fr/spellcasting/: title %q", title)
	}
	t.Logf("black hole: the saved /fr/spellcasting/ and a calculator's answer in %v", took.Round(10*time.Millisecond))

	var results string
	took = within("a search",
		chromedp.Evaluate(jsSearchFor("armure"), nil),
		chromedp.Poll(searchResultsText, &results),
	)
	if !strings.Contains(results, "Armure") {
		t.Errorf("black hole, search results: %.120q", results)
	}
	t.Logf("black hole: search results in %v", took.Round(10*time.Millisecond))

	// The network was asked, and said nothing: the copy answered.
	h.mu.Lock()
	asked := slices.Clone(h.asked)
	h.mu.Unlock()
	if !slices.Contains(asked, "/fr/fantasy/") {
		t.Errorf("the black hole was asked for %v: not the page, so this test proves nothing", asked)
	}
}
