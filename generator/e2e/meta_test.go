//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSharePageRedirects: a section's share page, the link organisers
// paste in chats, sends the reader to the section on the rules page.
func TestSharePageRedirects(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var at string
	var top float64
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/fantasy/armor/"),
		// The refresh replaces the document: wait for the rules page's.
		chromedp.WaitReady(`article #armor`),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(`location.pathname + location.hash`, &at),
		chromedp.Evaluate(`document.getElementById("armor").getBoundingClientRect().top`, &top),
	)
	if err != nil {
		t.Fatal(err)
	}
	if at != "/fr/fantasy/#armor" {
		t.Errorf("the share page led to %s, want /fr/fantasy/#armor", at)
	}
	if top < 0 || top > 200 {
		t.Errorf("after the redirect the section's heading is at %.0f px, want at the top", top)
	}
}

// TestUnknownSectionNotice: a link to a section that does not exist (a
// typo, or a section renamed since) says so and offers the closest
// sections and a search, instead of silently showing the top of the page.
func TestUnknownSectionNotice(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var text string
	var links []string
	var inView bool
	var hash string
	var gone bool
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/fantasy/#armour"),
		chromedp.WaitVisible(`.missing-section`),
		chromedp.Text(`.missing-section`, &text),
		chromedp.Evaluate(`[...document.querySelectorAll(".missing-section a")].map((a) => a.getAttribute("href"))`, &links),
		chromedp.Evaluate(`(() => { const r = document.querySelector(".missing-section").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; })()`, &inView),
		tap(`.missing-section a[href="#armor"]`),
		chromedp.Poll(`location.hash === "#armor" ? location.hash : null`, &hash),
		chromedp.Poll(`document.querySelector(".missing-section") === null || null`, &gone),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "«\u00a0#armour\u00a0» n’existe pas") {
		t.Errorf("notice = %q", text)
	}
	if len(links) < 2 || links[0] != "#armor" || !strings.HasPrefix(links[len(links)-1], "../?q=armour") {
		t.Errorf("notice links = %v, want #armor first and a search for “armour”", links)
	}
	if !inView {
		t.Error("the notice is not wholly on a phone's screen")
	}
}

// TestNotFoundPages: a mistyped address gets a 404 page in its language,
// styled, with a search and the documents; the root one puts the browser's
// language (en-US here) first.
func TestNotFoundPages(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var h1, styled, action string
	var docs int
	resp, err := chromedp.RunResponse(b.Ctx, chromedp.Navigate(baseURL+"/fr/fantasy/armour/page.html"))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Status != 404 {
		t.Errorf("status = %d, want 404", resp.Status)
	}
	err = chromedp.Run(b.Ctx,
		chromedp.Text(`h1`, &h1),
		// The style sheet loaded from a page at any depth: the theme's paper colour.
		chromedp.Evaluate(`getComputedStyle(document.body).backgroundColor`, &styled),
		chromedp.AttributeValue(`form.notfound-search`, "action", &action, nil),
		chromedp.Evaluate(`document.querySelectorAll(".documents-short a").length`, &docs),
	)
	if err != nil {
		t.Fatal(err)
	}
	if h1 != "Page introuvable" || styled != "rgb(253, 252, 248)" || action != "/fr/" || docs < 7 {
		t.Errorf("fr 404: h1=%q background=%q search action=%q links=%d", h1, styled, action, docs)
	}
	var first string
	resp, err = chromedp.RunResponse(b.Ctx, chromedp.Navigate(baseURL+"/no/such/page"))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(b.Ctx, chromedp.Evaluate(`document.querySelector("main.notfound section").lang`, &first)); err != nil {
		t.Fatal(err)
	}
	if resp.Status != 404 || first != "en" {
		t.Errorf("root 404: status %d, first language %q; want 404 and en (the browser's)", resp.Status, first)
	}
}

// TestManifest: the page names a manifest whose icons load at their
// declared sizes, with a start URL in the page's language.
func TestManifest(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var res struct {
		Name, Start, Display string
		Icons                []string
	}
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/en/fantasy/"),
		chromedp.Evaluate(`(async () => {
			const href = document.querySelector('link[rel="manifest"]').href;
			const m = await (await fetch(href)).json();
			const icons = await Promise.all(m.icons.map((ic) => new Promise((ok) => {
				const img = new Image();
				img.onload = () => ok(ic.sizes + " " + ic.purpose + " " + img.naturalWidth + "x" + img.naturalHeight);
				img.onerror = () => ok(ic.sizes + " failed");
				img.src = new URL(ic.src, href).href;
			})));
			return { name: m.name, start: new URL(m.start_url, href).pathname, display: m.display, icons };
		})()`, &res, awaitPromise),
	)
	if err != nil {
		t.Fatal(err)
	}
	if res.Name != "Rules compendium" || res.Start != "/en/" || res.Display != "standalone" {
		t.Errorf("manifest: %+v", res)
	}
	want := []string{"192x192 any 192x192", "512x512 any 512x512", "512x512 maskable 512x512"}
	if strings.Join(res.Icons, ",") != strings.Join(want, ",") {
		t.Errorf("icons = %v, want %v", res.Icons, want)
	}
}

// TestMalformedFragment: a fragment that is not valid percent-encoding
// breaks no script (the harness fails the test on any uncaught
// exception): the page says the section does not exist, and search works.
func TestMalformedFragment(t *testing.T) {
	for _, p := range []string{"/fr/fantasy/#%E0%A4%A", "/fr/calculators/#%E0%A4%A", "/fr/fantasy/?calc-armor=magic:3#%ZZ"} {
		b := newBrowser(t, 390, 844, true)
		var ready string
		err := chromedp.Run(b.Ctx,
			chromedp.Navigate(baseURL+p),
			chromedp.WaitReady(`body`),
			chromedp.Poll(`document.querySelector("form.search").dataset.ready || null`, &ready, chromedp.WithPollingTimeout(5*time.Second)),
			chromedp.Sleep(500*time.Millisecond),
		)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
}
