package cards

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/text/unicode/norm"
)

// The two fonts are parsed once. An *opentype.Font is safe for concurrent
// use; the faces made from it are not, so every render makes its own. A face
// is a small struct with lazily grown buffers and no glyph cache: making one
// per call measured as fast as taking it from a sync.Pool and needs no
// locking.
var (
	fontsOnce         sync.Once
	fontReg, fontBold *opentype.Font
	fontErr           error
	ellipsis          = "…" // "..." if the fonts lacked it
)

// nbsp marks, in cleaned text, a space drawn as a space but never broken.
const nbsp = '\u00a0'

func loadFonts() error {
	fontsOnce.Do(func() {
		fontReg, fontErr = opentype.Parse(goregular.TTF)
		if fontErr != nil {
			return
		}
		fontBold, fontErr = opentype.Parse(gobold.TTF)
		if fontErr != nil {
			return
		}
		if !hasGlyph(fontReg, nil, '…') || !hasGlyph(fontBold, nil, '…') {
			ellipsis = "..."
		}
	})
	return fontErr
}

// newFace returns a face of f at size pixels (72 dpi: 1 point = 1 pixel),
// without hinting so that advances keep their fractional widths.
func newFace(f *opentype.Font, size float64) (font.Face, error) {
	return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
}

// hasGlyph reports whether f maps r to a real glyph (index 0 is .notdef, the
// "tofu" box).
func hasGlyph(f *opentype.Font, b *sfnt.Buffer, r rune) bool {
	i, err := f.GlyphIndex(b, r)
	return err == nil && i != 0
}

// fallbacks replace characters the Go fonts lack (checked against goregular
// and gobold) and that neither their compatibility form nor their base letter
// covers; the generic fallbacks of clean handle the rest.
var fallbacks = map[rune]string{
	'\u2010': "-", '\u2011': "-", '\u2012': "–", '\u2043': "-", // hyphens, figure dash
	'\u2035': "'", '\u2036': "\"", // reversed primes
	'\u2027': "·", '\u22c5': "·", // hyphenation point, dot operator
	'\u2713': "", '\u2714': "", '\u2715': "×", '\u2717': "×", // check and cross marks
}

// clean prepares s for drawing with f: it composes accents (NFC), turns the
// no-break spaces (U+00A0, U+202F, U+2007) into the nbsp marker, other white
// space into plain spaces, drops invisible and control characters, and
// replaces every character f has no glyph for by a close fallback, or drops
// it: nothing is ever drawn as a .notdef box.
func clean(s string, f *opentype.Font) string {
	var buf sfnt.Buffer
	has := func(r rune) bool { return hasGlyph(f, &buf, r) }
	all := func(s string) bool {
		for _, r := range s {
			if r == ' ' || !has(r) {
				return false
			}
		}
		return true
	}
	var b strings.Builder
	for _, r := range norm.NFC.String(s) {
		switch {
		case r == '\u00a0' || r == '\u202f' || r == '\u2007':
			b.WriteRune(nbsp)
		case r == '\u00ad' || r == '\u200b' || r == '\u200c' || r == '\u200d' ||
			r == '\u2060' || r == '\ufeff' || r == utf8.RuneError:
			// soft hyphen, zero-width characters, BOM: invisible
		case unicode.IsSpace(r):
			b.WriteByte(' ')
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
		case has(r):
			b.WriteRune(r)
		default:
			if fb, ok := fallbacks[r]; ok && (fb == "" || all(fb)) {
				b.WriteString(fb)
				break
			}
			// Compatibility form (ligatures, superscripts, full-width
			// letters), then the base letter without its accents.
			if k := norm.NFKC.String(string(r)); k != string(r) && all(k) {
				b.WriteString(k)
				break
			}
			if d := []rune(norm.NFD.String(string(r))); d[0] != r && has(d[0]) {
				b.WriteRune(d[0])
			}
		}
	}
	return b.String()
}

// words splits cleaned text at its plain spaces (never at the nbsp marker)
// and turns each marker into a space of normal width.
func words(s string) []string {
	ws := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' })
	for i, w := range ws {
		ws[i] = strings.ReplaceAll(w, string(nbsp), " ")
	}
	return ws
}

// wrap breaks cleaned text s into lines no wider than maxW, breaking only at
// plain spaces and never hyphenating. A word wider than a line on its own is
// cut with an ellipsis. Past maxLines the text is clamped: the last line ends
// with an ellipsis. fits reports that nothing was cut.
func wrap(face font.Face, s string, maxW fixed.Int26_6, maxLines int) (lines []string, fits bool) {
	fits = true
	cur := ""
	for _, w := range words(s) {
		if cur != "" {
			if font.MeasureString(face, cur+" "+w) <= maxW {
				cur += " " + w
				continue
			}
			lines = append(lines, cur)
			cur = ""
		}
		if font.MeasureString(face, w) > maxW {
			lines = append(lines, cut(face, w, maxW))
			fits = false
			continue
		}
		cur = w
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	if maxLines > 0 && len(lines) > maxLines {
		lines = lines[:maxLines]
		lines[maxLines-1] = clamp(face, lines[maxLines-1], maxW)
		fits = false
	}
	return lines, fits
}

// cut shortens a single word, rune by rune, until it fits with an ellipsis.
func cut(face font.Face, w string, maxW fixed.Int26_6) string {
	r := []rune(strings.TrimSuffix(w, ellipsis))
	for len(r) > 0 && font.MeasureString(face, string(r)+ellipsis) > maxW {
		r = r[:len(r)-1]
	}
	return strings.TrimRightFunc(string(r), trailing) + ellipsis
}

// clamp ends a line with an ellipsis, dropping whole words from its end
// until it fits (and cutting the first word if even that is too wide).
func clamp(face font.Face, line string, maxW fixed.Int26_6) string {
	line = strings.TrimRightFunc(line, trailing)
	for {
		if font.MeasureString(face, line+ellipsis) <= maxW {
			return line + ellipsis
		}
		i := strings.LastIndexByte(line, ' ')
		if i <= 0 {
			return cut(face, line, maxW)
		}
		line = strings.TrimRightFunc(line[:i], trailing)
	}
}

// trailing reports the characters that should not stand before an ellipsis.
func trailing(r rune) bool {
	return unicode.IsSpace(r) || strings.ContainsRune(",;:.-–—«(\"'’", r)
}
