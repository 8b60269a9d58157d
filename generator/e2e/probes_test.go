//go:build e2e

package e2e

import (
	"strconv"
	"strings"

	"github.com/chromedp/chromedp"
)

// The page's parts that several tests look at, by one name each: a
// template that renames one changes it here.
const (
	selSearchInput   = "#search-input"
	selSearchResults = "#search-results"
	// selSearchHit is a search result (the first, to chromedp's queries).
	selSearchHit    = selSearchResults + " [role=option]"
	selUpdateBanner = "#update-banner"
	// selCalcResult is a calculator's result region, inside its .calc.
	selCalcResult = ".calc-result"
)

// jsQuery is the JavaScript expression of the first element matching sel.
func jsQuery(sel string) string {
	return "document.querySelector(" + strconv.Quote(sel) + ")"
}

// jsCalcResult is the JavaScript expression of calculator id's result
// region (id as the page has it: "calc-armor").
func jsCalcResult(id string) string {
	return jsQuery("#" + id + " " + selCalcResult)
}

// calcLive polls until calculator id shows a result computed by the
// engine (the region's data-static turned false), not the build's.
func calcLive(id string) string {
	return jsCalcResult(id) + `.dataset.static === "false" || null`
}

// scrollTo scrolls the first element matching sel into view, looked up
// when it runs: chromedp.ScrollIntoView resolves a DOM node first and
// fails ("Could not find node with given id") when the page redraws that
// node in between, as a calculator redraws its result's parts.
func scrollTo(sel string) chromedp.Action {
	return chromedp.Evaluate(`(() => { const e = `+jsQuery(sel)+`; if (!e) throw new Error(`+strconv.Quote("nothing matches "+sel)+`); e.scrollIntoView({ block: "start" }); })()`, nil)
}

// jsUpdateBanner is the JavaScript expression of the update banner.
const jsUpdateBanner = `document.getElementById("update-banner")`

// jsSearchFor puts q in the header's search field as a reader's typing
// would (focus, value, an input event) and evaluates to nothing.
func jsSearchFor(q string) string {
	return `(() => { const i = document.getElementById("search-input"); i.focus(); i.value = ` + strconv.Quote(q) + `; i.dispatchEvent(new Event("input", { bubbles: true })); })()`
}

// searchResultsText polls until the search lists a result, and then is
// the whole list's text.
const searchResultsText = `document.querySelector("#search-results [role=option]") ? document.getElementById("search-results").textContent : null`

// typeSearch types q into the header's search field key by key, as a
// reader with a keyboard: it waits for the field, clicks it, types.
func typeSearch(q string) chromedp.Tasks {
	return chromedp.Tasks{
		chromedp.WaitVisible(selSearchInput),
		chromedp.Click(selSearchInput),
		chromedp.SendKeys(selSearchInput, q),
	}
}

// probeShown is a layout probe: the JavaScript expression of the problems
// that check (a function of an element, returning an array of strings)
// finds in the shown elements matching sel, or of one problem when none
// is shown: a probe whose selector went stale, or whose parts are all
// hidden, looks at nothing and must not pass.
func probeShown(sel, check string) string {
	return `(() => { const all = [...document.querySelectorAll(` + strconv.Quote(sel) + `)].filter((e) => e.getClientRects().length);
	  if (!all.length) return [` + strconv.Quote("nothing shown matches "+sel+": the probe looks at nothing") + `];
	  return all.flatMap(` + check + `); })()`
}

// jsShownOf is the JavaScript expression of those of sels (CSS selectors)
// that have a shown element, and of "S matches nothing" for a selector S
// that matches no element at all: a probe that a part is hidden must not
// pass because the part was renamed.
func jsShownOf(sels ...string) string {
	q := make([]string, len(sels))
	for i, s := range sels {
		q[i] = strconv.Quote(s)
	}
	return `[` + strings.Join(q, ", ") + `].flatMap((s) => { const all = [...document.querySelectorAll(s)];
	  if (!all.length) return [s + " matches nothing"];
	  return all.some((e) => getComputedStyle(e).display !== "none" && e.getClientRects().length > 0) ? [s] : []; })`
}
