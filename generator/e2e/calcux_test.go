//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The calculators as a player meets them on a phone: typed numbers, errors
// where the eye is, honest result states, answers in words, short links,
// a free main thread. Each test says which point of the design it holds.

// enUS makes the browser an American one: a number field of type=number
// would then drop a French decimal comma.
func enUS() chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if err := emulation.SetLocaleOverride().WithLocale("en-US").Do(ctx); err != nil {
			return err
		}
		return emulation.SetUserAgentOverride("Mozilla/5.0 (Linux; Android 14) compendium-test").WithAcceptLanguage("en-US,en").Do(ctx)
	})
}

// fieldState returns what the page shows about a field: its error text,
// whether it is marked invalid and tied to the error, and the distance in
// pixels between the field and its error.
const fieldStateJS = `((sel) => {
  const el = document.querySelector(sel);
  const err = (el.closest(".field") || el).querySelector(".field-error");
  const r = el.getBoundingClientRect(), e = err.getBoundingClientRect();
  return { error: err.hidden ? "" : err.textContent, invalid: el.getAttribute("aria-invalid") === "true",
    tied: (el.getAttribute("aria-describedby") || "").split(" ").includes(err.id), gap: Math.round(e.top - r.bottom),
    state: el.closest(".calc").querySelector(".calc-result").dataset.state, box: el.closest(".calc").querySelector(".calc-error").textContent };
})`

type fieldState struct {
	Error   string  `json:"error"`
	Invalid bool    `json:"invalid"`
	Tied    bool    `json:"tied"`
	Gap     float64 `json:"gap"`
	State   string  `json:"state"`
	Box     string  `json:"box"`
}

func readField(sel string, st *fieldState) chromedp.Action {
	return chromedp.Evaluate(fieldStateJS+"("+strconv.Quote(sel)+")", st)
}

// openFoldJS opens calculator id when it waits folded in a rules page, by
// a tap as a reader would (not remembered: the tests share a profile).
func openFoldJS(id string) string {
	return `(() => { const d = document.querySelector("#` + id + ` > details.calc-fold");
	  if (d && !d.open) { d.querySelector("summary").click(); try { localStorage.removeItem("compendium.calc-open.v1"); } catch {} } })();`
}

// openCalc opens calculator id when it waits folded.
func openCalc(id string) chromedp.Action {
	return chromedp.Evaluate(openFoldJS(id), nil)
}

// waitReady opens the calculator when it waits folded, then waits until
// its result is computed for the inputs shown, and returns its output.
func waitReady(id string, out *string) chromedp.Action {
	return chromedp.Poll(`(() => { `+openFoldJS(id)+`
	  const r = `+jsCalcResult(id)+`; return r.dataset.state === "ready" && r.dataset.static === "false" ? r.dataset.output : null; })()`,
		out, chromedp.WithPollingTimeout(15*time.Second))
}

// typeInto opens calculator name on the calculators page in lang, waits
// for its first live result (into got), then types text into its field.
func typeInto(lang, name, field, text string, got *string) chromedp.Tasks {
	return chromedp.Tasks{
		chromedp.Navigate(baseURL + "/" + lang + "/calculators/#" + name),
		chromedp.WaitReady("#calc-" + name),
		waitReady("calc-"+name, got),
		setField("#calc-"+name+"-"+field, text),
	}
}

// TestCalcDecimalComma: with an American browser, "72,5" and "72.5" in the
// percentage field both mean 72.5 %, in both languages; "1,5" in a whole
// number field is an error under that field, never 15.
func TestCalcDecimalComma(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	if err := chromedp.Run(b.Ctx, enUS()); err != nil {
		t.Fatal(err)
	}
	want := nativeCalc(t, "study", map[string]any{"hours": 4.0, "p_test": 0.725})
	for _, lang := range []string{"fr", "en"} {
		for _, typed := range []string{"72,5", "72.5", "72,5 %"} {
			var got string
			err := chromedp.Run(b.Ctx,
				typeInto(lang, "study", "p-test", typed, &got),
				chromedp.Poll(`(() => { const r = `+jsCalcResult("calc-study")+`; return r.dataset.state === "ready" && r.dataset.output && JSON.parse(r.dataset.output).expected_xp !== `+strconv.FormatFloat(nativeCalc(t, "study", map[string]any{"hours": 4.0, "p_test": 0.9})["expected_xp"].(float64), 'g', -1, 64)+` ? r.dataset.output : null; })()`,
					&got, chromedp.WithPollingTimeout(10*time.Second)),
			)
			if err != nil {
				t.Fatalf("%s %q: %v", lang, typed, err)
			}
			var m map[string]any
			_ = json.Unmarshal([]byte(got), &m)
			if d := sameJSON(want, m, "study"); d != "" {
				t.Errorf("%s: %q should mean 72.5 %%: %s", lang, typed, d)
			}
		}
		var st fieldState
		err := chromedp.Run(b.Ctx,
			chromedp.Navigate(baseURL+"/"+lang+"/calculators/#armor"),
			chromedp.WaitReady("#calc-armor"),
			setField("#calc-armor-magic", "1,5"),
			readField("#calc-armor-magic", &st),
		)
		if err != nil {
			t.Fatal(err)
		}
		label := map[string]string{"fr": "Magie\u00a0: un nombre entier de 0 à 50", "en": "Magic: a whole number from 0 to 50"}[lang]
		if st.Error != label || !st.Invalid || !st.Tied || st.State != "invalid" {
			t.Errorf("%s: 1,5 in a whole-number field: %+v, want the error %q under the field, tied to it, result invalid", lang, st, label)
		}
		// A whole number with its thousands set apart, as the results
		// print them, is that number, not 25 ("25,000" read with a
		// decimal comma): 25,000 points of experience is past level 4.
		for _, typed := range []string{"25,000", "25.000", "25\u202f000", "25 000"} {
			var got string
			err := chromedp.Run(b.Ctx,
				typeInto(lang, "casting", "xp", typed, &got),
				chromedp.Poll(`(() => { const r = `+jsCalcResult("calc-casting")+`; return r.dataset.state !== "loading" && r.dataset.output && JSON.parse(r.dataset.output).expected_casts_to_next === 0 || null; })()`,
					nil, chromedp.WithPollingTimeout(10*time.Second)),
			)
			if err != nil {
				t.Errorf("%s: %q in the experience field did not read as 25000: %v", lang, typed, err)
			}
		}
	}
}

// TestCalcErrorsWhereTheEyeIs: errors sit under their field (within a
// screen of it), in the player's words; the engine's names never show; an
// error the engine finds maps back to its field and item.
func TestCalcErrorsWhereTheEyeIs(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var st fieldState
	var out string
	check := func(name, sel string, want []string) {
		t.Helper()
		if err := chromedp.Run(b.Ctx, readField(sel, &st)); err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(st.Error, w) {
				t.Errorf("%s: error %q lacks %q", name, st.Error, w)
			}
		}
		for _, internal := range []string{"p_test", "a.magic", "hits[", "life_points", "expr ", "events["} {
			if strings.Contains(st.Error+st.Box, internal) {
				t.Errorf("%s: the engine's name %q reached the page: %q %q", name, internal, st.Error, st.Box)
			}
		}
		if !st.Invalid || !st.Tied || st.Gap < 0 || st.Gap > 120 || st.State != "invalid" {
			t.Errorf("%s: %+v: want the field invalid, tied to its error shown just under it, result invalid", name, st)
		}
	}
	err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/fr/calculators/"), chromedp.WaitReady("#calc-critical"),
		chromedp.ScrollIntoView("#calc-armor"), waitReady("calc-armor", &out),
		setField("#calc-armor-hits", "1, 2, 99"))
	if err != nil {
		t.Fatal(err)
	}
	check("third hit", "#calc-armor-hits", []string{"Touche 3", "0 à 50"})
	_ = chromedp.Run(b.Ctx, chromedp.ScrollIntoView("#calc-spell-duel"), setField("#calc-spell-duel-a-magic", "41"))
	check("first duellist's magic", "#calc-spell-duel-a-magic", []string{"Sorcier A", "Magie", "0 à 40"})
	// An error only the engine finds: a dice expression it cannot read.
	_ = chromedp.Run(b.Ctx, chromedp.ScrollIntoView("#calc-dice"), setField("#calc-dice-expr", "2d6+"))
	if err := chromedp.Run(b.Ctx, chromedp.Poll(`document.querySelector("#calc-dice .field-error").hidden ? null : true`, nil, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatal(err)
	}
	check("dice expression", "#calc-dice-expr", []string{"Expression de dés"})
	// Correct it: the error goes, the result is ready again.
	if err := chromedp.Run(b.Ctx, setField("#calc-dice-expr", "2d6+1"), waitReady("calc-dice", &out), readField("#calc-dice-expr", &st)); err != nil {
		t.Fatal(err)
	}
	if st.Error != "" || st.Invalid {
		t.Errorf("corrected: %+v", st)
	}
	// A timed action's minute, in English.
	err = chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/en/calculators/"), chromedp.WaitReady("#calc-health-fantasy"),
		chromedp.ScrollIntoView("#calc-health-fantasy"), waitReady("calc-health-fantasy", &out),
		setField("#calc-health-fantasy-events-1-at", "x"), readField("#calc-health-fantasy-events", &st))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(st.Error, "Action 1") || !strings.Contains(st.Error, "Minute") || st.State != "invalid" {
		t.Errorf("action minute: %+v", st)
	}
}

// TestCalcStates: on a slow network, a change is marked at once (loading,
// aria-busy, dimmed), and ready comes only with the figures of the inputs
// shown; a wrong input makes the result invalid, not silently stale.
func TestCalcStates(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	err := chromedp.Run(b.Ctx,
		chromedp.ActionFunc(func(ctx context.Context) error {
			if err := network.SetCacheDisabled(true).Do(ctx); err != nil {
				return err
			}
			// Earlier tests' service worker would serve the engine from its
			// copy, past the throttling.
			if err := network.SetBypassServiceWorker(true).Do(ctx); err != nil {
				return err
			}
			return network.EmulateNetworkConditions(false, 400, 400*1000/8, 400*1000/8).Do(ctx)
		}),
		chromedp.Navigate(baseURL+"/fr/spellcasting/#casting"),
		chromedp.WaitReady("#calc-casting"),
		// The script has made the fields editable: a reader can type.
		chromedp.Poll(`document.querySelector("#calc-casting .calc-inputs").disabled ? null : true`, nil, chromedp.WithPollingTimeout(30*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		State   string  `json:"state"`
		Busy    string  `json:"busy"`
		Reason  string  `json:"reason"`
		Opacity float64 `json:"opacity"`
		Overlap float64 `json:"overlap"` // px² of the answer under the badge
	}
	probe := `(() => { const r = ` + jsCalcResult("calc-casting") + `, s = r.querySelector(".calc-state");
	  const a = r.querySelector(".calc-answer").getBoundingClientRect(), b = s.getBoundingClientRect();
	  const shown = !s.hidden && getComputedStyle(s).visibility !== "hidden";
	  const overlap = shown ? Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)) : 0;
	  return { state: r.dataset.state, busy: r.getAttribute("aria-busy") || "", reason: s.hidden ? "" : s.textContent,
	    opacity: Number(getComputedStyle(r.querySelector(".calc-live")).opacity), overlap }; })()`
	// The engine (half a megabyte at 400 kbit/s) is still on its way.
	if err := chromedp.Run(b.Ctx, setField("#calc-casting-magic", "9"), chromedp.Sleep(100*time.Millisecond), chromedp.Evaluate(probe, &st)); err != nil {
		t.Fatal(err)
	}
	if st.State != "loading" || st.Busy != "true" || st.Reason == "" || st.Opacity > 0.6 {
		t.Errorf("100 ms after a change, engine loading: %+v, want loading, busy, a reason, dimmed", st)
	}
	// The reason's badge sits under the answer, not on its first words
	// (issue 34, point 8).
	if st.Overlap > 0 {
		t.Errorf("engine loading: the badge covers %.0f px² of the answer", st.Overlap)
	}
	var out string
	if err := chromedp.Run(b.Ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		return network.EmulateNetworkConditions(false, 0, -1, -1).Do(ctx)
	}), waitReady("calc-casting", &out), chromedp.Evaluate(probe, &st)); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	_ = json.Unmarshal([]byte(out), &m)
	if m["result_max"] != 8.0 || st.Busy != "" || st.Reason != "" {
		t.Errorf("ready: %+v, output for magic 9: %v", st, m["result_max"])
	}
	if err := chromedp.Run(b.Ctx, setField("#calc-casting-magic", "neuf"), chromedp.Sleep(100*time.Millisecond), chromedp.Evaluate(probe, &st)); err != nil {
		t.Fatal(err)
	}
	if st.State != "invalid" || st.Reason == "" || st.Opacity > 0.6 {
		t.Errorf("invalid input: %+v", st)
	}
}

// TestCalcAnswerFirst: every calculator leads with its answer in words,
// with emphasised figures, in both languages, statically and live; the
// engine's JSON is not on the page; each rule is linked once.
func TestCalcAnswerFirst(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	for _, lang := range []string{"fr", "en"} {
		var res []struct {
			ID     string `json:"id"`
			Answer string `json:"answer"`
			Strong int    `json:"strong"`
			First  bool   `json:"first"`
			Links  int    `json:"links"`
			Unique int    `json:"unique"`
			JSON   bool   `json:"json"`
		}
		probe := `[...document.querySelectorAll(".calc")].map((c) => { const a = c.querySelector(".calc-answer"); const live = c.querySelector(".calc-live");
		  const links = [...c.querySelectorAll(".calc-steps a")].map((x) => x.getAttribute("href"));
		  return { id: c.id, answer: a ? a.textContent : "", strong: a ? a.querySelectorAll("strong").length : 0, first: live.firstElementChild === a,
		    links: links.length, unique: new Set(links).size, json: !!c.querySelector("pre, .calc-raw") }; })`
		err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/"+lang+"/calculators/"), chromedp.WaitReady("#calc-critical"), chromedp.Evaluate(probe, &res))
		if err != nil {
			t.Fatal(err)
		}
		if len(res) != 12 {
			t.Fatalf("%s: %d calculators", lang, len(res))
		}
		for _, r := range res {
			if r.Answer == "" || r.Strong == 0 || !r.First || r.Links != r.Unique || r.JSON || strings.Contains(r.Answer, "**") {
				t.Errorf("%s %s: %+v", lang, r.ID, r)
			}
		}
	}
}

// TestCalcShortLinks: a configured calculator links in at most 160
// characters (with a host of 30), reopens as it was, and the first
// version's JSON links still open.
func TestCalcShortLinks(t *testing.T) {
	b := newBrowser(t, 1280, 900, false)
	var loc, out, magic, torso string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/fantasy/#armor"), chromedp.WaitReady("#calc-armor"), chromedp.ScrollIntoView("#calc-armor"),
		waitReady("calc-armor", &out),
		setField("#calc-armor-magic", "3"), setField("#calc-armor-locations-torso", "plate"),
		chromedp.Poll(`(() => { const r = `+jsCalcResult("calc-armor")+`; return r.dataset.state === "ready" && JSON.parse(r.dataset.output).magic === 3 && JSON.parse(r.dataset.output).physical === 5 && location.search.includes("magic") ? location.href : null; })()`,
			&loc, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(loc)
	link := "https://rules.example-gn.org" + u.RequestURI() + "#calc-armor"
	if len(link) > 160 {
		t.Errorf("link of %d characters: %s", len(link), link)
	}
	if q := u.Query().Get("calc-armor"); q != "torso:plate,magic:3" {
		t.Errorf("link holds %q", q)
	}
	b2 := newBrowser(t, 1280, 900, false)
	open := func(u string) {
		t.Helper()
		if err := chromedp.Run(b2.Ctx, chromedp.Navigate(u), chromedp.WaitReady("#calc-armor"), waitReady("calc-armor", &out),
			chromedp.Value("#calc-armor-magic", &magic), chromedp.Value("#calc-armor-locations-torso", &torso)); err != nil {
			t.Fatal(err)
		}
		if magic != "3" || torso != "plate" {
			t.Errorf("%s reopened with magic %q, torso %q", u, magic, torso)
		}
	}
	open(loc)
	old := `{"locations":{"forearms":"leather","arms":"none","thighs":"none","legs":"none","torso":"plate"},"real_chainmail":[],"helmet":true,"costume_bonus":false,"magic":3,"life_points":1,"hits":[2,1,1,1,1]}`
	open(baseURL + "/fr/fantasy/?calc-armor=" + url.QueryEscape(old) + "#armor")
}

// TestCalcHostileState: links the form cannot show fall back to the
// defaults with a notice, at once, whatever their size; the engine answers
// an error object to a huge input instead of freezing.
func TestCalcHostileState(t *testing.T) {
	b := newBrowser(t, 1280, 900, false)
	rows := strings.Repeat("30.first_aid.0~", 5000)
	links := map[string]string{
		"thousands of events": "calc-health-fantasy=events:" + rows,
		"__proto__":           "calc-health-fantasy=" + url.QueryEscape(`{"__proto__":{"state":"dead"}}`),
		"unknown option":      "calc-health-fantasy=state:zombie",
		"text in a number":    "calc-health-fantasy=" + url.QueryEscape(`{"until":"soon"}`),
		"unknown field":       "calc-health-fantasy=mana:3",
	}
	for name, q := range links {
		var notice, state string
		var n int
		err := chromedp.Run(b.Ctx,
			chromedp.Navigate(baseURL+"/fr/fantasy/?"+q+"#life"), chromedp.WaitReady("#calc-health-fantasy"), chromedp.ScrollIntoView("#calc-health-fantasy"),
			chromedp.Poll(`document.querySelector("#calc-health-fantasy .calc-error").textContent || null`, &notice, chromedp.WithPollingTimeout(10*time.Second)),
			chromedp.Value("#calc-health-fantasy-state", &state),
			chromedp.Evaluate(`document.querySelectorAll("#calc-health-fantasy .events > li").length`, &n),
		)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !strings.Contains(notice, "lien") || state != "wounded" || n != 1 {
			t.Errorf("%s: notice %q, state %q, %d rows: want the defaults and the notice", name, notice, state, n)
		}
	}
	var code string
	err := chromedp.Run(b.Ctx, chromedp.Evaluate(`window.__compendiumEngine.then((e) => e.run("probe", "armor", JSON.stringify({ hits: new Array(1000000).fill(1) }))).then((r) => r.out.error ? r.out.error.code : "no error")`, &code, awaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if code == "no error" || code == "" {
		t.Errorf("a million hits: %q, want an error object", code)
	}
}

// longTaskProbe records the longest main-thread task from now on.
const longTaskProbe = `window.__longest = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longest = Math.max(window.__longest, e.duration); }).observe({ type: "longtask" });`

// wasmOnPageProbe counts every WebAssembly module compiled or instantiated
// in the page's own realm, from before the page's first script (boot.js
// starts the engine from <head>). A worker has a realm of its own, which
// the probe does not reach: a count above zero is a module on the page's
// main thread.
const wasmOnPageProbe = `window.__wasmOnPage = 0; (() => {
  const W = WebAssembly;
  for (const f of ["compile", "compileStreaming", "instantiate", "instantiateStreaming"]) {
    const orig = W[f];
    if (orig) W[f] = function (...a) { window.__wasmOnPage++; return orig.apply(this, a); };
  }
  for (const c of ["Module", "Instance"]) {
    W[c] = new Proxy(W[c], { construct(target, a, nt) { window.__wasmOnPage++; return Reflect.construct(target, a, nt); } });
  }
})();`

// TestCalcMainThreadFree: typing the largest dice expression one key at a
// time brings its result (the computations it supersedes are cancelled),
// and what keeps the page free while it does holds: the engine computes in
// a worker, so no WebAssembly module is compiled or instantiated in the
// page's realm and the page never fetches the module (the first worker
// does, from the address in its name: see engine.js); and the result is
// drawn in place of what the field showed while it was computed: from the
// last key to the result on screen, the page shifts no more than the
// site's layout budget (0.02, as TestNoLayoutShift; 0.012 measured, the
// figures taking the place of the last answer). The shifts while typing
// (an error under the field at "100d", a result's figures growing) are the
// reader's: a real key counts as recent input, which cumulative layout
// shift leaves out, and the test's programmatic input does not, so they
// are logged only. On the main thread, this typing blocked the page 6.7 s.
//
// How long the page's longest task is meanwhile is a timing, and tests
// assert no timings: the machine moves it. Alone on this 2-core machine
// (go test ./generator/e2e), three tries gave 84, 75 and 0 ms; traced,
// the long ones were a worker's creation (a 43 to 57 ms main-thread task,
// the spare that makes cancelling cheap) and frames of a 19,500 px page.
// The test logs it; BenchmarkTypingLongestTask measures it.
func TestCalcMainThreadFree(t *testing.T) {
	r := typeBigDice(t)
	if r.wasmOnPage != 0 {
		t.Errorf("%d WebAssembly modules compiled or instantiated on the page's main thread while typing, want 0 (the engine runs in its worker)", r.wasmOnPage)
	}
	if len(r.pageWasm) > 0 {
		t.Errorf("the page itself fetched %v, want none: the engine's worker fetches its module", r.pageWasm)
	}
	if r.workers == 0 {
		t.Error("the page loaded no worker script, yet the dice gave a result: where did the engine run?")
	}
	if r.shift > 0.02 {
		t.Errorf("layout shift from the last key to the result drawn: %.4f (moved: %v), want at most 0.02", r.shift, r.moved)
	}
	t.Logf("layout shift from the last key to the result drawn: %.4f; while typing (the reader's): %.4f", r.shift, r.typedShift)
	t.Logf("longest main-thread task while typing 100d1000+100d1000: %.0f ms (0: none of 50 ms or more)", r.longest)
}

// typing is what typeBigDice saw: the longest main-thread task (Long Tasks
// API; 0 when none reached 50 ms), the modules made on the page, the .wasm
// files and worker scripts in the page's own resource timing (a worker's
// fetches are in the worker's), the layout shift from the last key to the
// result drawn, with the elements it moved, and the shift while typing.
type typing struct {
	longest    float64
	wasmOnPage int
	pageWasm   []string
	workers    int
	shift      float64
	moved      []string
	typedShift float64
}

// typingShiftProbe sums the layout shifts from now on (not buffered: the
// page's load is TestNoLayoutShift's), as layoutShiftProbe does;
// typingShiftRestart starts the sum again, keeping what it had in
// window.__typedShift.
const typingShiftProbe = `window.__typingShift = 0; window.__typingMoved = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) { if (e.hadRecentInput) continue; window.__typingShift += e.value;
  for (const s of e.sources) window.__typingMoved.push(s.node ? (s.node.id || s.node.className || s.node.nodeName) : "?"); } })
  .observe({ type: "layout-shift" });`

const typingShiftRestart = `window.__typedShift = window.__typingShift; window.__typingShift = 0; window.__typingMoved = [];`

// pageResources lists the page realm's resource timing entries whose URL
// contains any of the strings given.
func pageResources(parts ...string) string {
	q, _ := json.Marshal(parts)
	return `performance.getEntriesByType("resource").map((e) => e.name).filter((n) => ` + string(q) + `.some((p) => n.includes(p)))`
}

// typeBigDice opens the calculators page on a phone, scrolls to the dice,
// and types 100d1000+100d1000 one key every 60 ms until its result is on
// screen.
func typeBigDice(tb testing.TB) typing {
	b := newBrowser(tb, 390, 844, true)
	var out string
	err := chromedp.Run(b.Ctx,
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(wasmOnPageProbe).Do(ctx)
			return err
		}),
		chromedp.Navigate(baseURL+"/en/calculators/"), chromedp.WaitReady("#calc-dice"), chromedp.ScrollIntoView("#calc-dice"), waitReady("calc-dice", &out),
		chromedp.Evaluate(longTaskProbe, nil),
		chromedp.Evaluate(typingShiftProbe, nil))
	if err != nil {
		tb.Fatal(err)
	}
	expr := "100d1000+100d1000"
	for i := 1; i <= len(expr); i++ {
		steps := chromedp.Tasks{setField("#calc-dice-expr", expr[:i])}
		if i == len(expr) {
			// What the last key sets off is the result's draw.
			steps = append(steps, chromedp.Evaluate(typingShiftRestart, nil))
		}
		if err := chromedp.Run(b.Ctx, append(steps, chromedp.Sleep(60*time.Millisecond))); err != nil {
			tb.Fatal(err)
		}
	}
	var answer string
	var r typing
	err = chromedp.Run(b.Ctx,
		chromedp.Poll(`(() => { const r = `+jsCalcResult("calc-dice")+`; const a = r.querySelector(".calc-answer").textContent; return r.dataset.state === "ready" && a.includes("200,000") && a.includes("100,100") ? a : null; })()`,
			&answer, chromedp.WithPollingTimeout(50*time.Second)),
		chromedp.Sleep(200*time.Millisecond),
		chromedp.Evaluate(`window.__longest`, &r.longest),
		chromedp.Evaluate(`window.__wasmOnPage`, &r.wasmOnPage),
		chromedp.Evaluate(pageResources(".wasm"), &r.pageWasm),
		chromedp.Evaluate(pageResources("/worker-")+`.length`, &r.workers),
		chromedp.Evaluate(`window.__typingShift`, &r.shift),
		chromedp.Evaluate(`window.__typingMoved`, &r.moved),
		chromedp.Evaluate(`window.__typedShift`, &r.typedShift))
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// clippedSelects lists the page's calculator selects narrower than their
// longest option: a select shows one line, and its scrollWidth does not
// grow with a clipped option (the armour's "chain mail, studded leather,
// scales (2)" was cut at 360 and 390 px with scrollWidth equal to
// clientWidth). Each is compared with a hidden copy of itself, beside
// it (so with its styles) but out of the flow and as wide as its longest
// option.
var clippedSelects = probeShown(".calc select", `(s) => {
	const shown = s.getBoundingClientRect().width;
	const copy = s.cloneNode(true);
	copy.removeAttribute("id");
	copy.style.cssText = "position: absolute; visibility: hidden; width: max-content; max-width: none";
	s.after(copy);
	const whole = copy.getBoundingClientRect().width;
	copy.remove();
	return whole > shown + 0.5 ? [s.id + " " + Math.round(whole) + ">" + Math.round(shown)] : [];
}`)

// splitCheckboxes lists the calculators' checkboxes whose label does not
// start on the checkbox's line: at 390 px the armour's "Costume bonus
// (granted by an organiser)" went whole under its box, which then stood
// alone on a line of its own.
var splitCheckboxes = probeShown(".calc input[type=checkbox]", `(c) => {
	const l = c.labels[0];
	if (!l) return [c.id + " (no label)"];
	const box = c.getBoundingClientRect(), first = l.getClientRects()[0];
	return first.top >= box.bottom || first.bottom <= box.top ? [c.id] : [];
}`)

// TestCalcPhoneLayout: at 360 px the timed actions fit without sideways
// scrolling, selects show their whole text and each checkbox has its
// label beside it, in both languages, on the
// calculators page and in a rules page; while an input has focus and the
// answer is off screen, its summary stays in view; on a wide screen,
// inputs and result sit side by side.
func TestCalcPhoneLayout(t *testing.T) {
	b := newBrowser(t, 360, 740, true)
	for _, path := range []string{"/fr/calculators/", "/en/calculators/", "/fr/fantasy/", "/en/fantasy/"} {
		var overflow, clipped, split, unmarked []string
		err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+path), chromedp.WaitReady("#calc-armor"),
			chromedp.Evaluate(probeShown(".calc .events, .calc .field, .calc", `(e) => e.scrollWidth > e.clientWidth + 1 ? [(e.id || e.className) + " " + e.scrollWidth + ">" + e.clientWidth] : []`), &overflow),
			chromedp.Evaluate(clippedSelects, &clipped), chromedp.Evaluate(splitCheckboxes, &split),
			// A table that scrolls in its box (the armour's, at 360 px)
			// shows a shadow where there is more: covers that scroll with
			// the cells over shadows that stay at the edges.
			chromedp.Evaluate(probeShown(".calc table", `(t) => t.scrollWidth > t.clientWidth + 1 && getComputedStyle(t).backgroundAttachment !== "local, local, scroll, scroll" ? [t.closest(".calc").id] : []`), &unmarked))
		if err != nil {
			t.Fatal(err)
		}
		if len(overflow) > 0 {
			t.Errorf("%s: wider than their box at 360 px: %v", path, overflow)
		}
		if len(clipped) > 0 {
			t.Errorf("%s: selects that cut their longest option at 360 px (whole > shown width): %v", path, clipped)
		}
		if len(split) > 0 {
			t.Errorf("%s: checkboxes whose label went to the next line at 360 px: %v", path, split)
		}
		if len(unmarked) > 0 {
			t.Errorf("%s: tables that scroll at 360 px with no shadow to say so: %v", path, unmarked)
		}
	}
	// On the calculators page and on a rules page, whose floating contents
	// button sits where the summary does: the summary is drawn on top of
	// everything, each point of it the summary's own.
	for _, path := range []string{"/fr/calculators/", "/en/fantasy/"} {
		if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+path), chromedp.WaitReady("#calc-armor")); err != nil {
			t.Fatal(err)
		}
		var peek struct {
			Shown   bool     `json:"shown"`
			Text    string   `json:"text"`
			Top     float64  `json:"top"`
			Bottom  float64  `json:"bottom"`
			Covered []string `json:"covered"`
		}
		var out string
		err := chromedp.Run(b.Ctx, chromedp.ScrollIntoView("#calc-armor"), waitReady("calc-armor", &out),
			chromedp.Focus("#calc-armor-locations-forearms"), chromedp.Sleep(300*time.Millisecond),
			// Taps go through the summary (pointer-events: none): to see
			// what is drawn on top, the check makes it hit-testable.
			chromedp.Evaluate(`(() => { const p = document.querySelector(".calc-peek[data-for=calc-armor]"); if (!p) return { shown: false }; const r = p.getBoundingClientRect();
			  p.style.pointerEvents = "auto";
			  const covered = [];
			  for (let i = 0; i < 5; i++) for (let j = 0; j < 3; j++) {
			    const x = r.left + 10 + (r.width - 20) * i / 4, y = r.top + 10 + (r.height - 20) * j / 2; // inside its rounded corners
			    const e = document.elementFromPoint(x, y);
			    if (e && !p.contains(e)) covered.push(Math.round(x) + "," + Math.round(y) + ": " + (e.className || e.nodeName));
			  }
			  p.style.pointerEvents = "";
			  return { shown: getComputedStyle(p).display !== "none", text: p.textContent, top: r.top, bottom: r.bottom, covered }; })()`, &peek))
		if err != nil {
			t.Fatal(err)
		}
		if !peek.Shown || peek.Text == "" || peek.Top < 0 || peek.Bottom > 740 {
			t.Errorf("%s: editing the armour's first field on a phone: summary %+v, want it shown in the screen", path, peek)
		}
		if len(peek.Covered) > 0 {
			t.Errorf("%s: editing the armour's first field on a phone: the summary is covered at %v", path, peek.Covered)
		}
	}
	wide := newBrowser(t, 1280, 900, false)
	var cols int
	err := chromedp.Run(wide.Ctx, chromedp.Navigate(baseURL+"/fr/calculators/"), chromedp.WaitReady("#calc-armor"),
		chromedp.Evaluate(`getComputedStyle(document.querySelector("#calc-armor .calc-body")).gridTemplateColumns.split(" ").length`, &cols))
	if err != nil {
		t.Fatal(err)
	}
	if cols != 2 {
		t.Errorf("wide screen: %d columns, want inputs and result side by side", cols)
	}
}

// TestCalcIndex: the calculators page has an index grouped by rules
// document, and each calculator a heading with a permanent ID, its
// copy-link and its other-language link.
func TestCalcIndex(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var r struct {
		Groups  int      `json:"groups"`
		Links   []string `json:"links"`
		Heads   int      `json:"heads"`
		Copy    int      `json:"copy"`
		Alt     []string `json:"alt"`
		Missing []string `json:"missing"`
		Docs    []string `json:"docs"`
		Back    string   `json:"back"`
	}
	err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/fr/calculators/"), chromedp.WaitReady("#calc-critical"),
		chromedp.Evaluate(`(() => { const links = [...document.querySelectorAll(".calc-index ul ul a")].map((a) => a.getAttribute("href"));
		  const heads = [...document.querySelectorAll(".calc-entry > h2[id]")];
		  return { docs: [...document.querySelectorAll(".calc-index-doc")].map((e) => e.textContent.trim()),
		    back: document.querySelector("#armor").closest("section").querySelector(".calc-back").textContent.trim(),
		    groups: document.querySelectorAll(".calc-index > ul > li").length, links, heads: heads.length,
		    copy: heads.filter((h) => h.querySelector("a.heading-link[data-copy-link]")).length,
		    alt: heads.map((h) => h.querySelector("a.heading-alt")?.getAttribute("href") || ""),
		    missing: links.filter((l) => !document.getElementById(l.slice(1)) || document.getElementById(l.slice(1)).tagName !== "H2") }; })()`, &r))
	if err != nil {
		t.Fatal(err)
	}
	if r.Groups < 5 || len(r.Links) != 12 || r.Heads != 12 || r.Copy != 12 || len(r.Missing) > 0 {
		t.Errorf("index: %+v", r)
	}
	// The index and the links back to the rules name the game: the
	// sources' own titles ("Descriptif des règles", "Duels") do not.
	if len(r.Docs) < 5 || r.Docs[0] != "GN fantasy — Règles" || r.Docs[1] != "GN contemporain — Règles" {
		t.Errorf("index groups %q, want the documents' short names (GN fantasy — Règles, GN contemporain — Règles, …)", r.Docs)
	}
	if !strings.Contains(r.Back, "(GN fantasy — Règles)") {
		t.Errorf("armour's link to its rules %q does not name the game", r.Back)
	}
	for i, a := range r.Alt {
		if a != "../../en/calculators/"+r.Links[i] {
			t.Errorf("heading %d: other-language link %q", i, a)
		}
	}
}

// TestCalcWithoutJavaScript: the note that the result is the defaults' comes
// first, the fields are read-only, and no button that cannot work shows.
func TestCalcWithoutJavaScript(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var r struct {
		First    string `json:"first"`
		Disabled bool   `json:"disabled"`
		Buttons  int    `json:"buttons"`
	}
	err := chromedp.Run(b.Ctx,
		chromedp.ActionFunc(func(ctx context.Context) error { return emulation.SetScriptExecutionDisabled(true).Do(ctx) }),
		chromedp.Navigate(baseURL+"/fr/fantasy/#armor"), chromedp.WaitReady("#calc-armor"),
		chromedp.ActionFunc(func(ctx context.Context) error {
			// Evaluate runs even with page scripts off.
			return chromedp.Evaluate(`(() => { const c = document.querySelector("#calc-armor");
			  const first = [...c.children].find((e) => e.getClientRects().length);
			  const note = first && (first.matches(".calc-noscript") ? first : first.querySelector(".calc-noscript"));
			  return { first: note ? "calc-noscript" : first ? first.tagName + "." + first.className : "", disabled: c.querySelector(".calc-inputs").disabled,
			    buttons: [...c.querySelectorAll("button")].filter((x) => x.getClientRects().length).length }; })()`, &r).Do(ctx)
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	if r.First != "calc-noscript" || !r.Disabled || r.Buttons != 0 {
		t.Errorf("without JavaScript: %+v, want the note first, read-only fields, no button", r)
	}
}
