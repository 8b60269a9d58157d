//go:build e2e

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestWorkerFindsPrintSheet: the service worker's printSheetHref finds a
// page's print style sheet whatever the order and quoting of the link's
// attributes, on a built page and on the same link written otherwise, and
// finds none where there is none. It runs the function as sw.js has it.
func TestWorkerFindsPrintSheet(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../theme/sw/sw.js")
	if err != nil {
		t.Fatal(err)
	}
	fn := regexp.MustCompile(`(?ms)^function printSheetHref\(html\) \{.*?^\}`).Find(src)
	if fn == nil {
		t.Fatal("sw.js has no function printSheetHref(html)")
	}
	page, err := os.ReadFile(filepath.Join(siteDir, "fr", "fantasy", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	built := regexp.MustCompile(`<link[^>]*media="print"[^>]*>`).FindString(string(page))
	if built == "" {
		t.Fatal("the built rules page has no print style sheet")
	}
	wantBuilt := regexp.MustCompile(`href="([^"]+)"`).FindStringSubmatch(built)[1]
	cases := []struct{ html, want string }{
		{string(page), wantBuilt},
		{`<link rel="stylesheet" href="a.css"><link rel="stylesheet" href="../p.css?x=1&amp;y=2" media="print">`, "../p.css?x=1&y=2"},
		{`<link media="print" href="p.css" rel="stylesheet">`, "p.css"},
		{`<link href="p.css" media="print" rel="stylesheet">`, "p.css"},
		{`<LINK MEDIA='print' REL='stylesheet' HREF='p.css'/>`, "p.css"},
		{`<link rel="stylesheet preload" media=print href=p.css>`, "p.css"},
		{`<link rel="stylesheet" href="a.css"><link rel="icon" href="i.svg" media="print">`, ""},
		{`<p>no sheet</p>`, ""},
	}
	b := newBrowser(t, 800, 600, false)
	if err := chromedp.Run(b.Ctx, chromedp.Navigate("about:blank"), chromedp.Evaluate(string(fn)+";window.printSheetHref = printSheetHref;", nil)); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		arg, _ := json.Marshal(c.html)
		var got string
		if err := chromedp.Run(b.Ctx, chromedp.Evaluate("printSheetHref("+string(arg)+")", &got)); err != nil {
			t.Fatal(err)
		}
		if got != strings.ReplaceAll(c.want, "&amp;", "&") {
			html := c.html
			if len(html) > 200 {
				html = built
			}
			t.Errorf("printSheetHref(%s) = %q, want %q", html, got, c.want)
		}
	}
}
