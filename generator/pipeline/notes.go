package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"

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
	// Meanings says each rule value in words in this language ("Points
	// d'armure de la plaque"), for a note that names the values that
	// moved.
	Meanings map[string]string `json:"m,omitempty"`
	// Characters lists, by game, the sections ("doc#id") that hold the
	// calculators its character feeds or glances at (as the cards page
	// offers them).
	Characters map[string][]string `json:"chars,omitempty"`
	// Since is the previous edition this one was compared with, and
	// Changed the sections ("doc#id") whose text changed since: what the
	// update banner tells a player with a character.
	Since   string   `json:"since,omitempty"`
	Changed []string `json:"changed,omitempty"`
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
// the player's notes with. meanings are the rule values' words in l's
// language; characters the sections each game's character uses, by
// document and ID (cardCharacter); ch, when not nil, what changed since the
// previous edition.
func notesPage(s *site.Site, l *site.Lang, meanings map[string]string, characters map[string]map[string]string, ch *render.Changes) *render.NotesPage {
	if len(l.Docs) == 0 {
		return nil
	}
	orig := s.Lang(s.Original())
	idx := notesIndex{V: 1, Docs: map[string]notesDoc{}, Meanings: meanings}
	for doc, secs := range characters {
		for id, game := range secs {
			if idx.Characters == nil {
				idx.Characters = map[string][]string{}
			}
			idx.Characters[game] = append(idx.Characters[game], doc+"#"+id)
		}
	}
	for _, keys := range idx.Characters {
		slices.Sort(keys)
	}
	if ch != nil {
		idx.Since = ch.Since
		for _, d := range ch.Docs {
			for _, c := range d.Changed {
				idx.Changed = append(idx.Changed, d.Slug+"#"+c.ID)
			}
		}
	}
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
