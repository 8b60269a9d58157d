//go:build e2e

package e2e

import (
	"strconv"
	"time"
)

// The phone's controls at hand and the one Tab stop per term (issue 48,
// points 2 and 6) in Firefox and WebKit; TestControlsAtHand and
// TestTermsOneTabStop are their Chromium side. Neither engine takes a
// finger or a Tab here: the reader's scrolling is a touch move and a
// scroll by script, a tap a click event of a touch pointer, Enter a key
// event on the focused term; what is checked is what the DOM says.

// jsUserScrollUp scrolls up by a reader's finger, step by step, one frame
// each: the touch move bar.js listens for, then the scroll.
const jsUserScrollUp = `new Promise((done) => { let n = 0;
  const step = () => { window.dispatchEvent(new Event("touchmove")); window.scrollBy(0, -40);
    if (++n < 4) requestAnimationFrame(step); else requestAnimationFrame(() => done(true)); };
  step(); })`

func init() {
	crossPhoneChecks["controls"] = crossControls
	crossPhoneChecks["terms"] = crossTerms
}

// crossControls: mid-page, a jump leaves the header off screen; the
// reader scrolling up brings the bar, one row at the top, its search
// field, language switch and reading size answering a touch where drawn;
// the switch opens the English page on the block read in French.
func crossControls(s *smoke) {
	t, name := s.t, s.eng.Name()
	s.open(s.base + "/fr/fantasy/")
	var away barState
	if err := s.eng.Eval(jsScrollToBlock(controlsSection, controlsBlock), nil); err != nil {
		t.Fatal(err)
	}
	if err := s.poll(`(() => { const r = document.querySelector(".site-header").getBoundingClientRect(); return r.bottom <= 0 || null; })()`, 3*time.Second, nil); err != nil {
		_ = s.eng.Eval(jsBar, &away)
		t.Errorf("%s: after a jump mid-page the header is on screen (%.0f to %.0f px, %s)", name, away.Top, away.Bottom, away.Cls)
	}
	if err := s.eng.Eval(jsUserScrollUp, nil); err != nil {
		t.Fatal(err)
	}
	var shown barState
	if err := s.poll(`(() => { const b = `+jsBar+`; return b.top === 0 && b.cls.includes("bar-shown") ? b : null; })()`, 3*time.Second, &shown); err != nil {
		_ = s.eng.Eval(jsBar, &shown)
		t.Fatalf("%s: scrolling up mid-page did not bring the bar: header at %.0f px (%s, %s): %v", name, shown.Top, shown.Position, shown.Cls, err)
	}
	t.Logf("%s: mid-page (scrollY %.0f) the bar is %.0f px high", name, shown.Y, shown.Bottom-shown.Top)
	if h := shown.Bottom - shown.Top; h > 72 {
		t.Errorf("%s: the bar is %.0f px high, want one row (at most 72 px)", name, h)
	}
	for _, m := range shown.Misses {
		t.Errorf("%s: the bar's control %s", name, m)
	}

	var fr, en blockRead
	if err := s.eng.Eval(jsBlockRead, &fr); err != nil {
		t.Fatal(err)
	}
	s.collect()
	if err := s.eng.Eval(`document.querySelector("a[data-lang-switch]").click(), true`, nil); err != nil {
		t.Fatal(err)
	}
	want := `(() => { if (location.pathname !== "/en/fantasy/" || document.readyState !== "complete") return null;
  const r = ` + jsBlockRead + `; return r.id === ` + strconv.Quote(fr.ID) + ` && r.index === ` + strconv.Itoa(fr.Index) + ` ? r : null; })()`
	if err := s.poll(want, 10*time.Second, &en); err != nil {
		_ = s.eng.Eval(jsBlockRead, &en)
		t.Errorf("%s: the switch to English from %s #%d %q lands in %s #%d %q: %v", name, fr.ID, fr.Index, fr.Text, en.ID, en.Index, en.Text, err)
		return
	}
	t.Logf("%s: FR %s #%d %q → EN %q", name, fr.ID, fr.Index, fr.Text, en.Text)
}

// crossTerms: every glossary term on /fr/fantasy/ is one focusable
// element with none inside; a touch click opens its definition, whose
// link is out of the Tab order; Enter on the focused term reopens it,
// on the same page.
func crossTerms(s *smoke) {
	t, name := s.t, s.eng.Name()
	s.open(s.base + "/fr/fantasy/")
	var terms struct{ Terms, NotFocusable, Inner int }
	err := s.eng.Eval(`(() => { const ts = [...document.querySelectorAll("a.term[data-term]")];
  return { terms: ts.length, notFocusable: ts.filter((a) => a.tabIndex < 0).length,
    inner: ts.filter((a) => a.querySelector("a, button, input, select, [tabindex]")).length }; })()`, &terms)
	if err != nil {
		t.Fatal(err)
	}
	if terms.Terms < 10 || terms.NotFocusable != 0 || terms.Inner != 0 {
		t.Errorf("%s: %d terms, %d not focusable, %d with a focusable element inside: want each term one focusable element", name, terms.Terms, terms.NotFocusable, terms.Inner)
	}
	sel := strconv.Quote(selTerm)
	tapJS := `(() => { const a = document.querySelector(` + sel + `); a.scrollIntoView({ block: "center" });
  a.dispatchEvent(new PointerEvent("pointerdown", { pointerType: "touch", bubbles: true }));
  a.dispatchEvent(new PointerEvent("click", { pointerType: "touch", bubbles: true, cancelable: true, view: window })); return true; })()`
	popJS := `(() => { const p = document.getElementById("term-pop"); if (!p || p.hidden || !p.classList.contains("open")) return null;
  return { path: location.pathname, stops: [...p.querySelectorAll("a, button, [tabindex]")].filter((e) => e.tabIndex >= 0).length, text: p.textContent }; })()`
	var pop struct {
		Path  string
		Stops int
		Text  string
	}
	if err := s.eng.Eval(tapJS, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.poll(popJS, 3*time.Second, &pop); err != nil {
		t.Fatalf("%s: a touch on the term did not open its definition: %v", name, err)
	}
	if pop.Stops != 0 || pop.Path != "/fr/fantasy/" {
		t.Errorf("%s: the definition open on %s has %d Tab stops (want none: the term is the stop)", name, pop.Path, pop.Stops)
	}
	// Escape closes it; Enter on the focused term opens it again.
	err = s.eng.Eval(`(() => { const a = document.querySelector(`+sel+`); a.focus();
  document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  const closed = document.getElementById("term-pop").hidden;
  a.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
  return closed; })()`, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.poll(popJS, 3*time.Second, &pop); err != nil || pop.Path != "/fr/fantasy/" {
		t.Errorf("%s: Enter on the focused term did not open its definition on the page (%v)", name, err)
	}
}
