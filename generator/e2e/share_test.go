//go:build e2e

package e2e

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"compendium/generator/qr"
)

// shareLink is a character link as character.js writes one (share.js:
// the values' JSON, deflated, in base64url after "#c=<game>."), made here
// so that a test can also forge what no page would write.
func shareLink(t *testing.T, lang, game string, values any) string {
	t.Helper()
	j, err := json.Marshal(values)
	if err != nil {
		t.Fatal(err)
	}
	return baseURL + "/" + lang + "/character/#c=" + game + "." + deflated(t, j)
}

func deflated(t *testing.T, b []byte) string {
	t.Helper()
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(b)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// openLink opens a character link as a new visit (from another page: a
// link differing only by its fragment would not load the page again).
func openLink(link string) chromedp.Action {
	return chromedp.Tasks{chromedp.Navigate("about:blank"), chromedp.Navigate(link), chromedp.WaitReady("main", chromedp.ByQuery)}
}

// jsShared is the state of game's section once a shared character is
// shown: whether it is read-only, which sections show, and the problems
// written by its fields and above them; null until its glance is computed
// (or refused, for a value out of range).
func jsShared(game string) string {
	return `(() => { const s = document.querySelector('[data-character-game="` + game + `"]');
		const b = s.querySelector(".character-answers");
		if (s.querySelector(".character-shared").hidden || !["ready", "invalid"].includes(b.dataset.state)) return null;
		return { readOnly: s.querySelector(".calc-inputs").disabled,
			shown: [...document.querySelectorAll("[data-character-game]")].filter((x) => !x.hidden).map((x) => x.dataset.characterGame),
			fields: Object.fromEntries([...s.querySelectorAll(".field-error")].filter((p) => !p.hidden).map((p) => [p.id, p.textContent])),
			box: s.querySelector(".calc-error").hidden ? "" : s.querySelector(".calc-error").textContent,
			items: s.querySelectorAll(".character-items > li").length }; })()`
}

type sharedView struct {
	ReadOnly bool              `json:"readOnly"`
	Shown    []string          `json:"shown"`
	Fields   map[string]string `json:"fields"`
	Box      string            `json:"box"`
	Items    int               `json:"items"`
}

var pathD = regexp.MustCompile(`<path d="([^"]*)"`)

// TestCharacterShare: a player makes a character with four spells on the
// French page and finds it on the English one; its link, opened in a
// fresh profile (an organiser's phone), shows the same card, read-only,
// until "keep as my character";
// the printed card carries the link's QR code, the one generator/qr draws;
// the character exports as a JSON file that imports back.
func TestCharacterShare(t *testing.T) {
	a := newBrowser(t, 390, 844, true)
	t.Cleanup(func() {
		_ = chromedp.Run(a.Ctx, chromedp.Navigate(baseURL+"/en/"), chromedp.Evaluate(`localStorage.removeItem("`+characterKey+`"); localStorage.removeItem("`+characterKey+`.glance")`, nil))
	})
	actions := []chromedp.Action{
		chromedp.Navigate(baseURL + "/fr/character/"),
		chromedp.Evaluate(`localStorage.removeItem("`+characterKey+`")`, nil),
		chromedp.Reload(),
		chromedp.Poll(jsCharacterGlance("spellcasting"), nil, chromedp.WithPollingTimeout(15*time.Second)),
		setField("#character-spellcasting-magic", "6"),
	}
	spells := [][4]string{{"Boule de feu", "3", "2", "10"}, {"Bouclier", "1", "4", ""}, {"Vigne", "2", "3", "4"}, {"Déluge", "5", "1", "0"}}
	for i, s := range spells {
		n := string(rune('1' + i))
		actions = append(actions, clickSel(`[data-character-game="spellcasting"] .character-item-add`),
			setField("#character-spellcasting-spells-"+n+"-name", s[0]),
			setField("#character-spellcasting-spells-"+n+"-difficulty", s[1]),
			setField("#character-spellcasting-spells-"+n+"-apprenticeship", s[2]),
			setField("#character-spellcasting-spells-"+n+"-xp", s[3]))
	}
	var glance [][]string
	var link, svg string
	actions = append(actions,
		chromedp.Poll(`document.querySelectorAll('[data-character-game="spellcasting"] .glance').length === 4 && [...document.querySelectorAll('[data-character-game="spellcasting"] .glance-title')].at(-1).textContent === "Déluge" || null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Poll(jsCharacterGlance("spellcasting"), &glance, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Poll(`(() => { const a = document.querySelector('[data-character-game="spellcasting"] .character-share-link'); return a.href.includes("#c=") ? a.href : null; })()`, &link, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Poll(`document.querySelector('[data-character-game="spellcasting"] .character-qr svg')?.outerHTML ?? null`, &svg, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err := chromedp.Run(a.Ctx, actions...); err != nil {
		t.Fatal(err)
	}
	t.Logf("the link of a character with four spells: %d characters (%s)", len(strings.TrimPrefix(link, baseURL)), strings.TrimPrefix(link, baseURL))

	// The printed card's QR code is the link's, as the Go encoder draws it.
	want, err := qr.SVG(link, "")
	if err != nil {
		t.Fatal(err)
	}
	if g, w := pathD.FindStringSubmatch(svg), pathD.FindStringSubmatch(want); g == nil || w == nil || g[1] != w[1] {
		t.Errorf("the card's QR code is not the link's:\n got %.200s\nwant %.200s", svg, want)
	}
	var qrShown string
	if err := chromedp.Run(a.Ctx,
		emulation.SetEmulatedMedia().WithMedia("print"),
		chromedp.Evaluate(`getComputedStyle(document.querySelector('[data-character-game="spellcasting"] .character-qr')).display + " " + getComputedStyle(document.querySelector('[data-character-game="spellcasting"] .character-share')).display`, &qrShown),
		emulation.SetEmulatedMedia().WithMedia(""),
	); err != nil {
		t.Fatal(err)
	}
	if qrShown != "flex none" {
		t.Errorf("printed, the QR code and the share buttons show as %q, want flex none", qrShown)
	}

	// Made on the French page, read on the English one: the same
	// character, its glance in English, as calc computes it.
	var english [][]string
	if err := chromedp.Run(a.Ctx, chromedp.Navigate(baseURL+"/en/character/"),
		chromedp.Poll(`document.querySelectorAll('[data-character-game="spellcasting"] .glance').length === 4 && document.querySelector('[data-character-game="spellcasting"] .character-answers').dataset.state === "ready" || null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Poll(jsCharacterGlance("spellcasting"), &english, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatal(err)
	}
	casting := []string{"outcomes.flawed", "outcomes.success", "outcomes.perfect", "outcomes.failure", "xp_to_next"}
	wantFirst := expectGlance(t, "Boule de feu", "casting", map[string]any{"magic": 6, "difficulty": 3, "apprenticeship": 2, "xp": 10}, casting)
	if g, w := strings.Join(english[0], " | "), strings.Join(wantFirst, " | "); g != w {
		t.Errorf("the French character on the English page:\n got %s\nwant %s", g, w)
	}

	// Opened in a fresh profile: the same card, read-only, nothing stored.
	b := newFreshBrowser(t, 390, 844, true, 60*time.Second)
	var view sharedView
	var other [][]string
	var stored string
	err = chromedp.Run(b.Ctx,
		chromedp.Navigate(link),
		chromedp.Poll(jsShared("spellcasting"), &view, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Poll(jsCharacterGlance("spellcasting"), &other, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`localStorage.getItem("`+characterKey+`") ?? ""`, &stored),
	)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := json.Marshal(other)
	w, _ := json.Marshal(glance)
	if string(g) != string(w) {
		t.Errorf("the shared card:\n got %s\nwant %s", g, w)
	}
	if !view.ReadOnly || strings.Join(view.Shown, ",") != "spellcasting" || len(view.Fields) > 0 || view.Box != "" || view.Items != 4 || stored != "" {
		t.Errorf("the shared card: %+v, stored %q: want read-only, its game alone, no problem, 4 spells, nothing stored", view, stored)
	}
	var kept map[string]any
	var hash string
	var editable bool
	err = chromedp.Run(b.Ctx,
		clickSel(`[data-character-game="spellcasting"] .character-keep`),
		chromedp.Poll(`!document.querySelector('[data-character-game="spellcasting"] .calc-inputs').disabled || null`, &editable, chromedp.WithPollingTimeout(5*time.Second)),
		storedCharacter(&kept),
		chromedp.Evaluate(`location.hash`, &hash),
	)
	if err != nil {
		t.Fatal(err)
	}
	sp, _ := kept["spellcasting"].(map[string]any)
	list, _ := sp["spells"].([]any)
	if len(list) != 4 || sp["magic"] != 6.0 || hash != "" {
		t.Errorf("kept: %v, the address's fragment %q: want magic 6 and four spells stored, no fragment", kept, hash)
	}

	// Exported, then imported in the fresh profile: the same card again.
	var file string
	err = chromedp.Run(a.Ctx,
		chromedp.Evaluate(`(() => { const o = URL.createObjectURL; URL.createObjectURL = (blob) => { window.__exported = blob; return o(blob); };
			HTMLAnchorElement.prototype.click = function () {}; })()`, nil),
		clickSel(`[data-character-game="spellcasting"] .character-export`),
		chromedp.Evaluate(`window.__exported.text()`, &file, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
	)
	if err != nil {
		t.Fatal(err)
	}
	var exported struct {
		Compendium string         `json:"compendium"`
		V          int            `json:"v"`
		Game       string         `json:"game"`
		Values     map[string]any `json:"values"`
	}
	if err := json.Unmarshal([]byte(file), &exported); err != nil || exported.Compendium != "character" || exported.V != 1 || exported.Game != "spellcasting" || len(exported.Values["spells"].([]any)) != 4 {
		t.Fatalf("the exported file: %v\n%s", err, file)
	}
	path := filepath.Join(t.TempDir(), "character-spellcasting.json")
	os.WriteFile(path, []byte(file), 0o644)
	var imported [][]string
	err = chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/en/character/"),
		chromedp.Poll(jsCharacterGlance("spellcasting"), nil, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.SetUploadFiles(`[data-character-game="fantasy"] .character-import`, []string{path}, chromedp.ByQuery),
		chromedp.Poll(jsShared("spellcasting"), &view, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Poll(jsCharacterGlance("spellcasting"), &imported, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if len(imported) != 4 || imported[0][0] != "Boule de feu" || !view.ReadOnly {
		t.Errorf("imported: %v, %+v: want the four spells, read-only until kept", imported, view)
	}
}

// TestCharacterHostileLink: a link edited by hand or written to harm opens
// with each problem by its field or above the fields, the rest of the
// character shown, never a blank page, and the reader's own character
// untouched.
func TestCharacterHostileLink(t *testing.T) {
	b := newFreshBrowser(t, 390, 844, true, 2*time.Minute)
	mine := `{"v":1,"games":{"spellcasting":{"magic":3,"spells":[{"name":"Mine","difficulty":1,"apprenticeship":1}]}}}`
	if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/en/character/"), chromedp.Evaluate(`localStorage.setItem("`+characterKey+`", `+"`"+mine+"`"+`)`, nil)); err != nil {
		t.Fatal(err)
	}
	manySpells := make([]map[string]any, 5000)
	for i := range manySpells {
		manySpells[i] = map[string]any{}
	}
	cases := []struct {
		name, game string
		values     any
		fields     map[string]string // error element ID → words it must hold
		anywhere   []string          // words said by a field or above the fields
		items      int
	}{
		{"wrong types", "spellcasting", map[string]any{"magic": "six", "spells": []any{map[string]any{"name": 7, "difficulty": "hard", "apprenticeship": true}}},
			map[string]string{"character-spellcasting-magic-error": "“six”", "character-spellcasting-spells-1-difficulty-error": "“hard”", "character-spellcasting-spells-1-apprenticeship-error": "“true”"}, []string{"“7”"}, 1},
		{"unknown fields", "spellcasting", map[string]any{"magic": 5, "wings": true, "spells": []any{map[string]any{"difficulty": 1, "colour": "red"}}},
			nil, []string{"wings", "colour"}, 1},
		{"a huge list", "spellcasting", map[string]any{"magic": 5, "spells": manySpells}, nil, []string{"5000", "30"}, 30},
		{"a list that is not one", "spellcasting", map[string]any{"magic": 5, "spells": "all of them"}, nil, []string{"Spells known"}, 0},
		{"out of range", "spellcasting", map[string]any{"magic": 999, "spells": []any{map[string]any{"difficulty": 9, "apprenticeship": -1}}},
			map[string]string{"character-spellcasting-magic-error": "Magic", "character-spellcasting-spells-1-difficulty-error": "1 to 5", "character-spellcasting-spells-1-apprenticeship-error": "1 to 5"}, nil, 1},
		{"fantasy", "fantasy", map[string]any{"locations": map[string]any{"torso": "mithril", "arms": 3}, "helmet": "yes", "life_points": -3, "real_chainmail": "torso"},
			map[string]string{"character-fantasy-locations-torso-error": "mithril", "character-fantasy-locations-arms-error": "“3”", "character-fantasy-helmet-error": "“yes”", "character-fantasy-life-points-error": "Life points", "character-fantasy-real-chainmail-error": "“torso”"}, nil, 0},
	}
	for _, c := range cases {
		var view sharedView
		if err := chromedp.Run(b.Ctx, openLink(shareLink(t, "en", c.game, c.values)), chromedp.Poll(jsShared(c.game), &view, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !view.ReadOnly || view.Items != c.items {
			t.Errorf("%s: %+v: want read-only, %d items", c.name, view, c.items)
		}
		for id, words := range c.fields {
			if !strings.Contains(view.Fields[id], words) {
				t.Errorf("%s: %s says %q, want %q in it (all: %v)", c.name, id, view.Fields[id], words, view.Fields)
			}
		}
		all := view.Box
		for _, s := range view.Fields {
			all += " " + s
		}
		for _, words := range c.anywhere {
			if !strings.Contains(all, words) {
				t.Errorf("%s: the page says %q, want %q in it", c.name, all, words)
			}
		}
	}

	// Links that cannot be read open nothing, say why, and leave the page
	// and the reader's character as they were.
	bomb := deflated(t, []byte(`{"magic":1,"x":"`+strings.Repeat(" ", 200000)+`"}`))
	unreadable := []struct{ name, hash, words string }{
		{"garbled", "#c=spellcasting.!!!not-base64", "cannot be read"},
		{"cut short", "#c=spellcasting." + deflated(t, []byte(`{"magic":5}`))[:4], "cannot be read"},
		{"not a character", "#c=spellcasting." + deflated(t, []byte(`[1,2,3]`)), "does not describe a character"},
		{"a deflate bomb", "#c=spellcasting." + bomb, "too long"},
		{"too long", "#c=spellcasting." + strings.Repeat("A", 9000), "too long"},
		{"another game", "#c=chess." + deflated(t, []byte(`{"magic":5}`)), "“chess”"},
	}
	for _, c := range unreadable {
		var problem string
		var shown int
		var stored string
		err := chromedp.Run(b.Ctx, openLink(baseURL+"/en/character/"+c.hash),
			chromedp.Poll(`(() => { const p = document.querySelector(".character-problem"); return p.hidden ? null : p.textContent; })()`, &problem, chromedp.WithPollingTimeout(10*time.Second)),
			chromedp.Evaluate(`[...document.querySelectorAll("[data-character-game]")].filter((s) => !s.hidden && s.querySelector(".character-form")).length`, &shown),
			chromedp.Evaluate(`localStorage.getItem("`+characterKey+`")`, &stored),
		)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !strings.Contains(problem, c.words) || shown < 2 || stored != mine {
			t.Errorf("%s: the page says %q with %d games shown, stored %s: want %q, every game, the character unchanged", c.name, problem, shown, stored, c.words)
		}
	}
}
