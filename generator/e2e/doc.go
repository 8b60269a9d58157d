// Package e2e drives a real Chromium (Debian's chromium package, through
// chromedp) against the site served by the project's own handler: what the
// browser does is tested in a browser.
//
// TestCrossEngine (cross_test.go) runs a smoke suite in Firefox ESR (WebDriver
// BiDi, bidi_test.go) and WebKitGTK (classic WebDriver, webdriver_test.go)
// besides: make cross runs it alone.
//
// Every file of the package but this one carries the e2e build tag, so
// that go test ./... needs no browser, no Node.js and no axe-core:
//
//	make e2e    # or: AXE_JS=$PWD/.cache/axe-core-4.14.1/axe.min.js go test -tags e2e ./generator/e2e
//
// Without the tag the package is this file alone, and has no tests.
package e2e
