package site

import (
	"strings"
	"testing"
)

func TestCollapseSpaceMatchesFields(t *testing.T) {
	for _, s := range []string{"", " ", "a", " a ", "a  b\tc\n", "\u00a0x\u2003y\u202f", "é  à", "\xff \xfe", "  lead", "trail  "} {
		if got, want := collapseSpace([]byte(s)), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("collapseSpace(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzCollapseSpace(f *testing.F) {
	f.Add("a  b\u00a0c")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := collapseSpace([]byte(s)), strings.Join(strings.Fields(s), " "); got != want {
			t.Fatalf("collapseSpace(%q) = %q, want %q", s, got, want)
		}
	})
}
