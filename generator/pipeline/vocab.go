package pipeline

import (
	"strings"

	"compendium/generator/calcui"
	"compendium/generator/search"
	"compendium/generator/values"
)

// vocabulary gathers what the search indexes beyond the documents: the
// glossary (synonyms, and its terms as results), the thesaurus, and the
// calculators as results, in each language's words.
func (l *loaded) vocabulary() search.Vocabulary {
	v := search.Vocabulary{Glossary: l.calc.glossary, Thesaurus: l.thesaurus, Entries: map[string][]search.Entry{}}
	for _, lg := range l.site.Langs {
		lang := lg.Code
		rules := l.calc.ruleSet().Rules
		t := func(k string) string { return values.Fill(l.theme.T(lang, k), rules) }
		var es []search.Entry
		if g := l.calc.glossary; g != nil {
			for _, term := range g.Terms {
				title := term.Term(lang)
				if a := term.Abbr[lang]; a != "" && a != title {
					title += " (" + a + ")"
				}
				// The variants are in the entry's text: a player may
				// type any of them. The other language's name is not: a
				// query in that language finds the term through its own
				// index (Search).
				// So are the words of a reader asking for a definition
				// ("que veut dire…" is mapped to "glossaire", a word no rule
				// uses: "définition" shares its stem with "définitivement").
				text := append([]string{values.Fill(term.Definition[lang], rules)}, term.Variants[lang]...)
				es = append(es, search.Entry{Kind: "glossary", Doc: "glossary", DocTitle: t("glossary"), ID: "term-" + term.ID,
					Title: title, Text: strings.Join(text, " · "), Hidden: t("search_glossary_words")})
			}
		}
		for _, f := range calcui.Forms {
			title, text := calcui.SearchText(f.Name, calcui.Page{Lang: lang, T: t})
			// The words players put to a calculator ("calculateur",
			// "odds"), which no rule says: with them a query asking for
			// one finds it before the rule it applies.
			es = append(es, search.Entry{Kind: "calc", Doc: "calculators", DocTitle: t("calculators"), ID: f.Name, Title: title, Text: text, Hidden: t("search_calc_words")})
		}
		v.Entries[lang] = es
	}
	return v
}

// SearchIndexes builds the search indexes of the site in opt.ContentDir
// exactly as Build writes them: by path from the site root, and each
// language's path. The command line and the tests query these.
func SearchIndexes(opt Options) (map[string][]byte, map[string]string, error) {
	l, err := New(opt).load(nil)
	if err != nil {
		return nil, nil, err
	}
	return search.Build(l.site, l.vocabulary())
}
