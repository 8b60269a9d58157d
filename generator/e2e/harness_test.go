//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"compendium/generator/pdf"
	"compendium/generator/pipeline"
	"compendium/generator/serve"
	"compendium/generator/testcontent"
)

var (
	baseURL string
	// siteDir is the built site the harness serves.
	siteDir string
	// browserCtx holds the one Chromium of the run; each test opens tabs in it.
	browserCtx context.Context
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "compendium-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "public")
	siteDir = out
	if _, err := pipeline.Build(pipeline.Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme", OutDir: out, ConfigFile: "../../compendium.json"}); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		return 1
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	srv := &http.Server{Handler: serve.Handler(out, nil)}
	go srv.Serve(ln)
	defer srv.Close()
	baseURL = "http://" + ln.Addr().String()

	exe := chromePath()
	if exe == "" {
		// Browser tests must run, not skip: make test installs chromium.
		fmt.Fprintln(os.Stderr, "e2e: no Chromium found; install Debian's chromium package (make test does) or set CHROME_PATH")
		return 1
	}
	profile, _ := os.MkdirTemp("", "compendium-chrome-")
	defer os.RemoveAll(profile)
	// The flags keep Chromium off the network: on this machine every
	// connection it makes on its own is refused, and a test must stay local.
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(profile),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
	)
	allocCtx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	var cancelBrowser context.CancelFunc
	browserCtx, cancelBrowser = chromedp.NewContext(allocCtx, chromedp.WithErrorf(quietErrorf))
	defer cancelBrowser()
	if err := chromedp.Run(browserCtx); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: starting Chromium:", err)
		return 1
	}
	return m.Run()
}

// quietErrorf logs chromedp's errors as it does by default, but for the
// top-layer event a modal <dialog> (the editor's) sends to every tab that
// shows one: chromedp does not know it, and it says nothing of the page
// (hundreds of lines in a run).
func quietErrorf(format string, args ...any) {
	if strings.HasPrefix(format, "unhandled node event") && len(args) > 0 && fmt.Sprintf("%T", args[0]) == "*dom.EventTopLayerElementsUpdated" {
		return
	}
	log.Printf(format, args...)
}

func chromePath() string {
	// The same lookup as the pdf command's.
	return pdf.Chrome()
}

// Browser is one tab with what it saw: every request's URL, every CSP
// violation and every uncaught exception.
type Browser struct {
	Ctx        context.Context
	mu         sync.Mutex
	Requests   []string
	Exceptions []string
	// hosts are the hosts a test may reach besides the harness's server.
	hosts []string
}

// Allow lets the tab reach another local server of the test's own.
func (b *Browser) Allow(base string) {
	u, _ := url.Parse(base)
	b.mu.Lock()
	b.hosts = append(b.hosts, u.Host)
	b.mu.Unlock()
}

// cspProbe runs before any page script (injected through CDP, so the CSP
// does not apply to it) and records violations for the test to read.
const cspProbe = `window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(e.violatedDirective + " " + e.blockedURI));`

func newBrowser(t testing.TB, width, height int64, mobile bool) *Browser {
	t.Helper()
	return newBrowserWithin(t, width, height, mobile, 60*time.Second)
}

// newBrowserWithin is newBrowser with the tab's whole life bounded by d
// instead of a minute; opts may give it a profile of its own
// (chromedp.WithNewBrowserContext: no storage, no service worker). Tests that visit every kind of page give each visit
// its own minute (see eachPage): on a CI machine slower than this one, axe
// over the twenty pages once took more than 60 s in all and failed at the
// nineteenth page, though no single page was slow.
func newBrowserWithin(t testing.TB, width, height int64, mobile bool, d time.Duration, opts ...chromedp.ContextOption) *Browser {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browserCtx, opts...)
	ctx, cancelT := context.WithTimeout(ctx, d)
	t.Cleanup(func() { cancelT(); cancel() })
	b := &Browser{Ctx: ctx}
	chromedp.ListenTarget(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			b.mu.Lock()
			b.Requests = append(b.Requests, ev.Request.URL)
			b.mu.Unlock()
		case *runtime.EventExceptionThrown:
			b.mu.Lock()
			b.Exceptions = append(b.Exceptions, ev.ExceptionDetails.Error())
			b.mu.Unlock()
		}
	})
	err := chromedp.Run(ctx,
		network.Enable(),
		chromedp.EmulateViewport(width, height, viewportOptions(mobile)...),
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(cspProbe).Do(ctx)
			return err
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.assertClean(t) })
	return b
}

// assertClean fails the test on a CSP violation, an uncaught exception or a
// request to any host but the test server.
func (b *Browser) assertClean(t testing.TB) {
	t.Helper()
	var csp []string
	_ = chromedp.Run(b.Ctx, chromedp.Evaluate(`window.__csp || []`, &csp))
	if len(csp) > 0 {
		t.Errorf("Content-Security-Policy violations: %v", csp)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.Exceptions) > 0 {
		t.Errorf("uncaught exceptions: %v", b.Exceptions)
	}
	base, _ := url.Parse(baseURL)
	for _, r := range b.Requests {
		u, err := url.Parse(r)
		// file: and blob: are the single-file edition's, opened from disk.
		if err != nil || (u.Scheme != "data" && u.Scheme != "blob" && u.Scheme != "file" && u.Host != base.Host && !contains(b.hosts, u.Host)) {
			t.Errorf("request to another host: %s", r)
		}
	}
}

// RequestsMatching returns the requests whose URL contains s.
func (b *Browser) RequestsMatching(s string) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for _, r := range b.Requests {
		if strings.Contains(r, s) {
			out = append(out, r)
		}
	}
	return out
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// eachPage runs visit on every path with one tab, each visit within a
// minute of its own, so that the time a test takes grows with its pages
// without a single slow page going unnoticed.
func eachPage(t *testing.T, width, height int64, mobile bool, paths []string, visit func(ctx context.Context, path string) error) {
	t.Helper()
	b := newBrowserWithin(t, width, height, mobile, time.Duration(len(paths)+1)*time.Minute)
	for _, p := range paths {
		ctx, cancel := context.WithTimeout(b.Ctx, time.Minute)
		err := visit(ctx, p)
		cancel()
		if err != nil {
			t.Fatalf("%d px, %s: %v", width, p, err)
		}
	}
}

// newFreshBrowser is newBrowserWithin in a profile of its own (a browser
// context: no storage, no service worker, no cache of the other tabs'),
// as on another person's phone. chromedp's WithNewBrowserContext opens
// its tab with no window, which headless Chromium refuses ("no browser is
// open"): the tab is made here, in a window of its own.
func newFreshBrowser(t *testing.T, width, height int64, mobile bool, d time.Duration) *Browser {
	t.Helper()
	var id target.ID
	err := chromedp.Run(browserCtx, chromedp.ActionFunc(func(ctx context.Context) error {
		ex := cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser)
		bc, err := target.CreateBrowserContext().Do(ex)
		if err != nil {
			return err
		}
		t.Cleanup(func() {
			_ = chromedp.Run(browserCtx, chromedp.ActionFunc(func(ctx context.Context) error { return target.DisposeBrowserContext(bc).Do(ex) }))
		})
		id, err = target.CreateTarget("about:blank").WithBrowserContextID(bc).WithNewWindow(true).Do(ex)
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	return newBrowserWithin(t, width, height, mobile, d, chromedp.WithTargetID(id))
}
