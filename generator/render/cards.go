package render

import "compendium/generator/site"

// CardsGame is one game on the pocket cards page (/<lang>/cards/): its
// rules document and the sections a player may print as cards. The page's
// script (theme/js/cards/cards.js) fetches a chosen section's text from
// the document's own page, so that a card shows what the page shows.
type CardsGame struct {
	Slug, Title, Href string
	Sections          []CardsSection
}

// CardsSection is a section a card can hold. Character names the game
// whose character's calculators use it (the page offers it first when
// that character is kept on the device), or is "".
type CardsSection struct {
	ID, Title string
	Level     int
	Character string
}

// cardsGames lists the sections of l's documents by game; character maps
// a document's slug and a section's ID to the game of the character whose
// calculators use that section.
func cardsGames(l *site.Lang, character map[string]map[string]string) []CardsGame {
	var games []CardsGame
	for _, d := range l.Docs {
		g := CardsGame{Slug: d.Slug, Title: d.Short, Href: "../" + d.Slug + "/"}
		for _, s := range d.Sections {
			g.Sections = append(g.Sections, CardsSection{ID: s.ID, Title: s.Title, Level: s.Level, Character: character[d.Slug][s.ID]})
		}
		if len(g.Sections) > 0 {
			games = append(games, g)
		}
	}
	return games
}
