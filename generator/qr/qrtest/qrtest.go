// Package qrtest reads back the QR codes package qr draws, for tests: it
// rasterises their SVG as a printer would and decodes the image with
// ZXing's decoder (github.com/makiuchi-d/gozxing, a maintained Go port).
package qrtest

import (
	"image"
	"image/color"
	"image/draw"
	"regexp"
	"strconv"
	"testing"

	"github.com/makiuchi-d/gozxing"
	gozxingqr "github.com/makiuchi-d/gozxing/qrcode"
)

var (
	viewBox = regexp.MustCompile(`viewBox="-2 -2 (\d+) \d+"`)
	run     = regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-\d+z`)
)

// Raster draws the SVG's path as an image, 8 pixels a module, on white:
// what a printer puts on paper, for a decoder to read.
func Raster(t testing.TB, svg string) image.Image {
	t.Helper()
	m := viewBox.FindStringSubmatch(svg)
	if m == nil {
		t.Fatalf("no viewBox in %.80s", svg)
	}
	n, _ := strconv.Atoi(m[1])
	const px = 8
	img := image.NewGray(image.Rect(0, 0, n*px, n*px))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	for _, r := range run.FindAllStringSubmatch(svg, -1) {
		x, _ := strconv.Atoi(r[1])
		y, _ := strconv.Atoi(r[2])
		w, _ := strconv.Atoi(r[3])
		// The viewBox starts at -2: the quiet zone.
		draw.Draw(img, image.Rect((x+2)*px, (y+2)*px, (x+2+w)*px, (y+3)*px), image.NewUniform(color.Black), image.Point{}, draw.Src)
	}
	return img
}

// Decode reads a QR code SVG back with ZXing's decoder (Go port).
func Decode(t testing.TB, svg string) string {
	t.Helper()
	bmp, err := gozxing.NewBinaryBitmapFromImage(Raster(t, svg))
	if err != nil {
		t.Fatal(err)
	}
	res, err := gozxingqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("decoding: %v", err)
	}
	return res.GetText()
}
