package cards

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"sync"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

var (
	frDoc = Card{Site: "Compendium des règles", Kicker: "GN fantasy — Règles",
		Title: "II. Les Règles", Lang: "fr", Edition: "Édition 2026"}
	enLong = Card{Site: "Rules Compendium", Kicker: "Fantasy LARP — Rules",
		Title: "2.4. Armour, shields and the protection of characters against blows, spells, poison, curses, traps and every other hazard of long battles in the dark",
		Text:  "Armour absorbs a number of hits that depends on its type: light armour absorbs one hit per location, medium armour two, heavy armour three; shields stop every blow that lands on them, except those of siege weapons.",
		Lang:  "en", Edition: "2026 edition"}
	frTypo = Card{Site: "Compendium des règles", Title: "Qu’est-ce qu’un «\u202fsort\u202f»\u202f?",
		Text: "Un sort se lance en déclamant sa formule\u202f: «\u202fPar le feu\u202f!\u202f»", Lang: "fr"}
)

func decode(t testing.TB, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return img
}

// dist is the largest channel difference between two colours (8-bit,
// premultiplied).
func dist(a, b color.Color) int {
	ar, ag, ab, aa := a.RGBA()
	br, bg, bb, ba := b.RGBA()
	d := 0
	for _, v := range [][2]uint32{{ar, br}, {ag, bg}, {ab, bb}, {aa, ba}} {
		x := int(v[0]>>8) - int(v[1]>>8)
		if x < 0 {
			x = -x
		}
		d = max(d, x)
	}
	return d
}

// isInk reports a pixel of (nearly) full title ink: only the title and the
// footer's site name are drawn in it; the text's muted grey is far from it.
func isInk(c color.Color) bool { return dist(c, ink) <= 12 }

func TestCard(t *testing.T) {
	cases := []struct {
		name string
		card Card
	}{
		{"fr doc", frDoc},
		{"en long with text", enLong},
		{"no kicker", Card{Site: "Rules Compendium", Title: "3.1. Hit points", Text: "Each character starts with two hit points.", Lang: "en"}},
		{"bare", Card{Title: "Index"}},
		{"french typography", frTypo},
		{"long word", Card{Site: "Compendium", Kicker: "GN", Title: strings.Repeat("Anticonstitutionnellement", 4) + " et la suite", Lang: "fr"}},
		{"long footer", Card{Site: strings.Repeat("Compendium des règles ", 6), Title: "T", Edition: strings.Repeat("Édition 2026 ", 5), Lang: "fr"}},
	}
	inner := image.Rect(64, 64, cardW-64, cardH-64)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b, err := tc.card.PNG()
			if err != nil {
				t.Fatal(err)
			}
			p, err := tc.card.layout()
			if err != nil {
				t.Fatal(err)
			}
			img := decode(t, b)
			if got := img.Bounds(); got != image.Rect(0, 0, cardW, cardH) {
				t.Fatalf("bounds %v", got)
			}
			pal, ok := img.(*image.Paletted)
			if !ok {
				t.Fatalf("decoded as %T, want *image.Paletted", img)
			}
			inkIdx := make([]bool, len(pal.Palette))
			for i, c := range pal.Palette {
				inkIdx[i] = isInk(c)
			}
			var inTitle, strayInk int
			for y := 0; y < cardH; y++ {
				for x := 0; x < cardW; x++ {
					i := pal.Pix[pal.PixOffset(x, y)]
					c := pal.Palette[i]
					pt := image.Pt(x, y)
					switch {
					case x < bandW:
						if c != color.Color(accent) {
							t.Fatalf("band pixel (%d,%d) = %v", x, y, c)
						}
					case !pt.In(inner):
						if c != color.Color(paper) {
							t.Fatalf("margin pixel (%d,%d) = %v, want paper", x, y, c)
						}
					case inkIdx[i] && pt.In(p.titleBox):
						inTitle++
					case inkIdx[i] && !pt.In(p.footerBox):
						strayInk++
					}
				}
			}
			if inTitle < 200 {
				t.Errorf("only %d ink pixels in the title box %v", inTitle, p.titleBox)
			}
			if strayInk > 0 {
				t.Errorf("%d ink pixels outside the title box %v and the footer", strayInk, p.titleBox)
			}
			// The blocks stack without overlap, above the rule of the footer.
			prev := 0
			for _, box := range []image.Rectangle{p.kickerBox, p.titleBox, p.textBox} {
				if box.Empty() {
					continue
				}
				if box.Min.Y < prev || box.Max.Y > contentLimit || box.Min.X < padL || box.Max.X > cardW-padR {
					t.Errorf("box %v overlaps the one above (ending at %d) or leaves the content area", box, prev)
				}
				prev = box.Max.Y
			}
			if n := len(p.title); n < 1 || n > titleMax {
				t.Errorf("%d title lines", n)
			}
			for _, r := range p.runs {
				if w := font.MeasureString(r.face, r.s); r.x+w > fixed.I(cardW-padR) {
					t.Errorf("line %q overflows: ends at %v", r.s, px(r.x+w))
				}
			}
		})
	}
}

func TestLongTitleClamps(t *testing.T) {
	p, err := enLong.layout()
	if err != nil {
		t.Fatal(err)
	}
	if p.titleSize != titleSizes[len(titleSizes)-1] {
		t.Errorf("title size %v, want it shrunk to %v", p.titleSize, titleSizes[len(titleSizes)-1])
	}
	if len(p.title) != titleMax || !strings.HasSuffix(p.title[titleMax-1], "…") {
		t.Errorf("title %q: want %d lines ending with an ellipsis", p.title, titleMax)
	}
	if len(p.text) == 0 || len(p.text) > textMax || !strings.HasSuffix(p.text[len(p.text)-1], "…") {
		t.Errorf("text %q: want 1..%d lines ending with an ellipsis", p.text, textMax)
	}
	short, _ := frDoc.layout()
	if short.titleSize != titleSizes[0] || len(short.title) != 1 {
		t.Errorf("short title: size %v, %d lines", short.titleSize, len(short.title))
	}
}

func TestDeterministicAndConcurrent(t *testing.T) {
	cards := []Card{frDoc, enLong, frTypo}
	want := make([][]byte, len(cards))
	for i, c := range cards {
		b, err := c.PNG()
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	var wg sync.WaitGroup
	got := make([][]byte, 8)
	errs := make([]error, 8)
	for i := range got {
		wg.Go(func() { got[i], errs[i] = cards[i%len(cards)].PNG() })
	}
	wg.Wait()
	for i := range got {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if !bytes.Equal(got[i], want[i%len(cards)]) {
			t.Errorf("card %d: bytes differ between renders", i)
		}
	}
}

func TestClean(t *testing.T) {
	if err := loadFonts(); err != nil {
		t.Fatal(err)
	}
	n := string(nbsp)
	cases := []struct{ in, want string }{
		{"Qu’est-ce\u202f?", "Qu’est-ce" + n + "?"},
		{"«\u00a0sort\u2007»", "«" + n + "sort" + n + "»"},
		{"a\tb\n c\u2009d", "a b  c d"},
		{"non\u2011sécable", "non-sécable"},
		{"e\u0301pe\u0301e", "épée"},                     // composed
		{"ＡＢ ½ ⅓", "AB ½ 1⁄3"},                           // compatibility forms
		{"q\u0301", "q"},                                 // a mark with no composed form
		{"ǹ ȁ", "n a"},                                   // letters missing: base letter
		{"ok ✓ 🎲!", "ok  !"},                             // dropped
		{"soft\u00adhyphen\u200bzero", "softhyphenzero"}, // invisible
	}
	for _, tc := range cases {
		got := clean(tc.in, fontBold)
		if got != tc.want {
			t.Errorf("clean(%q) = %q, want %q", tc.in, got, tc.want)
		}
		for _, r := range got {
			if r != ' ' && r != nbsp && (!hasGlyph(fontReg, nil, r) || !hasGlyph(fontBold, nil, r)) {
				t.Errorf("clean(%q) keeps %U, which has no glyph", tc.in, r)
			}
		}
	}
}

// TestNoTofu renders French typography: the narrow no-break spaces must come
// out exactly as no-break spaces (a missing glyph would draw a box, and a
// plain space could break the line before the "?").
func TestNoTofu(t *testing.T) {
	narrow, err := Card{Title: "Qu’est-ce\u202f? «\u202fsort\u202f»"}.PNG()
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Card{Title: "Qu’est-ce ? « sort »"}.PNG()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(narrow, plain) {
		t.Error("U+202F does not render as a space")
	}
	box, err := Card{Title: "Qu’est-ce\u25a1? «\u25a1sort\u25a1»"}.PNG() // the tofu it would be
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(box, plain) {
		t.Error("test is blind: a drawn box looks like a space")
	}
}

func TestWrap(t *testing.T) {
	if err := loadFonts(); err != nil {
		t.Fatal(err)
	}
	face, err := newFace(fontBold, 40)
	if err != nil {
		t.Fatal(err)
	}
	w := func(s string) fixed.Int26_6 { return font.MeasureString(face, s) }
	n := string(nbsp)

	// No break at a no-break space: "?" goes down with its word.
	lines, fits := wrap(face, "mot mot mot"+n+"?", w("mot mot mot"), 0)
	if want := []string{"mot mot", "mot ?"}; !fits || strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Errorf("nbsp: got %q, want %q", lines, want)
	}
	// A word wider than the line is cut with an ellipsis; the rest follows.
	lines, fits = wrap(face, "Anticonstitutionnellement court", w("Anticonstitution"), 3)
	if fits || len(lines) != 2 || !strings.HasSuffix(lines[0], "…") || lines[1] != "court" || w(lines[0]) > w("Anticonstitution") {
		t.Errorf("long word: got %q (fits %v)", lines, fits)
	}
	// Clamping drops whole words and trailing punctuation before the ellipsis.
	lines, fits = wrap(face, "un deux, trois quatre cinq six sept huit", w("un deux, trois"), 2)
	if fits || len(lines) != 2 || lines[1] != "quatre cinq…" {
		t.Errorf("clamp: got %q (fits %v)", lines, fits)
	}
	lines, _ = wrap(face, "un deux, trois quatre", w("un deux,"), 1)
	if len(lines) != 1 || lines[0] != "un…" {
		t.Errorf("clamp punctuation: got %q", lines)
	}
	for _, l := range lines {
		if strings.ContainsRune(l, '-') {
			t.Errorf("hyphen inserted: %q", l)
		}
	}
}

func TestLangMarker(t *testing.T) {
	for in, want := range map[string]string{"fr": "FR", "en-GB": "EN", "pt_BR": "PT", "": "", "français": "", "x1": ""} {
		if got := langMarker(in); got != want {
			t.Errorf("langMarker(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIcon(t *testing.T) {
	for _, tc := range []struct {
		size     int
		maskable bool
	}{{180, true}, {192, false}, {512, false}, {512, true}, {32, false}} {
		b, err := Icon(tc.size, tc.maskable)
		if err != nil {
			t.Fatal(err)
		}
		img := decode(t, b)
		s := tc.size
		if img.Bounds() != image.Rect(0, 0, s, s) {
			t.Fatalf("%d: bounds %v", s, img.Bounds())
		}
		// Where a point of the 64-unit design lands.
		at := func(u, v float64) color.Color {
			scale, off := float64(s)/bookUnits, 0.0
			if tc.maskable {
				scale, off = scale*maskSafe, float64(s)*(1-maskSafe)/2
			}
			return img.At(int(off+u*scale), int(off+v*scale))
		}
		for _, c := range []image.Point{{0, 0}, {s - 1, 0}, {0, s - 1}, {s - 1, s - 1}} {
			_, _, _, a := img.At(c.X, c.Y).RGBA()
			if tc.maskable && dist(img.At(c.X, c.Y), accent) != 0 {
				t.Errorf("%d maskable: corner %v = %v, want opaque accent", s, c, img.At(c.X, c.Y))
			}
			if !tc.maskable && a != 0 {
				t.Errorf("%d: corner %v alpha %d, want transparent", s, c, a>>8)
			}
		}
		// The page between its lines, the middle line (the icon's centre is on
		// it), and the background beside the page.
		for _, p := range []struct {
			u, v float64
			want color.RGBA
		}{{33, 28, paper}, {33, 36, paper}, {32, 32, accent}, {10, 32, accent}, {54, 32, accent}} {
			if p.u == 32 && s < 128 {
				continue // the line is too thin to hit a pixel centre
			}
			if d := dist(at(p.u, p.v), p.want); d > 8 {
				t.Errorf("%d maskable=%v: design point (%v,%v) = %v, want %v", s, tc.maskable, p.u, p.v, at(p.u, p.v), p.want)
			}
		}
		again, _ := Icon(tc.size, tc.maskable)
		if !bytes.Equal(b, again) {
			t.Errorf("%d: icon bytes differ between renders", s)
		}
	}
	if _, err := Icon(0, false); err == nil {
		t.Error("Icon(0) did not fail")
	}
}

func BenchmarkCard(b *testing.B) {
	var size int
	for b.Loop() {
		out, err := enLong.PNG()
		if err != nil {
			b.Fatal(err)
		}
		size = len(out)
	}
	b.ReportMetric(float64(size), "bytes/card")
}

func BenchmarkCardParallel(b *testing.B) {
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := frDoc.PNG(); err != nil {
				b.Error(err)
			}
		}
	})
}

func BenchmarkIcon512(b *testing.B) {
	var size int
	for b.Loop() {
		out, err := Icon(512, false)
		if err != nil {
			b.Fatal(err)
		}
		size = len(out)
	}
	b.ReportMetric(float64(size), "bytes/icon")
}
