//go:build e2e

package e2e

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/evanw/esbuild/pkg/api"
	goqr "github.com/piglig/go-qr"

	"compendium/generator/qr"
)

// qrBundle is theme/js/shared/qr.js alone, as a script that sets QR. The
// target is the site's, so that the module stays within what its bundles
// may hold.
func qrBundle(t testing.TB) string {
	t.Helper()
	r := api.Build(api.BuildOptions{
		EntryPoints: []string{"../../theme/js/shared/qr.js"},
		Bundle:      true,
		Format:      api.FormatIIFE,
		GlobalName:  "QR",
		Target:      api.ES2020,
		Write:       false,
	})
	if len(r.Errors) > 0 || len(r.OutputFiles) != 1 {
		t.Fatalf("bundling qr.js: %v", r.Errors)
	}
	return string(r.OutputFiles[0].Contents)
}

// qrProbe encodes a text in the page with both of qr.js's functions and
// returns the matrix as rows of 0 and 1, what the SVG holds, or the error.
const qrProbe = `((text, label) => {
  let q, svg;
  try {
    q = QR.qrMatrix(text);
    svg = QR.qrSVG(text, label);
  } catch (e) {
    return { err: String(e && e.message || e) || "threw" };
  }
  const rows = [];
  for (let y = 0; y < q.size; y++) {
    let r = "";
    for (let x = 0; x < q.size; x++) r += q.dark(x, y) ? "1" : "0";
    rows.push(r);
  }
  const paths = svg.querySelectorAll("path");
  return {
    size: q.size, version: q.version, level: q.level, mask: q.mask, rows,
    ns: svg.namespaceURI, tag: svg.tagName, class: svg.getAttribute("class"),
    viewBox: svg.getAttribute("viewBox"), hidden: svg.getAttribute("aria-hidden"),
    title: svg.querySelector("title")?.textContent, paths: paths.length, d: paths[0]?.getAttribute("d"),
  };
})`

// jsQR is what qrProbe returns.
type jsQR struct {
	Err, Level              string
	Size, Version, Mask     int
	Rows                    []string
	NS, Tag, Class, ViewBox string
	Hidden, Title, D        string
	Paths                   int
}

// qrLabel is the title every code gets: the characters HTML escapes, which
// the DOM must take as text.
const qrLabel = `Lien « vers » <&"'>`

// qrFormat reads the level and mask a symbol's format information states,
// from its copy around the top-left finder, to say which mask Go chose.
func qrFormat(dark func(x, y int) bool) (level string, mask int) {
	f := 0
	at := func(i, x, y int) {
		if dark(x, y) {
			f |= 1 << i
		}
	}
	for i := 0; i < 6; i++ {
		at(i, 8, i)
	}
	at(6, 8, 7)
	at(7, 8, 8)
	at(8, 7, 8)
	for i := 9; i < 15; i++ {
		at(i, 14-i, 8)
	}
	f ^= 0x5412
	return [...]string{"M", "L", "H", "Q"}[f>>13], f >> 10 & 7
}

// qrVersion is the version goqr gives text at level M, 41 when it does not
// fit. A mask set in advance spares the choice of one, which is most of the
// time an encoding takes and has no bearing on the version.
func qrVersion(text string) int {
	segs, err := goqr.MakeSegments(text)
	if err != nil {
		return 41
	}
	q, err := goqr.EncodeSegments(segs, goqr.Medium, goqr.MinVersion, goqr.MaxVersion, 0, true)
	if err != nil {
		return 41
	}
	return (q.Size() - 17) / 4
}

// qrBoundaries returns, for every version, the longest text(n) that goqr
// puts in that version or a smaller one, and the text one character longer;
// the last of them is too long for any QR code.
func qrBoundaries(text func(n int) string, most int) []string {
	var out []string
	lo := 0
	for v := 1; v <= 40; v++ {
		// The longest n in [lo, most] with a version at most v.
		hi := most
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if qrVersion(text(mid)) <= v {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		out = append(out, text(lo), text(lo+1))
	}
	return out
}

// qrTexts returns the texts TestQRMatchesGo encodes, in each mode the
// encoders choose from: digits, the alphanumeric set, and bytes (URLs with a
// character's state, French with accents, emoji), of many lengths, and at
// every version's boundary in each mode, where the version, the count
// field's width or the level raised changes from one character to the next.
func qrTexts() []string {
	rng := rand.New(rand.NewPCG(18004, 2015))
	digits := make([]byte, 8000)
	alnum := make([]byte, 5000)
	for i := range digits {
		digits[i] = byte('0' + rng.IntN(10))
	}
	const set = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
	for i := range alnum {
		alnum[i] = set[rng.IntN(len(set))]
	}
	raw := make([]byte, 1200)
	for i := range raw {
		raw[i] = byte(rng.IntN(256))
	}
	payload := base64.RawURLEncoding.EncodeToString(raw)
	french := []rune(strings.Repeat("Règle 3 : l’épée à deux mains inflige 2d6 ☠️ — ça coûte cher 🎲, « Œuvre » naïve. ", 40))

	texts := []string{"", "0", "7", "42", "HELLO WORLD", "$%*+-./: ", "HTTPS://RULES.EXAMPLE.ORG/FR/",
		"Hello world", "https://rules.example.org/", "é", "🎲", "👩‍👩‍👧 🇫🇷", "Ça coûte cher.",
		"Caractéristiques : Force, Dextérité, Constitution, Intelligence, Sagesse, Charisme.",
		"Règle 3 : l’épée à deux mains inflige 2d6 ☠️", "Œuvre « Élan » naïve — déjà vu ?", "1234567890\n", "12 34"}
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 10, 17, 41, 100, 250, 500, 1000, 3000} {
		texts = append(texts, string(digits[:n]))
	}
	for _, n := range []int{1, 2, 3, 11, 25, 47, 100, 300, 1000, 2000} {
		texts = append(texts, string(alnum[:n]))
	}
	for n := 10; n <= 1500; n += 10 + n/12 {
		texts = append(texts, "https://rules.example.org/fr/character/#c="+payload[:n])
	}
	texts = append(texts, "https://rules.example.org/fr/character/#c="+payload[:1500])
	for _, n := range []int{1, 5, 20, 60, 200, 600} {
		texts = append(texts, string(french[:n]))
	}
	texts = append(texts, qrBoundaries(func(n int) string { return string(digits[:n]) }, len(digits)-1)...)
	texts = append(texts, qrBoundaries(func(n int) string { return string(alnum[:n]) }, len(alnum)-1)...)
	texts = append(texts, qrBoundaries(func(n int) string { return string(french[:n]) }, len(french)-1)...)
	return texts
}

var svgPath = regexp.MustCompile(`viewBox="([^"]*)".*<path d="([^"]*)"`)

// short is text for a failure message: whole when short, else its start.
func short(text string) string {
	r := []rune(text)
	if len(r) <= 60 {
		return fmt.Sprintf("%q", text)
	}
	return fmt.Sprintf("%q… (%d bytes)", string(r[:60]), len(text))
}

// TestQRMatchesGo: theme/js/shared/qr.js, in Chromium, makes the very
// module matrix goqr.EncodeText(text, goqr.Medium) makes, and the same SVG
// path as generator/qr.SVG, for some hundreds of texts; the texts too long
// for version 40 throw in both. The test stops at the first difference with
// the text, both versions, levels and masks, and the first module that
// differs. It also checks that the texts reach every version, every mask
// and the three levels a code at M can get, so that none goes untried.
func TestQRMatchesGo(t *testing.T) {
	// It only reads the site, in tabs of its own: it runs beside the
	// other readers (make test gives go test -parallel 4), its waits
	// filled by theirs.
	t.Parallel()
	start := time.Now()
	texts := qrTexts()
	b := newBrowserWithin(t, 800, 600, false, 3*time.Minute)
	if err := chromedp.Run(b.Ctx, chromedp.Navigate("about:blank"), chromedp.Evaluate(qrBundle(t), nil)); err != nil {
		t.Fatal(err)
	}
	versions, masks, levels := map[int]bool{}, map[int]bool{}, map[string]bool{}
	tooLong := 0
	for _, text := range texts {
		arg, _ := json.Marshal(text)
		label, _ := json.Marshal(qrLabel)
		var js jsQR
		if err := chromedp.Run(b.Ctx, chromedp.Evaluate(qrProbe+"("+string(arg)+", "+string(label)+")", &js)); err != nil {
			t.Fatalf("%s: %v", short(text), err)
		}
		q, err := goqr.EncodeText(text, goqr.Medium)
		svg, svgErr := qr.SVG(text, qrLabel)
		if err != nil {
			if js.Err == "" {
				t.Fatalf("%s: Go: %v; JS made a version %d code", short(text), err, js.Version)
			}
			if svgErr == nil {
				t.Fatalf("%s: goqr failed (%v) but qr.SVG did not", short(text), err)
			}
			if tooLong++; tooLong == 1 {
				t.Logf("too long: Go: %v; JS: %s", err, js.Err)
			}
			continue
		}
		if js.Err != "" {
			t.Fatalf("%s: JS threw %q; Go made a version %d code", short(text), js.Err, (q.Size()-17)/4)
		}
		n := q.Size()
		level, mask := qrFormat(q.Module)
		versions[(n-17)/4], masks[mask], levels[level] = true, true, true
		where := fmt.Sprintf("%s: Go version %d, level %s, mask %d; JS version %d, level %s, mask %d", short(text), (n-17)/4, level, mask, js.Version, js.Level, js.Mask)
		if js.Size != n || len(js.Rows) != n {
			t.Fatalf("%s: Go size %d, JS size %d (%d rows)", where, n, js.Size, len(js.Rows))
		}
		for y := 0; y < n; y++ {
			if len(js.Rows[y]) != n {
				t.Fatalf("%s: JS row %d has %d modules", where, y, len(js.Rows[y]))
			}
			for x := 0; x < n; x++ {
				if go1, js1 := q.Module(x, y), js.Rows[y][x] == '1'; go1 != js1 {
					t.Fatalf("%s: first differing module (x %d, y %d): dark in Go %v, in JS %v", where, x, y, go1, js1)
				}
			}
		}
		m := svgPath.FindStringSubmatch(svg)
		if svgErr != nil || m == nil {
			t.Fatalf("%s: qr.SVG: %v %q", where, svgErr, svg)
		}
		if js.NS != "http://www.w3.org/2000/svg" || js.Tag != "svg" || js.Class != "qr" || js.Hidden != "true" || js.Title != qrLabel || js.Paths != 1 {
			t.Fatalf("%s: JS SVG: namespace %q, tag %q, class %q, aria-hidden %q, title %q, %d paths", where, js.NS, js.Tag, js.Class, js.Hidden, js.Title, js.Paths)
		}
		if js.ViewBox != m[1] || js.D != m[2] {
			at := 0
			for at < len(js.D) && at < len(m[2]) && js.D[at] == m[2][at] {
				at++
			}
			t.Fatalf("%s: SVG viewBox %q in Go, %q in JS; path d differs from byte %d: Go …%.40s, JS …%.40s", where, m[1], js.ViewBox, at, m[2][at:], js.D[at:])
		}
	}
	if len(versions) != 40 || len(masks) != 8 || len(levels) != 3 || tooLong != 3 {
		t.Errorf("the texts reach %d versions, %d masks, levels %v and %d texts too long; want 40, 8, M Q H and 3 (one per mode)", len(versions), len(masks), levels, tooLong)
	}
	t.Logf("%d texts (%d too long for version 40) agree, over 40 versions, 8 masks and levels M, Q, H, in %v", len(texts), tooLong, time.Since(start).Round(time.Millisecond))
}
