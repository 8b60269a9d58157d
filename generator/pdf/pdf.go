// Package pdf prints the compendium's book pages (/<lang>/book/) to PDF
// booklets with Chromium, through the DevTools protocol (chromedp): A4, and
// A5 for a folded booklet, with the PDF's outline (bookmarks) following the
// headings. The build itself never needs a browser: only this step does,
// and a site built without it links no PDF.
package pdf

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Format is a paper size, in inches as Chromium takes it.
type Format struct {
	Name          string // "a4": the file is compendium-a4.pdf
	Width, Height float64
}

// Formats are the booklets printed: A4 for a printer's ream, A5 for a
// booklet (an A4 sheet folded in two).
var Formats = []Format{
	{Name: "a4", Width: 8.27, Height: 11.69},
	{Name: "a5", Width: 5.83, Height: 8.27},
}

// Chrome returns the browser to print with: CHROME_PATH, else the first
// of chromium, chromium-browser, google-chrome on the PATH, or "".
func Chrome() string {
	if p := os.Getenv("CHROME_PATH"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Print serves the built site in dir on a local port and prints each
// language's book in every format. It returns the PDFs by path from the
// site root ("fr/compendium-a4.pdf").
func Print(ctx context.Context, dir string, langs []string, handler http.Handler) (map[string][]byte, error) {
	exe := Chrome()
	if exe == "" {
		return nil, errors.New("pdf: no Chromium found: install Debian's chromium package (make browser does) or set CHROME_PATH")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: handler}
	go srv.Serve(ln)
	defer srv.Close()
	base := "http://" + ln.Addr().String()

	profile, err := os.MkdirTemp("", "compendium-pdf-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(profile)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.UserDataDir(profile), chromedp.Flag("disable-background-networking", true))
	actx, cancelA := chromedp.NewExecAllocator(ctx, opts...)
	defer cancelA()
	bctx, cancelB := chromedp.NewContext(actx)
	defer cancelB()

	out := map[string][]byte{}
	for _, lang := range langs {
		url := base + "/" + lang + "/book/"
		if err := chromedp.Run(bctx, chromedp.Navigate(url),
			// The print sheet (footers) is media="print": the load event
			// waits for it, and for the fonts.
			chromedp.Poll(`document.readyState === "complete" && document.fonts.status === "loaded"`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		); err != nil {
			return nil, fmt.Errorf("pdf: opening %s: %w", url, err)
		}
		for _, f := range Formats {
			var b []byte
			err := chromedp.Run(bctx, chromedp.ActionFunc(func(ctx context.Context) error {
				var err error
				b, _, err = page.PrintToPDF().
					WithPaperWidth(f.Width).WithPaperHeight(f.Height).
					// The margins and footers are the style sheet's
					// (@page); Chromium's own header and footer are off.
					WithPreferCSSPageSize(false).WithDisplayHeaderFooter(false).
					WithPrintBackground(false).
					WithGenerateDocumentOutline(true).WithGenerateTaggedPDF(true).
					Do(ctx)
				return err
			}))
			if err != nil {
				return nil, fmt.Errorf("pdf: printing %s (%s): %w", url, f.Name, err)
			}
			out[lang+"/compendium-"+f.Name+".pdf"] = b
		}
	}
	return out, nil
}

// pageObject finds the page objects of a PDF (/Type /Page, not /Pages).
var pageObject = regexp.MustCompile(`/Type\s*/Page[^s]`)

// Pages counts the pages of a PDF Chromium wrote.
func Pages(b []byte) int { return len(pageObject.FindAll(b, -1)) }
