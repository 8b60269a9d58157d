package contentcheck_test

import (
	"slices"
	"strings"
	"testing"

	"compendium/generator/calcui"
)

// TestCharacterPage: the character page exists in every language with the
// same IDs (a link to /fr/character/#fantasy has its counterpart in English),
// holds a field for every figure calcui.Characters names, says without
// JavaScript what it needs, and is linked from the home page and from the
// calculators of a game with a character.
func TestCharacterPage(t *testing.T) {
	res := realSite(t)
	ids := map[string][]string{}
	for _, lang := range []string{"fr", "en"} {
		page := string(res.Files[lang+"/character/index.html"])
		if page == "" {
			t.Fatalf("no %s/character/index.html", lang)
		}
		for _, m := range idAttr.FindAllStringSubmatch(page, -1) {
			ids[lang] = append(ids[lang], m[1])
		}
		for _, g := range calcui.Characters {
			if !slices.Contains(ids[lang], g.Doc) {
				t.Errorf("%s/character/: no section #%s", lang, g.Doc)
			}
			// A field is its calculator's control, read by its path.
			for _, f := range g.Fields {
				if !strings.Contains(page, `data-path="`+f.Path+`"`) {
					t.Errorf("%s/character/: no field %s", lang, f.Path)
				}
			}
			if !strings.Contains(page, `href="../`+g.Doc+`/"`) {
				t.Errorf("%s/character/: no link to the rules of %s", lang, g.Doc)
			}
		}
		if !strings.Contains(page, `<noscript><p class="character-noscript">`) {
			t.Errorf("%s/character/: nothing says the page needs JavaScript", lang)
		}
		if home := string(res.Files[lang+"/index.html"]); !strings.Contains(home, `<a href="character/">`) {
			t.Errorf("%s/: no link to the character page", lang)
		}
		doc := string(res.Files[lang+"/fantasy/index.html"])
		if !strings.Contains(doc, `class="calc-character-link" href="../character/#fantasy"`) || !strings.Contains(doc, `data-character="`) {
			t.Errorf("%s/fantasy/: the armour calculator does not know the character", lang)
		}
	}
	if !slices.Equal(ids["fr"], ids["en"]) {
		t.Errorf("the character pages' IDs differ:\nfr %v\nen %v", ids["fr"], ids["en"])
	}
}
