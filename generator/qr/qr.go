// Package qr draws QR codes as inline SVG, for the printed book: each
// section's heading carries one of the section's link, so that a printed
// page leads a phone to the live section and its calculator.
//
// The encoder is github.com/piglig/go-qr, a Go port of Nayuki's QR Code
// generator (the reference implementation many libraries test against):
// pure Go, no dependencies, maintained, and it exposes the module matrix,
// from which this package writes its own compact SVG (one path of row
// runs: half the size of the library's own SVG with its per-module
// rectangles).
package qr

import (
	"fmt"
	"html"
	"strings"

	goqr "github.com/piglig/go-qr"
)

// SVG returns a QR code of text as an SVG element with the class "qr",
// hidden from assistive technology (the link it encodes is on the page),
// titled label for a sighted reader who hovers it. Error correction is
// Medium: a code printed 2 cm wide on a booklet page survives a crease.
func SVG(text, label string) (string, error) {
	q, err := goqr.EncodeText(text, goqr.Medium)
	if err != nil {
		return "", fmt.Errorf("qr: %q: %w", text, err)
	}
	n := q.Size()
	var b strings.Builder
	// A quiet zone of two modules, as scanners need one.
	fmt.Fprintf(&b, `<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 %d %d" aria-hidden="true"><title>%s</title><path d="`, n+4, n+4, html.EscapeString(label))
	for y := 0; y < n; y++ {
		for x := 0; x < n; {
			if !q.Module(x, y) {
				x++
				continue
			}
			start := x
			for x < n && q.Module(x, y) {
				x++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", start, y, x-start, x-start)
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String(), nil
}

// File returns a QR code of text as a standalone SVG file, 2 cm square,
// for a style sheet to place (content: url(…)) when a page is printed.
func File(text string) ([]byte, error) {
	svg, err := SVG(text, text)
	if err != nil {
		return nil, err
	}
	return []byte(strings.Replace(svg, `<svg class="qr" `, `<svg width="2cm" height="2cm" `, 1) + "\n"), nil
}
