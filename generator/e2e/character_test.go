//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"compendium/generator/calcui"
	"compendium/generator/serve"
)

// The character page's parts, by one name each.
const (
	// selCharacterAnswers is a game's glance, inside its section.
	selCharacterAnswers = ".character-answers"
	// selCalcCharacter is a calculator's "Calculated for: my character".
	selCalcCharacter = ".calc-character"
	characterKey     = "compendium.character.v1"
)

// jsCharacterGlance polls until game's glance is computed for what its
// form shows, then is each answer as [title, answer, figures…].
func jsCharacterGlance(game string) string {
	return `(() => { const b = document.querySelector('[data-character-game="` + game + `"] ` + selCharacterAnswers + `');
		if (!b || b.dataset.state !== "ready") return null;
		return [...b.querySelectorAll(".glance")].map((g) => [g.querySelector(".glance-title").textContent, g.querySelector(".calc-answer").textContent,
			...[...g.querySelectorAll("dd")].map((d) => d.textContent)]); })()`
}

// clickSel clicks the first element matching sel from the page's script:
// chromedp's click waits for a layout the peek and the header may cover.
func clickSel(sel string) chromedp.Action {
	return chromedp.Evaluate(jsQuery(sel)+`.click()`, nil)
}

// storedCharacter is the character the page keeps on the device.
func storedCharacter(out *map[string]any) chromedp.Action {
	return chromedp.Evaluate(`JSON.parse(localStorage.getItem("`+characterKey+`") || "{}").games || {}`, out)
}

// expectGlance is what the glance of calculator name for input must say,
// from the calc command's output: the title, the answer as the page writes
// it (calcui.Answer's text, no emphasis marks) and each figure as
// calcui.FormatFigure writes it.
func expectGlance(t *testing.T, title, name string, input map[string]any, figures []string) []string {
	t.Helper()
	out := nativeCalc(t, name, input)
	ans, _ := out["answer"].(map[string]any)
	var text strings.Builder
	for _, seg := range calcui.Answer(ans["en"].(string)) {
		text.WriteString(seg.Text)
	}
	want := []string{title, text.String()}
	p := calcui.Page{Lang: "en", T: func(k string) string { return k }}
	form := calcui.Lookup(name)
	for _, path := range figures {
		for _, fig := range form.Figures {
			if fig.Path != path {
				continue
			}
			v, _ := calcui.Get(out, path)
			frac, _ := calcui.Get(out, path+"_fraction")
			s, _ := frac.(string)
			want = append(want, calcui.FormatFigure(v, fig.Format, p, s))
		}
	}
	return want
}

// TestCharacter: a player fills the character page (390 px, English),
// reloads it and finds it as they left it; its glance says what the
// engine computes for those figures; the armour calculator of the rules
// page then starts from the character and says so, switches to the
// defaults in one tap without changing the character, and a shared link
// opens its own state, not the character.
func TestCharacter(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	t.Cleanup(func() {
		// The one browser of the run keeps its storage: the tests after
		// this one start from no character.
		_ = chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/en/"), chromedp.Evaluate(`localStorage.removeItem("`+characterKey+`")`, nil))
	})
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/en/character/"),
		chromedp.Evaluate(`localStorage.removeItem("`+characterKey+`")`, nil),
		chromedp.Reload(),
		chromedp.Poll(jsCharacterGlance("fantasy"), nil, chromedp.WithPollingTimeout(15*time.Second)),
		setField("#character-fantasy-locations-torso", "plate"),
		setField("#character-fantasy-helmet", "false"),
		setField("#character-fantasy-magic", "3"),
		setField("#character-fantasy-life-points", "2"),
		setField("#character-spellcasting-magic", "6"),
		clickSel(".character-item-add"),
		clickSel(".character-item-add"),
		setField("#character-spellcasting-spells-1-name", "Fireball"),
		setField("#character-spellcasting-spells-1-difficulty", "3"),
		setField("#character-spellcasting-spells-1-apprenticeship", "2"),
		setField("#character-spellcasting-spells-1-xp", "10"),
		setField("#character-spellcasting-spells-2-difficulty", "1"),
	)
	if err != nil {
		t.Fatal(err)
	}
	armor := map[string]any{"locations": map[string]any{"forearms": "leather", "arms": "none", "thighs": "none", "legs": "none", "torso": "plate"},
		"real_chainmail": []any{}, "helmet": false, "costume_bonus": false, "magic": 3, "life_points": 2}
	wantFantasy := [][]string{
		expectGlance(t, "Armour", "armor", armor, []string{"residual"}),
		expectGlance(t, "Wounded, with no care", "health-fantasy", map[string]any{"state": "wounded", "life_points": 2, "combat_ends_at": 0, "until": 240, "events": []any{}}, nil),
	}
	casting := []string{"outcomes.flawed", "outcomes.success", "outcomes.perfect", "outcomes.failure", "xp_to_next"}
	wantSpells := [][]string{
		expectGlance(t, "Fireball", "casting", map[string]any{"magic": 6, "difficulty": 3, "apprenticeship": 2, "xp": 10}, casting),
		expectGlance(t, "Spell 2", "casting", map[string]any{"magic": 6, "difficulty": 1, "apprenticeship": 3}, casting),
	}
	check := func(when string) {
		t.Helper()
		for game, want := range map[string][][]string{"fantasy": wantFantasy, "spellcasting": wantSpells} {
			var got [][]string
			if err := chromedp.Run(b.Ctx, chromedp.Poll(jsCharacterGlance(game), &got, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
				t.Fatalf("%s, %s: %v", when, game, err)
			}
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(want)
			if string(g) != string(w) {
				t.Errorf("%s, the glance of %s:\n got %s\nwant %s", when, game, g, w)
			}
		}
	}
	// The last change may still be computing: wait for its answer.
	if err := chromedp.Run(b.Ctx, chromedp.Poll(`document.querySelectorAll('[data-character-game="spellcasting"] .glance').length === 2 && document.querySelector('[data-character-game="spellcasting"] .glance-title').textContent === "Fireball" || null`, nil, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatal(err)
	}
	check("filled")

	var torso, spell string
	if err := chromedp.Run(b.Ctx, chromedp.Reload(),
		chromedp.Poll(jsCharacterGlance("spellcasting"), nil, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Value("#character-fantasy-locations-torso", &torso),
		chromedp.Value("#character-spellcasting-spells-1-name", &spell)); err != nil {
		t.Fatal(err)
	}
	if torso != "plate" || spell != "Fireball" {
		t.Errorf("after a reload the torso is %q and the first spell %q: want plate, Fireball", torso, spell)
	}
	check("reloaded")

	// The rules page's calculator starts from the character, and says so.
	var note, shownTorso, out string
	var before, after map[string]any
	err = chromedp.Run(b.Ctx,
		storedCharacter(&before),
		chromedp.Navigate(baseURL+"/en/fantasy/#armor"),
		chromedp.WaitReady("#calc-armor"),
		chromedp.Poll(`(() => { const n = `+jsQuery("#calc-armor "+selCalcCharacter)+`; return n && !n.hidden ? n.querySelector(".calc-character-text").textContent : null; })()`, &note, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Value("#calc-armor-locations-torso", &shownTorso),
		waitOutput("calc-armor", &out),
	)
	if err != nil {
		t.Fatal(err)
	}
	if note != "Calculated for: my character" || shownTorso != "plate" {
		t.Errorf("the armour calculator says %q, its torso %q: want it to start from the character (plate)", note, shownTorso)
	}
	withHits := map[string]any{}
	for k, v := range armor {
		withHits[k] = v
	}
	withHits["hits"] = []any{2, 1, 1, 1, 1}
	var got map[string]any
	json.Unmarshal([]byte(out), &got)
	if d := sameJSON(normalise(got), normalise(nativeCalc(t, "armor", withHits)), "armor"); d != "" {
		t.Errorf("the calculator computed for the character: %s", d)
	}

	// One tap: the defaults, the character unchanged.
	err = chromedp.Run(b.Ctx,
		clickSel("#calc-armor .calc-character-switch"),
		chromedp.Poll(`(() => { const n = `+jsQuery("#calc-armor "+selCalcCharacter)+`; return n.dataset.mode === "defaults" ? n.querySelector(".calc-character-text").textContent : null; })()`, &note, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Value("#calc-armor-locations-torso", &shownTorso),
		storedCharacter(&after),
	)
	if err != nil {
		var state string
		_ = chromedp.Run(b.Ctx, chromedp.Evaluate(`(() => { const n = `+jsQuery("#calc-armor "+selCalcCharacter)+`; return n.dataset.mode + " " + n.hidden + " " + n.textContent + " " + document.querySelector("#calc-armor-locations-torso").value; })()`, &state))
		t.Fatalf("the switch to the defaults: %v (the calculator: %s)", err, state)
	}
	if shownTorso != "chain" || note != "Calculated for: the default values" {
		t.Errorf("after the switch: torso %q, note %q; want the defaults (chain)", shownTorso, note)
	}
	if d := sameJSON(before, after, "character"); d != "" {
		t.Errorf("switching to the defaults changed the character: %s", d)
	}

	// A shared link opens its state, not the reader's character.
	var magic string
	err = chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/en/fantasy/?calc-armor=magic:7#armor"),
		chromedp.WaitReady("#calc-armor"),
		waitOutput("calc-armor", &out),
		chromedp.Value("#calc-armor-locations-torso", &shownTorso),
		chromedp.Value("#calc-armor-magic", &magic),
	)
	if err != nil {
		t.Fatal(err)
	}
	if shownTorso != "chain" || magic != "7" {
		t.Errorf("a shared link opened torso %q, magic %q: want its own state (chain, 7)", shownTorso, magic)
	}

	// "Save to my character" keeps what the player entered.
	var saved map[string]any
	err = chromedp.Run(b.Ctx,
		setField("#calc-armor-life-points", "4"),
		clickSel("#calc-armor .calc-save-character"),
		storedCharacter(&saved),
	)
	if err != nil {
		t.Fatal(err)
	}
	if f, _ := saved["fantasy"].(map[string]any); f == nil || f["life_points"] != 4.0 || f["magic"] != 7.0 {
		t.Errorf("saved to the character: %v; want life points 4, magic 7", saved["fantasy"])
	}
}

// TestCharacterOffline: the character page visited once computes its
// glance with no network.
func TestCharacterOffline(t *testing.T) {
	base, stop := serveOwn(t, serve.Handler(siteDir, nil))
	b := newBrowser(t, 390, 844, true)
	b.Allow(base)
	var kept []string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/fr/character/"),
		chromedp.Poll(`navigator.serviceWorker.controller ? true : null`, nil, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Poll(jsCharacterGlance("fantasy"), nil, chromedp.WithPollingTimeout(15*time.Second)),
		setField("#character-fantasy-magic", "5"),
		chromedp.Evaluate(keptFiles, &kept, awaitPromise),
	)
	if err != nil {
		t.Fatal(err)
	}
	stop()
	var glance [][]string
	var magic string
	err = chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/fr/character/"),
		chromedp.Poll(jsCharacterGlance("fantasy"), &glance, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Value("#character-fantasy-magic", &magic),
	)
	if err != nil {
		t.Fatalf("offline, the character page: %v (the copy held %v)", err, kept)
	}
	if magic != "5" || len(glance) == 0 || !strings.Contains(glance[0][1], "points d’armure") {
		t.Errorf("offline: magic %q, glance %v", magic, glance)
	}
}

// TestCharacterAccessibility: axe-core finds nothing on the character
// page, in both languages, with spells listed.
func TestCharacterAccessibility(t *testing.T) {
	axe := axeSource(t)
	b := newBrowser(t, 390, 844, true)
	t.Cleanup(func() {
		_ = chromedp.Run(b.Ctx, chromedp.Evaluate(`localStorage.removeItem("`+characterKey+`")`, nil))
	})
	for _, lang := range []string{"fr", "en"} {
		err := chromedp.Run(b.Ctx,
			chromedp.Navigate(baseURL+"/"+lang+"/character/"),
			chromedp.Poll(jsCharacterGlance("spellcasting"), nil, chromedp.WithPollingTimeout(15*time.Second)),
			clickSel(".character-item-add"),
			chromedp.Poll(`document.querySelector('[data-character-game="spellcasting"] .glance') || null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		)
		if err != nil {
			t.Fatal(err)
		}
		axeOn(t, b.Ctx, axe, "document", "/"+lang+"/character/")
	}
}

// TestCharacterLayoutShift: the character page opens in its final form
// (390 px): on a first visit with the default character's glance written
// at build time, then with a stored character of two spells, whose last
// glance is drawn before the engine computes it again. The bound:
// a cumulative shift under 0.02.
func TestCharacterLayoutShift(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	t.Cleanup(func() {
		_ = chromedp.Run(b.Ctx, chromedp.Evaluate(`localStorage.removeItem("`+characterKey+`"); localStorage.removeItem("`+characterKey+`.glance")`, nil))
	})
	err := chromedp.Run(b.Ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(layoutShiftProbe).Do(ctx)
		return err
	}), chromedp.Navigate(baseURL+"/en/character/"),
		chromedp.Evaluate(`localStorage.removeItem("`+characterKey+`"); localStorage.removeItem("`+characterKey+`.glance")`, nil))
	if err != nil {
		t.Fatal(err)
	}
	measure := func(when string) {
		t.Helper()
		var cls float64
		var moved []string
		err := chromedp.Run(b.Ctx, chromedp.Reload(), chromedp.WaitReady("footer"),
			chromedp.Poll(jsCharacterGlance("spellcasting"), nil, chromedp.WithPollingTimeout(15*time.Second)),
			chromedp.Sleep(500*time.Millisecond),
			chromedp.Evaluate(`window.__cls`, &cls), chromedp.Evaluate(`window.__moved`, &moved))
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		t.Logf("%s: layout shift %.4f", when, cls)
		if cls >= 0.02 {
			t.Errorf("%s: layout shift %.4f (moved %v), want under 0.02", when, cls, moved)
		}
	}
	measure("first visit")
	err = chromedp.Run(b.Ctx,
		setField("#character-fantasy-locations-torso", "plate"),
		clickSel(".character-item-add"), clickSel(".character-item-add"),
		setField("#character-spellcasting-spells-1-name", "Fireball"),
		chromedp.Poll(`document.querySelectorAll('[data-character-game="spellcasting"] .glance').length === 2 && document.querySelector('[data-character-game="spellcasting"] .glance-title').textContent === "Fireball" || null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	measure("a stored character")
	// A calculator of the game starts from the character and says so
	// without moving what the page opened at.
	var cls float64
	var moved []string
	err = chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/en/fantasy/#calc-armor"), chromedp.WaitReady("footer"),
		waitOutput("calc-armor", new(string)), chromedp.Sleep(500*time.Millisecond),
		chromedp.Evaluate(`window.__cls`, &cls), chromedp.Evaluate(`window.__moved`, &moved))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the armour calculator from the character: layout shift %.4f", cls)
	if cls >= 0.02 {
		t.Errorf("the armour calculator from the character: layout shift %.4f (moved %v), want under 0.02", cls, moved)
	}
}

// TestCharacterFromAnotherEdition: a character the current rules cannot
// take as it is (kept from an older edition, or edited by hand: a value
// out of range, a choice gone, a key no field knows, a list that is not
// one) opens with each problem by its field, the rest of the character
// kept, and no error in the page.
func TestCharacterFromAnotherEdition(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	t.Cleanup(func() {
		_ = chromedp.Run(b.Ctx, chromedp.Evaluate(`localStorage.removeItem("`+characterKey+`"); localStorage.removeItem("`+characterKey+`.glance")`, nil))
	})
	stored := `{"v":1,"games":{"fantasy":{"magic":999,"life_points":3,"locations":{"torso":"mithril","arms":"plate"},"wings":true},"spellcasting":{"spells":"none"},"heroes":[1,2]}}`
	var magicError, gone, arms, torso, lp string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/en/character/"),
		chromedp.Evaluate(`localStorage.setItem("`+characterKey+`", `+"`"+stored+"`"+`)`, nil),
		chromedp.Reload(),
		chromedp.Poll(`(() => { const p = document.getElementById("character-fantasy-magic-error"); return p && !p.hidden ? p.textContent : null; })()`, &magicError, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Text(`[data-character-game="fantasy"] .calc-error`, &gone),
		chromedp.Value("#character-fantasy-locations-arms", &arms),
		chromedp.Value("#character-fantasy-locations-torso", &torso),
		chromedp.Value("#character-fantasy-life-points", &lp),
		chromedp.Poll(jsCharacterGlance("spellcasting"), nil, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(magicError, "Magic") || !strings.Contains(gone, "mithril") || arms != "plate" || torso != "chain" || lp != "3" {
		t.Errorf("magic's error %q, the box %q, arms %q, torso %q, life points %q: want magic's range, mithril named, plate, the default chain, 3", magicError, gone, arms, torso, lp)
	}
}
