package search

import "compendium/generator/site"

// SynonymGroup is every written form of one thing a query may name: a
// glossary term's forms in every language ("points d’armure", "PA",
// "armour points", "AP"), or a thesaurus set of one language ("PV", "points
// de vie", "vie"). A query equal to one form also looks for the others, and
// the group's section, if any, is raised as Pin says.
type SynonymGroup struct {
	Forms   []string
	Section string // "slug#id", or ""
	Pin     int
}

// synonymGroups returns the glossary's groups (each term's forms in every
// language of langs, in its order), then the thesaurus's sets of lang.
func synonymGroups(lang string, langs []string, v Vocabulary) []SynonymGroup {
	var out []SynonymGroup
	if langs == nil {
		langs = site.Languages
	}
	if v.Glossary != nil {
		for _, t := range v.Glossary.Terms {
			grp := SynonymGroup{Section: t.Section, Pin: pinTerm}
			add := func(f string) {
				if f != "" {
					grp.Forms = append(grp.Forms, f)
				}
			}
			for _, l := range langs {
				add(t.Term(l))
			}
			for _, l := range langs {
				add(t.Abbr[l])
			}
			for _, l := range langs {
				for _, f := range t.Variants[l] {
					add(f)
				}
			}
			out = append(out, grp)
		}
	}
	if v.Thesaurus != nil {
		for _, s := range v.Thesaurus.Sets {
			if s.Lang == lang {
				out = append(out, SynonymGroup{Forms: s.Forms, Section: s.Target(v.Glossary), Pin: pinSet})
			}
		}
	}
	return out
}
