package pipeline

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ownSite is a document with a value of the organisers' own,
// {=alchemy.brewing-time 30min}, in both languages, and its meaning.
const ownSite = `
-- content/fr/alchemy.md --
---
title: Règles de l'alchimie
short: Alchimie
order: 1
slug: alchemy
summary: Les potions.
---
## La préparation {#brewing}

Une potion se prépare en [30 minutes]{=alchemy.brewing-time 30min} et soigne {=alchemy.potion-heal 2} points.
-- content/en/alchemy.md --
---
title: Alchemy rules
short: Alchemy
order: 1
slug: alchemy
summary: Potions.
---
## Brewing {#brewing}

A potion takes [30 minutes]{=alchemy.brewing-time 30min} to brew and heals {=alchemy.potion-heal 2} points.
-- content/values.json --
{
  "alchemy.brewing-time": {"fr": "durée de préparation d’une potion", "en": "brewing time of a potion"},
  "alchemy.potion-heal": {"fr": "points que soigne une potion", "en": "points a potion heals"}
}
`

// TestOwnValues: a value no calculator reads, named after its document
// and given a meaning in content/values.json, passes check, and the values
// page lists it with its number, meaning and place, in both languages.
func TestOwnValues(t *testing.T) {
	opt := writeFixture(t, ownSite)
	if _, err := Build(opt); err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string][]string{
		"fr": {"durée de préparation d’une potion", "30\u00a0min", "points que soigne une potion", `href="../alchemy/#value-alchemy.brewing-time"`},
		"en": {"brewing time of a potion", "30\u00a0min", "points a potion heals", `href="../alchemy/#value-alchemy.potion-heal"`},
	} {
		b, err := os.ReadFile(filepath.Join(opt.OutDir, lang, "values", "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s/values/ lacks %s", lang, w)
			}
		}
	}
}

// TestOwnValuesChecked: an organiser's value has the engine's values'
// checks, each at its file and line with what to write: the languages
// disagree, a kind changes, a translation lacks it, the original lacks it,
// no meaning is given, a meaning names no value, and a key named after
// another document (a misspelt engine key) is not one of one's own.
func TestOwnValuesChecked(t *testing.T) {
	for _, c := range []struct {
		name, file, old, new, want, fr string
	}{
		{"languages", "content/en/alchemy.md", "{=alchemy.potion-heal 2}", "{=alchemy.potion-heal 3}",
			"en/alchemy.md:10: rule value “alchemy.potion-heal” is 3 here but 2 in ",
			"en/alchemy.md:10: la valeur de règle « alchemy.potion-heal » vaut 3 ici mais 2 dans "},
		{"kind", "content/en/alchemy.md", "{=alchemy.brewing-time 30min}", "{=alchemy.brewing-time 30}",
			"en/alchemy.md:10: rule value “alchemy.brewing-time” is a number here but a duration at ",
			"en/alchemy.md:10: la valeur de règle « alchemy.brewing-time » est de type nombre ici mais durée en "},
		{"translation", "content/en/alchemy.md", "{=alchemy.potion-heal 2}", "2",
			"en/alchemy.md:8: rule value “alchemy.potion-heal” (",
			"n'est pas déclarée dans cette traduction : écrivez {=alchemy.potion-heal 2} dans la section « brewing »"},
		{"original", "content/fr/alchemy.md", "{=alchemy.potion-heal 2}", "2",
			"en/alchemy.md:10: rule value “alchemy.potion-heal” is declared here but not in the fr original",
			"en/alchemy.md:10: la valeur de règle « alchemy.potion-heal » est déclarée ici mais pas dans l'original (fr)"},
		{"meaning", "content/values.json", `  "alchemy.potion-heal": {"fr": "points que soigne une potion", "en": "points a potion heals"}` + "\n", "",
			"fr/alchemy.md:10: rule value “alchemy.potion-heal” is your own (no calculator reads it): say once what it means in ",
			"fr/alchemy.md:10: la valeur de règle « alchemy.potion-heal » vous est propre (aucun calculateur ne la lit) : dites une fois ce qu'elle veut dire dans "},
		{"meaning in one language", "content/values.json", `"en": "points a potion heals"`, `"en": " "`,
			"values.json:3: value “alchemy.potion-heal” has no meaning in en: give it in both languages, \"alchemy.potion-heal\": {\"fr\": \"…\", \"en\": \"…\"}",
			"values.json:3: la valeur « alchemy.potion-heal » n'a pas de sens en en : donnez-le dans les deux langues"},
		{"unused meaning", "content/values.json", `  "alchemy.potion-heal": {`, `  "alchemy.unused": {"fr": "x", "en": "y"},` + "\n" + `  "alchemy.potion-heal": {`,
			"values.json:3: value “alchemy.unused” is declared in no document: write {=alchemy.unused …} where the rule states it, or remove it here",
			"values.json:3: la valeur « alchemy.unused » n'est déclarée dans aucun document : écrivez {=alchemy.unused …} là où la règle l'énonce, ou retirez-la d'ici"},
		{"an engine value's meaning", "content/values.json", `  "alchemy.potion-heal": {`, `  "armor.plate": {"fr": "x", "en": "y"},` + "\n" + `  "alchemy.potion-heal": {`,
			"values.json:3: value “armor.plate” is one the calculators read: its meaning is the engine's",
			"values.json:3: la valeur « armor.plate » est lue par les calculateurs : son sens est celui du moteur"},
		{"a comma too many", "content/values.json", `points a potion heals"}`, `points a potion heals"},`,
			"values.json:3:95: a comma before “}”, after the last entry: remove it",
			"values.json:3:95: une virgule avant « } », après la dernière entrée : retirez-la"},
		{"another document's name", "content/fr/alchemy.md", "{=alchemy.potion-heal 2}", "{=armor.potion-heal 2}",
			"fr/alchemy.md:10: rule value “armor.potion-heal” is not one the calculators read",
			"fr/alchemy.md:10: la valeur de règle « armor.potion-heal » n'est lue par aucun calculateur"},
	} {
		t.Run(c.name, func(t *testing.T) {
			opt := writeFixture(t, ownSite)
			p := filepath.Join(filepath.Dir(opt.ContentDir), c.file)
			b, _ := os.ReadFile(p)
			if !strings.Contains(string(b), c.old) {
				t.Fatalf("%s has no %q", c.file, c.old)
			} else {
				b = []byte(strings.Replace(string(b), c.old, c.new, 1))
				if c.name == "meaning" {
					b = []byte(strings.Replace(string(b), "potion\"},\n}", "potion\"}\n}", 1))
				}
			}
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
			_, _, err := Load(opt)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("want %q, got:\n%v", c.want, err)
			}
			var perr *Error
			if !errors.As(err, &perr) || !strings.Contains(perr.Format("fr"), c.fr) {
				t.Errorf("want in French %q, got:\n%v", c.fr, perr.Format("fr"))
			}
		})
	}
}

// TestOwnValueChanged: "what changed" lists an organiser's value whose
// number changed since the tagged edition, as it lists the engine's.
func TestOwnValueChanged(t *testing.T) {
	opt := writeFixture(t, ownSite)
	tagContentOnly(t, filepath.Dir(opt.ContentDir), "edition/2026")
	for _, lang := range []string{"fr", "en"} {
		p := filepath.Join(opt.ContentDir, lang, "alchemy.md")
		b, _ := os.ReadFile(p)
		b = []byte(strings.Replace(string(b), "[30 minutes]{=alchemy.brewing-time 30min}", "[40 minutes]{=alchemy.brewing-time 40min}", 1))
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Build(opt); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(opt.OutDir, "fr", "changes", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	want := `<li><a href="../alchemy/#value-alchemy.brewing-time">durée de préparation d’une potion</a>` + "\u00a0: " +
		`<del><span class="visually-hidden">retiré` + "\u00a0" + `: </span>30` + "\u00a0" + `min</del> → <ins><span class="visually-hidden">ajouté` + "\u00a0" + `: </span>40` + "\u00a0" + `min</ins></li>`
	if !strings.Contains(string(b), want) {
		t.Errorf("fr/changes/ does not list brewing time 30 → 40 min:\n%s", b)
	}
	if strings.Contains(string(b), "points que soigne une potion") {
		t.Error("fr/changes/ lists the unchanged potion-heal")
	}
}

// TestSingleFileOpensDocumentTop: in the single-file edition, a search
// result for a document's title or unanchored preamble (slug#top) opens the
// document's place in the file, not the file's top.
func TestSingleFileOpensDocumentTop(t *testing.T) {
	opt := writeFixture(t, ownSite)
	res, err := Generate(opt)
	if err != nil {
		t.Fatal(err)
	}
	page := string(res.Files["en/compendium.html"])
	if page == "" {
		t.Fatal("no en/compendium.html")
	}
	if !strings.Contains(page, `&#34;alchemy#top&#34;:&#34;alchemy&#34;`) || !strings.Contains(page, `id="alchemy"`) {
		t.Error("the single file does not map alchemy#top to the document's article")
	}
}
