package pipeline

import (
	"html/template"
	"strings"

	"compendium/generator/calcui"
	"compendium/generator/render"
	"compendium/generator/site"
)

// characterPage returns the games of the character page of lang
// (/<lang>/character/), one per game of calcui.Characters whose rules
// document the site has, each with its fields drawn by the theme's
// calculator partials, and the calculators the page computes with.
func (c *calcs) characterPage(lang string, docs []*site.Doc) ([]render.CharacterGame, []string, error) {
	var games []render.CharacterGame
	for i := range calcui.Characters {
		g := &calcui.Characters[i]
		var doc *site.Doc
		for _, d := range docs {
			if d.Slug == g.Doc {
				doc = d
			}
		}
		if doc == nil {
			continue
		}
		v, err := calcui.PrepareCharacter(g, c.page(lang))
		if err != nil {
			return nil, nil, err
		}
		var fields, glance strings.Builder
		if err := c.theme.CalcPart(&fields, "character-fields", v); err != nil {
			return nil, nil, err
		}
		if err := c.theme.CalcPart(&glance, "character-glance", v); err != nil {
			return nil, nil, err
		}
		changes, err := calcui.ChangesData(g, c.page(lang))
		if err != nil {
			return nil, nil, err
		}
		games = append(games, render.CharacterGame{Slug: g.Doc, Title: doc.Short, Href: "../" + g.Doc + "/",
			Fields: template.HTML(fields.String()), Glance: template.HTML(glance.String()), Data: v.Data, Changes: changes})
	}
	if len(games) == 0 {
		return nil, nil, nil
	}
	return games, calcui.CharacterCalcs(), nil
}
