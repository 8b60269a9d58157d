//go:build e2e

package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestFieldErrorSentences: the error under a field reads as one sentence in
// each language, for every kind of field, with the site's quotes (issue
// 34: the empty dice field read "Expression de dés : manque : ce doit être
// une expression de dés comme "2d6+1"").
func TestFieldErrorSentences(t *testing.T) {
	t.Parallel() // it only reads pages, in its own tab
	b := newBrowser(t, 1280, 900, false)
	for _, c := range []struct {
		lang, calc, sel, typed, want string
	}{
		{"fr", "dice", "#calc-dice-expr", "", "Expression de dés manque\u00a0: ce doit être une expression de dés comme «\u00a02d6+1\u00a0»"},
		{"en", "dice", "#calc-dice-expr", "", "Dice expression is missing: it must be a dice expression such as “2d6+1”"},
		{"fr", "dice", "#calc-dice-expr", "2d6+x", "Expression de dés\u00a0: «\u00a0x\u00a0» inattendu au caractère 5, un nombre ou un dé comme 2d6 attendu"},
		{"en", "dice", "#calc-dice-expr", "0d6", "Dice expression: the number of dice must be an integer from 1 to 100 (got 0 in “0d6”)"},
		{"fr", "armor", "#calc-armor-magic", "", "Magie\u00a0: un nombre entier de 0 à 50"},
		{"en", "armor", "#calc-armor-magic", "x", "Magic: a whole number from 0 to 50"},
		{"fr", "study", "#calc-study-p-test", "x", "Chance de réussir un test\u00a0: un pourcentage de 0 à 100"},
		{"en", "armor", "#calc-armor-hits", "1, x", "Hit 2: whole damage from 0 to 50"},
		{"fr", "spell-duel", "#calc-spell-duel-a-magic", "41", "Sorcier A — Magie\u00a0: un nombre entier de 0 à 40"},
		{"fr", "health-fantasy", "#calc-health-fantasy-events-1-at", "", "Action 1 — Minute\u00a0: un nombre entier de 0 à 10\u202f080"},
	} {
		t.Run(c.lang+"/"+c.calc+"/"+c.typed, func(t *testing.T) {
			var st fieldState
			err := chromedp.Run(b.Ctx,
				chromedp.Navigate(baseURL+"/"+c.lang+"/calculators/#"+c.calc),
				chromedp.WaitReady("#calc-"+c.calc),
				chromedp.ScrollIntoView("#calc-"+c.calc),
				setField(c.sel, c.typed),
				chromedp.Poll(`(() => { const el = document.querySelector(`+strconv.Quote(c.sel)+`);
					const e = (el.closest(".field") || el).querySelector(".field-error"); return e.hidden ? null : true; })()`,
					nil, chromedp.WithPollingTimeout(10*time.Second)),
				readField(c.sel, &st),
			)
			if err != nil {
				t.Fatal(err)
			}
			if st.Error != c.want {
				t.Errorf("%q in %s: error\n %q\nwant\n %q", c.typed, c.sel, st.Error, c.want)
			}
			if strings.Count(st.Error, ":") > 1 || strings.Contains(st.Error, `"`) {
				t.Errorf("%q: a second colon or an ASCII quote", st.Error)
			}
		})
	}
}
