package glossary

import (
	"strings"
	"testing"
)

// gameWords are the words by which a definition may name the game of a
// rules document, per language (compared without case).
var gameWords = map[string]map[string][]string{
	"fantasy":            {"fr": {"GN fantasy", "GN médiéval"}, "en": {"fantasy LARP"}},
	"contemporary":       {"fr": {"GN contemporain"}, "en": {"contemporary LARP"}},
	"heroes-and-dragons": {"fr": {"Héros & Dragons", "L’Âge du Changement"}, "en": {"Héros & Dragons", "The Age of Change"}},
	"pathfinder-duels":   {"fr": {"Pathfinder"}, "en": {"Pathfinder"}},
	"spellcasting":       {"fr": {"règles des sortilèges"}, "en": {"spell rules"}},
}

// TestHomonymsNameTheirGame: two terms written alike in a language
// ("blessé", "mort": a state of two games) each say in their definition
// which game they are from, so that the glossary page tells them apart.
func TestHomonymsNameTheirGame(t *testing.T) {
	g, err := Load("../../content/glossary.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"fr", "en"} {
		byTerm := map[string][]*Term{}
		for _, term := range g.Terms {
			k := strings.ToLower(term.Term(lang))
			byTerm[k] = append(byTerm[k], term)
		}
		pairs := 0
		for k, terms := range byTerm {
			if len(terms) < 2 {
				continue
			}
			pairs++
			for _, term := range terms {
				slug, _, _ := strings.Cut(term.Section, "#")
				words, ok := gameWords[slug][lang]
				if !ok {
					t.Errorf("%s %q (%s): its section %s is in a document gameWords does not name", lang, k, term.ID, term.Section)
					continue
				}
				def := strings.ToLower(term.Definition[lang])
				named := false
				for _, w := range words {
					named = named || strings.Contains(def, strings.ToLower(w))
				}
				if !named {
					t.Errorf("%s %q (%s): the definition names its game by none of %q: %q", lang, k, term.ID, words, term.Definition[lang])
				}
			}
		}
		if pairs == 0 {
			t.Errorf("%s: no two terms written alike; the test checks nothing", lang)
		}
	}
}
