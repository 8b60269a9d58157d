//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// One Tab stop per glossary term (issue 48, point 6): the term is the only
// stop, its definition opens from it (focus, Enter, a tap), and its
// popover's link is out of the Tab order.

// selArmorFirst is the armour calculator's first Tab stop on a fantasy
// page: its folded summary, which opens it (the audit's first field, in a
// calculator then always open).
const selArmorFirst = `#calc-armor summary.calc-summary`

// tabWalk is what Tab met from the page's top to a field.
type tabWalk struct {
	Tabs, Terms, PopLinks, Repeats int
	Reached                        bool
}

// walkTabs presses Tab from the top of the page until the focus is on
// sel (at most limit times), counting the stops on terms, on popover
// links, and the terms met twice.
func walkTabs(sel string, limit int, out *tabWalk) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if err := chromedp.Evaluate(`window.scrollTo(0, 0); document.activeElement?.blur(); window.__seen = new Set(); true`, nil).Do(ctx); err != nil {
			return err
		}
		probe := `(() => { const a = document.activeElement; const term = a.matches("a.term");
  const again = term && window.__seen.has(a); if (term) window.__seen.add(a);
  return [a.matches(` + strconv.Quote(sel) + `), term, a.matches(".term-pop-link"), again]; })()`
		for out.Tabs < limit {
			if err := chromedp.KeyEvent(kb.Tab).Do(ctx); err != nil {
				return err
			}
			out.Tabs++
			var r []bool
			if err := chromedp.Evaluate(probe, &r).Do(ctx); err != nil {
				return err
			}
			if r[1] {
				out.Terms++
			}
			if r[2] {
				out.PopLinks++
			}
			if r[3] {
				out.Repeats++
			}
			if r[0] {
				out.Reached = true
				return nil
			}
		}
		return nil
	})
}

// TestTermsOneTabStop: at 390 px, Tab from the top of /fr/fantasy/ reaches
// the armour calculator (its folded summary) with one stop per term met and none
// on a popover's link (the audit counted 134 Tabs, 44 of them on popover
// links); it logs the count. On a term, the definition is open (focus),
// Escape closes it, Enter opens it again without leaving the page, and a
// second Enter follows the term's link to its glossary entry.
func TestTermsOneTabStop(t *testing.T) {
	b := newBrowser(t, 390, 844, false)
	var w tabWalk
	var focusable int
	err := chromedp.Run(b.Ctx, enUS(),
		chromedp.Navigate(baseURL+"/fr/fantasy/"),
		chromedp.WaitReady(selArmorFirst),
		walkTabs(selArmorFirst, 400, &w),
		// What the page offers before the field: each term once.
		chromedp.Evaluate(`(() => { const f = document.querySelector(`+strconv.Quote(selArmorFirst)+`);
  return [...document.querySelectorAll("a[href], button, input, select, textarea, summary, [tabindex]")].filter((e) =>
    e.tabIndex >= 0 && !e.disabled && e.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING && e.getClientRects().length).length; })()`, &focusable),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("/fr/fantasy/ at 390 px: %d Tabs to the armour calculator, %d on terms, %d on popover links (%d focusable elements before it)", w.Tabs, w.Terms, w.PopLinks, focusable)
	if !w.Reached {
		t.Fatalf("Tab did not reach the armour calculator in %d presses", w.Tabs)
	}
	if w.PopLinks != 0 {
		t.Errorf("%d Tab stops were on a popover's link, want none: the term is the one stop", w.PopLinks)
	}
	if w.Repeats != 0 {
		t.Errorf("%d terms took a second Tab stop", w.Repeats)
	}
	if w.Tabs > focusable+1 {
		t.Errorf("%d Tabs for %d focusable elements before the field: something adds stops", w.Tabs, focusable)
	}

	// Enter on a term: opens, then follows.
	var state string
	var path string
	err = chromedp.Run(b.Ctx,
		chromedp.Evaluate(`document.querySelector("#combat .heading-link").focus(); true`, nil),
		chromedp.ActionFunc(func(ctx context.Context) error {
			for range 30 {
				if err := chromedp.KeyEvent(kb.Tab).Do(ctx); err != nil {
					return err
				}
				var there bool
				if err := chromedp.Evaluate(`document.activeElement.matches(`+strconv.Quote(selTerm)+`)`, &there).Do(ctx); err != nil || there {
					return err
				}
			}
			return fmt.Errorf("Tab did not reach %s", selTerm)
		}),
		chromedp.Poll(termPopOpen, nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.KeyEvent(kb.Escape),
		chromedp.Sleep(100*time.Millisecond),
		chromedp.KeyEvent(kb.Enter),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(`location.pathname + (document.getElementById("term-pop").matches(":popover-open") ? " open" : " closed") + (document.activeElement.matches(`+strconv.Quote(selTerm)+`) ? " focus" : "")`, &state),
		chromedp.KeyEvent(kb.Enter),
		arrivedAt("/fr/glossary/"),
		chromedp.Evaluate(`location.pathname + location.hash`, &path),
	)
	if err != nil {
		t.Fatal(err)
	}
	if state != "/fr/fantasy/ open focus" {
		t.Errorf("Enter on a term whose definition was closed: %q, want the definition open on the same page, the focus kept", state)
	}
	if !strings.HasSuffix(path, "/fr/glossary/#term-armour-points") {
		t.Errorf("Enter on a term whose definition is open went to %s, want its glossary entry", path)
	}
}
