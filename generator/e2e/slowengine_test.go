//go:build e2e

package e2e

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"compendium/generator/serve"
)

// slowEngine serves the site with the engine's module trickling in, at
// about 64 KB a second: one bar of signal. Throttling in the browser
// does not reach the service worker's own fetches, the server does.
type slowEngine struct{ h http.Handler }

func (s slowEngine) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.Contains(r.URL.Path, "/assets/engine-") {
		s.h.ServeHTTP(w, r)
		return
	}
	s.h.ServeHTTP(&trickle{ResponseWriter: w}, r)
}

type trickle struct{ http.ResponseWriter }

func (t *trickle) Write(b []byte) (int, error) {
	n := 0
	for len(b) > 0 {
		k := min(len(b), 16<<10)
		m, err := t.ResponseWriter.Write(b[:k])
		n += m
		if err != nil {
			return n, err
		}
		if f, ok := t.ResponseWriter.(http.Flusher); ok {
			f.Flush()
		}
		b = b[k:]
		time.Sleep(250 * time.Millisecond)
	}
	return n, nil
}

var percent = regexp.MustCompile(`(\d+)[\s\x{202f}]?%`)

// TestEngineProgressOnOneBar: opening a shared calculator link while the
// engine trickles in, the badge says how much of it has arrived, and the
// figure grows, beside the answer, never on it; then the result comes
// (issue 34, point 8: "Chargement du calculateur…" for 13 s, over the
// answer's first words).
func TestEngineProgressOnOneBar(t *testing.T) {
	base, _ := serveOwn(t, slowEngine{serve.Handler(siteDir, nil)})
	b := newBrowserWithin(t, 390, 844, true, 2*time.Minute)
	b.Allow(base)
	probe := `(() => { const r = ` + jsCalcResult("calc-casting") + `, s = r.querySelector(".calc-state");
	  const a = r.querySelector(".calc-answer").getBoundingClientRect(), b = s.getBoundingClientRect();
	  const overlap = s.hidden ? 0 : Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
	  return { state: r.dataset.state, text: s.hidden ? "" : s.textContent, overlap }; })()`
	type state struct {
		State   string  `json:"state"`
		Text    string  `json:"text"`
		Overlap float64 `json:"overlap"`
	}
	var first, later state
	var out string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(base+"/fr/spellcasting/?calc-casting=magic:9#casting"),
		chromedp.WaitReady("#calc-casting"),
		chromedp.Poll(`/\d\s?%/.test(document.querySelector("#calc-casting .calc-state").textContent) || null`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Evaluate(probe, &first),
	)
	if err != nil {
		t.Fatalf("no progress in the badge while the engine trickles in: %v", err)
	}
	if dir := os.Getenv("SHOTS_DIR"); dir != "" { // for a look at the badge on a phone
		var png []byte
		if err := chromedp.Run(b.Ctx, chromedp.ScrollIntoView("#calc-casting .calc-answer"), chromedp.CaptureScreenshot(&png)); err == nil {
			_ = os.WriteFile(filepath.Join(dir, "engine-progress-fr-390.png"), png, 0o644)
		}
	}
	p1 := percent.FindStringSubmatch(first.Text)
	if !strings.HasPrefix(first.Text, "Chargement du calculateur… ") || p1 == nil || first.State != "loading" || first.Overlap > 0 {
		t.Errorf("engine arriving: %+v, want “Chargement du calculateur… N %%” beside the answer, not over it", first)
	}
	err = chromedp.Run(b.Ctx,
		chromedp.Poll(`(() => { const m = /(\d+)\s?%/.exec(document.querySelector("#calc-casting .calc-state").textContent); return m && Number(m[1]) > `+p1[1]+` ? true : null; })()`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(probe, &later),
		waitReady("calc-casting", &out),
	)
	if err != nil {
		t.Fatalf("the badge stayed at %s, or the engine never came: %v", first.Text, err)
	}
	if later.Overlap > 0 {
		t.Errorf("engine arriving: the badge covers the answer: %+v", later)
	}
	t.Logf("engine trickling in: %q, then %q, then the result", first.Text, later.Text)
}
