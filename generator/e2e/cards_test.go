//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/hex"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/makiuchi-d/gozxing"
	gozxingqr "github.com/makiuchi-d/gozxing/qrcode"
)

// cardsSections are the sections TestCards prints: a short one, one long
// enough to go on a second A6 card, and one of another game.
var cardsSections = []string{"fantasy#combat", "fantasy#armor", "spellcasting#casting"}

// cardsState is what TestCards reads of the print preview.
type cardsState struct {
	Status     string
	Sheets     []int    // cards per sheet
	Titles     []string // each card's title, without its "continued" mark
	Continued  int      // cards marked as continued
	Cuts       int      // cut marks
	Overflow   []string // titles of cards whose text runs past their box
	Background string   // a card's background under print media
	SheetW     float64  // a sheet's width in CSS px
	Offered    []string // the first section offered of each game, in order
}

const cardsRead = `(() => {
  const cards = [...document.querySelectorAll(".cards-preview .card")];
  return {
    Status: document.querySelector(".cards-status").textContent,
    Sheets: [...document.querySelectorAll(".cards-sheet")].map((s) => s.querySelectorAll(".card").length),
    Titles: cards.map((c) => c.querySelector(".card-title").firstChild.textContent),
    Continued: document.querySelectorAll(".card-continued").length,
    Cuts: document.querySelectorAll(".card-cut").length,
    Overflow: cards.filter((c) => { const b = c.querySelector(".card-body"); return b.scrollHeight > b.clientHeight + 1; }).map((c) => c.querySelector(".card-title").textContent),
    Background: cards.length ? getComputedStyle(cards[0]).backgroundColor : "",
    SheetW: document.querySelector(".cards-sheet")?.getBoundingClientRect().width || 0,
    Offered: [...document.querySelectorAll(".cards-game")].map((g) => g.dataset.game + ":" + g.querySelector("input").value + (g.querySelector("li .cards-tag") ? "*" : "")),
  };
})()`

// cardsMake checks the sections of cardsSections, the layout and asks for
// the cards, then waits for the preview.
func cardsMake(layout string) chromedp.Action {
	js := `(() => {
  const f = document.querySelector(".cards-form");
  for (const i of f.querySelectorAll("input[name=section]")) i.checked = ` + jsList(cardsSections) + `.includes(i.value);
  f.querySelector("input[name=layout][value=` + layout + `]").checked = true;
  f.querySelector("input[name=glossary]").checked = true;
  document.querySelector(".cards-status").textContent = "";
  f.requestSubmit();
})()`
	return chromedp.Tasks{
		chromedp.Evaluate(js, nil),
		chromedp.Poll(`document.querySelector(".cards-status").textContent !== ""`, nil),
	}
}

func jsList(l []string) string {
	return `["` + strings.Join(l, `","`) + `"]`
}

// cardsAxe runs axe-core on the page as it is and fails on a violation.
func cardsAxe(t *testing.T, b *Browser, axe, when string) {
	t.Helper()
	axeOn(t, b.Ctx, axe, "document", "cards page, "+when)
}

// pdfTitles returns the /Title strings of a PDF (the document's and its
// outline entries', which Chromium makes of the headings), one a line:
// UTF-16 in hexadecimal or a plain literal, as Chromium writes them.
func pdfTitles(pdf []byte) string {
	var out strings.Builder
	for _, m := range regexp.MustCompile(`/Title\s*(?:<FEFF([0-9A-Fa-f]*)>|\(([^()\\]*)\))`).FindAllSubmatch(pdf, -1) {
		if m[1] == nil {
			out.WriteString(string(m[2]) + "\n")
			continue
		}
		raw, err := hex.DecodeString(string(m[1]))
		if err != nil || len(raw)%2 != 0 {
			continue
		}
		u := make([]uint16, len(raw)/2)
		for i := range u {
			u[i] = uint16(raw[2*i])<<8 | uint16(raw[2*i+1])
		}
		out.WriteString(string(utf16.Decode(u)) + "\n")
	}
	return out.String()
}

// decodeCard reads the QR code of a screenshot of a card's code.
func decodeCard(t *testing.T, shot []byte) string {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := gozxingqr.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		return "(unreadable: " + err.Error() + ")"
	}
	return res.GetText()
}

// TestCards: on the pocket cards page, the character's sections are
// offered first; the page, before and after the cards are made, passes
// axe-core; the chosen sections make A6 cards four to an A4 sheet
// and A7 cards eight, with cut marks, or one A6 card a page, a long section goes on a second
// card marked as continued and no card's text runs past its box; each
// card's QR code reads as its section's address; in dark mode the cards
// print black on white, and the PDF has one page per sheet, of its paper
// (A4, or A6 for a card a page), and the cards' titles in its outline. With
// CARDS_SHOTS=dir it writes the chooser at 390 px and a sheet of each
// layout there.
func TestCards(t *testing.T) {
	shots := os.Getenv("CARDS_SHOTS")
	b := newBrowser(t, 1000, 1200, false)
	var st cardsState
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/cards/"),
		chromedp.Evaluate(`localStorage.setItem("compendium.character.v1", JSON.stringify({games: {spellcasting: {}}}));
			localStorage.setItem("compendium.notes.v1", JSON.stringify({v: 1, notes: {"fantasy#shields": {doc: "fantasy", id: "shields", mark: true}}}))`, nil),
		chromedp.Reload(),
		chromedp.WaitVisible(`.cards-form`),
		chromedp.Evaluate(cardsRead, &st),
	)
	if err != nil {
		t.Fatal(err)
	}
	axe := axeSource(t)
	cardsAxe(t, b, axe, "the chooser")
	// The games with something offered come first (here the bookmark's
	// and the character's), each with that section first and tagged.
	if len(st.Offered) < 2 || !slices.Contains(st.Offered[:2], "spellcasting:spellcasting#casting*") {
		t.Errorf("games offered %v: want the stored character's game among the first, its calculator's section first and tagged", st.Offered)
	}
	// A bookmarked section comes first in its game, tagged.
	if !slices.Contains(st.Offered, "fantasy:fantasy#shields*") {
		t.Errorf("games offered %v: want the bookmarked fantasy#shields first in its game and tagged", st.Offered)
	}
	want := map[string]bool{}
	for _, layout := range []struct {
		name    string
		perPage int
		// The paper's size in points, and the cut marks a card has.
		w, h float64
		cuts int
	}{{"a6", 4, 595.28, 841.89, 4}, {"a7", 8, 595.28, 841.89, 4}, {"page", 1, 297.64, 419.53, 0}} {
		st = cardsState{}
		var pdf []byte
		err := chromedp.Run(b.Ctx,
			emulation.SetDeviceMetricsOverride(1000, 1200, 2, false),
			cardsMake(layout.name),
			chromedp.Evaluate(cardsRead, &st),
		)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s sheets %v titles %q", layout.name, st.Status, st.Sheets, st.Titles)
		cardsAxe(t, b, axe, layout.name+" cards")
		for i, n := range st.Sheets {
			if n != layout.perPage && i < len(st.Sheets)-1 {
				t.Errorf("%s: sheet %d holds %d cards, want %d", layout.name, i+1, n, layout.perPage)
			}
		}
		if st.Cuts != layout.cuts*len(st.Titles) {
			t.Errorf("%s: %d cut marks for %d cards", layout.name, st.Cuts, len(st.Titles))
		}
		if st.Continued == 0 {
			t.Errorf("%s: no card continued: the long section fit on one card?", layout.name)
		}
		if len(st.Overflow) > 0 {
			t.Errorf("%s: cards whose text runs past their box: %q", layout.name, st.Overflow)
		}
		for _, title := range []string{"2.1. Combats", "2.4. L’armure", "Lancement d’un sort"} {
			found := false
			for _, got := range st.Titles {
				found = found || strings.TrimSpace(got) == title
			}
			if !found {
				t.Errorf("%s: no card titled %q in %q", layout.name, title, st.Titles)
			}
		}
		// Each card's QR code, read from a screenshot of it as it prints.
		for i := range st.Titles {
			var shot []byte
			var r struct{ X, Y, W, H float64 }
			err := chromedp.Run(b.Ctx,
				chromedp.Evaluate(`(() => { const r = document.querySelectorAll(".cards-preview .card .qr")[`+strconv.Itoa(i)+`].getBoundingClientRect(); return {X: r.x + scrollX, Y: r.y + scrollY, W: r.width, H: r.height}; })()`, &r),
				chromedp.ActionFunc(func(ctx context.Context) error {
					var err error
					// Three device pixels a CSS pixel and a margin around
					// the code: at A7 a module is about two CSS pixels, and
					// a reader wants a quiet zone (at scale 1 one run read
					// a 29-module code as 31).
					const m = 6
					shot, err = page.CaptureScreenshot().WithClip(&page.Viewport{X: r.X - m, Y: r.Y - m, Width: r.W + 2*m, Height: r.H + 2*m, Scale: 3}).WithCaptureBeyondViewport(true).Do(ctx)
					return err
				}),
			)
			if err != nil {
				t.Fatal(err)
			}
			got := decodeCard(t, shot)
			ok := false
			for _, s := range cardsSections {
				slug, id, _ := strings.Cut(s, "#")
				u := baseURL + "/fr/" + slug + "/#" + id
				want[u] = true
				ok = ok || got == u
			}
			if !ok {
				t.Errorf("%s: card %d (%s): QR code reads %q, want a chosen section's address", layout.name, i+1, st.Titles[i], got)
			}
		}
		// Dark mode does not print dark; the PDF has a page a sheet, of its paper,
		// and its outline the cards' titles (tagged, as an outline needs).
		err = chromedp.Run(b.Ctx,
			emulation.SetEmulatedMedia().WithMedia("print").WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}),
			chromedp.Evaluate(cardsRead, &st),
			chromedp.ActionFunc(func(ctx context.Context) error {
				if shots == "" {
					return nil
				}
				var shot []byte
				if err := chromedp.Screenshot(`.cards-sheet`, &shot, chromedp.ByQuery).Do(ctx); err != nil {
					return err
				}
				if layout.name == "page" {
					return nil
				}
				return os.WriteFile(filepath.Join(shots, "cards-sheet-"+layout.name+".png"), shot, 0o644)
			}),
			chromedp.ActionFunc(func(ctx context.Context) error {
				var err error
				pdf, _, err = page.PrintToPDF().WithPreferCSSPageSize(true).WithPrintBackground(true).WithGenerateTaggedPDF(true).WithGenerateDocumentOutline(true).Do(ctx)
				return err
			}),
			emulation.SetEmulatedMedia().WithMedia("").WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: ""}}),
		)
		if err != nil {
			t.Fatal(err)
		}
		if st.Background != "rgb(255, 255, 255)" {
			t.Errorf("%s: in dark mode a card prints on %s, want white", layout.name, st.Background)
		}
		boxes := regexp.MustCompile(`/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]`).FindAllSubmatch(pdf, -1)
		sized := 0
		for _, m := range boxes {
			w, _ := strconv.ParseFloat(string(m[1]), 64)
			h, _ := strconv.ParseFloat(string(m[2]), 64)
			if math.Abs(w-layout.w) < 2 && math.Abs(h-layout.h) < 2 {
				sized++
			}
		}
		// The PDF's outline is made of its headings: each card's title.
		outline := pdfTitles(pdf)
		for _, title := range []string{"2.1. Combats", "2.4. L’armure", "Lancement d’un sort"} {
			if !strings.Contains(outline, title) {
				t.Errorf("%s: the PDF's outline lacks %q", layout.name, title)
			}
		}
		if sized != len(st.Sheets) || len(boxes) != len(st.Sheets) {
			t.Errorf("%s: the PDF has %d pages, %d of them %v × %v pt, for %d sheets (the first: %s)", layout.name, len(boxes), sized, layout.w, layout.h, len(st.Sheets), boxes[0][0])
		}
	}
	// In English: the page's words, the continued mark, a section's
	// address in English.
	st = cardsState{}
	var cont, qrText string
	err = chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/en/cards/"),
		chromedp.WaitVisible(`.cards-form`),
		cardsMake("a7"),
		chromedp.Evaluate(cardsRead, &st),
		chromedp.Evaluate(`document.querySelector(".card-continued")?.textContent || ""`, &cont),
		chromedp.Evaluate(`document.querySelector(".card-url").textContent`, &qrText),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(st.Status, "Cards: ") || cont != "(continued)" || !strings.HasPrefix(qrText, baseURL+"/en/") || len(st.Overflow) > 0 {
		t.Errorf("/en/cards/: status %q, continued mark %q, first address %q, overflowing %q", st.Status, cont, qrText, st.Overflow)
	}
	// On a phone: the chooser, then the cards, which scroll sideways in
	// their own box, never the page.
	var shot []byte
	var wide int
	err = chromedp.Run(b.Ctx,
		emulation.SetDeviceMetricsOverride(390, 844, 1, true),
		chromedp.Navigate(baseURL+"/fr/cards/"),
		chromedp.WaitVisible(`.cards-form`),
		chromedp.FullScreenshot(&shot, 100),
		cardsMake("a6"),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &wide),
	)
	if err != nil {
		t.Fatal(err)
	}
	if wide > 390 {
		t.Errorf("at 390 px with cards made, the page is %d px wide", wide)
	}
	cardsAxe(t, b, axe, "390 px, A6 cards")
	if shots != "" {
		if err := os.WriteFile(filepath.Join(shots, "cards-page-390.png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
