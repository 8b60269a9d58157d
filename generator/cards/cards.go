// Package cards draws the images the build makes itself: the link-preview
// cards of the pages (Open Graph and Twitter "summary_large_image", PNG
// 1200×630) and the app icons of the web app manifest.
//
// It depends on golang.org/x/image for its OpenType and vector rasterizers
// and, above all, for the Go fonts (font/gofont/goregular and gobold), which
// are embedded in the module: the images need no system font and no network,
// and are identical on every machine (the rasterizers compute in float32, so
// a CPU that fuses multiply-adds could in theory shift one antialiasing
// shade; on a given platform the bytes are always the same). The Go fonts
// cover Latin-1, Latin Extended-A and the usual typographic punctuation; the
// characters they lack are replaced (the narrow no-break space of French
// typography by a no-break space) or dropped, never drawn as empty boxes.
//
// Images are drawn in RGBA with antialiasing, then mapped onto a small
// palette (the flat colours and 16-step blends between the colours that
// touch), which keeps the antialiasing and makes the PNG files about three
// times smaller.
//
// Everything here is safe for concurrent use.
package cards

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strings"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Card is the content of one link-preview card.
type Card struct {
	Site    string // site title, e.g. "Compendium des règles"
	Kicker  string // the game's short name, e.g. "GN fantasy — Règles" (may be "")
	Title   string // e.g. "II. Les Règles" or a section title "2.4. Armure"; Site if empty
	Text    string // optional: a first sentence or summary, clamped to 3 lines
	Lang    string // "fr" / "en", drawn as a small marker "FR"
	Edition string // optional, e.g. "Édition 2026", drawn small at the bottom
}

// The theme's colours (theme/css/main.css, light scheme).
var (
	paper  = color.RGBA{0xfd, 0xfc, 0xf8, 0xff} // --bg, also the icon's page
	accent = color.RGBA{0x8a, 0x3b, 0x12, 0xff} // --accent
	ink    = color.RGBA{0x1f, 0x1d, 0x1a, 0xff} // --fg
	muted  = color.RGBA{0x5d, 0x58, 0x50, 0xff} // --muted
	rule   = color.RGBA{0xe2, 0xdd, 0xd3, 0xff} // --line
)

// Card geometry, in pixels. Everything but the accent band keeps at least
// 64 px from the edges.
const (
	cardW, cardH = 1200, 630
	bandW        = 16      // accent band along the left edge
	padL, padR   = 104, 80 // content box: x in [padL, cardW-padR)
	padT, padB   = 72, 64  // and y in [padT, cardH-padB)
	contentW     = cardW - padL - padR
	iconSize     = 64 // the book, at the left of the footer
	footerTop    = cardH - padB - iconSize
	ruleH        = 2 // the rule above the footer
	ruleY        = footerTop - 30 - ruleH
	contentLimit = ruleY - 34 // bottom of the room for kicker, title and text
	centreBias   = 0.42       // where that block sits in its free room (0 top, 0.5 middle)

	kickerSize, kickerAfter = 34, 18  // font size, gap under it
	titleMax, titleLead     = 3, 1.14 // lines, line height per font size
	titleAfter              = 22
	textSize, textLead      = 30, 1.4
	textMax                 = 3
	siteSize                = 28     // footer
	langSize, pillH         = 22, 38 // language marker
	pillPadX                = 14
	minEdition              = 160 // px: narrowest room the edition is drawn in
)

// titleSizes are tried in turn until the title fits in titleMax lines; at the
// last size it is clamped with an ellipsis.
var titleSizes = []float64{72, 64, 58, 52}

// cardPalette holds every colour a card can have.
var cardPalette = func() color.Palette {
	p := color.Palette{paper, accent, ink, muted, rule}
	p = append(p, ramp(ink, paper)...)
	p = append(p, ramp(accent, paper)...)
	return append(p, ramp(muted, paper)...)
}()

// run is one line of text to draw, at baseline y.
type run struct {
	s    string
	face font.Face
	col  color.RGBA
	x, y fixed.Int26_6
}

// plan is a laid-out card: its lines of text and where its parts are. The
// boxes bound the ink of each part (from the ascent of the first line to the
// descent of the last), for the tests.
type plan struct {
	runs                                    []run
	kickerBox, titleBox, textBox, footerBox image.Rectangle
	titleSize                               float64
	kicker, title, text                     []string
	pill                                    image.Rectangle // language marker; empty if none
}

// PNG draws the card as a 1200×630 PNG. It fails only if both Title and Site
// are empty.
func (c Card) PNG() ([]byte, error) {
	p, err := c.layout()
	if err != nil {
		return nil, err
	}
	return encode(p.draw(), cardPalette)
}

func fx(v float64) fixed.Int26_6 { return fixed.Int26_6(math.Round(v * 64)) }

func px(v fixed.Int26_6) float64 { return float64(v) / 64 }

// layout places the card's text; the faces it makes belong to the plan.
func (c Card) layout() (*plan, error) {
	if err := loadFonts(); err != nil {
		return nil, err
	}
	title := clean(c.Title, fontBold)
	if strings.TrimSpace(title) == "" {
		title = clean(c.Site, fontBold)
	}
	if strings.TrimSpace(title) == "" {
		return nil, errors.New("cards: card without title")
	}
	p := &plan{}
	maxW := fx(contentW)
	y := float64(padT) // top of the next block

	// block lays out lines at successive baselines from y and records their
	// runs; it returns the box bounding their ink.
	block := func(lines []string, face font.Face, col color.RGBA, lead float64) image.Rectangle {
		m := face.Metrics()
		asc, desc := px(m.Ascent), px(m.Descent)
		top := y
		base := y + asc
		for i, l := range lines {
			if i > 0 {
				base += lead
			}
			p.runs = append(p.runs, run{s: l, face: face, col: col, x: fx(padL), y: fx(base)})
		}
		y = base + desc
		return image.Rect(padL, int(math.Floor(top)), padL+contentW, int(math.Ceil(y)))
	}

	if k := clean(c.Kicker, fontBold); strings.TrimSpace(k) != "" {
		face, err := newFace(fontBold, kickerSize)
		if err != nil {
			return nil, err
		}
		p.kicker, _ = wrap(face, k, maxW, 1)
		p.kickerBox = block(p.kicker, face, accent, 0)
		y += kickerAfter
	}

	var face font.Face
	for _, size := range titleSizes {
		f, err := newFace(fontBold, size)
		if err != nil {
			return nil, err
		}
		lines, fits := wrap(f, title, maxW, titleMax)
		face, p.title, p.titleSize = f, lines, size
		if fits {
			break
		}
	}
	p.titleBox = block(p.title, face, ink, p.titleSize*titleLead)

	if t := clean(c.Text, fontReg); strings.TrimSpace(t) != "" {
		f, err := newFace(fontReg, textSize)
		if err != nil {
			return nil, err
		}
		m := f.Metrics()
		lead := textSize * textLead
		room := contentLimit - (y + titleAfter) - px(m.Ascent) - px(m.Descent)
		if n := min(textMax, 1+int(math.Floor(room/lead))); room >= 0 && n > 0 {
			y += titleAfter
			p.text, _ = wrap(f, t, maxW, n)
			p.textBox = block(p.text, f, muted, lead)
		}
	}

	// Centre the block in the room above the footer, a little above the
	// middle (optical centre).
	if free := contentLimit - y; free > 0 {
		dy := int(free * centreBias)
		for i := range p.runs {
			p.runs[i].y += fixed.I(dy)
		}
		for _, b := range []*image.Rectangle{&p.kickerBox, &p.titleBox, &p.textBox} {
			if !b.Empty() {
				*b = b.Add(image.Pt(0, dy))
			}
		}
	}

	if err := p.footer(c); err != nil {
		return nil, err
	}
	return p, nil
}

// footer lays out the bottom line: the book, the site name in bold, the
// edition, and the language marker at the right.
func (p *plan) footer(c Card) error {
	bold, err := newFace(fontBold, siteSize)
	if err != nil {
		return err
	}
	reg, err := newFace(fontReg, siteSize)
	if err != nil {
		return err
	}
	mid := float64(footerTop) + iconSize/2.0
	right := cardW - padR
	if lang := langMarker(c.Lang); lang != "" {
		f, err := newFace(fontBold, langSize)
		if err != nil {
			return err
		}
		w := int(math.Ceil(px(font.MeasureString(f, lang)))) + 2*pillPadX
		p.pill = image.Rect(right-w, int(mid)-pillH/2, right, int(mid)+pillH/2)
		capH := px(f.Metrics().CapHeight)
		p.runs = append(p.runs, run{s: lang, face: f, col: paper,
			x: fx(float64(right - w + pillPadX)), y: fx(mid + capH/2)})
		right -= w + 28
	}
	// The site name comes first; the edition takes the room left, cut with
	// an ellipsis, or is left out when that room is too small.
	x := fx(padL + iconSize + 22)
	avail := fx(float64(right)) - x
	base := fx(mid + px(bold.Metrics().CapHeight)/2)
	var site []string
	if s := clean(c.Site, fontBold); strings.TrimSpace(s) != "" {
		site, _ = wrap(bold, s, avail, 1)
		p.runs = append(p.runs, run{s: site[0], face: bold, col: ink, x: x, y: base})
		x += font.MeasureString(bold, site[0])
		avail = fx(float64(right)) - x
	}
	if ed := clean(c.Edition, fontReg); strings.TrimSpace(ed) != "" {
		sep := ""
		if site != nil {
			sep = " – "
		}
		sepW := font.MeasureString(reg, sep)
		if room := avail - sepW; room >= fx(minEdition) {
			lines, _ := wrap(reg, ed, room, 1)
			p.runs = append(p.runs, run{s: sep + lines[0], face: reg, col: muted, x: x, y: base})
		}
	}
	p.footerBox = image.Rect(padL, footerTop, cardW-padR, footerTop+iconSize)
	return nil
}

// langMarker turns a language code into its marker: "fr-FR" gives "FR".
func langMarker(lang string) string {
	lang, _, _ = strings.Cut(strings.TrimSpace(lang), "-")
	lang, _, _ = strings.Cut(lang, "_")
	if len(lang) > 3 || strings.IndexFunc(lang, func(r rune) bool { return !unicode.IsLetter(r) || r > unicode.MaxASCII }) >= 0 {
		return ""
	}
	return strings.ToUpper(lang)
}

// draw paints the planned card.
func (p *plan) draw() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, cardW, cardH))
	fillRect(img, img.Bounds(), paper)
	fillRect(img, image.Rect(0, 0, bandW, cardH), accent)
	fillRect(img, image.Rect(padL, ruleY, cardW-padR, ruleY+ruleH), rule)
	drawBook(img, padL, footerTop, iconSize, true)
	if !p.pill.Empty() {
		q := p.pill
		r := float32(q.Dy()) / 2
		fillRRects(img, accent, rrect{float32(q.Min.X), float32(q.Min.Y), float32(q.Max.X), float32(q.Max.Y), r, r, r, r})
	}
	d := font.Drawer{Dst: img}
	for _, r := range p.runs {
		if r.s == "" {
			continue
		}
		d.Src, d.Face, d.Dot = image.NewUniform(r.col), r.face, fixed.Point26_6{X: r.x, Y: r.y}
		d.DrawString(r.s)
	}
	return img
}

func fillRect(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// ramp returns fg over bg at the 15 partial coverages k/16: the shades of
// an antialiased edge between the two.
func ramp(fg, bg color.RGBA) []color.Color {
	const steps = 16
	out := make([]color.Color, 0, steps-1)
	mix := func(a, b uint8, k int) uint8 { return uint8((int(a)*k + int(b)*(steps-k) + steps/2) / steps) }
	for k := 1; k < steps; k++ {
		out = append(out, color.RGBA{mix(fg.R, bg.R, k), mix(fg.G, bg.G, k), mix(fg.B, bg.B, k), 0xff})
	}
	return out
}

// alphaRamp returns c at the 15 partial alphas k/16 (premultiplied).
func alphaRamp(c color.RGBA) []color.Color {
	return ramp(c, color.RGBA{})
}

// encode maps img onto pal (nearest colour, no dithering) and encodes it as
// a PNG. Paletted, a card takes about a third of the bytes of its RGBA form.
func encode(img *image.RGBA, pal color.Palette) ([]byte, error) {
	type rgba = [4]int32
	entries := make([]rgba, len(pal))
	for i, c := range pal {
		r, g, b, a := c.RGBA()
		entries[i] = rgba{int32(r >> 8), int32(g >> 8), int32(b >> 8), int32(a >> 8)}
	}
	nearest := func(c []uint8) uint8 {
		best, bestD := 0, int32(math.MaxInt32)
		for i, e := range entries {
			var d int32
			for j := range 4 {
				v := int32(c[j]) - e[j]
				d += v * v
			}
			if d < bestD {
				best, bestD = i, d
			}
		}
		return uint8(best)
	}
	b := img.Bounds()
	out := image.NewPaletted(b, pal)
	cache := make(map[[4]uint8]uint8)
	var last [4]uint8
	var lastIdx uint8
	haveLast := false
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		dst := out.Pix[out.PixOffset(b.Min.X, y):]
		for x := range b.Dx() {
			var k [4]uint8
			copy(k[:], row[4*x:4*x+4])
			if !haveLast || k != last {
				idx, ok := cache[k]
				if !ok {
					idx = nearest(k[:])
					cache[k] = idx
				}
				last, lastIdx, haveLast = k, idx, true
			}
			dst[x] = lastIdx
		}
	}
	var buf bytes.Buffer
	// Default compression, not the best: on these large flat areas the best
	// costs several times the time to save about a tenth of the bytes
	// (docs/performance.md, "Kept, with what each did").
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(&buf, out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
