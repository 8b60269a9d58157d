//go:build e2e

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"compendium/generator/pipeline"
)

// overlayState is what the failed build's overlay shows, or null.
const overlayState = `(() => {
	const h = document.getElementById("compendium-build-failed");
	const b = h && h.shadowRoot && h.shadowRoot.querySelector(".backdrop");
	if (!b || b.hidden || getComputedStyle(b).position !== "fixed") return null;
	return h.shadowRoot.querySelector(".panel").innerText;
})()`

// contentCopy copies the real content into a temporary folder, for a
// test that runs serve on it and edits it, and returns that folder, the
// theme's and the configuration's absolute paths, and the folder the
// environment variable shotsVar names for pictures ("" when unset),
// made absolute and created.
func contentCopy(t *testing.T, shotsVar string) (tmp, theme, config, shots string) {
	t.Helper()
	tmp = t.TempDir()
	if err := os.CopyFS(filepath.Join(tmp, "content"), os.DirFS("../../content")); err != nil {
		t.Fatal(err)
	}
	theme, _ = filepath.Abs("../../theme")
	config, _ = filepath.Abs("../../compendium.json")
	if shots = os.Getenv(shotsVar); shots != "" {
		shots, _ = filepath.Abs(shots)
		if err := os.MkdirAll(shots, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return tmp, theme, config, shots
}

// TestBuildFailedOverlay runs serve on a copy of the content, opens a
// document, and removes the ID of its first heading that has one: the
// failed rebuild's problems show over the page in its language (French,
// then English on the English page opened while it fails), with the file
// and line, the line itself, and the previous build still beneath;
// Escape hides the panel; mending the file reloads the page without it.
// No CSP violation, no exception (the harness's checks). With
// OVERLAY_SHOTS set to a folder, the overlay is saved there at 390 and
// 1280 px in both languages.
func TestBuildFailedOverlay(t *testing.T) {
	tmp, theme, config, shots := contentCopy(t, "OVERLAY_SHOTS")
	// From the copy's folder, as an organiser runs it: the messages name
	// content/fr/….md.
	t.Chdir(tmp)

	// The first French document with a heading that has an ID.
	docs, _ := filepath.Glob(filepath.Join("content", "fr", "*.md"))
	sort.Strings(docs)
	heading := regexp.MustCompile(`^(##+ .*?) \{#([a-z0-9-]+)\}\s*$`)
	var file, slug, id, broken string
	var src []byte
	line := 0
	for _, d := range docs {
		b, _ := os.ReadFile(d)
		for i, l := range strings.Split(string(b), "\n") {
			if m := heading.FindStringSubmatch(l); m != nil {
				file, slug, id, broken, src, line = d, strings.TrimSuffix(filepath.Base(d), ".md"), m[2], m[1], b, i+1
				break
			}
		}
		if file != "" {
			break
		}
	}
	if file == "" {
		t.Fatal("no French heading with an ID in the content")
	}

	opt := pipeline.Options{ContentDir: "content", ThemeDir: theme, ConfigFile: config, OutDir: "public"}
	builder := pipeline.New(opt)
	if _, err := builder.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	base := serveLive(t, opt, builder, nil)

	b := newBrowserWithin(t, 1280, 900, false, 4*time.Minute)
	b.Allow(base)
	var title string
	if err := chromedp.Run(b.Ctx, chromedp.Navigate(base+"/fr/"+slug+"/"), chromedp.WaitReady("#"+id), chromedp.Title(&title)); err != nil {
		t.Fatal(err)
	}

	lines := strings.Split(string(src), "\n")
	lines[line-1] = broken
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	restored := false
	t.Cleanup(func() {
		if !restored {
			os.WriteFile(file, src, 0o644)
		}
	})

	await := func(where string) string {
		t.Helper()
		var text string
		if err := chromedp.Run(b.Ctx, chromedp.Poll(overlayState, &text, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
			t.Fatalf("%s: no overlay: %v", where, err)
		}
		return text
	}
	shoot := func(name string, width, height int64, mobile bool) {
		t.Helper()
		if err := chromedp.Run(b.Ctx, chromedp.EmulateViewport(width, height, viewportOptions(mobile)...)); err != nil {
			t.Fatal(err)
		}
		await(name)
		if shots == "" {
			return
		}
		var png []byte
		if err := chromedp.Run(b.Ctx, chromedp.Sleep(200*time.Millisecond), chromedp.CaptureScreenshot(&png)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(shots, name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	text := await("fr")
	where := filepath.ToSlash(file) + ":" + strconv.Itoa(line)
	for _, want := range []string{"La construction du site a échoué", "problème", where, strings.TrimSpace(broken), "dernière construction réussie", "n'a pas d'ID"} {
		if !strings.Contains(text, want) {
			t.Errorf("the French overlay lacks %q:\n%s", want, text)
		}
	}
	// The problem itself is said in French, not marked as English.
	if strings.Contains(text, "message en anglais") || strings.Contains(text, "has no ID") {
		t.Errorf("the French overlay says the problem in English:\n%s", text)
	}
	// The previous build is still beneath.
	var still bool
	if err := chromedp.Run(b.Ctx, chromedp.Evaluate(`!!document.getElementById(`+strconv.Quote(id)+`)`, &still)); err != nil || !still {
		t.Errorf("the page beneath lost #%s (%v)", id, err)
	}
	// axe finds nothing on the page with the overlay over it (its shadow
	// root included).
	var vs []axeViolation
	if err := chromedp.Run(b.Ctx, chromedp.Evaluate(axeSource(t), nil),
		chromedp.Evaluate(`axe.run(document, { resultTypes: ["violations"], rules: { "target-size": { enabled: true } } }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target.map(String) })) })))`,
			&vs, awaitPromise)); err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		t.Errorf("axe with the overlay: %s (%s): %s %v", v.ID, v.Impact, v.Help, v.Nodes)
	}
	shoot("overlay-fr-1280", 1280, 900, false)
	shoot("overlay-fr-390", 390, 844, true)

	// A page opened while the build fails shows it too, in its language.
	if err := chromedp.Run(b.Ctx, chromedp.Navigate(base+"/en/"+slug+"/"), chromedp.WaitReady("body")); err != nil {
		t.Fatal(err)
	}
	text = await("en")
	for _, want := range []string{"The site's build failed", where, strings.TrimSpace(broken), "last good build", "has no ID"} {
		if !strings.Contains(text, want) {
			t.Errorf("the English overlay lacks %q:\n%s", want, text)
		}
	}
	shoot("overlay-en-390", 390, 844, true)
	shoot("overlay-en-1280", 1280, 900, false)

	// Escape hides it.
	var gone bool
	if err := chromedp.Run(b.Ctx,
		chromedp.Evaluate(`document.getElementById("compendium-build-failed").shadowRoot.querySelector(".panel").focus()`, nil),
		chromedp.ActionFunc(func(ctx context.Context) error {
			for _, typ := range []input.KeyType{input.KeyDown, input.KeyUp} {
				if err := input.DispatchKeyEvent(typ).WithKey("Escape").WithCode("Escape").WithWindowsVirtualKeyCode(27).Do(ctx); err != nil {
					return err
				}
			}
			return nil
		}),
		chromedp.Evaluate(`!document.getElementById("compendium-build-failed")`, &gone)); err != nil || !gone {
		t.Errorf("Escape did not hide the overlay (%v)", err)
	}

	// Mended: the page reloads, without the overlay.
	if err := chromedp.Run(b.Ctx, chromedp.Evaluate(`window.__beforeTheFix = true`, nil)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}
	restored = true
	// The reload cuts an evaluation under way: asked again until the new
	// page answers.
	deadline := time.Now().Add(2 * time.Minute)
	for reloaded := false; !reloaded; {
		if time.Now().After(deadline) {
			t.Fatal("the page did not reload after the fix")
		}
		_ = chromedp.Run(b.Ctx, chromedp.Evaluate(`window.__beforeTheFix !== true && document.readyState === "complete" && !!document.getElementById(`+strconv.Quote(id)+`)`, &reloaded))
		if !reloaded {
			time.Sleep(100 * time.Millisecond)
		}
	}
	var after any
	if err := chromedp.Run(b.Ctx, chromedp.Sleep(300*time.Millisecond), chromedp.Evaluate(overlayState, &after)); err != nil || after != nil {
		t.Errorf("the overlay is still there after the fix: %v %v", after, err)
	}
}
