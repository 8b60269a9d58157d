//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"compendium/generator/calc"
)

// nativeCalc runs the calc command in process: the browser's output must
// equal it.
func nativeCalc(t *testing.T, name string, input map[string]any) map[string]any {
	t.Helper()
	in, _ := json.Marshal(input)
	var out, errOut bytes.Buffer
	if code := calc.Run(calc.Options{Name: name, Content: "content", Lang: "en"}, bytes.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("calc %s %s: exit %d: %s%s", name, in, code, out.String(), errOut.String())
	}
	var m map[string]any
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// sameJSON compares two decoded JSON values, numbers to 1e-12: both sides
// run the same Go code, so they must agree to the last digit or nearly.
func sameJSON(a, b any, path string) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return path + ": objects differ in keys"
		}
		for k := range x {
			if d := sameJSON(x[k], y[k], path+"."+k); d != "" {
				return d
			}
		}
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return path + ": lists differ in length"
		}
		for i := range x {
			if d := sameJSON(x[i], y[i], path+"["+strconv.Itoa(i)+"]"); d != "" {
				return d
			}
		}
	case float64:
		y, ok := b.(float64)
		if !ok || math.Abs(x-y) > 1e-12 {
			return path + ": " + strconv.FormatFloat(x, 'g', -1, 64) + " ≠ " + strconv.FormatFloat(y, 'g', -1, 64)
		}
	default:
		if a != b {
			return path + ": values differ"
		}
	}
	return ""
}

// setField is how a person fills the form: value, then the input event.
func setField(sel, value string) chromedp.Action {
	js := `(() => { const el = document.querySelector(` + strconv.Quote(sel) + `);
		if (!el) throw new Error("no field " + ` + strconv.Quote(sel) + `);
		if (el.type === "checkbox") el.checked = ` + strconv.Quote(value) + ` === "true"; else el.value = ` + strconv.Quote(value) + `;
		el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); return true; })()`
	return chromedp.Evaluate(js, nil)
}

// waitOutput opens the calculator when it waits folded, then waits until it
// shows a live result, and returns the output the page used.
func waitOutput(id string, out *string) chromedp.Action {
	return chromedp.Poll(`(() => { `+openFoldJS(id)+` const r = `+jsCalcResult(id)+`; return r.dataset.static === "false" && !r.dataset.error && r.dataset.output ? r.dataset.output : null; })()`,
		out, chromedp.WithPollingTimeout(10*time.Second))
}

type calcCase struct {
	name   string
	id     string            // the calculator's section id on the calculators page
	fields map[string]string // selector → value, set through the form
	input  map[string]any    // what the form must send to the engine
}

var calcCases = []calcCase{
	{"dice", "calc-dice", map[string]string{"#calc-dice-expr": "3d6+1d4-2"}, map[string]any{"expr": "3d6+1d4-2"}},
	{"armor", "calc-armor", map[string]string{"#calc-armor-locations-torso": "plate", "#calc-armor-magic": "2", "#calc-armor-hits": "4, 1, 1, 1", "#calc-armor-helmet": "false", "#calc-armor-locations-forearms": "none"},
		map[string]any{"locations": map[string]any{"forearms": "none", "arms": "none", "thighs": "none", "legs": "none", "torso": "plate"}, "helmet": false, "costume_bonus": false,
			"magic": 2, "life_points": 1, "hits": []any{4, 1, 1, 1}, "real_chainmail": []any{}}},
	{"health-fantasy", "calc-health-fantasy", map[string]string{"#calc-health-fantasy-state": "dying", "#calc-health-fantasy-combat-ends-at": "10"},
		map[string]any{"state": "dying", "life_points": 1, "combat_ends_at": 10, "until": 240, "events": []any{map[string]any{"at": 30, "action": "first_aid", "self": false}}}},
	{"health-modern", "calc-health-modern", map[string]string{"#calc-health-modern-until": "300"},
		map[string]any{"state": "wounded", "until": 300, "events": []any{map[string]any{"at": 5, "action": "first_aid", "level": "novice", "calm_place": false, "self": false}}}},
	{"wounds", "calc-wounds", map[string]string{"#calc-wounds-dice": "8", "#calc-wounds-die": "8", "#calc-wounds-queue": "5, 3, 4"},
		map[string]any{"dice": 8, "die": 8, "medicine_bonus": 5, "queue": []any{5, 3, 4}}},
	{"casting", "calc-casting", map[string]string{"#calc-casting-magic": "7", "#calc-casting-apprenticeship": "5", "#calc-casting-reading": "natural"},
		map[string]any{"magic": 7, "apprenticeship": 5, "difficulty": 2, "reading": "natural"}},
	{"study", "calc-study", map[string]string{"#calc-study-hours": "6", "#calc-study-p-test": "75"}, map[string]any{"hours": 6, "p_test": 0.75}},
	{"dying-magic", "calc-dying-magic", map[string]string{"#calc-dying-magic-slot-level": "9", "#calc-dying-magic-pact-slot": "true"},
		map[string]any{"slot_level": 9, "con_save_bonus": 2, "pact_slot": true}},
	{"spell-duel", "calc-spell-duel", map[string]string{"#calc-spell-duel-b-element": "neutral", "#calc-spell-duel-a-magic": "10"},
		map[string]any{"a": map[string]any{"magic": 10, "apprenticeship": 3, "element": "fire"}, "b": map[string]any{"magic": 2, "apprenticeship": 2, "element": "neutral"}}},
	{"unarmed-duel", "calc-unarmed-duel", map[string]string{"#calc-unarmed-duel-fight-mode": "group", "#calc-unarmed-duel-attackers": "7", "#calc-unarmed-duel-defenders": "2"},
		map[string]any{"attackers": 7, "defenders": 2}},
	{"pathfinder-duel", "calc-pathfinder-duel", map[string]string{"#calc-pathfinder-duel-mode": "parry", "#calc-pathfinder-duel-bab": "9", "#calc-pathfinder-duel-unarmed": "true"},
		map[string]any{"mode": "parry", "bab": 9, "unarmed": true, "attack_bonus": 5}},
	{"critical", "calc-critical", map[string]string{"#calc-critical-attack-bonus": "12", "#calc-critical-ac": "14", "#calc-critical-crit-range": "19"},
		map[string]any{"attack_bonus": 12, "ac": 14, "crit_range": 19}},
}

// TestCalculatorParity: for every calculator, inputs set through the form
// give exactly the calc command's output for the same input, in French and
// in English.
func TestCalculatorParity(t *testing.T) {
	b := newBrowser(t, 1280, 900, false)
	for _, lang := range []string{"fr", "en"} {
		if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/"+lang+"/calculators/"), chromedp.WaitReady("#calc-critical")); err != nil {
			t.Fatal(err)
		}
		for _, c := range calcCases {
			t.Run(lang+"/"+c.name, func(t *testing.T) {
				var actions []chromedp.Action
				actions = append(actions, chromedp.ScrollIntoView("#"+c.id))
				// The mode selectors first: they decide which fields show.
				for sel, v := range c.fields {
					if strings.HasSuffix(sel, "-mode") {
						actions = append(actions, setField(sel, v))
					}
				}
				for sel, v := range c.fields {
					if !strings.HasSuffix(sel, "-mode") {
						actions = append(actions, setField(sel, v))
					}
				}
				var got string
				want := nativeCalc(t, c.name, normalise(c.input))
				actions = append(actions, waitOutput(c.id, &got))
				if err := chromedp.Run(b.Ctx, actions...); err != nil {
					t.Fatal(err)
				}
				// The last input event may still be on its way: wait for the output
				// that matches, then compare.
				deadline := time.Now().Add(5 * time.Second)
				for {
					var m map[string]any
					if err := json.Unmarshal([]byte(got), &m); err != nil {
						t.Fatal(err)
					}
					d := sameJSON(want, m, c.name)
					if d == "" {
						break
					}
					if time.Now().After(deadline) {
						t.Fatalf("browser and calc command differ: %s\nbrowser: %.400s", d, got)
					}
					time.Sleep(50 * time.Millisecond)
					_ = chromedp.Run(b.Ctx, chromedp.Evaluate(`document.querySelector("#`+c.id+` .calc-result").dataset.output`, &got))
				}
				// The figures shown are the output's, formatted.
				var shown string
				if err := chromedp.Run(b.Ctx, chromedp.Evaluate(`[...document.querySelectorAll("#`+c.id+` .calc-figures > div:not([hidden]) dd")].map(d => d.textContent).join("|")`, &shown)); err != nil {
					t.Fatal(err)
				}
				if shown == "" {
					t.Error("no figure shown")
				}
			})
		}
	}
}

// normalise turns ints into float64, as JSON decoding would.
func normalise(m map[string]any) map[string]any {
	b, _ := json.Marshal(m)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}

// TestCalculatorSurvivesBadInput: a bad input shows its error under the
// field, naming it and its range, and a valid input afterwards still
// computes: the module did not die.
func TestCalculatorSurvivesBadInput(t *testing.T) {
	b := newBrowser(t, 1280, 900, false)
	var alert, out string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/fantasy/#armor"),
		chromedp.WaitReady("#calc-armor"),
		chromedp.ScrollIntoView("#calc-armor"),
		setField("#calc-armor-magic", "999"),
		chromedp.Poll(`document.querySelector("#calc-armor-magic").closest(".field").querySelector(".field-error").textContent || null`, &alert, chromedp.WithPollingTimeout(10*time.Second)),
		setField("#calc-armor-hits", "1, x"),
		setField("#calc-armor-hits", "1, 2"),
		setField("#calc-armor-magic", "3"),
		chromedp.Poll(`(() => { const r = `+jsCalcResult("calc-armor")+`; return !r.dataset.error && r.dataset.output && JSON.parse(r.dataset.output).magic === 3 ? r.dataset.output : null; })()`,
			&out, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(alert, "Magie") || !strings.Contains(alert, "50") {
		t.Errorf("error %q should name the field and its range", alert)
	}
	var role string
	_ = chromedp.Run(b.Ctx, chromedp.Evaluate(`document.querySelector("#calc-armor .calc-error").getAttribute("role")`, &role))
	if role != "alert" {
		t.Errorf("error region role %q", role)
	}
}

// TestCalculatorSharedURL: the inputs live in the URL; opening it again
// gives the same inputs and the same result. A hostile value falls back to
// the defaults with a message.
func TestCalculatorSharedURL(t *testing.T) {
	b := newBrowser(t, 1280, 900, false)
	var shared, out1, out2, magic string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/spellcasting/#casting"),
		chromedp.WaitReady("#calc-casting"),
		chromedp.ScrollIntoView("#calc-casting"),
		setField("#calc-casting-magic", "9"),
		chromedp.Poll(`(() => { const r = `+jsCalcResult("calc-casting")+`; return r.dataset.output && JSON.parse(r.dataset.output).result_max === 8 ? r.dataset.output : null; })()`,
			&out1, chromedp.WithPollingTimeout(10*time.Second)),
		// The URL follows once typing pauses.
		chromedp.Poll(`location.search.includes("calc-casting=") ? location.href : null`, &shared, chromedp.WithPollingTimeout(5*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(shared)
	if u.Query().Get("calc-casting") == "" || u.Fragment != "casting" {
		t.Fatalf("shared URL %s lacks the inputs or the section", shared)
	}
	b2 := newBrowser(t, 1280, 900, false)
	err = chromedp.Run(b2.Ctx,
		chromedp.Navigate(shared),
		chromedp.WaitReady("#calc-casting"),
		waitOutput("calc-casting", &out2),
		chromedp.Value("#calc-casting-magic", &magic),
	)
	if err != nil {
		t.Fatal(err)
	}
	var o1, o2 map[string]any
	_ = json.Unmarshal([]byte(out1), &o1)
	_ = json.Unmarshal([]byte(out2), &o2)
	if d := sameJSON(o1, o2, "output"); magic != "9" || d != "" {
		t.Errorf("reopened: magic %q, output differs: %s", magic, d)
	}
	var alert, def string
	hostile := baseURL + "/fr/spellcasting/?calc-casting=" + url.QueryEscape(`{"magic":"<img src=x onerror=alert(1)>","apprenticeship":99}`) + "#casting"
	err = chromedp.Run(b2.Ctx,
		chromedp.Navigate(hostile),
		chromedp.WaitReady("#calc-casting"),
		chromedp.Poll(`document.querySelector("#calc-casting .calc-error").textContent || null`, &alert, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Value("#calc-casting-magic", &def),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(alert, "lien") || def != "4" {
		t.Errorf("hostile URL: alert %q, magic back to %q (want the default 4)", alert, def)
	}
}

// TestNoWasmAwayFromCalculators: a page read at a section with no
// calculator near has fetched no WebAssembly.
func TestNoWasmAwayFromCalculators(t *testing.T) {
	b := newBrowser(t, 1280, 900, false)
	for _, p := range []string{"/fr/fantasy/#magic", "/fr/pathfinder-duels/#starting-a-duel", "/en/heroes-and-dragons/#short-and-long-rests", "/fr/"} {
		if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+p), chromedp.WaitReady("body"), chromedp.Sleep(700*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	// The engine's worker fetches the WebAssembly module itself (a
	// request of the worker's, not the page's): the worker's script is
	// what the page requests, and only to start the engine.
	if w := append(b.RequestsMatching(".wasm"), b.RequestsMatching("/worker-")...); len(w) > 0 {
		t.Errorf("started the engine away from any calculator: %v", w)
	}
	// Near one folded, neither: its answer in words is the build's.
	if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/fr/fantasy/#armor"), chromedp.WaitReady("#calc-armor"), chromedp.ScrollIntoView("#calc-armor"),
		chromedp.Sleep(700*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	if w := b.RequestsMatching("/worker-"); len(w) > 0 {
		t.Errorf("started the engine for a folded calculator: %v", w)
	}
	// Opened, it loads and computes.
	if err := chromedp.Run(b.Ctx, openCalc("calc-armor"),
		chromedp.Poll(calcLive("calc-armor"), nil, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatal(err)
	}
	// One engine script; a computation that outlasts the cancel delay
	// (a loaded machine) also readies a spare worker of the same script.
	if w := b.RequestsMatching("/worker-"); len(w) == 0 || len(slices.Compact(slices.Sorted(slices.Values(w)))) != 1 {
		t.Errorf("near a calculator: engine workers %v, want one script", w)
	}
	// The engine's start is marked step by step, in the page's clock and in
	// order (engineAfter; the worker's own times converted), for the
	// benchmark and DevTools; a conversion gone wrong puts a step out of
	// order or outside the page's life.
	var marks map[string]float64
	var now float64
	if err := chromedp.Run(b.Ctx, chromedp.Evaluate(readMarks, &marks), chromedp.Evaluate(`performance.now()`, &now)); err != nil {
		t.Fatal(err)
	}
	// The worker's times and the page's are two clocks: a step of one
	// may read a fraction of a millisecond before the other's it follows.
	const skew = 1.0
	for _, step := range engineSteps {
		v, ok := marks["engine:"+step]
		if !ok {
			t.Errorf("no mark engine:%s (marks %v)", step, marks)
			continue
		}
		if v < 0 || v > now {
			t.Errorf("mark engine:%s at %.1f ms: outside the page's life (now %.1f); marks %v", step, v, now, marks)
		}
		for _, before := range engineAfter[step] {
			if b, ok := marks["engine:"+before]; ok && v < b-skew {
				t.Errorf("mark engine:%s at %.1f ms, before engine:%s at %.1f; marks %v", step, v, before, b, marks)
			}
		}
	}
}

// TestCalculatorTables: the live result keeps its values readable as a
// table: the unarmed duels round by round, and a plot's values under it.
func TestCalculatorTables(t *testing.T) {
	b := newBrowser(t, 1280, 900, false)
	var rounds, distRows int
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/contemporary/#unarmed-combat"),
		chromedp.WaitReady("#calc-unarmed-duel"),
		chromedp.ScrollIntoView("#calc-unarmed-duel"),
		setField("#calc-unarmed-duel-opponents", "1, 2, 5"),
		chromedp.Poll(`(() => { const r = `+jsCalcResult("calc-unarmed-duel")+`; return r.dataset.output && JSON.parse(r.dataset.output).rounds.length === 3 ? r.querySelectorAll(".calc-table tbody tr").length : null; })()`,
			&rounds, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Navigate(baseURL+"/fr/calculators/"),
		chromedp.WaitReady("#calc-dice"),
		chromedp.ScrollIntoView("#calc-dice"),
		chromedp.Poll(jsCalcResult("calc-dice")+`.dataset.static === "false" ? document.querySelectorAll("#calc-dice .calc-table tbody tr").length : null`,
			&distRows, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if rounds != 3 || distRows != 11 {
		t.Errorf("rounds table %d rows (want 3), 2d6 values %d rows (want 11)", rounds, distRows)
	}
}
