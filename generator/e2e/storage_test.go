//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// jsFillStorage fills this origin's localStorage to its quota, as years
// of other data or a full disk would: chunks down to one character, so
// that not even a small character fits; it is the number of characters
// stored.
const jsFillStorage = `(() => { let n = 0, i = 0;
	for (const size of [1e6, 1e5, 1e4, 1e3, 100, 10, 1]) {
		const s = "x".repeat(size);
		for (;;) { try { localStorage.setItem("fill" + i++, s); n += size; } catch { break; } }
	}
	return n; })()`

// jsRefuseStorage runs before the page's scripts (injected through CDP,
// which the CSP does not govern) and makes localStorage throw as a
// browser whose storage is blocked does (some private modes, embedded
// browsers): reading the property throws a SecurityError.
const jsRefuseStorage = `Object.defineProperty(window, "localStorage", { configurable: true,
	get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });`

// jsShown is the text of the first element matching sel when it shows,
// else null.
func jsShown(sel string) string {
	return `(() => { const el = ` + jsQuery(sel) + `; return el && !el.hidden && el.textContent ? el.textContent : null; })()`
}

// TestStorageRefused: with the device's storage full (localStorage filled
// to its quota) or refused (localStorage throws), keeping a shared
// character, editing one and "Save to my character" each say, where the
// player acted, that nothing was kept, and the page goes on computing;
// nothing claims success.
func TestStorageRefused(t *testing.T) {
	for _, mode := range []string{"full", "refused"} {
		t.Run(mode, func(t *testing.T) {
			b := newFreshBrowser(t, 390, 844, true, 90*time.Second)
			if mode == "refused" {
				if err := chromedp.Run(b.Ctx, chromedp.ActionFunc(func(ctx context.Context) error {
					_, err := page.AddScriptToEvaluateOnNewDocument(jsRefuseStorage).Do(ctx)
					return err
				})); err != nil {
					t.Fatal(err)
				}
			} else {
				var n int
				if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/en/"), chromedp.Evaluate(jsFillStorage, &n)); err != nil {
					t.Fatal(err)
				}
				if n < 1e6 {
					t.Fatalf("filled %d characters: the quota was not reached", n)
				}
			}
			stored := func() string {
				t.Helper()
				var s string
				if err := chromedp.Run(b.Ctx, chromedp.Evaluate(`(() => { try { return localStorage.getItem("`+characterKey+`") ?? ""; } catch { return ""; } })()`, &s)); err != nil {
					t.Fatal(err)
				}
				return s
			}

			// Keeping a shared character: "not kept", still shown read-only.
			link := shareLink(t, "en", "spellcasting", map[string]any{"magic": 9, "spells": []any{map[string]any{"name": "Fireball", "difficulty": 2}}})
			var note, toastText string
			var readOnly bool
			err := chromedp.Run(b.Ctx,
				openLink(link),
				chromedp.Poll(jsShared("spellcasting"), nil, chromedp.WithPollingTimeout(15*time.Second)),
				clickSel(`[data-character-game="spellcasting"] .character-keep`),
				chromedp.Poll(jsShown(`[data-character-game="spellcasting"] .character-unsaved`), &note, chromedp.WithPollingTimeout(5*time.Second)),
				chromedp.Evaluate(`document.getElementById("toast").textContent`, &toastText),
				chromedp.Evaluate(`document.querySelector('[data-character-game="spellcasting"] .calc-inputs').disabled`, &readOnly),
			)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(note, "Not kept") || strings.Contains(toastText, "Kept") || !readOnly {
				t.Errorf("keep with storage %s: note %q, toast %q, read-only %v; want “Not kept…”, no “Kept”, the shared character still open", mode, note, toastText, readOnly)
			}
			if s := stored(); s != "" {
				t.Errorf("keep with storage %s stored %q", mode, s)
			}

			// Editing: said in the game's section; the glance still computes.
			var glance [][]string
			err = chromedp.Run(b.Ctx,
				chromedp.Navigate(baseURL+"/en/character/"),
				chromedp.Poll(jsCharacterGlance("fantasy"), nil, chromedp.WithPollingTimeout(15*time.Second)),
				setField("#character-fantasy-magic", "7"),
				chromedp.Poll(jsShown(`[data-character-game="fantasy"] .character-unsaved`), &note, chromedp.WithPollingTimeout(5*time.Second)),
				chromedp.Poll(`(() => { const g = `+jsCharacterGlance("fantasy")+`; return g && JSON.stringify(g).includes("7") ? g : null; })()`, &glance, chromedp.WithPollingTimeout(10*time.Second)),
			)
			if err != nil {
				t.Fatalf("edit with storage %s: %v (note %q)", mode, err, note)
			}
			if !strings.Contains(note, "refuses to keep your character") {
				t.Errorf("edit with storage %s: note %q; want it to say the character is not kept", mode, note)
			}
			if s := stored(); s != "" {
				t.Errorf("edit with storage %s stored %q", mode, s)
			}

			// "Save to my character": said by the button; the calculator works.
			var out, later string
			err = chromedp.Run(b.Ctx,
				chromedp.Navigate(baseURL+"/en/fantasy/#armor"),
				chromedp.WaitReady("#calc-armor"),
				waitOutput("calc-armor", &out),
				setField("#calc-armor-life-points", "4"),
				clickSel("#calc-armor .calc-save-character"),
				chromedp.Poll(jsShown("#calc-armor .calc-save-error"), &note, chromedp.WithPollingTimeout(5*time.Second)),
				chromedp.Evaluate(`document.getElementById("toast").textContent`, &toastText),
				setField("#calc-armor-magic", "2"),
				chromedp.Poll(`(() => { const r = `+jsCalcResult("calc-armor")+`; return r.dataset.static === "false" && !r.dataset.error && r.dataset.output && r.dataset.output !== `+strconv.Quote(out)+` ? r.dataset.output : null; })()`, &later, chromedp.WithPollingTimeout(10*time.Second)),
			)
			if err != nil {
				var got string
				_ = chromedp.Run(b.Ctx, chromedp.Evaluate(jsCalcResult("calc-armor")+`.dataset.output || ""`, &got))
				t.Fatalf("save to my character with storage %s: %v (note %q, output %.200s)", mode, err, note, got)
			}
			if !strings.HasPrefix(note, "Not saved to your character") || strings.Contains(toastText, "Saved") {
				t.Errorf("save to my character with storage %s: note %q, toast %q; want “Not saved…” and no “Saved”", mode, note, toastText)
			}

			// The reading size: this page only, and said so.
			err = chromedp.Run(b.Ctx,
				clickSel(".text-size-toggle"),
				clickSel(`#text-size button[data-text-size="2"]`),
				chromedp.Poll(`document.getElementById("toast").textContent || null`, &toastText, chromedp.WithPollingTimeout(5*time.Second)),
			)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(toastText, "this page only") {
				t.Errorf("text size with storage %s: toast %q; want it to say this page only", mode, toastText)
			}
		})
	}
}

// TestStorageUnreadable: a stored glance one game cannot draw (an older
// or newer build's format) is set aside for that game alone: both games
// compute, the other game's glance is still drawn from the device, and
// the next answer is stored over the bad one. A stored character that is
// not JSON reads as none, and is set aside, not destroyed, by the next
// save.
func TestStorageUnreadable(t *testing.T) {
	b := newFreshBrowser(t, 390, 844, true, 90*time.Second)
	glanceKey := characterKey + ".glance"
	// What the fantasy glance shows once the page's scripts have run
	// (module scripts run before DOMContentLoaded), before the engine's
	// answers arrive from its worker: the glance stored on the device.
	err := chromedp.Run(b.Ctx,
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(`addEventListener("DOMContentLoaded", () => {
				const b = document.querySelector('[data-character-game="fantasy"] .character-answers');
				window.__firstGlance = b ? b.textContent : null; });`).Do(ctx)
			return err
		}),
		chromedp.Navigate(baseURL+"/en/character/"),
		chromedp.Poll(jsCharacterGlance("fantasy"), nil, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Poll(jsCharacterGlance("spellcasting"), nil, chromedp.WithPollingTimeout(15*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, entries string }{
		{"a null entry", `[null]`},
		{"figures as objects", `[{"none":1},{"calc":"casting","rule":"../spellcasting/#casting","title":"Spell","answer":"x","figures":[{"label":"a","text":"b"}]}]`},
		{"not a list", `{"0":1}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The spellcasting glance is bad; the fantasy one is as this
			// build stores it, with a mark that shows until the engine's
			// answers replace it.
			var ok bool
			err := chromedp.Run(b.Ctx, chromedp.Evaluate(`(() => { const o = JSON.parse(localStorage.getItem("`+glanceKey+`"));
				o.spellcasting = { lang: "en", entries: `+c.entries+` };
				o.fantasy.entries[0].title = "stored mark";
				localStorage.setItem("`+glanceKey+`", JSON.stringify(o)); return true; })()`, &ok))
			if err != nil {
				t.Fatal(err)
			}
			var mark string
			var fantasy, spells [][]string
			var after map[string]any
			err = chromedp.Run(b.Ctx,
				chromedp.Reload(),
				chromedp.Evaluate(`window.__firstGlance`, &mark),
				chromedp.Poll(jsCharacterGlance("fantasy"), &fantasy, chromedp.WithPollingTimeout(15*time.Second)),
				chromedp.Poll(jsCharacterGlance("spellcasting"), &spells, chromedp.WithPollingTimeout(15*time.Second)),
				clickSel(`[data-character-game="spellcasting"] .character-item-add`),
				chromedp.Poll(`(() => { const o = JSON.parse(localStorage.getItem("`+glanceKey+`") || "{}"); const e = o.spellcasting && o.spellcasting.entries;
					return Array.isArray(e) && e.length === 1 && e[0] && typeof e[0].answer === "string" && Array.isArray(e[0].figures) ? o : null; })()`, &after, chromedp.WithPollingTimeout(10*time.Second)),
			)
			if err != nil {
				t.Fatalf("%v (the fantasy glance %v, the spellcasting one %v)", err, fantasy, spells)
			}
			if !strings.Contains(mark, "stored mark") {
				t.Errorf("the fantasy glance drawn from the device: %q; want its stored entries, the spellcasting ones being bad", mark)
			}
			// The spell added for this case is removed for the next.
			if err := chromedp.Run(b.Ctx, clickSel(`[data-character-game="spellcasting"] .character-item-remove`)); err != nil {
				t.Fatal(err)
			}
		})
	}

	// A character that is not JSON: none, then set aside by the first save.
	var aside string
	var games map[string]any
	err = chromedp.Run(b.Ctx,
		chromedp.Evaluate(`localStorage.setItem("`+characterKey+`", "{not json")`, nil),
		chromedp.Reload(),
		chromedp.Poll(jsCharacterGlance("fantasy"), nil, chromedp.WithPollingTimeout(15*time.Second)),
		setField("#character-fantasy-magic", "5"),
		chromedp.Poll(`localStorage.getItem("`+characterKey+`.unreadable")`, &aside, chromedp.WithPollingTimeout(5*time.Second)),
		storedCharacter(&games),
	)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := games["fantasy"].(map[string]any)
	if aside != "{not json" || f == nil || f["magic"] != 5.0 {
		j, _ := json.Marshal(games)
		t.Errorf("after a save over an unreadable character: set aside %q, stored %s; want the old text set aside and magic 5 stored", aside, j)
	}

	// One game's character that is not one: that game reads as none, the
	// other keeps its own, and its first save sets the bad value aside.
	var magic string
	err = chromedp.Run(b.Ctx,
		chromedp.Evaluate(`localStorage.setItem("`+characterKey+`", JSON.stringify({ v: 1, games: { fantasy: { magic: 4 }, spellcasting: ["junk"] } }))`, nil),
		chromedp.Reload(),
		chromedp.Poll(jsCharacterGlance("spellcasting"), nil, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Value("#character-fantasy-magic", &magic),
		setField("#character-spellcasting-magic", "6"),
		chromedp.Poll(`localStorage.getItem("`+characterKey+`.unreadable.spellcasting")`, &aside, chromedp.WithPollingTimeout(5*time.Second)),
		storedCharacter(&games),
	)
	if err != nil {
		t.Fatal(err)
	}
	sp, _ := games["spellcasting"].(map[string]any)
	f, _ = games["fantasy"].(map[string]any)
	if magic != "4" || aside != `["junk"]` || sp == nil || sp["magic"] != 6.0 || f == nil || f["magic"] != 4.0 {
		j, _ := json.Marshal(games)
		t.Errorf("one game unreadable: fantasy's magic shown %q, set aside %q, stored %s; want 4, [\"junk\"], spellcasting magic 6 beside fantasy's 4", magic, aside, j)
	}
}
