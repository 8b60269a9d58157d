//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"compendium/generator/pipeline"
	"compendium/generator/serve"
	"compendium/generator/testcontent"
)

// notesKey is where shared/store.js keeps the bookmarks and notes.
const notesKey = "compendium.notes.v1"

// jsNotesStored is the stored notes' raw text ("" when none or refused).
const jsNotesStored = `(() => { try { return localStorage.getItem("` + notesKey + `") ?? ""; } catch { return ""; } })()`

// jsCaptureExport makes the next export's file readable by the test
// (window.__notesFile) instead of downloaded.
const jsCaptureExport = `(() => { const o = URL.createObjectURL.bind(URL);
	URL.createObjectURL = (b) => { window.__notesBlob = b; b.text().then((s) => { window.__notesFile = s; }); return o(b); };
	HTMLAnchorElement.prototype.click = function () {}; return true; })()`

// jsImport hands the notes page's import field a file of text.
func jsImport(text string) string {
	return `(() => { const dt = new DataTransfer(); dt.items.add(new File([` + strconv.Quote(text) + `], "notes.json", { type: "application/json" }));
	const input = document.querySelector(".notes-import"); input.files = dt.files; input.dispatchEvent(new Event("change")); return true; })()`
}

// writeNote opens the note control of section id on the rules page at
// url, bookmarks it when mark, writes text and saves; it returns the
// panel's status line.
func writeNote(t *testing.T, ctx context.Context, url, id string, mark bool, text string) string {
	t.Helper()
	sel := `.note-toggle[data-note-id="` + id + `"]`
	var status string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(sel, chromedp.ByQuery),
		chromedp.Evaluate(jsQuery(sel)+`.click()`, nil),
		chromedp.WaitVisible(`.note-panel`, chromedp.ByQuery),
		chromedp.Evaluate(`(() => { const m = document.querySelector(".note-mark"); m.checked = `+strconv.FormatBool(mark)+`;
			document.querySelector(".note-text").value = `+strconv.Quote(text)+`; document.querySelector(".note-save").click(); return true; })()`, nil),
		chromedp.Poll(`document.querySelector(".note-status").textContent || null`, &status, chromedp.WithPollingTimeout(5*time.Second)),
	)
	if err != nil {
		t.Fatalf("%s#%s: %v", url, id, err)
	}
	return status
}

// TestNotes: a bookmark and a note made on the French rules page, by
// keyboard-reachable controls, are found on the English notes page with
// the English title and a link to the rule; exported, cleared and
// imported back, they are the same; an import of a file that is not
// JSON, of another format, of a later version, or whose note is 100,000
// characters long says why and leaves the stored notes as they were; a
// note of 100,000 characters is refused with its message.
func TestNotes(t *testing.T) {
	b := newFreshBrowser(t, 390, 844, true, 2*time.Minute)
	ctx := b.Ctx
	if s := writeNote(t, ctx, baseURL+"/fr/fantasy/", "armor", true, "Au-delà de 10 points, on marche."); !strings.HasPrefix(s, "Enregistré") {
		t.Fatalf("saving the note said %q", s)
	}
	// The control is one Tab stop, named, and says what it holds.
	var ctl map[string]any
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const b = document.querySelector('.note-toggle[data-note-id="armor"]');
		const h = b.closest("h2"); const r = b.getBoundingClientRect(), hr = h.getBoundingClientRect();
		return { name: b.textContent, expanded: b.getAttribute("aria-expanded"), marked: b.classList.contains("is-marked"), w: r.width, h: r.height, inside: r.right <= hr.right + 1 && r.left >= hr.left - 1, tab: b.tabIndex }; })()`, &ctl)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ctl["name"].(string), "Marque-page et note") || ctl["marked"] != true || ctl["w"].(float64) < 44 || ctl["h"].(float64) < 44 || ctl["inside"] != true || ctl["tab"].(float64) != 0 {
		t.Errorf("the note control: %v", ctl)
	}
	if s := writeNote(t, ctx, baseURL+"/fr/fantasy/", "weapons", false, "Pas d’arme longue en forêt."); !strings.HasPrefix(s, "Enregistré") {
		t.Fatalf("saving the second note said %q", s)
	}

	// The English notes page lists both, by game, with English titles.
	var items []map[string]string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(baseURL+"/en/notes/"),
		chromedp.Poll(`document.querySelectorAll(".note-item").length === 2 || null`, nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(`[...document.querySelectorAll(".note-item")].map((li) => ({ key: li.dataset.note, title: li.querySelector(".note-title").textContent,
			href: li.querySelector("a.note-title").getAttribute("href"), body: li.querySelector(".note-body")?.textContent || "", mark: li.querySelector(".note-badge") ? "yes" : "no",
			game: li.closest("[data-notes-game]").dataset.notesGame }))`, &items),
	); err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 || items[0]["key"] != "fantasy#armor" || items[0]["mark"] != "yes" || items[0]["body"] != "Au-delà de 10 points, on marche." ||
		!strings.HasSuffix(items[0]["href"], "/en/fantasy/#armor") || items[0]["game"] != "fantasy" || strings.Contains(items[0]["title"], "armure") ||
		items[1]["key"] != "fantasy#weapons" || items[1]["mark"] != "no" {
		t.Fatalf("the English notes page lists %v", items)
	}

	// Export, clear, import.
	var file, before string
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(jsCaptureExport, nil),
		chromedp.Evaluate(`document.querySelector(".notes-export").click()`, nil),
		chromedp.Poll(`window.__notesFile || null`, &file, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(jsNotesStored, &before),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(file, `"format": "compendium-notes"`) || !strings.Contains(file, "on marche") {
		t.Fatalf("the exported file: %s", file)
	}
	var empty bool
	var said string
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`localStorage.removeItem("`+notesKey+`")`, nil),
		chromedp.Reload(),
		chromedp.Poll(`document.querySelector(".notes-empty") && !document.querySelector(".notes-empty").hidden || null`, &empty, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(jsImport(file), nil),
		chromedp.Poll(`document.querySelector(".notes-status").textContent || null`, &said, chromedp.WithPollingTimeout(5*time.Second)),
	); err != nil {
		t.Fatal(err)
	}
	if said != "Import: 2 added, 0 merged with yours, 0 already there." {
		t.Errorf("the import said %q", said)
	}
	var after string
	if err := chromedp.Run(ctx, chromedp.Evaluate(jsNotesStored, &after)); err != nil {
		t.Fatal(err)
	}
	if after != before {
		t.Errorf("imported back, the notes are\n%s\nnot\n%s", after, before)
	}
	// The same file again: nothing new, nothing lost.
	if err := chromedp.Run(ctx, chromedp.Evaluate(jsImport(file), nil),
		chromedp.Poll(`document.querySelector(".notes-status").textContent.includes("2 already") || null`, nil, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Errorf("importing the same file again: %v", err)
	}

	// Bad files: each says why, and the notes stay as they were.
	long := strings.Replace(file, "Au-delà de 10 points, on marche.", strings.Repeat("x", 100000), 1)
	for _, c := range []struct{ name, text, want string }{
		{"not JSON", "{ this is not", "cannot be read"},
		{"another format", `{"format": "compendium-character", "version": 1, "game": "fantasy"}`, `format "compendium-character"`},
		{"a later version", `{"format": "compendium-notes", "version": 7, "notes": []}`, "version 7"},
		{"a note of 100,000 characters", long, "1 skipped"},
	} {
		var msg, now string
		err := chromedp.Run(ctx,
			chromedp.Evaluate(`document.querySelector(".notes-problem").textContent = ""; document.querySelector(".notes-status").textContent = ""`, nil),
			chromedp.Evaluate(jsImport(c.text), nil),
			chromedp.Poll(`document.querySelector(".notes-problem").textContent || null`, &msg, chromedp.WithPollingTimeout(5*time.Second)),
			chromedp.Evaluate(jsNotesStored, &now),
		)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !strings.Contains(msg, c.want) {
			t.Errorf("%s: the page said %q, want it to say %q", c.name, msg, c.want)
		}
		if now != before {
			t.Errorf("%s: the stored notes changed:\n%s", c.name, now)
		}
	}

	// A note of 100,000 characters typed or pasted: refused, said.
	if s := writeNote(t, ctx, baseURL+"/fr/fantasy/", "armor", true, strings.Repeat("é", 100000)); !strings.Contains(s, "trop longue\u00a0: 100000 caractères") {
		t.Errorf("a note of 100,000 characters: %q", s)
	}
	var now string
	if err := chromedp.Run(ctx, chromedp.Evaluate(jsNotesStored, &now)); err != nil || now != before {
		t.Errorf("after a note of 100,000 characters the stored notes are %s (%v)", now, err)
	}

	// A corrupt stored list: said on the notes page, set aside (not
	// erased) by the next save.
	var problem, aside string
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`localStorage.setItem("`+notesKey+`", "{garbled")`, nil),
		chromedp.Navigate(baseURL+"/fr/notes/"),
		chromedp.Poll(`document.querySelector(".notes-problem").textContent || null`, &problem, chromedp.WithPollingTimeout(5*time.Second)),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(problem, "illisibles") {
		t.Errorf("a corrupt list: the notes page said %q", problem)
	}
	writeNote(t, ctx, baseURL+"/fr/fantasy/", "combat", true, "")
	if err := chromedp.Run(ctx, chromedp.Evaluate(`localStorage.getItem("`+notesKey+`.unreadable")`, &aside)); err != nil || aside != "{garbled" {
		t.Errorf("the corrupt list was not set aside: %q (%v)", aside, err)
	}
}

// TestNotesStorage: with the device's storage full or refused, saving a
// note says it was not kept, and what was stored stays as it was.
func TestNotesStorage(t *testing.T) {
	for _, mode := range []string{"full", "refused"} {
		t.Run(mode, func(t *testing.T) {
			b := newFreshBrowser(t, 390, 844, true, 90*time.Second)
			ctx := b.Ctx
			var before string
			if mode == "refused" {
				if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
					_, err := page.AddScriptToEvaluateOnNewDocument(jsRefuseStorage).Do(ctx)
					return err
				})); err != nil {
					t.Fatal(err)
				}
			} else {
				writeNote(t, ctx, baseURL+"/fr/fantasy/", "armor", true, "Première note.")
				var n int
				if err := chromedp.Run(ctx, chromedp.Evaluate(jsNotesStored, &before), chromedp.Evaluate(jsFillStorage, &n)); err != nil {
					t.Fatal(err)
				}
				if before == "" || n < 1e6 {
					t.Fatalf("stored %q, filled %d characters", before, n)
				}
			}
			s := writeNote(t, ctx, baseURL+"/fr/fantasy/", "armor", true, "Une note bien plus longue que la première, que l’appareil ne peut plus garder.")
			if !strings.HasPrefix(s, "Pas enregistré") {
				t.Errorf("saving said %q", s)
			}
			var now, problem string
			if err := chromedp.Run(ctx, chromedp.Evaluate(jsNotesStored, &now)); err != nil || now != before {
				t.Errorf("the stored notes became %q (%v)", now, err)
			}
			if mode == "refused" {
				if err := chromedp.Run(ctx, chromedp.Navigate(baseURL+"/fr/notes/"),
					chromedp.Poll(`document.querySelector(".notes-problem").textContent || null`, &problem, chromedp.WithPollingTimeout(5*time.Second))); err != nil || !strings.Contains(problem, "refuse l’accès") {
					t.Errorf("the notes page with storage refused said %q (%v)", problem, err)
				}
			}
		})
	}
}

// TestNotesChanged: a note on a section whose rule value a new edition
// changes says so, with the value before and after, on the notes page and
// beside the heading, until it is marked read.
func TestNotesChanged(t *testing.T) {
	dir := t.TempDir()
	content, out := filepath.Join(dir, "content"), filepath.Join(dir, "public")
	if err := os.CopyFS(content, os.DirFS(testcontent.Dir)); err != nil {
		t.Fatal(err)
	}
	build := func(runMax, plate string) {
		t.Helper()
		for _, lang := range []string{"fr", "en"} {
			f := filepath.Join(content, lang, "fantasy.md")
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			src = bytes.Replace(src, []byte("{=armor.run-max 10}"), []byte("{=armor.run-max "+runMax+"}"), 1)
			src = bytes.Replace(src, []byte("{=armor.run-max 12}"), []byte("{=armor.run-max "+runMax+"}"), 1)
			src = bytes.Replace(src, []byte("{=armor.plate 3}"), []byte("{=armor.plate "+plate+"}"), 1)
			if err := os.WriteFile(f, src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := pipeline.Build(pipeline.Options{ContentDir: content, ThemeDir: "../../theme", Root: "../..", OutDir: out, ConfigFile: "../../compendium.json"}); err != nil {
			t.Fatal(err)
		}
	}
	build("10", "3")
	base, _ := serveOwn(t, serve.Handler(out, nil))
	b := newFreshBrowser(t, 390, 844, true, 2*time.Minute)
	b.Allow(base)
	ctx := b.Ctx
	writeNote(t, ctx, base+"/fr/fantasy/", "armor", false, "On ne court plus au-delà de 10.")
	writeNote(t, ctx, base+"/fr/fantasy/", "weapons", true, "")
	writeNote(t, ctx, base+"/fr/fantasy/", "shields", true, "Bouclier en mousse seulement ; notre groupe joue les coups au bras comme au torse.")

	build("12", "4")
	// The new edition as a player gets it once the update is taken: no
	// copy of the first build left.
	var changed, heading string
	err := chromedp.Run(ctx,
		chromedp.Evaluate(`Promise.all([navigator.serviceWorker.getRegistrations().then((rs) => Promise.all(rs.map((r) => r.unregister()))), caches.keys().then((ks) => Promise.all(ks.map((k) => caches.delete(k))))]).then(() => true)`, nil, awaitPromise),
		chromedp.Navigate(base+"/fr/notes/"),
		chromedp.Poll(`document.querySelector(".note-item.is-changed .note-change")?.textContent || null`, &changed, chromedp.WithPollingTimeout(5*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	// Two values of the section moved: each is named in words.
	if !strings.Contains(changed, "La règle a changé depuis votre note\u00a0: ") || !strings.Contains(changed, "d’une pièce de plaque\u00a0: 3 → 4") || !strings.Contains(changed, "\u00a0: 10 → 12") {
		t.Errorf("the changed note says %q", changed)
	}
	shotFull(t, ctx, "notes-page-390.png")
	var others int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll(".note-item.is-changed").length`, &others)); err != nil || others != 1 {
		t.Errorf("%d notes marked changed, want 1 (the bookmark on an unchanged section is not) (%v)", others, err)
	}
	if err := chromedp.Run(ctx,
		chromedp.Navigate(base+"/fr/fantasy/"),
		chromedp.Poll(`document.querySelector('.note-toggle.is-changed[data-note-id="armor"]')?.textContent || null`, &heading, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(`document.querySelector('.note-toggle[data-note-id="armor"]').click()`, nil),
		chromedp.Poll(`(() => { const c = document.querySelector(".note-panel .note-change"); return c && !c.hidden ? c.textContent : null; })()`, &changed, chromedp.WithPollingTimeout(5*time.Second)),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(heading, "la règle a changé") || !strings.Contains(changed, "10 → 12") {
		t.Errorf("beside the heading: control %q, panel %q", heading, changed)
	}
	// Marked read: said no more, there or on the notes page.
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelector(".note-panel .note-read").click()`, nil),
		chromedp.Poll(`!document.querySelector('.note-toggle.is-changed[data-note-id="armor"]') || null`, nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Navigate(base+"/fr/notes/"),
		chromedp.Poll(`document.querySelectorAll(".note-item").length === 3 || null`, nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(`document.querySelectorAll(".note-item.is-changed").length`, &others),
	); err != nil {
		t.Fatal(err)
	}
	if others != 0 {
		t.Errorf("marked read, %d notes still say the rule changed", others)
	}
}

// shotFull saves the whole page as name (PNG) under SHOTS_DIR, when it is
// set.
func shotFull(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("SHOTS_DIR")
	if dir == "" {
		return
	}
	var png []byte
	if err := chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Error(err)
	}
}

// TestNotesAccessibility runs axe-core, touch targets included, on the
// notes page holding a note, a bookmark and a note on a section gone from
// the edition, and on a rules page with a note's panel open: 0
// violations. The gone note stays listed, marked, with its last title.
func TestNotesAccessibility(t *testing.T) {
	axe := axeSource(t)
	b := newFreshBrowser(t, 390, 844, true, 90*time.Second)
	ctx := b.Ctx
	writeNote(t, ctx, baseURL+"/fr/fantasy/", "armor", true, "Au-delà de 10 points, on marche.")
	check := func(where string) {
		t.Helper()
		axeOn(t, ctx, axe, "document", where)
	}
	check("a rules page, the note's panel open")
	shotViewport(t, ctx, "notes-panel-390.png")
	var gone string
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`(() => { const o = JSON.parse(localStorage.getItem("`+notesKey+`"));
			o.notes["fantasy#old-rule"] = { doc: "fantasy", id: "old-rule", text: "Ma note sur une règle retirée.", title: "2.9. Une vieille règle", at: "2026-01-01T00:00:00Z", fp: "000000000000" };
			localStorage.setItem("`+notesKey+`", JSON.stringify(o)); return true; })()`, nil),
		chromedp.Navigate(baseURL+"/fr/notes/"),
		chromedp.Poll(`document.querySelector('.note-item.is-gone[data-note="fantasy#old-rule"]')?.textContent || null`, &gone, chromedp.WithPollingTimeout(5*time.Second)),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(gone, "2.9. Une vieille règle") || !strings.Contains(gone, "n’existe plus") || !strings.Contains(gone, "Ma note sur une règle retirée.") {
		t.Errorf("the note on a section gone reads %q", gone)
	}
	check("the notes page")
	// The rule's current text, one tap away: the section as its page shows
	// it, without the page's controls, its links leading where they lead
	// there.
	var rule struct {
		Text  string
		Links []string
		IDs   int
	}
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelector('[data-note="fantasy#armor"] .note-rule > summary').click()`, nil),
		chromedp.Poll(`document.querySelector('[data-note="fantasy#armor"] .note-rule')?.dataset.state === "shown" || null`, nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(`(() => { const b = document.querySelector('[data-note="fantasy#armor"] .note-rule-text'); return { text: b.textContent, links: [...b.querySelectorAll("a")].map((a) => a.getAttribute("href")), ids: b.querySelectorAll("[id], button, form").length }; })()`, &rule),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rule.Text, "points d’armure") || len(rule.Links) == 0 || rule.IDs != 0 {
		t.Errorf("the armour rule's text under its note: %d characters, links %q, %d IDs or controls", len(rule.Text), rule.Links, rule.IDs)
	}
	for _, h := range rule.Links {
		if !strings.HasPrefix(h, baseURL+"/fr/") {
			t.Errorf("a link of the rule's text leads to %q, not a page of the site", h)
		}
	}
	check("the notes page, a rule's text open")
	shotFull(t, ctx, "notes-rule-text-390.png")
}
