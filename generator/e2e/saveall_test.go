//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/network"
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

// TestSaveAllSingleOffline: "save the whole compendium" keeps the home
// page's single-file edition, says its part of the size (the build's
// figure), and once saved the file downloads with no network, whole, as
// the home page offers it; the other language's edition is not saved
// (issue 48, point 5: it answered "page not found" after "everything is
// saved").
func TestSaveAllSingleOffline(t *testing.T) {
	want, err := os.ReadFile(filepath.Join(siteDir, "fr", "compendium.html"))
	if err != nil {
		t.Fatal(err)
	}
	base, stop := serveOwn(t, serve.Handler(siteDir, nil))
	b := newBrowserWithin(t, 390, 844, true, 3*time.Minute)
	b.Allow(base)
	var size, status string
	err = chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/fr/"),
		chromedp.Poll(`document.querySelector("#save-all.ready .save-size")?.textContent || null`, &size, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Click("#save-all button", chromedp.ByQuery),
		chromedp.Poll(`(() => { const s = document.querySelector("#save-all .save-status").textContent; return /^Enregistré/.test(s) ? s : null; })()`, &status, chromedp.WithPollingTimeout(90*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	single := strings.Replace(fmt.Sprintf("%.1f\u00a0Mo", float64(len(want))/1e6), ".", ",", 1)
	t.Logf("before saving: %s; once saved: %s", size, status)
	if !strings.Contains(size, "dont "+single+" pour le compendium en un fichier") {
		t.Errorf("the size said before saving: %q, want the single file's %s in it", size, single)
	}
	if !strings.Contains(status, "compendium en un fichier") {
		t.Errorf("once saved, the status says %q: want the single file named among what reads offline", status)
	}
	stop()
	dir := t.TempDir()
	done := make(chan string, 1)
	chromedp.ListenTarget(b.Ctx, func(ev any) {
		if ev, ok := ev.(*browser.EventDownloadProgress); ok && ev.State == browser.DownloadProgressStateCompleted {
			select {
			case done <- ev.GUID:
			default:
			}
		}
	})
	var other int64
	err = chromedp.Run(b.Ctx,
		chromedp.ActionFunc(func(ctx context.Context) error { return network.EmulateNetworkConditions(true, 0, 0, 0).Do(ctx) }),
		chromedp.Evaluate(`fetch("/en/compendium.html").then((r) => r.status, () => 0)`, &other, awaitPromise),
		browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllowAndName).WithDownloadPath(dir).WithEventsEnabled(true),
		// The home page's own link, tapped (Chromium sends a download
		// link's own request past the worker: offline.js fetches it).
		chromedp.Evaluate(`document.querySelector('a[href$="compendium.html"]').click()`, nil),
	)
	if err != nil {
		t.Fatal(err)
	}
	if other == 200 {
		t.Errorf("the English single file was saved by the French home page's button")
	}
	select {
	case guid := <-done:
		got, err := os.ReadFile(filepath.Join(dir, guid))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("offline, the single file downloaded %d bytes, want the build's %d", len(got), len(want))
		}
	case <-time.After(30 * time.Second):
		t.Fatal("offline, the single-file link downloaded nothing within 30 s")
	}
}
