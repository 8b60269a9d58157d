package glossary

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// referenceWords is wordList's definition, the plain way.
func referenceWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

func TestWordList(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"", []string{}},
		{"Point d’armure", []string{"point", "d", "armure"}},
		{"  L'ÉPÉE à 2 mains… ", []string{"l", "épée", "à", "2", "mains"}},
		{"PA/PV: 3d6+2", []string{"pa", "pv", "3d6", "2"}},
		{"İstanbul ΣΟΦΙΑ", []string{"istanbul", "σοφια"}},
		{"bad\xffutf8", []string{"bad", "utf8"}},
	} {
		if got := wordList(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("wordList(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzWordList(f *testing.F) {
	for _, s := range []string{"Point d’armure", "PA/PV: 3d6+2", "İ\u0307x", "a\xffb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := wordList(s), referenceWords(s); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("wordList(%q) = %q, FieldsFunc gives %q", s, got, want)
		}
	})
}

// BenchmarkWordList reads the words of the real rules, French and English.
func BenchmarkWordList(b *testing.B) {
	var texts []string
	for _, lang := range []string{"fr", "en"} {
		files, _ := filepath.Glob(filepath.Join("..", "..", "content", lang, "*.md"))
		for _, f := range files {
			t, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			texts = append(texts, string(t))
		}
	}
	if len(texts) == 0 {
		b.Fatal("no content")
	}
	b.ResetTimer()
	for b.Loop() {
		for _, t := range texts {
			wordList(t)
		}
	}
}
