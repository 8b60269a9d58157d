//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"compendium/generator/pipeline"
	"compendium/generator/search"
	"compendium/generator/synth"
)

// splitQueries are queries on the synthetic pages: words of many sections
// (longer than a split index's heads), words being typed, typos, several
// words, elisions, nothing.
var splitQueries = []string{"hache", "bouclier", "chirurgien", "arm", "armu", "guéris", "armrue", "chirurgein", "épée bouclier",
	"points de vie", "l’armure du mage", "taverne forgeron marchand", "dé", "xyzzy", "le la", "Soins magiques", "coup critique"}

// TestSearchSplit: a site large enough for split search indexes (200
// synthetic pages; generator/search/split.go): search.js answers exactly
// what the Go query answers on the same files, and the page's search
// field fetches the dictionary and only the shards its query needs.
func TestSearchSplit(t *testing.T) {
	dir := t.TempDir()
	if err := synth.Write(dir, 200, 1); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "public")
	if _, err := pipeline.Build(pipeline.Options{ContentDir: filepath.Join(dir, "content"), ThemeDir: "../../theme", OutDir: out, NoTwins: true}); err != nil {
		t.Fatal(err)
	}
	dict, err := os.ReadFile(filepath.Join(out, "fr", "search.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(dict[:min(len(dict), 16)]), `"v":3`) {
		t.Fatalf("the index of 200 pages is not split: %.40s…", dict)
	}
	ix, err := search.LoadSplit(dict, func(name string) ([]byte, error) {
		return os.ReadFile(filepath.Join(out, "fr", filepath.FromSlash(name)))
	})
	if err != nil {
		t.Fatal(err)
	}
	bundled, err := bundle(`export { loadIndex, prepare } from "./searchindex.js"; export { search, suggest, marked } from "./searchquery.js";`, "searchSplit")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(out, "test"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "test", "split.js"), bundled, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "test", "split.html"), []byte(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>split</title>
<script src="split.js"></script></head><body></body></html>`), 0o644); err != nil {
		t.Fatal(err)
	}
	base := serveFolder(t, out)

	// The same answers, each query prepared as the page prepares it.
	b := newBrowser(t, 1280, 900, false)
	b.Allow(base)
	qjson, _ := json.Marshal(splitQueries)
	var got string
	if err := chromedp.Run(b.Ctx, chromedp.Navigate(base+"/test/split.html"), chromedp.WaitReady(`body`),
		chromedp.Evaluate(fmt.Sprintf(`(async () => {
			const url = new URL("/fr/search.json", location.href).href;
			const ix = searchSplit.loadIndex(await (await fetch(url)).json());
			const out = [];
			for (const q of %s) {
				await searchSplit.prepare(ix, q, url);
				out.push({ results: searchSplit.search(ix, null, q, 8).map((r) => ({ hit: r.slug + "#" + r.id, kind: r.kind, via: r.via,
					score: r.score, matched: r.matched, title: r.titlePath, snippet: searchSplit.marked(r, "⟦", "⟧") })), suggest: searchSplit.suggest(ix, q) });
			}
			return JSON.stringify(out);
		})()`, qjson), &got, awaitPromise)); err != nil {
		t.Fatal(err)
	}
	type answer struct {
		Results []parityResult `json:"results"`
		Suggest string         `json:"suggest"`
	}
	var browser []answer
	if err := json.Unmarshal([]byte(got), &browser); err != nil {
		t.Fatal(err)
	}
	results := 0
	for i, q := range splitQueries {
		want := answer{Results: []parityResult{}, Suggest: ix.Suggest(q)}
		for _, r := range search.Search(ix, nil, q, 8) {
			want.Results = append(want.Results, parityResult{Hit: r.Slug + "#" + r.ID, Kind: r.Kind, Via: r.Via, Score: r.Score, Matched: r.Matched, Title: r.TitlePath, Snippet: r.Marked("⟦", "⟧")})
		}
		results += len(want.Results)
		w, _ := json.Marshal(want)
		g, _ := json.Marshal(browser[i])
		if string(w) != string(g) {
			t.Errorf("%q:\n  go: %s\n  js: %s", q, w, g)
		}
	}
	if results < 8*(len(splitQueries)-3) {
		t.Errorf("only %d results for %d queries: the parity test compares too little", results, len(splitQueries))
	}

	// The field: the dictionary, then the shard of the query's word; the
	// first result is the Go query's.
	want := search.Search(ix, nil, "hache", 1)
	var first string
	if err := chromedp.Run(b.Ctx, chromedp.Navigate(base+"/fr/page-00001/"), chromedp.WaitVisible(selSearchInput),
		chromedp.Focus(selSearchInput), chromedp.KeyEvent("hache"), searched("hache"),
		chromedp.AttributeValue(selSearchHit, "data-hit", &first, nil)); err != nil {
		t.Fatal(err)
	}
	if len(want) == 0 || first != want[0].Slug+"#"+want[0].ID {
		t.Errorf("first result %q, the Go query's %v", first, want)
	}
	var dicts, shards int
	b.mu.Lock()
	reqs := b.Requests
	b.mu.Unlock()
	for i, u := range reqs {
		if strings.HasSuffix(u, "/fr/page-00001/") {
			reqs = reqs[i:]
			break
		}
	}
	for _, u := range reqs {
		if strings.HasSuffix(u, "/fr/search.json") {
			dicts++
		} else if strings.Contains(u, "/assets/search-fr-") {
			shards++
		}
	}
	// Typing "hache" letter by letter asks for "hac" and "hach" too
	// (prefixes): their shards, at most one per word here.
	if dicts != 1 || shards < 1 || shards > 3 {
		t.Errorf("the field fetched the dictionary %d times and %d shards: %v", dicts, shards, reqs)
	}
}
