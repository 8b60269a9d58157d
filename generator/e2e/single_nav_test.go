//go:build e2e

package e2e

import (
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// singleFileURL is the file:// address of lang's single-file edition in
// the harness's build.
func singleFileURL(t *testing.T, lang string) string {
	t.Helper()
	path, err := filepath.Abs(filepath.Join(siteDir, lang, "compendium.html"))
	if err != nil {
		t.Fatal(err)
	}
	return (&url.URL{Scheme: "file", Path: path}).String()
}

// TestSingleFileNavigationOnPhone opens the English single file from disk
// at 390 px, as a player lost in its 110,000 px would use it: the bar's
// contents open a drawer listing every document (axe finds nothing wrong
// with it open), a section in it is where the page goes, Escape closes it
// and gives the focus back to its button; "back to top" shows once the
// page has scrolled a screen and brings the page and the focus to the top.
// The page is driven by script, as in TestSingleFile: node queries stall
// on this page once its engine has started.
func TestSingleFileNavigationOnPhone(t *testing.T) {
	axe := axeSource(t)
	b := newBrowser(t, 390, 844, true)
	var docs, expanded, focusIn, topBefore string
	var vs []axeViolation
	if err := chromedp.Run(b.Ctx,
		chromedp.Navigate(singleFileURL(t, "en")),
		chromedp.WaitReady(`#book-contents`),
		chromedp.Evaluate(`document.querySelector(".single-top").classList.contains("shown") ? "shown" : "hidden"`, &topBefore),
		chromedp.Evaluate(`document.querySelector(".toc-toggle").click(); true`, nil),
		chromedp.Poll(`document.getElementById("toc").classList.contains("open") || null`, nil),
		chromedp.Evaluate(`document.querySelector(".toc-toggle").getAttribute("aria-expanded")`, &expanded),
		chromedp.Evaluate(`document.getElementById("toc").contains(document.activeElement) ? "in" : document.activeElement.outerHTML.slice(0, 80)`, &focusIn),
		chromedp.Evaluate(`[...document.querySelectorAll("#toc details.single-doc > summary")].map((s) => s.textContent.trim()).join(" | ")`, &docs),
		chromedp.Evaluate(axe, nil),
		chromedp.Evaluate(`axe.run(document, { resultTypes: ["violations"], rules: { "target-size": { enabled: true } } }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target.map(String) })) })))`, &vs, awaitPromise),
	); err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		var where []string
		for _, n := range v.Nodes {
			where = append(where, strings.Join(n.Target, " "))
		}
		t.Errorf("contents open: %s (%s): %s — %s", v.ID, v.Impact, v.Help, strings.Join(where, "; "))
	}
	if topBefore != "hidden" {
		t.Errorf("back to top is %s on the first screen", topBefore)
	}
	if expanded != "true" || focusIn != "in" {
		t.Errorf("open drawer: aria-expanded=%q, focus %s", expanded, focusIn)
	}
	for _, d := range []string{"Fantasy LARP", "Contemporary", "Calculators"} {
		if !strings.Contains(docs, d) {
			t.Errorf("the drawer's documents %q lack %q", docs, d)
		}
	}

	// A section of a document: its disclosure opened, its link followed.
	var hash string
	var top float64
	var scrolled int
	if err := chromedp.Run(b.Ctx,
		chromedp.Evaluate(`(() => { const a = document.querySelector('#toc a[href="#smoking"]'); a.closest("details").open = true; a.click(); return true; })()`, nil),
		chromedp.Poll(`!document.getElementById("toc").classList.contains("open") || null`, nil),
		chromedp.Poll(`location.hash || null`, &hash),
		chromedp.Poll(`(() => { const el = document.getElementById(location.hash.slice(1)); const y = el.getBoundingClientRect().top; return Math.abs(y) < 120 ? y : null; })()`, &top, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(`Math.round(window.scrollY)`, &scrolled),
	); err != nil {
		t.Fatalf("following a section of the drawer: %v", err)
	}
	if scrolled < 2000 {
		t.Errorf("the page went to %s but scrolled only %d px", hash, scrolled)
	}

	// Escape closes the drawer and gives the focus back to its button.
	var focused string
	if err := chromedp.Run(b.Ctx,
		chromedp.Evaluate(`document.querySelector(".toc-toggle").click(); true`, nil),
		chromedp.Poll(`document.getElementById("toc").classList.contains("open") || null`, nil),
		chromedp.KeyEvent(kb.Escape),
		chromedp.Poll(`!document.getElementById("toc").classList.contains("open") || null`, nil),
		chromedp.Evaluate(`document.activeElement.className`, &focused),
	); err != nil {
		t.Fatalf("Escape: %v", err)
	}
	if focused != "toc-toggle" {
		t.Errorf("after Escape the focus is on %q, not the contents button", focused)
	}

	// Back to top: shown this far down, where a tap on it brings the page.
	var shown string
	var y int
	if err := chromedp.Run(b.Ctx,
		chromedp.Poll(`document.querySelector(".single-top").classList.contains("shown") || null`, nil),
		chromedp.Evaluate(`getComputedStyle(document.querySelector(".single-top")).visibility`, &shown),
		chromedp.Evaluate(`document.querySelector(".single-top").click(); true`, nil),
		chromedp.Poll(`window.scrollY === 0 || null`, nil),
		chromedp.Poll(`!document.querySelector(".single-top").classList.contains("shown") || null`, nil),
		chromedp.Evaluate(`Math.round(window.scrollY)`, &y),
		chromedp.Evaluate(`document.activeElement.className`, &focused),
	); err != nil {
		t.Fatalf("back to top: %v", err)
	}
	if shown != "visible" || y != 0 || focused != "site-title" {
		t.Errorf("back to top: %s before the tap; after it scrollY %d, focus %q", shown, y, focused)
	}
}

// TestSingleFileCopyLink: the single file's copy-link never copies its
// file:/// address, which nobody else can open. With the published site's
// address (body[data-site], from the build's base URL) it copies the
// section's address there, as the site's own pages would; without, the
// fragment, and the toast says it is a link within the file. The clipboard
// is a stub: a file:// page has no origin to grant its permission to.
func TestSingleFileCopyLink(t *testing.T) {
	const site = "https://rules.example.org/en/"
	for _, tc := range []struct {
		name, site, link, want, toast string
	}{
		{"section, no base URL", "", "#armor .heading-link", "#armor", "Link to the section in this file copied (#armor): this file has no web address"},
		{"section", site, "#armor .heading-link", site + "fantasy/armor/", "Link copied"},
		{"ID two documents share", site, "#fantasy-combat .heading-link", site + "fantasy/combat/", "Link copied"},
		{"anchor in a section", site, "#effect-blinded .anchor-link", site + "fantasy/#effect-blinded", "Link copied"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBrowser(t, 390, 844, true)
			var copied, toast string
			err := chromedp.Run(b.Ctx,
				chromedp.Navigate(singleFileURL(t, "en")),
				chromedp.WaitReady(`#book-contents`),
				chromedp.Evaluate(`(() => {
  const site = `+"`"+tc.site+"`"+`;
  if (site) document.body.dataset.site = site;
  window.__copied = [];
  if (navigator.clipboard) navigator.clipboard.writeText = (t) => { window.__copied.push(t); return Promise.resolve(); };
  const exec = document.execCommand.bind(document);
  document.execCommand = (c, ...r) => { if (c !== "copy") return exec(c, ...r); window.__copied.push(document.activeElement.value); return true; };
  return true;
})()`, nil),
				chromedp.Evaluate(`document.querySelector(`+"`"+tc.link+"`"+`).click(); true`, nil),
				chromedp.Poll(`document.getElementById("toast").textContent || null`, &toast, chromedp.WithPollingTimeout(5*time.Second)),
				chromedp.Evaluate(`window.__copied.join(" ")`, &copied),
			)
			if err != nil {
				t.Fatal(err)
			}
			if copied != tc.want || toast != tc.toast {
				t.Errorf("copied %q with %q; want %q with %q", copied, toast, tc.want, tc.toast)
			}
			if strings.Contains(copied, "file:") {
				t.Errorf("copied the file's own address %q", copied)
			}
		})
	}
}

// TestSingleFileNoScript: without JavaScript the bar is two links, to the
// top and to the contents at the head of the file, and the empty drawer is
// not shown.
func TestSingleFileNoScript(t *testing.T) {
	b := newBrowser(t, 390, 844, true)
	var shown map[string]string
	if err := chromedp.Run(b.Ctx,
		emulation.SetScriptExecutionDisabled(true),
		chromedp.Navigate(singleFileURL(t, "fr")),
		chromedp.WaitReady(`#book-contents`),
		chromedp.Evaluate(`Object.fromEntries([".single-top", ".single-contents", ".toc-toggle", "#toc"].map((s) => { const st = getComputedStyle(document.querySelector(s)); return [s, st.display === "none" ? "none" : st.visibility]; }))`, &shown),
	); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{".single-top": "visible", ".single-contents": "visible", ".toc-toggle": "none", "#toc": "none"}
	for k, v := range want {
		if shown[k] != v {
			t.Errorf("without JavaScript %s is %q, want %q", k, shown[k], v)
		}
	}
}
