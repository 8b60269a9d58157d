package pipeline

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// termsSite has two documents: a term of alpha alone ("mort"), one that
// holds in both (docs), an English word the French says otherwise ("hit"
// where the French writes « coup »), and a definition writing a rule's
// number in words.
const termsSite = `
-- content/fr/alpha.md --
---
title: Alpha
short: Jeu — Alpha
order: 1
slug: alpha
summary: Un.
source: a.txt
---
## La vie {#life}

Le personnage mort garde son armure de plaque ({=armor.plate 3} points). Un coup l'a tué.
-- content/en/alpha.md --
---
title: Alpha
short: Jeu — Alpha
order: 1
slug: alpha
summary: One.
source: a.txt
---
## Life {#life}

The dead character keeps their plate armour ({=armor.plate 3} points). A hit killed them.
-- content/fr/beta.md --
---
title: Beta
short: Jeu — Beta
order: 2
slug: beta
summary: Deux.
source: b.txt
---
## Le duel {#duel}

Jusqu'à la mort, en armure.
-- content/en/beta.md --
---
title: Beta
short: Jeu — Beta
order: 2
slug: beta
summary: Two.
source: b.txt
---
## The duel {#duel}

Until death, in armour.
-- content/glossary.json --
{
  "terms": [
    {
      "id": "dead",
      "fr": "mort",
      "en": "dead",
      "variants": {"en": ["death"]},
      "section": "alpha#life",
      "mandatory": false,
      "definition": {"fr": "État final du jeu alpha.", "en": "Final state of the alpha game."}
    },
    {
      "id": "armour",
      "fr": "armure",
      "en": "armour",
      "section": "alpha#life",
      "docs": ["alpha", "beta"],
      "mandatory": false,
      "definition": {"fr": "Ce qui protège : trois points pour la plaque.", "en": "What protects: three points for plate."}
    },
    {
      "id": "hit",
      "fr": "touche",
      "en": "hit",
      "section": "alpha#life",
      "mandatory": false,
      "definition": {"fr": "Un coup reçu.", "en": "A blow taken."}
    }
  ]
}
`

// TestTermsByDocument: a term is linked only in the documents its
// definition holds for, and only where both languages of a section use
// it; a definition that writes in words a number its section declares
// fails check at the term's line, in each language, naming the value.
func TestTermsByDocument(t *testing.T) {
	opt := writeFixture(t, termsSite)
	_, _, err := Load(opt)
	if err == nil {
		t.Fatal("check passed a definition that writes a rule's number in words")
	}
	gl := filepath.Join(opt.ContentDir, "glossary.json")
	for _, want := range []string{
		gl + ":13: term “armour” (fr): the definition writes a rule's number in words, “trois”, that its section “alpha#life” declares as {=armor.plate}",
		gl + ":13: term “armour” (en): the definition writes a rule's number in words, “three”",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("messages lack %q\ngot:\n%s", want, err)
		}
	}
	def := strings.NewReplacer("trois points", "{=armor.plate} points", "three points", "{=armor.plate} points").Replace(txtarFile(termsSite, "content/glossary.json"))
	if err := os.WriteFile(gl, []byte(def), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Build(opt); err != nil {
		t.Fatal(err)
	}
	mark := regexp.MustCompile(`data-term="([^"]*)"`)
	for page, want := range map[string]string{
		"fr/alpha": "dead armour", // not "hit": the French says « coup »
		"en/alpha": "dead armour",
		"fr/beta":  "armour", // not "dead": its definition is alpha's
		"en/beta":  "armour",
	} {
		b, err := os.ReadFile(filepath.Join(opt.OutDir, page, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		body := string(b)
		if i := strings.Index(body, `<dl class="term-defs"`); i >= 0 {
			body = body[:i]
		}
		var got []string
		for _, m := range mark.FindAllStringSubmatch(body, -1) {
			got = append(got, m[1])
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s links %v, want %s", page, got, want)
		}
		if page == "en/alpha" && !strings.Contains(body, "A hit killed them.") {
			t.Errorf("%s: the words of an unlinked term are lost", page)
		}
	}
	// Two terms written alike cannot both hold in one document.
	twice := strings.Replace(def, `"fr": "touche",`, `"fr": "mort",`, 1)
	if err := os.WriteFile(gl, []byte(twice), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err = Load(opt)
	if want := gl + ":22: term “hit”: its form “mort” (fr) is also a form of “dead” (line 4), and both hold in “alpha”"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("messages lack %q\ngot:\n%v", want, err)
	}
	// A docs list must name documents, its section's among them.
	bad := strings.Replace(def, `"docs": ["alpha", "beta"]`, `"docs": ["beta", "gamma"]`, 1)
	if err := os.WriteFile(gl, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err = Load(opt)
	for _, want := range []string{
		gl + ":13: term “armour”: “docs” leaves out “alpha”, the document of its section “alpha#life”: add it",
		gl + ":13: term “armour”: “docs” names “gamma”, which is no document",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("messages lack %q\ngot:\n%v", want, err)
		}
	}
}
