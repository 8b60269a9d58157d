package render

import "html/template"

// CharacterGame is one game on the character page (/<lang>/character/):
// the rules document that names it, the character's fields drawn by the
// theme's calculator partials, and the JSON the page's script computes
// the glance with (theme/js/character/character.js).
type CharacterGame struct {
	Slug, Title, Href string
	Fields, Glance    template.HTML
	Data              string
	// Changes is what the changes page computes for the character with
	// both editions' rules (calcui.ChangesData).
	Changes string
}
