package calcui

import (
	"encoding/json"
	"strings"
	"testing"

	"compendium/wasm/engine"
)

// hasField reports whether calculator calc's form has a field at path.
func hasField(calc, path string) bool {
	f := Lookup(calc)
	if f == nil {
		return false
	}
	for _, g := range f.Groups {
		for _, fd := range g.Fields {
			if fd.Path == path {
				return true
			}
		}
	}
	return false
}

// TestCharacters: every field a character is made of is a field of its
// calculator's form, and so is every field it feeds; a game names each
// figure once; every glance names a calculator and figures it shows.
func TestCharacters(t *testing.T) {
	for _, g := range Characters {
		if Info("armor").Doc == "" {
			t.Fatal("the engine names no rules document for armor")
		}
		keys := map[string]bool{}
		fields := append([]CharacterField(nil), g.Fields...)
		if g.List != nil {
			if g.List.Key == "" || g.List.Max < 1 {
				t.Errorf("%s: list %q holds at most %d items", g.Doc, g.List.Key, g.List.Max)
			}
			fields = append(fields, g.List.Fields...)
		}
		for i, cf := range fields {
			inList := i >= len(g.Fields)
			if !hasField(cf.Calc, cf.Path) {
				t.Errorf("%s: no field %q in the form of %q", g.Doc, cf.Path, cf.Calc)
			}
			if Info(cf.Calc).Doc != g.Doc {
				t.Errorf("%s: field %s:%s belongs to a calculator of %q", g.Doc, cf.Calc, cf.Path, Info(cf.Calc).Doc)
			}
			key := cf.Path
			if inList {
				key = g.List.Key + "." + cf.Path
			}
			if keys[key] {
				t.Errorf("%s: %q twice", g.Doc, key)
			}
			keys[key] = true
			for _, feed := range cf.Feeds {
				calc, path, ok := strings.Cut(feed, ":")
				if !ok || !hasField(calc, path) {
					t.Errorf("%s: %s:%s feeds %q, no field of a form", g.Doc, cf.Calc, cf.Path, feed)
				}
			}
		}
		for _, gl := range g.Glance {
			f := Lookup(gl.Calc)
			if f == nil {
				t.Errorf("%s: the glance names calculator %q, which does not exist", g.Doc, gl.Calc)
				continue
			}
			for _, path := range gl.Figures {
				found := false
				for _, fig := range f.Figures {
					found = found || fig.Path == path
				}
				if !found {
					t.Errorf("%s: glance %s shows figure %q, not one of its form's", g.Doc, gl.Calc, path)
				}
			}
			for _, d := range gl.Drop {
				if !hasField(gl.Calc, d) {
					t.Errorf("%s: glance %s drops %q, no field of its form", g.Doc, gl.Calc, d)
				}
			}
		}
	}
}

// TestCharacterGlanceComputes: every glance's input, the calculator's
// defaults with the character's defaults, is one the engine accepts, and
// the view names every field once.
func TestCharacterGlanceComputes(t *testing.T) {
	p := Page{Lang: "en", T: func(k string) string { return k }, DocURL: func(s string) string { return "../" + s + "/" }}
	for i := range Characters {
		g := &Characters[i]
		v, err := PrepareCharacter(g, p)
		if err != nil {
			t.Fatal(err)
		}
		var data struct {
			Defaults map[string]any `json:"defaults"`
			List     *struct {
				Defaults map[string]any `json:"defaults"`
			} `json:"list"`
			Glance []struct {
				Calc string            `json:"calc"`
				Base map[string]any    `json:"base"`
				Map  map[string]string `json:"map"`
				Each bool              `json:"each"`
				Rule string            `json:"rule"`
			} `json:"glance"`
		}
		if err := json.Unmarshal([]byte(v.Data), &data); err != nil {
			t.Fatal(err)
		}
		for _, gl := range data.Glance {
			input := gl.Base
			for path, key := range gl.Map {
				src := data.Defaults
				if k, ok := strings.CutPrefix(key, "item."); ok && data.List != nil {
					src, key = data.List.Defaults, k
				}
				if x, ok := Get(src, key); ok {
					set(input, path, x)
				}
			}
			if _, err := engine.Calculate(gl.Calc, input); err != nil {
				t.Errorf("%s: glance %s of the defaults: %s", g.Doc, gl.Calc, err.En)
			}
			if !strings.HasPrefix(gl.Rule, "../"+g.Doc+"/#") {
				t.Errorf("%s: glance %s links %q, not its rule", g.Doc, gl.Calc, gl.Rule)
			}
		}
		ids := map[string]bool{}
		for _, grp := range v.Groups {
			for _, f := range grp.Fields {
				if ids[f.ID] {
					t.Errorf("%s: ID %q twice", g.Doc, f.ID)
				}
				ids[f.ID] = true
			}
		}
	}
}

// TestCharacterMap: a calculator of a game with a character names the
// character's keys it starts from; one of another game names none.
func TestCharacterMap(t *testing.T) {
	for _, tt := range []struct {
		calc string
		want map[string]string
	}{
		{"armor", map[string]string{"life_points": "life_points", "locations.torso": "locations.torso"}},
		{"health-fantasy", map[string]string{"life_points": "life_points"}},
		{"casting", map[string]string{"magic": "magic", "apprenticeship": "spells.0.apprenticeship"}},
		{"spell-duel", map[string]string{"a.magic": "magic", "a.apprenticeship": "spells.0.apprenticeship"}},
		{"dice", nil},
	} {
		s := CharacterMap(tt.calc)
		if tt.want == nil {
			if s != "" {
				t.Errorf("%s: %s, want none", tt.calc, s)
			}
			continue
		}
		var got struct{ Map map[string]string }
		if err := json.Unmarshal([]byte(s), &got); err != nil {
			t.Fatalf("%s: %v", tt.calc, err)
		}
		for k, v := range tt.want {
			if got.Map[k] != v {
				t.Errorf("%s: %s → %q, want %q", tt.calc, k, got.Map[k], v)
			}
		}
	}
}
