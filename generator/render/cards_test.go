package render

import (
	"reflect"
	"testing"

	"compendium/generator/site"
)

// TestCardsGames: the cards page lists every section of each document
// that has some, under its game's short name, marked with the game of the
// character whose calculators use it; a document without sections offers
// nothing.
func TestCardsGames(t *testing.T) {
	l := &site.Lang{Code: "fr", Docs: []*site.Doc{
		{Slug: "fantasy", Short: "GN fantasy — Règles", Sections: []*site.Section{
			{ID: "combat", Level: 2, Title: "2.1. Combats"},
			{ID: "armor", Level: 2, Title: "2.4. L’armure"},
			{ID: "weapon-safety", Level: 3, Title: "2.2.1. Sécurité"},
		}},
		{Slug: "empty", Short: "Vide"},
	}}
	for _, tc := range []struct {
		name      string
		character map[string]map[string]string
		want      []CardsGame
	}{
		{"no character", nil, []CardsGame{{Slug: "fantasy", Title: "GN fantasy — Règles", Href: "../fantasy/", Sections: []CardsSection{
			{ID: "combat", Title: "2.1. Combats", Level: 2},
			{ID: "armor", Title: "2.4. L’armure", Level: 2},
			{ID: "weapon-safety", Title: "2.2.1. Sécurité", Level: 3},
		}}}},
		{"the armour calculator's section", map[string]map[string]string{"fantasy": {"armor": "fantasy"}, "empty": {"x": "fantasy"}},
			[]CardsGame{{Slug: "fantasy", Title: "GN fantasy — Règles", Href: "../fantasy/", Sections: []CardsSection{
				{ID: "combat", Title: "2.1. Combats", Level: 2},
				{ID: "armor", Title: "2.4. L’armure", Level: 2, Character: "fantasy"},
				{ID: "weapon-safety", Title: "2.2.1. Sécurité", Level: 3},
			}}}},
	} {
		if got := cardsGames(l, tc.character); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
