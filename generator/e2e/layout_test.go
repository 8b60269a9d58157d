//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// layoutShiftProbe sums the layout shifts not caused by the reader
// (PerformanceObserver "layout-shift", as cumulative layout shift counts
// them) and keeps the elements that moved.
const layoutShiftProbe = `window.__cls = 0; window.__moved = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) { if (e.hadRecentInput) continue; window.__cls += e.value;
  for (const s of e.sources) window.__moved.push(s.node ? (s.node.id || s.node.className || s.node.nodeName) : "?"); } })
  .observe({ type: "layout-shift", buffered: true });`

// TestNoLayoutShift: every kind of page is laid out in its final form from
// the first paint, at phone and desktop widths, on a fast and a slow
// network, with and without JavaScript: the contents drawer and the
// header's search are decided by CSS (the scripting media feature), not by
// the script. The worst shift measured before: 0.86 on a rules page.
func TestNoLayoutShift(t *testing.T) {
	// It only reads the site, in tabs of its own: it runs beside the
	// other readers (make test gives go test -parallel 4), its waits
	// filled by theirs.
	t.Parallel()
	pages := []string{"/fr/fantasy/", "/fr/fantasy/#calc-armor", "/en/calculators/#casting", "/en/contemporary/#first-aid", "/fr/", "/fr/calculators/", "/en/glossary/", "/fr/spellcasting/side-by-side/", "/fr/fantasy/#armour", "/en/no-such-page/"}
	// The six ways of loading run two at a time (go test's -parallel is
	// the number of cores): each page is watched for 1.5 s after it
	// loads, an idle wait that a second tab fills (the test took 124 s
	// one after the other). A page that shifts only when its machine is
	// busy fails here too, as it would on a reader's busy phone.
	var mu sync.Mutex
	worst := 0.0
	t.Cleanup(func() { t.Logf("worst layout shift: %.4f", worst) })
	for _, width := range []int64{412, 1280} {
		for _, slow := range []bool{false, true} {
			for _, noJS := range []bool{false, true} {
				if slow && noJS {
					continue
				}
				t.Run(fmt.Sprintf("%dpx/slow=%v/nojs=%v", width, slow, noJS), func(t *testing.T) {
					t.Parallel()
					b := newBrowser(t, width, 860, width < 600)
					err := chromedp.Run(b.Ctx, chromedp.ActionFunc(func(ctx context.Context) error {
						if _, err := page.AddScriptToEvaluateOnNewDocument(layoutShiftProbe).Do(ctx); err != nil {
							return err
						}
						if noJS {
							return emulation.SetScriptExecutionDisabled(true).Do(ctx)
						}
						if !slow {
							return nil
						}
						if err := network.SetCacheDisabled(true).Do(ctx); err != nil {
							return err
						}
						if err := network.SetBypassServiceWorker(true).Do(ctx); err != nil {
							return err
						}
						// A slow phone network: 1.6 Mbit/s, 150 ms of latency.
						return network.EmulateNetworkConditions(false, 150, 200000, 100000).Do(ctx)
					}))
					if err != nil {
						t.Fatal(err)
					}
					for _, p := range pages {
						var cls float64
						var moved []string
						err := chromedp.Run(b.Ctx, chromedp.Navigate(baseURL+p), chromedp.WaitReady("footer"), chromedp.Sleep(1500*time.Millisecond),
							chromedp.ActionFunc(func(ctx context.Context) error {
								// Evaluate runs even with the page's scripts off.
								if err := chromedp.Evaluate(`window.__cls`, &cls).Do(ctx); err != nil {
									return err
								}
								return chromedp.Evaluate(`window.__moved`, &moved).Do(ctx)
							}))
						if err != nil {
							t.Fatalf("%s: %v", p, err)
						}
						name := fmt.Sprintf("%s at %d px, slow %v, no JS %v", p, width, slow, noJS)
						mu.Lock()
						worst = max(worst, cls)
						mu.Unlock()
						if cls > 0.02 {
							t.Errorf("%s: layout shift %.3f (moved: %v)", name, cls, moved)
						}
					}
				})
			}
		}
	}
}
