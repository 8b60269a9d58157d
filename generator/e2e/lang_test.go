//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestLanguageSwitchKeepsSection: reading 2.4 in French, the switch lands
// on the same section in English, and back.
func TestLanguageSwitchKeepsSection(t *testing.T) {
	b := newBrowser(t, 1280, 900, false)
	var url1, url2 string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/fantasy/"),
		chromedp.WaitReady(`#armor`),
		// Scroll (not jump by URL) to the section, as a reader would.
		chromedp.Evaluate(`document.getElementById("armor").scrollIntoView(); window.scrollBy(0, 40); true`, nil),
		chromedp.Sleep(100*time.Millisecond),
		clickInPlace(`a[data-lang-switch]`),
		arrivedAt("/en/fantasy/"),
		chromedp.Location(&url1),
		chromedp.Evaluate(`document.getElementById("life").scrollIntoView(); window.scrollBy(0, 40); true`, nil),
		chromedp.Sleep(100*time.Millisecond),
		clickInPlace(`a[data-lang-switch]`),
		arrivedAt("/fr/fantasy/"),
		chromedp.Location(&url2),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(url1, "/en/fantasy/#armor") {
		t.Errorf("after switching from 2.4 in French: %s", url1)
	}
	if !strings.HasSuffix(url2, "/fr/fantasy/#life") {
		t.Errorf("after switching from 2.5 in English: %s", url2)
	}
}

// TestLanguageSwitchKeepsCalculator: the switch carries the calculators'
// states, a value typed a moment before included, and the finer place
// being read (a list item's anchor), on a phone (issue 34, point 4:
// /fr/fantasy/?calc-armor=magic:3#armor → EN gave magic back to 0). On a
// phone the header scrolls away: the reader's switch there is the
// section heading's language link; on a wide screen, the header's.
func TestLanguageSwitchKeepsCalculator(t *testing.T) {
	for _, tt := range []struct {
		name          string
		width, height int64
		mobile        bool
		link          string
	}{
		{"phone, heading link", 390, 844, true, `#armor .heading-alt`},
		{"wide, header switch", 1280, 900, false, `a[data-lang-switch]`},
	} {
		b := newBrowser(t, tt.width, tt.height, tt.mobile)
		var loc, magic, out string
		err := chromedp.Run(b.Ctx,
			enUS(),
			chromedp.Navigate(baseURL+"/fr/fantasy/?calc-armor=magic:3#armor"),
			chromedp.WaitReady("#calc-armor"),
			waitReady("calc-armor", &out),
			chromedp.Evaluate(`document.querySelector("#calc-armor-magic").value = ""`, nil),
			chromedp.SendKeys("#calc-armor-magic", "5", chromedp.ByID),
			chromedp.Evaluate(`document.getElementById("armor").scrollIntoView(); true`, nil),
			// At once, before the address would have followed the typing.
			clickInPlace(tt.link),
			arrivedAt("/en/fantasy/"),
			chromedp.WaitReady("#calc-armor"),
			chromedp.Location(&loc),
			chromedp.Value("#calc-armor-magic", &magic, chromedp.ByID),
		)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !strings.Contains(loc, "calc-armor=magic:5") || magic != "5" {
			t.Errorf("%s: after the switch: %s with magic %q, want the armour's state magic:5 carried", tt.name, loc, magic)
		}
		if !strings.HasSuffix(loc, "#armor") {
			t.Errorf("%s: after the switch from the armour section: %s", tt.name, loc)
		}
	}
	// A state's anchor: reading "Agonisant" in French lands on "Dying".
	b := newBrowser(t, 1280, 900, false)
	var loc string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/fr/fantasy/"),
		chromedp.WaitReady("#state-dying"),
		chromedp.Evaluate(`document.getElementById("state-dying").scrollIntoView(); window.scrollBy(0, -40); true`, nil),
		chromedp.Sleep(100*time.Millisecond),
		clickInPlace(`a[data-lang-switch]`),
		arrivedAt("/en/fantasy/"),
		chromedp.Location(&loc),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(loc, "/en/fantasy/#state-dying") {
		t.Errorf("after switching while reading the dying state: %s", loc)
	}
}

// arrivedAt waits until the tab shows path, fully loaded, and has finished
// scrolling to its #fragment. Waiting for a selector is not enough: the
// page being left has the same section IDs, so the wait could end before
// the navigation, and a scroll made then is lost (CI failed on that once).
func arrivedAt(path string) chromedp.Action {
	js := `(() => {
		if (location.pathname !== ` + strconv.Quote(path) + ` || document.readyState !== "complete") return false;
		const el = location.hash && document.getElementById(location.hash.slice(1));
		return !el || Math.abs(el.getBoundingClientRect().top) < 200;
	})()`
	return chromedp.ActionFunc(func(ctx context.Context) error {
		deadline := time.Now().Add(15 * time.Second)
		for {
			// An evaluation racing the navigation fails ("Cannot find
			// context"): that only means "not yet".
			var ok bool
			if err := chromedp.Evaluate(js, &ok).Do(ctx); err == nil && ok {
				return nil
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("the tab did not arrive at %s", path)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// TestHeadingLanguageLink: without JavaScript, each heading's language link
// leads to the same section in the other language.
func TestHeadingLanguageLink(t *testing.T) {
	b := newBrowser(t, 1280, 900, false)
	var href string
	err := chromedp.Run(b.Ctx,
		chromedp.ActionFunc(func(ctx context.Context) error { return emulation.SetScriptExecutionDisabled(true).Do(ctx) }),
		chromedp.Navigate(baseURL+"/en/spellcasting/"),
		chromedp.Click(`#casting .heading-alt`, chromedp.NodeVisible),
		arrivedAt("/fr/spellcasting/"),
		chromedp.Location(&href),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(href, "/fr/spellcasting/#casting") {
		t.Errorf("heading link led to %s", href)
	}
}

// TestRootFollowsBrowserLanguage: the root page sends a French browser to
// /fr/ and an English one to /en/.
func TestRootFollowsBrowserLanguage(t *testing.T) {
	for _, tt := range []struct{ accept, want string }{
		{"fr-FR,fr", "/fr/"},
		{"en-GB,en", "/en/"},
		{"de-DE,fr", "/fr/"},
	} {
		b := newBrowser(t, 800, 600, false)
		var loc string
		err := chromedp.Run(b.Ctx,
			chromedp.ActionFunc(func(ctx context.Context) error {
				return emulation.SetUserAgentOverride("Mozilla/5.0 compendium-test").WithAcceptLanguage(tt.accept).Do(ctx)
			}),
			// A choice made earlier in this browser would win: forget it.
			chromedp.Navigate(baseURL+"/fr/"),
			chromedp.Evaluate(`localStorage.clear(); true`, nil),
			chromedp.Navigate(baseURL+"/"),
			chromedp.Poll(`location.pathname !== "/" ? location.pathname : null`, &loc, chromedp.WithPollingTimeout(5*time.Second)),
		)
		if err != nil {
			t.Fatalf("%s: %v", tt.accept, err)
		}
		if loc != tt.want {
			t.Errorf("Accept-Language %s: root led to %s, want %s", tt.accept, loc, tt.want)
		}
	}
}
