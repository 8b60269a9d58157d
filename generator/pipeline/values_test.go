package pipeline

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"compendium/generator/calc"
	"compendium/generator/site"
	"compendium/generator/values"
	"compendium/wasm/engine"
)

// armorSite is a two-language site whose one document declares the
// armour's values (plate given as PLATE in French and PLATE_EN in English)
// and places the armour calculator with plate on the torso.
func armorSite(plateFr, plateEn string, extraFr string) string {
	decl := func(plate string) string {
		return strings.Replace(values.Declarations("armor"), "{=armor.plate 3}", "{=armor.plate "+plate+"}", 1)
	}
	doc := func(lang, title, plate, extra string) string {
		return "-- content/" + lang + "/fantasy.md --\n---\ntitle: " + title + "\nshort: Jeu\norder: 1\nslug: fantasy\nsummary: S.\nsource: 000_test.txt\n---\n" +
			"## L'armure {#armor}\n\nLes valeurs : " + decl(plate) + "\n" + extra + "\n```calc armor\n{\"locations\": {\"torso\": \"plate\"}}\n```\n"
	}
	return doc("fr", "Armure", plateFr, extraFr) + doc("en", "Armour", plateEn, "")
}

// TestValuesFollowTheText: plate declared 4 in both languages, and the
// build's static result, the values page and calc on the same content all
// say 4.
func TestValuesFollowTheText(t *testing.T) {
	opt := writeFixture(t, armorSite("4", "4", ""))
	if _, err := Build(opt); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(opt.OutDir, "en", "fantasy", "index.html"))
	if !bytes.Contains(page, []byte("4 armour points")) {
		t.Error("the armour calculator's static result does not say 4 armour points for plate on the torso")
	}
	// The page hands the rules to the browser's engine as their numbers
	// (engine.Rules.Values).
	rules := engine.Default()
	if err := rules.Set("armor.plate", 4); err != nil {
		t.Fatal(err)
	}
	numbers, _ := json.Marshal(rules.Values())
	if !bytes.Contains(page, numbers) {
		t.Errorf("the page does not hand plate 4 to the browser's engine (%s)", numbers)
	}
	vals, _ := os.ReadFile(filepath.Join(opt.OutDir, "fr", "values", "index.html"))
	if !bytes.Contains(vals, []byte(`<tr id="armor.plate"><th scope="row">points d’armure d’une pièce de plaque`)) || !bytes.Contains(vals, []byte(`<td class="value-number" data-label="Valeur">4</td>`)) {
		t.Errorf("the values page does not list plate at 4:\n%s", vals)
	}
	if !bytes.Contains(vals, []byte(`href="../fantasy/#value-armor.plate"`)) {
		t.Error("the values page does not link plate's place in the text")
	}
	// Every label naming a value ("plaque ({=armor.plate})") was filled.
	_ = filepath.WalkDir(opt.OutDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".json")) {
			if b, _ := os.ReadFile(p); bytes.Contains(b, []byte("{=")) {
				t.Errorf("%s holds a rule value's reference left unfilled", p)
			}
		}
		return nil
	})
	if !bytes.Contains(page, []byte("plaque (4)")) && !bytes.Contains(page, []byte("plate (4)")) {
		t.Error("the armour form's plate option does not say 4")
	}
	var out, errOut bytes.Buffer
	if code := calc.Run(calc.Options{Name: "armor", Content: opt.ContentDir, ContentGiven: true, Lang: "en"}, strings.NewReader(`{"locations":{"torso":"plate"}}`), &out, &errOut); code != 0 || !strings.Contains(out.String(), `"physical": 4,`) {
		t.Errorf("calc -content: status %d, %s%s", code, out.String(), errOut.String())
	}
}

// TestValueTypoAfterAPlaytestChange: plate changed to 4 in English and
// mistyped "trois" in French is one problem, the unreadable value, once;
// what follows from it is folded under it, and the "not declared" it
// folds, and the unreadable value's example, propose the organiser's 4,
// not the engine's default 3, which would undo the change.
func TestValueTypoAfterAPlaytestChange(t *testing.T) {
	opt := writeFixture(t, armorSite("trois", "4", ""))
	_, ds, err := Check(opt)
	if err == nil {
		t.Fatal("check passed")
	}
	out := ds.Format("en", true)
	if ds.Errors() != 1 || !strings.Contains(site.Sort(ds)[0].Message("en"), "unreadable value \"trois\"") {
		t.Errorf("want one problem, the unreadable value:\n%s", out)
	}
	if !strings.Contains(out, "↳ ") || !strings.Contains(out, "is not declared: write {=armor.plate 4}") || strings.Contains(out, "{=armor.plate 3}") {
		t.Errorf("the folded fix is not the organiser's 4:\n%s", out)
	}
	if !strings.Contains(out, "is written in figures, for example 4") || !strings.Contains(ds.Format("fr", true), "s’écrit en chiffres, par exemple 4") {
		t.Errorf("the unreadable value's example is not the organiser's 4:\n%s", out)
	}
}

// TestValuesDisagreements: each way the content can contradict itself
// fails the build with the file and line of the place to fix, and leaves
// the previous output as it was.
func TestValuesDisagreements(t *testing.T) {
	for _, c := range []struct {
		name, site string
		want       []string
	}{
		{"another number in the translation", armorSite("3", "4", ""), []string{
			"content/en/fantasy.md:11: rule value “armor.plate” is 4 here but 3 in content/fr/fantasy.md:11: the languages must state the same value"}},
		{"declared twice with two numbers", armorSite("3", "3", "\nLa plaque vaut {=armor.plate 5} points.\n"), []string{
			"content/fr/fantasy.md:13: rule value “armor.plate” is 5 here but 3 at content/fr/fantasy.md:11"}},
		{"in the original only", armorSite("3", "3", "\nUn casque : {=armor.real-chainmail 2}.\n"), []string{
			"content/en/fantasy.md:9: rule value “armor.real-chainmail” (", "is not declared in this translation: write {=armor.real-chainmail 2}"}},
		{"needed and not declared", strings.Replace(armorSite("3", "3", ""), "{=armor.cap 20}", "20", 2), []string{
			"content/fr/fantasy.md:9: rule value “armor.cap” (cap of physical armour, used by the armor calculator) is not declared: write {=armor.cap 20}"}},
		{"outside what the engine computes", armorSite("25", "25", ""), []string{
			"content/fr/fantasy.md:11: rule value “armor.plate”: armour points of a plate piece (armor.plate) is 25: the engine computes from 0 to 10"}},
		{"a cap below a piece", strings.ReplaceAll(armorSite("3", "3", ""), "{=armor.cap 20}", "{=armor.cap 2}"), []string{
			"content/fr/fantasy.md:11: rule value “armor.plate”: one piece cannot be worth more than the cap of physical armour (2)"}},
		{"unknown key", armorSite("3", "3", "\nVoir {=armor.plat 3}.\n"), []string{
			"content/fr/fantasy.md:13: rule value “armor.plat” is not one the calculators read: did you mean one of "}},
		{"wrong kind", armorSite("3", "3", "\nLa plaque : {=armor.plate 3min}.\n"), []string{
			"content/fr/fantasy.md:13: rule value “armor.plate” (armour points of a plate piece) is a number, not a duration: write it as {=armor.plate 3}"}},
		{"a typo after a playtest change: the organiser's number, not the default, and the cause alone", armorSite("trois", "4", ""), []string{
			"content/fr/fantasy.md:11: rule value “armor.plate”: unreadable value \"trois\"",
			"(and 2 problem(s) this one causes"}},
		{"marked in a section of the original more often than in the translation's", armorSite("3", "3", "\nAu plus {=armor.cap 20} points en tout.\n"), []string{
			"content/en/fantasy.md:9: rule value “armor.cap” is marked 2 time(s) in section “armor” of the original (content/fr/fantasy.md:13) and 1 time(s) in this section: mark the number it states here too, {=armor.cap 20}"}},
		{"unreadable", armorSite("3", "3", "\nLe plafond : {=armor.cap vingt}.\n"), []string{
			"content/fr/fantasy.md:13: rule value “armor.cap”: unreadable value \"vingt\""}},
	} {
		t.Run(c.name, func(t *testing.T) {
			opt := writeFixture(t, c.site)
			if err := os.MkdirAll(opt.OutDir, 0o755); err != nil {
				t.Fatal(err)
			}
			_, err := Build(opt)
			if err == nil {
				t.Fatal("the build passed")
			}
			msg := strings.ReplaceAll(err.Error(), filepath.Dir(opt.ContentDir)+string(filepath.Separator), "")
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("the build's problems lack %q:\n%s", w, msg)
				}
			}
			if entries, _ := os.ReadDir(opt.OutDir); len(entries) > 0 {
				t.Errorf("a failed build wrote into %s", opt.OutDir)
			}
		})
	}
}

// duelSite is a two-language site whose one document declares the spell
// duel's values, the circle of dominance written with the French and
// English declarations given, and places the spell duel with fire (A)
// against vine (B).
func duelSite(circleFr, circleEn string) string {
	decl := func(circle string) string {
		d := values.Declarations("spell-duel")
		for _, k := range []string{"fire", "vine", "water"} {
			d = strings.Replace(d, "{=spell-duel."+k+"-beats ", "", 1)
		}
		return d + " " + circle
	}
	doc := func(lang, title, circle string) string {
		return "-- content/" + lang + "/spellcasting.md --\n---\ntitle: " + title + "\nshort: Sorts\norder: 1\nslug: spellcasting\nsummary: S.\nsource: 000_test.txt\n---\n" +
			"## Le duel {#spell-duel}\n\nLes valeurs : " + decl(circle) + "\n\n```calc spell-duel\n{\"a\": {\"magic\": 4, \"apprenticeship\": 3, \"element\": \"fire\"}, \"b\": {\"magic\": 2, \"apprenticeship\": 2, \"element\": \"vine\"}}\n```\n"
	}
	return doc("fr", "Sorts", circleFr) + doc("en", "Spells", circleEn)
}

// TestCircleFollowsTheText: the circle of dominance is a rule value made of
// names. Turned round in both languages (vine burns fire), the static
// result, the values page and calc say vine dominates; an element that
// dominates itself, two that dominate each other, a name the circle does
// not know and two languages that disagree each fail at their line.
func TestCircleFollowsTheText(t *testing.T) {
	// The words name each value in both languages (check holds them to it).
	const round = "[le feu domine l'eau, water]{=spell-duel.fire-beats water} [la vigne domine le feu, fire]{=spell-duel.vine-beats fire} [l'eau domine la vigne, vine]{=spell-duel.water-beats vine}"
	opt := writeFixture(t, duelSite(round, round))
	if _, err := Build(opt); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(opt.OutDir, "en", "spellcasting", "index.html"))
	if !bytes.Contains(page, []byte("vine dominates fire")) {
		t.Error("the spell duel's static result does not say vine dominates fire with the circle turned round")
	}
	vals, _ := os.ReadFile(filepath.Join(opt.OutDir, "fr", "values", "index.html"))
	if !bytes.Contains(vals, []byte(`<tr id="spell-duel.vine-beats"><th scope="row">élément que domine la vigne`)) || !bytes.Contains(vals, []byte(`data-label="Valeur">le feu</td>`)) {
		t.Errorf("the values page does not list vine dominating fire:\n%s", vals)
	}
	var out, errOut bytes.Buffer
	in := `{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":2,"apprenticeship":2,"element":"vine"}}`
	if code := calc.Run(calc.Options{Name: "spell-duel", Content: opt.ContentDir, ContentGiven: true, Lang: "en"}, strings.NewReader(in), &out, &errOut); code != 0 || !strings.Contains(out.String(), `"dominant": "b"`) {
		t.Errorf("calc -content with the circle turned round: status %d, %s%s", code, out.String(), errOut.String())
	}
	const usual = "{=spell-duel.fire-beats vine} {=spell-duel.vine-beats water} {=spell-duel.water-beats fire}"
	for _, c := range []struct {
		name, fr, en, want string
	}{
		{"dominates itself", strings.Replace(usual, "fire-beats vine", "fire-beats fire", 1), strings.Replace(usual, "fire-beats vine", "fire-beats fire", 1),
			"content/fr/spellcasting.md:11: rule value “spell-duel.fire-beats”: fire cannot dominate itself"},
		{"dominate each other", strings.Replace(usual, "vine-beats water", "vine-beats fire", 1), strings.Replace(usual, "vine-beats water", "vine-beats fire", 1),
			"content/fr/spellcasting.md:11: rule value “spell-duel.vine-beats”: fire and vine cannot dominate each other"},
		{"unknown name", strings.Replace(usual, "water-beats fire", "water-beats earth", 1), usual,
			"content/fr/spellcasting.md:11: rule value “spell-duel.water-beats”: unknown name \"earth\": element water dominates is written fire, vine, water, none"},
		{"languages disagree", usual, strings.Replace(usual, "water-beats fire", "water-beats none", 1),
			"content/en/spellcasting.md:11: rule value “spell-duel.water-beats” is none here but fire in content/fr/spellcasting.md:11"},
	} {
		t.Run(c.name, func(t *testing.T) {
			opt := writeFixture(t, duelSite(c.fr, c.en))
			_, err := Build(opt)
			if err == nil {
				t.Fatal("the build passed")
			}
			if msg := strings.ReplaceAll(err.Error(), filepath.Dir(opt.ContentDir)+string(filepath.Separator), ""); !strings.Contains(msg, c.want) {
				t.Errorf("the build's problems lack %q:\n%s", c.want, msg)
			}
		})
	}
}

// TestValueMarkedOnlyInTheTranslation: a number the translation marks
// more often in a section than the original does is a warning at the mark
// too many (the original's words there are unbound), not a failure.
func TestValueMarkedOnlyInTheTranslation(t *testing.T) {
	fx := armorSite("3", "3", "")
	i := strings.Index(fx, "-- content/en/fantasy.md --")
	fx = fx[:i] + strings.Replace(fx[i:], "\n```calc armor", "\nAt most {=armor.cap 20} points.\n\n```calc armor", 1)
	opt := writeFixture(t, fx)
	_, ds, err := Check(opt)
	if err != nil {
		t.Fatalf("check failed: %v", err)
	}
	out := strings.ReplaceAll(ds.Format("en", true), filepath.Dir(opt.ContentDir)+string(filepath.Separator), "")
	if want := "content/en/fantasy.md:13: warning: rule value “armor.cap” is marked 2 time(s) in section “armor” of this translation, this mark included, and 1 time(s) in the same section of the original (which marks it at content/fr/fantasy.md:11)"; !strings.Contains(out, want) {
		t.Errorf("check's output lacks %q:\n%s", want, out)
	}
}
