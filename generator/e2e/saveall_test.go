//go:build e2e

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"compendium/generator/serve"
)

// TestSaveAllFirstScreen: on a phone's first visit, "save everything for
// offline" is on the home page's first screen as soon as the page is
// parsed (it was the last thing on the page, a blank gap until the
// service worker answered, about 3 s), and a tap then, before the worker
// exists, saves the whole copy (issue 34, point 7).
func TestSaveAllFirstScreen(t *testing.T) {
	for _, lang := range []string{"fr", "en"} {
		// A host of its own: no worker registered there yet.
		base, _ := serveOwn(t, serve.Handler(siteDir, nil))
		b := newBrowserWithin(t, 390, 844, true, 2*time.Minute)
		b.Allow(base)
		var box struct {
			Shown      bool    `json:"shown"`
			Bottom     float64 `json:"bottom"`
			Controlled bool    `json:"controlled"`
			Answered   bool    `json:"answered"`
		}
		var status string
		err := chromedp.Run(b.Ctx,
			chromedp.Navigate(base+"/"+lang+"/"),
			chromedp.WaitReady("#save-all button"),
			chromedp.Poll(`document.readyState !== "loading" || null`, nil),
			chromedp.Evaluate(`(() => { const e = document.getElementById("save-all"); return { shown: getComputedStyle(e).visibility === "visible",
			  bottom: e.getBoundingClientRect().bottom, controlled: !!navigator.serviceWorker.controller, answered: e.classList.contains("ready") }; })()`, &box),
			chromedp.Click("#save-all button", chromedp.ByQuery),
			chromedp.Poll(`(() => { const s = document.querySelector("#save-all .save-status").textContent; return /^(Enregistré|Saved)/.test(s) ? s : null; })()`, &status, chromedp.WithPollingTimeout(60*time.Second)),
		)
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		if !box.Shown || box.Bottom > 844 {
			t.Errorf("%s: once the home page is parsed, the save box %+v: want it shown in the first screen", lang, box)
		}
		if box.Controlled {
			t.Errorf("%s: a worker already controlled the page: the test does not show a tap before it", lang)
		}
		t.Logf("%s: box bottom %.0f px, worker answered before the tap: %v; then %q", lang, box.Bottom, box.Answered, status)
	}
}
