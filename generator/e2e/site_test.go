//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// TestCopyLinkOnPhone: on a phone-sized viewport, tapping a heading's link
// control copies the section's share URL and says so.
func TestCopyLinkOnPhone(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var clip, toast, hash string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/fantasy/"),
		chromedp.ActionFunc(func(ctx context.Context) error {
			return browser.GrantPermissions([]browser.PermissionType{browser.PermissionTypeClipboardReadWrite, browser.PermissionTypeClipboardSanitizedWrite}).
				WithOrigin(baseURL).Do(ctx)
		}),
		chromedp.WaitVisible(`#armor .heading-link`),
		chromedp.ScrollIntoView(`#armor`),
		tap(`#armor .heading-link`),
		chromedp.Poll(`document.getElementById("toast").textContent || null`, &toast, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(`navigator.clipboard.readText()`, &clip, awaitPromise),
		chromedp.Evaluate(`location.hash`, &hash),
	)
	if err != nil {
		t.Fatal(err)
	}
	// The share page: its preview in a chat names and quotes the section.
	if want := baseURL + "/fr/fantasy/armor/"; clip != want {
		t.Errorf("clipboard = %q, want %q", clip, want)
	}
	if toast != "Lien copié" {
		t.Errorf("confirmation = %q, want %q", toast, "Lien copié")
	}
	if hash != "#armor" {
		t.Errorf("location.hash = %q", hash)
	}
}

// TestCopyAnchorOnPhone: a rule named inside a section (an effect) has the
// same control, which copies its own URL (/fr/fantasy/#effect-blinded), and
// the same ID in English.
func TestCopyAnchorOnPhone(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var clip, toast, target, enTag string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/fantasy/"),
		chromedp.ActionFunc(func(ctx context.Context) error {
			return browser.GrantPermissions([]browser.PermissionType{browser.PermissionTypeClipboardReadWrite, browser.PermissionTypeClipboardSanitizedWrite}).
				WithOrigin(baseURL).Do(ctx)
		}),
		chromedp.ScrollIntoView(`#effect-blinded`),
		tap(`#effect-blinded .anchor-link`),
		chromedp.Poll(`document.getElementById("toast").textContent || null`, &toast, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(`navigator.clipboard.readText()`, &clip, awaitPromise),
		chromedp.Navigate(baseURL+"/en/fantasy/#effect-blinded"),
		chromedp.WaitReady(`#effect-blinded`),
		chromedp.Evaluate(`document.querySelector(":target") ? document.querySelector(":target").id : ""`, &target),
		chromedp.Evaluate(`document.getElementById("effect-blinded").textContent.slice(0, 60)`, &enTag),
	)
	if err != nil {
		t.Fatal(err)
	}
	if want := baseURL + "/fr/fantasy/#effect-blinded"; clip != want || toast != "Lien copié" {
		t.Errorf("clipboard = %q, confirmation %q; want %q", clip, toast, want)
	}
	if target != "effect-blinded" || !strings.Contains(enTag, "Blinded") {
		t.Errorf("English page: :target %q, text %q", target, enTag)
	}
}

// TestTocDrawerOnPhone: the contents open as a drawer from the header's
// button, and following a link closes it at the section.
func TestTocDrawerOnPhone(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var expanded string
	var open, closed bool
	var hash string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/spellcasting/"),
		chromedp.WaitVisible(`.toc-toggle`),
		chromedp.Click(`.toc-toggle`),
		chromedp.Poll(`document.getElementById("toc").classList.contains("open") || null`, &open),
		chromedp.Sleep(300*time.Millisecond), // the drawer slides in
		chromedp.AttributeValue(`.toc-toggle`, "aria-expanded", &expanded, nil),
		chromedp.Evaluate(`document.getElementById("toc").classList.contains("open")`, &open),
		chromedp.Click(`#toc a[href="#casting"]`),
		chromedp.Poll(`!document.getElementById("toc").classList.contains("open") || null`, &closed),
		chromedp.Evaluate(`location.hash`, &hash),
	)
	if err != nil {
		t.Fatal(err)
	}
	if expanded != "true" || !open || !closed || hash != "#casting" {
		t.Errorf("expanded=%q open=%v closed after link=%v hash=%q", expanded, open, closed, hash)
	}
}

// TestPagesLoadCleanly opens every page on a wide screen: no CSP violation,
// no exception, no request elsewhere (checked by the browser's cleanup), and
// the contents sit beside the text.
func TestPagesLoadCleanly(t *testing.T) {
	b := newBrowser(t, 1280, 900, false)
	for _, p := range []string{"/", "/fr/", "/fr/fantasy/", "/fr/contemporary/", "/fr/pathfinder-duels/", "/fr/heroes-and-dragons/", "/fr/spellcasting/"} {
		var title string
		if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+p), chromedp.WaitReady(`body`), chromedp.Title(&title)); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if !strings.Contains(strings.ToLower(title), "compendium") && !strings.Contains(title, " · ") {
			t.Errorf("%s: title %q", p, title)
		}
	}
	var tocVisible bool
	if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/fr/fantasy/"),
		chromedp.Evaluate(`getComputedStyle(document.getElementById("toc")).position === "sticky"`, &tocVisible)); err != nil {
		t.Fatal(err)
	}
	if !tocVisible {
		t.Error("on a wide screen the contents should be sticky beside the text")
	}
}

// TestNoPageWiderThanAPhone: on a 390 px phone no page scrolls sideways.
// A page wider than the screen makes the phone zoom out, and every text and
// touch target shrinks with it.
func TestNoPageWiderThanAPhone(t *testing.T) {
	// It only reads the site, in tabs of its own: it runs beside the
	// other readers (make test gives go test -parallel 4), its waits
	// filled by theirs.
	t.Parallel()
	eachPage(t, 390, 844, true, allPages, func(ctx context.Context, p string) error {
		var w, iw int
		err := chromedp.Run(ctx, chromedp.Navigate(baseURL+p), chromedp.WaitReady("body"),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(`document.documentElement.scrollWidth`, &w),
			chromedp.Evaluate(`window.innerWidth`, &iw))
		if err == nil && (w > 391 || iw > 391) {
			t.Errorf("%s: page is %d px wide (viewport %d) on a 390 px phone", p, w, iw)
		}
		return err
	})
}

// TestHeaderAtEveryWidth: from a phone to a wide screen the header's
// controls never overlap, the search field stays a field one can type in,
// and above a phone's width the header keeps to two rows (the controls,
// then the breadcrumb). Above a phone's width the breadcrumb, laid out on
// the first row, once crushed the search field to an empty 24 px box, ran
// over the contents button at 700 to 1,000 px and made the page scroll
// sideways at 1,280 and 1,600 px.
func TestHeaderAtEveryWidth(t *testing.T) {
	// It only reads the site, in tabs of its own: it runs beside the
	// other readers (make test gives go test -parallel 4), its waits
	// filled by theirs.
	t.Parallel()
	const probe = `(() => {
  const h = document.querySelector(".site-header"), out = { height: h.getBoundingClientRect().height, overlaps: [], wide: document.documentElement.scrollWidth > innerWidth };
  const kids = [...h.children].filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).position !== "fixed"; });
  for (let i = 0; i < kids.length; i++) for (let j = i + 1; j < kids.length; j++) {
    const a = kids[i].getBoundingClientRect(), b = kids[j].getBoundingClientRect();
    if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1) out.overlaps.push(kids[i].className + " / " + kids[j].className);
  }
  const s = document.getElementById("search-input");
  out.search = s ? s.getBoundingClientRect().width : -1;
  return out;
})()`
	// The widths in parallel tabs (two at a time here): 28 loads, 18 s one
	// after the other.
	for _, width := range []int64{390, 641, 700, 768, 1000, 1280, 1600} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			t.Parallel()
			b := newBrowser(t, width, 900, width < 600)
			for _, p := range []string{"/fr/fantasy/", "/en/contemporary/side-by-side/", "/fr/calculators/", "/en/"} {
				var got struct {
					Height   float64  `json:"height"`
					Overlaps []string `json:"overlaps"`
					Wide     bool     `json:"wide"`
					Search   float64  `json:"search"`
				}
				if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+p), chromedp.WaitReady("footer"), chromedp.Evaluate(probe, &got)); err != nil {
					t.Fatalf("%s at %d px: %v", p, width, err)
				}
				name := fmt.Sprintf("%s at %d px", p, width)
				if len(got.Overlaps) > 0 {
					t.Errorf("%s: header controls overlap: %v", name, got.Overlaps)
				}
				if got.Wide {
					t.Errorf("%s: the page scrolls sideways", name)
				}
				if got.Search < 112 {
					t.Errorf("%s: search field %.0f px wide, want at least 7rem", name, got.Search)
				}
				if width > 640 && got.Height > 90 {
					t.Errorf("%s: header %.0f px tall, want two rows (at most 90 px)", name, got.Height)
				}
			}
		})
	}
}

// allPages lists one of each kind of page, in both languages.
var allPages = []string{
	"/fr/", "/en/",
	"/fr/fantasy/", "/fr/contemporary/", "/fr/pathfinder-duels/", "/fr/heroes-and-dragons/", "/fr/spellcasting/",
	"/en/fantasy/", "/en/contemporary/", "/en/pathfinder-duels/", "/en/heroes-and-dragons/", "/en/spellcasting/",
	"/fr/calculators/", "/en/calculators/", "/fr/fantasy/side-by-side/", "/en/contemporary/side-by-side/",
	"/fr/glossary/", "/en/glossary/", "/fr/book/", "/en/book/", "/fr/values/", "/en/values/",
	"/fr/character/", "/en/character/", "/fr/cards/", "/en/cards/",
}

// TestContentsButtonStaysOnScreen: on a phone the contents button floats at
// the bottom of the screen, wherever the reader is in the page.
func TestContentsButtonStaysOnScreen(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var pos map[string]float64
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/fantasy/#magic"),
		chromedp.WaitVisible(".toc-toggle"),
		chromedp.Evaluate(`(() => { const r = document.querySelector(".toc-toggle").getBoundingClientRect(); return { top: r.top, bottom: r.bottom, h: innerHeight, w: r.width }; })()`, &pos),
	)
	if err != nil {
		t.Fatal(err)
	}
	if pos["bottom"] > pos["h"] || pos["top"] < pos["h"]/2 || pos["w"] < 44 {
		t.Errorf("contents button at %v, want it in the lower half of a %v px screen", pos, pos["h"])
	}
}
