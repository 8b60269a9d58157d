package calcui

import "testing"

// TestFiguresRoundAsAnswers: exact halves round away from zero in the
// figures as in the engine's answers (issue 34: 221/400 read 55,2 % in the
// answer and 55,3 % in the figure), and a probability too small or too
// close to 1 to show reads as the answers write it.
func TestFiguresRoundAsAnswers(t *testing.T) {
	fr := Page{Lang: "fr", T: func(k string) string { return k }}
	en := Page{Lang: "en", T: func(k string) string { return k }}
	for _, tt := range []struct {
		v      float64
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
	} {
		if got := FormatFigure(tt.v, tt.format, tt.p, tt.frac); got != tt.want {
			t.Errorf("FormatFigure(%v, %q, %s) = %q, want %q", tt.v, tt.format, tt.p.Lang, got, tt.want)
		}
	}
}
