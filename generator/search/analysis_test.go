package search

import (
	"os"
	"path/filepath"
	"reflect"

	"golang.org/x/text/unicode/norm"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"compendium/generator/testcontent"
)

func TestAnalyze(t *testing.T) {
	for _, c := range []struct {
		lang, text string
		want       []Term
	}{
		{"fr", "armure", []Term{{"armure", "armur"}}},
		{"fr", "armures", []Term{{"armures", "armur"}}},
		{"fr", "l’armure", []Term{{"armure", "armur"}}},
		{"fr", "d'armure", []Term{{"armure", "armur"}}},
		{"fr", "L’ARMURE", []Term{{"armure", "armur"}}},
		{"fr", "points d’armure", []Term{{"points", "point"}, {"armure", "armur"}}},
		{"fr", "qu’il lorsqu’elle puisqu’on jusqu’à", nil},
		{"fr", "blessée", []Term{{"blessee", "bless"}}},
		{"fr", "blessé blessés", []Term{{"blesse", "bless"}, {"blesses", "bless"}}},
		{"fr", "blessures", []Term{{"blessures", "blessur"}}},
		// Snowball's quirk, kept: the glossary groups the two forms.
		{"fr", "dégâts dégât", []Term{{"degats", "degat"}, {"degat", "deg"}}},
		{"fr", "œil Œuvre", []Term{{"oeil", "oeil"}, {"oeuvre", "oeuvr"}}},
		{"fr", "hors-jeu", []Term{{"hors", "hor"}, {"jeu", "jeu"}}},
		{"fr", "aujourd’hui", []Term{{"aujourd", "aujourd"}, {"hui", "hui"}}},
		{"fr", "Écu", []Term{{"ecu", "ecu"}}},
		{"fr", "de la vie", []Term{{"vie", "vi"}}},
		{"fr", "1D12 - magie/2", []Term{{"1d12", "1d12"}, {"magie", "mag"}, {"2", "2"}}},
		{"en", "armour armours", []Term{{"armour", "armour"}, {"armours", "armour"}}},
		{"en", "Mage's staff", []Term{{"mage", "mage"}, {"staff", "staff"}}},
		{"en", "the wounded", []Term{{"wounded", "wound"}}},
		{"en", "Héros & Dragons", []Term{{"heros", "heros"}, {"dragons", "dragon"}}},
		{"en", "straße Æsir", []Term{{"strasse", "strasse"}, {"aesir", "aesir"}}},
	} {
		if got := Analyze(c.lang, c.text); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Analyze(%s, %q) = %v, want %v", c.lang, c.text, got, c.want)
		}
	}
}

// TestStemBeforeFold pins the order of the analysis: Snowball needs the
// accents, so folding comes after it.
func TestStemBeforeFold(t *testing.T) {
	if got := Stem("fr", "blessée"); got != "bless" {
		t.Errorf("Stem(blessée) = %q, want bless", got)
	}
	if Stem("fr", "armure") != Stem("fr", "armures") {
		t.Error("armure and armures stem differently")
	}
	if Stem("en", "armour") != Stem("en", "armours") {
		t.Error("armour and armours stem differently")
	}
}

func TestTokenOffsets(t *testing.T) {
	text := "L’armure d'Ôm"
	toks := defaultTokenizer.tokens(text)
	var got []string
	for _, tk := range toks {
		got = append(got, text[tk.start:tk.end]+"="+tk.surface)
	}
	want := []string{"armure=armure", "Ôm=om"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tokens(%q) = %v, want %v", text, got, want)
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		max  int
		want int
	}{
		{"armrue", "armure", 1, 1},        // transposition
		{"assomer", "assommer", 1, 1},     // insertion
		{"blessurres", "blessures", 2, 1}, // deletion
		{"chirugie", "chirurgie", 1, 1},
		{"armour", "armure", 1, 2}, // stops at max+1
		{"abc", "abc", 1, 0},
		{"", "ab", 2, 2},
		{"forgeorn", "forgeron", 2, 1},
	} {
		if got := editDistance([]rune(c.a), []rune(c.b), c.max); got != c.want {
			t.Errorf("editDistance(%q, %q, %d) = %d, want %d", c.a, c.b, c.max, got, c.want)
		}
	}
}

// TestScanMatchesPattern: the default tokenizer's scanning loop finds the
// same runs as wordPattern, which the browser uses, for every rune of the
// first three planes.
func TestScanMatchesPattern(t *testing.T) {
	re := regexp.MustCompile(wordPattern)
	var b strings.Builder
	for r := rune(0); r < 0x30000; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		b.WriteString("x")
		b.WriteRune(r)
		b.WriteString("y ")
		if b.Len() > 4096 || r == 0x2FFFF {
			text := b.String()
			var want [][2]int
			for _, m := range re.FindAllStringIndex(text, -1) {
				want = append(want, [2]int{m[0], m[1]})
			}
			got := defaultTokenizer.runs(text)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("runs differ near U+%04X", r)
			}
			b.Reset()
		}
	}
}

// analyzeByTokens is Analyze as it was written before its single pass:
// the tokens, then each one's stop-word test and stem.
func analyzeByTokens(lang, text string) []Term {
	var out []Term
	for _, tk := range defaultTokenizer.tokens(norm.NFC.String(text)) {
		if stopSets[lang][tk.surface] {
			continue
		}
		out = append(out, Term{Surface: tk.surface, Stem: Stem(lang, tk.word)})
	}
	return out
}

// TestAnalyzeAsTokens: Analyze reads a text in one pass, the page cuts it
// with tokens (the same rules in the script): the terms are the same, for
// every paragraph of the content and for texts made to differ (elisions,
// apostrophes of every kind, capitals, combining marks, digits, symbols).
func TestAnalyzeAsTokens(t *testing.T) {
	texts := []string{"", " ", "l'", "L’Armure d’ÉTÉ", "qu'il jusqu’à lorsqu‘on puisquʼelle", "aujourd'hui", "''", "’’’x", "x'", "'x",
		"bless\u0301e", "Œil ŒUVRE", "1d6+2 3e 4ᵉ", "«\u00a0Assommé\u00a0»", "a-b_c.d", "İstanbul ΣΊΣΥΦΟΣ", "\xff\xfe armure", "c'est-à-dire d'l'",
		"PV PA PM", "Rest, short rest; LONG REST!", "don't can't it’s", "the the the", "x\u0301\u0302y"}
	files, err := filepath.Glob(filepath.Join(testcontent.Dir, "*", "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no content: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, strings.Split(string(b), "\n\n")...)
	}
	for _, lang := range []string{"fr", "en", "de"} {
		for _, text := range texts {
			if got, want := Analyze(lang, text), analyzeByTokens(lang, text); !reflect.DeepEqual(got, want) {
				t.Fatalf("Analyze(%q, %q) = %v, by tokens %v", lang, text, got, want)
			}
		}
	}
}

func FuzzAnalyzeAsTokens(f *testing.F) {
	for _, s := range []string{"l'armure", "L’ARMURE d’été", "aujourd'hui", "’’’", "bless\u0301e", "\xff"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, text string, french bool) {
		lang := "en"
		if french {
			lang = "fr"
		}
		if got, want := Analyze(lang, text), analyzeByTokens(lang, text); !reflect.DeepEqual(got, want) {
			t.Fatalf("Analyze(%q, %q) = %v, by tokens %v", lang, text, got, want)
		}
	})
}
