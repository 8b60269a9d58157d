//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/evanw/esbuild/pkg/api"

	"compendium/generator/headers"
	"compendium/generator/pipeline"
	"compendium/generator/search"
	"compendium/generator/testcontent"
)

// The search tests run on a site of their own, served like the harness's
// but with two more files: searchquery.js and searchindex.js alone
// (search-parity.js, exposing the query and loading functions) and a blank
// page to run them in.

var searchSrv struct {
	once  sync.Once
	base  string
	index map[string][]byte   // lang → index file
	path  map[string]string   // lang → its path from the site root
	docs  map[string][]string // lang → its documents' slugs, in order
	err   error
}

// searchSite builds and serves the site once for the search tests.
func searchSite(t *testing.T) string {
	t.Helper()
	searchSrv.once.Do(func() { searchSrv.err = startSearchSite() })
	if searchSrv.err != nil {
		t.Fatal(searchSrv.err)
	}
	return searchSrv.base
}

var (
	bodyRoot    = regexp.MustCompile(`<body data-root="([^"]*)"`)
	indexAttr   = regexp.MustCompile(`data-search-index="([^"]*)"`)
	searchLabel = map[string][4]string{ // none, other, error, results
		"fr": {"Aucun résultat", "Résultats en anglais", "Recherche indisponible", "{n} résultats"},
		"en": {"No results", "Results in French", "Search unavailable", "{n} results"},
	}
)

func startSearchSite() error {
	res, err := pipeline.Generate(pipeline.Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme"})
	if err != nil {
		return err
	}
	files := res.Files
	searchSrv.docs = map[string][]string{}
	for _, l := range res.Site.Langs {
		for _, d := range l.Docs {
			searchSrv.docs[l.Code] = append(searchSrv.docs[l.Code], d.Slug)
		}
	}
	searchSrv.index = map[string][]byte{}
	searchSrv.path = map[string]string{}
	for name, b := range files {
		if m := regexp.MustCompile(`^(fr|en)/search\.json$`).FindStringSubmatch(name); m != nil {
			searchSrv.index[m[1]] = b
			searchSrv.path[m[1]] = name
		}
	}
	parity, err := bundle(`export { loadIndex } from "./searchindex.js"; export { query, search, suggest, marked } from "./searchquery.js";`, "searchParity")
	if err != nil {
		return err
	}
	files["test/search-parity.js"] = parity
	files["test/parity.html"] = []byte(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>parity</title>
<script src="search-parity.js"></script></head><body></body></html>`)
	if len(searchSrv.index) != 2 {
		return fmt.Errorf("want the fr and en indexes, got %d", len(searchSrv.index))
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	// Served from memory, with the site's headers: nothing to clean up.
	go http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		headers.Set(w.Header())
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" || strings.HasSuffix(name, "/") {
			name += "index.html"
		}
		b, ok := files[name]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if typ := mime.TypeByExtension(path.Ext(name)); typ != "" {
			w.Header().Set("Content-Type", typ)
		}
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b))
	}))
	searchSrv.base = "http://" + ln.Addr().String()
	return nil
}

// bundle bundles a module importing theme/js/page/searchquery.js and
// searchindex.js as the site's bundler does; with global set, its exports
// become window[global].
func bundle(entry, global string) ([]byte, error) {
	theme, _ := filepath.Abs("../../theme/js/page")
	res := api.Build(api.BuildOptions{
		Stdin:      &api.StdinOptions{Contents: entry, ResolveDir: theme, Sourcefile: "entry.js", Loader: api.LoaderJS},
		Bundle:     true,
		Write:      false,
		Format:     api.FormatIIFE,
		GlobalName: global,
		Target:     api.ES2020,
		LogLevel:   api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		return nil, fmt.Errorf("esbuild: %s", res.Errors[0].Text)
	}
	return res.OutputFiles[0].Contents, nil
}

// newSearchBrowser is newBrowser for the search site: the same clean-page
// checks, against this site's host.
func newSearchBrowser(t *testing.T, width, height int64, mobile bool) *Browser {
	t.Helper()
	base := searchSite(t)
	b := newBrowser(t, width, height, mobile)
	b.Allow(base)
	return b
}

// parityLimit is how many results per query the two sides compare.
const parityLimit = 5

// extraParityQueries are edge cases beyond the query sets: case, Unicode
// forms, separators, a word being typed, stop words only.
var extraParityQueries = []string{
	"", " ", "’", "d’", "l'", "le la les", "ARMURE", "Armure ", "arm", "arm ", "bless", "blesse\u0301e", "BLESSÉE",
	"œil", "oeil", "Œuvre", "straße", "jusqu’à la mort", "aujourd'hui", "ΟΔΟΣ", "οδος", "2.4", "1d12", "3-10", "PA physiques",
	"points d’armure magiques", "🛡 armure", "armure,bouclier", "arme-à-feu", "x", "xp", "qu'", "wound", "wounded",
	"armor", "points de vie", "life points", "combien de temps", "how long before i die", "zzzz", "armrue bouclerr",
	"calculateur", "calculator", "glossaire", "chirurgien", "surgeon", "PV", "HP",
	// Past the 32 words a query keeps.
	strings.Repeat("armure bouclier vie ", 12) + "soins",
}

// parityDocQueries are searched from a page of each of two games, whose
// rules both answer them.
var parityDocQueries = []string{"blessé", "mort", "premiers secours", "combien de temps avant de mourir", "wounded", "dead", "first aid", "how long before dying"}

// parityQueries returns the queries both sides answer, per language: every
// query of the search's query sets (generator/contentcheck/testdata/search,
// the part before “ => ”), the edge cases above, and the page-of-a-game
// queries from the first two documents of the language and those of the
// reading sets from their document's page. Both answers are
// computed now, on the site just built: nothing stored goes stale when
// the content changes.
func parityQueries(t *testing.T, docs map[string][]string) map[string][]parityQuery {
	t.Helper()
	var qs []string
	seen := map[string]bool{}
	for _, set := range []string{"queries-fr", "queries-en", "vocab-fr", "vocab-en", "questions-fr", "questions-en"} {
		raw, err := os.ReadFile("../contentcheck/testdata/search/" + set + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(raw), "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			q, _, ok := strings.Cut(line, " => ")
			if ok && !seen[q] {
				seen[q] = true
				qs = append(qs, q)
			}
		}
	}
	if len(qs) < 100 {
		t.Fatalf("only %d queries in the query sets", len(qs))
	}
	qs = append(qs, extraParityQueries...)
	out := map[string][]parityQuery{}
	for _, lang := range []string{"fr", "en"} {
		for _, q := range qs {
			out[lang] = append(out[lang], parityQuery{Q: q})
		}
		for i, doc := range docs[lang] {
			if i == 2 {
				break
			}
			for _, q := range parityDocQueries {
				out[lang] = append(out[lang], parityQuery{Q: q, Doc: doc})
			}
		}
		// The questions asked while reading a game ("doc | question"),
		// from that game's page.
		for _, set := range []string{"reading-" + lang, "reading-unseen-" + lang} {
			raw, err := os.ReadFile("../contentcheck/testdata/search/" + set + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(string(raw), "\n") {
				line = strings.TrimSpace(line)
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				q, _, _ := strings.Cut(line, " => ")
				if doc, q, ok := strings.Cut(q, " | "); ok {
					out[lang] = append(out[lang], parityQuery{Q: q, Doc: doc})
				}
			}
		}
	}
	return out
}

// parityQuery is a query and the rules document of the page searching.
type parityQuery struct {
	Q   string `json:"q"`
	Doc string `json:"doc"`
}

type parityResult struct {
	Hit     string  `json:"hit"`
	Anchor  string  `json:"anchor"`
	Kind    string  `json:"kind"`
	Via     string  `json:"via"`
	Score   float64 `json:"score"`
	Matched int     `json:"matched"`
	Title   string  `json:"title"`
	Snippet string  `json:"snippet"`
}

// TestSearchParity: for every query of parityQueries, search.js in
// Chromium answers exactly what the Go query (the command line) answers on
// the same index file: the same sections in the same order, scores,
// title paths and marked snippets.
func TestSearchParity(t *testing.T) {
	t.Parallel() // it only reads pages, in its own tab
	b := newSearchBrowser(t, 800, 600, false)
	queries := parityQueries(t, searchSrv.docs)
	qjson, _ := json.Marshal(queries)
	urls := map[string]string{}
	for lang, p := range searchSrv.path {
		urls[lang] = "/" + p
	}
	ijson, _ := json.Marshal(urls)
	var got string
	if err := chromedp.Run(b.Ctx, chromedp.Navigate(searchSrv.base+"/test/parity.html"), chromedp.WaitReady(`body`)); err != nil {
		t.Fatal(err)
	}
	js := fmt.Sprintf(`(async () => {
		const urls = %s, queries = %s, out = {};
		const ix = {};
		for (const lang of Object.keys(urls)) ix[lang] = searchParity.loadIndex(await (await fetch(urls[lang])).json());
		for (const lang of Object.keys(queries)) {
			const other = ix[lang === "fr" ? "en" : "fr"];
			out[lang] = queries[lang].map(({ q, doc }) => ({ results: searchParity.search(ix[lang], other, q, %d, doc).map((r) => ({
				hit: r.slug + "#" + r.id, anchor: r.anchor, kind: r.kind, via: r.via, score: r.score, matched: r.matched, title: r.titlePath,
				snippet: searchParity.marked(r, "⟦", "⟧") })), suggest: searchParity.suggest(ix[lang], q) }));
		}
		return JSON.stringify(out);
	})()`, ijson, qjson, parityLimit)
	if err := chromedp.Run(b.Ctx, chromedp.Evaluate(js, &got, awaitPromise)); err != nil {
		t.Fatal(err)
	}
	type answer struct {
		Results []parityResult `json:"results"`
		Suggest string         `json:"suggest"`
	}
	var browser map[string][]answer
	if err := json.Unmarshal([]byte(got), &browser); err != nil {
		t.Fatal(err)
	}
	n, bad := 0, 0
	idx := map[string]*search.Index{}
	for lang := range queries {
		ix, err := search.Load(searchSrv.index[lang])
		if err != nil {
			t.Fatal(err)
		}
		idx[lang] = ix
	}
	for lang, qs := range queries {
		other := idx["fr"]
		if lang == "fr" {
			other = idx["en"]
		}
		for i, q := range qs {
			n++
			want := answer{Results: []parityResult{}, Suggest: idx[lang].Suggest(q.Q)}
			for _, r := range search.SearchIn(idx[lang], other, q.Q, parityLimit, q.Doc) {
				want.Results = append(want.Results, parityResult{Hit: r.Slug + "#" + r.ID, Anchor: r.Anchor, Kind: r.Kind, Via: r.Via, Score: r.Score, Matched: r.Matched, Title: r.TitlePath, Snippet: r.Marked("⟦", "⟧")})
			}
			w, _ := json.Marshal(want)
			g, _ := json.Marshal(browser[lang][i])
			if string(w) != string(g) {
				bad++
				if bad <= 10 {
					t.Errorf("%s %q:\n  go: %s\n  js: %s", lang, q.Q+" (doc "+q.Doc+")", w, g)
				}
			}
		}
	}
	t.Logf("parity: %d/%d queries answered identically by search.js and the Go query", n-bad, n)
}

// TestSearchTyping: the field appears, the index is fetched only once the
// reader searches, `/` focuses the field, results come as one types, with
// the title path and marked words, arrows move, Escape closes, and ?q=
// follows the field.
func TestSearchTyping(t *testing.T) {
	b := newSearchBrowser(t, 1280, 900, false)
	var fallbackHidden, formHidden bool
	var before int
	var focused, first, snippet, loc, active, selected, expanded string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(searchSrv.base+"/fr/fantasy/"),
		chromedp.WaitVisible(selSearchInput),
		chromedp.Evaluate(`document.querySelector(".search-fallback").hidden`, &fallbackHidden),
		chromedp.Evaluate(`document.querySelector("form.search").hidden`, &formHidden),
		chromedp.ActionFunc(func(ctx context.Context) error {
			before = len(b.RequestsMatching(".json"))
			return nil
		}),
		pressKey("/", "Slash"),
		chromedp.Evaluate(`document.activeElement && document.activeElement.id`, &focused),
		chromedp.KeyEvent("l’armure"),
		searched("l’armure"),
		chromedp.WaitVisible(selSearchHit),
		chromedp.AttributeValue(selSearchHit, "data-hit", &first, nil),
		chromedp.Evaluate(`document.querySelector("#search-results [role=option] .search-snippet").innerHTML`, &snippet),
		chromedp.Location(&loc),
		chromedp.KeyEvent(kb.ArrowDown),
		chromedp.KeyEvent(kb.ArrowDown),
		chromedp.AttributeValue(selSearchInput, "aria-activedescendant", &active, nil),
		chromedp.AttributeValue(`#search-opt-1`, "aria-selected", &selected, nil),
		chromedp.KeyEvent(kb.Escape),
		chromedp.WaitNotVisible(selSearchResults),
		chromedp.AttributeValue(selSearchInput, "aria-expanded", &expanded, nil),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !fallbackHidden || formHidden {
		t.Errorf("with JavaScript the field shows and the fallback hides: fallback hidden %v, form hidden %v", fallbackHidden, formHidden)
	}
	if before != 0 {
		t.Errorf("an index was fetched before any search")
	}
	if focused != "search-input" {
		t.Errorf("/ focused %q", focused)
	}
	if first != "fantasy#armor" || !strings.Contains(snippet, "<mark>armure</mark>") {
		t.Errorf("first result %q, snippet %q", first, snippet)
	}
	if u, _ := url.Parse(loc); u.Query().Get("q") != "l’armure" {
		t.Errorf("the address is %s, want ?q=l’armure", loc)
	}
	if active != "search-opt-1" || selected != "true" {
		t.Errorf("two ArrowDown: activedescendant %q, aria-selected %q", active, selected)
	}
	if expanded != "false" {
		t.Errorf("Escape: aria-expanded %q", expanded)
	}
	if n := len(b.RequestsMatching("/fr/search.json")); n != 1 {
		t.Errorf("the French index was fetched %d times", n)
	}
	// The other language is fetched once the first results are shown.
	if err := chromedp.Run(b.Ctx, chromedp.Poll(`performance.getEntriesByType("resource").some((e) => e.name.includes("/en/search.json"))`, nil, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Errorf("the English index was not fetched after the first results: %v", err)
	}
}

// pressKey presses a printable key as a keyboard does: one keydown carrying
// the text, which a handler can cancel. (chromedp.KeyEvent sends the text in
// a separate char event that preventDefault cannot stop.)
func pressKey(key, code string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if err := input.DispatchKeyEvent(input.KeyDown).WithKey(key).WithCode(code).WithText(key).Do(ctx); err != nil {
			return err
		}
		return input.DispatchKeyEvent(input.KeyUp).WithKey(key).WithCode(code).Do(ctx)
	})
}

// TestSearchEnterLandsOnSection: Enter opens the first result, the page of
// the section, scrolled to it and highlighted.
func TestSearchEnterLandsOnSection(t *testing.T) {
	b := newSearchBrowser(t, 1280, 900, false)
	var loc string
	var hit bool
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(searchSrv.base+"/fr/"),
		typeSearch("assomer"),
		chromedp.WaitVisible(selSearchResults+` [data-hit="fantasy#knocking-out-and-tying-up"]`),
		chromedp.SendKeys(selSearchInput, kb.Enter),
		chromedp.WaitReady(`#knocking-out-and-tying-up`),
		chromedp.Poll(`document.getElementById("knocking-out-and-tying-up").classList.contains("search-hit") || null`, &hit, chromedp.WithPollingTimeout(3*time.Second)),
		chromedp.Location(&loc),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(loc, "/fr/fantasy/#knocking-out-and-tying-up") {
		t.Errorf("Enter led to %s", loc)
	}
}

// TestSearchEnterLandsOnRule: a query that matches a rule named inside a
// section (an anchor) lands on that rule, highlighted, not on its heading;
// the result names it; a query typed in the page's own language carries
// no "found through the other language" badge.
func TestSearchEnterLandsOnRule(t *testing.T) {
	for _, tt := range []struct{ page, q, lands, path string }{
		{"/fr/", "aveugle", "/fr/fantasy/#effect-blinded", "2.8. Les effets › Aveuglé"},
		{"/fr/fantasy/", "combien de temps dure l’agonie", "/fr/fantasy/#state-dying", "2.5. La vie › Agonisant"},
		{"/en/", "how long does frenzy last", "/en/fantasy/#effect-frenzied", "2.8. Effects › Frenzied"},
		{"/fr/", "imposition des mains", "/fr/fantasy/#healing-laying-on-hands", "2.6. Les soins › Imposition des mains"},
		{"/fr/", "cotte de maille", "/fr/fantasy/#armor", "2.4. L’armure"},
	} {
		b := newSearchBrowser(t, 390, 844, true)
		var path, loc string
		var vias int
		var hit bool
		id := tt.lands[strings.Index(tt.lands, "#")+1:]
		err := chromedp.Run(b.Ctx,
			chromedp.Navigate(searchSrv.base+tt.page),
			typeSearch(tt.q),
			searched(tt.q),
			chromedp.Text(selSearchHit+` .search-path`, &path),
			chromedp.Evaluate(`document.querySelectorAll("#search-results .search-via").length`, &vias),
			chromedp.SendKeys(selSearchInput, kb.Enter),
			chromedp.WaitReady(`#`+id),
			chromedp.Poll(`document.getElementById("`+id+`").classList.contains("search-hit") || null`, &hit, chromedp.WithPollingTimeout(3*time.Second)),
			chromedp.Location(&loc),
		)
		if err != nil {
			t.Fatalf("%s %q: %v", tt.page, tt.q, err)
		}
		if !strings.HasSuffix(loc, tt.lands) || strings.TrimSpace(path) != tt.path || vias != 0 {
			t.Errorf("%s %q: landed on %s, first result %q, %d via badges; want %s, %q, none", tt.page, tt.q, loc, path, vias, tt.lands, tt.path)
		}
	}
}

// TestSearchSharedURL: a page opened with ?q= shows that search.
func TestSearchSharedURL(t *testing.T) {
	b := newSearchBrowser(t, 390, 844, true)
	var value, first string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(searchSrv.base+"/en/?q="+url.QueryEscape("first aid")),
		chromedp.WaitVisible(selSearchHit),
		chromedp.Value(selSearchInput, &value),
		chromedp.AttributeValue(selSearchHit, "data-hit", &first, nil),
	)
	if err != nil {
		t.Fatal(err)
	}
	if value != "first aid" || first != "contemporary#first-aid" {
		t.Errorf("?q=first aid: field %q, first result %q", value, first)
	}
}

// TestSearchOtherLanguage: a word only the English text has, searched on a
// French page, finds the section through the English index and shows it in
// French (same ID), marked as found through the English; Enter lands there.
func TestSearchOtherLanguage(t *testing.T) {
	b := newSearchBrowser(t, 1280, 900, false)
	var via, href, title, loc string
	var lang bool
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(searchSrv.base+"/fr/fantasy/"),
		typeSearch("spaulders"),
		searched("spaulders"),
		chromedp.WaitVisible(selSearchResults+` .search-via`),
		chromedp.Text(selSearchHit+` .search-via`, &via),
		chromedp.AttributeValue(selSearchHit, "href", &href, nil),
		chromedp.Text(selSearchHit+` .search-path`, &title),
		chromedp.Evaluate(`document.querySelector("#search-results [role=option]").hasAttribute("lang")`, &lang),
		chromedp.SendKeys(selSearchInput, "\r"),
		chromedp.WaitVisible(`.search-hit`),
		chromedp.Location(&loc),
	)
	if err != nil {
		t.Fatal(err)
	}
	if via != "trouvé via l’anglais" || lang || !strings.HasSuffix(href, "/fr/fantasy/#armor") || !strings.Contains(title, "L’armure") {
		t.Errorf("badge %q, lang attribute %v, link %s, title %q", via, lang, href, title)
	}
	if !strings.HasSuffix(loc, "/fr/fantasy/#armor") {
		t.Errorf("Enter led to %s", loc)
	}
}

// TestSearchKinds: a glossary term and a calculator are results with a
// badge of their kind, and each opens what it points to.
func TestSearchKinds(t *testing.T) {
	for _, tt := range []struct{ page, q, hit, badge, lands, target string }{
		{"/en/", "calculator armour", "calculators#armor", "Calculator", "/en/calculators/#armor", "#armor"},
		{"/fr/", "glossaire degré de difficulté", "glossary#term-dc", "Glossaire", "/fr/glossary/#term-dc", "#term-dc"},
	} {
		b := newSearchBrowser(t, 390, 844, true)
		var badge, loc string
		sel := selSearchResults + ` [data-hit="` + tt.hit + `"]`
		err := chromedp.Run(b.Ctx,
			chromedp.Navigate(searchSrv.base+tt.page),
			typeSearch(tt.q),
			searched(tt.q),
			chromedp.WaitVisible(sel),
			chromedp.Text(sel+` .search-kind`, &badge),
			chromedp.Click(sel),
			chromedp.WaitVisible(tt.target),
			chromedp.Location(&loc),
		)
		if err != nil {
			t.Fatalf("%s %q: %v", tt.page, tt.q, err)
		}
		if badge != tt.badge || !strings.HasSuffix(loc, tt.lands) {
			t.Errorf("%s %q: badge %q, landed on %s; want %q and %s", tt.page, tt.q, badge, loc, tt.badge, tt.lands)
		}
	}
}

// TestSearchNoResult: a query that finds nothing says so, offers the
// closest words, which search when followed, and links the glossary and
// the contents.
func TestSearchNoResult(t *testing.T) {
	b := newSearchBrowser(t, 390, 844, true)
	var suggestion, first, none, status string
	var links []string
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(searchSrv.base+"/fr/"),
		typeSearch("bouclierzzz"),
		searched("bouclierzzz"),
		chromedp.WaitVisible(`.search-help .search-suggest`),
		chromedp.Text(`.search-help .search-suggest`, &suggestion),
		chromedp.Text(`.search-help .search-none`, &none),
		chromedp.TextContent(`.search-status`, &status),
		chromedp.Evaluate(`[...document.querySelectorAll(".search-help a:not(.search-suggest)")].map((a) => new URL(a.href).pathname + new URL(a.href).hash)`, &links),
		chromedp.Click(`.search-help .search-suggest`),
		chromedp.WaitVisible(selSearchHit),
		chromedp.AttributeValue(selSearchHit, "data-hit", &first, nil),
	)
	if err != nil {
		t.Fatal(err)
	}
	if none != "Aucun résultat" || status != "Aucun résultat" {
		t.Errorf("no result shown as %q, said as %q", none, status)
	}
	if suggestion != "bouclier" || len(links) != 2 || links[0] != "/fr/glossary/" || links[1] != "/fr/#contents" {
		t.Errorf("suggestion %q, links %v", suggestion, links)
	}
	if first == "" {
		t.Error("following the suggestion found nothing")
	}
}

// searched waits until the result list answers q: results come as one
// types, so a list seen earlier may be a prefix's.
func searched(q string) chromedp.Action {
	return chromedp.Poll(`document.getElementById("search-results").dataset.query === `+strconv.Quote(q)+` || null`, nil, chromedp.WithPollingTimeout(10*time.Second))
}
