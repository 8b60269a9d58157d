package calcui

import (
	"strings"
	"testing"

	"compendium/generator/render"
)

// TestFieldMessagesAreSentences: every field's error message, of every kind
// and in both languages, is one sentence: the field's label, one colon
// (spaced in French as the interface's other messages), what the field
// takes, and no ASCII quote (issue 34: "Expression de dés : manque :
// ce doit être … "2d6+1"").
func TestFieldMessagesAreSentences(t *testing.T) {
	theme, err := render.Load("../../theme")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"fr/armor/magic":                 "Magie\u00a0: un nombre entier de 0 à 50",
		"en/armor/magic":                 "Magic: a whole number from 0 to 50",
		"fr/study/p_test":                "Chance de réussir un test\u00a0: un pourcentage de 0 à 100",
		"en/study/p_test":                "Chance to pass a test: a percentage from 0 to 100",
		"fr/armor/hits":                  "Dégâts des touches, dans l’ordre\u00a0: des nombres entiers de 0 à 50, séparés par des virgules ou des espaces",
		"en/armor/hits":                  "Damage of the hits, in order: whole numbers from 0 to 50, separated by commas or spaces",
		"fr/armor/hits item":             "Touche {n}\u00a0: des dégâts entiers de 0 à 50",
		"en/armor/hits item":             "Hit {n}: whole damage from 0 to 50",
		"fr/health-fantasy/events.at":    "Minute\u00a0: un nombre entier de 0 à 10\u202f080",
		"en/health-fantasy/events.at":    "Minute: a whole number from 0 to 10,080",
		"fr/wounds/medicine_bonus":       "Bonus de Sagesse (Médecine)\u00a0: un nombre entier de −5 à 20",
		"en/spell-duel/a.magic":          "Wizard A — Magic: a whole number from 0 to 40",
		"fr/unarmed-duel/opponents item": "Adversaire {n}\u00a0: un score entier de 0 à 10",
	}
	seen := map[string]bool{}
	checked := 0
	for _, lang := range []string{"fr", "en"} {
		p := Page{Lang: lang, T: func(k string) string { return theme.T(lang, k) }, Sections: map[string]string{}, DocURL: func(string) string { return "" }}
		for _, f := range Forms {
			v, err := Prepare(Block{Form: &f, ID: "c", Inputs: f.Merge(nil)}, p)
			if err != nil {
				t.Fatal(err)
			}
			check := func(key, label, msg string) {
				checked++
				k := lang + "/" + f.Name + "/" + key
				if w, ok := want[k]; ok {
					seen[k] = true
					if msg != w {
						t.Errorf("%s: %q, want %q", k, msg, w)
					}
				}
				colon := theme.T(lang, "format.colon")
				if label != "" && !strings.HasPrefix(msg, label) && !strings.Contains(msg, " — "+label) && !strings.HasSuffix(key, " item") {
					t.Errorf("%s: %q does not start with the label %q", k, msg, label)
				}
				if strings.Count(msg, ":") != 1 || !strings.Contains(msg, colon) {
					t.Errorf("%s: %q is not one label, one %q and what the field takes", k, msg, colon)
				}
				if strings.ContainsAny(msg, "\"") {
					t.Errorf("%s: %q has an ASCII quote", k, msg)
				}
			}
			for _, g := range v.Groups {
				for _, fd := range g.Fields {
					if fd.Kind == Text || fd.Msg == "" {
						continue // the dice field's messages are the engine's (TestFieldErrors)
					}
					check(fd.Path, fd.Label, fd.Msg)
					if fd.ItemMsg != "" {
						check(fd.Path+" item", "", fd.ItemMsg)
					}
					for _, c := range fd.Blank {
						if c.Msg != "" {
							check(fd.Path+"."+c.Path, c.Label, c.Msg)
						}
					}
				}
			}
		}
	}
	for k := range want {
		if !seen[k] {
			t.Errorf("%s: no such field message", k)
		}
	}
	if checked < 40 {
		t.Errorf("only %d messages checked", checked)
	}
}
