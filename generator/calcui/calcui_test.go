package calcui

import (
	"reflect"
	"strings"
	"testing"

	"compendium/wasm/engine"
)

// Every form's defaults are a valid input: a calculator computes as soon as
// it appears, and its static result exists.
func TestDefaultsCompute(t *testing.T) {
	if len(Forms) != len(engine.Calculators()) {
		t.Fatalf("%d forms for %d calculators", len(Forms), len(engine.Calculators()))
	}
	for _, f := range Forms {
		if _, err := engine.Calculate(f.Name, f.EngineInput(f.Merge(nil))); err != nil {
			t.Errorf("%s: defaults rejected: %s", f.Name, err.En)
		}
	}
}

func TestEngineInput(t *testing.T) {
	pf := Lookup("pathfinder-duel")
	ud := Lookup("unarmed-duel")
	tests := []struct {
		name   string
		form   *Form
		values map[string]any
		want   map[string]any
	}{
		{"parry keeps its fields only", pf, map[string]any{"mode": "parry", "bab": 6.0, "unarmed": true, "attack_bonus": 5.0, "ac": 15.0, "spell_level": 3.0},
			map[string]any{"mode": "parry", "bab": 6.0, "unarmed": true, "attack_bonus": 5.0}},
		{"dodge", pf, map[string]any{"mode": "dodge", "bab": 6.0, "attack_bonus": 5.0, "ac": 15.0},
			map[string]any{"mode": "dodge", "attack_bonus": 5.0, "ac": 15.0}},
		{"counter without dispel", pf, map[string]any{"mode": "counter", "spellcraft_bonus": 8.0, "spell_level": 3.0, "caster_level": 7.0, "relation": "same_school", "opponent_caster_level": 9.0},
			map[string]any{"mode": "counter", "spellcraft_bonus": 8.0, "spell_level": 3.0, "caster_level": 7.0, "relation": "same_school"}},
		{"counter with dispel", pf, map[string]any{"mode": "counter", "dispel": "dispel_magic", "spellcraft_bonus": 8.0, "caster_level": 7.0, "opponent_caster_level": 9.0},
			map[string]any{"mode": "counter", "dispel": "dispel_magic", "caster_level": 7.0, "opponent_caster_level": 9.0}},
		{"UI-only field is not sent", ud, map[string]any{"fight_mode": "group", "score": 4.0, "attackers": 7.0, "defenders": 2.0},
			map[string]any{"attackers": 7.0, "defenders": 2.0}},
		{"empty optional field is left out", Lookup("casting"), map[string]any{"magic": 4.0, "apprenticeship": 3.0, "reading": ""},
			map[string]any{"magic": 4.0, "apprenticeship": 3.0}},
		{"nested paths", Lookup("spell-duel"), map[string]any{"a": map[string]any{"magic": 1.0}, "b": map[string]any{"element": "fire"}},
			map[string]any{"a": map[string]any{"magic": 1.0}, "b": map[string]any{"element": "fire"}}},
	}
	for _, tt := range tests {
		if got := tt.form.EngineInput(tt.values); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestMergeAndUnknown(t *testing.T) {
	f := Lookup("armor")
	got := f.Merge(map[string]any{"magic": 3.0, "locations": map[string]any{"torso": "plate"}})
	if got["magic"] != 3.0 || got["locations"].(map[string]any)["torso"] != "plate" || got["locations"].(map[string]any)["forearms"] != "leather" {
		t.Errorf("merge: %v", got)
	}
	bad := f.Unknown(map[string]any{"magik": 1.0, "locations": map[string]any{"head": "plate", "torso": "plate"}})
	if strings.Join(bad, ",") != "locations.head,magik" && strings.Join(bad, ",") != "magik,locations.head" {
		t.Errorf("unknown: %v", bad)
	}
}

func TestFormat(t *testing.T) {
	fr := Page{Lang: "fr", T: func(k string) string { return map[string]string{"calc.yes": "oui", "opt.dying": "agonisant"}[k] }}
	en := Page{Lang: "en", T: func(k string) string { return k }}
	tests := []struct {
		v      any
		format string
		p      Page
		frac   string
		want   string
	}{
		{0.6666666666666666, "pct", fr, "2/3", "66,7\u202f% (2/3)"},
		{0.6666666666666666, "pct", en, "2/3", "66.7% (2/3)"},
		{1.0, "pct", en, "1", "100%"},
		{40.41333333, "num", fr, "", "40,413"},
		{-2.0, "num", fr, "", "−2"},
		{7.0, "num", en, "", "7"},
		{true, "bool", fr, "", "oui"},
		{"dying", "enum", fr, "", "agonisant"},
		{65.0, "min", en, "", "65 min"},
		{[]any{5.0, 8.0, 12.0}, "list", en, "", "5, 8, 12"},
	}
	for _, tt := range tests {
		if got := FormatFigure(tt.v, tt.format, tt.p, tt.frac); got != tt.want {
			t.Errorf("FormatFigure(%v, %s, %s) = %q, want %q", tt.v, tt.format, tt.p.Lang, got, tt.want)
		}
	}
}

// TestRenderAccessible: every control has a label, groups are fieldsets,
// results and errors are live regions.
func TestRenderAccessible(t *testing.T) {
	p := Page{Lang: "en", T: func(k string) string { return k }, Rules: map[string]string{}, DocURL: func(string) string { return "" }}
	for _, f := range Forms {
		var b strings.Builder
		if err := Render(&b, Block{Form: Lookup(f.Name), ID: "calc-" + f.Name, Values: f.Merge(nil)}, p); err != nil {
			t.Fatal(err)
		}
		h := b.String()
		for _, want := range []string{`role="status" aria-live="polite"`, `role="alert"`, "<fieldset><legend>", `role="group"`} {
			if !strings.Contains(h, want) {
				t.Errorf("%s: lacks %s", f.Name, want)
			}
		}
		if n, l := strings.Count(h, "<input")+strings.Count(h, "<select"), strings.Count(h, "<label for=")+strings.Count(h, "aria-label="); n > l {
			t.Errorf("%s: %d controls, %d labels", f.Name, n, l)
		}
	}
}
