package calcui

import (
	"reflect"

	"compendium/generator/render"
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
	// The French page's figures follow the theme's format data.
	frTheme, _ := themePages(t)
	fr := Page{Lang: "fr", T: func(k string) string {
		if s, ok := map[string]string{"calc.yes": "oui", "opt.dying": "agonisant"}[k]; ok {
			return s
		}
		return frTheme.T(k)
	}}
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
		{40.41333333, "num", fr, "", "40,4"},
		{40.0, "num", en, "", "40"},
		{-2.0, "num", fr, "", "−2"},
		{7.0, "num", en, "", "7"},
		{true, "bool", fr, "", "oui"},
		{"dying", "enum", fr, "", "agonisant"},
		{65.0, "min", en, "", "65 min"},
		{[]any{5.0, 8.0, 12.0}, "list", en, "", "5, 8, 12"},
		// Thousands apart from five digits on, as the engine's answers
		// write them.
		{100000.0, "", fr, "", "100\u202f000"},
		{100000.0, "", en, "", "100,000"},
		{12345.64, "num", en, "", "12,345.6"},
		{12345.64, "num", fr, "", "12\u202f345,6"},
		{-25000.0, "", fr, "", "−25\u202f000"},
		{1234567.0, "", en, "", "1,234,567"},
		{99999.0, "", en, "", "99,999"},
		{1000.0, "", fr, "", "1000"},
		{-1000.5, "", fr, "", "−1000,5"},
	}
	for _, tt := range tests {
		if got := FormatFigure(tt.v, tt.format, tt.p, tt.frac); got != tt.want {
			t.Errorf("FormatFigure(%v, %s, %s) = %q, want %q", tt.v, tt.format, tt.p.Lang, got, tt.want)
		}
	}
}

// renderCalc renders calculator name in lang through the theme's template,
// with values over its defaults, and returns the HTML and the view.
func renderCalc(t *testing.T, theme *render.Theme, lang, name string, values map[string]any) (string, *View) {
	t.Helper()
	p := Page{Lang: lang, T: func(k string) string { return theme.T(lang, k) }, Sections: map[string]string{}, DocURL: func(string) string { return "" }}
	f := Lookup(name)
	v, err := Prepare(Block{Form: f, ID: "calc-" + name, Inputs: f.Merge(values)}, p)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := theme.Calc(&b, v); err != nil {
		t.Fatal(err)
	}
	return b.String(), v
}

// TestFieldNumbers: a field's range reads as people read it ("0 – 100 000",
// "0 – 100,000"), while its bounds for the script (data-min, data-max) and
// its value stay plain numbers that Number and the script's reader take as
// they are.
func TestFieldNumbers(t *testing.T) {
	theme, errs := render.Load("../../theme")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, tt := range []struct{ lang, hint string }{{"fr", "0 – 100\u202f000"}, {"en", "0 – 100,000"}} {
		h, _ := renderCalc(t, theme, tt.lang, "casting", map[string]any{"xp": 25000.0})
		for _, want := range []string{">" + tt.hint + "</span>", `data-min="0" data-max="100000"`, `value="25000"`} {
			if !strings.Contains(h, want) {
				t.Errorf("%s: the experience field wants %q:\n%s", tt.lang, want, h)
			}
		}
	}
}

// TestRenderAccessible renders every calculator through the theme's
// template: every control has a label, groups are fieldsets, the result is
// a live region with a state, every text field has its error element and
// its message in the reader's words, and no engine name shows.
func TestRenderAccessible(t *testing.T) {
	theme, errs := render.Load("../../theme")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, lang := range []string{"fr", "en"} {
		for _, f := range Forms {
			h, v := renderCalc(t, theme, lang, f.Name, nil)
			for _, want := range []string{`role="status" aria-live="polite"`, `data-state="ready"`, `role="alert"`, "<fieldset><legend>", `role="group"`, `class="calc-answer"`, `<fieldset class="calc-inputs" disabled>`} {
				if !strings.Contains(h, want) {
					t.Errorf("%s/%s: lacks %s", lang, f.Name, want)
				}
			}
			if strings.Contains(h, "[calc.") || strings.Contains(h, "[opt.") {
				t.Errorf("%s/%s: an interface string is missing: %s", lang, f.Name, h[strings.Index(h, "["):][:40])
			}
			if n, l := strings.Count(h, "<input")+strings.Count(h, "<select"), strings.Count(h, "<label for=")+strings.Count(h, "aria-label="); n > l {
				t.Errorf("%s/%s: %d controls, %d labels", lang, f.Name, n, l)
			}
			if n, e := strings.Count(h, `<input type="text"`)-strings.Count(h, "data-sub-path"), strings.Count(h, `class="field-error"`); n > e {
				t.Errorf("%s/%s: %d text fields, %d error elements", lang, f.Name, n, e)
			}
			for _, g := range v.Groups {
				for _, fd := range g.Fields {
					if fd.Kind == Int && !strings.Contains(fd.Msg, fd.Label) {
						t.Errorf("%s/%s: message %q does not name the field %q", lang, f.Name, fd.Msg, fd.Label)
					}
					if strings.ContainsAny(fd.Path, "_.") && strings.Contains(fd.Msg, fd.Path) {
						t.Errorf("%s/%s: message %q names the engine's field", lang, f.Name, fd.Msg)
					}
				}
			}
		}
	}
}

// TestMessages: a field's message says its label and what it takes.
func TestMessages(t *testing.T) {
	theme, _ := render.Load("../../theme")
	fr := Page{Lang: "fr", T: func(k string) string { return theme.T("fr", k) }, Sections: map[string]string{}, DocURL: func(string) string { return "" }}
	en := Page{Lang: "en", T: func(k string) string { return theme.T("en", k) }, Sections: map[string]string{}, DocURL: func(string) string { return "" }}
	find := func(p Page, calc, path string) FieldView {
		v, err := Prepare(Block{Form: Lookup(calc), ID: "c", Inputs: Lookup(calc).Merge(nil)}, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range v.Groups {
			for _, f := range g.Fields {
				if f.Path == path {
					return f
				}
			}
		}
		t.Fatalf("%s: no field %s", calc, path)
		return FieldView{}
	}
	tests := []struct {
		p                    Page
		calc, path, msg, val string
	}{
		{fr, "armor", "magic", "Magie\u00a0: un nombre entier de 0 à 50", "0"},
		{en, "armor", "magic", "Magic: a whole number from 0 to 50", "0"},
		{fr, "study", "p_test", "Chance de réussir un test\u00a0: un pourcentage de 0 à 100", "90"},
		{en, "study", "p_test", "Chance to pass a test: a percentage from 0 to 100", "90"},
		{fr, "spell-duel", "a.magic", "Sorcier A — Magie\u00a0: un nombre entier de 0 à 40", "4"},
		{fr, "wounds", "medicine_bonus", "Bonus de Sagesse (Médecine)\u00a0: un nombre entier de −5 à 20", "5"},
	}
	for _, tt := range tests {
		f := find(tt.p, tt.calc, tt.path)
		if f.Msg != tt.msg || f.Value != tt.val {
			t.Errorf("%s %s: message %q value %q, want %q and %q", tt.calc, tt.path, f.Msg, f.Value, tt.msg, tt.val)
		}
	}
	if f := find(fr, "armor", "hits"); f.ItemMsg != "Touche {n}\u00a0: des dégâts entiers de 0 à 50" {
		t.Errorf("hits item message %q", f.ItemMsg)
	}
	// An optional number says so; a required one and a list do not.
	for _, tt := range []struct {
		p                 Page
		calc, path, place string
	}{
		{fr, "casting", "modifier", "(facultatif)"}, {en, "casting", "xp", "(optional)"},
		{fr, "casting", "magic", ""}, {fr, "armor", "hits", "ex. 4, 1, 1"},
	} {
		if f := find(tt.p, tt.calc, tt.path); f.Placeholder != tt.place {
			t.Errorf("%s %s: placeholder %q, want %q", tt.calc, tt.path, f.Placeholder, tt.place)
		}
	}
	if f := find(fr, "wounds", "medicine_bonus"); f.InputMode != "text" {
		t.Errorf("a field taking negative numbers needs a keyboard with a minus: %q", f.InputMode)
	}
}

func TestAnswerSegments(t *testing.T) {
	got := Answer("**4 points d’armure**, vous pouvez courir. Après : **agonisant**.")
	want := []Segment{{"4 points d’armure", true}, {", vous pouvez courir. Après : ", false}, {"agonisant", true}, {".", false}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Answer: %v", got)
	}
}

func TestShortKeys(t *testing.T) {
	k := shortKeys(Lookup("spell-duel"))
	if k["a.magic"] != "a.magic" || k["b.element"] != "b.element" {
		t.Errorf("duplicate last keys must keep their path: %v", k)
	}
	k = shortKeys(Lookup("armor"))
	if k["locations.torso"] != "torso" || k["magic"] != "magic" {
		t.Errorf("unique last keys are short: %v", k)
	}
}

// keypads are the characters a phone's keyboard offers for each inputmode,
// on its first page: the iPhone's numeric pad has digits only, its decimal
// pad digits and the locale's separator (a comma in French, a dot in
// en-US); the text keyboard has everything.
var keypads = map[string]func(lang string) string{
	"numeric": func(string) string { return "0123456789" },
	"decimal": func(lang string) string {
		if lang == "fr" {
			return "0123456789,"
		}
		return "0123456789."
	},
}

// typed is what a player types in a field to enter the engine's bounds lo
// and hi: a decimal in the locale's writing for a number, two values
// apart by a comma and a space for a list.
func typed(fv FieldView, lang string) []string {
	lo, hi := fv.Min, fv.Max
	switch fv.Kind {
	case IntList:
		return []string{lo + ", " + hi + " " + hi}
	case Number:
		sep := "."
		if lang == "fr" {
			sep = ","
		}
		return []string{lo, hi, "0" + sep + "5"}
	}
	return []string{lo, hi}
}

// TestFieldsTypeOnPhoneKeypads: every value a field takes can be typed with
// the keys its inputmode gives a phone (issue 34: the lists asked for
// commas on an iPhone pad that has none).
func TestFieldsTypeOnPhoneKeypads(t *testing.T) {
	n := 0
	eachFormView(t, func(lang string, f Form, v *View) {
		{
			var fields []FieldView
			for _, g := range v.Groups {
				for _, fd := range g.Fields {
					fields = append(fields, fd)
					fields = append(fields, fd.Blank...)
				}
			}
			for _, fd := range fields {
				if fd.InputMode == "" || fd.Kind == Text || fd.Min == "" {
					continue
				}
				keys, limited := keypads[fd.InputMode]
				if !limited {
					if fd.InputMode != "text" {
						t.Errorf("%s/%s %s: inputmode %q has no keypad in this test", lang, f.Name, fd.Path, fd.InputMode)
					}
					continue
				}
				for _, s := range typed(fd, lang) {
					n++
					if i := strings.IndexFunc(s, func(r rune) bool { return !strings.ContainsRune(keys(lang), r) }); i >= 0 {
						t.Errorf("%s/%s %s: %q cannot be typed on the %s keypad (no %q)", lang, f.Name, fd.Path, s, fd.InputMode, s[i:i+1])
					}
				}
			}
		}
	})
	if n == 0 {
		t.Fatal("no field has a limited keypad: the test looks at nothing")
	}
}

// eachFormView prepares every form with its defaults in each language, with
// the theme's words, and hands each view to visit.
func eachFormView(t *testing.T, visit func(lang string, f Form, v *View)) {
	t.Helper()
	theme, _ := render.Load("../../theme")
	for _, lang := range []string{"fr", "en"} {
		p := Page{Lang: lang, T: func(k string) string { return theme.T(lang, k) }, Sections: map[string]string{}, DocURL: func(string) string { return "" }}
		for _, f := range Forms {
			v, err := Prepare(Block{Form: &f, ID: "c", Inputs: f.Merge(nil)}, p)
			if err != nil {
				t.Fatal(err)
			}
			visit(lang, f, v)
		}
	}
}
