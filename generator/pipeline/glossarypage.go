// The glossary page: the glossary's terms of one language, each with its
// name in the other language, its definition and its rule, sorted as that
// language's dictionaries sort.

package pipeline

import (
	"sort"
	"strings"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"compendium/generator/render"
	"compendium/generator/site"
	"compendium/generator/values"
)

// codes returns the site's languages, the original first.
func (c *calcs) codes() []string {
	if c.site == nil {
		return site.Languages
	}
	return c.site.Codes()
}

// glossaryPage lists the glossary's terms for lang, sorted as a dictionary
// of that language sorts them (x/text's collation: "Écu" among the E).
func (c *calcs) glossaryPage(lang string) []render.GlossaryEntry {
	if c.glossary == nil {
		return nil
	}
	// The other language a term is given in: the first of the site's
	// languages but the page's own (the original, on a translation's page).
	var other string
	for _, l := range c.codes() {
		if l != lang {
			other = l
			break
		}
	}
	var out []render.GlossaryEntry
	for _, t := range c.glossary.Terms {
		slug, id, _ := strings.Cut(t.Section, "#")
		out = append(out, render.GlossaryEntry{
			ID: "term-" + t.ID, Term: t.Term(lang), Abbr: t.Abbr[lang], Other: t.Term(other), OtherAbbr: t.Abbr[other], OtherLang: other,
			Definition: values.Fill(t.Definition[lang], c.ruleSet().Rules), URL: "../" + slug + "/#" + id, Section: c.title(lang, t.Section),
		})
	}
	col := collate.New(language.Make(lang), collate.IgnoreCase, collate.IgnoreDiacritics)
	sort.SliceStable(out, func(i, j int) bool { return col.CompareString(out[i].Term, out[j].Term) < 0 })
	return out
}
