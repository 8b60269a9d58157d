//go:build e2e

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// axeSource returns axe-core's script, which make axe takes from the npm
// registry. Missing, the test fails: accessibility is tested, not skipped.
func axeSource(t *testing.T) string {
	t.Helper()
	p := os.Getenv("AXE_JS")
	if p == "" {
		m, _ := filepath.Glob("../../.cache/axe-core-*/axe.min.js")
		if len(m) > 0 {
			p = m[len(m)-1]
		}
	}
	b, err := os.ReadFile(p)
	if err != nil || len(b) == 0 {
		t.Fatalf("axe-core not found (%v): run make axe, or set AXE_JS", err)
	}
	return string(b)
}

type axeViolation struct {
	ID, Impact, Help string
	Nodes            []struct{ Target []string }
}

// TestAccessibility runs axe-core on every kind of page, in both languages,
// on a phone and a wide screen, with the calculators live: 0 violations.
// The touch targets' size and spacing (WCAG 2.2's target-size, which axe
// leaves off by default and Lighthouse runs) are checked too.
func TestAccessibility(t *testing.T) {
	// It only reads the site, in tabs of its own: it runs beside the
	// other readers (make test gives go test -parallel 4), its waits
	// filled by theirs.
	t.Parallel()
	axe := axeSource(t)
	for _, vp := range []struct {
		name   string
		w, h   int64
		mobile bool
	}{{"phone", 390, 844, true}, {"desktop", 1280, 900, false}} {
		// The two widths in two tabs at once: each page waits 600 ms for
		// its calculators before axe runs, time the other tab uses (90 s
		// one after the other).
		t.Run(vp.name, func(t *testing.T) {
			t.Parallel()
			eachPage(t, vp.w, vp.h, vp.mobile, allPages, func(ctx context.Context, p string) error {
				var vs []axeViolation
				err := chromedp.Run(ctx,
					chromedp.Navigate(baseURL+p),
					chromedp.WaitReady("body"),
					// Let the calculators in view load and draw their live results.
					chromedp.Sleep(600*time.Millisecond),
					chromedp.Evaluate(axe, nil),
					chromedp.Evaluate(`axe.run(document, { resultTypes: ["violations"], rules: { "target-size": { enabled: true } } }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target.map(String) })) })))`,
						&vs, awaitPromise),
				)
				for _, v := range vs {
					var where []string
					for _, n := range v.Nodes {
						where = append(where, strings.Join(n.Target, " "))
					}
					t.Errorf("%s %s: %s (%s): %s — %s", vp.name, p, v.ID, v.Impact, v.Help, strings.Join(where, "; "))
				}
				return err
			})
		})
	}
}

// axeOn runs axe-core (source axe), touch targets included, on the
// element the script root names ("document" for the whole page) in the
// page of ctx, and reports each violation as an error prefixed with where.
func axeOn(t *testing.T, ctx context.Context, axe, root, where string) {
	t.Helper()
	var vs []axeViolation
	err := chromedp.Run(ctx, chromedp.Evaluate(axe, nil),
		chromedp.Evaluate(`axe.run(`+root+`, { resultTypes: ["violations"], rules: { "target-size": { enabled: true } } }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target.map(String) })) })))`,
			&vs, awaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		var nodes []string
		for _, n := range v.Nodes {
			nodes = append(nodes, strings.Join(n.Target, " "))
		}
		t.Errorf("%s: %s (%s): %s — %s", where, v.ID, v.Impact, v.Help, strings.Join(nodes, "; "))
	}
}
