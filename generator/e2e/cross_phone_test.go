//go:build e2e

package e2e

import (
	"sort"
	"testing"

	"compendium/generator/serve"
)

// crossPhoneChecks are the layout and input checks a player's phone must
// pass in every engine, by name: each file that adds one registers it in
// an init function. A check opens the pages it needs with s.open and
// reads the page with s.eng.Eval or s.poll; it fails through s.t.
var crossPhoneChecks = map[string]func(s *smoke){}

// TestCrossPhone runs every crossPhoneChecks entry in Firefox ESR and in
// WebKitGTK at the phone's size of the smoke suite (the Chromium side of
// each check is its own test), one browser per engine for all of them,
// the site served by its own server. Page errors and CSP violations fail
// it, as in TestCrossEngine.
func TestCrossPhone(t *testing.T) {
	names := make([]string, 0, len(crossPhoneChecks))
	for name := range crossPhoneChecks {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, e := range crossEngines {
		t.Run(e.name, func(t *testing.T) {
			// The two engines at once: each has its own browser and
			// server, and the test spends most of its time waiting.
			t.Parallel()
			base, _ := serveOwn(t, serve.Handler(siteDir, nil))
			eng, err := e.start(crossPhoneW, crossPhoneH, crossProbe)
			if err != nil {
				t.Fatalf("%s could not be started: %v", e.name, err)
			}
			t.Cleanup(eng.Close)
			for _, name := range names {
				t.Run(name, func(t *testing.T) {
					s := &smoke{t: t, eng: eng, base: base}
					defer func() {
						s.collect()
						s.assertClean()
					}()
					crossPhoneChecks[name](s)
				})
			}
		})
	}
}
