//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The reading size (issue 36, point 2): the header's control
// (theme/js/page/textsize.js), kept on the device under textSizeKey and
// applied before the first paint by theme/js/head/head.js.

// textSizeKey is the localStorage key of shared/textsize.js.
const textSizeKey = "compendium-text-size"

// textSizes are the steps, as the control's data-text-size, with the root
// font size each gives in CSS px (main.css: 100, 125, 150, 175 %).
var textSizes = []struct {
	step string
	px   float64
}{{"0", 16}, {"1", 20}, {"2", 24}, {"3", 28}}

// jsStoreTextSize stores step as the control would ("0" is stored as no
// value).
func jsStoreTextSize(step string) string {
	if step == "0" {
		return `localStorage.removeItem("` + textSizeKey + `")`
	}
	return `localStorage.setItem("` + textSizeKey + `", ` + strconv.Quote(step) + `)`
}

// overflowProbe measures what is wider than the screen: the document's
// scroll width against the viewport, the elements whose box ends past
// the viewport's right edge outside a box that scrolls sideways (a wide
// table or code block scrolls in its own box, main.css; such a box must
// itself fit), and how many such boxes do scroll. The glossary's terms
// out of view are not laid out (content-visibility: auto), so they are
// laid out first; the header's row of sizes is opened first too.
func overflowProbe(width int64) string {
	return `((vw) => {
  for (const t of document.querySelectorAll(".terms .term")) t.style.contentVisibility = "visible";
  const toggle = document.querySelector(".text-size-toggle");
  if (toggle && toggle.getAttribute("aria-expanded") !== "true") toggle.click();
  const scrolls = (e) => { const x = getComputedStyle(e).overflowX; return x === "auto" || x === "scroll" || x === "hidden" || x === "clip"; };
  const out = { scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth, wide: [], scrolling: 0 };
  for (const e of document.body.querySelectorAll("*")) {
    const s = getComputedStyle(e);
    if (s.visibility === "hidden" || s.display === "none") continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= 0) continue; // not drawn, or put off-screen on purpose (.skip)
    if (scrolls(e) && e.scrollWidth > e.clientWidth + 1) out.scrolling++;
    if (r.right <= vw + 1) continue;
    let inside = false;
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      if (scrolls(p)) { inside = p.getBoundingClientRect().right <= vw + 1; break; }
      if (getComputedStyle(p).position === "fixed" && getComputedStyle(p).visibility === "hidden") { inside = true; break; }
    }
    if (!inside) out.wide.push((e.id ? "#" + e.id : e.tagName.toLowerCase() + (e.className && typeof e.className === "string" ? "." + e.className.split(" ")[0] : "")) + " " + Math.round(r.right) + "px");
  }
  out.wide = out.wide.slice(0, 8);
  return out;
})(` + strconv.FormatInt(width, 10) + `)`
}

type overflow struct {
	ScrollWidth, InnerWidth int
	Wide                    []string
	Scrolling               int
}

// The tests of this file run one after the other, never in parallel: the
// tabs of one browser share the origin's storage, and each page follows a
// size another tab stores (the storage event).

// TestTextSizeReflows: at every reading size, on a 360 and a 390 px phone,
// and at the browser's 200 % zoom, a rules page, the calculators page and
// the glossary reflow: the page is no wider than the screen and nothing
// sticks out of it but inside a box that scrolls on its own (WCAG 1.4.4
// and 1.4.10). A 390 px phone zoomed to 200 % lays out a 195 CSS px
// viewport at the default size: emulated as that viewport, where the
// default size must reflow (the larger sizes there, 250 to 350 %, are
// beyond what WCAG asks, and not measured). The measure is against
// the emulated width: a phone's browser widens its layout viewport
// (innerWidth) to a page wider than the screen. It logs each page's
// figures.
func TestTextSizeReflows(t *testing.T) {
	// It only reads the site, in tabs of its own: it runs beside the
	// other readers (make test gives go test -parallel 4), its waits
	// filled by theirs.
	t.Parallel()
	pages := []string{"/en/fantasy/", "/en/calculators/", "/en/glossary/", "/fr/fantasy/", "/fr/calculators/"}
	for _, width := range []int64{360, 390, 195} {
		t.Run(fmt.Sprintf("%dpx", width), func(t *testing.T) {
			t.Parallel()                                             // each width in a profile of its own: the phase's slots share out its minutes
			b := newFreshBrowser(t, width, 780, true, 4*time.Minute) // its own storage: the sizes it stores reach no other test
			if err := chromedp.Run(b.Ctx, enUS()); err != nil {
				t.Fatal(err)
			}
			// Page by page, each size stored then the page read again: one
			// navigation a page, not one a page and a size.
			for _, p := range pages {
				if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+p), chromedp.WaitReady("footer")); err != nil {
					t.Fatalf("%s: %v", p, err)
				}
				for _, size := range textSizes {
					if width == 195 && size.step != "0" {
						continue // 390 px at the browser's 200 %: the site's own sizes on top of it are not asked for
					}
					var o overflow
					var root float64
					err := chromedp.Run(b.Ctx,
						chromedp.Evaluate(jsStoreTextSize(size.step), nil),
						chromedp.Reload(), chromedp.WaitReady("footer"),
						// The calculators draw their live results and plots.
						chromedp.Sleep(400*time.Millisecond),
						chromedp.Evaluate(`parseFloat(getComputedStyle(document.documentElement).fontSize)`, &root),
						chromedp.Evaluate(overflowProbe(width), &o))
					if err != nil {
						t.Fatalf("%s at %s: %v", p, size.step, err)
					}
					t.Logf("%d px, size %s (root %g px), %s: scrollWidth %d / innerWidth %d, %d wide, %d boxes scrolling in place", width, size.step, root, p, o.ScrollWidth, o.InnerWidth, len(o.Wide), o.Scrolling)
					if root != size.px {
						t.Errorf("%d px, %s: root font size %g px at size %s, want %g", width, p, root, size.step, size.px)
					}
					if o.ScrollWidth > int(width) || o.InnerWidth > int(width) || len(o.Wide) > 0 {
						t.Errorf("%d px, size %s, %s: page %d px wide, layout viewport %d: wider than the screen: %q", width, size.step, p, o.ScrollWidth, o.InnerWidth, o.Wide)
					}
				}
			}
		})
	}
}

// TestTextSizeNoLayoutShift: a page loaded with a stored reading size is
// laid out at that size from its first paint: its layout shift stays
// under 0.02 (PerformanceObserver "layout-shift", buffered), on a fast
// and on a slow network, and the size is the stored one.
func TestTextSizeNoLayoutShift(t *testing.T) {
	// It only reads the site, in tabs of its own: it runs beside the
	// other readers (make test gives go test -parallel 4), its waits
	// filled by theirs.
	t.Parallel()
	pages := []string{"/en/fantasy/", "/en/calculators/", "/en/glossary/", "/fr/fantasy/#armor"}
	for _, slow := range []bool{false, true} {
		t.Run(fmt.Sprintf("slow=%v", slow), func(t *testing.T) {
			t.Parallel()                                           // each network in a profile of its own, its waits beside the other's
			b := newFreshBrowser(t, 390, 844, true, 4*time.Minute) // its own storage: the sizes it stores reach no other test
			err := chromedp.Run(b.Ctx, enUS(), chromedp.ActionFunc(func(ctx context.Context) error {
				_, err := page.AddScriptToEvaluateOnNewDocument(layoutShiftProbe).Do(ctx)
				return err
			}), chromedp.Navigate(baseURL+"/en/"), chromedp.WaitReady("footer"))
			if err != nil {
				t.Fatal(err)
			}
			if slow {
				err := chromedp.Run(b.Ctx, network.SetCacheDisabled(true), network.SetBypassServiceWorker(true),
					// A slow phone network: 1.6 Mbit/s, 150 ms of latency.
					network.EmulateNetworkConditions(false, 150, 200000, 100000))
				if err != nil {
					t.Fatal(err)
				}
			}
			for _, p := range pages {
				if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+p), chromedp.WaitReady("footer")); err != nil {
					t.Fatal(err)
				}
				for _, size := range textSizes[1:] {
					var cls, root float64
					var moved []string
					// Stored, then the same page reloaded: stored and a
					// new page opened at once, the new page could still
					// read the previous value (Chromium hands a write to
					// the other pages of the origin asynchronously), then
					// take the new one from the storage event.
					err := chromedp.Run(b.Ctx,
						chromedp.Evaluate(jsStoreTextSize(size.step), nil),
						chromedp.Reload(), chromedp.WaitReady("footer"), chromedp.Sleep(1500*time.Millisecond),
						chromedp.Evaluate(`window.__cls`, &cls), chromedp.Evaluate(`window.__moved.slice(0, 6)`, &moved),
						chromedp.Evaluate(`parseFloat(getComputedStyle(document.documentElement).fontSize)`, &root))
					if err != nil {
						t.Fatal(err)
					}
					t.Logf("size %s, %s: layout shift %.4f", size.step, p, cls)
					if cls >= 0.02 {
						t.Errorf("size %s, %s: layout shift %.4f (moved %q), want < 0.02", size.step, p, cls, moved)
					}
					if root != size.px {
						t.Errorf("size %s, %s: root font size %g px, want %g", size.step, p, root, size.px)
					}
				}
			}
		})
	}
}

// textSizeState is what the page shows of its reading size.
type textSizeState struct {
	Step, Stored, Expanded, Pressed, Focus string
	Open                                   bool
	Root                                   float64
}

const textSizeStateJS = `(() => {
  const g = document.getElementById("text-size"), p = g.querySelector("[aria-pressed=true]"), f = document.activeElement;
  return { step: document.documentElement.dataset.textSize || "", stored: localStorage.getItem("` + textSizeKey + `") || "",
    expanded: document.querySelector(".text-size-toggle").getAttribute("aria-expanded"), open: !g.hidden && g.getBoundingClientRect().height > 0,
    pressed: p ? p.dataset.textSize : "", focus: f ? (f.dataset.textSize || f.className) : "",
    root: parseFloat(getComputedStyle(document.documentElement).fontSize) };
})()`

// key presses k on the focused element, as a keyboard does.
func key(k string) chromedp.Action { return chromedp.KeyEvent(k) }

// TestTextSizeControl: the header's control works by keyboard alone (its
// button opens the row, Tab reaches the steps, Space or Enter picks one,
// Escape closes the row and gives the focus back), the size is remembered
// across pages and reloads, 100 % forgets it, axe-core finds nothing with
// the row open at the largest size, and print keeps paper's own sizes.
func TestTextSizeControl(t *testing.T) {
	axe := axeSource(t)
	b := newFreshBrowser(t, 390, 844, true, time.Minute) // its own storage: the size it stores reaches no other test
	var s textSizeState
	state := func(when string, want textSizeState) {
		t.Helper()
		if err := chromedp.Run(b.Ctx, chromedp.Evaluate(textSizeStateJS, &s)); err != nil {
			t.Fatal(err)
		}
		if s != want {
			t.Errorf("%s: %+v, want %+v", when, s, want)
		}
	}
	err := chromedp.Run(b.Ctx, enUS(), chromedp.Navigate(baseURL+"/en/fantasy/"), chromedp.WaitReady("footer"),
		chromedp.Evaluate(jsStoreTextSize("0"), nil), chromedp.Reload(), chromedp.WaitReady("footer"),
		chromedp.Focus(".text-size-toggle"), key(kb.Enter))
	if err != nil {
		t.Fatal(err)
	}
	state("opened by Enter", textSizeState{Expanded: "true", Open: true, Pressed: "0", Focus: "text-size-toggle", Root: 16})
	if err := chromedp.Run(b.Ctx, key(kb.Tab), key(kb.Tab), key(kb.Tab), key(kb.Tab), key(" ")); err != nil {
		t.Fatal(err)
	}
	state("175 % by Tab and Space", textSizeState{Step: "3", Stored: "3", Expanded: "true", Open: true, Pressed: "3", Focus: "3", Root: 28})
	var vs []axeViolation
	if err := chromedp.Run(b.Ctx, chromedp.Evaluate(axe, nil),
		chromedp.Evaluate(`axe.run(document, { resultTypes: ["violations"], rules: { "target-size": { enabled: true } } }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target.map(String) })) })))`, &vs, awaitPromise)); err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		var where []string
		for _, n := range v.Nodes {
			where = append(where, strings.Join(n.Target, " "))
		}
		t.Errorf("axe, the sizes open at 175 %%: %s (%s): %s — %s", v.ID, v.Impact, v.Help, strings.Join(where, "; "))
	}
	if err := chromedp.Run(b.Ctx, key(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	state("closed by Escape", textSizeState{Step: "3", Stored: "3", Expanded: "false", Pressed: "3", Focus: "text-size-toggle", Root: 28})
	if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/en/glossary/"), chromedp.WaitReady("footer")); err != nil {
		t.Fatal(err)
	}
	state("another page", textSizeState{Step: "3", Stored: "3", Expanded: "false", Pressed: "3", Focus: "", Root: 28})
	if err := chromedp.Run(b.Ctx, chromedp.Reload(), chromedp.WaitReady("footer")); err != nil {
		t.Fatal(err)
	}
	state("reloaded", textSizeState{Step: "3", Stored: "3", Expanded: "false", Pressed: "3", Focus: "", Root: 28})
	// Print: the same page at the largest size prints at paper's sizes.
	var printRoot, printBody, screenBody float64
	err = chromedp.Run(b.Ctx,
		chromedp.Evaluate(`parseFloat(getComputedStyle(document.body).fontSize)`, &screenBody),
		emulation.SetEmulatedMedia().WithMedia("print"),
		chromedp.Evaluate(`parseFloat(getComputedStyle(document.documentElement).fontSize)`, &printRoot),
		chromedp.Evaluate(`parseFloat(getComputedStyle(document.body).fontSize)`, &printBody),
		emulation.SetEmulatedMedia().WithMedia(""))
	if err != nil {
		t.Fatal(err)
	}
	// 17 px is the default size's text (1.0625rem): print.css's 10.5pt comes
	// before main.css's body rule, which wins.
	if printRoot != 16 || printBody != 17 || screenBody != 29.75 {
		t.Errorf("at 175 %%: root %g px and text %g px in print (want the default's 16 and 17), text %g px on screen (want 29.75)", printRoot, printBody, screenBody)
	}
	// Back to 100 % with the keyboard: the size is forgotten.
	if err := chromedp.Run(b.Ctx, chromedp.Focus(".text-size-toggle"), key(" "), key(kb.Tab), key(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	state("100 % by Space, Tab and Enter", textSizeState{Expanded: "true", Open: true, Pressed: "0", Focus: "0", Root: 16})
	if err := chromedp.Run(b.Ctx, chromedp.Reload(), chromedp.WaitReady("footer")); err != nil {
		t.Fatal(err)
	}
	state("reloaded at 100 %", textSizeState{Expanded: "false", Pressed: "0", Root: 16})
}

// TestTextSizeWithoutScripts: without JavaScript the control is not shown
// (it could not keep a choice) and the page is at the default size, even
// with a size stored.
func TestTextSizeWithoutScripts(t *testing.T) {
	b := newFreshBrowser(t, 390, 844, true, time.Minute) // its own storage: the size it stores reaches no other test
	var shown []string
	var root float64
	err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/en/fantasy/"), chromedp.WaitReady("footer"),
		chromedp.Evaluate(jsStoreTextSize("3"), nil),
		emulation.SetScriptExecutionDisabled(true), chromedp.Reload(), chromedp.WaitReady("footer"),
		chromedp.Evaluate(`[...document.querySelectorAll(".text-size-toggle, .text-size, .text-size button")].filter((e) => e.getBoundingClientRect().height > 0).map((e) => e.className || e.textContent)`, &shown),
		chromedp.Evaluate(`parseFloat(getComputedStyle(document.documentElement).fontSize)`, &root),
		emulation.SetScriptExecutionDisabled(false))
	if err != nil {
		t.Fatal(err)
	}
	if len(shown) > 0 || root != 16 {
		t.Errorf("without scripts: %q shown, root font size %g px; want nothing shown and 16 px", shown, root)
	}
}

// TestTextSizeSingleFile: the single-file edition, opened from disk,
// applies the size stored on the device before its first paint (head.js
// inline, allowed by its hash: the harness fails on any violation), its
// header's control works by touch, and at the largest size its text
// reflows at 360 px.
func TestTextSizeSingleFile(t *testing.T) {
	path, err := filepath.Abs(filepath.Join(siteDir, "en", "compendium.html"))
	if err != nil {
		t.Fatal(err)
	}
	file := (&url.URL{Scheme: "file", Path: path}).String()
	b := newFreshBrowser(t, 360, 780, true, 2*time.Minute) // its own storage: the size it stores reaches no other test
	var root float64
	var o overflow
	err = chromedp.Run(b.Ctx, enUS(), chromedp.Navigate(file), chromedp.WaitReady("footer"),
		tap(".text-size-toggle"), chromedp.WaitVisible("#text-size"), tap(`#text-size [data-text-size="2"]`),
		chromedp.Reload(), chromedp.WaitReady("footer"),
		chromedp.Evaluate(`parseFloat(getComputedStyle(document.documentElement).fontSize)`, &root),
		chromedp.Evaluate(overflowProbe(360), &o))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("single file, 360 px, size 2 (root %g px): scrollWidth %d / innerWidth %d, %d wide, %d boxes scrolling in place", root, o.ScrollWidth, o.InnerWidth, len(o.Wide), o.Scrolling)
	if root != 24 {
		t.Errorf("single file: root font size %g px after choosing 150 %% and reloading, want 24", root)
	}
	if o.ScrollWidth > 360 || o.InnerWidth > 360 || len(o.Wide) > 0 {
		t.Errorf("single file at 150 %%, 360 px: %d px wide for %d: %q", o.ScrollWidth, o.InnerWidth, o.Wide)
	}
}
