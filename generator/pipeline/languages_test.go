package pipeline

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"compendium/generator/search"
)

// thirdLanguage is a site in three languages: the two of the compendium
// and German, added by its documents, its interface strings and one line
// of compendium.json (README.md, "Adding a language").
const thirdLanguage = `
-- compendium.json --
{"languages": ["fr", "en", "de"]}
-- content/glossary.json --
{"terms": [
  {"id": "armor-points", "fr": "points d'armure", "en": "armour points", "de": "Rüstungspunkte",
   "section": "alpha#armor", "docs": ["alpha", "beta"], "mandatory": false,
   "definition": {"fr": "Ce qu'une armure donne.", "en": "What armour gives.", "de": "Was eine Rüstung gibt."}}
]}
-- content/fr/alpha.md --
---
title: Armures
short: Jeu — Armures
order: 1
slug: alpha
summary: Les armures.
---
## Les points d'armure {#armor}

Une armure de cuir donne deux points d'armure.
-- content/fr/beta.md --
---
title: Duels
short: Jeu — Duels
order: 2
slug: beta
summary: Les duels.
---
## Le duel {#duel}

Deux joueurs s'affrontent ; voir [l'armure](alpha#armor).
-- content/en/alpha.md --
---
title: Armour
short: Game — Armour
order: 1
slug: alpha
summary: Armour.
---
## Armour points {#armor}

Leather armour gives two armour points.
-- content/en/beta.md --
---
title: Duels
short: Game — Duels
order: 2
slug: beta
summary: Duels.
---
## The duel {#duel}

Two players face each other; see [armour](alpha#armor).
-- content/de/alpha.md --
---
title: Rüstungen
short: Spiel — Rüstungen
order: 1
slug: alpha
summary: Rüstungen.
---
## Rüstungspunkte {#armor}

Eine Lederrüstung gibt zwei Rüstungspunkte.
-- content/de/beta.md --
---
title: Duelle
short: Spiel — Duelle
order: 2
slug: beta
summary: Duelle.
---
## Das Duell {#duel}

Zwei Spieler treten gegeneinander an; siehe [Rüstung](alpha#armor).
`

// germanTheme returns a copy of the theme with theme/i18n/de.json: the
// English strings, with the language's name and the site's title in
// German, so that a page shows which file its strings came from.
func germanTheme(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "theme")
	if err := os.CopyFS(dir, os.DirFS("../../theme")); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "i18n", "en.json"))
	if err != nil {
		t.Fatal(err)
	}
	strs := map[string]string{}
	if err := json.Unmarshal(b, &strs); err != nil {
		t.Fatal(err)
	}
	strs["lang_name"], strs["site_title"], strs["section_in_this_language"] = "Deutsch", "Regelkompendium", "Dieser Abschnitt auf Deutsch"
	b, err = json.MarshalIndent(strs, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "i18n", "de.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestThirdLanguage: a language named in compendium.json, with its
// documents and its theme/i18n file, is built like the other two: its
// pages, their switch to every other language (and the others' to it),
// the root page's choice, its glossary terms, and a search index that, German having no
// stemmer here, finds a word without its case or accents (folding).
func TestThirdLanguage(t *testing.T) {
	opt := writeFixture(t, thirdLanguage)
	opt.ConfigFile = filepath.Join(filepath.Dir(opt.ContentDir), "compendium.json")
	opt.ThemeDir, opt.Root = germanTheme(t), "../.."
	res, err := Build(opt)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range res.Site.Langs {
		got = append(got, l.Code+":"+strconv.Itoa(len(l.Docs)))
	}
	if strings.Join(got, " ") != "fr:2 en:2 de:2" {
		t.Errorf("languages built %v, want two documents in each of fr, en, de in that order", got)
	}
	read := func(name string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(opt.OutDir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	de := read("de/alpha/index.html")
	for _, want := range []string{
		`<html lang="de"`,
		`<h2 id="armor">`,
		`<a class="lang-switch" href="../../fr/alpha/" hreflang="fr"`,
		`<a class="lang-switch" href="../../en/alpha/" hreflang="en"`,
		`<span class="long">Français</span>`,
		`<link rel="alternate" hreflang="de"`,
	} {
		if !strings.Contains(de, want) {
			t.Errorf("de/alpha/: page lacks %q", want)
		}
	}
	for _, page := range []string{"fr/alpha/index.html", "en/alpha/index.html", "fr/beta/index.html"} {
		if want := `<a class="lang-switch" href="../../de/` + strings.Split(page, "/")[1] + `/" hreflang="de"`; !strings.Contains(read(page), want) {
			t.Errorf("%s: no switch to German (%q)", page, want)
		}
	}
	if root := read("index.html"); !strings.Contains(root, `<a href="de/" hreflang="de" lang="de" data-lang="de">Deutsch</a>`) {
		t.Error("the root page does not offer German")
	}
	// The glossary: a term's German name (its "de" key) is marked on the
	// German pages, as the other languages' are on theirs.
	if want := `data-term="armor-points">Rüstungspunkte</a>`; !strings.Contains(de, want) {
		t.Errorf("de/alpha/: the glossary term is not marked (%q)", want)
	}
	if home := read("de/index.html"); !strings.Contains(home, "Regelkompendium") {
		t.Error("de/: the site's title is not de.json's")
	}
	// The service worker answers offline in the address's language, with
	// the original's texts for an address of none.
	if sw := read("sw.js"); !strings.Contains(sw, `LANGS=["fr","en","de"]`) || !strings.Contains(sw, `OFFLINE_TEXT={de:{`) {
		i := strings.Index(sw, "LANGS")
		t.Errorf("sw.js lacks the languages list or German's offline texts:\n%.300s", sw[max(i, 0):])
	}
	// The search: the index the German pages name, queried as a reader
	// types, without the capitals and the umlaut.
	m := regexp.MustCompile(`data-search-index="\.\./\.\./([^"]+)"`).FindStringSubmatch(de)
	if m == nil {
		t.Fatal("de/alpha/: no search index named")
	}
	b, err := os.ReadFile(filepath.Join(opt.OutDir, filepath.FromSlash(m[1])))
	if err != nil {
		t.Fatal(err)
	}
	ix, err := search.Load(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"RUSTUNGSPUNKTE", "lederrüstung", "Duell"} {
		r := ix.Query(q, 5)
		if len(r) == 0 {
			t.Errorf("search %q in German finds nothing", q)
			continue
		}
		if r[0].Lang != "de" {
			t.Errorf("search %q: first result in %q, want de", q, r[0].Lang)
		}
	}
	if r := ix.Query("RUSTUNGSPUNKTE", 5); len(r) > 0 && (r[0].Slug != "alpha" || r[0].ID != "armor") {
		t.Errorf("search RUSTUNGSPUNKTE: first result %s#%s, want alpha#armor", r[0].Slug, r[0].ID)
	}
}
