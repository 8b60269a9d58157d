//go:build e2e

package e2e

import (
	"strings"
	"time"
)

func init() {
	crossPhoneChecks["notes"] = crossNotes
}

// crossNotes: in Firefox and WebKit at the phone's width, the note
// control sits in its heading's line as a 44 px target, its panel opens
// and saves within the screen's width, and the notes page lists the note
// with its controls where they are drawn (a file field by its label, a
// 44 px target), nothing wider than the screen.
// TestNotes is the Chromium side.
func crossNotes(s *smoke) {
	t, name := s.t, s.eng.Name()
	s.open(s.base + "/fr/fantasy/")
	var ctl map[string]any
	if err := s.poll(`(() => { const b = document.querySelector('.note-toggle[data-note-id="armor"]'); if (!b) return null;
		const h = b.closest("h2"), r = b.getBoundingClientRect(), hr = h.getBoundingClientRect();
		return { w: r.width, h: r.height, inside: r.left >= hr.left - 1 && r.right <= hr.right + 1, focusable: b.tabIndex === 0 && !b.disabled }; })()`, 10*time.Second, &ctl); err != nil {
		t.Fatalf("%s: no note control beside the armour heading: %v", name, err)
	}
	if ctl["w"].(float64) < 44 || ctl["h"].(float64) < 44 || ctl["inside"] != true || ctl["focusable"] != true {
		t.Errorf("%s: the note control: %v", name, ctl)
	}
	if err := s.eng.Eval(`(() => { const b = document.querySelector('.note-toggle[data-note-id="armor"]'); b.scrollIntoView({ block: "center" }); b.click(); return true; })()`, nil); err != nil {
		t.Fatal(err)
	}
	var status string
	if err := s.poll(`(() => { const p = document.querySelector(".note-panel"); if (!p || p.hidden) return null;
		p.querySelector(".note-mark").checked = true; p.querySelector(".note-text").value = "Note de " + navigator.userAgent.length;
		p.querySelector(".note-save").click(); return true; })()`, 5*time.Second, nil); err != nil {
		t.Fatalf("%s: the note panel did not open: %v", name, err)
	}
	if err := s.poll(`document.querySelector(".note-status").textContent || null`, 5*time.Second, &status); err != nil || !strings.HasPrefix(status, "Enregistré") {
		t.Errorf("%s: saving said %q (%v)", name, status, err)
	}
	var wide any
	if err := s.eng.Eval(`(() => { const p = document.querySelector(".note-panel").getBoundingClientRect();
		return p.right <= innerWidth + 1 && document.documentElement.scrollWidth <= innerWidth + 1 ? null : [p.right, document.documentElement.scrollWidth, innerWidth]; })()`, &wide); err != nil || wide != nil {
		t.Errorf("%s: the note panel is wider than the screen: %v (%v)", name, wide, err)
	}

	s.open(s.base + "/fr/notes/")
	var page map[string]any
	if err := s.poll(`(() => { const li = document.querySelector('.note-item[data-note="fantasy#armor"]'); if (!li) return null;
		const hit = (el) => { el.scrollIntoView({ block: "center" }); const r = el.getBoundingClientRect(); const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return !!at && (at === el || el.contains(at)); };
		const small = [...document.querySelectorAll("main button, main a, main input")].filter((e) => e.offsetParent && e.getBoundingClientRect().height < 24 && !(e.closest("label") && e.closest("label").getBoundingClientRect().height >= 44)).map((e) => e.className || e.tagName);
		return { wide: document.documentElement.scrollWidth > innerWidth + 1, exportHit: hit(document.querySelector(".notes-export")), linkHit: hit(li.querySelector("a.note-title")),
			deleteHit: hit(li.querySelector(".note-delete")), small }; })()`, 10*time.Second, &page); err != nil {
		t.Fatalf("%s: the notes page does not list the note: %v", name, err)
	}
	if page["wide"] != false || page["exportHit"] != true || page["linkHit"] != true || page["deleteHit"] != true || len(page["small"].([]any)) > 0 {
		t.Errorf("%s: the notes page at the phone's width: %v", name, page)
	}
	_ = s.eng.Eval(`localStorage.removeItem("compendium.notes.v1")`, nil)
}
