package markdown

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/testutil"
	"github.com/yuin/goldmark/text"
)

// Each extension has a case file in testdata, in goldmark's own format:
// Markdown in, HTML out, so a change in rendering shows as a diff of pages.
func TestCaseFiles(t *testing.T) {
	cases := []struct {
		file string
		md   goldmark.Markdown
	}{
		{"aside.txt", New(WithLanguage("fr"))},
		{"frtypo.txt", New(WithLanguage("fr"))},
		{"xref.txt", New(WithLanguage("fr"))},
		{"highlight.txt", New(WithLanguage("fr"))},
		{"heading.txt", New(WithLanguage("fr"))},
		{"anchor.txt", New(WithLanguage("fr"))},
		{"rulevalue.txt", New(WithLanguage("fr"))},
		{"english.txt", New(WithLanguage("en"), WithLinkLabel("Link to this section"))},
		{"glossterm.txt", New(WithLanguage("fr"), WithExtensions(NewGlossTerms(WithGlossaryTerms(testTerms("fr")), WithGlossaryLanguage("fr"))))},
		{"glossterm_en.txt", New(WithLanguage("en"), WithLinkLabel("Link to this section"),
			WithExtensions(NewGlossTerms(WithGlossaryTerms(testTerms("en")), WithGlossaryLanguage("en"))))},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			testutil.DoTestCaseFile(c.md, filepath.Join("testdata", c.file), t)
		})
	}
}

func TestFrenchTypeset(t *testing.T) {
	tests := []struct {
		in          string
		afterInline bool
		want        string
	}{
		{"Voir : ici", false, "Voir\u00a0: ici"},
		{"Général: quand", false, "Général\u00a0: quand"},
		{"comptées !", false, "comptées\u202f!"},
		{"vraiment?", false, "vraiment\u202f?"},
		{"?!", false, "?!"},
		{"l'armure", false, "l’armure"},
		{"« Assommé »", false, "«\u00a0Assommé\u00a0»"},
		{"«général »", false, "«\u00a0général\u00a0»"},
		{"«seul", false, "«\u00a0seul"},
		{"seul »", false, "seul\u00a0»"},
		{"sans rien à changer, é è", false, "sans rien à changer, é è"},
		{"https://heros-et-dragons.fr/", false, "https://heros-et-dragons.fr/"},
		{"à 12:30", false, "à 12:30"},
		{": suite", true, "\u00a0: suite"},
		{": suite", false, ": suite"},
		{"a ; b", false, "a\u202f; b"},
		{"déjà\u00a0: fait", false, "déjà\u00a0: fait"},
	}
	for _, tt := range tests {
		if got := FrenchTypeset(tt.in, tt.afterInline); got != tt.want {
			t.Errorf("FrenchTypeset(%q, %v) = %q, want %q", tt.in, tt.afterInline, got, tt.want)
		}
	}
}

func BenchmarkFrenchTypeset(b *testing.B) {
	s := "Une fois votre compteur à Zéro, vos heures sont comptées ! Reportez vous au chapitre sur la vie : « Assommé » l'armure ; fin?"
	for b.Loop() {
		FrenchTypeset(s, false)
	}
}

// BenchmarkFrenchTypesetUnchanged is the common case: a text node with
// nothing to set (most of them).
func BenchmarkFrenchTypesetUnchanged(b *testing.B) {
	s := "Une fois votre compteur à zéro, vos heures sont comptées et le blessé devient agonisant une heure plus tard, à la minute soixante"
	for b.Loop() {
		FrenchTypeset(s, false)
	}
}

func TestStripValues(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"au dessus de {=armor.cap 20} points", "au dessus de 20 points"},
		{"soigné [dans l’heure]{=life.wounded-to-dying 60min} qui suit", "soigné dans l’heure qui suit"},
		{"| Plaque | {=armor.plate 3} points |", "| Plaque | 3 points |"},
		{"{=armor.cap} et [lien](#armor) {#ancre}", "{=armor.cap} et [lien](#armor) {#ancre}"},
		{"un résultat de [11]{=casting.threshold*casting.max-apprenticeship+1} sera", "un résultat de 11 sera"},
		{"soit [13xp]{=ceil(study.xp-hour-3/study.failure-divisor)},", "soit 13xp,"},
		{"DD {=pathfinder.identify-dc-base 15} + niveau du sort", "DD 15 + niveau du sort"},
	} {
		if got := StripValues(c.in); got != c.want {
			t.Errorf("StripValues(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestPastedDeclarations: a pasted line of "{=" costs each one a few bytes
// and gives a few short messages, not one quoting the rest of the line per
// "{=" (20 KB gave 102 MB of messages). The time bound is generous: the
// parse takes milliseconds; the quadratic one took seconds.
func TestPastedDeclarations(t *testing.T) {
	for _, pasted := range []string{strings.Repeat("{=", 80000), strings.Repeat("{=armor.cap ", 20000), strings.Repeat("[a]{=", 40000)} {
		md := New(WithLanguage("fr"))
		pc := parser.NewContext()
		start := time.Now()
		md.Parser().Parse(text.NewReader([]byte("Avant.\n\n"+pasted+"\n")), parser.WithContext(pc))
		took := time.Since(start)
		refs := RuleValues(pc)
		size := 0
		for _, r := range refs {
			size += len(r.Bad)
			for _, a := range r.Args {
				size += len(a)
			}
		}
		if len(refs) > maxBad+1 || size > 500*(maxBad+1) {
			t.Errorf("%.10s…: %d messages, %d bytes", pasted, len(refs), size)
		}
		if took > 2*time.Second {
			t.Errorf("%.10s… (%d KB): parsed in %v", pasted, len(pasted)/1024, took)
		}
	}
}
