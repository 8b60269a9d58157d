//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Glossary terms explained where they are read (issue 36 point 1): the
// rules text marks a term's first use in each section (a.term), and the
// page's script shows its definition in a popover (#term-pop).

// selTerm is the first use of "armour points" / "points d’armure" on a
// fantasy rules page, in its first section.
const selTerm = `a.term[data-term="armour-points"]`

// termPopState is what the popover shows and where, against the term it
// explains and the screen.
type termPopState struct {
	Open                     bool
	Text, Href, Describedby  string
	Left, Right, Top, Bottom float64
	Covers                   bool // the popover covers the term
	InnerWidth, InnerHeight  float64
	ScrollWidth              float64
	Path                     string
}

const termPopStateJS = `(() => {
  const pop = document.getElementById("term-pop"), a = document.querySelector(` + "`" + selTerm + "`" + `);
  const open = !!pop && pop.matches(":popover-open") && getComputedStyle(pop).display !== "none";
  const r = open ? pop.getBoundingClientRect() : { left: 0, right: 0, top: 0, bottom: 0 };
  const t = a.getBoundingClientRect();
  return { open, text: open ? pop.textContent : "", href: open ? pop.querySelector("a").href : "",
    describedby: [...(a.getAttribute("aria-describedby") || "").split(" ")].map((id) => document.getElementById(id)?.textContent || "").join(" | "),
    left: r.left, right: r.right, top: r.top, bottom: r.bottom,
    covers: open && r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom,
    innerWidth: innerWidth, innerHeight: innerHeight, scrollWidth: document.documentElement.scrollWidth, path: location.pathname };
})()`

// termPopOpen polls until the popover is open.
const termPopOpen = `document.getElementById("term-pop")?.matches(":popover-open") || null`

// termLayout is where the term and the text after its paragraph are: a
// popover must move neither.
const termLayout = `(() => { const a = document.querySelector(` + "`" + selTerm + "`" + `), p = a.closest("p, li, td");
  const n = p.nextElementSibling || p; return [a.getBoundingClientRect().top, n.getBoundingClientRect().top, document.documentElement.scrollHeight].join(" "); })()`

// checkTermPop fails the test where the popover of the term is not open,
// does not say the term in both languages with its definition, leaves the
// screen, covers the term or moved the text.
func checkTermPop(t *testing.T, where string, s termPopState, before, after string, want []string) {
	t.Helper()
	if !s.Open {
		t.Errorf("%s: the explanation is not open", where)
		return
	}
	for _, w := range want {
		if !strings.Contains(s.Text, w) {
			t.Errorf("%s: the explanation %q lacks %q", where, s.Text, w)
		}
	}
	if !strings.HasSuffix(s.Href, "/glossary/#term-armour-points") {
		t.Errorf("%s: its link goes to %s, want the glossary entry", where, s.Href)
	}
	if s.Left < 0 || s.Right > s.InnerWidth || s.Top < 0 || s.Bottom > s.InnerHeight {
		t.Errorf("%s: the explanation [%.0f, %.0f]×[%.0f, %.0f] leaves the %.0f×%.0f screen", where, s.Left, s.Right, s.Top, s.Bottom, s.InnerWidth, s.InnerHeight)
	}
	if s.ScrollWidth > s.InnerWidth {
		t.Errorf("%s: the page scrolls sideways (%.0f px wide for %.0f)", where, s.ScrollWidth, s.InnerWidth)
	}
	if s.Covers {
		t.Errorf("%s: the explanation covers the term", where)
	}
	if before != after {
		t.Errorf("%s: the text moved when the explanation opened: %s → %s", where, before, after)
	}
}

// TestTermsExplained: on a phone (360 and 390 px, en-US), a glossary
// term's explanation opens by a tap without leaving the page, and by
// keyboard focus (Tab), says the term in both languages with its
// definition and a link to its entry, stays inside the screen without
// covering the term or moving the text, has 0 axe violations open, closes
// with Escape, and Tab goes on past it (its link is reached through the
// term: TestTermsOneTabStop); a screen reader hears the definition as the
// term's description.
func TestTermsExplained(t *testing.T) {
	axe := axeSource(t)
	for _, width := range []int64{360, 390} {
		for _, lang := range []string{"en", "fr"} {
			t.Run(fmt.Sprintf("%s-%d", lang, width), func(t *testing.T) {
				want := map[string][]string{"en": {"armour points — points d’armure (PA)", "deducted first", "See in the glossary"},
					"fr": {"points d’armure — armour points (AP)", "décomptés en premier", "Voir dans le glossaire"}}[lang]
				b := newBrowser(t, width, 780, true)
				var before, after, path string
				var s termPopState
				var vs []axeViolation
				err := chromedp.Run(b.Ctx, enUS(),
					chromedp.Navigate(baseURL+"/"+lang+"/fantasy/"),
					chromedp.WaitReady(selTerm),
					chromedp.Evaluate(`document.querySelector(`+strconv.Quote(selTerm)+`).scrollIntoView({ block: "center" }); true`, nil),
					chromedp.Sleep(100*time.Millisecond),
					chromedp.Evaluate(termLayout, &before),
					tap(selTerm),
					chromedp.Poll(termPopOpen, nil, chromedp.WithPollingTimeout(5*time.Second)),
					chromedp.Evaluate(termLayout, &after),
					chromedp.Evaluate(termPopStateJS, &s),
					chromedp.Evaluate(axe, nil),
					chromedp.Evaluate(`axe.run(document, { resultTypes: ["violations"], rules: { "target-size": { enabled: true } } }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target.map(String) })) })))`,
						&vs, awaitPromise),
				)
				if err != nil {
					t.Fatal(err)
				}
				checkTermPop(t, "tap", s, before, after, want)
				if s.Path != "/"+lang+"/fantasy/" {
					t.Errorf("the tap left the page for %s", s.Path)
				}
				for _, v := range vs {
					var where []string
					for _, n := range v.Nodes {
						where = append(where, strings.Join(n.Target, " "))
					}
					t.Errorf("axe with the explanation open: %s (%s): %s — %s", v.ID, v.Impact, v.Help, strings.Join(where, "; "))
				}
				if !strings.Contains(s.Describedby, "armour points") && !strings.Contains(s.Describedby, "points d’armure") || len(s.Describedby) < 40 {
					t.Errorf("the term's description for a screen reader is %q, want the other language's term and the definition", s.Describedby)
				}
				// A second tap on the term closes it; Escape closes it too.
				var open bool
				err = chromedp.Run(b.Ctx, tap(selTerm), chromedp.Sleep(150*time.Millisecond),
					chromedp.Evaluate(`!!document.getElementById("term-pop")?.matches(":popover-open")`, &open))
				if err != nil {
					t.Fatal(err)
				}
				if open {
					t.Errorf("a second tap on the term left its explanation open")
				}
				err = chromedp.Run(b.Ctx, tap(selTerm), chromedp.Poll(termPopOpen, nil, chromedp.WithPollingTimeout(5*time.Second)),
					chromedp.KeyEvent(kb.Escape), chromedp.Sleep(150*time.Millisecond),
					chromedp.Evaluate(`!!document.getElementById("term-pop")?.matches(":popover-open")`, &open))
				if err != nil {
					t.Fatal(err)
				}
				if open {
					t.Errorf("Escape left the explanation open")
				}

				// The keyboard: Tab from the link just before the term.
				var active string
				err = chromedp.Run(b.Ctx,
					// The heading before it, then Tab as far as the term:
					// each term met on the way opens, and Tab goes through
					// its explanation's link.
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
						return nil
					}),
					chromedp.Poll(termPopOpen, nil, chromedp.WithPollingTimeout(5*time.Second)),
					chromedp.Evaluate(termPopStateJS, &s),
					chromedp.Evaluate(`document.activeElement.matches(`+strconv.Quote(selTerm)+`)`, &open),
				)
				if err != nil {
					t.Fatal(err)
				}
				if !open {
					t.Errorf("Tab did not reach the term")
				}
				checkTermPop(t, "keyboard focus", s, before, before, want)
				err = chromedp.Run(b.Ctx, chromedp.KeyEvent(kb.Tab), chromedp.Sleep(100*time.Millisecond),
					chromedp.Evaluate(`document.activeElement.className + (document.getElementById("term-pop").matches(":popover-open") ? " open" : " closed")`, &active),
					chromedp.Location(&path),
				)
				if err != nil {
					t.Fatal(err)
				}
				if strings.Contains(active, "term-pop-link") || strings.HasSuffix(active, " open") {
					t.Errorf("Tab from the term went to %q, want past the explanation (one Tab stop per term), the explanation closed", active)
				}
				if !strings.HasSuffix(path, "/"+lang+"/fantasy/") {
					t.Errorf("the keyboard left the page for %s", path)
				}
			})
		}
	}
}

// TestTermsWithoutScript: without JavaScript a marked term is a link to
// its entry on the glossary page, which has it.
func TestTermsWithoutScript(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var href, path, hash string
	var entry bool
	err := chromedp.Run(b.Ctx, enUS(),
		chromedp.ActionFunc(func(ctx context.Context) error { return emulation.SetScriptExecutionDisabled(true).Do(ctx) }),
		chromedp.Navigate(baseURL+"/en/fantasy/"),
		chromedp.WaitReady(selTerm),
		chromedp.AttributeValue(selTerm, "href", &href, nil),
		chromedp.ScrollIntoView(selTerm),
		tap(selTerm),
		// Evaluate runs with the page's scripts off; Poll does not.
		arrivedAt("/en/glossary/"),
		chromedp.Evaluate(`location.pathname`, &path),
		chromedp.Evaluate(`location.hash`, &hash),
		chromedp.Evaluate(`!!document.getElementById("term-armour-points").querySelector("dfn")`, &entry),
	)
	if err != nil {
		t.Fatal(err)
	}
	if href != "../glossary/#term-armour-points" || path != "/en/glossary/" || hash != "#term-armour-points" || !entry {
		t.Errorf("without JavaScript the term links to %s and lands on %s%s (entry there: %v), want /en/glossary/#term-armour-points", href, path, hash, entry)
	}
}

// TestTermsPrint: printed, a page shows no explanation, even one open when
// printing began, and no hidden definitions.
func TestTermsPrint(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var shown []string
	err := chromedp.Run(b.Ctx, enUS(),
		chromedp.Navigate(baseURL+"/en/fantasy/"),
		chromedp.WaitReady(selTerm),
		chromedp.ScrollIntoView(selTerm),
		tap(selTerm),
		chromedp.Poll(termPopOpen, nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.ActionFunc(func(ctx context.Context) error {
			return emulation.SetEmulatedMedia().WithMedia("print").Do(ctx)
		}),
		chromedp.Sleep(100*time.Millisecond),
		chromedp.Evaluate(jsShownOf("#term-pop", "dl.term-defs", "dl.term-defs dd"), &shown),
	)
	if err != nil {
		t.Fatal(err)
	}
	if len(shown) > 0 {
		t.Errorf("printed, these show: %v", shown)
	}
}

// TestTermsKeepSearchCopyAndSwitch: on a page with marked terms, with an
// explanation open, the search answers, a heading's copy-link copies its
// address, and the language switch lands on the same section.
func TestTermsKeepSearchCopyAndSwitch(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var results, copied, url string
	err := chromedp.Run(b.Ctx, enUS(),
		chromedp.Navigate(baseURL+"/en/fantasy/"),
		chromedp.WaitReady(selTerm),
		chromedp.Evaluate(`window.__copied = []; if (navigator.clipboard) navigator.clipboard.writeText = (t) => { window.__copied.push(t); return Promise.resolve(); };
		  const exec = document.execCommand.bind(document); document.execCommand = (c, ...r) => { if (c !== "copy") return exec(c, ...r); window.__copied.push(document.activeElement.value); return true; }; true`, nil),
		chromedp.ScrollIntoView(selTerm),
		tap(selTerm),
		chromedp.Poll(termPopOpen, nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(jsSearchFor("armour points"), nil),
		chromedp.Poll(searchResultsText, &results, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`document.getElementById("search-input").value = ""; document.getElementById("search-input").dispatchEvent(new Event("input", { bubbles: true })); document.activeElement.blur(); true`, nil),
		chromedp.Evaluate(`document.getElementById("armor").scrollIntoView(); window.scrollBy(0, -20); true`, nil),
		chromedp.Sleep(100*time.Millisecond),
		tap(`#armor .heading-link`),
		chromedp.Poll(`window.__copied.join(" ") || null`, &copied, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(`document.getElementById("armor").scrollIntoView({ block: "center" }); true`, nil),
		chromedp.Sleep(100*time.Millisecond),
		tap(`#armor .heading-alt`),
		arrivedAt("/fr/fantasy/"),
		chromedp.Location(&url),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(results, "Armour") {
		t.Errorf("the search for “armour points” lists %q", results)
	}
	if !strings.Contains(copied, "/en/fantasy/armor/") {
		t.Errorf("the copy-link of 2.4 copied %q", copied)
	}
	if !strings.HasSuffix(url, "/fr/fantasy/#armor") {
		t.Errorf("the language switch of 2.4 landed on %s", url)
	}
}
