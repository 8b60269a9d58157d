//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// readingShape is what the result list shows of one search: the first
// result, the game groups (their names and the results in each), the
// other games' results left outside a group, and the number of results.
type readingShape struct {
	First  string `json:"first"`
	Groups []struct {
		Name     string   `json:"name"`
		Labelled bool     `json:"labelled"`
		Hits     []string `json:"hits"`
		Docs     []string `json:"docs"`
	} `json:"groups"`
	Loose []string `json:"loose"`
	N     int      `json:"n"`
}

// jsReadingShape reads readingShape from the open list: a result is of
// another game when its hit's slug is neither the page's document (doc) nor
// a glossary or calculator entry (a kind badge).
func jsReadingShape(doc string) string {
	return `(() => {
	  const list = document.getElementById("search-results");
	  const opts = [...list.querySelectorAll("[role=option]")];
	  const slug = (o) => o.dataset.hit.split("#")[0];
	  const entry = (o) => !!o.querySelector(".search-kind");
	  return {
	    first: opts.length ? opts[0].dataset.hit : "",
	    groups: [...list.querySelectorAll("[role=group]")].map((g) => {
	      const name = document.getElementById(g.getAttribute("aria-labelledby") || "");
	      return { name: name ? name.textContent : "", labelled: !!name && g.contains(name),
	        hits: [...g.querySelectorAll("[role=option]")].map((o) => o.dataset.hit),
	        docs: [...g.querySelectorAll("[role=option] .search-doc")].map((d) => d.textContent) };
	    }),
	    loose: opts.filter((o) => !o.closest("[role=group]") && !entry(o) && ` + jsString(doc) + ` !== "" && slug(o) !== ` + jsString(doc) + `).map((o) => o.dataset.hit),
	    n: opts.length,
	  };
	})()`
}

// TestSearchReadingFirst: on a rules page, the game being read answers
// first ("premiers secours" on the fantasy page is the fantasy rule, not the
// contemporary one that outscores it), and the other games' results come
// grouped under "In another game: <game>", each group named by the
// results' own game; the home page keeps today's ranking and draws no
// group. On a phone, 390 px. With SHOTS_DIR set, the French fantasy page's
// open list is saved there as search-rules-page-390.png.
func TestSearchReadingFirst(t *testing.T) {
	axe := axeSource(t)
	for _, tt := range []struct {
		page, doc, q, first, prefix string
		groups                      bool
	}{
		{"/fr/fantasy/", "fantasy", "premiers secours", "fantasy#healing-first-aid", "Dans un autre jeu\u00a0: ", true},
		{"/en/fantasy/", "fantasy", "first aid", "fantasy#healing-first-aid", "In another game: ", true},
		{"/fr/spellcasting/", "spellcasting", "rater un sort", "spellcasting#casting", "Dans un autre jeu\u00a0: ", true},
		{"/fr/", "", "premiers secours", "contemporary#first-aid", "", false},
	} {
		b := newSearchBrowser(t, 390, 844, true)
		var got readingShape
		var vs []axeViolation
		err := chromedp.Run(b.Ctx,
			chromedp.Navigate(searchSrv.base+tt.page),
			typeSearch(tt.q),
			searched(tt.q),
			chromedp.Evaluate(jsReadingShape(tt.doc), &got),
			chromedp.Evaluate(axe, nil),
			chromedp.Evaluate(`axe.run(document.getElementById("search-results"), { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target.map(String) })) })))`, &vs, awaitPromise),
		)
		if err != nil {
			t.Fatalf("%s %q: %v", tt.page, tt.q, err)
		}
		for _, v := range vs {
			t.Errorf("%s %q: axe %s (%s): %s", tt.page, tt.q, v.ID, v.Impact, v.Help)
		}
		if got.First != tt.first {
			t.Errorf("%s %q: first result %s, want %s", tt.page, tt.q, got.First, tt.first)
		}
		if !tt.groups {
			if len(got.Groups) != 0 {
				t.Errorf("%s %q: %d game groups on a page of no game, want none", tt.page, tt.q, len(got.Groups))
			}
			continue
		}
		if len(got.Groups) == 0 {
			t.Errorf("%s %q: no group of another game's results (%d results)", tt.page, tt.q, got.N)
		}
		if len(got.Loose) != 0 {
			t.Errorf("%s %q: other games' results outside a group: %v", tt.page, tt.q, got.Loose)
		}
		seen := map[string]bool{}
		for _, g := range got.Groups {
			if !g.Labelled || !strings.HasPrefix(g.Name, tt.prefix) {
				t.Errorf("%s %q: group %v named %q (inside it: %v), want a name inside it starting %q", tt.page, tt.q, g.Hits, g.Name, g.Labelled, tt.prefix)
			}
			game := strings.TrimPrefix(g.Name, tt.prefix)
			for i, h := range g.Hits {
				if slug := h[:strings.Index(h, "#")]; slug == tt.doc || g.Docs[i] != game {
					t.Errorf("%s %q: %s (of %q) in the group of %q", tt.page, tt.q, h, g.Docs[i], game)
				}
			}
			if seen[game] {
				t.Errorf("%s %q: two groups for %q", tt.page, tt.q, game)
			}
			seen[game] = true
		}
		if dir := os.Getenv("SHOTS_DIR"); dir != "" && tt.page == "/fr/fantasy/" {
			var png []byte
			if err := chromedp.Run(b.Ctx, chromedp.CaptureScreenshot(&png)); err == nil {
				_ = os.WriteFile(filepath.Join(dir, "search-rules-page-390.png"), png, 0o644)
			}
		}
	}
}
