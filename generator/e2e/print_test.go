package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
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
		chromedp.Evaluate(`[".site-header", ".toc", ".heading-link", ".heading-alt", ".anchor-link", ".search", ".site-footer", ".calc-actions button", ".pager"]
			.filter((s) => [...document.querySelectorAll(s)].some((e) => getComputedStyle(e).display !== "none" && e.getClientRects().length > 0))`, &shown),
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
