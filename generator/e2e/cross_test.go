//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"compendium/generator/calcui"
	"compendium/generator/serve"
)

// crossEngine is what the smoke suite needs of a browser, whatever its
// protocol: Firefox over WebDriver BiDi (bidi_test.go), WebKitGTK over
// classic WebDriver (webdriver_test.go).
type crossEngine interface {
	Name() string
	// Navigate opens url and returns once it has loaded.
	Navigate(url string) error
	// Eval evaluates a JavaScript expression, awaits it if it is a promise,
	// and decodes its value (as JSON) into out, if not nil.
	Eval(js string, out any) error
	// Type types text into the field sel key by key.
	Type(sel, text string) error
	Close()
}

// crossProbe records, in each document, what fails a test as in the
// Chromium suite: uncaught exceptions, unhandled rejections and CSP
// violations. Firefox runs it before the page's scripts (a BiDi preload
// script, and its log reports uncaught errors besides); WebKitGTK's
// classic WebDriver can only run it once the page has loaded.
const crossProbe = `() => {
	if (window.__e2e) return;
	const p = (window.__e2e = { errors: [], csp: [] });
	window.addEventListener("error", (e) => { if (e instanceof ErrorEvent) p.errors.push(e.message + " (" + e.filename + ":" + e.lineno + ")"); });
	window.addEventListener("unhandledrejection", (e) => p.errors.push("unhandled rejection: " + String(e.reason) + (e.reason && e.reason.stack ? " " + e.reason.stack : "")));
	document.addEventListener("securitypolicyviolation", (e) => p.csp.push(e.violatedDirective + " " + e.blockedURI));
}`

// crossCollect is what the probe saw in this document, and every address
// the document fetched (the Performance API's resource entries, in both
// engines; the document's own address is the one the test opened).
const crossCollect = `window.__e2e ? { errors: __e2e.errors, csp: __e2e.csp, requests: performance.getEntriesByType("resource").map((e) => e.name) } : null`

// The shared state of the armour calculator the suite opens: magic 3, a
// plate torso, four hits, as ?calc-armor= keeps what differs from the
// block's defaults (theme/js/calcs/link.js).
const (
	crossArmorLink = "/fr/fantasy/?calc-armor=magic:3,torso:plate,hits:4.1.1.1#armor"
	// crossPhone is the window asked for: the phone of the Chromium suite.
	crossPhoneW, crossPhoneH = 390, 844
)

// crossArmorState is crossArmorLink's state applied to the block's
// defaults (the form's data-values).
func crossArmorState(values map[string]any) map[string]any {
	values["magic"] = 3
	values["hits"] = []any{4, 1, 1, 1}
	if l, ok := values["locations"].(map[string]any); ok {
		l["torso"] = "plate"
	}
	return values
}

// TestCrossEngine is the cross-engine smoke suite: in Firefox ESR and in
// WebKitGTK (iPhones' engine is WebKit; some players use Firefox), one
// browser each at a phone's size, the site served by its own server: a
// shared section link lands on its section; a shared calculator link
// computes what the calc command computes; the search finds a French and
// an English query; after that visit, with the server stopped, the page,
// its calculator and the search still work; the single-file edition works
// from file://. An engine that cannot be started fails the test (make test
// installs both), and so do page errors and CSP violations.
func TestCrossEngine(t *testing.T) {
	for _, e := range crossEngines {
		t.Run(e.name, func(t *testing.T) {
			// The two engines at once: each has its own browser and
			// server, and the test spends most of its time waiting.
			t.Parallel()
			base, stop := serveOwn(t, serve.Handler(siteDir, nil))
			eng, err := e.start(crossPhoneW, crossPhoneH, crossProbe)
			if err != nil {
				t.Fatalf("%s could not be started: %v", e.name, err)
			}
			s := &smoke{t: t, eng: eng, base: base}
			t.Cleanup(func() {
				s.collect()
				eng.Close()
				s.assertClean()
			})
			s.run(stop)
		})
	}
}

// crossEngines are the engines besides Chromium, each with what starts
// one browser at a window's size with a probe in every document.
var crossEngines = []struct {
	name  string
	start func(w, h int, probe string) (crossEngine, error)
}{
	{"firefox", func(w, h int, probe string) (crossEngine, error) { return startFirefox(w, h, probe) }},
	{"webkit", func(w, h int, probe string) (crossEngine, error) { return startWebKit(w, h, probe) }},
}

// smoke is one engine's run of the five checks, with what its pages
// reported.
type smoke struct {
	t        *testing.T
	eng      crossEngine
	base     string
	mu       sync.Mutex
	errors   []string
	csp      []string
	requests []string
}

func (s *smoke) run(stop func()) {
	t := s.t
	start := time.Now()
	// 1. A shared section link lands on its section: the player's first
	// visit, which registers the service worker.
	s.open(s.base + "/fr/fantasy/#armor")
	var size [2]int
	if err := s.eng.Eval(`[innerWidth, innerHeight]`, &size); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: window asked %d×%d, viewport got %d×%d", s.eng.Name(), crossPhoneW, crossPhoneH, size[0], size[1])
	s.landsOn("armor")

	// 2. A shared calculator link computes what calc computes.
	s.open(s.base + crossArmorLink)
	s.armorComputes("calc-armor")

	// 3. The search, in French (on that page) and in English.
	s.searchFinds("l’armure", "fantasy#armor")
	// (4. begins: the service worker's install keeps the shell and the
	// page open meanwhile, the one the player read.)
	s.offlineReady()
	s.open(s.base + "/en/")
	s.searchFinds("first aid", "contemporary#first-aid")

	// 4. Offline after that visit: no server.
	stop()
	s.open(s.base + crossArmorLink)
	s.pageShows("offline")
	s.landsOn("armor")
	s.armorComputes("calc-armor")
	s.searchFinds("l’armure", "fantasy#armor")

	// 5. The single-file edition from file://.
	path, err := filepath.Abs(filepath.Join(siteDir, "fr", "compendium.html"))
	if err != nil {
		t.Fatal(err)
	}
	s.open((&url.URL{Scheme: "file", Path: path}).String())
	s.pageShows("single file")
	var id string
	if err := s.eng.Eval(`document.querySelector(".calc[data-calc=armor]").id`, &id); err != nil {
		t.Fatalf("single file: no armour calculator: %v", err)
	}
	// It waits folded, as in a rules page: opened by a tap on its summary.
	if err := s.eng.Eval(`(() => { const c = document.getElementById(`+jsString(id)+`); c.scrollIntoView(); `+openFoldJS(id)+` return true; })()`, nil); err != nil {
		t.Fatal(err)
	}
	s.calcComputes(id, nil)
	if err := s.eng.Eval(`window.scrollTo(0, 0), true`, nil); err != nil {
		t.Fatal(err)
	}
	s.searchFinds("armure", "")
	var href string
	if err := s.eng.Eval(jsQuery(selSearchHit)+`.getAttribute("href")`, &href); err != nil || href != "#armor" {
		t.Errorf("%s, single file: the first result for armure links %q (%v), want #armor", s.eng.Name(), href, err)
	}
	s.afterLateWork("single file")
	t.Logf("%s: the five checks in %s", s.eng.Name(), time.Since(start).Round(100*time.Millisecond))
}

// crossLate waits for what a page does late: the offline copy's
// registration runs 3 s after the load event, in an idle moment
// (theme/js/page/offline.js). A callback queued for an idle moment after
// that runs after it; 300 ms more let its errors be reported.
const crossLate = `(() => {
  if (window.__e2eLate === undefined) {
    window.__e2eLate = false;
    const nav = performance.getEntriesByType("navigation")[0], end = nav && nav.loadEventEnd > 0 ? nav.loadEventEnd : performance.now();
    const idle = window.requestIdleCallback || ((f) => setTimeout(f, 0));
    setTimeout(() => idle(() => setTimeout(() => (window.__e2eLate = true), 300), { timeout: 5000 }), Math.max(0, end + 3100 - performance.now()));
  }
  return window.__e2eLate;
})()`

// afterLateWork waits until the page has done what it does late, so that
// an error or a policy violation there is seen: without it a fast run
// left the page before its offline copy was asked for, and only a slow
// one saw WebKit refuse a service worker from file:// (worker-src).
func (s *smoke) afterLateWork(what string) {
	s.t.Helper()
	if err := s.poll(crossLate, 15*time.Second, nil); err != nil {
		s.t.Errorf("%s, %s: the page's late work did not end: %v", s.eng.Name(), what, err)
	}
}

// open drains what the current document reported, then navigates.
func (s *smoke) open(u string) {
	s.t.Helper()
	s.collect()
	if err := s.eng.Navigate(u); err != nil {
		s.t.Fatalf("%s: opening %s: %v", s.eng.Name(), u, err)
	}
}

// collect keeps what the probe saw in the current document.
func (s *smoke) collect() {
	var got *struct{ Errors, CSP, Requests []string }
	if err := s.eng.Eval(crossCollect, &got); err != nil || got == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.errors = append(s.errors, got.Errors...)
	s.csp = append(s.csp, got.CSP...)
	s.requests = append(s.requests, got.Requests...)
}

// assertClean fails on what the Chromium suite fails on: an uncaught
// exception, a CSP violation, a request to another host.
func (s *smoke) assertClean() {
	t := s.t
	name := s.eng.Name()
	errs := s.errors
	if f, ok := s.eng.(*firefox); ok {
		errs = append(errs, f.Logged()...)
	}
	if len(errs) > 0 {
		t.Errorf("%s: uncaught errors: %q", name, errs)
	}
	if len(s.csp) > 0 {
		t.Errorf("%s: Content-Security-Policy violations: %q", name, s.csp)
	}
	host := strings.TrimPrefix(s.base, "http://")
	for _, r := range s.requests {
		u, err := url.Parse(r)
		if err != nil || (u.Scheme != "file" && u.Scheme != "blob" && u.Scheme != "data" && u.Scheme != "about" && u.Host != host) {
			t.Errorf("%s: request to another host: %s", name, r)
		}
	}
}

// poll evaluates js until it gives something other than null or false,
// for at most d, and decodes that into out (if not nil).
func (s *smoke) poll(js string, d time.Duration, out any) error {
	deadline := time.Now().Add(d)
	var last error
	var lastValue string
	for {
		var raw json.RawMessage
		err := s.eng.Eval(js, &raw)
		if err == nil && len(raw) > 0 && string(raw) != "null" && string(raw) != "false" {
			if out == nil {
				return nil
			}
			return json.Unmarshal(raw, out)
		}
		if err != nil {
			last = err // racing a navigation, say: not yet
		} else {
			lastValue = string(raw)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("not within %s (last value %s, last error %v)", d, lastValue, last)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// pageShows fails unless the document has its text: never a blank page.
func (s *smoke) pageShows(what string) {
	s.t.Helper()
	var n int
	if err := s.eng.Eval(`(document.querySelector("main") || document.body).innerText.trim().length`, &n); err != nil || n < 1000 {
		s.t.Fatalf("%s, %s: the page shows %d characters of text (%v)", s.eng.Name(), what, n, err)
	}
}

// landsOn waits until the heading id is where a link to it must put it:
// at the top of the viewport, below the room the style sheet keeps for
// it (html's scroll-padding-top and the target's scroll-margin-top),
// within 4 px, with location.hash kept.
func (s *smoke) landsOn(id string) {
	s.t.Helper()
	js := `(() => {
		const el = document.getElementById(` + jsString(id) + `);
		if (!el || document.readyState !== "complete") return null;
		const room = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) + parseFloat(getComputedStyle(el).scrollMarginTop);
		const top = el.getBoundingClientRect().top;
		return { top, room, hash: location.hash, ok: location.hash === "#" + el.id && Math.abs(top - room) <= 4 };
	})()`
	var at struct {
		Top, Room float64
		Hash      string
		OK        bool
	}
	err := s.poll(`(() => { const r = `+js+`; return r && r.ok ? r : null; })()`, 5*time.Second, &at)
	if err != nil {
		_ = s.eng.Eval(js, &at)
		s.t.Errorf("%s: #%s: the heading is at %.0f px, want %.0f (±4); location.hash %q", s.eng.Name(), id, at.Top, at.Room, at.Hash)
		return
	}
	s.t.Logf("%s: #%s landed at %.0f px (the room kept above it: %.0f)", s.eng.Name(), id, at.Top, at.Room)
}

// calcShown is what a calculator shows: the output the page drew, its
// answer's text and the block's defaults.
type calcShown struct {
	Output, Answer, Values string
}

// calcComputes waits for calculator id's live result and compares it with
// the calc command's for the block's defaults changed by state (nil: the
// defaults): the output the page drew, and its answer's words.
func (s *smoke) calcComputes(id string, state func(map[string]any) map[string]any) {
	s.t.Helper()
	var got calcShown
	err := s.poll(`(() => { const c = document.getElementById(`+jsString(id)+`); const r = c && c.querySelector(".calc-result");
		return r && r.dataset.static === "false" && !r.dataset.error && r.dataset.output ?
			{ output: r.dataset.output, answer: c.querySelector(".calc-live .calc-answer").textContent, values: c.querySelector(".calc-form").dataset.values } : null; })()`,
		15*time.Second, &got)
	if err != nil {
		var static string
		_ = s.eng.Eval(jsCalcResult(id)+`.textContent.trim().slice(0, 200)`, &static)
		s.t.Fatalf("%s: calculator %s computed nothing: %v (it shows %q)", s.eng.Name(), id, err, static)
	}
	var values, out map[string]any
	if err := json.Unmarshal([]byte(got.Values), &values); err != nil {
		s.t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(got.Output), &out); err != nil {
		s.t.Fatal(err)
	}
	if state != nil {
		values = state(values)
	}
	want := nativeCalc(s.t, "armor", normalise(calcui.Lookup("armor").EngineInput(values)))
	if d := sameJSON(want, out, "armor"); d != "" {
		s.t.Errorf("%s: calculator %s differs from calc: %s", s.eng.Name(), id, d)
	}
	answer, _ := want["answer"].(map[string]any)["fr"].(string)
	// The same words: "**" is the answer's bold, and spaces (no-break
	// ones included) count as one.
	answer = strings.Join(strings.Fields(strings.ReplaceAll(answer, "**", "")), " ")
	if strings.Join(strings.Fields(got.Answer), " ") != answer {
		s.t.Errorf("%s: calculator %s answers %q, calc %q", s.eng.Name(), id, got.Answer, answer)
	}
	s.t.Logf("%s: %s answers %q, as calc does", s.eng.Name(), id, answer)
}

// armorComputes is calcComputes for crossArmorLink's state, whose magic
// field must show the link's 3.
func (s *smoke) armorComputes(id string) {
	s.t.Helper()
	s.calcComputes(id, crossArmorState)
	var magic string
	if err := s.eng.Eval(`document.getElementById(`+jsString(id+"-magic")+`).value`, &magic); err != nil || magic != "3" {
		s.t.Errorf("%s: the shared link's magic field shows %q (%v), want 3", s.eng.Name(), magic, err)
	}
}

// searchFinds types q in the header's search field and waits for the
// first result to be the section want ("doc#id", its data-hit; "": any
// result).
func (s *smoke) searchFinds(q, want string) {
	s.t.Helper()
	if err := s.eng.Type(selSearchInput, q); err != nil {
		s.t.Fatalf("%s: typing %q in the search field: %v", s.eng.Name(), q, err)
	}
	js := `(() => { const i = ` + jsQuery(selSearchInput) + `, h = ` + jsQuery(selSearchHit) + `;
		return i.value === ` + jsString(q) + ` && h && (` + jsString(want) + ` === "" || h.dataset.hit === ` + jsString(want) + `) ? h.dataset.hit || h.getAttribute("href") : null; })()`
	var hit string
	if err := s.poll(js, 10*time.Second, &hit); err != nil {
		var first, value string
		_ = s.eng.Eval(`(`+jsQuery(selSearchHit)+` || {}).textContent || "(no result)"`, &first)
		_ = s.eng.Eval(jsQuery(selSearchInput)+`.value`, &value)
		s.t.Errorf("%s: searching %q (the field holds %q): the first result is %.100q, want %s", s.eng.Name(), q, value, first, want)
		return
	}
	s.t.Logf("%s: search %q: first result %s", s.eng.Name(), q, hit)
}

// offlineReady waits until the service worker controls the page and its
// copy holds the shell (home, search index, the engine) and the page read.
func (s *smoke) offlineReady() {
	s.t.Helper()
	if err := s.poll(`navigator.serviceWorker && navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)`, 20*time.Second, nil); err != nil {
		s.t.Fatalf("%s: no service worker controls the page: %v", s.eng.Name(), err)
	}
	var kept []string
	err := s.poll(`(`+keptFiles+`).then((k) => ["/fr/", "/fr/search.json", "/fr/fantasy/"].every((p) => k.includes(p)) && k.some((p) => p.startsWith("/assets/engine-")) && k.some((p) => p.startsWith("/assets/worker-")) ? k : null)`, 20*time.Second, &kept)
	if err != nil {
		_ = s.eng.Eval(keptFiles, &kept)
		s.t.Fatalf("%s: the offline copy holds %q: %v", s.eng.Name(), kept, err)
	}
	s.t.Logf("%s: the service worker kept %d files", s.eng.Name(), len(kept))
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
