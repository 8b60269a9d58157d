//go:build e2e

package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// sideRowsJS measures the bilingual view of the fantasy rules: in the
// first section paired block by block, each paragraph's translation
// starts right under it (on a phone) or beside it (wide), before the next
// paragraph of the original, and the rows keep the two languages apart.
const sideRowsJS = `(() => {
	const pair = [...document.querySelectorAll(".pair")].find((p) => p.querySelectorAll(":scope > .pair-row").length > 2);
	if (!pair) return { rows: 0 };
	const rows = [...pair.querySelectorAll(":scope > .pair-row")];
	let misplaced = [], langs = [];
	rows.slice(0, -1).forEach((row, i) => {
		const [l, r] = row.querySelectorAll(":scope > .pair-col");
		const next = rows[i + 1].querySelector(".pair-col").getBoundingClientRect();
		const a = l.getBoundingClientRect(), b = r.getBoundingClientRect();
		langs.push(l.lang + "/" + r.lang);
		// The translation is under the original or beside it, never
		// after the original's next paragraph.
		if (!(b.top >= a.top - 1 && b.top < next.top && (b.top >= a.bottom - 1 || b.left >= a.right - 1))) misplaced.push(i);
	});
	const [l0, r0] = rows[0].querySelectorAll(":scope > .pair-col");
	return { rows: rows.length, misplaced, langs: [...new Set(langs)], stacked: r0.getBoundingClientRect().top >= l0.getBoundingClientRect().bottom - 1 };
})()`

type sideRows struct {
	Rows      int
	Misplaced []int
	Langs     []string
	Stacked   bool
}

func (r sideRows) problems(phone bool) []string {
	var out []string
	if r.Rows < 3 {
		out = append(out, "no section paired paragraph by paragraph")
	}
	if len(r.Misplaced) > 0 {
		out = append(out, "a translation is not by its paragraph")
	}
	if len(r.Langs) != 1 || r.Langs[0] != "fr/en" {
		out = append(out, "the columns' languages are not fr then en")
	}
	if r.Stacked != phone {
		out = append(out, "stacked on a phone only, beside on a wide screen: wrong here")
	}
	return out
}

// TestSideBySideRows: the bilingual view pairs a section paragraph by
// paragraph, under each other on a phone and beside each other on a wide
// screen (Chromium here; Firefox and WebKit in TestCrossPhone).
func TestSideBySideRows(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		w, h  int64
		phone bool
	}{{390, 844, true}, {1280, 900, false}} {
		b := newBrowser(t, c.w, c.h, c.phone)
		var got sideRows
		if err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+"/fr/fantasy/side-by-side/"), chromedp.Evaluate(sideRowsJS, &got)); err != nil {
			t.Fatal(err)
		}
		if p := got.problems(c.phone); len(p) > 0 {
			t.Errorf("%d px: %v: %+v", c.w, p, got)
		}
	}
}

func init() {
	crossPhoneChecks["side-by-side"] = func(s *smoke) {
		s.open(s.base + "/fr/fantasy/side-by-side/")
		var got sideRows
		if err := s.eng.Eval(sideRowsJS, &got); err != nil {
			s.t.Fatal(err)
		}
		if p := got.problems(true); len(p) > 0 {
			s.t.Errorf("%s: %v: %+v", s.eng.Name(), p, got)
		}
	}
}
