package calc

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every worked example of the spec goes through the command line exactly.
func TestSpecExamples(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     map[string]any
	}{
		{"dice", `{"expr":"2d6"}`, map[string]any{"mean": 7.0}},
		{"armor", `{"locations":{"forearms":"plate","arms":"plate","thighs":"plate","legs":"plate","torso":"plate"},"helmet":true}`, map[string]any{"physical": 16.0, "can_run": false}},
		{"health-fantasy", `{"state":"wounded"}`, map[string]any{"final_state": "dead"}},
		{"health-modern", `{"state":"wounded","events":[{"at":5,"action":"first_aid","level":"novice"}]}`, map[string]any{"final_state": "dead", "body_until": 91.0}},
		{"study", `{"hours":4,"p_test":0.9}`, map[string]any{"best_xp": 55.0}},
		{"dying-magic", `{"slot_level":5,"con_save_bonus":2}`, map[string]any{"dc": 11.0, "p_save": 0.6, "exhaustion_on_failure": 1.0, "hp_cost_instead": 10.0}},
		{"spell-duel", `{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":2,"apprenticeship":2,"element":"vine"}}`, map[string]any{"dominant": "a"}},
		{"unarmed-duel", `{"score":4,"opponents":[2,3,3]}`, map[string]any{"final_state": "fatigued"}},
		{"pathfinder-duel", `{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"different_school","slot_level":4}`, map[string]any{"p_total": 0.2475, "identify_dc": 18.0, "modifier": -1.0}},
		{"pathfinder-duel", `{"mode":"parry","bab":6,"attack_bonus":5}`, map[string]any{"p_parry": 0.34}},
		{"critical", `{"attack_bonus":10,"ac":12}`, map[string]any{"p_hit": 0.95, "p_critical": 0.45}},
	} {
		var out, errOut bytes.Buffer
		if s := Run(Options{Name: c.name, Content: "content", Lang: "en"}, strings.NewReader(c.in), &out, &errOut); s != 0 {
			t.Fatalf("%s: status %d: %s", c.name, s, out.String())
		}
		var v map[string]any
		if err := json.Unmarshal(out.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		for k, w := range c.want {
			if v[k] != w {
				t.Errorf("%s: %s = %v, want %v", c.name, k, v[k], w)
			}
		}
	}
}

// TestRunContentValues: calc computes with the rule values of the content
// folder it is given, and refuses a content whose languages disagree, in
// the locale's language.
func TestRunContentValues(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	copyContent := func(t *testing.T, edit func(lang, text string) string) string {
		t.Helper()
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS("../../content")); err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{"fr", "en"} {
			f := filepath.Join(dir, lang, "fantasy.md")
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(f, []byte(edit(lang, string(b))), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	plate := func(lang, text string) string {
		return strings.Replace(text, "{=armor.plate 3}", "{=armor.plate 4}", 1)
	}
	in := `{"locations":{"torso":"plate","arms":"plate"}}`
	var out, errOut bytes.Buffer
	if code := Run(Options{Name: "armor", Content: copyContent(t, plate), ContentGiven: true, Lang: "en"}, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("status %d: %s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), `"physical": 8,`) {
		t.Errorf("plate declared 4 in both texts: want physical 8, got\n%s", out.String())
	}
	out.Reset()
	errOut.Reset()
	frOnly := func(lang, text string) string {
		if lang == "fr" {
			return plate(lang, text)
		}
		return text
	}
	disagree := copyContent(t, frOnly)
	code := Run(Options{Name: "armor", Content: disagree, ContentGiven: true, Lang: "en"}, strings.NewReader(in), &out, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), "en/fantasy.md:") || !strings.Contains(errOut.String(), "“armor.plate” is 3 here but 4 in ") ||
		!strings.Contains(errOut.String(), "calc: the rule values of "+disagree+"/ have problems (above)") {
		t.Errorf("plate 4 in French only: want status 2 and the English line named, got %d\n%s", code, errOut.String())
	}
	none := filepath.Join(t.TempDir(), "none")
	errOut.Reset()
	if code := Run(Options{Name: "armor", Content: none, ContentGiven: true, Lang: "en"}, strings.NewReader(in), &out, &errOut); code != 2 || errOut.String() != "calc: -content "+none+": no such folder: give the content folder, the one that holds fr/ and en/\n" {
		t.Errorf("a -content folder that does not exist: status %d, want 2; stderr %q", code, errOut.String())
	}

	t.Setenv("LC_ALL", "fr_FR.UTF-8")
	errOut.Reset()
	code = Run(Options{Name: "armor", Content: disagree, ContentGiven: true, Lang: "fr"}, strings.NewReader(in), &out, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), "« armor.plate » vaut 3 ici mais 4 ") ||
		!strings.Contains(errOut.String(), "calc : les valeurs de règle de "+disagree+"/ ont des problèmes (ci-dessus)") || strings.Contains(errOut.String(), "rule value") {
		t.Errorf("plate 4 in French only, under a French locale: want status 2 and French, got %d\n%s", code, errOut.String())
	}
	errOut.Reset()
	if code := Run(Options{Name: "armor", Content: none, ContentGiven: true, Lang: "fr"}, strings.NewReader(in), &out, &errOut); code != 2 || errOut.String() != "calc : -content "+none+" : ce dossier n'existe pas : donnez le dossier du contenu, celui qui contient fr/ et en/\n" {
		t.Errorf("a -content folder that does not exist, in French: status %d; stderr %q", code, errOut.String())
	}
}

// TestNoContentFolder: without a content folder where it looks by
// default, calc computes with the engine's rules and says so, in the
// reader's language.
func TestNoContentFolder(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, c := range []struct{ lang, want string }{
		{"en", "calc: no nowhere/ folder here: computing with the engine's default rules (the seeds'); -content DIR reads a content folder's\n"},
		{"fr", "calc : pas de dossier nowhere/ ici : calcul avec les règles par défaut du moteur (celles des textes d'origine) ; -content DOSSIER lit celles d'un dossier de contenu\n"},
	} {
		var errOut bytes.Buffer
		rules, code := contentRules("nowhere", false, c.lang, &errOut)
		if rules == nil || code != 0 || errOut.String() != c.want {
			t.Errorf("%s: rules %v, code %d, stderr %q, want %q", c.lang, rules != nil, code, errOut.String(), c.want)
		}
	}
}

// TestTakesValues: the package reads no command line; generator/cmd_calc.go
// parses it and hands Run its Options.
func TestTakesValues(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, never := range []string{`"flag"`, "os.Args"} {
			if strings.Contains(string(b), never) {
				t.Errorf("%s uses %s: the command line is generator/cmd_calc.go's", name, never)
			}
		}
	}
}
