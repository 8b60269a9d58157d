package qr

import (
	"testing"

	"compendium/generator/qr/qrtest"
)

func TestSVGDecodes(t *testing.T) {
	for _, text := range []string{
		"https://example.org/fr/fantasy/armor/",
		"https://compendium.example.org/fr/heroes-and-dragons/short-and-long-rests/",
		"http://127.0.0.1:8080/en/contemporary/first-aid/",
	} {
		svg, err := SVG(text, "label")
		if err != nil {
			t.Fatal(err)
		}
		if got := qrtest.Decode(t, svg); got != text {
			t.Errorf("%s decodes to %s", text, got)
		}
		if len(svg) > 6000 {
			t.Errorf("%s: %d bytes of SVG", text, len(svg))
		}
	}
}
