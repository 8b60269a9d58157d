package pipeline

import (
	"html/template"
	"regexp"
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
		terms = append(terms, markdown.GlossaryTerm{ID: t.ID, Doc: doc, Forms: t.Forms(lang), Docs: t.HoldsIn()})
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

// termOrHeading finds, in a rendered body, a section's heading (its ID)
// and a marked glossary term (its ID; see markdown.GlossTerm).
var termOrHeading = regexp.MustCompile(`<h[2-6] id="([^"]*)"|<a class="term" href="[^"]*" data-term="([^"]*)">`)

// pairTerms leaves linked, in each section of a document, only the terms
// its every language links there, and unwraps the others to their words:
// the French and English pages of a document link the same terms,
// section by section, whatever each language's words happen to match
// ("hit" in an English sentence the French says with « coup »). A
// document missing from a language is left as it is.
func pairTerms(s *site.Site) {
	if len(s.Langs) < 2 {
		return
	}
	for _, od := range s.Langs[0].Docs {
		docs := make([]*site.Doc, 0, len(s.Langs))
		for _, l := range s.Langs {
			if d := l.Doc(od.Slug); d != nil {
				docs = append(docs, d)
			}
		}
		if len(docs) < len(s.Langs) {
			continue
		}
		var common map[string]map[string]bool
		for _, d := range docs {
			marked := sectionTerms(string(d.Body))
			if common == nil {
				common = marked
				continue
			}
			for sec, ids := range common {
				for id := range ids {
					if !marked[sec][id] {
						delete(ids, id)
					}
				}
			}
		}
		for _, d := range docs {
			d.Body = template.HTML(keepTerms(string(d.Body), common))
		}
	}
}

// sectionTerms maps each section ID of body ("" before the first heading)
// to the terms marked in it.
func sectionTerms(body string) map[string]map[string]bool {
	out := map[string]map[string]bool{"": {}}
	sec := ""
	for _, m := range termOrHeading.FindAllStringSubmatchIndex(body, -1) {
		if m[2] >= 0 {
			sec = body[m[2]:m[3]]
			if out[sec] == nil {
				out[sec] = map[string]bool{}
			}
			continue
		}
		out[sec][body[m[4]:m[5]]] = true
	}
	return out
}

// keepTerms returns body with the marks of terms keep does not list for
// their section replaced by their words.
func keepTerms(body string, keep map[string]map[string]bool) string {
	var b strings.Builder
	sec, last := "", 0
	for _, m := range termOrHeading.FindAllStringSubmatchIndex(body, -1) {
		if m[0] < last {
			continue // inside a mark already unwrapped
		}
		if m[2] >= 0 {
			sec = body[m[2]:m[3]]
			continue
		}
		if keep[sec][body[m[4]:m[5]]] {
			continue
		}
		end := strings.Index(body[m[1]:], "</a>")
		if end < 0 {
			continue
		}
		b.WriteString(body[last:m[0]])
		b.WriteString(body[m[1] : m[1]+end])
		last = m[1] + end + len("</a>")
	}
	if last == 0 {
		return body
	}
	b.WriteString(body[last:])
	return b.String()
}
