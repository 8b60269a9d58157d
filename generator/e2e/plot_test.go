//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/evanw/esbuild/pkg/api"
)

// plotCheck measures the plot of one calculator as the reader sees it:
// every text's rendered font size (computed size × the SVG's scale on
// screen) and its box against the SVG's, the axis titles and legends, the
// text alternative, and the width drawn against the width shown.
const plotCheck = `((id) => {
  const svg = document.querySelector("#" + id + " .calc-result .calc-plot svg");
  if (!svg) return { missing: true };
  const box = svg.getBoundingClientRect();
  const scale = svg.getScreenCTM().a;
  const bad = [];
  let titles = 0, texts = 0, minFont = 99;
  for (const t of svg.querySelectorAll("text")) {
    texts++;
    const fs = parseFloat(getComputedStyle(t).fontSize) * scale;
    minFont = Math.min(minFont, fs);
    const r = t.getBoundingClientRect();
    if (fs < 11) bad.push("font " + fs.toFixed(1) + " px: " + t.textContent);
    if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
      bad.push("outside by " + [box.left - r.left, r.right - box.right, box.top - r.top, r.bottom - box.bottom].map((x) => x.toFixed(1)).join("/") + ": " + t.textContent);
    if (t.matches(".axis-title, .legend")) titles++;
    if (/\b(calc|opt|plot)\.[a-z_]/.test(t.textContent)) bad.push("untranslated: " + t.textContent);
  }
  const title = svg.querySelector(":scope > title");
  return { bad, titles, texts, minFont, role: svg.getAttribute("role") || "", label: svg.getAttribute("aria-label") || "",
    title: title ? title.textContent : "", drawn: svg.viewBox.baseVal.width, shown: box.width,
    bars: svg.querySelectorAll("rect.bar").length, barTitles: svg.querySelectorAll("rect.bar > title").length };
})`

type plotReport struct {
	Missing            bool
	Bad                []string
	Titles, Texts      int
	MinFont            float64
	Role, Label, Title string
	Drawn, Shown       float64
	Bars, BarTitles    int
}

// plotVariant is a calculator in a given state: fields set through the
// form, then a condition on the output that says the result is the new one.
type plotVariant struct {
	id     string
	fields [][2]string
	ready  string // JS condition on o, the output
}

var plotVariants = []plotVariant{
	{"calc-dice", [][2]string{{"#calc-dice-expr", "20d100"}}, `o.expr === "20d100"`},
	{"calc-dice", [][2]string{{"#calc-dice-expr", "3d6+1d4-2"}}, `o.expr === "3d6+1d4-2"`},
	{"calc-pathfinder-duel", [][2]string{{"#calc-pathfinder-duel-mode", "parry"}}, `o.mode === "parry"`},
	{"calc-pathfinder-duel", [][2]string{{"#calc-pathfinder-duel-mode", "dodge"}}, `o.mode === "dodge"`},
	{"calc-health-modern", [][2]string{{"#calc-health-modern-state", "full_health"}}, `o.timeline[0].state === "full_health"`},
	// Magic 0, apprenticeship 3: all five outcomes, some narrow.
	{"calc-casting", [][2]string{{"#calc-casting-magic", "0"}, {"#calc-casting-apprenticeship", "3"}}, `o.outcomes.critical_failure > 0 && o.outcomes.perfect > 0`},
}

// waitFor waits until the calculator id shows a live result whose output
// satisfies cond.
// nudge sets a calculator's first field to the value it has, as a reader
// retyping it would: a result on screen when the page loaded gets its plot
// at the first change (drawn at once, it would push the text being read).
func nudge(id string) chromedp.Action {
	return chromedp.Evaluate(`(() => { const el = document.querySelector("#`+id+` [data-path]:is(input, select)");
		el.dispatchEvent(new Event(el.tagName === "SELECT" || el.type === "checkbox" ? "change" : "input", { bubbles: true })); })()`, nil)
}

func waitFor(id, cond string) chromedp.Action {
	var ok bool
	return chromedp.Poll(`(() => { const r = `+jsCalcResult(id)+`;
		if (r.dataset.static !== "false" || r.dataset.state !== "ready" || !r.dataset.output || !r.querySelector(".calc-plot svg")) return null;
		const o = JSON.parse(r.dataset.output); return (`+cond+`) ? true : null; })()`, &ok, chromedp.WithPollingTimeout(15*time.Second))
}

func checkPlot(t *testing.T, b *Browser, where, id string, wantPlot bool) {
	t.Helper()
	var r plotReport
	if err := chromedp.Run(b.Ctx, chromedp.Evaluate(plotCheck+`(`+strconv.Quote(id)+`)`, &r)); err != nil {
		t.Fatalf("%s %s: %v", where, id, err)
	}
	if r.Missing {
		if wantPlot {
			t.Errorf("%s %s: no plot", where, id)
		}
		return
	}
	for _, s := range r.Bad {
		t.Errorf("%s %s: %s", where, id, s)
	}
	if r.Titles == 0 {
		t.Errorf("%s %s: no axis title nor legend", where, id)
	}
	if r.Role != "img" || r.Label == "" || r.Title == "" {
		t.Errorf("%s %s: role %q, aria-label %q, title %q", where, id, r.Role, r.Label, r.Title)
	}
	if r.Bars != r.BarTitles {
		t.Errorf("%s %s: %d bars, %d with a tooltip", where, id, r.Bars, r.BarTitles)
	}
	// Drawn at the width shown (within the 280–720 clamp): one unit, one px.
	if r.Shown >= 280 && r.Shown <= 720 && (r.Drawn < r.Shown-1.5 || r.Drawn > r.Shown+1.5) {
		t.Errorf("%s %s: drawn %.0f units wide, shown %.0f px", where, id, r.Drawn, r.Shown)
	}
	t.Logf("%s %s: %d texts, smallest %.1f px, %d titles/legends, %.0f px wide", where, id, r.Texts, r.MinFont, r.Titles, r.Shown)
}

// TestPlotReadable: on 390 and 360 px phones and a wide screen, in both
// languages, every calculator's plot has texts of at least 11 px on
// screen, all inside the SVG, an axis title or a legend, and its text
// alternative; and so in the variants (long distributions, other modes).
func TestPlotReadable(t *testing.T) {
	for _, vp := range []struct {
		name   string
		w, h   int64
		mobile bool
	}{{"390", 390, 844, true}, {"360", 360, 780, true}, {"1280", 1280, 900, false}} {
		for _, lang := range []string{"fr", "en"} {
			t.Run(vp.name+"/"+lang, func(t *testing.T) {
				b := newBrowser(t, vp.w, vp.h, vp.mobile)
				var ids []string
				err := chromedp.Run(b.Ctx,
					chromedp.Navigate(baseURL+"/"+lang+"/calculators/"),
					chromedp.WaitReady("#calc-critical"),
					chromedp.Evaluate(`[...document.querySelectorAll(".calc[data-calc][data-plot]")].map((c) => c.id)`, &ids),
				)
				if err != nil {
					t.Fatal(err)
				}
				if len(ids) < 12 {
					t.Fatalf("%d calculators on the page", len(ids))
				}
				for _, id := range ids {
					var out string
					if err := chromedp.Run(b.Ctx, chromedp.ScrollIntoView("#"+id), waitOutput(id, &out), nudge(id), waitFor(id, "true")); err != nil {
						t.Fatalf("%s: %v", id, err)
					}
					checkPlot(t, b, vp.name+"/"+lang, id, true)
				}
				for _, v := range plotVariants {
					actions := []chromedp.Action{chromedp.ScrollIntoView("#" + v.id)}
					for _, f := range v.fields {
						actions = append(actions, setField(f[0], f[1]))
					}
					actions = append(actions, waitFor(v.id, v.ready))
					if err := chromedp.Run(b.Ctx, actions...); err != nil {
						t.Fatalf("%s %v: %v", v.id, v.fields, err)
					}
					checkPlot(t, b, vp.name+"/"+lang+" "+fmt.Sprint(v.fields), v.id, true)
				}
			})
		}
	}
}

// paintOf gives, for the plot shapes sel matches in a calculator, their
// classes and their colour: the fill, or the fill of the pattern's ground.
const paintOf = `((id, sel) => [...document.querySelector("#" + id + " .calc-plot svg").querySelectorAll(sel)].map((e) => {
  let fill = getComputedStyle(e).fill;
  const m = /url\("?#([^")]+)"?\)/.exec(fill);
  if (m) { const g = document.getElementById(m[1]); fill = g ? getComputedStyle(g.querySelector("rect")).fill : "missing pattern " + m[1]; }
  return { cls: e.getAttribute("class"), fill };
}))`

type shapePaint struct{ Cls, Fill string }

// TestPlotMeaning: a colour means the same in every calculator. Casting's
// success, a healthy state, a won duel, a passed save share the good
// family's class and colour; failure, death, a lost duel and a critical
// failure the bad one's; the duellists of a spell duel neither.
func TestPlotMeaning(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/fr/calculators/"), chromedp.WaitReady("#calc-critical")); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		id     string
		fields [][2]string
		ready  string
	}{
		{"calc-casting", [][2]string{{"#calc-casting-magic", "0"}, {"#calc-casting-apprenticeship", "3"}}, `o.outcomes.critical_failure > 0 && o.outcomes.perfect > 0`},
		{"calc-health-fantasy", [][2]string{{"#calc-health-fantasy-state", "healthy"}}, `o.timeline[0].state === "healthy"`},
		// A value set again: the page draws a result's plot at once only
		// after a change (on load, the plot of a result on screen waits until
		// it is off screen, so that it pushes nothing the reader is on).
		{"calc-health-modern", [][2]string{{"#calc-health-modern-until", "240"}}, `o.timeline.some((e) => e.state === "dead")`},
		{"calc-unarmed-duel", [][2]string{{"#calc-unarmed-duel-opponents", "1, 5"}}, `o.rounds.length === 2`},
		{"calc-dying-magic", [][2]string{{"#calc-dying-magic-slot-level", "5"}}, `o.p_save > 0`},
		{"calc-critical", [][2]string{{"#calc-critical-ac", "20"}}, `o.p_critical_failure > 0`},
		{"calc-spell-duel", [][2]string{{"#calc-spell-duel-b-element", "neutral"}}, `o.outcomes.cancel > 0`},
	}
	got := map[string]shapePaint{}
	for _, s := range steps {
		actions := []chromedp.Action{chromedp.ScrollIntoView("#" + s.id)}
		for _, f := range s.fields {
			actions = append(actions, setField(f[0], f[1]))
		}
		var ps []shapePaint
		actions = append(actions, waitFor(s.id, s.ready), chromedp.Evaluate(paintOf+`(`+strconv.Quote(s.id)+`, ".seg, .span, .bar")`, &ps))
		if err := chromedp.Run(b.Ctx, actions...); err != nil {
			t.Fatalf("%s: %v", s.id, err)
		}
		for _, p := range ps {
			for _, c := range strings.Fields(p.Cls) {
				if strings.HasPrefix(c, "k-") {
					got[strings.TrimPrefix(s.id, "calc-")+"/"+c[2:]] = p
				}
			}
		}
	}
	family := func(k string) string {
		p, ok := got[k]
		if !ok {
			t.Errorf("%s: no shape (have %v)", k, keys(got))
			return ""
		}
		for _, c := range strings.Fields(p.Cls) {
			if strings.HasPrefix(c, "fam-") {
				return c
			}
		}
		t.Errorf("%s: no family class in %q", k, p.Cls)
		return ""
	}
	for fam, ks := range map[string][]string{
		"fam-good":    {"casting/success", "casting/perfect", "health-fantasy/healthy", "unarmed-duel/win", "dying-magic/success", "critical/hit", "critical/critical"},
		"fam-mid":     {"casting/flawed", "health-modern/wounded"},
		"fam-bad":     {"casting/failure", "casting/critical_failure", "health-modern/coma", "health-modern/dead", "unarmed-duel/loss", "dying-magic/failure", "critical/critical_failure"},
		"fam-duel":    {"spell-duel/a_hits", "spell-duel/b_hits"},
		"fam-neutral": {"spell-duel/cancel"},
	} {
		for _, k := range ks {
			if f := family(k); f != fam {
				t.Errorf("%s: family %q, want %q", k, f, fam)
			}
		}
	}
	// The same meaning, the same colour, from one calculator to another;
	// the good and the bad never look alike.
	same := [][2]string{{"casting/success", "health-fantasy/healthy"}, {"casting/success", "unarmed-duel/win"}, {"casting/success", "dying-magic/success"},
		{"casting/failure", "unarmed-duel/loss"}, {"casting/failure", "dying-magic/failure"}, {"casting/critical_failure", "critical/critical_failure"},
		{"casting/critical_failure", "health-modern/coma"}}
	for _, p := range same {
		if a, b := got[p[0]].Fill, got[p[1]].Fill; a == "" || a != b {
			t.Errorf("%s is %q, %s is %q: same meaning, different colours", p[0], a, p[1], b)
		}
	}
	for _, good := range []string{"casting/success", "casting/perfect"} {
		for _, bad := range []string{"casting/failure", "casting/critical_failure", "health-modern/dead"} {
			if got[good].Fill == got[bad].Fill {
				t.Errorf("%s and %s share the colour %s", good, bad, got[good].Fill)
			}
		}
	}
	// Pattern ids are unique in the page, though several plots share it.
	var dup []string
	if err := chromedp.Run(b.Ctx, chromedp.Evaluate(`(() => { const seen = new Set(), dup = [];
		for (const e of document.querySelectorAll("svg.plot [id]")) { if (seen.has(e.id)) dup.push(e.id); seen.add(e.id); } return dup; })()`, &dup)); err != nil {
		t.Fatal(err)
	}
	if len(dup) > 0 {
		t.Errorf("ids used twice: %v", dup)
	}
}

func keys(m map[string]shapePaint) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// plotBundle is theme/js/calcs/plot.js alone, as a script that sets PlotLib.
func plotBundle(t testing.TB) string {
	t.Helper()
	r := api.Build(api.BuildOptions{
		EntryPoints: []string{"../../theme/js/calcs/plot.js"},
		Bundle:      true,
		Format:      api.FormatIIFE,
		GlobalName:  "PlotLib",
		Write:       false,
	})
	if len(r.Errors) > 0 || len(r.OutputFiles) != 1 {
		t.Fatalf("bundling plot.js: %v", r.Errors)
	}
	return string(r.OutputFiles[0].Contents)
}

// TestPlotHugeDistribution: 100d1000+100d1000 has 199,801 values; its plot
// is drawn at a phone's width and a wide screen's with at most 130 bars and
// its axis titles. How long a draw takes is a timing, which tests do not
// assert (here 7 to 16 ms, 30 to 50 for the first): the test logs it,
// BenchmarkPlotHugeDistribution measures it; a drawing that grew with the
// square of the values would not end within the test's minute.
func TestPlotHugeDistribution(t *testing.T) {
	d := drawHugePlot(t, 7)
	t.Logf("199,801 values: draws of %v ms; %d bars, viewBox %s", d.ms, d.bars, d.viewbox)
	if d.bars == 0 || d.bars > 130 || d.titles < 2 {
		t.Errorf("%d bars, %d axis titles", d.bars, d.titles)
	}
}

// hugePlot is what drawHugePlot saw: each draw's time, the most bars and
// the fewest axis titles of any of its plots, and the last one's viewBox.
type hugePlot struct {
	ms           []float64
	bars, titles int
	viewbox      string
}

// drawHugePlot draws the plot of a 199,801-value distribution n times,
// alternately 640 and 390 px wide. The values are made and read once
// before: the first reading of fresh objects costs the collector, as it
// would after JSON.parse, and that is not the plot's.
func drawHugePlot(tb testing.TB, n int) hugePlot {
	b := newBrowser(tb, 1280, 900, false)
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/calculators/"),
		chromedp.WaitReady("body"),
		chromedp.Evaluate(plotBundle(tb), nil),
		chromedp.Evaluate(`(() => {
  const n = 199801, dist = new Array(n), al = new Array(n);
  let s = 0;
  for (let i = 0; i < n; i++) { const z = (i - n / 2) / (n / 12); const p = Math.exp(-z * z / 2); dist[i] = { value: 200 + i, p }; s += p; }
  let acc = 1;
  for (let i = 0; i < n; i++) { dist[i].p /= s; al[i] = { value: 200 + i, p: acc }; acc -= dist[i].p; }
  window.__huge = { distribution: dist, at_least: al };
  let sum = 0;
  for (const d of dist) sum += d.p;
  return sum;
})()`, nil),
		chromedp.Sleep(300*time.Millisecond),
	)
	if err != nil {
		tb.Fatal(err)
	}
	var h hugePlot
	for k := 0; k < n; k++ {
		var d float64
		var last struct {
			Bars, Titles int
			Viewbox      string
		}
		w := []string{"640", "390"}[k%2]
		err := chromedp.Run(b.Ctx,
			chromedp.Evaluate(`(() => { const t0 = performance.now(); window.__svg = PlotLib.plot("dist", window.__huge, (k) => k, JSON.parse(document.getElementById("calc-strings").dataset.strings).format, "dice", `+w+`); return performance.now() - t0; })()`, &d),
			chromedp.Evaluate(`({ bars: __svg.querySelectorAll("rect").length, titles: __svg.querySelectorAll(".axis-title").length, viewbox: __svg.getAttribute("viewBox") })`, &last),
			chromedp.Sleep(50*time.Millisecond),
		)
		if err != nil {
			tb.Fatal(err)
		}
		h.ms = append(h.ms, d)
		h.bars, h.viewbox = max(h.bars, last.Bars), last.Viewbox
		if k == 0 || last.Titles < h.titles {
			h.titles = last.Titles
		}
	}
	return h
}

// TestPlotScreenshots writes every plot, at 390 px in light and dark, to
// the folder PLOT_SHOTS names, to be looked at; without it, nothing.
func TestPlotScreenshots(t *testing.T) {
	dir := os.Getenv("PLOT_SHOTS")
	if dir == "" {
		t.Skip("set PLOT_SHOTS to a folder to write the plots' screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, scheme := range []string{"light", "dark"} {
		for _, lang := range []string{"fr", "en"} {
			b := newBrowser(t, 390, 844, true)
			var ids []string
			err := chromedp.Run(b.Ctx,
				chromedp.ActionFunc(func(ctx context.Context) error {
					return emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}).Do(ctx)
				}),
				chromedp.Navigate(baseURL+"/"+lang+"/calculators/"),
				chromedp.WaitReady("#calc-critical"),
				chromedp.Evaluate(`[...document.querySelectorAll(".calc[data-calc][data-plot]")].map((c) => c.id)`, &ids),
			)
			if err != nil {
				t.Fatal(err)
			}
			shoot := func(id, name string) {
				// The cards around lay out as they come into view and move the
				// plot: centre it until it stays put, then take it.
				var buf []byte
				sel := "#" + id + " .calc-plot"
				var at, prev float64 = 0, -1
				for k := 0; k < 20 && at != prev; k++ {
					prev = at
					if err := chromedp.Run(b.Ctx, chromedp.Evaluate(`(() => { const e = document.querySelector(`+strconv.Quote(sel)+`); e.scrollIntoView({ block: "center" }); return e.getBoundingClientRect().top + scrollY; })()`, &at),
						chromedp.Sleep(150*time.Millisecond)); err != nil {
						t.Fatal(err)
					}
				}
				// A clip far down a long page comes out blank: take the screen
				// and crop it to the plot.
				var box []float64
				var dpr float64
				err := chromedp.Run(b.Ctx,
					chromedp.Evaluate(`(() => { const r = document.querySelector(`+strconv.Quote(sel)+`).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()`, &box),
					chromedp.Evaluate(`devicePixelRatio`, &dpr),
					chromedp.CaptureScreenshot(&buf))
				if err != nil {
					t.Errorf("%s: %v", id, err)
					return
				}
				img, err := png.Decode(bytes.NewReader(buf))
				if err != nil {
					t.Fatal(err)
				}
				px := func(v float64) int { return int(math.Round(v * dpr)) }
				crop := img.(interface {
					SubImage(image.Rectangle) image.Image
				}).SubImage(image.Rect(px(box[0]), px(box[1]), px(box[2]), px(box[3])))
				var w bytes.Buffer
				if err := png.Encode(&w, crop); err != nil {
					t.Fatal(err)
				}
				buf = w.Bytes()
				if err := os.WriteFile(filepath.Join(dir, name+"-"+lang+"-"+scheme+".png"), buf, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, id := range ids {
				var out string
				if err := chromedp.Run(b.Ctx, chromedp.ScrollIntoView("#"+id), waitOutput(id, &out)); err != nil {
					t.Fatalf("%s: %v", id, err)
				}
				shoot(id, strings.TrimPrefix(id, "calc-"))
			}
			for i, v := range plotVariants {
				actions := []chromedp.Action{chromedp.ScrollIntoView("#" + v.id)}
				for _, f := range v.fields {
					actions = append(actions, setField(f[0], f[1]))
				}
				if err := chromedp.Run(b.Ctx, append(actions, waitFor(v.id, v.ready))...); err != nil {
					t.Fatalf("%s: %v", v.id, err)
				}
				shoot(v.id, strings.TrimPrefix(v.id, "calc-")+"-v"+strconv.Itoa(i))
			}
		}
	}
}
