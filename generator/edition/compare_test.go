package edition

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"compendium/generator/markdown"
	"compendium/generator/site"

	"github.com/yuin/goldmark"
)

func TestWords(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want []Piece
	}{
		{"a b c", "a b c", []Piece{{' ', "a b c"}}},
		{"une armure de cuir", "une armure de mailles", []Piece{{' ', "une armure de"}, {'-', "cuir"}, {'+', "mailles"}}},
		{"a c", "a b c", []Piece{{' ', "a"}, {'+', "b"}, {' ', "c"}}},
		{"a b c", "a c", []Piece{{' ', "a"}, {'-', "b"}, {' ', "c"}}},
		{"", "tout neuf", []Piece{{'+', "tout neuf"}}},
		{"parti", "", []Piece{{'-', "parti"}}},
	} {
		if got := Words(tt.a, tt.b); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Words(%q, %q) = %q, want %q", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestShown(t *testing.T) {
	long := ""
	for i := 0; i < 40; i++ {
		long += "mot "
	}
	p := Piece{' ', long}
	if got := p.Shown(); len(got) >= len(long) || !strings.Contains(got, " … ") {
		t.Errorf("a long kept run is shown whole: %q", got)
	}
	if got := (Piece{'+', long}).Shown(); got != long {
		t.Error("an insertion was cut")
	}
}

// load reads one French document, body, as the build parses content
// (calculator blocks apart from the prose).
func load(t *testing.T, body string) *site.Lang {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "fr"), 0o755); err != nil {
		t.Fatal(err)
	}
	doc := "---\ntitle: Armure\nshort: Jeu — Armure\norder: 1\nslug: fantasy\nsummary: S.\nsource: a.txt\n---\n" + body
	if err := os.WriteFile(filepath.Join(dir, "fr", "fantasy.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	s, _ := site.Load(dir, site.Options{Markdown: map[string]goldmark.Markdown{"fr": markdown.New(markdown.WithLanguage("fr"), markdown.WithExtensions(markdown.CalcBlocks()))}})
	return s.Lang("fr")
}

// TestCompareCalculatorBlocks: a block is matched by its section, its
// calculator and its rank there; its settings are compared as JSON (their
// layout aside), never as words of the section; a block placed, removed,
// set up differently or giving other figures is listed as such.
func TestCompareCalculatorBlocks(t *testing.T) {
	const fence = "```"
	old := load(t, "## Un {#one}\n\nTexte.\n\n"+fence+"calc armor\n{\"helmet\": true}\n"+fence+"\n\n"+fence+"calc armor\n"+fence+"\n\n## Deux {#two}\n\nAutre.\n\n"+fence+"calc dice\n"+fence+"\n")
	if got := Compare(old, old, nil); len(got) != 0 {
		t.Errorf("the same content compared with itself: %+v", got)
	}
	relaid := load(t, "## Un {#one}\n\nTexte.\n\n"+fence+"calc armor\n{ \"helmet\":true }\n"+fence+"\n\n"+fence+"calc armor\n"+fence+"\n\n## Deux {#two}\n\nAutre.\n\n"+fence+"calc dice\n"+fence+"\n")
	if got := Compare(old, relaid, nil); len(got) != 0 {
		t.Errorf("settings laid out differently: %+v", got)
	}
	// The first block's settings change, the second armour gives other
	// figures, the dice go, a block arrives in a new section.
	cur := load(t, "## Un {#one}\n\nTexte.\n\n"+fence+"calc armor\n{\"helmet\": false}\n"+fence+"\n\n"+fence+"calc armor\n"+fence+"\n\n## Deux {#two}\n\nAutre.\n\n## Trois {#three}\n\n"+fence+"calc casting\n"+fence+"\n")
	second := cur.Docs[0].Calcs[1]
	got := Compare(old, cur, func(c *markdown.Calc) bool { return c == second })
	want := []CalcChange{
		{ID: "one", Title: "Un", Name: "armor", Setup: true},
		{ID: "one", Title: "Un", Name: "armor", Figures: true},
		{ID: "three", Title: "Trois", Name: "casting", New: true},
		{ID: "two", Title: "Deux", Name: "dice", Gone: true},
	}
	if len(got) != 1 || !reflect.DeepEqual(got[0].Calcs, want) {
		t.Fatalf("Compare = %+v, want one document with calculators %+v", got, want)
	}
	if len(got[0].Changed) != 0 || len(got[0].Removed) != 0 || !reflect.DeepEqual(got[0].Added, []Ref{{"three", "Trois"}}) {
		t.Errorf("sections: changed %+v, removed %+v, added %+v; want only #three added", got[0].Changed, got[0].Removed, got[0].Added)
	}
}

// TestPagesWorkflowFetchesEditions: the GitHub Pages workflow checks out
// the whole history and the tags, without which the published site has
// no "what changed" page (FindPrevious finds no history in a shallow
// clone, and no edition without its tag).
func TestPagesWorkflowFetchesEditions(t *testing.T) {
	b, err := os.ReadFile("../../.github/workflows/pages.yml")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	i := strings.Index(text, "uses: actions/checkout@")
	if i < 0 {
		t.Fatal("pages.yml has no checkout step")
	}
	step := text[i:]
	if j := strings.Index(step[1:], "\n      - "); j >= 0 {
		step = step[:j+1]
	}
	for _, want := range []string{"fetch-depth: 0", "fetch-tags: true"} {
		if !strings.Contains(step, want) {
			t.Errorf("pages.yml's checkout lacks %s:\n%s", want, step)
		}
	}
}
