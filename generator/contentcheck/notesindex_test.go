package contentcheck_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestNotesIndex holds the real site's notes index
// (/<lang>/notes/sections.json) to what the notes and the update banner
// read in it: every rule value of a section has its words in the
// language (a note names the values that moved by them), and every
// section a character's calculators use is a section of the index.
func TestNotesIndex(t *testing.T) {
	res := realSite(t)
	seen := 0
	for name, b := range res.Files {
		if !strings.HasSuffix(name, "/notes/sections.json") {
			continue
		}
		seen++
		var idx struct {
			Docs map[string]struct {
				Sections map[string]struct {
					V map[string]string `json:"v"`
				} `json:"sections"`
			} `json:"docs"`
			M     map[string]string   `json:"m"`
			Chars map[string][]string `json:"chars"`
		}
		if err := json.Unmarshal(b, &idx); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		values := 0
		for slug, d := range idx.Docs {
			for id, s := range d.Sections {
				for key := range s.V {
					values++
					if strings.TrimSpace(idx.M[key]) == "" || idx.M[key] == key {
						t.Errorf("%s: %s#%s's value %s has no words", name, slug, id, key)
					}
				}
			}
		}
		if values == 0 {
			t.Errorf("%s: no section holds a rule value", name)
		}
		if len(idx.Chars) == 0 {
			t.Errorf("%s: no character's sections", name)
		}
		for game, secs := range idx.Chars {
			for _, key := range secs {
				slug, id, _ := strings.Cut(key, "#")
				if _, ok := idx.Docs[slug].Sections[id]; !ok {
					t.Errorf("%s: the %s character's section %s is not in the index", name, game, key)
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("the real site has no notes index")
	}
}
