//go:build e2e

package e2e

import (
	"context"
	"strconv"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// viewportOptions describes a phone (touch, device scale 3) or a desktop.
func viewportOptions(mobile bool) []chromedp.EmulateViewportOption {
	if !mobile {
		return nil
	}
	return []chromedp.EmulateViewportOption{
		chromedp.EmulateScale(3),
		chromedp.EmulateMobile,
		chromedp.EmulateTouch,
	}
}

func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

// tap touches the middle of the element sel matches, as a finger would: a
// touch start and end, from which the browser makes the click.
func tap(sel string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var pt []float64
		js := `(() => { const r = document.querySelector(` + strconv.Quote(sel) + `).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`
		if err := chromedp.Evaluate(js, &pt).Do(ctx); err != nil {
			return err
		}
		if err := input.DispatchTouchEvent(input.TouchStart, []*input.TouchPoint{{X: pt[0], Y: pt[1]}}).Do(ctx); err != nil {
			return err
		}
		return input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}).Do(ctx)
	})
}

// clickInPlace clicks the middle of the element with the mouse, without
// scrolling it into view first as chromedp.Click does: the language switch
// reads the scroll position, which a test must not change.
func clickInPlace(sel string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var pt []float64
		js := `(() => { const r = document.querySelector(` + strconv.Quote(sel) + `).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`
		if err := chromedp.Evaluate(js, &pt).Do(ctx); err != nil {
			return err
		}
		return chromedp.MouseClickXY(pt[0], pt[1]).Do(ctx)
	})
}
