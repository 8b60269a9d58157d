package pipeline

import (
	"testing"
	"time"

	"compendium/generator/site"
)

// TestSummaryAndNotes: the line a build ends with and its notes read in
// the organiser's language.
func TestSummaryAndNotes(t *testing.T) {
	r := &Result{Site: &site.Site{Langs: []*site.Lang{{Code: "fr"}, {Code: "en"}}}, Docs: 5, Sections: 67, Elapsed: 1500 * time.Millisecond}
	one := &Result{Site: &site.Site{Langs: []*site.Lang{{Code: "fr"}}}, Docs: 1, Sections: 1, Elapsed: 1500 * time.Millisecond}
	for _, c := range []struct{ got, want string }{
		{r.Summary("public", "en"), "built 5 documents in 2 languages (fr, en), 67 sections, into public in 1.5s"},
		{r.Summary("public", "fr"), "construit : 5 documents en 2 langues (fr, en), 67 sections, dans public en 1.5s"},
		{one.Summary("public", "en"), "built 1 document in 1 language (fr), 1 section, into public in 1.5s"},
		{one.Summary("public", "fr"), "construit : 1 document en 1 langue (fr), 1 section, dans public en 1.5s"},
		{Note{"note-edition-compared", []string{"name", "2026", "tag", "edition/2026", "date", "2026-11-02"}}.Format("en"),
			"editions: “what changed” compares with edition 2026 (tag edition/2026, 2026-11-02)"},
		{Note{"note-edition-compared", []string{"name", "2026", "tag", "edition/2026", "date", "2026-11-02"}}.Format("fr"),
			"éditions : « ce qui a changé » compare avec l'édition 2026 (étiquette edition/2026, du 2026-11-02)"},
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
