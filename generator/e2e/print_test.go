//go:build e2e

package e2e

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestPrintRulesPage: printed, a rules page shows no interface (header,
// contents, link and language controls, search, buttons), carries its
// footer (the document's short name, the edition, its address), says where
// a cross-reference leads, and prints a calculator as what it was computed
// for with its answer, not as a form.
func TestPrintRulesPage(t *testing.T) {
	b := newBrowser(t, 1280, 900, false)
	var shown []string
	var footer, xref, forLine string
	var calcFor, inputs, answer bool
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/fantasy/"),
		chromedp.WaitReady(`#calc-armor`),
		chromedp.ActionFunc(func(ctx context.Context) error {
			return emulation.SetEmulatedMedia().WithMedia("print").Do(ctx)
		}),
		// The footers' sheet is media="print": wait for it to apply.
		chromedp.Poll(`getComputedStyle(document.documentElement).getPropertyValue("--print-footer") || null`, &footer),
		chromedp.Evaluate(jsShownOf(".site-header", ".toc", ".heading-link", ".heading-alt", ".anchor-link", ".search", ".site-footer", ".calc-actions button", ".pager"), &shown),
		chromedp.Evaluate(`getComputedStyle(document.querySelector('a.xref[href="#life"]'), "::after").content`, &xref),
		chromedp.Evaluate(`getComputedStyle(document.querySelector("#calc-armor .calc-for")).display !== "none"`, &calcFor),
		chromedp.Evaluate(`document.querySelector("#calc-armor .calc-for").textContent`, &forLine),
		chromedp.Evaluate(`getComputedStyle(document.querySelector("#calc-armor .calc-inputs")).display !== "none"`, &inputs),
		chromedp.Evaluate(`getComputedStyle(document.querySelector("#calc-armor .calc-answer")).display !== "none"`, &answer),
	)
	if err != nil {
		t.Fatal(err)
	}
	if len(shown) > 0 {
		t.Errorf("printed, these still show: %v", shown)
	}
	for _, want := range []string{"GN fantasy — Règles", "Édition", "/fr/fantasy/"} {
		if !strings.Contains(footer, want) {
			t.Errorf("the footer %s lacks %q", footer, want)
		}
	}
	if !strings.Contains(xref, "§") || !strings.Contains(xref, "2.5") {
		t.Errorf("a link to #life prints %s after it, want “→ § 2.5”", xref)
	}
	if !calcFor || inputs || !answer || !strings.Contains(forLine, "Calculé pour") || !strings.Contains(forLine, "Magie") {
		t.Errorf("printed calculator: for-line shown %v (%q), form shown %v, answer shown %v", calcFor, forLine, inputs, answer)
	}
}

// TestPrintValuesPage: the values page prints as a quick reference of at
// most two A4 pages in each language, every value's meaning and number on
// it, none of the screen's links.
func TestPrintValuesPage(t *testing.T) {
	b := newBrowser(t, 1280, 900, false)
	for _, lang := range []string{"fr", "en"} {
		var pdf []byte
		var rows int
		var linksShown bool
		err := chromedp.Run(b.Ctx,
			chromedp.Navigate(baseURL+"/"+lang+"/values/"),
			chromedp.WaitReady(`.values-table`),
			chromedp.Evaluate(`document.querySelectorAll(".values-table tbody tr").length`, &rows),
			chromedp.ActionFunc(func(ctx context.Context) error {
				if err := emulation.SetEmulatedMedia().WithMedia("print").Do(ctx); err != nil {
					return err
				}
				return chromedp.Evaluate(`[...document.querySelectorAll(".value-places a")].some((a) => a.getClientRects().length > 0)`, &linksShown).Do(ctx)
			}),
			chromedp.ActionFunc(func(ctx context.Context) error {
				var err error
				pdf, _, err = page.PrintToPDF().WithPaperWidth(8.27).WithPaperHeight(11.69).WithPreferCSSPageSize(false).WithDisplayHeaderFooter(false).Do(ctx)
				return err
			}),
		)
		if err != nil {
			t.Fatal(err)
		}
		pages := len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(pdf, -1))
		if pages < 1 || pages > 2 || rows < 80 || linksShown {
			t.Errorf("/%s/values/ printed: %d A4 pages (want 1 or 2), %d values, places' links shown %v", lang, pages, rows, linksShown)
		}
		t.Logf("/%s/values/ printed on %d A4 pages, %d values", lang, pages, rows)
	}
}
