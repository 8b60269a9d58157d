package cards

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// The book of theme/favicon.svg, in its 64-unit viewBox:
//
//	<rect width="64" height="64" rx="12" fill="#8a3b12"/>
//	<path d="M18 14h22a8 8 0 0 1 8 8v28H26a8 8 0 0 1-8-8z" fill="#fdfcf8"/>
//	<path d="M24 24h18M24 32h18M24 40h12" stroke="#8a3b12" stroke-width="3" stroke-linecap="round"/>
//
// The page is the box 18..48 × 14..50 with its top-right and bottom-left
// corners rounded (radius 8); the three lines, with round caps, are drawn as
// capsules.
const (
	bookUnits   = 64
	bookRadius  = 12
	bookLineW   = 3
	maskSafe    = 0.8 // maskable icons: the book drawn in the central 80 %
	maxIconSize = 4096
)

var bookLines = [3][3]float32{{24, 42, 24}, {24, 42, 32}, {24, 36, 40}} // x0, x1, y

// drawBook draws the book with its top-left corner at (x, y) and side
// size pixels onto dst. With square false only the page and its lines are
// drawn (on a background the caller filled).
func drawBook(dst *image.RGBA, x, y, size float32, square bool) {
	s := size / bookUnits
	at := func(x0, y0, x1, y1, tl, tr, br, bl float32) rrect {
		return rrect{x + x0*s, y + y0*s, x + x1*s, y + y1*s, tl * s, tr * s, br * s, bl * s}
	}
	if square {
		const r = bookRadius
		fillRRects(dst, accent, at(0, 0, bookUnits, bookUnits, r, r, r, r))
	}
	fillRRects(dst, paper, at(18, 14, 48, 50, 0, 8, 0, 8))
	var lines []rrect
	const h = bookLineW / 2.0
	for _, l := range bookLines {
		lines = append(lines, at(l[0]-h, l[2]-h, l[1]+h, l[2]+h, h, h, h, h))
	}
	fillRRects(dst, accent, lines...)
}

// rrect is a rectangle x0..x1 × y0..y1 with its corners rounded with the
// radii tl, tr, br, bl.
type rrect struct{ x0, y0, x1, y1, tl, tr, br, bl float32 }

// fillRRects fills the shapes with c, antialiased; the rasterizer covers
// only their bounding box.
func fillRRects(dst *image.RGBA, c color.RGBA, shapes ...rrect) {
	var box image.Rectangle
	for _, q := range shapes {
		box = box.Union(image.Rect(int(math.Floor(float64(q.x0))), int(math.Floor(float64(q.y0))),
			int(math.Ceil(float64(q.x1))), int(math.Ceil(float64(q.y1)))))
	}
	box = box.Intersect(dst.Bounds())
	if box.Empty() {
		return
	}
	var z vector.Rasterizer
	z.Reset(box.Dx(), box.Dy())
	dx, dy := float32(box.Min.X), float32(box.Min.Y)
	for _, q := range shapes {
		roundRect(&z, q.x0-dx, q.y0-dy, q.x1-dx, q.y1-dy, q.tl, q.tr, q.br, q.bl)
	}
	z.Draw(dst, box, image.NewUniform(c), image.Point{})
}

// roundRect adds the rectangle x0..x1 × y0..y1 to z, its corners rounded
// with the radii tl, tr, br, bl (quarter circles as cubic Béziers).
func roundRect(z *vector.Rasterizer, x0, y0, x1, y1, tl, tr, br, bl float32) {
	const k = 0.55228475 // control-point distance of a quarter circle, per radius
	z.MoveTo(x0+tl, y0)
	z.LineTo(x1-tr, y0)
	if tr > 0 {
		z.CubeTo(x1-tr+k*tr, y0, x1, y0+tr-k*tr, x1, y0+tr)
	}
	z.LineTo(x1, y1-br)
	if br > 0 {
		z.CubeTo(x1, y1-br+k*br, x1-br+k*br, y1, x1-br, y1)
	}
	z.LineTo(x0+bl, y1)
	if bl > 0 {
		z.CubeTo(x0+bl-k*bl, y1, x0, y1-bl+k*bl, x0, y1-bl)
	}
	z.LineTo(x0, y0+tl)
	if tl > 0 {
		z.CubeTo(x0, y0+tl-k*tl, x0+tl-k*tl, y0, x0+tl, y0)
	}
	z.ClosePath()
}

// iconPalette holds every colour an icon can have: transparent, the two
// flat colours, the antialiased edge of the rounded square (accent at
// partial alpha) and of the page and lines (paper blended with accent).
var iconPalette = func() color.Palette {
	p := color.Palette{color.RGBA{}, accent, paper}
	p = append(p, alphaRamp(accent)...)
	return append(p, ramp(paper, accent)...)
}()

// Icon returns the site's book icon as a size×size PNG, for the web app
// manifest and the apple-touch-icon.
//
// Not maskable, it is theme/favicon.svg: the rounded square with transparent
// corners (manifest "purpose": "any"). Maskable, the background is a
// full-bleed square and the book stays inside the central 80 % (the W3C safe
// zone is the centred circle of radius 40 %), so that any mask shape the
// platform applies keeps it whole (manifest "purpose": "maskable").
// For the apple-touch-icon use the maskable form: iOS rounds the corners
// itself and shows transparent pixels as black.
func Icon(size int, maskable bool) ([]byte, error) {
	if size < 16 || size > maxIconSize {
		return nil, fmt.Errorf("cards: icon size %d out of range 16..%d", size, maxIconSize)
	}
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	n := float32(size)
	if maskable {
		fillRect(img, img.Bounds(), accent)
		drawBook(img, n*(1-maskSafe)/2, n*(1-maskSafe)/2, n*maskSafe, false)
	} else {
		drawBook(img, 0, 0, n, true)
	}
	return encode(img, iconPalette)
}
