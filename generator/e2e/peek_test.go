//go:build e2e

package e2e

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// peekState is what the answer's summary at the bottom of a phone's screen
// shows and where the fields around the one being edited are.
type peekState struct {
	Shown      bool    `json:"shown"`
	State      string  `json:"state"`
	Text       string  `json:"text"`
	Top        float64 `json:"top"`
	Field      float64 `json:"field"` // bottom of the field being edited
	Next       float64 `json:"next"`  // bottom of the next field
	Active     string  `json:"active"`
	Reason     string  `json:"reason"`
	PointerOff bool    `json:"pointerOff"`
}

const peekStateJS = `(() => {
  const p = document.querySelector(".calc-peek"), a = document.activeElement;
  const f = a.closest(".field, fieldset"); let n = f && f.nextElementSibling;
  while (n && !n.getClientRects().length) n = n.nextElementSibling;
  return { shown: !p.hidden, state: p.dataset.state || "", text: p.textContent, top: p.getBoundingClientRect().top,
    field: f ? f.getBoundingClientRect().bottom : 0, next: n ? n.getBoundingClientRect().bottom : 0, active: a.id,
    reason: a.closest(".calc").querySelector(".calc-state").textContent, pointerOff: getComputedStyle(p).pointerEvents === "none" };
})()`

// TestCalcPeekLeavesTheNextField: on a phone, the answer's summary pinned
// at the bottom while a field is edited covers neither that field nor the
// next, lets a tap through to the field under it, says "on hold" rather
// than the previous answer while a value is wrong, and the address then
// no longer holds the previous state (issue 34, point 3).
func TestCalcPeekLeavesTheNextField(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	if err := chromedp.Run(b.Ctx, enUS()); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"fr", "en"} {
		var out string
		var st peekState
		var hits map[string]float64
		err := chromedp.Run(b.Ctx,
			chromedp.Navigate(baseURL+"/"+lang+"/fantasy/#armor"),
			chromedp.WaitReady("#calc-armor"),
			chromedp.ScrollIntoView("#calc-armor"),
			waitReady("calc-armor", &out),
			// The field just above the fight's: its next field is the
			// hits, the one the report could not tap.
			// The field low on the screen, where a thumb reaches it and
			// the answer below is out of sight.
			chromedp.Evaluate(`scrollBy(0, document.querySelector("#calc-armor-life-points").getBoundingClientRect().top - 600)`, nil),
			chromedp.Sleep(200*time.Millisecond),
			chromedp.Click("#calc-armor-life-points", chromedp.ByID),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(peekStateJS, &st),
			chromedp.Evaluate(`(() => { const r = document.querySelector("#calc-armor-hits").getBoundingClientRect(); return { x: r.left + 20, y: r.top + r.height / 2 }; })()`, &hits),
		)
		if err != nil {
			t.Fatal(err)
		}
		if !st.Shown || !st.PointerOff {
			t.Fatalf("%s: editing the life points on a phone: %+v, want the summary shown and letting taps through", lang, st)
		}
		if st.Field > st.Top || st.Next > st.Top {
			t.Errorf("%s: the summary (top %.0f) covers the field edited (bottom %.0f) or the next one (bottom %.0f)", lang, st.Top, st.Field, st.Next)
		}
		// A tap where the hits field is: it lands in the field, even if
		// the summary is drawn there.
		err = chromedp.Run(b.Ctx, chromedp.MouseClickXY(hits["x"], hits["y"]), chromedp.Sleep(200*time.Millisecond), chromedp.Evaluate(peekStateJS, &st))
		if err != nil {
			t.Fatal(err)
		}
		if st.Active != "calc-armor-hits" {
			t.Errorf("%s: a tap on the hits field focused %q", lang, st.Active)
		}
		// A valid edit goes into the address; a wrong one puts the
		// result on hold, the summary says so, and the address drops
		// the previous value.
		var search string
		err = chromedp.Run(b.Ctx,
			chromedp.Evaluate(`document.querySelector("#calc-armor-hits").value = ""`, nil),
			chromedp.SendKeys("#calc-armor-hits", "4", chromedp.ByID),
			chromedp.Poll(`new URLSearchParams(location.search).get("calc-armor")`, &search, chromedp.WithPollingTimeout(5*time.Second)),
		)
		if err != nil || !strings.Contains(search, "4") {
			t.Fatalf("%s: hits 4 did not reach the address (%q): %v", lang, search, err)
		}
		err = chromedp.Run(b.Ctx,
			chromedp.SendKeys("#calc-armor-hits", ", x", chromedp.ByID),
			chromedp.Sleep(600*time.Millisecond),
			chromedp.Evaluate(peekStateJS, &st),
			chromedp.Evaluate(`location.search`, &search),
		)
		if err != nil {
			t.Fatal(err)
		}
		if st.State != "invalid" || st.Text != st.Reason || st.Reason == "" {
			t.Errorf("%s: with a wrong value the summary shows %q (state %s), want the result's reason %q", lang, st.Text, st.State, st.Reason)
		}
		q, _ := url.ParseQuery(strings.TrimPrefix(search, "?"))
		if strings.Contains(q.Get("calc-armor"), "hits:4") {
			t.Errorf("%s: with a wrong value the address still holds the previous one: %s", lang, search)
		}
	}
}
