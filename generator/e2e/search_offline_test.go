//go:build e2e

package e2e

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"compendium/generator/serve"
)

// gatedIndex serves h, holding every request for a search index until
// open is closed: a network on which the index takes its time, with no
// timing in the test.
type gatedIndex struct {
	h    http.Handler
	open chan struct{}
}

func (g *gatedIndex) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasSuffix(r.URL.Path, "/search.json") {
		select {
		case <-g.open:
		case <-r.Context().Done():
			return
		}
	}
	g.h.ServeHTTP(w, r)
}

// TestSearchLoadingIndex: while the index has not arrived, the search says
// it is loading it, in the page's language, instead of staying empty; once
// it arrives, the results replace the words.
func TestSearchLoadingIndex(t *testing.T) {
	for _, tt := range []struct{ page, q, loading, hit string }{
		{"/fr/", "armure", "Chargement de l’index de recherche…", "fantasy#armor"},
		{"/en/", "armour", "Loading the search index…", "fantasy#armor"},
	} {
		g := &gatedIndex{h: serve.Handler(siteDir, nil), open: make(chan struct{})}
		base, _ := serveOwn(t, g)
		b := newBrowser(t, 390, 844, true)
		b.Allow(base)
		var said string
		var shown bool
		err := chromedp.Run(b.Ctx,
			chromedp.Navigate(base+tt.page),
			typeSearch(tt.q),
			chromedp.Poll(`document.querySelector(".search-status.shown")?.textContent || null`, &said, chromedp.WithPollingTimeout(5*time.Second)),
		)
		if err != nil {
			t.Fatalf("%s: %v", tt.page, err)
		}
		if said != tt.loading {
			t.Errorf("%s, index on its way: the search says %q, want %q", tt.page, said, tt.loading)
		}
		close(g.open)
		err = chromedp.Run(b.Ctx,
			chromedp.WaitVisible(selSearchResults+` [data-hit="`+tt.hit+`"]`),
			chromedp.Evaluate(`!!document.querySelector(".search-status.shown")`, &shown),
		)
		if err != nil {
			t.Fatalf("%s, index arrived: %v", tt.page, err)
		}
		if shown {
			t.Errorf("%s: the loading words stay once the results are there", tt.page)
		}
	}
}

// TestSearchOfflineUnsaved: offline, a result whose page this device has
// not saved is marked so (a badge in words, dimmed), and one it has saved
// is not; back online, the marks go.
func TestSearchOfflineUnsaved(t *testing.T) {
	base, stop := serveOwn(t, serve.Handler(siteDir, nil))
	b := newBrowser(t, 390, 844, true)
	b.Allow(base)
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/fr/"),
		chromedp.Poll(`navigator.serviceWorker.controller ? true : null`, nil, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Navigate(base+"/fr/fantasy/"),
		chromedp.WaitReady(`main`, chromedp.ByQuery),
		chromedp.Poll(`caches.keys().then((ks) => caches.open(ks[ks.length - 1])).then((c) => c.match("/fr/fantasy/")).then((r) => !!r || null)`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Poll(`navigator.serviceWorker.controller ? true : null`, nil, chromedp.WithPollingTimeout(15*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	stop() // on site: no network
	type mark struct {
		Hit     string `json:"hit"`
		Unsaved bool   `json:"unsaved"`
		Badge   string `json:"badge"`
		Color   string `json:"color"`
	}
	var offline, online []mark
	const marks = `[...document.querySelectorAll("#search-results [role=option]")].map((a) => ({ hit: a.dataset.hit,
		unsaved: a.classList.contains("search-unsaved"), badge: a.querySelector(".search-unsaved-badge")?.textContent || "",
		color: getComputedStyle(a.querySelector(".search-path")).color }))`
	err = chromedp.Run(b.Ctx,
		chromedp.ActionFunc(func(ctx context.Context) error { return network.EmulateNetworkConditions(true, 0, 0, 0).Do(ctx) }),
		typeSearch("armure"),
		searched("armure"),
		chromedp.Poll(`document.querySelector("#search-results .search-unsaved") ? true : null`, nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(marks, &offline),
		chromedp.ActionFunc(func(ctx context.Context) error { return network.EmulateNetworkConditions(false, 0, -1, -1).Do(ctx) }),
		chromedp.Poll(`document.querySelector("#search-results .search-unsaved") ? null : true`, nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(marks, &online),
	)
	if err != nil {
		t.Fatal(err)
	}
	var saved, unsaved *mark
	for i, m := range offline {
		switch {
		case m.Hit == "fantasy#armor":
			saved = &offline[i]
		case m.Unsaved && unsaved == nil:
			unsaved = &offline[i]
		}
	}
	if saved == nil || saved.Unsaved || saved.Badge != "" {
		t.Errorf("offline, the saved page's result: %+v (all: %+v)", saved, offline)
	}
	if unsaved == nil || unsaved.Badge != "non enregistré" || saved != nil && unsaved.Color == saved.Color {
		t.Errorf("offline, an unsaved page's result: %+v, want the badge “non enregistré” and a dimmed title (all: %+v)", unsaved, offline)
	}
	for _, m := range online {
		if m.Unsaved || m.Badge != "" {
			t.Errorf("back online, %s is still marked unsaved", m.Hit)
		}
	}
}
