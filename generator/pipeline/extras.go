package pipeline

import (
	"compendium/generator/calcui"
	"compendium/generator/par"
	"compendium/generator/render"
	"compendium/generator/site"
)

// extras computes, for every language of s, what its pages show that the
// build computes: the calculators page, the glossary, the values, the
// character page and each document's calculators' data. The pages phase
// takes the result as data (render.Extra.Langs). changes, by language,
// are what changed since the previous edition (nil without one).
func (c *calcs) extras(s *site.Site, changes map[string]*render.Changes) (map[string]*render.LangExtra, error) {
	out := make([]*render.LangExtra, len(s.Langs))
	errs := make([]error, len(s.Langs))
	par.Each(len(s.Langs), func(i int) {
		out[i], errs[i] = c.langExtra(s.Langs[i])
		if errs[i] == nil {
			out[i].Notes = notesPage(s, s.Langs[i], c.meanings(s.Langs[i].Code), out[i].CardCharacter, changes[s.Langs[i].Code])
		}
	})
	m := map[string]*render.LangExtra{}
	for i, l := range s.Langs {
		if errs[i] != nil {
			return nil, errs[i]
		}
		m[l.Code] = out[i]
	}
	return m, nil
}

// langExtra computes what extras gives for one language.
func (c *calcs) langExtra(l *site.Lang) (*render.LangExtra, error) {
	code := l.Code
	e := &render.LangExtra{Glossary: c.glossaryPage(code), Values: c.valuesPage(code), DocCalcs: map[string]string{}}
	games, names, err := c.characterPage(code, l.Docs)
	if err != nil {
		return nil, err
	}
	if len(games) > 0 {
		e.Character = &render.CharacterPage{Games: games, Strings: c.strings(code, names, "character.")}
	}
	e.CardCharacter = cardCharacter()
	groups, names, err := c.calculatorsPage(code, l.Docs)
	if err != nil {
		return nil, err
	}
	e.Calculators = &render.CalculatorsPage{Groups: groups, Strings: c.strings(code, names)}
	for _, d := range l.Docs {
		if len(d.Calcs) == 0 {
			continue
		}
		var names []string
		for _, blk := range d.Calcs {
			names = append(names, blk.Name)
		}
		e.DocCalcs[d.Slug] = c.strings(code, names)
	}
	return e, nil
}

// cardCharacter maps, by document slug and section ID, the sections that
// hold the calculators a character feeds or glances at to that
// character's game.
func cardCharacter() map[string]map[string]string {
	m := map[string]map[string]string{}
	for i := range calcui.Characters {
		g := &calcui.Characters[i]
		for _, name := range g.Calcs() {
			info := calcui.Info(name)
			if info.Doc == "" || info.Section == "" {
				continue
			}
			if m[info.Doc] == nil {
				m[info.Doc] = map[string]string{}
			}
			m[info.Doc][info.Section] = g.Doc
		}
	}
	return m
}
