//go:build e2e

package e2e

import (
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"compendium/generator/calcui"
	"compendium/generator/render"
	"compendium/wasm/engine"
)

// jsModules returns theme/js files as one script's source: their imports
// and export keywords removed (the page bundles them; the tests evaluate
// the sources themselves, so that they compare the code, not a build).
func jsModules(t *testing.T, files ...string) string {
	t.Helper()
	var b strings.Builder
	for _, f := range files {
		src, err := os.ReadFile("../../theme/js/" + f)
		if err != nil {
			t.Fatal(err)
		}
		s := regexp.MustCompile(`(?m)^import [^;]*;\n`).ReplaceAllString(string(src), "")
		b.WriteString(regexp.MustCompile(`(?m)^export `).ReplaceAllString(s, "") + "\n")
	}
	return b.String()
}

// pairPages returns the theme's French and English calculator pages (their
// dictionaries, hence their number formats) and the script that defines
// fmts, the same formats as the page data carries them.
func pairPages(t *testing.T) (fr, en calcui.Page, fmts string) {
	t.Helper()
	theme, errs := render.Load("../../theme")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	page := func(lang string) calcui.Page {
		return calcui.Page{Lang: lang, T: func(k string) string { return theme.T(lang, k) }, Sections: map[string]string{}, DocURL: func(string) string { return "" }}
	}
	fr, en = page("fr"), page("en")
	b, _ := json.Marshal(map[string]calcui.Format{"fr": calcui.FormatOf(fr.T), "en": calcui.FormatOf(en.T)})
	return fr, en, "const fmts = " + string(b) + ";\n"
}

// TestFormatParity runs the fields', lists' and titles' number writing of
// theme/js/calcs/format.js (fieldNumber, listText, exactTitle) and of
// generator/calcui (the list figure, whose items are the fields' numbers,
// and ExactTitle) on the same numbers, with the theme's format data: the
// three that differed (issue 52) read the same before and after the
// script. A French negative field read "−1" from the build and "-1" from
// the script; a list 1,5 and 1.5; a tiny probability's title "1e-05 %"
// and "0.00001 %".
func TestFormatParity(t *testing.T) {
	fr, en, fmts := pairPages(t)
	xs := append(roundingValues(), -1, -2.5, -0.001, 1e-5, 1e-7, 1.5e-6, 1e-6, 7e-7, 1234567, 1e20, 1e21, 1.5e21, -1e22, 100*0.07, 0.1+0.2, 1.0/3, -2.0/3)
	in, _ := json.Marshal(xs)
	b := newBrowser(t, 1280, 900, false)
	var got []string
	script := `(() => {` + jsModules(t, "calcs/format.js") + fmts + `
		const out = [];
		for (const x of ` + string(in) + `) out.push(fieldNumber(x, fmts.fr), fieldNumber(x, fmts.en), listText([x, -x, "a"], fmts.fr),
			exactTitle(x, "num"), exactTitle(x, "pct"), formatFigure(x, "pct", null, fmts.fr, ""), formatFigure(x, "num", null, fmts.fr, ""));
		return out; })()`
	if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/en/"), chromedp.Evaluate(script, &got)); err != nil {
		t.Fatal(err)
	}
	const n = 7
	bad := 0
	for i, x := range xs {
		want := []string{calcui.FormatFigure([]any{x}, "list", fr, ""), calcui.FormatFigure([]any{x}, "list", en, ""),
			calcui.FormatFigure([]any{x, -x, "a"}, "list", fr, ""), calcui.ExactTitle(x, "num"), calcui.ExactTitle(x, "pct"),
			calcui.FormatFigure(x, "pct", fr, ""), calcui.FormatFigure(x, "num", fr, "")}
		for j, w := range want {
			if g := got[n*i+j]; g != w && bad < 20 {
				bad++
				t.Errorf("%s: format.js writes %q (formatter %d), Go %q", strconv.FormatFloat(x, 'g', -1, 64), g, j, w)
			}
		}
	}
	// The three cases of the issue, as they read now.
	for _, c := range []struct{ got, want string }{
		{calcui.FormatFigure([]any{-1.0}, "list", fr, ""), "\u22121"},
		{calcui.FormatFigure([]any{1.5}, "list", fr, ""), "1,5"},
		{calcui.ExactTitle(1e-7, "pct"), "0.00001 %"},
	} {
		if c.got != c.want {
			t.Errorf("Go writes %q, want %q", c.got, c.want)
		}
	}
}

// tableCase is one calculator's input for the table pair.
type tableCase struct {
	name   string
	values map[string]any
}

func ones(n int) []any {
	l := make([]any, n)
	for i := range l {
		l[i] = 1.0
	}
	return l
}

// TestTableParity runs the static result's table (generator/calcui, through
// Prepare) and the live one's (theme/js/calcs/table.js's dataTable) on the
// same engine outputs, in both languages: the same kinds, heads, rows and
// texts, and the same long distributions left to the plot (table.js once
// dropped every table over 60 rows, calcui only the distributions').
func TestTableParity(t *testing.T) {
	fr, en, fmts := pairPages(t)
	theme, _ := render.Load("../../theme")
	cases := []tableCase{
		{"dice", map[string]any{"expr": "2d4"}},
		{"dice", map[string]any{"expr": "1d60"}},
		{"dice", map[string]any{"expr": "1d61"}},
		{"dice", map[string]any{"expr": "1d6-10"}},
		{"dice", map[string]any{"expr": "4d1000"}},
		{"armor", nil},
		{"armor", map[string]any{"hits": ones(70)}},
		{"health-fantasy", nil},
		{"health-modern", nil},
		{"wounds", nil},
		{"wounds", map[string]any{"dice": 10.0, "die": 12.0}},
		{"study", nil},
		{"study", map[string]any{"hours": 6.0}},
		{"unarmed-duel", nil},
		{"unarmed-duel", map[string]any{"opponents": ones(20)}},
		{"casting", nil},
	}
	type jsCase struct {
		Kind string         `json:"kind"`
		Out  map[string]any `json:"out"`
	}
	var js []jsCase
	var want [][]string
	strs := map[string]map[string]string{}
	for _, p := range []calcui.Page{fr, en} {
		strs[p.Lang] = map[string]string{}
		for _, c := range cases {
			f := calcui.Lookup(c.name)
			blk := calcui.Block{Form: f, ID: "calc-" + c.name, Inputs: f.Merge(c.values)}
			v, err := calcui.Prepare(blk, p)
			if err != nil {
				t.Fatalf("%s %v: %v", c.name, c.values, err)
			}
			out, cerr := engine.Calculate(f.Name, f.Ranged(engine.Default()).EngineInput(blk.Inputs))
			if cerr != nil {
				t.Fatal(cerr.En)
			}
			js = append(js, jsCase{f.Plot, out})
			var rows []string
			if tb := v.Result.Table; tb != nil {
				rows = append(rows, strings.Join(tb.Head, ";"))
				for _, r := range tb.Rows {
					rows = append(rows, strings.Join(r, ";"))
				}
			}
			want = append(want, rows)
		}
		// The page's strings, as the page data carries them (opt.*,
		// calc.col.*).
		for _, k := range theme.Keys(p.Lang) {
			if strings.HasPrefix(k, "opt.") || strings.HasPrefix(k, "calc.col.") {
				strs[p.Lang][k] = p.T(k)
			}
		}
	}
	cin, _ := json.Marshal(js)
	sin, _ := json.Marshal(strs)
	b := newBrowser(t, 1280, 900, false)
	var got [][]string
	script := `(() => {` + jsModules(t, "calcs/format.js", "calcs/table.js") + fmts + `
		const strs = ` + string(sin) + `;
		const cases = ` + string(cin) + `;
		const n = cases.length / 2;
		return cases.map((c, i) => {
			const lang = i < n ? "fr" : "en";
			const t = (k) => (k in strs[lang] ? strs[lang][k] : k);
			const table = dataTable(c.kind, c.out, t, fmts[lang]);
			if (!table) return [];
			return [...table.rows].map((r) => [...r.cells].map((c) => c.textContent).join(";"));
		}); })()`
	if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/en/"), chromedp.Evaluate(script, &got)); err != nil {
		t.Fatal(err)
	}
	for i := range want {
		c := cases[i%len(cases)]
		lang := []string{"fr", "en"}[i/len(cases)]
		if strings.Join(got[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("%s %s %.60v: table.js writes %d rows\n %.300q\ncalcui %d\n %.300q", lang, c.name, c.values, len(got[i]), strings.Join(got[i], "|"), len(want[i]), strings.Join(want[i], "|"))
		}
	}
	// The cases hold what they are for: a table past 60 rows that is not a
	// distribution, and a distribution past 60 that is none.
	if n := len(want[6]); n <= 61 {
		t.Errorf("armour with 70 hits: %d rows", n)
	}
	if len(want[2]) != 0 || len(want[1]) != 61 {
		t.Errorf("1d61: %d rows, 1d60: %d", len(want[2]), len(want[1]))
	}
}

// TestStepsParity: a calculator's explanation and its "computed for" line,
// as the build writes them (calcui's steps and forLine) and as the script
// draws them (result.js's steps and form.js's forText) for the same values, the
// defaults, on both languages' calculators pages: every step's text, its
// rule link and the link's words.
func TestStepsParity(t *testing.T) {
	b := newBrowser(t, 1280, 900, false)
	for _, lang := range []string{"fr", "en"} {
		t.Run(lang, func(t *testing.T) {
			var ids []string
			if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/"+lang+"/calculators/"), chromedp.WaitReady(".calc[data-calc]"),
				chromedp.Evaluate(`[...document.querySelectorAll(".calc[data-calc]")].map((c) => c.id)`, &ids)); err != nil {
				t.Fatal(err)
			}
			// The build's: the page as it was served, before any script.
			read := `(doc, id) => { const c = doc.getElementById(id);
				return [...c.querySelectorAll(".calc-why li")].map((li) => li.textContent + " → " + (li.querySelector("a")?.getAttribute("href") || "")).join("\n")
					+ "\n" + c.querySelector(".calc-for span").textContent; }`
			var static map[string]string
			if err := chromedp.Run(b.Ctx, chromedp.Evaluate(`(async () => { const doc = new DOMParser().parseFromString(await (await fetch(location.href)).text(), "text/html");
				const read = `+read+`; return Object.fromEntries(`+jsonList(ids)+`.map((id) => [id, read(doc, id)])); })()`, &static, awaitPromise)); err != nil {
				t.Fatal(err)
			}
			for _, id := range ids {
				// Back to the defaults: the script computes them anew and
				// draws the result itself.
				var live string
				err := chromedp.Run(b.Ctx,
					chromedp.Evaluate(`(() => { const c = document.getElementById(`+strconv.Quote(id)+`); c.querySelector(".calc-result").dataset.static = "true"; c.querySelector(".calc-reset").click(); return true; })()`, nil),
					chromedp.Poll(`(() => { const c = document.getElementById(`+strconv.Quote(id)+`); const r = c.querySelector(".calc-result");
						return r.dataset.static === "false" && r.dataset.state === "ready" && c.querySelector(".calc-live .calc-why") ? (`+read+`)(document, `+strconv.Quote(id)+`) : null; })()`,
						&live, chromedp.WithPollingTimeout(15*time.Second)))
				if err != nil {
					t.Fatalf("%s: %v", id, err)
				}
				if live != static[id] {
					t.Errorf("%s: the script draws\n%s\nthe build wrote\n%s", id, live, static[id])
				}
			}
		})
	}
}

// jsonList writes ids as a JavaScript array.
func jsonList(ids []string) string {
	b, _ := json.Marshal(ids)
	return string(b)
}
