//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"compendium/generator/edit"
	"compendium/generator/pipeline"
	"compendium/generator/serve"
)

// editorState is what the open editor shows, or null when none is open.
const editorState = `(() => {
	const d = document.querySelector("dialog.cedit[open]");
	if (!d) return null;
	const side = (l) => {
		const c = d.querySelector('.cedit-col[data-lang="' + l + '"]');
		return c ? { text: c.querySelector("textarea").value, problems: [...c.querySelectorAll(".cedit-problems li")].map((li) => li.textContent), offers: [...c.querySelectorAll(".cedit-offer")].map((b) => b.textContent), state: c.querySelector(".cedit-state").textContent, where: c.querySelector(".cedit-where").textContent } : null;
	};
	const conflict = d.querySelector(".cedit-conflict");
	return {
		status: d.querySelector(".cedit-status").textContent,
		fr: side("fr"), en: side("en"),
		focusInside: d.contains(document.activeElement),
		conflict: conflict.hidden ? "" : conflict.textContent,
		disk: [...conflict.querySelectorAll("textarea")].map((t) => t.value),
		notice: d.querySelector(".cedit-notice").hidden ? "" : d.querySelector(".cedit-notice").textContent,
		confirm: !d.querySelector(".cedit-confirm").hidden,
	};
})()`

type editorSide struct {
	Text, State, Where string
	Problems, Offers   []string
}

type editorView struct {
	Status      string
	Fr, En      *editorSide
	FocusInside bool
	Conflict    string
	Disk        []string
	Notice      string
	Confirm     bool
}

// serveEditing builds the content opt names and serves it as
// generator serve does with editing on (live reload, rebuilds on a change
// under the content), until t ends. built, when not nil, sees the built
// site and the editor before the server starts. It returns the server's
// address and the editor, whose OpenPath is the run's link.
func serveEditing(t *testing.T, opt pipeline.Options, built func(*edit.Handler)) (string, *edit.Handler) {
	t.Helper()
	builder := pipeline.New(opt)
	if _, err := builder.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	ed, err := edit.New(edit.Options{Pipeline: opt})
	if err != nil {
		t.Fatal(err)
	}
	if built != nil {
		built(ed)
	}
	return serveLive(t, opt, builder, ed), ed
}

// serveLive serves the site builder built from opt as generator serve
// does (live reload, rebuilds on a change under the content), with the
// editor ed when it is not nil, until t ends; it returns the address.
func serveLive(t *testing.T, opt pipeline.Options, builder *pipeline.Builder, ed serve.Editor) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	t.Cleanup(func() { cancel(); <-stopped })
	ready := make(chan string, 1)
	go func() {
		defer close(stopped)
		err := serve.Run(ctx, serve.Options{
			Addr: "127.0.0.1:0", Dir: opt.OutDir, Watch: []string{opt.ContentDir},
			Rebuild:  func(changed []string) error { _, err := builder.Rebuild(ctx, changed); return err },
			Complete: func() error { _, err := builder.Complete(ctx); return err },
			Deferred: pipeline.LeftByRebuild,
			Ready:    func(a string) { ready <- a },
			Editor:   ed,
		})
		if err != nil {
			t.Error(err)
		}
	}()
	return "http://" + <-ready
}

// TestEditor runs serve with the editor on a copy of the content and
// edits the armour section as an organiser does, in the browser that
// opened the run's link: another program, which has not, finds no
// secret in a page and is refused a save. The French value alone
// changed is refused with its message, in French, under the English
// text; the offer to change it in English too, then Save, rebuild the
// page, which shows "plaque (4)" at the section; a change made on disk
// after the editor opened is shown beside the organiser's, and neither is
// lost; a rebuild (another file written) reloads the page with the editor
// open again on the typed text; a request without the secret, or from
// another origin, is refused and writes nothing. axe finds nothing on the
// open editor; no CSP violation, no exception (the harness's checks).
// With EDITOR_SHOTS set to a folder, the editor is saved there at 1280
// and 390 px in both languages.
func TestEditor(t *testing.T) {
	tmp, theme, config, shots := contentCopy(t, "EDITOR_SHOTS")
	t.Chdir(tmp)
	frFile, enFile := filepath.Join("content", "fr", "fantasy.md"), filepath.Join("content", "en", "fantasy.md")
	for _, f := range []string{frFile, enFile} {
		if b, _ := os.ReadFile(f); !bytes.Contains(b, []byte("{=armor.plate 3}")) {
			t.Fatalf("%s has no {=armor.plate 3}: the test's section moved", f)
		}
	}

	opt := pipeline.Options{ContentDir: "content", ThemeDir: theme, ConfigFile: config, OutDir: "public"}
	base, ed := serveEditing(t, opt, func(ed *edit.Handler) {
		// The built site, as a host publishes it, carries nothing of the
		// editor: no script, no endpoint, no secret.
		_ = filepath.WalkDir(opt.OutDir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".gz") {
				return err
			}
			b, _ := os.ReadFile(p)
			for _, s := range []string{"/_edit/", "compendium-edit", edit.SecretHeader, "cedit-", ed.Secret()} {
				if bytes.Contains(b, []byte(s)) {
					t.Errorf("the built %s holds %q", p, s)
				}
			}
			return nil
		})
	})

	b := newBrowserWithin(t, 1280, 900, false, 5*time.Minute)
	b.Allow(base)
	run := func(what string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(b.Ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	view := func() editorView {
		t.Helper()
		var v *editorView
		run("read the editor", chromedp.Evaluate(editorState, &v))
		if v == nil {
			t.Fatal("no editor open")
		}
		return *v
	}
	// settled waits for the check under way to end, and returns the view.
	settled := func(what string) editorView {
		t.Helper()
		var ok bool
		run(what, chromedp.Poll(`(() => { const s = document.querySelector("dialog.cedit[open] .cedit-status"); return !!s && s.textContent !== "" && !/…$/.test(s.textContent); })()`, &ok, chromedp.WithPollingTimeout(time.Minute)))
		return view()
	}
	openEditor := func(lang string) editorView {
		t.Helper()
		run("open "+lang, chromedp.Navigate(base+"/"+lang+"/fantasy/"), chromedp.WaitVisible("#armor .cedit-open"))
		run("click Edit", chromedp.Evaluate(`document.querySelector("#armor .cedit-open").click()`, nil), chromedp.WaitVisible("dialog.cedit[open] textarea"))
		return settled("the first check")
	}
	type_ := func(lang, text string) {
		t.Helper()
		run("type in "+lang, chromedp.Evaluate(`(() => { const ta = document.querySelector("dialog.cedit textarea[lang=`+lang+`]"); ta.value = `+strconv.Quote(text)+`; ta.dispatchEvent(new Event("input", { bubbles: true })); })()`, nil))
	}
	click := func(selector string) {
		t.Helper()
		run("click "+selector, chromedp.Evaluate(`document.querySelector(`+strconv.Quote(selector)+`).click()`, nil))
	}
	// shoot saves the viewport at width × height as name.png, after prep
	// (a script, "" for none) has run at that size.
	shoot := func(name string, width, height int64, mobile bool, prep string) {
		t.Helper()
		if shots == "" {
			return
		}
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
		if mobile {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
		}
		var png []byte
		run("resize for "+name, chromedp.EmulateViewport(width, height, opts...), chromedp.Sleep(200*time.Millisecond))
		if prep != "" {
			run("prepare "+name, chromedp.Evaluate(prep, nil))
		}
		run("shoot "+name, chromedp.Sleep(200*time.Millisecond), chromedp.CaptureScreenshot(&png))
		if err := os.WriteFile(filepath.Join(shots, name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// reloaded waits until js holds on the page: a reload cuts an
	// evaluation under way, so it is asked again until the new page
	// answers.
	reloaded := func(what, js string) {
		t.Helper()
		deadline := time.Now().Add(2 * time.Minute)
		for ok := false; !ok; {
			if time.Now().After(deadline) {
				t.Fatalf("%s: not after two minutes", what)
			}
			_ = chromedp.Run(b.Ctx, chromedp.Evaluate(js, &ok))
			if !ok {
				time.Sleep(100 * time.Millisecond)
			}
		}
	}
	fileIs := func(file string, want []byte, what string) {
		t.Helper()
		if got, _ := os.ReadFile(file); !bytes.Equal(got, want) {
			t.Errorf("%s: %s changed on disk", what, file)
		}
	}
	frBefore, _ := os.ReadFile(frFile)
	enBefore, _ := os.ReadFile(enFile)

	// Another local program, which did not open the run's link: a page
	// it reads holds no secret, and a save it forges (any Origin and
	// Sec-Fetch-Site, even with the secret) is refused and writes nothing.
	resp, err := http.Get(base + "/fr/fantasy/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || bytes.Contains(page, []byte(ed.Secret())) || bytes.Contains(page, []byte("compendium-edit")) || bytes.Contains(page, []byte("/_edit/")) {
		t.Errorf("a page read without the cookie (%d) carries the editor or its secret", resp.StatusCode)
	}
	forged, _ := http.NewRequest("POST", base+"/_edit/save", strings.NewReader(`{"doc":"fantasy","id":"armor","lang":"fr","texts":{"fr":"## x {#armor}"}}`))
	forged.Header.Set("Origin", base)
	forged.Header.Set("Sec-Fetch-Site", "same-origin")
	forged.Header.Set("Content-Type", "application/json")
	forged.Header.Set(edit.SecretHeader, ed.Secret())
	if resp, err := http.DefaultClient.Do(forged); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("a save forged without the cookie: %v %v, want 403", resp, err)
	} else {
		resp.Body.Close()
	}
	fileIs(frFile, frBefore, "a forged save")
	fileIs(enFile, enBefore, "a forged save")

	// The organiser opens the link serve printed: the home page, with the
	// session cookie that lets the pages carry the editor.
	var home string
	run("open the run's link", chromedp.Navigate(base+ed.OpenPath()), chromedp.Location(&home))
	// The home page may send on to a language's (the browser's).
	if !strings.HasPrefix(home, base+"/") || strings.Contains(home, "/_edit/") {
		t.Errorf("the run's link led to %s, want the home page of %s", home, base)
	}

	// Opened: both languages, each with its file and line, the focus
	// inside, and axe finds nothing.
	v := openEditor("fr")
	if v.Fr == nil || v.En == nil || !strings.Contains(v.Fr.Text, "{=armor.plate 3}") || !strings.Contains(v.En.Text, "{=armor.plate 3}") {
		t.Fatalf("the editor does not hold both languages' armour section: %+v", v)
	}
	if !strings.Contains(v.Fr.Where, filepath.Join("content", "fr", "fantasy.md")) || !strings.Contains(v.En.State, "version française") {
		t.Errorf("the French side lacks its file, or the English its translation's state: %q, %q", v.Fr.Where, v.En.State)
	}
	if !v.FocusInside {
		t.Error("the focus did not move into the editor")
	}
	axeOn(t, b.Ctx, axeSource(t), `document.querySelector("dialog.cedit")`, "axe on the editor")

	// The French value alone: the check says, under the English, that
	// the languages differ, and offers the change; Save is refused with
	// that message, and writes nothing.
	type_("fr", strings.Replace(v.Fr.Text, "{=armor.plate 3}", "{=armor.plate 4}", 1))
	run("the check", chromedp.Sleep(600*time.Millisecond))
	v = settled("the check of the French value")
	if !anyContains(v.En.Problems, "« armor.plate »") {
		t.Errorf("no problem under the English text for the value: %q", v.En.Problems)
	}
	if !anyContains(v.En.Offers, "Changer 3 → 4 en anglais aussi") {
		t.Errorf("no offer to change the English too: %q", v.En.Offers)
	}
	shoot("editor-fr-1280", 1280, 900, false, "")
	shoot("editor-fr-390", 390, 844, true, toEnglish)
	if shots != "" {
		dark := func(scheme string) chromedp.Action {
			return chromedp.ActionFunc(func(ctx context.Context) error {
				return emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}).Do(ctx)
			})
		}
		run("dark", dark("dark"))
		shoot("editor-fr-390-dark", 390, 844, true, "")
		run("light", dark(""))
	}
	run("back to 1280", chromedp.EmulateViewport(1280, 900))
	click("dialog.cedit .cedit-actions .cedit-primary")
	run("the refusal", chromedp.Poll(`document.querySelector("dialog.cedit .cedit-status").textContent.includes("refusé")`, nil, chromedp.WithPollingTimeout(time.Minute)))
	v = view()
	if !anyContains(v.En.Problems, "« armor.plate »") {
		t.Errorf("the refused save does not show why under the English text: %q (%s)", v.En.Problems, v.Status)
	}
	fileIs(frFile, frBefore, "a refused save")
	fileIs(enFile, enBefore, "a refused save")

	// A problem's entry puts the caret at its line in the text.
	var caretLine int
	run("go to the problem", chromedp.Evaluate(`(() => { const c = document.querySelector('.cedit-col[data-lang="en"]'); [...c.querySelectorAll(".cedit-goto")].find((b) => b.textContent.includes("armor.plate")).click(); const ta = c.querySelector("textarea"); return document.activeElement === ta ? ta.value.slice(0, ta.selectionStart).split("\n").length : -1; })()`, &caretLine))
	if enLines := strings.Split(v.En.Text, "\n"); caretLine < 1 || caretLine > len(enLines) || !strings.Contains(enLines[caretLine-1], "armor.plate") {
		t.Errorf("the problem's entry put the caret at line %d, not at the value's", caretLine)
	}

	// From the page, a request without the secret is refused; from Go,
	// one from another origin with it.
	var status int
	run("fetch without the secret", chromedp.Evaluate(`fetch("/_edit/save", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ doc: "fantasy", id: "armor", texts: { fr: "## x {#armor}" } }) }).then((r) => r.status)`, &status, awaitPromise))
	if status != http.StatusForbidden {
		t.Errorf("a save without the secret: %d, want 403", status)
	}
	req, _ := http.NewRequest("POST", base+"/_edit/save", strings.NewReader(`{"doc":"fantasy","id":"armor","texts":{"fr":"## x {#armor}"}}`))
	req.Header.Set(edit.SecretHeader, ed.Secret())
	req.Header.Set("Origin", "http://evil.example")
	// With the browser's cookie too, as the run's link sets it: the
	// origin alone is refused.
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if resp, err := noFollow.Get(base + ed.OpenPath()); err == nil {
		for _, c := range resp.Cookies() {
			req.AddCookie(c)
		}
		resp.Body.Close()
	}
	if len(req.Cookies()) == 0 {
		t.Error("the run's link set no cookie")
	}
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("a save from another origin: %v %v, want 403", resp, err)
	} else {
		resp.Body.Close()
	}
	fileIs(frFile, frBefore, "refused requests")
	fileIs(enFile, enBefore, "refused requests")

	// The offer changes the English; Save; the rebuild reloads the page
	// at the section, which shows the new value.
	click(`.cedit-col[data-lang="en"] .cedit-offer`)
	if v = view(); !strings.Contains(v.En.Text, "{=armor.plate 4}") {
		t.Fatalf("the offer did not change the English: %q", v.En.Text)
	}
	run("mark the page", chromedp.Evaluate(`window.__beforeSave = true`, nil))
	click("dialog.cedit .cedit-actions .cedit-primary")
	reloaded("the reload with the new value", `window.__beforeSave !== true && document.readyState === "complete" && [...document.querySelectorAll("option")].some((o) => o.textContent.includes("plaque (4)"))`)
	var hash string
	run("the address", chromedp.Evaluate(`location.hash`, &hash))
	if hash != "#armor" {
		t.Errorf("the page reloaded at %q, want #armor", hash)
	}
	for _, f := range []string{frFile, enFile} {
		if b, _ := os.ReadFile(f); !bytes.Contains(b, []byte("{=armor.plate 4}")) {
			t.Errorf("%s does not hold the new value", f)
		}
	}

	// A rebuild while the editor is open (another file written): the page
	// reloads and the editor opens again by itself, at the section, with
	// the text typed and the caret where it was.
	v = openEditor("fr")
	mine := v.Fr.Text + "\n\nUne phrase ajoutée dans l’éditeur."
	type_("fr", mine)
	run("mark the page", chromedp.Evaluate(`window.__beforeSave = true`, nil))
	other := filepath.Join("content", "en", "spellcasting.md")
	ob, _ := os.ReadFile(other)
	if err := os.WriteFile(other, ob, 0o644); err != nil {
		t.Fatal(err)
	}
	const reopened = `window.__beforeSave !== true && document.readyState === "complete" && !!document.querySelector("dialog.cedit[open] .cedit-status") && document.querySelector("dialog.cedit[open] .cedit-status").textContent !== ""`
	reloaded("the editor open again after the rebuild", reopened)
	v = settled("the editor open again")
	if v.Fr == nil || v.Fr.Text != mine || !strings.Contains(v.Notice, "rechargée") || !v.FocusInside {
		t.Errorf("after the rebuild, the editor is not open again on the typed text with a notice and the focus (notice %q, focus inside %v)", v.Notice, v.FocusInside)
	}
	shoot("editor-reopened-fr-390", 390, 844, true, "")
	run("back to 1280", chromedp.EmulateViewport(1280, 900))

	// A change on disk after the editor opened: it reloads the page, the
	// editor opens again with the draft, and Save shows the disk's text
	// beside the organiser's, writes nothing, and both stay.
	run("mark the page", chromedp.Evaluate(`window.__beforeSave = true`, nil))
	frDisk, _ := os.ReadFile(frFile)
	theirs := bytes.Replace(frDisk, []byte("| Plaque |"), []byte("| Plaque d’acier |"), 1)
	if err := os.WriteFile(frFile, theirs, 0o644); err != nil {
		t.Fatal(err)
	}
	reloaded("the reload after the change on disk", reopened)
	v = settled("the restored draft")
	if v.Fr.Text != mine || v.Notice == "" {
		t.Errorf("the draft was not restored with a notice after the reload (notice %q)", v.Notice)
	}
	click("dialog.cedit .cedit-actions .cedit-primary")
	run("the conflict", chromedp.Poll(`!document.querySelector("dialog.cedit .cedit-conflict").hidden`, nil, chromedp.WithPollingTimeout(time.Minute)))
	v = view()
	if v.Fr.Text != mine || len(v.Disk) != 1 || !strings.Contains(v.Disk[0], "Plaque d’acier") {
		t.Errorf("the conflict does not show both texts: mine kept %v, disk %q", v.Fr.Text == mine, v.Disk)
	}
	fileIs(frFile, theirs, "a conflict")
	shoot("editor-conflict-fr-1280", 1280, 900, false, "")
	run("back to 1280", chromedp.EmulateViewport(1280, 900))

	// Escape asks before closing an edited text; closing gives the focus
	// back to the Edit button.
	run("Escape", chromedp.ActionFunc(func(ctx context.Context) error {
		for _, typ := range []input.KeyType{input.KeyDown, input.KeyUp} {
			if err := input.DispatchKeyEvent(typ).WithKey("Escape").WithCode("Escape").WithWindowsVirtualKeyCode(27).Do(ctx); err != nil {
				return err
			}
		}
		return nil
	}))
	if v = view(); !v.Confirm {
		t.Error("Escape on an edited text did not ask")
	}
	click("dialog.cedit .cedit-confirm .cedit-primary")
	var back bool
	run("the focus back", chromedp.Evaluate(`!document.querySelector("dialog.cedit") && document.activeElement === document.querySelector("#armor .cedit-open")`, &back))
	if !back {
		t.Error("closing did not give the focus back to the Edit button")
	}

	// The English page, for its pictures.
	if shots != "" {
		run("discard the draft", chromedp.Evaluate(`localStorage.clear()`, nil))
		v = openEditor("en")
		type_("en", strings.Replace(v.En.Text, "{=armor.plate 4}", "{=armor.plate 5}", 1))
		run("the check", chromedp.Sleep(600*time.Millisecond))
		settled("the check of the English value")
		shoot("editor-en-1280", 1280, 900, false, "")
		shoot("editor-en-390", 390, 844, true, toEnglish)
	}
}

// toEnglish scrolls the narrow editor to its English text, its offer and
// its problems, for the phone's pictures.
const toEnglish = `document.querySelector('.cedit-col[data-lang="en"] .cedit-label').scrollIntoView()`

func anyContains(l []string, s string) bool {
	for _, x := range l {
		if strings.Contains(x, s) {
			return true
		}
	}
	return false
}
