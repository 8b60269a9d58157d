package markdown

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"

	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// testTerms are a few of the glossary's terms, as the case files
// (testdata/glossterm*.txt) mark them.
func testTerms(lang string) []GlossaryTerm {
	if lang == "en" {
		return []GlossaryTerm{
			{ID: "armour-points", Doc: "fantasy", Forms: []string{"armour points", "AP"}},
			{ID: "armour", Doc: "fantasy", Forms: []string{"armour"}},
			{ID: "out-of-game", Doc: "fantasy", Forms: []string{"out of game", "out-of-game"}},
			{ID: "game", Doc: "fantasy", Forms: []string{"game"}},
			{ID: "dead-fantasy", Doc: "fantasy", Forms: []string{"dead"}},
			{ID: "dead-modern", Doc: "contemporary", Forms: []string{"dead"}},
			{ID: "general", Doc: "fantasy", Forms: []string{"General"}},
			{ID: "will", Doc: "pathfinder-duels", Forms: []string{"Will"}},
		}
	}
	return []GlossaryTerm{
		{ID: "armour-points", Doc: "fantasy", Forms: []string{"points d’armure", "PA"}},
		{ID: "armour", Doc: "fantasy", Forms: []string{"armure", "armures"}},
		{ID: "out-of-game", Doc: "fantasy", Forms: []string{"hors-jeu"}},
		{ID: "game", Doc: "fantasy", Forms: []string{"jeu"}},
		{ID: "dead-fantasy", Doc: "fantasy", Forms: []string{"mort"}},
		{ID: "dead-modern", Doc: "contemporary", Forms: []string{"mort", "morte"}},
	}
}

// TestGlossTermDocument: of two terms written alike ("mort", a state of
// two games), a document links the one it defines, and the first listed
// where it defines neither.
func TestGlossTermDocument(t *testing.T) {
	md := New(WithLanguage("fr"), WithExtensions(NewGlossTerms(WithGlossaryTerms(testTerms("fr")), WithGlossaryLanguage("fr"))))
	for doc, want := range map[string]string{"fantasy": "dead-fantasy", "contemporary": "dead-modern", "spellcasting": "dead-fantasy"} {
		src := []byte("Le personnage est mort.")
		root := md.Parser().Parse(text.NewReader(src), parser.WithContext(parser.NewContext()))
		SetDocumentValues(root.OwnerDocument(), DocumentValues{Doc: doc})
		var b bytes.Buffer
		if err := md.Renderer().Render(&b, src, root); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), `data-term="`+want+`"`) {
			t.Errorf("%s: %s, want a link to %s", doc, b.String(), want)
		}
	}
}

// TestGlossTermShared: a form two terms share ("critical hit": the
// Pathfinder term, and a variant of the Héros & Dragons one) is not
// marked again in a section where the document's own term is marked
// already, and marks the document's own term where it is fresh.
func TestGlossTermShared(t *testing.T) {
	terms := []GlossaryTerm{
		{ID: "critical-success", Doc: "heroes-and-dragons", Forms: []string{"réussite critique", "coup critique"}},
		{ID: "critical-hit", Doc: "pathfinder-duels", Forms: []string{"coup critique"}},
	}
	md := New(WithLanguage("fr"), WithExtensions(NewGlossTerms(WithGlossaryTerms(terms), WithGlossaryLanguage("fr"))))
	for doc, want := range map[string][]string{
		"heroes-and-dragons": {"critical-success"},
		"pathfinder-duels":   {"critical-success", "critical-hit"},
	} {
		src := []byte("Une réussite critique, un coup critique.")
		root := md.Parser().Parse(text.NewReader(src), parser.WithContext(parser.NewContext()))
		SetDocumentValues(root.OwnerDocument(), DocumentValues{Doc: doc})
		var b bytes.Buffer
		if err := md.Renderer().Render(&b, src, root); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, part := range strings.Split(b.String(), `data-term="`)[1:] {
			got = append(got, part[:strings.IndexByte(part, '"')])
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: marks %v, want %v: %s", doc, got, want, b.String())
		}
		if !strings.Contains(b.String(), "un coup critique.") && len(want) == 1 {
			t.Errorf("%s: the words of an unmarked form are lost: %s", doc, b.String())
		}
	}
}

// TestTermDefinitions: the hidden list holds each marked term once, in
// the order of its first mark, escaped, and none the glossary does not
// know; a page with its own glossary keeps the list's language and label
// only.
func TestTermDefinitions(t *testing.T) {
	body := `<p><a class="term" href="../glossary/#term-pa" data-term="pa">PA</a> <a class="term" href="../glossary/#term-gn" data-term="gn">GN</a></p>` +
		"\n" + `<p><a class="term" href="../glossary/#term-pa" data-term="pa">PA</a> <a class="term" href="../glossary/#term-x" data-term="x">x</a></p>` + "\n"
	defs := map[string]TermDefinition{
		"pa": {Term: "points d’armure", Abbr: "PA", Other: "armour points", OtherAbbr: "AP", OtherLang: "en", Definition: "Points <de> protection."},
		"gn": {Term: "jeu de rôle grandeur nature", Other: "live-action role-playing game", OtherLang: "en", Definition: "Jeu."},
	}
	got := WithTermDefinitions(body, "fr", "Voir dans le glossaire", func(id string) (TermDefinition, bool) { d, ok := defs[id]; return d, ok })
	want := body + `<dl class="term-defs" lang="fr" data-label="Voir dans le glossaire" hidden>
<div data-term="pa"><dt><dfn>points d’armure</dfn> <abbr>PA</abbr> <span class="term-other" lang="en">armour points (AP)</span></dt><dd>Points &lt;de&gt; protection.</dd></div>
<div data-term="gn"><dt><dfn>jeu de rôle grandeur nature</dfn> <span class="term-other" lang="en">live-action role-playing game</span></dt><dd>Jeu.</dd></div>
</dl>
`
	if got != want {
		t.Errorf("WithTermDefinitions:\n%s\nwant\n%s", got, want)
	}
	if kept := WithoutTermDefinitions(got); kept != body+`<dl class="term-defs" lang="fr" data-label="Voir dans le glossaire" hidden></dl>`+"\n" {
		t.Errorf("WithoutTermDefinitions: %q", kept)
	}
	if got := WithTermDefinitions("<p>rien</p>", "fr", "l", func(string) (TermDefinition, bool) { return TermDefinition{}, true }); got != "<p>rien</p>" {
		t.Errorf("a body without marks: %q", got)
	}
}

// renderIn renders src with md as the document slug, whose slug the
// parser knows (WithDocSlug) as the site's loader gives it.
func renderIn(t testing.TB, md goldmark.Markdown, slug string, src []byte) string {
	t.Helper()
	pc := parser.NewContext()
	WithDocSlug(pc, slug)
	root := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	SetDocumentValues(root.OwnerDocument(), DocumentValues{Doc: slug})
	var b bytes.Buffer
	if err := md.Renderer().Render(&b, src, root); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestGlossTermDocs: a term is linked only in the documents its
// definition holds for; elsewhere its words are ordinary words, and a
// shorter form inside them may still be a term of that document.
func TestGlossTermDocs(t *testing.T) {
	terms := []GlossaryTerm{
		{ID: "dead-fantasy", Doc: "fantasy", Forms: []string{"mort"}, Docs: []string{"fantasy"}},
		{ID: "dead-modern", Doc: "contemporary", Forms: []string{"mort"}, Docs: []string{"contemporary"}},
		{ID: "water", Doc: "spellcasting", Forms: []string{"eau"}, Docs: []string{"spellcasting"}},
		{ID: "firearm", Doc: "contemporary", Forms: []string{"arme à feu"}, Docs: []string{"contemporary"}},
		{ID: "weapon", Doc: "fantasy", Forms: []string{"arme"}, Docs: []string{"fantasy", "pathfinder-duels"}},
	}
	md := New(WithLanguage("fr"), WithExtensions(NewGlossTerms(WithGlossaryTerms(terms), WithGlossaryLanguage("fr"))))
	src := []byte("Il est mort avec de l'eau et une arme à feu.")
	for doc, want := range map[string]string{
		"fantasy":          "dead-fantasy weapon",
		"contemporary":     "dead-modern firearm",
		"spellcasting":     "water",
		"pathfinder-duels": "weapon",
	} {
		out := renderIn(t, md, doc, src)
		var got []string
		for _, part := range strings.Split(out, `data-term="`)[1:] {
			got = append(got, part[:strings.IndexByte(part, '"')])
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: marks %v, want %s: %s", doc, got, want, out)
		}
	}
}

// FuzzGlossTermsTime holds the marking of terms (the transformer alone:
// joining a text's pieces, finding the forms, splitting the marks) to a
// time budget, in French, where every run of pieces is joined and
// typeset: a pasted line of a character goldmark cuts text at ("[", "*")
// took 15 s at 160 KB when the pieces were joined pair by pair. The seeds
// are such lines at 160 KB; the budget, a second, is several times what
// they take on a loaded machine (docs/performance.md). goldmark's own
// parsing is not timed here (FuzzDocTime in generator/site times a
// document's whole reading; "*0 * 0" at 160 KB took 2 s in goldmark alone
// and is refused before parsing).
func FuzzGlossTermsTime(f *testing.F) {
	for _, p := range []string{"[", "*a **a ", "« [", "] [", "a [PA] ", "!", "\\[", "PA « PA » ", "*0 * 0"} {
		f.Add(p, 160<<10)
	}
	g := NewGlossTerms(WithGlossaryTerms(testTerms("fr")), WithGlossaryLanguage("fr")).(*glossTerms)
	md := New(WithLanguage("fr"))
	f.Fuzz(func(t *testing.T, pattern string, size int) {
		if pattern == "" || size <= 0 || size > 160<<10 {
			return
		}
		src := []byte(strings.Repeat(pattern, size/len(pattern)+1)[:size] + "\n")
		pc := parser.NewContext()
		WithDocSlug(pc, "fantasy")
		root := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
		doc, ok := root.(*ast.Document)
		if !ok {
			t.Fatalf("parsed into a %T", root)
		}
		start := time.Now()
		glossTransformer{g}.Transform(doc, text.NewReader(src), pc)
		if d := time.Since(start); d > time.Second {
			t.Errorf("%d bytes of %q: marking terms took %v, over the budget of 1 s", size, pattern, d)
		}
	})
}
