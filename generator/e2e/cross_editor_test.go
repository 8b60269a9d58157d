//go:build e2e

package e2e

import (
	"path/filepath"
	"strconv"
	"time"

	"compendium/generator/pipeline"
)

func init() {
	crossPhoneChecks["editor"] = crossEditor
}

// crossEditor: in Firefox and WebKit at the phone's width, under serve
// with editing on (a copy of the content, the run's link opened first),
// the armour section's Edit button sits in its heading as a target of at
// least 24 px; the editor opens as a dialog within the screen, its two
// texts one above the other, full width; a change typed in the French text
// is checked by the server (the engine's fetch carries the cookie, the
// secret and its origin) and the value's difference is said under the
// English text. Nothing is saved. TestEditor is the Chromium side.
func crossEditor(s *smoke) {
	t, name := s.t, s.eng.Name()
	tmp, theme, config, _ := contentCopy(t, "")
	opt := pipeline.Options{ContentDir: filepath.Join(tmp, "content"), ThemeDir: theme, ConfigFile: config, OutDir: filepath.Join(tmp, "public")}
	base, ed := serveEditing(t, opt, nil)
	es := &smoke{t: t, eng: s.eng, base: base}
	defer func() {
		es.collect()
		es.assertClean()
		// Back on the shared site, for the check's own collection: once
		// its page is the current one (Firefox returns from a navigation
		// before the new document takes over).
		_ = s.eng.Navigate(s.base + "/")
		if err := s.poll(`location.origin === `+strconv.Quote(s.base)+` && document.readyState === "complete" || null`, 10*time.Second, nil); err != nil {
			t.Errorf("%s: back on the shared site: %v", name, err)
		}
	}()
	// Not es.open: that would first collect the page the previous check
	// left, on the shared site, as this site's.
	if err := s.eng.Navigate(base + ed.OpenPath()); err != nil {
		t.Fatalf("%s: opening the run's link: %v", name, err)
	}
	es.open(base + "/fr/fantasy/")
	var btn map[string]any
	if err := es.poll(`(() => { const b = document.querySelector("#armor .cedit-open"); if (!b) return null;
		const r = b.getBoundingClientRect(), h = b.closest("h2").getBoundingClientRect();
		return { w: r.width, h: r.height, inside: r.left >= h.left - 1 && r.right <= h.right + 1 }; })()`, 15*time.Second, &btn); err != nil {
		t.Fatalf("%s: no Edit button in the armour heading after opening the run's link: %v", name, err)
	}
	if btn["w"].(float64) < 24 || btn["h"].(float64) < 24 || btn["inside"] != true {
		t.Errorf("%s: the Edit button: %v", name, btn)
	}
	if err := s.eng.Eval(`(() => { const b = document.querySelector("#armor .cedit-open"); b.scrollIntoView({ block: "center" }); b.click(); return true; })()`, nil); err != nil {
		t.Fatal(err)
	}
	var box map[string]any
	if err := es.poll(`(() => { const d = document.querySelector("dialog.cedit[open]"); if (!d) return null;
		const st = d.querySelector(".cedit-status").textContent; if (!st || /…$/.test(st)) return null;
		const r = d.getBoundingClientRect(), [fr, en] = ["fr", "en"].map((l) => d.querySelector('.cedit-col[data-lang="' + l + '"] textarea').getBoundingClientRect());
		return { left: r.left, right: r.right, vw: innerWidth, frW: fr.width, enW: en.width, stacked: fr.bottom <= en.top, wide: d.scrollWidth - d.clientWidth }; })()`, 30*time.Second, &box); err != nil {
		t.Fatalf("%s: the editor did not open and check: %v", name, err)
	}
	vw := box["vw"].(float64)
	if box["left"].(float64) < -1 || box["right"].(float64) > vw+1 || box["frW"].(float64) < 0.75*vw || box["enW"].(float64) < 0.75*vw || box["stacked"] != true || box["wide"].(float64) > 1 {
		t.Errorf("%s: the editor at %v px: %v", name, vw, box)
	}
	// The French value alone: the server's check says it differs, under
	// the English text.
	if err := s.eng.Eval(`(() => { const ta = document.querySelector('dialog.cedit .cedit-col[data-lang="fr"] textarea'); ta.value = ta.value.replace("{=armor.plate 3}", "{=armor.plate 4}"); ta.dispatchEvent(new Event("input", { bubbles: true })); return true; })()`, nil); err != nil {
		t.Fatal(err)
	}
	var said string
	if err := es.poll(`(() => { const li = [...document.querySelectorAll('dialog.cedit .cedit-col[data-lang="en"] .cedit-problems li')].find((li) => li.textContent.includes("armor.plate")); return li ? li.textContent : null; })()`, 30*time.Second, &said); err != nil {
		t.Errorf("%s: the check of a French-only value said nothing under the English text: %v", name, err)
	}
	t.Logf("%s: %v; under the English text: %s", name, box, said)
}
