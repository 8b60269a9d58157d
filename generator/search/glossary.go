package search

import (
	"compendium/generator/glossary"
)

// SynonymGroup is every written form of one glossary term, in both
// languages: "points d’armure", "PA", "armour points", "AP"… A query equal
// to one form also looks for the others.
type SynonymGroup struct {
	ID    string
	Forms []string
}

// LoadGlossary reads the synonym groups of the glossary at path. A missing
// file is not an error: the site then simply has no synonyms, which is the
// state of a compendium before its glossary is written.
func LoadGlossary(path string) ([]SynonymGroup, error) {
	if path == "" {
		return nil, nil
	}
	g, err := glossary.Load(path)
	if err != nil {
		return nil, err
	}
	var out []SynonymGroup
	for _, t := range g.Terms {
		grp := SynonymGroup{ID: t.ID}
		add := func(f string) {
			if f != "" {
				grp.Forms = append(grp.Forms, f)
			}
		}
		add(t.FR)
		add(t.EN)
		for _, l := range []string{"fr", "en"} {
			add(t.Abbr[l])
		}
		for _, l := range []string{"fr", "en"} {
			for _, v := range t.Variants[l] {
				add(v)
			}
		}
		if len(grp.Forms) > 1 {
			out = append(out, grp)
		}
	}
	return out, nil
}
