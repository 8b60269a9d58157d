package pipeline

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// editURLSite is a site of one document per language, its second heading
// at line 12 of the French file and 13 of the English.
const editURLSite = `
-- content/fr/alpha.md --
---
title: Alchimie
short: Jeu — Alchimie
order: 1
slug: alpha
summary: Un.
---
## Les potions {#potions}

Texte.

## Les poisons {#poisons}

Texte.
-- content/en/alpha.md --
---
title: Alchemy
short: Game — Alchemy
order: 1
slug: alpha
summary: One.
---
## Potions {#potions}

Text.


## Poisons {#poisons}

Text.
`

// TestEditURL: with compendium.json's edit_url, each section's heading
// links to its source file, by its path from the repository's root, at
// the heading's line, named in the page's language; without it, no
// heading has the link.
func TestEditURL(t *testing.T) {
	link := regexp.MustCompile(`<a class="heading-edit" href="([^"]*)"><span aria-hidden="true">✎</span><span class="visually-hidden">([^<]*)</span></a>`)
	for _, c := range []struct {
		name, config string
		want         map[string][]string // by language: each heading's href, then the label
	}{
		{"with edit_url", `{"title": {"fr": "C"}, "edit_url": "https://example.org/repo/edit/main/{path}#L{line}"}`, map[string][]string{
			"fr": {"https://example.org/repo/edit/main/content/fr/alpha.md#L8", "https://example.org/repo/edit/main/content/fr/alpha.md#L12", "Modifier cette section"},
			"en": {"https://example.org/repo/edit/main/content/en/alpha.md#L8", "https://example.org/repo/edit/main/content/en/alpha.md#L13", "Edit this section"},
		}},
		{"without", `{"title": {"fr": "C"}}`, map[string][]string{"fr": nil, "en": nil}},
	} {
		t.Run(c.name, func(t *testing.T) {
			opt := writeFixture(t, editURLSite+"-- compendium.json --\n"+c.config+"\n")
			opt.ConfigFile = filepath.Join(filepath.Dir(opt.ContentDir), "compendium.json")
			s, _, err := Load(opt)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range s.Langs {
				body := string(l.Doc("alpha").Body)
				var got []string
				label := ""
				for _, m := range link.FindAllStringSubmatch(body, -1) {
					got = append(got, m[1])
					label = m[2]
				}
				if label != "" {
					got = append(got, label)
				}
				if strings.Join(got, " ") != strings.Join(c.want[l.Code], " ") {
					t.Errorf("%s: links %q, want %q", l.Code, got, c.want[l.Code])
				}
			}
		})
	}
}
