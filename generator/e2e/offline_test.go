package e2e

import (
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"compendium/generator/serve"
)

// TestOffline: after one visit, the server can go away (no signal on site)
// and the reader still opens other pages, computes with a calculator and
// searches. The site is served here by a server of its own, which the test
// stops.
func TestOffline(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: serve.Handler(siteDir, nil)}
	go srv.Serve(ln)
	base := "http://" + ln.Addr().String()
	b := newBrowser(t, 390, 844, true)
	b.Allow(base)
	var cached int
	err = chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/fr/"),
		chromedp.Poll(`navigator.serviceWorker.controller ? true : null`, nil, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Evaluate(`caches.keys().then((ks) => caches.open(ks[0])).then((c) => c.keys()).then((k) => k.length)`, &cached, awaitPromise),
	)
	if err != nil {
		t.Fatal(err)
	}
	if cached < 20 {
		t.Fatalf("only %d files kept for offline reading", cached)
	}
	srv.Close() // no more network

	var title, out, results string
	err = chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/fr/spellcasting/#casting"),
		chromedp.WaitReady("#calc-casting"),
		chromedp.Title(&title),
		chromedp.ScrollIntoView("#calc-casting"),
		setField("#calc-casting-magic", "6"),
		chromedp.Poll(`(() => { const r = document.querySelector("#calc-casting .calc-result"); return r.dataset.output && JSON.parse(r.dataset.output).result_max === 9 ? r.dataset.output : null; })()`,
			&out, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Navigate(base+"/en/fantasy/?q=armour"),
		chromedp.Poll(`document.querySelector("#search-results [role=option]") ? document.getElementById("search-results").textContent : null`,
			&results, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatalf("offline: %v", err)
	}
	if !strings.Contains(title, "sortilèges") || !strings.Contains(results, "Armour") {
		t.Errorf("offline: title %q, search results %.120q", title, results)
	}
}
