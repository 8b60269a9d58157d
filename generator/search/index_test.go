package search

import (
	"bytes"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"compendium/generator/glossary"
	"compendium/generator/site"
)

// vocab is the vocabulary of the glossary at path ("" or a missing file:
// none).
func vocab(t testing.TB, path string) Vocabulary {
	t.Helper()
	if path == "" {
		return Vocabulary{}
	}
	g, err := glossary.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return Vocabulary{Glossary: g}
}

// fixture is a small two-language site: what Build needs of the page model.
func fixture() *site.Site {
	fr := &site.Doc{Lang: "fr", Slug: "fantasy", Title: "II. Les Règles", Sections: []*site.Section{
		{ID: "combat", Level: 2, Title: "2.1. Combats", Text: "La plupart des armes infligent 1 point de dégât. Le compteur de points de vie (PV) est unique."},
		{ID: "armor", Level: 2, Title: "2.4. L’armure", Text: "L’armure représente votre protection face à la mort. Elle se compte en points d’armure : chaque touche retire un point d’armure."},
		{ID: "remarks", Level: 3, Title: "Remarques", Text: "Il faut différencier le cuir vestimentaire de l’armure de cuir."},
		{ID: "life", Level: 2, Title: "2.5. La vie", Text: "Vous êtes blessée, puis agonisante, quand vous n’avez plus d’armure."},
		{ID: "empty", Level: 2, Title: "2.6. Les soins", Text: ""},
	}}
	en := &site.Doc{Lang: "en", Slug: "fantasy", Title: "II. The Rules", Sections: []*site.Section{
		{ID: "combat", Level: 2, Title: "2.1. Combat", Text: "Most weapons deal 1 point of damage. There is a single life point counter."},
		{ID: "armor", Level: 2, Title: "2.4. Armour", Text: "Armour represents your protection against death. It is counted in armour points."},
		{ID: "remarks", Level: 3, Title: "Remarks", Text: "A leather waistcoat or tunic gives no protection, unlike a breastplate, cannons or spaulders."},
		{ID: "life", Level: 2, Title: "2.5. Life", Text: "You are wounded, then dying, when you have no armour left."},
		{ID: "empty", Level: 2, Title: "2.6. Healing", Text: ""},
	}}
	return &site.Site{Langs: []*site.Lang{{Code: "fr", Docs: []*site.Doc{fr}}, {Code: "en", Docs: []*site.Doc{en}}}}
}

func fixtureIndex(t *testing.T, lang, glossary string) *Index {
	t.Helper()
	files, paths, err := Build(fixture(), vocab(t, glossary))
	if err != nil {
		t.Fatal(err)
	}
	ix, err := Load(files[paths[lang]])
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func ids(rs []Result) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Slug+"#"+r.ID)
	}
	return out
}

func TestBuildNamesAndDeterminism(t *testing.T) {
	files, paths, err := Build(fixture(), vocab(t, "testdata/glossary.json"))
	if err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`^(fr|en)/search\.json$`)
	if len(files) != 2 || len(paths) != 2 {
		t.Fatalf("files %v, paths %v: want one index per language", len(files), paths)
	}
	for lang, p := range paths {
		if !name.MatchString(p) || !strings.HasPrefix(p, lang+"/") || files[p] == nil {
			t.Errorf("index path for %s = %q", lang, p)
		}
	}
	again, _, _ := Build(fixture(), vocab(t, "testdata/glossary.json"))
	if !reflect.DeepEqual(files, again) {
		t.Error("two builds of the same site differ: the files would change for nothing")
	}
	s := fixture()
	s.Langs[0].Docs[0].Sections[0].Text += " Nouveau."
	files2, paths2, _ := Build(s, vocab(t, "testdata/glossary.json"))
	if !reflect.DeepEqual(paths2, paths) {
		t.Errorf("a French change moved the indexes: %v, then %v", paths, paths2)
	}
	if bytes.Equal(files2[paths["fr"]], files[paths["fr"]]) || !bytes.Equal(files2[paths["en"]], files[paths["en"]]) {
		t.Error("a French change must change the French index, and only it")
	}
}

func TestResultFields(t *testing.T) {
	ix := fixtureIndex(t, "fr", "")
	rs := ix.Query("vestimentaire", 5)
	if len(rs) != 1 {
		t.Fatalf("got %v", ids(rs))
	}
	r := rs[0]
	want := Result{Lang: "fr", Slug: "fantasy", ID: "remarks", URL: "fantasy/#remarks", DocTitle: "II. Les Règles",
		TitlePath: "2.4. L’armure › Remarques", Snippet: "Il faut différencier le cuir vestimentaire de l’armure de cuir.",
		Score: r.Score, Matched: 1}
	at := strings.Index(want.Snippet, "vestimentaire")
	want.Marks = [][2]int{{at, at + len("vestimentaire")}}
	if !reflect.DeepEqual(r, want) {
		t.Errorf("result\n got %+v\nwant %+v", r, want)
	}
	if got := r.Marked("[", "]"); got != "Il faut différencier le cuir [vestimentaire] de l’armure de cuir." {
		t.Errorf("Marked = %q", got)
	}
}

func TestElisionAndAccentsFindTheSameSection(t *testing.T) {
	ix := fixtureIndex(t, "fr", "")
	for _, q := range []string{"armure", "ARMURE", "l’armure", "l'armure", "d'armure", "armures", "armrue"} {
		if rs := ix.Query(q, 1); len(rs) == 0 || rs[0].ID != "armor" {
			t.Errorf("%q: got %v, want fantasy#armor first", q, ids(rs))
		}
	}
	if rs := ix.Query("blessee", 1); len(rs) == 0 || rs[0].ID != "life" {
		t.Errorf("blessee: got %v", ids(rs))
	}
}

// TestPrefixOnlyWhileTyping: the last word is a prefix only while it is
// being typed, not once a space follows it.
func TestPrefixOnlyWhileTyping(t *testing.T) {
	ix := fixtureIndex(t, "fr", "")
	if rs := ix.Query("vestim", 5); len(ids(rs)) != 1 {
		t.Errorf("vestim: got %v, want the remarks", ids(rs))
	}
	if rs := ix.Query("vestim ", 5); len(rs) != 0 {
		t.Errorf("“vestim ”: got %v, want nothing", ids(rs))
	}
	if rs := ix.Query("ve", 5); len(rs) != 0 {
		t.Errorf("ve: got %v; two letters must not expand", ids(rs))
	}
}

// TestAllWordsFirst: a section with every word beats one with a single word
// repeated.
func TestAllWordsFirst(t *testing.T) {
	ix := fixtureIndex(t, "fr", "")
	rs := ix.Query("cuir mort", 5)
	if len(rs) < 2 || rs[0].Matched != 1 {
		// No section has both words: all match one.
		t.Logf("results %v", ids(rs))
	}
	rs = ix.Query("armure agonisante", 5)
	if len(rs) == 0 || rs[0].ID != "life" || rs[0].Matched != 2 {
		t.Errorf("armure agonisante: got %v, want fantasy#life (both words) first", ids(rs))
	}
}

func TestSynonyms(t *testing.T) {
	fr := fixtureIndex(t, "fr", "testdata/glossary.json")
	for _, q := range []string{"PA", "pa", "armour points", "AP", "point d'armure"} {
		rs := fr.Query(q, 3)
		if len(rs) == 0 || rs[0].ID != "armor" {
			t.Errorf("fr %q: got %v, want fantasy#armor first", q, ids(rs))
		}
	}
	if rs := fr.Query("PA", 1); len(rs) == 1 && !strings.Contains(rs[0].Marked("[", "]"), "[points] d’[armure]") {
		t.Errorf("PA: the snippet marks the synonym's words: %q", rs[0].Marked("[", "]"))
	}
	en := fixtureIndex(t, "en", "testdata/glossary.json")
	for _, q := range []string{"AP", "PA", "points d’armure"} {
		if rs := en.Query(q, 3); len(rs) == 0 || rs[0].ID != "armor" {
			t.Errorf("en %q: got %v, want fantasy#armor first", q, ids(rs))
		}
	}
	if rs := en.Query("LP", 3); len(rs) == 0 || rs[0].ID != "combat" {
		t.Errorf("en LP: got %v, want fantasy#combat (life point) first", ids(rs))
	}
	// Without a glossary: no synonyms, and no error.
	bare := fixtureIndex(t, "en", "testdata/absent.json")
	if rs := bare.Query("AP", 3); len(rs) != 0 {
		t.Errorf("no glossary, AP: got %v", ids(rs))
	}
}

func TestSynonymGroups(t *testing.T) {
	if g := synonymGroups("fr", site.Languages, vocab(t, "testdata/absent.json")); g != nil {
		t.Errorf("absent glossary: %v; want nothing", g)
	}
	v := vocab(t, "testdata/glossary.json")
	v.Thesaurus = &glossary.Thesaurus{Sets: []*glossary.Set{
		{Lang: "en", Forms: []string{"hit points", "HP"}, Section: "fantasy#life"},
		{Lang: "fr", Forms: []string{"PV", "vie"}, Term: "life-points"},
	}}
	want := []SynonymGroup{
		{Forms: []string{"points d’armure", "armour points", "PA", "AP", "point d’armure"}, Pin: pinTerm},
		{Forms: []string{"points de vie", "life points", "PV", "LP"}, Pin: pinTerm},
		{Forms: []string{"solitaire"}, Pin: pinTerm},
		{Forms: []string{"PV", "vie"}, Pin: pinSet},
	}
	if g := synonymGroups("fr", site.Languages, v); !reflect.DeepEqual(g, want) {
		t.Errorf("synonymGroups = %v, want %v", g, want)
	}
}

func TestEmptySectionAndQuery(t *testing.T) {
	ix := fixtureIndex(t, "fr", "")
	rs := ix.Query("soins", 5)
	if len(rs) != 1 || rs[0].ID != "empty" || rs[0].Snippet != "" {
		t.Errorf("soins: %+v; want the heading-only section, without snippet", rs)
	}
	for _, q := range []string{"", "   ", "le la les", "’", "d’"} {
		if rs := ix.Query(q, 5); len(rs) != 0 {
			t.Errorf("%q: got %v, want nothing", q, ids(rs))
		}
	}
}

func TestLoadRejects(t *testing.T) {
	files, paths, _ := Build(fixture(), Vocabulary{})
	good := files[paths["fr"]]
	for name, b := range map[string][]byte{
		"not json":    []byte("{"),
		"old version": bytes.Replace(good, []byte(`"v":2`), []byte(`"v":1`), 1),
		"bad regexp":  bytes.Replace(good, []byte(`"word":"[`), []byte(`"word":"(`), 1),
	} {
		if _, err := Load(b); err == nil {
			t.Errorf("%s: Load accepted it", name)
		}
	}
}

// TestBuildMemo: indexes built through a memo, over builds where a text
// changes, are those Build makes; the memo keeps no more than the last
// build's texts.
func TestBuildMemo(t *testing.T) {
	v := vocab(t, "testdata/glossary.json")
	var memo Memo
	for i, edit := range []string{"", " Nouveau.", " Nouveau.", " Autre."} {
		s := fixture()
		s.Langs[0].Docs[0].Sections[0].Text += edit
		want, _, err := Build(s, v)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := BuildMemo(s, v, &memo)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("build %d: the memo changed the index", i)
		}
		for key := range memo.last {
			if strings.Contains(key, "Nouveau") && edit == " Autre." {
				t.Errorf("build %d: the memo still holds a text no build since used", i)
			}
		}
	}
}

// TestResultWhere: a result lands on its section, or on the rule it
// opens, whose name ends the title path.
func TestResultWhere(t *testing.T) {
	r := Result{Slug: "fantasy", ID: "effects", TitlePath: "2.8. Les effets"}
	if at, path := r.Where(); at != "fantasy#effects" || path != "2.8. Les effets" {
		t.Errorf("section: %q %q", at, path)
	}
	r.Anchor, r.AnchorTitle = "effect-blinded", "Aveuglé"
	if at, path := r.Where(); at != "fantasy#effect-blinded" || path != "2.8. Les effets › Aveuglé" {
		t.Errorf("anchor: %q %q", at, path)
	}
}

// TestTitleAndPreambleFound: a document is found by its title and by its
// preamble (the text before its first heading), even when the preamble
// has no anchor: the result opens the page's top (slug#top). An anchored
// preamble opens at its anchor. (English "alchemy" once found only a
// glossary term.)
func TestTitleAndPreambleFound(t *testing.T) {
	s := fixture()
	s.Langs[1].Docs = append(s.Langs[1].Docs, &site.Doc{Lang: "en", Slug: "alchemy", Title: "Alchemy rules",
		Intro:    "Brewing lets a character turn herbs into remedies.",
		Sections: []*site.Section{{ID: "ingredients", Level: 2, Title: "Ingredients", Text: "Gather what the recipe asks for."}}})
	s.Langs[1].Docs = append(s.Langs[1].Docs, &site.Doc{Lang: "en", Slug: "cycles", Title: "Cycles",
		Intro: "A cycle lasts twelve hours.", Anchors: []*site.Anchor{{ID: "cycle"}},
		Sections: []*site.Section{{ID: "days", Level: 2, Title: "Days", Text: "A day is two cycles."}}})
	files, paths, err := Build(s, Vocabulary{})
	if err != nil {
		t.Fatal(err)
	}
	ix, err := Load(files[paths["en"]])
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ q, want string }{
		{"alchemy", "alchemy#top"},
		{"herbs remedies", "alchemy#top"},
		{"twelve hours", "cycles#cycle"},
		{"recipe", "alchemy#ingredients"},
	} {
		rs := ix.Query(c.q, 3)
		if len(rs) == 0 || rs[0].Slug+"#"+rs[0].ID != c.want {
			t.Errorf("%q: got %v, want %s first", c.q, ids(rs), c.want)
		}
	}
	if rs := ix.Query("alchemy", 1); len(rs) == 1 && rs[0].TitlePath != "Alchemy rules" {
		t.Errorf("alchemy: title path %q, want the document's title", rs[0].TitlePath)
	}
}
