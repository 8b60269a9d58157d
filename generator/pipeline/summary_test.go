package pipeline

import (
	"testing"
	"time"

	"compendium/generator/site"
)

// TestSummaryAndNotes: the line a build ends with and its notes read in
// the organiser's language.
func TestSummaryAndNotes(t *testing.T) {
	r := &Result{Site: &site.Site{Langs: []*site.Lang{{Code: "fr"}, {Code: "en"}}}, Docs: 12, Sections: 80, Elapsed: 1500 * time.Millisecond}
	for _, c := range []struct{ got, want string }{
		{r.Summary("public", "en"), "built 12 documents, 80 sections (fr, en) into public in 1.5s"},
		{r.Summary("public", "fr"), "construit : 12 documents, 80 sections (fr, en) dans public en 1.5s"},
		{Note{"note-no-edition", []string{"prefix", "edition/"}}.Format("en"), "editions: no earlier edition tag (edition/NAME) in the history: no “what changed” page"},
		{Note{"note-no-edition", []string{"prefix", "edition/"}}.Format("fr"), "éditions : aucune étiquette d'édition antérieure (edition/NOM) dans l'historique : pas de page « ce qui a changé »"},
		{Note{"note-no-history", []string{"dir", "content"}}.Format("fr"), "éditions : pas d'historique git pour content : pas de page « ce qui a changé » (voir content/README.md)"},
		{Note{"note-calcs-settings", []string{"err", "x"}}.Format("fr"), "éditions : les calculateurs n'ont été comparés que par leurs réglages (x)"},
	} {
		if c.got != c.want {
			t.Errorf("got  %s\nwant %s", c.got, c.want)
		}
	}
}
