//go:build e2e

package e2e

import "time"

// The pocket cards page on a phone in Firefox and WebKit: the chooser is
// shown and in the screen's width, its checkboxes and buttons are not
// covered and do not make the page scroll sideways; checking two
// sections and making the cards (a click) gives A6 cards four to a sheet,
// with cut marks and a QR code each, no card's text running past its box.
func init() {
	crossPhoneChecks["cards"] = func(s *smoke) {
		s.open(s.base + "/fr/cards/")
		var ui struct {
			Wide     bool     `json:"wide"`
			Covered  []string `json:"covered"`
			Controls int      `json:"controls"`
		}
		err := s.poll(`(() => { const f = document.querySelector(".cards-form"); if (!f || f.hidden) return null;
			const covered = [];
			const els = [...f.querySelectorAll("input, button")];
			for (const el of els) {
				el.scrollIntoView({ block: "center" });
				const r = el.getBoundingClientRect(), at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
				if (r.left < 0 || r.right > innerWidth || !(at === el || el.closest("label")?.contains(at))) covered.push(el.name + ":" + el.value + " " + (el.textContent || ""));
			}
			return { wide: document.documentElement.scrollWidth <= innerWidth, covered, controls: els.length }; })()`, 15*time.Second, &ui)
		if err != nil {
			s.t.Fatalf("%s: the chooser: %v", s.eng.Name(), err)
		}
		if !ui.Wide || len(ui.Covered) > 0 || ui.Controls < 10 {
			s.t.Errorf("%s: the chooser at a phone's width: in the width %v, %d controls, covered or outside: %q", s.eng.Name(), ui.Wide, ui.Controls, ui.Covered)
		}
		pick := `(() => { for (const v of ["fantasy#combat", "fantasy#armor"]) document.querySelector('input[value="' + v + '"]').click();
			document.querySelector(".cards-make").click(); return true; })()`
		if err := s.eng.Eval(pick, nil); err != nil {
			s.t.Fatal(err)
		}
		var got struct {
			Sheets   []int `json:"sheets"`
			Cuts     int   `json:"cuts"`
			QR       int   `json:"qr"`
			Cards    int   `json:"cards"`
			Overflow int   `json:"overflow"`
			Print    bool  `json:"print"`
		}
		err = s.poll(`(() => { const cards = document.querySelectorAll(".cards-preview .card"); if (!cards.length) return null;
			return { sheets: [...document.querySelectorAll(".cards-sheet")].map((s) => s.querySelectorAll(".card").length), cuts: document.querySelectorAll(".card-cut").length,
				qr: document.querySelectorAll(".card svg.qr path").length, cards: cards.length, print: !document.querySelector(".cards-print").disabled,
				overflow: [...cards].filter((c) => { const b = c.querySelector(".card-body"); return b.scrollHeight > b.clientHeight + 1; }).length }; })()`, 15*time.Second, &got)
		if err != nil {
			s.t.Fatalf("%s: making the cards: %v", s.eng.Name(), err)
		}
		if got.Cards < 3 || got.Sheets[0] != min(4, got.Cards) || got.Cuts != 4*got.Cards || got.QR != got.Cards || got.Overflow > 0 || !got.Print {
			s.t.Errorf("%s: the cards of 2.1 and 2.4 in A6: %+v; want 3 or more cards (2.4 continued), 4 on the first sheet, 4 cut marks and a QR code each, no text past its box, printing offered", s.eng.Name(), got)
		}
	}
}
