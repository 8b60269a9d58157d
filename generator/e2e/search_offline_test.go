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

// TestSearchOfflineUnsaved: a result whose page this device has not saved
// is marked so (a badge in words, dimmed), and one it has saved is not,
// whether or not the phone says it is offline: on one bar of signal (the
// host gone, navigator.onLine still true) the marks are there before the
// tap, and offline too (issue 48, point 5).
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
	stop() // on site: the phone has a bar of signal, and nothing answers
	type mark struct {
		Hit     string `json:"hit"`
		Unsaved bool   `json:"unsaved"`
		Badge   string `json:"badge"`
		Color   string `json:"color"`
	}
	const marks = `[...document.querySelectorAll("#search-results [role=option]")].map((a) => ({ hit: a.dataset.hit,
		unsaved: a.classList.contains("search-unsaved"), badge: a.querySelector(".search-unsaved-badge")?.textContent || "",
		color: getComputedStyle(a.querySelector(".search-path")).color }))`
	for _, tt := range []struct {
		name    string
		offline bool
	}{{"the phone believes it is online", false}, {"the phone says it is offline", true}} {
		var got []mark
		var onLine bool
		err = chromedp.Run(b.Ctx,
			chromedp.ActionFunc(func(ctx context.Context) error {
				if tt.offline {
					return network.EmulateNetworkConditions(true, 0, 0, 0).Do(ctx)
				}
				return network.EmulateNetworkConditions(false, 0, -1, -1).Do(ctx)
			}),
			// From the copy: the host is gone.
			chromedp.Navigate(base+"/fr/fantasy/"),
			chromedp.WaitReady(`main`, chromedp.ByQuery),
			chromedp.Evaluate(`navigator.onLine`, &onLine),
			typeSearch("armure"),
			searched("armure"),
			chromedp.Poll(`document.querySelector("#search-results .search-unsaved") ? true : null`, nil, chromedp.WithPollingTimeout(5*time.Second)),
			chromedp.Evaluate(marks, &got),
		)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if onLine == tt.offline {
			t.Fatalf("%s: navigator.onLine is %v", tt.name, onLine)
		}
		var saved, unsaved *mark
		for i, m := range got {
			switch {
			case m.Hit == "fantasy#armor":
				saved = &got[i]
			case m.Unsaved && unsaved == nil:
				unsaved = &got[i]
			}
		}
		if saved == nil || saved.Unsaved || saved.Badge != "" {
			t.Errorf("%s, the saved page's result: %+v (all: %+v)", tt.name, saved, got)
		}
		if unsaved == nil || unsaved.Badge != "non enregistré" || saved != nil && unsaved.Color == saved.Color {
			t.Errorf("%s, an unsaved page's result: %+v, want the badge “non enregistré” and a dimmed title (all: %+v)", tt.name, unsaved, got)
		}
	}
}

// The "not saved" marks in Firefox and WebKit, with the network up and the
// phone online: a result whose page the copy lacks is marked, the page the
// copy holds is not (the marks once waited for navigator.onLine to be
// false, which a phone on one bar of signal never says).
func init() {
	crossPhoneChecks["search-unsaved-marks"] = func(s *smoke) {
		s.open(s.base + "/fr/fantasy/")
		s.offlineReady()
		s.open(s.base + "/fr/fantasy/")
		s.searchFinds("armure", "")
		var got struct {
			OnLine  bool `json:"onLine"`
			Saved   bool `json:"saved"`
			Unsaved int  `json:"unsaved"`
		}
		err := s.poll(`(() => { const all = [...document.querySelectorAll("#search-results [role=option]")], u = all.filter((a) => a.querySelector(".search-unsaved-badge"));
			const own = all.find((a) => a.dataset.hit === "fantasy#armor");
			return u.length ? { onLine: navigator.onLine, saved: !!own && !own.classList.contains("search-unsaved"), unsaved: u.length } : null; })()`, 10*time.Second, &got)
		if err != nil {
			s.t.Errorf("%s: online, no result is marked “non enregistré”: %v", s.eng.Name(), err)
			return
		}
		if !got.OnLine || !got.Saved {
			s.t.Errorf("%s: the marks %+v: want them shown while online, and the saved page's result unmarked", s.eng.Name(), got)
		}
	}
}
