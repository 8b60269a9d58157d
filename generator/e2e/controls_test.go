//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The controls at hand on a phone (issue 48, point 2): past the header,
// scrolling up brings back a bar with the search, the language and the
// reading size (theme/js/page/bar.js); the language switch and a change of
// the reading size keep the paragraph being read (page/place.js).

// controlsSection is a long section of the fantasy rules, its block
// controlsBlock the paragraph a reader is in, mid-page.
const (
	controlsSection = "healing"
	controlsBlock   = 8
)

// jsBar says where the header is and whether its controls answer a touch
// where they are drawn: the search field, the language switch, the
// reading size's button.
const jsBar = `(() => {
  const h = document.querySelector(".site-header"), r = h.getBoundingClientRect();
  const hit = (sel) => { const e = document.querySelector(sel); if (!e) return sel + ": missing";
    const b = e.getBoundingClientRect(); if (b.width === 0 || b.top < 0 || b.bottom > innerHeight) return sel + ": not on screen";
    const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return at && (at === e || e.contains(at)) ? "" : sel + ": covered by " + (at ? at.tagName + "." + at.className : "nothing"); };
  return { top: r.top, bottom: r.bottom, position: getComputedStyle(h).position, y: scrollY,
    misses: ["#search-input", "a[data-lang-switch]", ".text-size-toggle"].map(hit).filter(Boolean),
    transition: getComputedStyle(h).transitionDuration, cls: document.documentElement.className };
})()`

type barState struct {
	Top, Bottom, Y float64
	Position       string
	Misses         []string
	Transition     string
	Cls            string
}

// jsBlockRead is the block of the rules text at the reading line (under
// the bar when it is shown): its section's heading ID, its index after
// that heading, its box and its first words.
const jsBlockRead = `(() => {
  const h = document.querySelector(".site-header"), hr = h.getBoundingClientRect();
  const line = getComputedStyle(h).position === "fixed" && hr.bottom > 0 ? hr.bottom : 0;
  const blocks = [...document.querySelector("main.doc > article").children].filter((e) => e.getClientRects().length);
  const b = blocks.find((e) => e.getBoundingClientRect().bottom > line);
  let id = "", index = 0;
  for (let e = b; e; e = e.previousElementSibling) { if (e.matches("h2[id], h3[id], h4[id], h5[id], h6[id]")) { id = e.id; break; } index++; }
  const r = b.getBoundingClientRect();
  return { id, index, top: r.top, bottom: r.bottom, line, text: b.textContent.trim().slice(0, 50) };
})()`

type blockRead struct {
	ID          string
	Index       int
	Top, Bottom float64
	Line        float64
	Text        string
}

// jsScrollToBlock puts block index of section id a little above the top
// of the screen, by script: a jump, as an arrival would be.
func jsScrollToBlock(id string, index int) string {
	return `(() => { let e = document.getElementById(` + strconv.Quote(id) + `);
  for (let i = 0; i < ` + strconv.Itoa(index) + `; i++) e = e.nextElementSibling;
  window.scrollTo(0, e.getBoundingClientRect().top + scrollY + 30); return true; })()`
}

// swipeUp scrolls the page up with a finger drawn down the screen by dy
// CSS px, a touch move a frame (CDP's synthesized touch gesture only
// touches: the page does not scroll).
func swipeUp(dy float64) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if err := input.DispatchTouchEvent(input.TouchStart, []*input.TouchPoint{{X: 200, Y: 300}}).Do(ctx); err != nil {
			return err
		}
		for y := 310.0; y <= 300+dy; y += 10 {
			if err := input.DispatchTouchEvent(input.TouchMove, []*input.TouchPoint{{X: 200, Y: y}}).Do(ctx); err != nil {
				return err
			}
			time.Sleep(16 * time.Millisecond)
		}
		return input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}).Do(ctx)
	})
}

// settled waits until the page stops scrolling (a swipe's fling): a tap
// during one stops it instead of tapping.
var settled = chromedp.Evaluate(`new Promise((done) => { let y = scrollY, same = 0;
  const f = () => { if (scrollY === y) same++; else { same = 0; y = scrollY; } if (same >= 5) done(true); else requestAnimationFrame(f); };
  requestAnimationFrame(f); })`, nil, awaitPromise)

// barShown polls until the bar is at the top of the screen, still.
const barShown = `(() => { const h = document.querySelector(".site-header"); return document.documentElement.classList.contains("bar-shown") && h.getBoundingClientRect().top === 0 || null; })()`

// TestControlsAtHand: on a 390 px phone, mid-page in /fr/fantasy/, a
// scroll up brings the bar with the search field, the language switch and
// the reading size, each answering a tap where drawn, the bar one row
// high; a jump (a link to a section) sends it away without covering the
// heading landed on; a change of the reading size keeps the block being
// read at the reading line; the language switch opens the English page
// on the same block (the section's index-th block), and a block the
// other language lacks falls back to its section's heading. Under
// prefers-reduced-motion the bar does not slide; axe finds nothing wrong
// with it in light and dark; Shift+Tab never leaves the focus under it,
// "/" brings it with the search field focused, a result chosen there
// lands on its section uncovered. With
// CONTROLS_SHOTS=dir it writes the mid-page screenshots in light and
// dark.
func TestControlsAtHand(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	phone := chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulateMobile, chromedp.EmulateTouch)
	var away, shown barState
	var read blockRead
	err := chromedp.Run(b.Ctx, enUS(), phone,
		chromedp.Navigate(baseURL+"/fr/fantasy/"),
		chromedp.WaitReady("#"+controlsSection),
		chromedp.Evaluate(jsScrollToBlock(controlsSection, controlsBlock), nil),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(jsBar, &away),
		swipeUp(120),
		chromedp.Poll(barShown, nil, chromedp.WithPollingTimeout(5*time.Second)),
		settled,
		chromedp.Evaluate(jsBar, &shown),
		chromedp.Evaluate(jsBlockRead, &read),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("mid-page (scrollY %.0f): bar %.0f px high, %s", shown.Y, shown.Bottom-shown.Top, shown.Cls)
	if away.Bottom > 0 {
		t.Errorf("after a jump mid-page the header is on screen (%.0f to %.0f px): a jump must not bring it", away.Top, away.Bottom)
	}
	if shown.Top != 0 || shown.Position != "fixed" {
		t.Errorf("after a scroll up the header is at %.0f px (%s), want a bar fixed at the top", shown.Top, shown.Position)
	}
	if h := shown.Bottom - shown.Top; h > 72 {
		t.Errorf("the bar is %.0f px high, want one row (at most 72 px)", h)
	}
	for _, m := range shown.Misses {
		t.Errorf("the bar's control %s", m)
	}
	if shown.Transition == "0s" {
		t.Errorf("the bar does not slide (transition %s) without prefers-reduced-motion", shown.Transition)
	}
	// The bar's controls are named and big enough to touch (axe on it,
	// target-size included), in light and dark.
	axe := axeSource(t)
	for _, scheme := range []string{"light", "dark"} {
		var vs []axeViolation
		err := chromedp.Run(b.Ctx,
			chromedp.ActionFunc(func(ctx context.Context) error {
				return emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}).Do(ctx)
			}),
			chromedp.Evaluate(axe, nil),
			chromedp.Evaluate(`axe.run(document.querySelector(".site-header"), { resultTypes: ["violations"], rules: { "target-size": { enabled: true } } }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target.map(String) })) })))`,
				&vs, awaitPromise),
		)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			t.Errorf("axe on the bar (%s): %s (%s): %s — %v", scheme, v.ID, v.Impact, v.Help, v.Nodes)
		}
	}
	if err := chromedp.Run(b.Ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		return emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}).Do(ctx)
	})); err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("CONTROLS_SHOTS"); dir != "" {
		controlsShots(t, b, dir)
	}

	// The reading size, from the bar: the same block at the reading line.
	var after blockRead
	var still barState
	err = chromedp.Run(b.Ctx,
		tap(".text-size-toggle"),
		chromedp.WaitVisible(`#text-size button[data-text-size="3"]`),
		chromedp.Evaluate(jsBlockRead, &read),
		tap(`#text-size button[data-text-size="3"]`),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(jsBlockRead, &after),
		chromedp.Evaluate(jsBar, &still),
	)
	if err != nil {
		t.Fatal(err)
	}
	if after.ID != read.ID || after.Index != read.Index {
		t.Errorf("at 175 %% the reading line (%.0f px) is in %s #%d %q, want %s #%d %q as before", after.Line, after.ID, after.Index, after.Text, read.ID, read.Index, read.Text)
	}
	if still.Top != 0 {
		t.Errorf("the bar left while its reading size was used (top %.0f px)", still.Top)
	}
	err = chromedp.Run(b.Ctx, tap(`#text-size button[data-text-size="0"]`), chromedp.Sleep(200*time.Millisecond),
		chromedp.Evaluate(jsBlockRead, &after))
	if err != nil {
		t.Fatal(err)
	}
	if after.ID != read.ID || after.Index != read.Index {
		t.Errorf("back at 100 %% the reading line is in %s #%d %q, want %s #%d", after.ID, after.Index, after.Text, read.ID, read.Index)
	}

	// The language, from the bar: the English page on the same block.
	var en blockRead
	var loc string
	err = chromedp.Run(b.Ctx,
		chromedp.Evaluate(jsBlockRead, &read),
		tap("a[data-lang-switch]"),
		arrivedAtPath("/en/fantasy/"),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Location(&loc),
		chromedp.Evaluate(jsBlockRead, &en),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("FR %s #%d %q → %s: %s #%d %q", read.ID, read.Index, read.Text, loc, en.ID, en.Index, en.Text)
	if en.ID != read.ID || en.Index != read.Index {
		t.Errorf("the switch to English lands in %s #%d %q, want the block read in French: %s #%d", en.ID, en.Index, en.Text, read.ID, read.Index)
	}

	// A jump from the bar's page: away, the heading landed on uncovered.
	var jump struct {
		Bar     barState
		Heading float64
		Hit     bool
	}
	err = chromedp.Run(b.Ctx,
		swipeUp(120),
		chromedp.Poll(barShown, nil, chromedp.WithPollingTimeout(5*time.Second)),
		settled,
		chromedp.Evaluate(`document.querySelector('#toc a[href="#life"]').click(); true`, nil),
		chromedp.Sleep(400*time.Millisecond),
		chromedp.Evaluate(`(() => { const r = document.getElementById("life").getBoundingClientRect();
  const at = document.elementFromPoint(r.left + 20, r.top + r.height / 2);
  return { bar: `+jsBar+`, heading: r.top, hit: !!at && document.getElementById("life").contains(at) }; })()`, &jump),
	)
	if err != nil {
		t.Fatal(err)
	}
	if jump.Bar.Bottom > 0 || !jump.Hit || jump.Heading < 0 || jump.Heading > 100 {
		t.Errorf("after a link to #life from the contents: bar %.0f to %.0f px, heading at %.0f px, visible %v: want the bar away and the heading at the top, uncovered", jump.Bar.Top, jump.Bar.Bottom, jump.Heading, jump.Hit)
	}

	// The keyboard: Shift+Tab from the text under the shown bar never puts
	// the focus under it; "/" brings it with the focus in its search
	// field; a result chosen there lands on its section, uncovered.
	var covered []string
	err = chromedp.Run(b.Ctx,
		swipeUp(120),
		chromedp.Poll(barShown, nil, chromedp.WithPollingTimeout(5*time.Second)),
		settled,
		chromedp.Evaluate(`(() => { const b = document.querySelector(".site-header").getBoundingClientRect().bottom;
  const e = [...document.querySelectorAll("main a[href]")].find((a) => a.getBoundingClientRect().top > b + 60 && a.getBoundingClientRect().bottom < innerHeight);
  e.focus({ preventScroll: true }); return true; })()`, nil),
		chromedp.ActionFunc(func(ctx context.Context) error {
			for range 6 {
				if err := chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(input.ModifierShift)).Do(ctx); err != nil {
					return err
				}
				var c string
				if err := chromedp.Run(ctx, settled, chromedp.Evaluate(jsFocusCovered, &c)); err != nil {
					return err
				}
				if c != "" {
					covered = append(covered, c)
				}
			}
			return nil
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range covered {
		t.Errorf("Shift+Tab under the bar: the focus on %s", c)
	}
	var slash barState
	var active string
	err = chromedp.Run(b.Ctx,
		chromedp.KeyEvent("/"),
		chromedp.Poll(barShown, nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(jsBar, &slash),
		chromedp.Evaluate(`document.activeElement.id`, &active),
	)
	if err != nil {
		t.Fatal(err)
	}
	if active != "search-input" || len(slash.Misses) > 0 {
		t.Errorf(`"/" mid-page: the focus is on %q, the bar's controls %q; want the search field, in the bar`, active, slash.Misses)
	}
	var where string
	var landed struct {
		Hash string
		Top  float64
		Hit  bool
		Bar  float64
	}
	err = chromedp.Run(b.Ctx,
		// chromedp sends the key's character as an event of its own, after
		// the keydown the page's shortcut cancels: the "/" lands in the field.
		chromedp.Evaluate(`document.getElementById("search-input").value = ""; true`, nil),
		chromedp.SendKeys("#search-input", "armour", chromedp.ByID),
		// The results for the whole word drawn, the first on this page is
		// tapped (scrolled to inside the list, the page left as it is).
		chromedp.WaitVisible(selSearchResults+`[data-query="armour"] [role=option]`),
		settled,
		chromedp.Poll(`(() => { const o = [...document.querySelectorAll(`+strconv.Quote(selSearchHit)+`)].find((o) => new URL(o.href, location.href).pathname === location.pathname);
  if (!o) return null; o.dataset.test = "here"; o.closest("#search-results").scrollTop = o.offsetTop; return true; })()`, nil, chromedp.WithPollingTimeout(5*time.Second)),
		tap(`[data-test="here"]`),
		chromedp.Sleep(400*time.Millisecond),
		chromedp.Location(&where),
		chromedp.Evaluate(`(() => { const el = document.getElementById(decodeURIComponent(location.hash.slice(1))), r = el.getBoundingClientRect();
  const at = document.elementFromPoint(Math.min(r.left + 20, innerWidth - 1), r.top + Math.min(r.height, 40) / 2);
  return { hash: location.hash, top: r.top, hit: !!at && (el.contains(at) || at.contains(el)), bar: document.querySelector(".site-header").getBoundingClientRect().bottom }; })()`, &landed),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("a search result from the bar: %s, its heading at %.0f px, the bar's bottom at %.0f px", where, landed.Top, landed.Bar)
	if !landed.Hit || landed.Top < 0 || landed.Top > innerHeightMax {
		t.Errorf("a search result chosen from the bar: %s at %.0f px, visible %v (bar's bottom %.0f px)", where, landed.Top, landed.Hit, landed.Bar)
	}

	// A block the other language lacks: its section's heading.
	var fallback struct{ Top float64 }
	err = chromedp.Run(b.Ctx,
		chromedp.Evaluate(`sessionStorage.setItem("compendium-place", JSON.stringify({ path: "/fr/fantasy/", id: "magic", index: 99, ratio: 0.5, line: 0 })); true`, nil),
		chromedp.Navigate(baseURL+"/fr/fantasy/"),
		arrivedAtPath("/fr/fantasy/"),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(`({ top: document.getElementById("magic").getBoundingClientRect().top })`, &fallback),
	)
	if err != nil {
		t.Fatal(err)
	}
	// Within a pixel of the top: the scroll lands on a whole pixel, the
	// heading may sit a fraction of one above it.
	if fallback.Top < -1 || fallback.Top > 40 {
		t.Errorf("a place past its section's end: the section's heading is at %.1f px, want it at the top", fallback.Top)
	}

	// Reduced motion: the bar comes and goes without sliding.
	var still2 barState
	err = chromedp.Run(b.Ctx,
		chromedp.ActionFunc(func(ctx context.Context) error {
			return emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}).Do(ctx)
		}),
		chromedp.Evaluate(jsScrollToBlock(controlsSection, controlsBlock), nil),
		chromedp.Sleep(200*time.Millisecond),
		swipeUp(120),
		chromedp.Poll(barShown, nil, chromedp.WithPollingTimeout(5*time.Second)),
		settled,
		chromedp.Evaluate(jsBar, &still2),
	)
	if err != nil {
		t.Fatal(err)
	}
	if still2.Transition != "0s" {
		t.Errorf("under prefers-reduced-motion the bar slides (transition %s)", still2.Transition)
	}
}

// innerHeightMax is how far down the screen a section landed on may start.
const innerHeightMax = 120

// jsFocusCovered names the focused element when the bar, on screen,
// covers it.
const jsFocusCovered = `(() => { const a = document.activeElement, h = document.querySelector(".site-header");
  if (!a || a === document.body || h.contains(a)) return "";
  const r = a.getBoundingClientRect(), b = h.getBoundingClientRect();
  return r.top < b.bottom && r.bottom > b.top && b.bottom > 0 ? a.tagName + "." + a.className + " at " + Math.round(r.top) + " px, the bar down to " + Math.round(b.bottom) : ""; })()`

// arrivedAtPath waits until the tab shows path, fully loaded, wherever
// it scrolled (arrivedAt wants the address's section at the top; the
// place carried by the language switch may be further down it).
func arrivedAtPath(path string) chromedp.Action {
	js := `location.pathname === ` + strconv.Quote(path) + ` && document.readyState === "complete"`
	return chromedp.ActionFunc(func(ctx context.Context) error {
		deadline := time.Now().Add(15 * time.Second)
		for {
			// An evaluation racing the navigation fails: "not yet".
			var ok bool
			if err := chromedp.Evaluate(js, &ok).Do(ctx); err == nil && ok {
				return nil
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("the tab did not arrive at %s", path)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// controlsShots writes the bar mid-page, in light and in dark, to dir.
func controlsShots(t *testing.T, b *Browser, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, scheme := range []struct{ name, file string }{{"light", "controls-midpage-390.png"}, {"dark", "controls-midpage-dark-390.png"}} {
		var png []byte
		err := chromedp.Run(b.Ctx,
			chromedp.ActionFunc(func(ctx context.Context) error {
				return emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme.name}}).Do(ctx)
			}),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.CaptureScreenshot(&png),
		)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, scheme.file), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Run(b.Ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		return emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}).Do(ctx)
	})); err != nil {
		t.Fatal(err)
	}
}

// TestControlsWithoutScript: without JavaScript the phone's header stays
// at the top of the page, in the flow, and scrolls away with it: no bar,
// nothing fixed over the text, the language switch a plain link.
func TestControlsWithoutScript(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var got struct {
		Position, Href string
		Bottom, Y      float64
		Cls            string
	}
	err := chromedp.Run(b.Ctx, enUS(),
		chromedp.ActionFunc(func(ctx context.Context) error { return emulation.SetScriptExecutionDisabled(true).Do(ctx) }),
		chromedp.Navigate(baseURL+"/fr/fantasy/#"+controlsSection),
		chromedp.WaitReady("#"+controlsSection),
		chromedp.Evaluate(`(() => { const h = document.querySelector(".site-header");
  return { position: getComputedStyle(h).position, href: document.querySelector("a[data-lang-switch]").getAttribute("href"),
    bottom: h.getBoundingClientRect().bottom, y: scrollY, cls: document.documentElement.className }; })()`, &got),
	)
	if err != nil {
		t.Fatal(err)
	}
	if got.Position != "static" || got.Bottom > 0 || got.Cls != "" || got.Y < 1000 {
		t.Errorf("without JavaScript, at #%s (scrollY %.0f): the header is %s, its bottom at %.0f px, html class %q; want it static, scrolled away", controlsSection, got.Y, got.Position, got.Bottom, got.Cls)
	}
	if got.Href != "../../en/fantasy/" {
		t.Errorf("without JavaScript the language switch links %q", got.Href)
	}
}

// TestLanguageSwitchFromTheTop: a reader who arrived through #healing and
// went back up to the top of the page switches language: the other
// language opens at its top, not at the section left (the audit: "EN"
// there opened /en/fantasy/#healing).
func TestLanguageSwitchFromTheTop(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var loc string
	var y float64
	err := chromedp.Run(b.Ctx, enUS(),
		chromedp.Navigate(baseURL+"/fr/fantasy/#"+controlsSection),
		chromedp.WaitReady("#"+controlsSection),
		swipeUp(300),
		chromedp.Evaluate(`window.scrollTo(0, 0); true`, nil),
		settled,
		tap("a[data-lang-switch]"),
		arrivedAtPath("/en/fantasy/"),
		settled,
		chromedp.Location(&loc),
		chromedp.Evaluate(`scrollY`, &y),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(loc, "/en/fantasy/") || y > 200 {
		t.Errorf("switching from the top of the French page: %s at scrollY %.0f, want the English page's top", loc, y)
	}
}
