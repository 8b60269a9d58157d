//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"

	"compendium/generator/calc"
	"compendium/generator/pipeline"
	"compendium/generator/serve"
	"compendium/generator/testcontent"
)

// TestChangesForMe: a new edition makes plate worth 4 points instead of
// 3. A player whose fantasy character wears plate, and who bookmarked the
// armour section, finds first on the changes page "for you": the
// character's armour before and after, as the calc command computes it
// with each edition's content, linked to its rule, and the bookmarked
// section. Without a character or a bookmark, the section stays hidden.
// The update banner says how many of the player's bookmarked rules the
// new build changed and, with a character, that its rules changed.
func TestChangesForMe(t *testing.T) {
	dir := t.TempDir()
	content, out, old := filepath.Join(dir, "content"), filepath.Join(dir, "public"), filepath.Join(t.TempDir(), "content")
	for _, d := range []string{content, old} {
		if err := os.CopyFS(d, os.DirFS(testcontent.Dir)); err != nil {
			t.Fatal(err)
		}
	}
	repo, err := git.PlainInit(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	wt, _ := repo.Worktree()
	if _, err := wt.Add("content"); err != nil {
		t.Fatal(err)
	}
	sig := &object.Signature{Name: "Organiser", Email: "orga@example.org", When: time.Now()}
	commit, err := wt.Commit("Edition 2025", &git.CommitOptions{Author: sig, Committer: sig})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := repo.CreateTag("edition/2025", commit, nil); err != nil {
		t.Fatal(err)
	}
	build := func() {
		t.Helper()
		if _, err := pipeline.Build(pipeline.Options{ContentDir: content, ThemeDir: "../../theme", Root: "../..", OutDir: out, ConfigFile: "../../compendium.json"}); err != nil {
			t.Fatal(err)
		}
	}
	// The bookmark is made on the first build (plate 3), as a player
	// would have it when the new edition arrives.
	build()
	base, _ := serveOwn(t, serve.Handler(out, nil))
	b := newFreshBrowser(t, 390, 844, true, 2*time.Minute)
	b.Allow(base)
	ctx := b.Ctx
	writeNote(t, ctx, base+"/fr/fantasy/", "armor", true, "")
	for _, lang := range []string{"fr", "en"} {
		f := filepath.Join(content, lang, "fantasy.md")
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte("{=armor.plate 3}")) {
			t.Fatalf("%s declares no plate 3", f)
		}
		if err := os.WriteFile(f, bytes.Replace(src, []byte("{=armor.plate 3}"), []byte("{=armor.plate 4}"), 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	build()

	// The update banner, told by the worker that a new build took over
	// (edition: a new edition's name, or "" for a correction), counts the
	// bookmarked rules it changed.
	bannerMine := func(edition string) string {
		t.Helper()
		var mine string
		if err := chromedp.Run(ctx,
			chromedp.Navigate(base+"/en/fantasy/"),
			chromedp.WaitReady("main", chromedp.ByQuery),
			chromedp.Poll(`document.readyState === "complete" || null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
			chromedp.Evaluate(`navigator.serviceWorker.dispatchEvent(new MessageEvent("message", {data: {type: "compendium-updated", build: "next-`+edition+`", edition: "`+edition+`", changes: "../changes/", others: 3}}))`, nil),
			chromedp.Poll(`document.querySelector("#update-banner .update-mine").textContent || null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
			chromedp.Evaluate(`document.querySelector("#update-banner .update-mine").textContent`, &mine),
		); err != nil {
			t.Fatal(err)
		}
		return mine
	}
	mine := bannerMine("2026")
	if mine != "One of your bookmarked rules among them." {
		t.Errorf("the banner says %q of the player's rules", mine)
	}

	// No character, no bookmark: nothing is added.
	var state string
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`localStorage.setItem("compendium.notes.v1.saved", localStorage.getItem(`+jsString(notesKey)+`)); localStorage.removeItem(`+jsString(notesKey)+`)`, nil),
		chromedp.Navigate(base+"/en/changes/"),
		chromedp.Poll(`document.getElementById("changes-mine").dataset.state || null`, &state, chromedp.WithPollingTimeout(10*time.Second)),
	); err != nil {
		t.Fatal(err)
	}
	var hidden bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("changes-mine").hidden`, &hidden)); err != nil || state != "none" || !hidden {
		t.Errorf("without a character: state %q, hidden %v (%v)", state, hidden, err)
	}

	character := map[string]any{"locations": map[string]any{"forearms": "plate", "arms": "plate", "thighs": "plate", "legs": "plate", "torso": "plate"}}
	stored, _ := json.Marshal(map[string]any{"v": 1, "games": map[string]any{"fantasy": character}})
	var glance struct {
		Base    map[string]any    `json:"base"`
		Labels  []string          `json:"labels"`
		Map     map[string]string `json:"map"`
		Figures []struct {
			Path string `json:"path"`
		} `json:"figures"`
	}
	var glanceJSON string
	var lines []string
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`localStorage.setItem(`+jsString(notesKey)+`, localStorage.getItem("compendium.notes.v1.saved"))`, nil),
		chromedp.Evaluate(`localStorage.setItem(`+jsString(characterKey)+`, `+jsString(string(stored))+`)`, nil),
		chromedp.Navigate(base+"/en/changes/"),
		chromedp.Poll(`document.getElementById("changes-mine").dataset.state || null`, &state, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`JSON.stringify(JSON.parse(document.querySelector('[data-mine-game="fantasy"]').dataset.mine).glance[0])`, &glanceJSON),
		chromedp.Evaluate(`[...document.querySelectorAll("#changes-mine li")].map((li) => li.textContent + " @ " + li.querySelector("a").getAttribute("href"))`, &lines),
	); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(glanceJSON), &glance); err != nil {
		t.Fatal(err)
	}
	// The input as the character page makes it: the form's defaults, a
	// field the character leaves empty left out.
	input := glance.Base
	for path, key := range glance.Map {
		if !strings.HasPrefix(key, "locations.") && !strings.Contains(path, ".") {
			delete(input, path)
		}
	}
	input["locations"] = character["locations"]
	before, after := calcWith(t, old, input), calcWith(t, content, input)
	label := ""
	for i, f := range glance.Figures {
		if f.Path == "physical" {
			label = glance.Labels[i]
		}
	}
	want := fmt.Sprintf("Armour — %s: removed: %v → added: %v @ ../fantasy/#armor", label, before["physical"], after["physical"])
	if before["physical"] == after["physical"] {
		t.Fatalf("plate 3 → 4 leaves the armour at %v", before["physical"])
	}
	if state != "shown" || len(lines) < 2 || lines[0] != want || !strings.HasSuffix(lines[len(lines)-1], " @ ../fantasy/#armor") {
		t.Errorf("for you (%s):\n%q\nwant first %q, then the bookmarked armour section", state, lines, want)
	}
	var first string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector("main h2").id`, &first)); err != nil || first != "changes-mine-title" {
		t.Errorf("the first heading is %q, want \"for you\" (%v)", first, err)
	}
	shotFull(t, ctx, "changes-for-me-390.png")
	axeOn(t, ctx, axeSource(t), "document", "the changes page, for you filled")

	// With the character stored, the banner of a new edition says the
	// character's rules changed too; a correction of the same edition
	// says only the bookmarks (what changed since the previous edition was
	// said when it arrived).
	for _, c := range []struct{ edition, want string }{
		{"2026", "One of your bookmarked rules among them. And one of the rules your character uses: its figures before and after are on the changes page."},
		{"", "One of your bookmarked rules among them."},
	} {
		mine := bannerMine(c.edition)
		if mine != c.want {
			t.Errorf("edition %q: the banner says %q, want %q", c.edition, mine, c.want)
		}
		if c.edition != "" {
			shotViewport(t, ctx, "update-banner-character-390.png")
		}
	}
}

// calcWith runs the calc command on input with the rules of content.
func calcWith(t *testing.T, content string, input map[string]any) map[string]any {
	t.Helper()
	in, _ := json.Marshal(input)
	var out, errOut bytes.Buffer
	if code := calc.Run(calc.Options{Name: "armor", Content: content, Lang: "en"}, bytes.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("calc armor %s: exit %d: %s%s", in, code, out.String(), errOut.String())
	}
	var m map[string]any
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	return m
}
