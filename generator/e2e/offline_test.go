//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"compendium/generator/pipeline"
	"compendium/generator/serve"
	"compendium/generator/testcontent"
)

// TestOffline: the first visit keeps the shell and the page visited; the
// home page's "save the whole compendium" says its size, saves every
// file with a progress bar, and then the server can go away (no signal on
// site): every page reads, a calculator computes and the search answers.
// The site is served here by a server of its own, which the test stops.
func TestOffline(t *testing.T) {
	base, stop := serveOwn(t, serve.Handler(siteDir, nil))
	b := newBrowser(t, 390, 844, true)
	b.Allow(base)
	var shell, pages []string
	var size, done string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/fr/"),
		chromedp.Poll(`navigator.serviceWorker.controller ? true : null`, nil, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Evaluate(keptFiles, &shell, awaitPromise),
		chromedp.Evaluate(`fetch("../sw.js").then((r) => r.text()).then((t) => JSON.parse(t.match(/FILES=(\[[^\]]*\])/)[1]).filter((f) => f.endsWith("/")))`, &pages, awaitPromise),
		chromedp.Navigate(base+"/fr/"), // now under the worker
		chromedp.Poll(`document.querySelector("#save-all.ready .save-size")?.textContent || null`, &size, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Click(`#save-all button`, chromedp.ByQuery),
		chromedp.Poll(`(() => { const s = document.querySelector("#save-all .save-status").textContent; return s.startsWith("Enregistré") ? s : null; })()`, &done, chromedp.WithPollingTimeout(30*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(shell, "/fr/fantasy/") || !slices.Contains(shell, "/fr/search.json") || !slices.Contains(shell, "/fr/") {
		t.Errorf("the first visit kept %v: want the shell (home, index), not every page", shell)
	}
	for _, asset := range []string{"/assets/engine-", "/assets/worker-"} {
		if !slices.ContainsFunc(shell, func(p string) bool { return strings.HasPrefix(p, asset) }) {
			t.Errorf("the first visit kept %v: no %s*, so no calculator would compute offline", shell, asset)
		}
	}
	if !regexp.MustCompile(`^\(\d+,\d\x{00a0}Mo sur cet appareil, dont \d+,\d\x{00a0}Mo pour le compendium en un fichier\)$`).MatchString(size) {
		t.Errorf("the size shown before saving: %q", size)
	}
	t.Logf("first visit: %d files kept; the whole copy: %s", len(shell), size)
	var progress int
	if err := chromedp.Run(b.Ctx, chromedp.Evaluate(`document.querySelector("#save-all progress").value`, &progress)); err != nil || progress != 100 {
		t.Errorf("the progress bar ends at %d (%v)", progress, err)
	}
	stop() // no more network

	for _, p := range pages {
		var title string
		err := chromedp.Run(b.Ctx,
			chromedp.Navigate(base+strings.TrimPrefix(p, ".")),
			chromedp.WaitReady(`main`, chromedp.ByQuery),
			chromedp.Title(&title),
		)
		if err != nil || title == "" || strings.Contains(title, "introuvable") || strings.Contains(title, "not found") || strings.Contains(title, "Hors ligne") {
			t.Errorf("offline %s: title %q, %v", p, title, err)
		}
	}
	// The addresses a link may give a page.
	for _, p := range []string{"/fr/fantasy", "/fr/fantasy/index.html"} {
		var title string
		err := chromedp.Run(b.Ctx, chromedp.Navigate(base+p), chromedp.WaitReady(`main`, chromedp.ByQuery), chromedp.Title(&title))
		if err != nil || !strings.Contains(title, "GN fantasy") {
			t.Errorf("offline %s: title %q, %v", p, title, err)
		}
	}
	var title, out, results string
	err = chromedp.Run(b.Ctx,
		castOffline(base+"/fr/spellcasting/#casting", &title, &out),
		chromedp.Navigate(base+"/en/fantasy/?q=armour"),
		chromedp.Poll(searchResultsText,
			&results, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatalf("offline: %v", err)
	}
	if !strings.Contains(title, "sortilèges") || !strings.Contains(results, "Armour") {
		t.Errorf("offline: title %q, search results %.120q", title, results)
	}
}

// TestOfflineFirstPage: a player opens one rules page, once, with a
// network (a link from the organisers' chat), reads it without touching
// its calculators, and opens it again on site with no signal: the page is
// there, with its print style sheet, and its calculators compute. That page was fetched before the
// service worker existed, and its calculators never loaded the engine.
func TestOfflineFirstPage(t *testing.T) {
	base, stop := serveOwn(t, serve.Handler(siteDir, nil))
	b := newBrowser(t, 390, 844, true)
	b.Allow(base)
	var kept []string
	var printSheet string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/fr/spellcasting/"),
		chromedp.Evaluate(`new URL(document.querySelector('link[rel=stylesheet][media=print]').href).pathname`, &printSheet),
		chromedp.Poll(`navigator.serviceWorker.controller ? true : null`, nil, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Evaluate(keptFiles, &kept, awaitPromise),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(kept, "/fr/spellcasting/") {
		t.Errorf("the first visit to /fr/spellcasting/ kept %v: not that page", kept)
	}
	// Printed offline, the page needs its print style sheet.
	if !strings.HasPrefix(printSheet, "/assets/print-") || !slices.Contains(kept, printSheet) {
		t.Errorf("the first visit kept %v: not the page's print style sheet %q", kept, printSheet)
	}
	var engineUsed bool
	if err := chromedp.Run(b.Ctx, chromedp.Evaluate(`performance.getEntriesByType("resource").some((e) => e.name.includes("/assets/engine-"))`, &engineUsed)); err != nil {
		t.Fatal(err)
	}
	if engineUsed {
		t.Fatal("the page loaded the engine itself: this test needs a page whose calculators were not used")
	}
	stop() // on site: no network
	var title, out string
	err = chromedp.Run(b.Ctx,
		castOffline(base+"/fr/spellcasting/", &title, &out),
	)
	if err != nil {
		t.Fatalf("offline, the page read once: %v (title %q)", err, title)
	}
	if !strings.Contains(title, "sortilèges") {
		t.Errorf("offline, the page read once has the title %q", title)
	}
}

// castOffline opens the spell-casting page at url, reads its title, sets
// the casting calculator's magic to 6 and waits for the engine's result
// (its maximum, 9), which it puts in out.
func castOffline(url string, title, out *string) chromedp.Tasks {
	return chromedp.Tasks{
		chromedp.Navigate(url),
		chromedp.WaitReady("#calc-casting"),
		chromedp.Title(title),
		chromedp.ScrollIntoView("#calc-casting"),
		setField("#calc-casting-magic", "6"),
		chromedp.Poll(`(() => { const r = `+jsCalcResult("calc-casting")+`; return r.dataset.output && JSON.parse(r.dataset.output).result_max === 9 ? r.dataset.output : null; })()`,
			out, chromedp.WithPollingTimeout(10*time.Second)),
	}
}

// bannerText is the update banner's words once it shows (the link only
// when it shows), null before.
const bannerText = `(() => { const b = ` + jsUpdateBanner + `; return b && !b.hidden ? [...b.querySelectorAll(".update-text > :not([hidden]):not(:empty), .update-reload")].map((e) => e.textContent).join(" ") : null; })()`

// keptFiles lists the paths the offline copy holds.
const keptFiles = `caches.keys().then((ks) => caches.open(ks[ks.length - 1])).then((c) => c.keys()).then((rs) => rs.map((r) => new URL(r.url).pathname))`

// lastModifiedOnly serves dir as a plain host does: Last-Modified and no
// Cache-Control (browsers then cache pages heuristically), with the files
// in fail answered 500.
type lastModifiedOnly struct {
	dir  string
	mu   sync.Mutex
	fail map[string]bool
	got  []string // the paths the service worker asked for
}

func (h *lastModifiedOnly) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	bad := h.fail[r.URL.Path]
	// Only the update's fetches count: the worker script, and the files
	// an install copies (cache "reload": Cache-Control no-cache). A tab's
	// favicon, passed through by the worker late after an earlier reload
	// (cache "no-cache": max-age=0), is not the update's.
	if dest := r.Header.Get("Sec-Fetch-Dest"); dest == "" || dest == "serviceworker" || r.Header.Get("Cache-Control") == "no-cache" {
		h.got = append(h.got, r.URL.Path)
	}
	h.mu.Unlock()
	if bad {
		http.Error(w, "unreachable", http.StatusInternalServerError)
		return
	}
	http.FileServer(http.Dir(h.dir)).ServeHTTP(w, r)
}

// TestOfflineUpdate: a reader's copy follows the site's builds, whole or
// not at all, on a host that sends Last-Modified alone. A first build is
// visited and kept; a second build (a changed sentence, a new edition) is
// written over it in the same folder: the open tabs say "new edition" and
// what changed (this page, or how many others), a tab opened during the
// update (the new build's page already) says nothing, closing the banner
// in one tab closes it in the others for that build, the open tab's search
// still answers, it asks for no asset of the new build, and reloading
// shows the new sentence and edition. A correction in the same edition
// says "corrected", and its banner shows though the previous build's was
// closed. A third build with one file the host cannot send is refused by
// the worker: offline, every page of the second build is still there,
// never a page of the third.
func TestOfflineUpdate(t *testing.T) {
	dir := t.TempDir()
	content, out := filepath.Join(dir, "content"), filepath.Join(dir, "public")
	if err := os.CopyFS(content, os.DirFS(testcontent.Dir)); err != nil {
		t.Fatal(err)
	}
	fantasy := filepath.Join(content, "fr", "fantasy.md")
	src, err := os.ReadFile(fantasy)
	if err != nil {
		t.Fatal(err)
	}
	buildWith := func(sentence, edition string) {
		t.Helper()
		if err := os.WriteFile(fantasy, append(bytes.Clone(src), []byte("\n"+sentence+"\n")...), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg := filepath.Join(dir, "compendium.json")
		if err := os.WriteFile(cfg, []byte(`{"edition": "`+edition+`"}`), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := pipeline.Build(pipeline.Options{ContentDir: content, ThemeDir: "../../theme", Root: "../..", OutDir: out, ConfigFile: cfg}); err != nil {
			t.Fatal(err)
		}
	}
	buildWith("Première version de la règle.", "2026")
	h := &lastModifiedOnly{dir: out, fail: map[string]bool{}}
	base, stop := serveOwn(t, h)
	b := newBrowserWithin(t, 390, 844, true, 2*time.Minute) // four tabs and three builds
	b.Allow(base)
	var oldAssets []string
	err = chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/fr/"),
		chromedp.Poll(`navigator.serviceWorker.controller ? true : null`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Navigate(base+"/fr/"),
		chromedp.Poll(`document.querySelector("#save-all.ready") ? true : null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Click(`#save-all button`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector("#save-all .save-status").textContent.startsWith("Enregistré") || null`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Navigate(base+"/fr/fantasy/"),
		chromedp.WaitReady(`main`, chromedp.ByQuery),
		chromedp.Evaluate(`[...document.querySelectorAll("link[href*='assets/'], script[src*='assets/']")].map((e) => new URL(e.href || e.src).pathname)`, &oldAssets),
	)
	if err != nil {
		t.Fatal(err)
	}
	// Other tabs of the first build, whose text the second leaves as it is.
	tab := func(path string) context.Context {
		ctx, cancel := chromedp.NewContext(b.Ctx)
		t.Cleanup(cancel)
		if err := chromedp.Run(ctx, chromedp.Navigate(base+path), chromedp.WaitReady(`main`, chromedp.ByQuery),
			chromedp.Poll(`navigator.serviceWorker.controller ? true : null`, nil, chromedp.WithPollingTimeout(10*time.Second), chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return ctx
	}
	frGlossary, enGlossary := tab("/fr/glossary/"), tab("/en/glossary/")

	buildWith("Seconde version de la règle.", "2027")
	// Opened once the second build is on the host, before its worker: the
	// network answers first, so this tab shows the second build already.
	frValues := tab("/fr/values/")
	// Polls in a tab behind another use a timer: requestAnimationFrame,
	// chromedp's default, does not run there.
	if err := chromedp.Run(b.Ctx, page.BringToFront()); err != nil {
		t.Fatal(err)
	}
	requestsBefore := len(b.RequestsMatching("/assets/"))
	h.mu.Lock()
	h.got = nil
	h.mu.Unlock()
	var banner, results string
	err = chromedp.Run(b.Ctx,
		chromedp.Evaluate(`navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => true)`, nil, awaitPromise),
		chromedp.Poll(bannerText, &banner, chromedp.WithPollingTimeout(20*time.Second), chromedp.WithPollingInterval(100*time.Millisecond)),
	)
	if err != nil {
		var st string
		_ = chromedp.Run(b.Ctx, chromedp.Evaluate(jsUpdateBanner+`.dataset.state || "none"`, &st))
		t.Fatalf("after the second build: %v (banner %s)", err, st)
	}
	if dir := os.Getenv("SHOTS_DIR"); dir != "" { // for a look at the banner on a phone, light and dark
		for _, scheme := range []string{"light", "dark"} {
			var png []byte
			err := chromedp.Run(b.Ctx,
				chromedp.ActionFunc(func(ctx context.Context) error {
					return emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}).Do(ctx)
				}),
				chromedp.CaptureScreenshot(&png),
			)
			if err == nil {
				_ = os.WriteFile(filepath.Join(dir, "update-banner-"+scheme+".png"), png, 0o644)
			}
		}
	}
	others := map[string]context.Context{"/fr/glossary/": frGlossary, "/en/glossary/": enGlossary}
	for _, c := range []struct{ path, want string }{
		{"/fr/fantasy/", "Nouvelle édition\u00a0: 2027. Cette page a changé. Recharger"},
		{"/fr/glossary/", "Nouvelle édition\u00a0: 2027. 1 autre page a changé, pas celle-ci. Recharger"},
		{"/en/glossary/", "New edition: 2027. This page has not changed. Reload"},
	} {
		got := banner
		if ctx := others[c.path]; ctx != nil {
			if err := chromedp.Run(ctx, chromedp.Poll(bannerText, &got, chromedp.WithPollingTimeout(10*time.Second), chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
				t.Errorf("%s, open before the update: no banner: %v", c.path, err)
				continue
			}
		}
		if got != c.want {
			t.Errorf("%s, open before the update: the banner says %q, want %q", c.path, got, c.want)
		}
	}
	// The tab that shows the second build: told, it says nothing.
	var valuesState string
	if err := chromedp.Run(frValues, chromedp.Poll(jsUpdateBanner+`.dataset.state || null`, &valuesState, chromedp.WithPollingTimeout(10*time.Second), chromedp.WithPollingInterval(100*time.Millisecond))); err != nil || valuesState != "current" {
		t.Errorf("/fr/values/, opened during the update: banner %q (%v), want it to know it is current", valuesState, err)
	}
	// The update downloads what changed: the new edition is in every
	// page's footer and print sheet, not in the script, style, engine or
	// the English index.
	h.mu.Lock()
	got := slices.Clone(h.got)
	h.mu.Unlock()
	for _, p := range got {
		if strings.HasPrefix(p, "/assets/") && !strings.HasPrefix(p, "/assets/print-") || p == "/en/search.json" {
			t.Errorf("the update downloaded %s again, which did not change", p)
		}
	}
	err = chromedp.Run(b.Ctx,
		chromedp.Evaluate(jsSearchFor("armure"), nil),
		chromedp.Poll(searchResultsText, &results, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatalf("after the second build: %v", err)
	}
	if !strings.Contains(results, "Armure") {
		t.Errorf("the open tab's search: %.120q", results)
	}
	for _, r := range b.RequestsMatching("/assets/")[requestsBefore:] {
		u, _ := url.Parse(r)
		if !slices.Contains(oldAssets, u.Path) && !strings.Contains(u.Path, "/assets/engine-") && !strings.Contains(u.Path, "/assets/worker-") && !strings.Contains(u.Path, "/assets/print-") {
			t.Errorf("the open tab of the first build asked for %s, not one of its assets %v", u.Path, oldAssets)
		}
	}
	var body, footer string
	err = chromedp.Run(b.Ctx,
		chromedp.Click(selUpdateBanner+` .update-reload`, chromedp.ByQuery),
		chromedp.Sleep(time.Second), // the reload replaces the page's context
		chromedp.WaitReady(`main`, chromedp.ByQuery),
		chromedp.Poll(`document.body && document.body.textContent.includes("Seconde version") ? true : null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Text(`main`, &body, chromedp.ByQuery),
		chromedp.Text(`.site-footer .edition`, &footer, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("reloading: %v", err)
	}
	if strings.Contains(body, "Première version") || !strings.Contains(footer, "Édition 2027") {
		t.Errorf("after the reload: footer %q, first version still there: %v", footer, strings.Contains(body, "Première version"))
	}
	// Escape closes the French glossary's banner, and the English
	// glossary's with it: the same build, the same device.
	var hidden [2]bool
	err = chromedp.Run(frGlossary,
		chromedp.Focus(selUpdateBanner+` .update-reload`, chromedp.ByQuery),
		chromedp.KeyEvent("\u001b"),
		chromedp.Evaluate(jsUpdateBanner+`.hidden`, &hidden[0]),
	)
	if err == nil {
		err = chromedp.Run(enGlossary, chromedp.Poll(jsUpdateBanner+`.hidden || null`, &hidden[1], chromedp.WithPollingTimeout(10*time.Second), chromedp.WithPollingInterval(100*time.Millisecond)))
	}
	if err != nil || !hidden[0] || !hidden[1] {
		t.Errorf("Escape on the French glossary's banner: hidden there %v, in the English tab %v (%v)", hidden[0], hidden[1], err)
	}
	// Reloaded, the same tab shows the second build: no banner.
	var again bool
	err = chromedp.Run(frGlossary, chromedp.Reload(), chromedp.WaitReady(`main`, chromedp.ByQuery),
		chromedp.Poll(`document.documentElement.dataset.build && document.readyState === "complete" || null`, nil, chromedp.WithPollingTimeout(10*time.Second), chromedp.WithPollingInterval(100*time.Millisecond)),
		chromedp.Evaluate(`!`+jsUpdateBanner+`.hidden`, &again))
	if err != nil || again {
		t.Errorf("the French glossary reloaded: banner shown %v (%v)", again, err)
	}
	if err := chromedp.Run(b.Ctx, page.BringToFront()); err != nil {
		t.Fatal(err)
	}

	// One more sentence, same edition: the update fetches the worker and
	// the files that sentence changed, nothing else.
	h.mu.Lock()
	h.got = nil
	h.mu.Unlock()
	buildWith("Seconde version de la règle, précisée.", "2027")
	// The second build's banner was closed on this device: this build's
	// shows all the same, saying "corrected" (the edition is the same).
	err = chromedp.Run(b.Ctx,
		chromedp.Evaluate(`navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => true)`, nil, awaitPromise),
		chromedp.Poll(bannerText, &banner, chromedp.WithPollingTimeout(20*time.Second)),
	)
	if err != nil {
		t.Fatalf("after a one-sentence build: %v", err)
	}
	if want := "Les règles ont été corrigées. Cette page a changé. Recharger"; banner != want {
		t.Errorf("after a one-sentence build: the banner says %q, want %q", banner, want)
	}
	h.mu.Lock()
	got = slices.Clone(h.got)
	h.mu.Unlock()
	slices.Sort(got)
	got = slices.Compact(got) // the worker script: asked by the test and by the browser
	size := 0
	for _, p := range got {
		name := strings.TrimPrefix(p, "/")
		if name == "" || strings.HasSuffix(name, "/") {
			name += "index.html"
		}
		if fi, err := os.Stat(filepath.Join(out, filepath.FromSlash(name))); err == nil {
			size += int(fi.Size())
		}
	}
	// The French single-file edition holds every sentence, and "save the
	// whole compendium" kept it above: it is fetched again too; so are the
	// notes' indexes, whose fingerprints are of the French text.
	want := []string{"/sw.js", "/fr/fantasy/", "/fr/fantasy/side-by-side/", "/en/fantasy/side-by-side/", "/fr/book/", "/fr/search.json", "/fr/compendium.html", "/fr/notes/sections.json", "/en/notes/sections.json"}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("after a one-sentence change the update fetched %v, want %v", got, want)
	}
	t.Logf("a one-sentence change: the update fetched %d files, %d KB uncompressed", len(got), size/1024)
	var closed, shownAgain bool
	err = chromedp.Run(b.Ctx,
		chromedp.Click(selUpdateBanner+` .update-close`, chromedp.ByQuery),
		chromedp.Evaluate(jsUpdateBanner+`.hidden`, &closed),
		chromedp.Reload(),
		chromedp.WaitReady(`main`, chromedp.ByQuery),
		chromedp.Poll(`document.readyState === "complete" || null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`!`+jsUpdateBanner+`.hidden`, &shownAgain),
	)
	if err != nil || !closed || shownAgain {
		t.Errorf("the close button: closed %v, shown again after a reload %v (%v)", closed, shownAgain, err)
	}

	// A third build the host cannot send whole.
	h.mu.Lock()
	h.fail["/fr/glossary/"] = true
	h.mu.Unlock()
	buildWith("Troisième version de la règle.", "2028")
	var state string
	err = chromedp.Run(b.Ctx,
		chromedp.Evaluate(`navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => new Promise((ok) => setTimeout(ok, 3000))).then(() => navigator.serviceWorker.getRegistration()).then((r) => (r.installing ? "installing" : r.waiting ? "waiting" : "none"))`, &state, awaitPromise),
	)
	if err != nil {
		t.Fatal(err)
	}
	stop() // no more network
	for _, path := range []string{"/fr/glossary/", "/fr/fantasy/", "/en/fantasy/"} {
		var text string
		err := chromedp.Run(b.Ctx,
			chromedp.Navigate(base+path),
			chromedp.WaitReady(`main`, chromedp.ByQuery),
			chromedp.Text(`body`, &text, chromedp.ByQuery),
		)
		if err != nil {
			t.Fatalf("offline %s: %v", path, err)
		}
		if strings.Contains(text, "Troisième version") || strings.Contains(text, "2028") || !strings.Contains(text, "2027") {
			t.Errorf("offline %s is not the second build's page (worker %s): %.200q … %.300q", path, state, text, text[max(0, len(text)-300):])
		}
	}
	// The browser cleared the copy to make room: a page saying so, in the
	// reader's language, never an empty answer.
	var title, text string
	err = chromedp.Run(b.Ctx,
		chromedp.Evaluate(`caches.keys().then((ks) => Promise.all(ks.map((k) => caches.delete(k)))).then(() => true)`, nil, awaitPromise),
		chromedp.Navigate(base+"/en/fantasy/"),
		chromedp.WaitReady(`main`, chromedp.ByQuery),
		chromedp.Title(&title),
		chromedp.Text(`main`, &text, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("offline with the copy cleared: %v", err)
	}
	if title != "Offline" || !strings.Contains(text, "holds no copy") {
		t.Errorf("offline with the copy cleared: %q, %q", title, text)
	}
}

// TestOfflineNotSaved: offline, a page the reader visited reads; a page of
// the site they never opened says it is not saved on this device and
// lists the pages that are (not "page not found"); an address the site
// does not have gets the language's 404 page; a section's share link
// leads to the section on the kept page.
func TestOfflineNotSaved(t *testing.T) {
	base, stop := serveOwn(t, serve.Handler(siteDir, nil))
	b := newBrowser(t, 390, 844, true)
	b.Allow(base)
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/fr/"),
		chromedp.Poll(`navigator.serviceWorker.controller ? true : null`, nil, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Navigate(base+"/fr/fantasy/"),
		chromedp.WaitReady(`main`, chromedp.ByQuery),
		chromedp.Poll(`caches.keys().then((ks) => caches.open(ks[ks.length - 1])).then((c) => c.match("/fr/fantasy/")).then((r) => !!r || null)`, nil, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	stop()
	var visited, title, text, links, missing, shared string
	err = chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/fr/fantasy/"),
		chromedp.WaitReady(`main`, chromedp.ByQuery),
		chromedp.Title(&visited),
		chromedp.Navigate(base+"/fr/glossary/"),
		chromedp.WaitReady(`main`, chromedp.ByQuery),
		chromedp.Title(&title),
		chromedp.Text(`main`, &text, chromedp.ByQuery),
		chromedp.Evaluate(`[...document.querySelectorAll("main a")].map((a) => a.getAttribute("href") + " " + a.textContent).join("\n")`, &links),
		chromedp.Navigate(base+"/fr/no-such-page/"),
		chromedp.WaitReady(`main`, chromedp.ByQuery),
		chromedp.Title(&missing),
		// A section's share link, as pasted in a chat: to its section.
		chromedp.Navigate(base+"/fr/fantasy/armor/"),
		chromedp.WaitReady(`#armor`, chromedp.ByQuery),
		chromedp.Location(&shared),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(visited, "GN fantasy") {
		t.Errorf("the visited page offline: %q", visited)
	}
	if title != "Hors ligne" || !strings.Contains(text, "n’est pas enregistrée sur cet appareil") || !strings.Contains(links, "/fr/fantasy/ II. Les Règles") || strings.Contains(links, "/fr/glossary/") {
		t.Errorf("an unsaved page offline: title %q, text %.200q, links %q", title, text, links)
	}
	if !strings.Contains(missing, "introuvable") {
		t.Errorf("an unknown address offline: %q", missing)
	}
	if !strings.HasSuffix(shared, "/fr/fantasy/#armor") {
		t.Errorf("a share link offline led to %s", shared)
	}
}

// serveOwn serves h on a server of the test's own, which stop (also run at
// the test's end) takes away: the reader's network going.
func serveOwn(t *testing.T, h http.Handler) (base string, stop func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String(), func() { srv.Close() }
}
