//go:build e2e

package e2e

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"compendium/generator/calcui"
)

// TestCalcListFieldsOnPhoneKeyboards: the fields that take several values
// ("Dégâts des touches", "Scores des adversaires", "Repos longs restants")
// open the text keyboard, whose first pages have the comma and the space
// the iPhone's numeric pad lacks (issue 34, point 2), and the values typed
// key by key with a comma and a space count as three. A virtual iOS
// keyboard cannot be had; which characters each inputmode's pad offers is
// calcui's TestFieldsTypeOnPhoneKeypads.
func TestCalcListFieldsOnPhoneKeyboards(t *testing.T) {
	b := newBrowser(t, 360, 780, true)
	if err := chromedp.Run(b.Ctx, enUS()); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"fr", "en"} {
		var modes map[string]string
		var got string
		err := chromedp.Run(b.Ctx,
			chromedp.Navigate(baseURL+"/"+lang+"/calculators/#armor"),
			chromedp.WaitReady("#calc-armor"),
			waitReady("calc-armor", &got),
			chromedp.Evaluate(`Object.fromEntries([...document.querySelectorAll('[data-kind="ints"]')].map((el) => [el.id, el.getAttribute("inputmode") + "/" + el.type]))`, &modes),
			// The form's example holds five hits: clear it as a thumb would.
			chromedp.Evaluate(`document.querySelector("#calc-armor-hits").value = ""`, nil),
			chromedp.Click("#calc-armor-hits", chromedp.ByID),
			chromedp.SendKeys("#calc-armor-hits", "4, 1 1", chromedp.ByID),
			chromedp.Poll(`(() => { const r = `+jsCalcResult("calc-armor")+`; const o = r.dataset.state === "ready" && r.dataset.output && JSON.parse(r.dataset.output); return o && o.timeline && o.timeline.length === 3 ? r.dataset.output : null; })()`,
				&got, chromedp.WithPollingTimeout(10*time.Second)),
		)
		if err != nil {
			t.Fatalf("%s: typing “4, 1 1” in the hits: %v (fields %v)", lang, err, modes)
		}
		for _, id := range []string{"calc-armor-hits", "calc-wounds-queue", "calc-unarmed-duel-opponents"} {
			if m, ok := modes[id]; !ok {
				// The calculators page holds every calculator.
				t.Errorf("%s: no list field #%s on the calculators page (%v)", lang, id, modes)
			} else if m != "text/text" {
				t.Errorf("%s: #%s has inputmode/type %s: an iPhone's numeric pad has no comma or space", lang, id, m)
			}
		}
		var out map[string]any
		_ = json.Unmarshal([]byte(got), &out)
		form := calcui.Lookup("armor")
		want := nativeCalc(t, "armor", form.EngineInput(form.Merge(map[string]any{"hits": []any{4.0, 1.0, 1.0}})))
		if d := sameJSON(want["timeline"], out["timeline"], "armor timeline"); d != "" {
			t.Errorf("%s: hits typed “4, 1 1”: %s", lang, d)
		}
	}
}

// TestSearchShortcutOnlyWithKeyboard: the search field names its "/"
// shortcut where a keyboard and a mouse are, not on a phone (issue 34,
// point 9: "Rechercher (/)" on a touch screen).
func TestSearchShortcutOnlyWithKeyboard(t *testing.T) {
	for _, tt := range []struct {
		mobile bool
		width  int64
		want   string
	}{
		{true, 390, "Rechercher"},
		{false, 1280, "Rechercher (/)"},
	} {
		b := newBrowser(t, tt.width, 800, tt.mobile)
		var got string
		err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/fr/fantasy/"),
			chromedp.Poll(`document.readyState === "complete" || null`, nil),
			chromedp.AttributeValue(selSearchInput, "placeholder", &got, nil, chromedp.ByID))
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%d px, touch %v: placeholder %q, want %q", tt.width, tt.mobile, got, tt.want)
		}
	}
}
