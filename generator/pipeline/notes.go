package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"compendium/generator/render"
	"compendium/generator/site"
)

// notesIndex is what the players' notes are compared with
// (/<lang>/notes/sections.json, read by theme/js/page/notes.js): by rules
// document, its sections' titles in this language, each section's
// fingerprint and rule values, and the section that holds each named
// rule. A note keeps the fingerprint and values it was made against; a
// new edition whose fingerprint differs says the rule changed, and the
// values say how.
type notesIndex struct {
	V    int                 `json:"v"`
	Docs map[string]notesDoc `json:"docs"`
}

type notesDoc struct {
	Title    string                  `json:"title"`
	Sections map[string]notesSection `json:"sections"`
	// Anchors maps a named rule's ID to its section's.
	Anchors map[string]string `json:"anchors,omitempty"`
}

type notesSection struct {
	Title string `json:"t"`
	// FP is the section's fingerprint: a hash of its title and text in
	// the original language, so that a note reads the same in every
	// language and a translation catching up is not a change of the rule.
	FP string `json:"h"`
	// Values are the section's rule values as the text writes them.
	Values map[string]string `json:"v,omitempty"`
}

// notesPage returns the notes page of l (/<lang>/notes/): the games, and
// the notes index its script and the rules pages' note controls compare
// the player's notes with.
func notesPage(s *site.Site, l *site.Lang) *render.NotesPage {
	if len(l.Docs) == 0 {
		return nil
	}
	orig := s.Lang(s.Original())
	idx := notesIndex{V: 1, Docs: map[string]notesDoc{}}
	var games []render.NotesGame
	for _, d := range l.Docs {
		src := d
		if orig != nil {
			if od := orig.Doc(d.Slug); od != nil {
				src = od
			}
		}
		title := d.Short
		if title == "" {
			title = d.Title
		}
		games = append(games, render.NotesGame{Slug: d.Slug, Title: title, Href: "../" + d.Slug + "/"})
		nd := notesDoc{Title: title, Sections: map[string]notesSection{}}
		for _, sec := range d.Sections {
			base := src.Section(sec.ID)
			if base == nil {
				base = sec
			}
			h := sha256.Sum256([]byte(base.Title + "\x00" + base.Text))
			ns := notesSection{Title: sec.Title, FP: hex.EncodeToString(h[:6])}
			for _, v := range src.Values {
				if v.Section == sec.ID {
					if ns.Values == nil {
						ns.Values = map[string]string{}
					}
					ns.Values[v.Key] = v.Literal
				}
			}
			nd.Sections[sec.ID] = ns
		}
		for _, a := range d.Anchors {
			if a.Section == "" {
				continue
			}
			if nd.Anchors == nil {
				nd.Anchors = map[string]string{}
			}
			nd.Anchors[a.ID] = a.Section
		}
		idx.Docs[d.Slug] = nd
	}
	b, _ := json.Marshal(idx)
	return &render.NotesPage{Games: games, Index: b}
}
