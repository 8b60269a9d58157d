//go:build e2e

package e2e

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"compendium/generator/calcui"
	"compendium/wasm/engine"
)

// roundingValues are the numbers both formatters must write alike: every
// probability n/d for the denominators the calculators count over (and
// all up to 64), exact halves at one, two and three decimals, negatives and
// the binary near-halves toFixed and strconv round apart (1.005, 2.675).
func roundingValues() []float64 {
	var xs []float64
	dens := []int{80, 100, 144, 200, 216, 400, 1000, 1296, 8000}
	for d := 1; d <= 64; d++ {
		dens = append(dens, d)
	}
	for _, d := range dens {
		for n := 0; n <= d; n++ {
			xs = append(xs, float64(n)/float64(d))
		}
	}
	for k := -4000; k <= 4000; k++ {
		xs = append(xs, float64(k)/200, float64(k)/2000+10, float64(k)*0.0005)
	}
	return append(xs, 1.005, 2.675, 1.0005, 12345.25, 99999.95, 1e-7, 1e21)
}

// TestRoundingParity runs theme/js/calcs/format.js in Chromium on the same
// numbers as the Go side (the engine's Decimal and Percent, calcui's
// figures), both with the theme's format data, and compares every text:
// the one rounding rule of issue 34 is the same in both languages of code.
func TestRoundingParity(t *testing.T) {
	fr, en, fmts := pairPages(t)
	xs := roundingValues()
	in, _ := json.Marshal(xs)
	b := newBrowser(t, 1280, 900, false)
	var got []string
	script := `(() => {` + jsModules(t, "calcs/format.js") + fmts + `
		const out = [];
		for (const x of ` + string(in) + `) out.push(decimal(x, 2, 1), pct(x, fmts.fr), pct(x, fmts.en), numPrec(x, 1, fmts.fr), num(x, fmts.en));
		return out; })()`
	if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/en/"), chromedp.Evaluate(script, &got)); err != nil {
		t.Fatal(err)
	}
	bad := 0
	for i, x := range xs {
		want := []string{engine.Decimal(x, 2, 1), calcui.FormatFigure(x, "pct", fr, ""), calcui.FormatFigure(x, "pct", en, ""),
			calcui.FormatFigure(x, "num", fr, ""), calcui.FormatFigure(x, "", en, "")}
		for j, w := range want {
			if g := got[5*i+j]; g != w && bad < 20 {
				bad++
				t.Errorf("%s: format.js writes %q (formatter %d), Go %q", strconv.FormatFloat(x, 'g', -1, 64), g, j, w)
			}
		}
	}
}

// spaces makes the French spaces plain, to compare texts.
var spaces = strings.NewReplacer("\u202f", " ", "\u00a0", " ")

// TestRoundingHalvesInPage: an exact half reads the same in the answer's
// words, the figures, the table and the plot of a live calculator, in both
// languages (issue 34: the Pathfinder counter's 221/400 was 55,2 % in the
// answer and 55,3 % in the figure and the plot).
func TestRoundingHalvesInPage(t *testing.T) {
	b := newBrowser(t, 1280, 900, false)
	for _, lang := range []string{"fr", "en"} {
		pc := func(p float64) string { return spaces.Replace(engine.Percent(p, lang)) }
		t.Run(lang+"/pathfinder-counter", func(t *testing.T) {
			var answer, figure, plot string
			err := chromedp.Run(b.Ctx,
				chromedp.Navigate(baseURL+"/"+lang+"/calculators/"),
				chromedp.WaitReady("#calc-pathfinder-duel"),
				chromedp.ScrollIntoView("#calc-pathfinder-duel"),
				setField("#calc-pathfinder-duel-spellcraft-bonus", "12"),
				setField("#calc-pathfinder-duel-spell-level", "1"),
				chromedp.Poll(`(() => { const r = `+jsCalcResult("calc-pathfinder-duel")+`;
					return r.dataset.static === "false" && r.dataset.output && JSON.parse(r.dataset.output).p_total_fraction === "221/400" ? true : null; })()`,
					nil, chromedp.WithPollingTimeout(10*time.Second)),
				chromedp.Text("#calc-pathfinder-duel .calc-answer", &answer),
				chromedp.Evaluate(`document.querySelector('#calc-pathfinder-duel [data-figure="p_total"] dd').textContent`, &figure),
				chromedp.Evaluate(`[...document.querySelectorAll("#calc-pathfinder-duel svg text, #calc-pathfinder-duel svg title")].map(e => e.textContent).join("|")`, &plot),
			)
			if err != nil {
				t.Fatal(err)
			}
			want := pc(221.0 / 400)
			if want != map[string]string{"fr": "55,3 %", "en": "55.3%"}[lang] {
				t.Fatalf("engine.Percent(221/400) = %q", want)
			}
			answer, figure, plot = spaces.Replace(answer), spaces.Replace(figure), spaces.Replace(plot)
			if !strings.Contains(answer, want) {
				t.Errorf("answer %q lacks %q", answer, want)
			}
			if figure != want+" (221/400)" {
				t.Errorf("figure %q, want %q", figure, want+" (221/400)")
			}
			if !strings.Contains(plot, want) {
				t.Errorf("plot %q lacks %q", plot, want)
			}
			for _, s := range []string{answer, figure, plot} {
				if strings.Contains(s, map[string]string{"fr": "55,2", "en": "55.2"}[lang]) {
					t.Errorf("%q rounds 221/400 down", s)
				}
			}
		})
		// 2d4: sixteenths, 1/16 = 6.25 % and 3/16 = 18.75 % exact halves,
		// 2/16 = 12.5 % none; the table and the plot's bars say each
		// probability as the engine's Percent does.
		t.Run(lang+"/dice-2d4", func(t *testing.T) {
			var out, table, plot string
			err := chromedp.Run(b.Ctx,
				chromedp.Navigate(baseURL+"/"+lang+"/calculators/"),
				chromedp.WaitReady("#calc-dice"),
				chromedp.ScrollIntoView("#calc-dice"),
				setField("#calc-dice-expr", "2d4"),
				chromedp.Poll(`(() => { const r = `+jsCalcResult("calc-dice")+`;
					return r.dataset.static === "false" && r.dataset.output && JSON.parse(r.dataset.output).max === 8 && r.querySelectorAll(".calc-table tbody tr").length === 7 ? r.dataset.output : null; })()`,
					&out, chromedp.WithPollingTimeout(10*time.Second)),
				chromedp.Evaluate(`[...document.querySelectorAll("#calc-dice .calc-table tbody tr")].map(r => [...r.cells].map(c => c.textContent).join(";")).join("|")`, &table),
				chromedp.Evaluate(`[...document.querySelectorAll("#calc-dice svg title")].map(e => e.textContent).join("|")`, &plot),
			)
			if err != nil {
				t.Fatal(err)
			}
			var m struct {
				Distribution []struct{ Value, P float64 }
				AtLeast      []struct{ Value, P float64 } `json:"at_least"`
			}
			if err := json.Unmarshal([]byte(out), &m); err != nil {
				t.Fatal(err)
			}
			table, plot = spaces.Replace(table), spaces.Replace(plot)
			var rows []string
			for i, d := range m.Distribution {
				rows = append(rows, strconv.Itoa(int(d.Value))+";"+pc(d.P)+";"+pc(m.AtLeast[i].P))
				if !strings.Contains(plot, strconv.Itoa(int(d.Value))+" : "+pc(d.P)) {
					t.Errorf("plot %q lacks %d at %q", plot, int(d.Value), pc(d.P))
				}
			}
			if want := strings.Join(rows, "|"); table != want {
				t.Errorf("table\n %q\nwant\n %q", table, want)
			}
			for _, half := range []string{pc(1.0 / 16), pc(3.0 / 16)} {
				if !strings.Contains(table, half) {
					t.Errorf("table %q lacks the half %q", table, half)
				}
			}
			if pc(1.0/16) != map[string]string{"fr": "6,3 %", "en": "6.3%"}[lang] {
				t.Errorf("engine.Percent(1/16) = %q", pc(1.0/16))
			}
		})
	}
}
