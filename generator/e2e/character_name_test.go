//go:build e2e

package e2e

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"compendium/generator/qr/qrtest"
)

// hostileName is a name a player could type or a link could carry: markup
// that must stay text, and more than the 40 characters a name keeps.
const hostileName = `<img src=x onerror="window.__pwned=1">Aldric le Brave, chevalier d’Ys`

// characterName is hostileName as the page keeps it: its first 40
// characters.
var characterName = string([]rune(hostileName)[:40])

// jsNamed is what game's section shows of its character's name: the
// card's title, the field, the printed line, and whether any element was
// made of it.
func jsNamed(game string) string {
	return `(() => { const s = document.querySelector('[data-character-game="` + game + `"]');
		return { title: s.querySelector("h2").textContent, name: s.querySelector("h2 .character-name-title").textContent, field: s.querySelector(".character-name").value, disabled: s.querySelector(".character-name").disabled,
			line: s.querySelector(".character-for-text").textContent, imgs: s.querySelectorAll("h2 img, .character-for img").length, pwned: !!window.__pwned }; })()`
}

type namedView struct {
	Title    string `json:"title"`
	Name     string `json:"name"`
	Field    string `json:"field"`
	Disabled bool   `json:"disabled"`
	Line     string `json:"line"`
	Imgs     int    `json:"imgs"`
	Pwned    bool   `json:"pwned"`
}

// linkValues reads the values a character link carries (share.js's
// format: "#c=<game>.", then the deflated JSON in base64url).
func linkValues(t *testing.T, link string) map[string]any {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	_, data, ok := strings.Cut(strings.TrimPrefix(u.Fragment, "c="), ".")
	if !ok {
		t.Fatalf("no character in the link %s", link)
	}
	z, err := base64.RawURLEncoding.DecodeString(data)
	if err != nil {
		t.Fatal(err)
	}
	j, err := io.ReadAll(flate.NewReader(bytes.NewReader(z)))
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(j, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestCharacterNamed: a character stored before names existed still
// opens; named, its name (markup kept as text, cut at 40 characters) is on
// the card's title and its printed line, kept on the device, in its link
// and in the QR code (decoded), and a fresh profile opening the link shows
// it read-only; the share button opens the phone's share sheet where there
// is one and copies the link otherwise; a calculator pre-filled from it
// says so at the top of its body, with the name and the way back to the
// defaults, and names it in its "Calculated for" lines (issue 48, point 7).
func TestCharacterNamed(t *testing.T) {
	a := newBrowserWithin(t, 390, 844, true, 2*time.Minute)
	t.Cleanup(func() {
		_ = chromedp.Run(a.Ctx, chromedp.Navigate(baseURL+"/fr/"), chromedp.Evaluate(`localStorage.removeItem("`+characterKey+`"); localStorage.removeItem("`+characterKey+`.glance")`, nil))
	})
	// Before names: a stored character with none.
	var before namedView
	var torso string
	err := chromedp.Run(a.Ctx,
		chromedp.Navigate(baseURL+"/fr/character/"),
		chromedp.Evaluate(`localStorage.setItem("`+characterKey+`", JSON.stringify({ v: 1, games: { fantasy: { magic: 3, locations: { torso: "plate" } } } }))`, nil),
		chromedp.Reload(),
		chromedp.Poll(jsCharacterGlance("fantasy"), nil, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Evaluate(jsNamed("fantasy"), &before),
		chromedp.Value("#character-fantasy-locations-torso", &torso),
	)
	if err != nil {
		t.Fatal(err)
	}
	if before.Field != "" || before.Disabled || before.Name != "" || torso != "plate" {
		t.Errorf("a character stored without a name: %+v, torso %q: want it as stored, unnamed, its name field enabled", before, torso)
	}

	// Named with markup and too many characters.
	var named namedView
	var stored map[string]any
	err = chromedp.Run(a.Ctx,
		setField("#fantasy-name", hostileName),
		chromedp.Poll(`(() => { const v = `+jsNamed("fantasy")+`; return v.name ? v : null; })()`, &named, chromedp.WithPollingTimeout(5*time.Second)),
		storedCharacter(&stored),
	)
	if err != nil {
		t.Fatal(err)
	}
	fantasy, _ := stored["fantasy"].(map[string]any)
	if named.Name != " — "+characterName || !strings.HasSuffix(named.Title, named.Name) || named.Imgs != 0 || named.Pwned {
		t.Errorf("named %q, the card's title reads %q (%d img, ran: %v): want the name, as text, cut at 40 characters", hostileName, named.Title, named.Imgs, named.Pwned)
	}
	if !strings.HasPrefix(named.Line, characterName+" — ") {
		t.Errorf("the printed line reads %q: want it to start with the name", named.Line)
	}
	if fantasy["name"] != characterName || fantasy["magic"] != 3.0 {
		t.Errorf("stored: %v: want the name %q beside the values", fantasy, characterName)
	}

	// A readable name for the rest, and the card's picture.
	const name = "Aldric le Brave"
	var link, svg string
	if err := chromedp.Run(a.Ctx, setField("#fantasy-name", name)); err != nil {
		t.Fatal(err)
	}
	// The link is drawn once the glance is computed: until then it is the
	// previous name's.
	for deadline := time.Now().Add(10 * time.Second); ; {
		err = chromedp.Run(a.Ctx, chromedp.Evaluate(`document.querySelector('[data-character-game="fantasy"] .character-share-link').href`, &link))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(link, "#c=") && linkValues(t, link)["name"] == name {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the link never carried the name %q: %s", name, link)
		}
		time.Sleep(50 * time.Millisecond)
	}
	err = chromedp.Run(a.Ctx,
		chromedp.Poll(`(() => { const a = document.querySelector('[data-character-game="fantasy"] .character-share-link').href;
			return a === `+jsString(link)+` ? document.querySelector('[data-character-game="fantasy"] .character-qr svg')?.outerHTML ?? null : null; })()`, &svg, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if got := linkValues(t, link)["name"]; got != name {
		t.Errorf("the link carries the name %v, want %q", got, name)
	}
	if got := qrtest.Decode(t, svg); got != link {
		t.Errorf("the card's QR code reads %q, want the named character's link %q", got, link)
	} else if linkValues(t, got)["name"] != name {
		t.Errorf("the QR code's link does not carry the name")
	}
	shot(t, a.Ctx, `[data-character-game="fantasy"]`, "character-card-named-390.png")

	// No share sheet here: the button copies the link.
	var copied, label string
	err = chromedp.Run(a.Ctx,
		chromedp.Evaluate(`typeof navigator.share`, &label),
	)
	if err != nil {
		t.Fatal(err)
	}
	if label != "function" {
		err = chromedp.Run(a.Ctx,
			chromedp.Evaluate(`navigator.clipboard.writeText = (s) => { window.__copied = s; return Promise.resolve(); }`, nil),
			chromedp.Evaluate(`document.querySelector('[data-character-game="fantasy"] .character-share-copy').textContent`, &label),
			clickSel(`[data-character-game="fantasy"] .character-share-copy`),
			chromedp.Poll(`window.__copied || null`, &copied, chromedp.WithPollingTimeout(5*time.Second)),
		)
		if err != nil {
			t.Fatal(err)
		}
		if label != "Copier le lien" || copied != link {
			t.Errorf("without a share sheet, the button %q copied %q, want “Copier le lien” and the link", label, copied)
		}
	} else {
		t.Logf("this Chromium has navigator.share: the copy fallback is not tried here")
	}

	// A phone with a share sheet (navigator.share stubbed before the
	// page's scripts): the button opens it with the link and the name.
	s := newBrowser(t, 390, 844, true)
	var sheet struct {
		Label string `json:"label"`
		Title string `json:"title"`
		URL   string `json:"url"`
	}
	err = chromedp.Run(s.Ctx,
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(`Object.defineProperty(Navigator.prototype, "share", { configurable: true, value: function (d) { window.__shared = d; return Promise.resolve(); } });`).Do(ctx)
			return err
		}),
		chromedp.Navigate(baseURL+"/fr/character/"),
		chromedp.Poll(`document.querySelector('[data-character-game="fantasy"] .character-share-link').href.includes("#c=") || null`, nil, chromedp.WithPollingTimeout(15*time.Second)),
		clickSel(`[data-character-game="fantasy"] .character-share-copy`),
		chromedp.Poll(`window.__shared ? { label: document.querySelector('[data-character-game="fantasy"] .character-share-copy').textContent, title: window.__shared.title, url: window.__shared.url } : null`, &sheet, chromedp.WithPollingTimeout(5*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if sheet.Label != "Partager le lien" || sheet.URL != link || !strings.HasPrefix(sheet.Title, name) {
		t.Errorf("with a share sheet: button %q, shared %q (%q): want “Partager le lien”, the link and the name", sheet.Label, sheet.URL, sheet.Title)
	}

	// The link in a fresh profile: the name, read-only.
	f := newFreshBrowser(t, 390, 844, true, 60*time.Second)
	var other namedView
	err = chromedp.Run(f.Ctx,
		chromedp.Navigate(link),
		chromedp.Poll(jsShared("fantasy"), nil, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Evaluate(jsNamed("fantasy"), &other),
	)
	if err != nil {
		t.Fatal(err)
	}
	if other.Name != " — "+name || other.Field != name || !other.Disabled {
		t.Errorf("the link opened elsewhere: %+v: want the name on the title and in its field, read-only", other)
	}

	// A pre-filled calculator says so at its top, names the character,
	// and gives the way back to the defaults.
	var top struct {
		Text      string  `json:"text"`
		Button    string  `json:"button"`
		Note      string  `json:"note"`
		For       string  `json:"for"`
		FromTop   float64 `json:"fromTop"`
		FormBelow bool    `json:"formBelow"`
		Gist      string  `json:"-"`
	}
	err = chromedp.Run(a.Ctx,
		chromedp.Navigate(baseURL+"/fr/fantasy/#armor"),
		chromedp.WaitReady("#calc-armor"),
		// Folded first: its summary says it.
		chromedp.Poll(`(() => { const c = document.getElementById("calc-armor"), g = c.querySelector(".calc-gist-for"), d = c.querySelector("details.calc-fold");
			return d && !d.open && g ? g.textContent : null; })()`, &top.Gist, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`document.querySelector("#calc-armor details.calc-fold").open = true`, nil),
		chromedp.Poll(`(() => { const c = document.getElementById("calc-armor"), p = c.querySelector(".calc-prefilled"); if (!p || p.hidden) return null;
			const r = p.getBoundingClientRect(), body = c.querySelector(".calc-body").getBoundingClientRect();
			return { text: p.querySelector(".calc-prefilled-text").textContent, button: p.querySelector("button").textContent,
				note: c.querySelector(".calc-character-text").textContent, for: c.querySelector(".calc-for span").textContent,
				fromTop: r.top - body.top, formBelow: c.querySelector(".calc-form").getBoundingClientRect().top >= r.bottom && r.height > 0 }; })()`, &top, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if top.Text != "Rempli avec votre personnage «\u00a0"+name+"\u00a0»." || top.Button != "Valeurs par défaut" || top.FromTop > 1 || !top.FormBelow {
		t.Errorf("the armour calculator's top line: %+v: want “Rempli avec votre personnage « %s ».” and “Valeurs par défaut”, first in its body, above the form", top, name)
	}
	// Folded, its summary says it first too.
	if top.Gist != top.Text {
		t.Errorf("the folded calculator's summary names %q, want %q first", top.Gist, top.Text)
	}
	if top.Note != "Calculé pour\u00a0: "+name || !strings.HasPrefix(top.For, name+" — ") {
		t.Errorf("the calculator's lines: note %q, printed %q: want the name in both", top.Note, top.For)
	}
	err = chromedp.Run(a.Ctx, chromedp.Evaluate(`document.getElementById("calc-armor").scrollIntoView({ block: "start" })`, nil))
	if err != nil {
		t.Fatal(err)
	}
	shotViewport(t, a.Ctx, "calc-prefilled-390.png")
	var after struct {
		Hidden bool   `json:"hidden"`
		Mode   string `json:"mode"`
		Torso  string `json:"torso"`
	}
	err = chromedp.Run(a.Ctx,
		clickSel("#calc-armor .calc-prefilled-stop"),
		chromedp.Poll(`(() => { const c = document.getElementById("calc-armor"); const n = c.querySelector(".calc-character");
			return n.dataset.mode === "defaults" ? { hidden: c.querySelector(".calc-prefilled").hidden, mode: n.dataset.mode, torso: c.querySelector("#calc-armor-locations-torso").value } : null; })()`, &after, chromedp.WithPollingTimeout(5*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !after.Hidden || after.Torso == "plate" {
		t.Errorf("after the top line's button: %+v: want the defaults and the line gone", after)
	}
}

// shot saves the element sel as name under SHOTS_DIR, when it is set.
func shot(t *testing.T, ctx context.Context, sel, name string) {
	t.Helper()
	dir := os.Getenv("SHOTS_DIR")
	if dir == "" {
		return
	}
	var png []byte
	if err := chromedp.Run(ctx, chromedp.Screenshot(sel, &png, chromedp.ByQuery)); err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Error(err)
	}
}

// shotViewport saves what the screen shows as name under SHOTS_DIR, when
// it is set.
func shotViewport(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("SHOTS_DIR")
	if dir == "" {
		return
	}
	var png []byte
	if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&png)); err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Error(err)
	}
}

// The character's name in Firefox and WebKit: the field takes it on a
// phone (in the screen's width, not covered), the card's title shows it,
// the share button says what it does there, and the armour calculator,
// pre-filled, names it first in its body.
func init() {
	crossPhoneChecks["character-name"] = func(s *smoke) {
		const name = "Aldric le Brave"
		s.open(s.base + "/fr/character/")
		if err := s.eng.Eval(`localStorage.removeItem("`+characterKey+`"), true`, nil); err != nil {
			s.t.Fatal(err)
		}
		s.open(s.base + "/fr/character/")
		var field struct {
			Inside   bool   `json:"inside"`
			Top      bool   `json:"top"`
			Label    string `json:"label"`
			HasShare bool   `json:"hasShare"`
		}
		err := s.poll(`(() => { const el = document.getElementById("fantasy-name"); if (!el || el.disabled) return null;
			el.scrollIntoView({ block: "center" }); const r = el.getBoundingClientRect();
			return { inside: r.left >= 0 && r.right <= innerWidth && r.width > 0, top: document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el,
				label: document.querySelector('[data-character-game="fantasy"] .character-share-copy').textContent, hasShare: typeof navigator.share === "function" }; })()`, 15*time.Second, &field)
		if err != nil {
			s.t.Fatalf("%s: the name field: %v", s.eng.Name(), err)
		}
		if !field.Inside || !field.Top {
			s.t.Errorf("%s: the name field %+v: want it in the screen's width and not covered", s.eng.Name(), field)
		}
		if want := map[bool]string{true: "Partager le lien", false: "Copier le lien"}[field.HasShare]; field.Label != want {
			s.t.Errorf("%s: the share button says %q (navigator.share: %v), want %q", s.eng.Name(), field.Label, field.HasShare, want)
		}
		set := `(() => { const el = document.getElementById("fantasy-name"); el.value = "` + name + `"; el.dispatchEvent(new Event("input", { bubbles: true }));
			const t = document.getElementById("character-fantasy-locations-torso"); t.value = "plate"; t.dispatchEvent(new Event("change", { bubbles: true })); return true; })()`
		if err := s.eng.Eval(set, nil); err != nil {
			s.t.Fatal(err)
		}
		if err := s.poll(`document.querySelector('[data-character-game="fantasy"] .character-name-title').textContent === " — `+name+`" && JSON.parse(localStorage.getItem("`+characterKey+`") || "{}").games?.fantasy?.name === "`+name+`"`, 10*time.Second, nil); err != nil {
			s.t.Errorf("%s: the name is not on the card's title or not kept: %v", s.eng.Name(), err)
		}
		s.open(s.base + "/fr/fantasy/#armor")
		var top string
		err = s.poll(`(() => { const c = document.getElementById("calc-armor"), p = c && c.querySelector(".calc-prefilled"); if (!p || p.hidden) return null;
			return p.getBoundingClientRect().bottom <= c.querySelector(".calc-form").getBoundingClientRect().top ? p.textContent : "below the form: " + p.textContent; })()`, 15*time.Second, &top)
		if err != nil || !strings.HasPrefix(top, "Rempli avec votre personnage «\u00a0"+name+"\u00a0».") {
			s.t.Errorf("%s: the pre-filled calculator's top line: %q (%v)", s.eng.Name(), top, err)
		}
		_ = s.eng.Eval(`localStorage.removeItem("`+characterKey+`"), true`, nil)
	}
}
