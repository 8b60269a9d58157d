//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// rect is an element's box in the layout viewport's coordinates.
type rect struct{ Top, Bottom, Left, Right float64 }

func (r rect) String() string { return fmt.Sprintf("%.0f–%.0f", r.Top, r.Bottom) }

// meets says whether r and o overlap by more than a pixel's rounding.
func (r rect) meets(o rect) bool {
	return r.Bottom > o.Top+0.5 && r.Top < o.Bottom-0.5 && r.Right > o.Left+0.5 && r.Left < o.Right-0.5
}

// stripState is where the answer strip, the control being edited and the
// next one are, and what of the page the reader sees (the visual
// viewport, in the layout viewport's coordinates).
type stripState struct {
	Shown       bool  `json:"shown"`
	Strip       rect  `json:"strip"`
	Field       rect  `json:"field"`
	Next        *rect `json:"next"`
	Top, Bottom float64
	ID, NextID  string
	Text        string
}

// stripStateJS measures it; the next control is the next one of the
// calculator that is shown, where the thumb goes after this one.
const stripStateJS = `(() => {
  const p = document.querySelector(".calc-peek"), a = document.activeElement, v = visualViewport;
  const all = [...a.closest(".calc").querySelectorAll("input, select")].filter((c) => c.getClientRects().length && !c.disabled);
  const n = all[all.indexOf(a) + 1];
  const r = (el) => { const b = el.getBoundingClientRect(); return { top: b.top, bottom: b.bottom, left: b.left, right: b.right }; };
  return { shown: !p.hidden, strip: r(p), field: r(a), next: n ? r(n) : null, top: v.offsetTop, bottom: v.offsetTop + v.height,
    id: a.id, nextid: n ? n.id : "", text: p.textContent };
})()`

// check fails unless the control edited and the next one are clear of
// the strip and within what the reader sees.
func (s stripState) check(t *testing.T, when string) {
	t.Helper()
	in := func(r rect) bool { return r.Top >= s.Top-0.5 && r.Bottom <= s.Bottom+0.5 }
	if s.Shown && s.Field.meets(s.Strip) {
		t.Errorf("%s: the strip (%v) covers the field being edited %s (%v)", when, s.Strip, s.ID, s.Field)
	}
	if !in(s.Field) {
		t.Errorf("%s: the field being edited %s (%v) is not within what is seen (%.0f–%.0f)", when, s.ID, s.Field, s.Top, s.Bottom)
	}
	if s.Next == nil {
		return
	}
	if s.Shown && s.Next.meets(s.Strip) {
		t.Errorf("%s: the strip (%v) covers the next field %s (%v)", when, s.Strip, s.NextID, *s.Next)
	}
	if !in(*s.Next) {
		t.Errorf("%s: the next field %s (%v) is not within what is seen (%.0f–%.0f)", when, s.NextID, *s.Next, s.Top, s.Bottom)
	}
}

// TestCalcStripKeyboard: on a 390 × 844 phone, for every field of the
// armour calculator, tapped low on the screen, then the keyboard opening
// (the viewport shrunk to 390 × 500) and a value typed, the answer strip
// covers neither that field nor the next, and both are within what the
// reader sees; the same when the strip grows, when the phone is turned,
// and when the keyboard shrinks only the visual viewport (a zoomed page)
// (issue 48, point 4).
func TestCalcStripKeyboard(t *testing.T) {
	b := newFreshBrowser(t, 390, 844, true, 3*time.Minute)
	var out string
	var ids []string
	err := chromedp.Run(b.Ctx, phone390(844),
		chromedp.Navigate(baseURL+"/fr/fantasy/#calc-armor"), chromedp.WaitReady("#calc-armor"),
		waitReady("calc-armor", &out),
		chromedp.Evaluate(`[...document.querySelectorAll("#calc-armor .calc-form :is(input, select)")].filter((c) => c.getClientRects().length).map((c) => c.id)`, &ids))
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) < 10 {
		t.Fatalf("the armour calculator shows %d fields: %v", len(ids), ids)
	}
	shown := 0
	for i, id := range ids {
		var kind string
		var st stripState
		err := chromedp.Run(b.Ctx,
			phone390(844),
			// The field low on the screen, where the thumb taps it and
			// where the keyboard will come.
			chromedp.Evaluate(`(() => { const el = document.getElementById("`+id+`"); scrollBy(0, el.getBoundingClientRect().top - 700); el.focus({ preventScroll: true }); return el.type; })()`, &kind),
			chromedp.Sleep(150*time.Millisecond),
			phone390(500),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Evaluate(stripStateJS, &st),
		)
		if err != nil {
			t.Fatal(err)
		}
		st.check(t, fmt.Sprintf("%s, keyboard open", id))
		// A value typed: the answer in the strip changes, and may grow.
		var key string
		switch kind {
		case "checkbox":
			key = " "
		case "text":
			_ = chromedp.Run(b.Ctx, chromedp.Evaluate(`document.activeElement.select()`, nil))
			key = "2"
		default:
			key = kb.ArrowDown
		}
		err = chromedp.Run(b.Ctx, chromedp.KeyEvent(key), chromedp.Sleep(500*time.Millisecond), chromedp.Evaluate(stripStateJS, &st))
		if err != nil {
			t.Fatal(err)
		}
		if st.ID != id {
			t.Fatalf("typing into %s moved the focus to %q", id, st.ID)
		}
		st.check(t, fmt.Sprintf("%s, typed into", id))
		if st.Shown {
			shown++
		}
		// The strip growing: three lines more of answer.
		if i%4 == 0 {
			err = chromedp.Run(b.Ctx,
				chromedp.Evaluate(`document.querySelector(".calc-peek").append(" " + "une réponse bien plus longue ".repeat(8))`, nil),
				chromedp.Sleep(300*time.Millisecond), chromedp.Evaluate(stripStateJS, &st))
			if err != nil {
				t.Fatal(err)
			}
			st.check(t, fmt.Sprintf("%s, the strip grown", id))
		}
	}
	if shown < len(ids)/2 {
		t.Errorf("the strip showed for %d of %d fields: the test looks at little", shown, len(ids))
	}
	t.Logf("%d fields typed into with the keyboard open, the strip shown for %d", len(ids), shown)
	calcShot(t, b, "calc-strip-keyboard-390.png")

	// The phone turned while a field is edited: 844 × 390.
	var turned stripState
	err = chromedp.Run(b.Ctx,
		phone390(844),
		chromedp.Evaluate(`(() => { const el = document.getElementById("calc-armor-magic"); scrollBy(0, el.getBoundingClientRect().top - 700); el.focus({ preventScroll: true }); })()`, nil),
		chromedp.Sleep(200*time.Millisecond),
		chromedp.EmulateViewport(844, 390, chromedp.EmulateScale(1), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateLandscape),
		chromedp.Sleep(400*time.Millisecond),
		chromedp.Evaluate(stripStateJS, &turned),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !turned.Shown {
		t.Errorf("turned: the strip did not show for the magic, far above the answer: the case looks at nothing")
	}
	turned.check(t, "turned, calc-armor-magic")

	// Only the visual viewport shrinks (Android Chrome's keyboard by
	// default; here a zoom): the strip follows what is seen.
	var st stripState
	err = chromedp.Run(b.Ctx,
		phone390(844),
		chromedp.Evaluate(`(() => { const el = document.getElementById("calc-armor-locations-torso"); scrollBy(0, el.getBoundingClientRect().top - 600); el.focus({ preventScroll: true }); })()`, nil),
		chromedp.Sleep(200*time.Millisecond),
		chromedp.ActionFunc(func(ctx context.Context) error { return emulation.SetPageScaleFactor(1.6).Do(ctx) }),
		chromedp.Sleep(400*time.Millisecond),
		chromedp.KeyEvent(kb.ArrowDown),
		chromedp.Sleep(500*time.Millisecond),
		chromedp.Evaluate(stripStateJS, &st),
		chromedp.ActionFunc(func(ctx context.Context) error { return emulation.SetPageScaleFactor(1).Do(ctx) }),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("zoomed: seen %.0f–%.0f, strip %v (shown %v), field %v", st.Top, st.Bottom, st.Strip, st.Shown, st.Field)
	if st.Bottom-st.Top > 700 {
		t.Errorf("zoomed 1.6 times, the visual viewport is %.0f px tall: the zoom did not shrink it", st.Bottom-st.Top)
	}
	if !st.Shown {
		t.Errorf("zoomed: the strip did not show for the torso, far above the answer: the case looks at nothing")
	}
	st.check(t, "zoomed, calc-armor-locations-torso")
	if st.Shown && (st.Strip.Bottom > st.Bottom+0.5 || st.Strip.Top < st.Top) {
		t.Errorf("zoomed: the strip (%v) is not within what is seen (%.0f–%.0f)", st.Strip, st.Top, st.Bottom)
	}
}
