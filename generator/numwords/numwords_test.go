package numwords

import "testing"

func TestRead(t *testing.T) {
	for _, c := range []struct {
		lang, words string
		want        []Quantity // N, Unit, Mult, Ord only
	}{
		{"fr", "15mn", []Quantity{{N: 15, Unit: Minutes}}},
		{"fr", "10 minutes", []Quantity{{N: 10, Unit: Minutes}}},
		{"fr", "une heure", []Quantity{{N: 60, Unit: Minutes}}},
		{"fr", "dans l’heure", []Quantity{{N: 60, Unit: Minutes}}},
		{"fr", "deux minutes", []Quantity{{N: 2, Unit: Minutes}}},
		{"fr", "une dizaine de minutes", []Quantity{{N: 10, Unit: Minutes}}},
		{"fr", "un seul", []Quantity{{N: 1}}},
		{"fr", "un point", []Quantity{{N: 1}}},
		{"fr", "triple", []Quantity{{N: 3, Mult: true}}},
		{"fr", "deux fois", []Quantity{{N: 2, Mult: true}}},
		{"fr", "divise par deux", []Quantity{{N: 2}}},
		{"fr", "la moitié", []Quantity{{N: 2}}},
		{"fr", "1D12", []Quantity{{N: 12, Unit: Die}}},
		{"fr", "125xp", []Quantity{{N: 125}}},
		{"fr", "1h30", []Quantity{{N: 90, Unit: Minutes}}},
		{"fr", "vingt et un", []Quantity{{N: 21}}},
		{"fr", "quatre-vingt-dix", []Quantity{{N: 90}}},
		{"fr", "soixante", []Quantity{{N: 60}}},
		{"fr", "cent", []Quantity{{N: 100}}},
		{"fr", "trois cent un", []Quantity{{N: 301}}},
		{"fr", "deuxième", []Quantity{{N: 2, Ord: true}}},
		{"fr", "4e", []Quantity{{N: 4, Ord: true}}},
		{"fr", "Le feu brûle la vigne", nil},
		{"fr", "quelques minutes", nil},
		{"fr", "une arme", nil},
		{"fr", "2 ou 3 minutes", []Quantity{{N: 2}, {N: 3, Unit: Minutes}}},
		{"en", "within the following hour", []Quantity{{N: 60, Unit: Minutes}}},
		{"en", "an hour", []Quantity{{N: 60, Unit: Minutes}}},
		{"en", "1 whole minute", []Quantity{{N: 1, Unit: Minutes}}},
		{"en", "10 more min", []Quantity{{N: 10, Unit: Minutes}}},
		{"en", "about ten minutes", []Quantity{{N: 10, Unit: Minutes}}},
		{"en", "three times", []Quantity{{N: 3, Mult: true}}},
		{"en", "twice", []Quantity{{N: 2, Mult: true}}},
		{"en", "halve", []Quantity{{N: 2}}},
		{"en", "a point", []Quantity{{N: 1}}},
		{"en", "one", []Quantity{{N: 1}}},
		{"en", "twenty", []Quantity{{N: 20}}},
		{"en", "one hundred and five", []Quantity{{N: 105}}},
		{"en", "4th", []Quantity{{N: 4, Ord: true}}},
		{"en", "second", []Quantity{{N: 2, Ord: true}}},
		{"en", "Fire burns vine", nil},
		{"en", "a dozen minutes", []Quantity{{N: 12, Unit: Minutes}}},
		{"en", "90 seconds", []Quantity{{N: 90, Unit: Seconds}}},
	} {
		got := Read(c.words, c.lang)
		ok := len(got) == len(c.want)
		for i := 0; ok && i < len(got); i++ {
			g, w := got[i], c.want[i]
			ok = g.N == w.N && g.Unit == w.Unit && g.Mult == w.Mult && g.Ord == w.Ord
		}
		if !ok {
			t.Errorf("Read(%q, %s) = %+v, want %+v", c.words, c.lang, got, c.want)
		}
	}
}

func TestAgreeAndOrdinals(t *testing.T) {
	for _, c := range []struct {
		n          int
		after      string
		lang, want string // "" when nothing disagrees
	}{
		{1, " point de plus", "fr", ""},
		{2, " point de plus", "fr", "points"},
		{1, " points d’armure", "fr", "point"},
		{0, " point", "fr", ""},
		{0, " point", "en", "points"},
		{2, " niveau de fatigue", "fr", "niveaux"},
		{2, " level of exhaustion", "en", "levels"},
		{2, " Combat point", "en", "points"},
		{1, " extra points", "en", "point"},
		{2, " par niveau de sort", "fr", ""},
		{2, " per extra spell level", "en", ""},
		{20, " physical armour points.", "en", ""},
		{1, " PV de base", "fr", ""},
	} {
		noun, bad := Agree(c.n, c.after, c.lang)
		if bad != (c.want != "") || bad && noun.Want != c.want {
			t.Errorf("Agree(%d, %q, %s) = %+v, %v, want %q", c.n, c.after, c.lang, noun, bad, c.want)
		}
	}
	for _, c := range []struct {
		n          int
		lang, want string
	}{{1, "en", "st"}, {2, "en", "nd"}, {3, "en", "rd"}, {4, "en", "th"}, {11, "en", "th"}, {12, "en", "th"}, {21, "en", "st"}, {1, "fr", "er"}, {4, "fr", "e"}} {
		if got := Ordinal(c.n, c.lang); got != c.want {
			t.Errorf("Ordinal(%d, %s) = %q, want %q", c.n, c.lang, got, c.want)
		}
		if !OrdinalAgrees(c.n, c.want, c.lang) {
			t.Errorf("OrdinalAgrees(%d, %q, %s) = false", c.n, c.want, c.lang)
		}
	}
	if OrdinalAgrees(3, "th", "en") || OrdinalAgrees(1, "e", "fr") {
		t.Error("3th or 1e accepted")
	}
	if got := OrdinalAfter("th level or higher", "en"); got != "th" {
		t.Errorf("OrdinalAfter = %q", got)
	}
	if got := OrdinalAfter(" level", "en"); got != "" {
		t.Errorf("OrdinalAfter(\" level\") = %q", got)
	}
}

// FuzzRead: any words read without a panic, each quantity within them.
func FuzzRead(f *testing.F) {
	for _, s := range []string{"15mn", "une dizaine de minutes", "vingt et un", "1D12", "2d6", "4th", "dans l’heure", "a dozen", "1h30", "İ point"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, lang := range []string{"fr", "en"} {
			for _, q := range Read(s, lang) {
				if q.Start < 0 || q.End > len(s) || q.Start > q.End {
					t.Fatalf("Read(%q): quantity at %d:%d", s, q.Start, q.End)
				}
			}
			Agree(2, s, lang)
			OrdinalAfter(s, lang)
			UnitOf(s)
		}
	})
}
