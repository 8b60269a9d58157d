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

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"compendium/generator/pipeline"
	"compendium/generator/serve"
)

// swapHost serves one built folder, then another: a deploy that replaces
// the whole site (the previous build's hashed assets are gone).
type swapHost struct {
	mu sync.Mutex
	h  http.Handler
}

func (s *swapHost) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	h := s.h
	s.mu.Unlock()
	h.ServeHTTP(w, r)
}

func (s *swapHost) serve(dir string) {
	s.mu.Lock()
	s.h = serve.Handler(dir, nil)
	s.mu.Unlock()
}

// deployWord is a word only the second build's French rules hold.
const deployWord = "quetzalcoatlus"

// twoBuilds builds the real site twice into folders of the test's own:
// the second with a sentence more in the French rules (deployWord) and
// another engine worker script (so that its hashed name changes).
func twoBuilds(t *testing.T) (a, b string) {
	t.Helper()
	dir := t.TempDir()
	build := func(name string, change bool) string {
		content, theme, out := filepath.Join(dir, name, "content"), filepath.Join(dir, name, "theme"), filepath.Join(dir, name, "public")
		if err := os.CopyFS(content, os.DirFS("../../content")); err != nil {
			t.Fatal(err)
		}
		if err := os.CopyFS(theme, os.DirFS("../../theme")); err != nil {
			t.Fatal(err)
		}
		if change {
			appendTo := func(p, s string) {
				f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				if _, err := f.WriteString(s); err != nil {
					t.Fatal(err)
				}
			}
			appendTo(filepath.Join(content, "fr", "fantasy.md"), "\nLe mot "+deployWord+" est nouveau.\n")
			appendTo(filepath.Join(theme, "js", "worker", "worker.js"), "\nself.__deployed = true;\n")
		}
		if _, err := pipeline.Build(pipeline.Options{ContentDir: content, ThemeDir: theme, Root: "../..", OutDir: out, ConfigFile: "../../compendium.json"}); err != nil {
			t.Fatal(err)
		}
		return out
	}
	return build("a", false), build("b", true)
}

// jsNoServiceWorker runs before the page's scripts: a browser with no
// service worker (some private windows, webviews), or a first visit
// before the worker installs.
const jsNoServiceWorker = `delete Navigator.prototype.serviceWorker;`

// jsSearchNewEdition is what the search says once it has refused an
// index of another build (the latest keystroke's search), null before.
const jsSearchNewEdition = `(() => { const f = document.querySelector("form.search"); const s = f.querySelector(".search-status");
	return f.dataset.state === "new-edition" && s.textContent === f.dataset.labelNewEdition && f.querySelector("#search-input").value === "` + deployWord + `" ? s.textContent : null; })()`

// TestDeployUnderOpenTab: tabs opened on one build, then the host serves
// the next (its engine worker renamed, a sentence added). A tab without
// a service worker, whose calculators had not loaded the engine yet, says
// in its language that a new version is online and offers to reload (the
// previous build's engine is gone); reloaded, it computes. Its search
// does not show the new build's text beside its own: it says a new
// version is online. A tab under the offline copy's worker keeps
// computing with its own build, and its search says the same.
func TestDeployUnderOpenTab(t *testing.T) {
	dirA, dirB := twoBuilds(t)
	host := &swapHost{}
	host.serve(dirA)
	base, _ := serveOwn(t, host)

	bare := newFreshBrowser(t, 390, 844, true, 2*time.Minute)
	bare.Allow(base)
	withSW := newBrowserWithin(t, 390, 844, true, 2*time.Minute)
	withSW.Allow(base)
	var started bool
	err := chromedp.Run(bare.Ctx,
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(jsNoServiceWorker).Do(ctx)
			return err
		}),
		chromedp.Navigate(base+"/fr/fantasy/"),
		chromedp.WaitReady("#calc-armor"),
		chromedp.Evaluate(`!!window.__compendiumEngine || "serviceWorker" in navigator`, &started),
	)
	if err != nil {
		t.Fatal(err)
	}
	if started {
		t.Fatal("the tab without a worker started its engine (or has a worker) before the deploy: the test shows nothing")
	}
	err = chromedp.Run(withSW.Ctx,
		chromedp.Navigate(base+"/fr/fantasy/"),
		chromedp.Poll(`navigator.serviceWorker.controller ? true : null`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Navigate(base+"/fr/fantasy/"),
		chromedp.WaitReady("#calc-armor"),
	)
	if err != nil {
		t.Fatal(err)
	}

	host.serve(dirB)

	// Without a worker: told, in French, and the reload brings it back.
	var calcSays, searchSays, out string
	err = chromedp.Run(bare.Ctx,
		chromedp.ScrollIntoView("#calc-armor"),
		setField("#calc-armor-magic", "3"),
		chromedp.Poll(`(() => { const e = `+jsQuery("#calc-armor .calc-error")+`; return !e.hidden && e.querySelector(".calc-reload") ? e.textContent : null; })()`, &calcSays, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.ScrollIntoView(selSearchInput),
		typeSearch(deployWord),
		chromedp.Poll(jsSearchNewEdition, &searchSays, chromedp.WithPollingTimeout(15*time.Second)),
	)
	if err != nil {
		var got string
		_ = chromedp.Run(bare.Ctx, chromedp.Evaluate(`document.querySelector("#calc-armor .calc-error").textContent + " | " + document.querySelector(".search-status")?.textContent`, &got))
		t.Fatalf("the tab without a worker after the deploy: %v (it says %q)", err, got)
	}
	if !strings.HasPrefix(calcSays, "Une nouvelle version du compendium est en ligne") || !strings.HasPrefix(searchSays, "Une nouvelle version du compendium est en ligne") {
		t.Errorf("the tab without a worker: the calculator says %q, the search %q; want both to say a new version is online", calcSays, searchSays)
	}
	var results int
	if err := chromedp.Run(bare.Ctx, chromedp.Evaluate(`document.querySelectorAll("[role=listbox] [role=option]").length`, &results)); err != nil || results != 0 {
		t.Errorf("the tab without a worker shows %d results of the new build's index (%v)", results, err)
	}
	err = chromedp.Run(bare.Ctx,
		clickSel("#calc-armor .calc-reload"),
		chromedp.WaitReady("#calc-armor"),
		chromedp.ScrollIntoView("#calc-armor"),
		setField("#calc-armor-magic", "3"),
		waitOutput("calc-armor", &out),
	)
	if err != nil {
		t.Fatalf("reloaded after the deploy: %v", err)
	}

	// Under the worker: once the new build's worker has taken over (its
	// update banner shows), the tab computes with its own build, and its
	// search reads its own build's index, from the previous copy: the new
	// word is not found, an old one is.
	var banner string
	err = chromedp.Run(withSW.Ctx,
		chromedp.Evaluate(`navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => true)`, nil, awaitPromise),
		chromedp.Poll(bannerText, &banner, chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(100*time.Millisecond)),
		chromedp.ScrollIntoView("#calc-armor"),
		setField("#calc-armor-magic", "3"),
		waitOutput("calc-armor", &out),
		chromedp.Evaluate(jsSearchFor(deployWord), nil),
		chromedp.Poll(`(() => { const f = document.querySelector("form.search"); return f.querySelector("[role=listbox]").dataset.query === "`+deployWord+`" || f.dataset.state === "new-edition" ? f.querySelector(".search-status").textContent + "|" + (f.dataset.state || "") : null; })()`, &searchSays, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Evaluate(`document.querySelectorAll("[role=listbox] [role=option]").length`, &results),
	)
	if err != nil {
		t.Fatalf("the tab under the worker after the deploy: %v (search says %q)", err, searchSays)
	}
	if strings.HasSuffix(searchSays, "new-edition") || results != 0 {
		t.Errorf("the tab under the worker searched %q: %q, %d results; want its own build's index (no result)", deployWord, searchSays, results)
	}
	var found string
	err = chromedp.Run(withSW.Ctx,
		chromedp.Evaluate(jsSearchFor("armure"), nil),
		chromedp.Poll(searchResultsText, &found, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil || !strings.Contains(found, "Armure") {
		t.Errorf("the tab under the worker searched “armure”: %.120q (%v)", found, err)
	}
}
