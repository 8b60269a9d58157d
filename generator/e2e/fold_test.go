//go:build e2e

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// phone390 makes the tab a phone of 390 × h CSS pixels at a device scale
// of 1, so that a screenshot is 390 pixels wide.
func phone390(h int64) chromedp.Action {
	return chromedp.EmulateViewport(390, h, chromedp.EmulateScale(1), chromedp.EmulateMobile, chromedp.EmulateTouch)
}

// calcShot saves a viewport screenshot as name under $CALC_SHOTS, when set
// (make: CALC_SHOTS=/work/notes/shots).
func calcShot(t *testing.T, b *Browser, name string) {
	t.Helper()
	dir := os.Getenv("CALC_SHOTS")
	if dir == "" {
		return
	}
	var png []byte
	if err := chromedp.Run(b.Ctx, chromedp.Sleep(150*time.Millisecond), chromedp.CaptureScreenshot(&png)); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// foldState is what a rules page shows of its calculators, folded or not.
type foldState struct {
	ID     string  `json:"id"`
	Open   bool    `json:"open"`
	Height float64 `json:"height"` // the whole card's
	Gist   string  `json:"gist"`   // the summary's answer in words
	Answer string  `json:"answer"` // the result's
	Name   string  `json:"name"`   // the summary's text: what a screen reader names
	Body   bool    `json:"body"`   // the form is laid out
}

const foldStatesJS = `[...document.querySelectorAll(".calc[data-calc]")].map((c) => {
  const d = c.querySelector(":scope > details.calc-fold"), g = c.querySelector(".calc-gist"), s = d && d.querySelector(":scope > summary");
  return { id: c.id, open: !d || d.open, height: c.getBoundingClientRect().height, gist: g ? g.textContent.trim() : "",
    answer: c.querySelector(".calc-live .calc-answer")?.textContent.trim() || "", name: s ? s.textContent.replace(/\s+/g, " ").trim() : "",
    body: c.querySelector(".calc-form").checkVisibility() };
})`

func foldStates(b *Browser, t *testing.T) map[string]foldState {
	t.Helper()
	var l []foldState
	if err := chromedp.Run(b.Ctx, chromedp.Evaluate(foldStatesJS, &l)); err != nil {
		t.Fatal(err)
	}
	m := map[string]foldState{}
	for _, s := range l {
		m[s.ID] = s
	}
	return m
}

// TestCalcFold: in a rules page a calculator waits folded, in at most a
// third of a phone's screen, saying it is a calculator and giving its
// answer in words, without starting the engine; one Enter opens it (and
// starts it), the device remembers it open or folded (and a refused
// storage breaks nothing); a link to it, a shared state, a link followed
// on the page and print open it; the calculators page shows them open
// (issue 48, point 3).
func TestCalcFold(t *testing.T) {
	b := newFreshBrowser(t, 390, 844, true, 90*time.Second)
	if err := chromedp.Run(b.Ctx, phone390(844)); err != nil {
		t.Fatal(err)
	}
	var before, after float64
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/spellcasting/"), chromedp.WaitReady("main"),
		chromedp.Evaluate(`document.documentElement.scrollHeight`, &after),
		chromedp.Evaluate(`document.querySelectorAll("details.calc-fold").forEach((d) => (d.open = true)), document.documentElement.scrollHeight`, &before),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("spellcasting at 390 px: %.0f px with its calculators open, %.0f folded", before, after)
	if after >= before {
		t.Errorf("spellcasting is %.0f px folded, %.0f open: folding saved nothing", after, before)
	}

	for _, lang := range []string{"fr", "en"} {
		if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/"+lang+"/fantasy/"), chromedp.WaitReady("main"), chromedp.Sleep(800*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		states := foldStates(b, t)
		if len(states) < 2 {
			t.Fatalf("%s/fantasy: %d calculators, want the armour's and others", lang, len(states))
		}
		kicker := map[string]string{"fr": "Calculateur", "en": "Calculator"}[lang]
		for id, s := range states {
			if s.Open || s.Body {
				t.Errorf("%s: %s is open on arrival (%+v), want folded", lang, id, s)
			}
			if s.Height > 844.0/3 {
				t.Errorf("%s: %s folded is %.0f px tall, more than a third of the screen (281)", lang, id, s.Height)
			}
			if s.Gist == "" || s.Gist != s.Answer {
				t.Errorf("%s: %s folded says %q, want the result's answer %q", lang, id, s.Gist, s.Answer)
			}
			if !strings.HasPrefix(s.Name, kicker) {
				t.Errorf("%s: %s's summary reads %q, want it to start with %q", lang, id, s.Name, kicker)
			}
		}
		t.Logf("%s: the armour calculator folded is %.0f px tall", lang, states["calc-armor"].Height)
		if reqs := b.RequestsMatching(".wasm"); len(reqs) > 0 {
			t.Errorf("%s: the engine was fetched with every calculator folded: %v", lang, reqs)
		}
	}

	// At the larger reading sizes, a third of the screen at 125 %; at 150
	// and 175 %, where the title alone takes two lines of the card, three
	// eighths (the answer then shows its first three and two lines).
	for _, size := range []struct {
		step string
		max  float64
	}{{"1", 844.0 / 3}, {"2", 844.0 * 3 / 8}, {"3", 844.0 * 3 / 8}} {
		err := chromedp.Run(b.Ctx,
			chromedp.Evaluate(`localStorage.setItem("compendium-text-size", "`+size.step+`")`, nil),
			chromedp.Reload(), chromedp.WaitReady("main"), chromedp.Sleep(300*time.Millisecond))
		if err != nil {
			t.Fatal(err)
		}
		for id, s := range foldStates(b, t) {
			if s.Height > size.max {
				t.Errorf("reading size %s: %s folded is %.0f px tall, more than %.0f", size.step, id, s.Height, size.max)
			}
		}
		t.Logf("reading size %s: the armour calculator folded is %.0f px tall", size.step, foldStates(b, t)["calc-armor"].Height)
	}
	if err := chromedp.Run(b.Ctx, chromedp.Evaluate(`localStorage.removeItem("compendium-text-size")`, nil)); err != nil {
		t.Fatal(err)
	}

	// Folded, then opened with the keyboard: one Enter on the summary.
	var remembered string
	err = chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/fantasy/"), chromedp.WaitReady("#calc-armor"),
		chromedp.Evaluate(`document.querySelector("#calc-armor").scrollIntoView({ block: "start" }); scrollBy(0, -60)`, nil),
	)
	if err != nil {
		t.Fatal(err)
	}
	calcShot(t, b, "calc-folded-390.png")
	var out string
	err = chromedp.Run(b.Ctx,
		chromedp.Focus("#calc-armor summary", chromedp.ByQuery),
		chromedp.KeyEvent("\r"),
		waitReady("calc-armor", &out),
		chromedp.Evaluate(`localStorage.getItem("compendium.calc-open.v1")`, &remembered),
	)
	if err != nil {
		t.Fatalf("Enter on the folded armour's summary: %v", err)
	}
	if s := foldStates(b, t)["calc-armor"]; !s.Open || !s.Body {
		t.Errorf("after Enter on its summary the armour is %+v, want open with its form", s)
	}
	if !strings.Contains(remembered, `"calc-armor":true`) {
		t.Errorf("opened, the armour is remembered as %q", remembered)
	}
	calcShot(t, b, "calc-open-390.png")
	// Remembered: open again on the next visit, the others folded; then
	// folded by a tap, folded on the next visit.
	if err := chromedp.Run(b.Ctx, chromedp.Reload(), chromedp.WaitReady("#calc-armor"), chromedp.Sleep(300*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	st := foldStates(b, t)
	if !st["calc-armor"].Open || st["calc-health-fantasy"].Open {
		t.Errorf("the next visit: armour open %v (want true), life and healing open %v (want false)", st["calc-armor"].Open, st["calc-health-fantasy"].Open)
	}
	err = chromedp.Run(b.Ctx, chromedp.Evaluate(`document.querySelector("#calc-armor summary").click()`, nil),
		chromedp.Reload(), chromedp.WaitReady("#calc-armor"), chromedp.Sleep(300*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if foldStates(b, t)["calc-armor"].Open {
		t.Errorf("folded by a tap, the armour is open on the next visit")
	}

	// A storage that refuses: the tap still opens, nothing throws (the
	// browser's uncaught exceptions fail the test at its end).
	var open bool
	err = chromedp.Run(b.Ctx,
		chromedp.Evaluate(`Storage.prototype.setItem = () => { throw new DOMException("refused", "QuotaExceededError"); }`, nil),
		chromedp.Evaluate(`document.querySelector("#calc-health-fantasy summary").click()`, nil),
		chromedp.Sleep(200*time.Millisecond),
		chromedp.Evaluate(`document.querySelector("#calc-health-fantasy details").open`, &open),
	)
	if err != nil || !open {
		t.Errorf("with a storage that refuses, a tap left the calculator folded (%v)", err)
	}

	// Opened by what the reader came for.
	cases := []struct{ name, url, id string }{
		{"a link to the calculator", "/fr/fantasy/#calc-armor", "calc-armor"},
		{"a shared state", "/fr/fantasy/?calc-armor=magic:3", "calc-armor"},
		{"a link to one of its fields", "/fr/fantasy/#calc-health-fantasy-life-points", "calc-health-fantasy"},
	}
	for _, c := range cases {
		if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+c.url), chromedp.WaitReady("#"+c.id), chromedp.Sleep(300*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		if s := foldStates(b, t)[c.id]; !s.Open || !s.Body {
			t.Errorf("%s (%s): %s is %+v, want open", c.name, c.url, c.id, s)
		}
	}
	if err := chromedp.Run(b.Ctx, waitReady("calc-health-fantasy", &out)); err != nil {
		t.Errorf("opened by a link to one of its fields, life and healing computes nothing: %v", err)
	}
	err = chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/fr/fantasy/"), chromedp.WaitReady("main"),
		chromedp.Evaluate(`location.hash = "calc-armor"`, nil), chromedp.Sleep(300*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if !foldStates(b, t)["calc-armor"].Open {
		t.Errorf("a link to the armour followed on the page left it folded")
	}
	if err := chromedp.Run(b.Ctx, waitReady("calc-armor", &out)); err != nil {
		t.Errorf("opened by a link followed on the page, the armour computes nothing: %v", err)
	}

	// Print: every calculator open, by the style sheet alone (print
	// media) and by the script (beforeprint), folded again after.
	var printed []bool
	err = chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/fr/fantasy/"), chromedp.WaitReady("main"),
		chromedp.ActionFunc(func(ctx context.Context) error { return emulation.SetEmulatedMedia().WithMedia("print").Do(ctx) }),
		chromedp.Evaluate(`[...document.querySelectorAll(".calc[data-calc]")].map((c) => c.querySelector(".calc-answer").getClientRects().length > 0)`, &printed),
		chromedp.ActionFunc(func(ctx context.Context) error { return emulation.SetEmulatedMedia().WithMedia("").Do(ctx) }),
	)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range printed {
		if !p {
			t.Errorf("printed, calculator %d of fantasy shows no answer: folded on paper", i+1)
		}
	}
	var during, afterPrint []bool
	err = chromedp.Run(b.Ctx,
		chromedp.Evaluate(`dispatchEvent(new Event("beforeprint")), [...document.querySelectorAll("details.calc-fold")].map((d) => d.open)`, &during),
		chromedp.Evaluate(`dispatchEvent(new Event("afterprint")), [...document.querySelectorAll("details.calc-fold")].map((d) => d.open)`, &afterPrint),
	)
	if err != nil {
		t.Fatal(err)
	}
	for i := range during {
		if !during[i] || afterPrint[i] {
			t.Errorf("print: calculator %d open %v while printing (want true), %v after (want false)", i+1, during[i], afterPrint[i])
		}
	}

	// Pre-filled from the player's character: folded, its answer in words
	// is the character's, computed at once, not the build's.
	err = chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/fantasy/"), chromedp.WaitReady("#calc-armor"),
		chromedp.Evaluate(`localStorage.setItem("`+characterKey+`", '{"v":1,"games":{"fantasy":{"magic":6,"locations":{"torso":"plate"}}}}')`, nil),
		chromedp.Reload(), chromedp.WaitReady("#calc-armor"),
		chromedp.Evaluate(`document.querySelector("#calc-armor").scrollIntoView()`, nil),
		chromedp.Poll(`(() => { const c = document.querySelector("#calc-armor"), g = c.querySelector(".calc-gist"), r = c.querySelector(".calc-result");
		  return r.dataset.static === "false" && r.dataset.state === "ready" && !c.querySelector("details").open ? g.textContent : null; })()`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`localStorage.removeItem("`+characterKey+`")`, nil),
	)
	if err != nil {
		t.Fatalf("a folded calculator pre-filled from the character computed nothing: %v", err)
	}
	// It says first that the values are the character's, then the answer.
	if st := foldStates(b, t)["calc-armor"]; !strings.HasPrefix(st.Gist, "Rempli avec votre personnage.") || !strings.HasSuffix(st.Gist, st.Answer) || !strings.Contains(st.Answer, "magiques") {
		t.Errorf("folded, pre-filled from the character (magic 6, plate): says %q, the result %q; want “Rempli avec votre personnage.” then the character's answer, with its magic points", st.Gist, st.Answer)
	}

	// The calculators page: always open, nothing to unfold.
	var folds, forms int
	err = chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/fr/calculators/"), chromedp.WaitReady("main"),
		chromedp.Evaluate(`document.querySelectorAll("details.calc-fold").length`, &folds),
		chromedp.Evaluate(`[...document.querySelectorAll(".calc-form")].filter((f) => f.checkVisibility()).length`, &forms))
	if err != nil {
		t.Fatal(err)
	}
	if folds != 0 || forms == 0 {
		t.Errorf("the calculators page has %d folds and %d forms shown, want none and all", folds, forms)
	}
}
