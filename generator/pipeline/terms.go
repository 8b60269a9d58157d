package pipeline

import (
	"html/template"
	"strings"

	"compendium/generator/glossary"
	"compendium/generator/markdown"
	"compendium/generator/site"
)

// markTerms returns the glossary's terms as lang's text writes them, for
// the Markdown extension that marks them (markdown.GlossTerm); none
// without a glossary.
func markTerms(g *glossary.Glossary, lang string) []markdown.GlossaryTerm {
	if g == nil {
		return nil
	}
	terms := make([]markdown.GlossaryTerm, 0, len(g.Terms))
	for _, t := range g.Terms {
		doc, _, _ := strings.Cut(t.Section, "#")
		terms = append(terms, markdown.GlossaryTerm{ID: t.ID, Doc: doc, Forms: t.Forms(lang)})
	}
	return terms
}

// defineTerms appends to every document the definitions of the terms it
// marks, as its glossary page words them (the rule values they name
// filled in), for the page's script to show where the term is read. It
// runs once the rule values are known: a definition may name one that
// another document declares.
func defineTerms(s *site.Site, calc *calcs) {
	for _, l := range s.Langs {
		entries := map[string]markdown.TermDefinition{}
		for _, e := range calc.glossaryPage(l.Code) {
			entries[e.ID] = markdown.TermDefinition{Term: e.Term, Abbr: e.Abbr, Other: e.Other, OtherAbbr: e.OtherAbbr, OtherLang: e.OtherLang, Definition: e.Definition}
		}
		label := calc.theme.T(l.Code, "term_in_glossary")
		def := func(id string) (markdown.TermDefinition, bool) {
			d, ok := entries["term-"+id]
			return d, ok
		}
		for _, d := range l.Docs {
			d.Body = template.HTML(markdown.WithTermDefinitions(string(d.Body), l.Code, label, def))
		}
	}
}
