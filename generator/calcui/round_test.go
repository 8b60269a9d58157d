package calcui

import (
	"math"
	"strconv"
	"testing"

	"compendium/generator/render"
	"compendium/wasm/engine"
)

// themePages returns a French and an English Page reading the theme's
// dictionaries, whose format.* keys the figures follow.
func themePages(t *testing.T) (fr, en Page) {
	t.Helper()
	theme, errs := render.Load("../../theme")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	page := func(lang string) Page {
		return Page{Lang: lang, T: func(k string) string { return theme.T(lang, k) }}
	}
	return page("fr"), page("en")
}

// TestFiguresRoundAsAnswers: exact halves round away from zero in the
// figures as in the engine's answers (issue 34: 221/400 read 55,2 % in the
// answer and 55,3 % in the figure), and a probability too small or too
// close to 1 to show reads as the answers write it.
func TestFiguresRoundAsAnswers(t *testing.T) {
	fr, en := themePages(t)
	for _, tt := range []struct {
		v      any
		format string
		p      Page
		frac   string
		want   string
	}{
		{221.0 / 400, "pct", fr, "221/400", "55,3\u202f% (221/400)"},
		{221.0 / 400, "pct", en, "221/400", "55.3% (221/400)"},
		{1.0 / 8, "pct", fr, "1/8", "12,5\u202f% (1/8)"},
		{1.0 / 16, "pct", en, "1/16", "6.3% (1/16)"},
		{105.0 / 400, "pct", en, "21/80", "26.3% (21/80)"},
		{1.0 / 8000, "pct", fr, "1/8000", "moins de 0,1\u202f% (1/8000)"},
		{7999.0 / 8000, "pct", en, "7999/8000", "more than 99.9% (7999/8000)"},
		{1.25, "num", fr, "", "1,3"},
		{-1.25, "num", fr, "", "−1,3"},
		{0.15, "num", en, "", "0.2"},
		{1.0005, "", en, "", "1.001"},
		{-0.04, "num", fr, "", "0"},
		{12345.25, "num", en, "", "12,345.3"},
		{12345.25, "num", fr, "", "12\u202f345,3"},
		// A list's numbers as its field writes them (issue 52: the page
		// wrote 1.5 where the static result wrote 1,5).
		{[]any{1.5, -2.0, "x"}, "list", fr, "", "1,5, −2, x"},
		{[]any{1.5, -2.0}, "list", en, "", "1.5, -2"},
	} {
		if got := FormatFigure(tt.v, tt.format, tt.p, tt.frac); got != tt.want {
			t.Errorf("FormatFigure(%v, %q, %s) = %q, want %q", tt.v, tt.format, tt.p.Lang, got, tt.want)
		}
	}
}

// TestPercentIsEngines: a figure's percentage, written from the theme's
// format data, is the engine's Percent, which the answers in words use.
func TestPercentIsEngines(t *testing.T) {
	fr, en := themePages(t)
	for _, p := range []Page{fr, en} {
		f := p.format()
		for d := 1; d <= 1000; d++ {
			for _, n := range []int{0, 1, d / 3, d / 2, d - 1, d} {
				x := float64(n) / float64(d)
				if got, want := pct(x, f), engine.Percent(x, p.Lang); got != want {
					t.Errorf("%s: pct(%d/%d) = %q, engine.Percent %q", p.Lang, n, d, got, want)
				}
			}
		}
		for _, x := range []float64{10080, 123456789, 99999.5, 12345} {
			s := strconv.FormatFloat(x, 'f', -1, 64)
			if got, want := num(x, f), localNumber(engine.GroupThousands(s, p.Lang), Format{Decimal: f.Decimal, Minus: f.Minus}, false); got != want {
				t.Errorf("%s: num(%v) = %q, engine groups %q", p.Lang, x, got, want)
			}
		}
	}
}

// TestExactAndFieldNumbers: the titles and the fields write numbers as
// the page's script does (String, toPrecision): no exponent between 10⁻⁶
// and 10²¹ (issue 52: the title of 1e-7 read "1e-05 %" before the script
// and "0.00001 %" after), the language's minus in a field (it read "−1"
// before the script and "-1" after).
func TestExactAndFieldNumbers(t *testing.T) {
	fr, en := themePages(t)
	for _, tt := range []struct {
		got, want string
	}{
		{ExactTitle(1e-7, "pct"), "0.00001 %"},
		{ExactTitle(0.5525, "pct"), "55.25 %"},
		{ExactTitle(1.0/3, "pct"), "33.33333333 %"},
		{ExactTitle(1e-5, "num"), "0.00001"},
		{ExactTitle(1234567.0, "num"), "1234567"},
		{ExactTitle(1e-7, "num"), "1e-7"},
		{ExactTitle(1.5e21, "num"), "1.5e+21"},
		{ExactTitle(-0.0, "num"), "0"},
		{fieldNum(-1, fr.format()), "−1"},
		{fieldNum(-1, en.format()), "-1"},
		{fieldNum(100*0.07, fr.format()), "7"},
		{fieldNum(1.2345, fr.format()), "1,2345"},
		{fieldNum(25000, fr.format()), "25000"},
		{fieldNum(1e-7, en.format()), "0.0000001"},
		{fieldNum(math.NaN(), en.format()), ""},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// TestFormatOf: a dictionary without the format keys (a test's identity
// T) writes as the machine does; the theme's languages each have all.
func TestFormatOf(t *testing.T) {
	if got := FormatOf(func(k string) string { return k }); got != plainFormat {
		t.Errorf("identity T: %+v", got)
	}
	if got := FormatOf(func(k string) string { return "[" + k + "]" }); got != plainFormat {
		t.Errorf("missing keys: %+v", got)
	}
	fr, en := themePages(t)
	for _, p := range []Page{fr, en} {
		for _, k := range FormatKeys {
			if s := p.T(k); s == "["+k+"]" {
				t.Errorf("theme/i18n/%s.json lacks %s", p.Lang, k)
			}
		}
	}
	if f := fr.format(); f.Decimal != "," || f.Minus != "\u2212" {
		t.Errorf("French format %+v", f)
	}
}
