//go:build e2e

package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPhoneFormulasAndHitTable: at 360 px, no formula hides its end (they
// wrap; "10 + valeur maximale du dé de de…" was cut), a block that must
// scroll shows a shadow where there is more, and the armour's hit table
// shows the state and the life points without scrolling (they were its
// last columns, off-screen) (issue 34, point 9).
func TestPhoneFormulasAndHitTable(t *testing.T) {
	b := newBrowser(t, 360, 780, true)
	for _, lang := range []string{"fr", "en"} {
		// The probes look at every document's blocks: a selector that
		// matches none in any document would make them pass unseen.
		allFormulas, allBlocks := 0, 0
		for _, doc := range []string{"fantasy", "contemporary", "pathfinder-duels", "heroes-and-dragons", "spellcasting"} {
			var cut, unmarked []string
			var formulas, blocks int
			err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/"+lang+"/"+doc+"/"), chromedp.WaitReady("main"),
				chromedp.Evaluate(`document.querySelectorAll("pre.formula").length`, &formulas),
				chromedp.Evaluate(`document.querySelectorAll("pre:not(.formula)").length`, &blocks),
				chromedp.Evaluate(`[...document.querySelectorAll("pre.formula")].filter((p) => p.scrollWidth > p.clientWidth + 1).map((p) => p.textContent.trim().slice(0, 40))`, &cut),
				chromedp.Evaluate(`[...document.querySelectorAll("pre:not(.formula)")].filter((p) => p.scrollWidth > p.clientWidth + 1 && !getComputedStyle(p).backgroundAttachment.startsWith("local, local")).map((p) => p.textContent.trim().slice(0, 40))`, &unmarked))
			if err != nil {
				t.Fatal(err)
			}
			if len(cut) > 0 {
				t.Errorf("%s/%s: formulas cut at 360 px: %q", lang, doc, cut)
			}
			if len(unmarked) > 0 {
				t.Errorf("%s/%s: blocks that scroll at 360 px with no shadow: %q", lang, doc, unmarked)
			}
			if doc == "heroes-and-dragons" && formulas == 0 {
				t.Errorf("%s/%s: no formula block: the test looks at nothing", lang, doc)
			}
			allFormulas, allBlocks = allFormulas+formulas, allBlocks+blocks
		}
		if allFormulas == 0 {
			t.Errorf("%s: no formula block in the documents: the probe looks at nothing", lang)
		}
		if allBlocks == 0 {
			// The content has no plain code block: one is planted in the
			// last page, as wide as a pasted line, for the probe to see.
			var planted string
			if err := chromedp.Run(b.Ctx, chromedp.Evaluate(`(() => { const p = document.createElement("pre"); p.textContent = "x".repeat(300);
			  document.querySelector("main").append(p); const r = p.scrollWidth <= p.clientWidth + 1 ? "did not scroll" :
			  getComputedStyle(p).backgroundAttachment.startsWith("local, local") ? "" : "no shadow"; p.remove(); return r; })()`, &planted)); err != nil {
				t.Fatal(err)
			}
			if planted != "" {
				t.Errorf("%s: a plain code block planted at 360 px: %s", lang, planted)
			}
		}
		var hidden []string
		var out string
		err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/"+lang+"/fantasy/#armor"), chromedp.WaitReady("#calc-armor"),
			chromedp.ScrollIntoView("#calc-armor"), waitReady("calc-armor", &out), scrollTo("#calc-armor .calc-table"),
			chromedp.Evaluate(`(() => { const t = document.querySelector("#calc-armor .calc-table"), r = t.getBoundingClientRect();
			  const heads = [...t.querySelectorAll("thead th")].map((th) => th.textContent);
			  return [...t.querySelectorAll("thead th")].slice(0, 4).filter((th) => th.getBoundingClientRect().right > r.left + t.clientWidth + 1).map((th) => th.textContent).concat(heads.length < 6 ? ["only " + heads.join("|")] : []); })()`, &hidden))
		if err != nil {
			t.Fatal(err)
		}
		if len(hidden) > 0 {
			t.Errorf("%s: the hit table at 360 px hides %q off-screen: want hit, damage, state and life points in view", lang, hidden)
		}
	}
}
