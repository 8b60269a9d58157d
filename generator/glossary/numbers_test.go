package glossary

import (
	"strings"
	"testing"
)

// TestNumberWords: the number words and phrases of a definition are found
// as words, outside its rule values, and not where they count nothing
// ("les deux bras", "half-opening").
func TestNumberWords(t *testing.T) {
	tests := []struct {
		lang, def, want string
	}{
		{"fr", "sans soin dans l’heure, on devient agonisant", "dans l heure"},
		{"fr", "en une dizaine de minutes de bandages", "dizaine"},
		{"fr", "un groupe plus de trois fois plus nombreux", "trois"},
		{"fr", "fait perdre un point de score", "un point"},
		{"fr", "dont la moitié est retirée", "moitié"},
		{"fr", "divise par deux le temps", "deux"},
		{"fr", "un seul coup, une heure, vingt, soixante, cent, triple", "un seul une heure vingt soixante cent triple"},
		{"fr", "touché au torse, les deux bras sont paralysés", ""},
		{"fr", "sans soin dans les {=life.wounded-to-dying} minutes", ""},
		{"fr", "un sort, une période", ""},
		{"en", "unhealed within the hour", "within the hour"},
		{"en", "more than three times as numerous, twice, half, a dozen, an hour", "three twice half dozen an hour"},
		{"en", "half-opening them is allowed; a half-orc ability", ""},
		{"en", "divides a wound's healing time by {=wounds.medicine-divisor}", ""},
	}
	for _, tt := range tests {
		if got := strings.Join(NumberWords(tt.lang, tt.def), " "); got != tt.want {
			t.Errorf("NumberWords(%s, %q) = %q, want %q", tt.lang, tt.def, got, tt.want)
		}
	}
}

// TestWithoutValues: a definition's rule values, and the words of a
// "[words]{=key}" pair, are left out.
func TestWithoutValues(t *testing.T) {
	for def, want := range map[string]string{
		"a {=k.v} b":           "a   b",
		"a [deux]{=k.v} b":     "a   b",
		"a {=k.v+} b {=k.w} c": "a   b   c",
		"a {=k.v":              "a  ",
	} {
		if got := withoutValues(def); got != want {
			t.Errorf("withoutValues(%q) = %q, want %q", def, got, want)
		}
	}
}
