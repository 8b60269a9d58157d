package e2e

import (
	"context"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
)

// firstResultProbe records, in the page's own clock (0 = navigation start),
// when the first calculator result computed by the engine is on screen.
const firstResultProbe = `new MutationObserver((ms, o) => {
  for (const m of ms) if (m.target.dataset && m.target.dataset.static === "false") { window.__first = performance.now(); o.disconnect(); return; }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-static"] });`

func median(xs []float64) float64 {
	sort.Float64s(xs)
	return xs[len(xs)/2]
}

// BenchmarkFirstCalcResult measures a cold load (HTTP cache off, service
// worker and its copies cleared) on a 390 px phone, from navigation start
// to the first result computed by the engine on screen (the result region's
// data-static turning false), in the page's own clock: on a rules page
// opened at its calculator, and on the calculators page opened at one. Run
// with -benchtime 7x for the median of seven.
func BenchmarkFirstCalcResult(b *testing.B) {
	for _, page := range []struct{ name, path string }{
		{"rules-page", "/fr/fantasy/#calc-armor"},
		{"calculators-page", "/fr/calculators/#casting"},
	} {
		b.Run(page.name, func(b *testing.B) {
			var ms []float64
			for i := 0; i < b.N; i++ {
				ms = append(ms, firstResult(b, page.path))
			}
			b.ReportMetric(median(ms), "ms-to-first-result")
		})
	}
}

func firstResult(b *testing.B, path string) float64 {
	ctx, cancel := chromedp.NewContext(browserCtx)
	defer cancel()
	var first float64
	err := chromedp.Run(ctx,
		chromedp.EmulateViewport(390, 844, viewportOptions(true)...),
		chromedp.ActionFunc(func(ctx context.Context) error {
			if err := storage.ClearDataForOrigin(baseURL, "all").Do(ctx); err != nil {
				return err
			}
			if err := network.SetCacheDisabled(true).Do(ctx); err != nil {
				return err
			}
			_, err := page.AddScriptToEvaluateOnNewDocument(firstResultProbe).Do(ctx)
			return err
		}),
		chromedp.Navigate(baseURL+path),
		chromedp.Poll(`window.__first || null`, &first, chromedp.WithPollingTimeout(20*time.Second)),
	)
	if err != nil {
		b.Fatal(err)
	}
	return first
}

// BenchmarkRecompute measures one change of an input to the new result on
// screen (engine call, figures, plot, steps), in a warm page.
func BenchmarkRecompute(b *testing.B) {
	ctx, cancel := chromedp.NewContext(browserCtx)
	defer cancel()
	if err := chromedp.Run(ctx, chromedp.Navigate(baseURL+"/fr/calculators/#calc-armor"), chromedp.WaitReady("#calc-armor"),
		chromedp.Poll(`document.querySelector("#calc-armor .calc-result").dataset.static === "false" || null`, nil)); err != nil {
		b.Fatal(err)
	}
	measure := `(async (v) => {
		const el = document.getElementById("calc-armor-magic");
		const r = document.querySelector("#calc-armor .calc-result");
		const t0 = performance.now();
		el.value = String(v);
		el.dispatchEvent(new Event("input", { bubbles: true }));
		for (;;) {
			if (r.dataset.output && JSON.parse(r.dataset.output).magic === v) return performance.now() - t0;
			await new Promise((res) => setTimeout(res, 0));
		}
	})`
	var ms []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var d float64
		if err := chromedp.Run(ctx, chromedp.Evaluate(measure+"("+strconv.Itoa(i%40+1)+")", &d, awaitPromise)); err != nil {
			b.Fatal(err)
		}
		ms = append(ms, d)
	}
	b.ReportMetric(median(ms), "ms-per-recompute")
}
