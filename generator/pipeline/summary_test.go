package pipeline

import (
	"errors"
	"strings"
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
		{Note{"note-calcs-no-gomod", []string{"name", "2025"}}.Format("fr"),
			"éditions : les calculateurs n'ont été comparés que par leurs réglages : l'édition 2025 n'a pas de go.mod, son moteur ne peut donc pas tourner"},
		{Note{"note-calcs-no-gomod", []string{"name", "2025"}}.Format("en"),
			"editions: the calculators were compared by their settings only: edition 2025 has no go.mod, so its engine cannot run"},
		{Note{"note-calcs-no-go", []string{"name", "2025"}}.Format("fr"),
			"éditions : les calculateurs n'ont été comparés que par leurs réglages : faire tourner le moteur de l'édition 2025 demande Go, et il n'y a pas de commande go ici"},
		{Note{"note-calcs-engine", []string{"name", "2025", "err", "exit status 1"}}.Format("fr"),
			"éditions : les calculateurs n'ont été comparés que par leurs réglages : le moteur de l'édition 2025 n'a pas tourné (message de Go, en anglais : exit status 1)"},
	} {
		if c.got != c.want {
			t.Errorf("got  %s\nwant %s", c.got, c.want)
		}
	}
}

// TestEngineNote: an edition's engine that did not run is said with the
// reason the organiser can act on, in their language: no go command; Go's
// own words only for the rest.
func TestEngineNote(t *testing.T) {
	failed := errors.New("running edition 2025's engine: exit status 1: build failed")
	if n := engineNote("2025", failed); n.Kind != "note-calcs-engine" || !strings.Contains(n.Format("fr"), "(message de Go, en anglais : running edition 2025's engine") {
		t.Errorf("with go: %s", n.Format("fr"))
	}
	t.Setenv("PATH", t.TempDir())
	if n := engineNote("2025", failed); n.Kind != "note-calcs-no-go" || strings.Contains(n.Format("fr"), "running") {
		t.Errorf("without go: %s", n.Format("fr"))
	}
}
