package main

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"compendium/generator/config"
	"compendium/generator/pipeline"
	"compendium/generator/search"
	"compendium/generator/site"
)

var searchCommand = command{"search", "help-search", runSearch}

// runSearch runs "search [-lang fr] [-doc slug] [-content content] [-theme
// theme] [-limit 10] QUERY…": it prints the ranked results, one per line
// (rank, where it lands: slug#id or the anchor it opens, title path, and
// what the result is when it is not a section: [glossary], [calc], [via
// en] when found through the other language), each followed by its
// snippet with the matched words in brackets. It prints ranks, not
// scores: results found through the other language carry that index's
// scores, and words matched count before scores, so scores printed beside
// the ranks contradicted them. It answers as the page of that language
// does (search.SearchIn, with the other language's index, from the
// document -doc), and suggests what the reader may have meant when
// nothing matches. The indexes are built in memory, exactly as build
// writes them: the command line queries what the browser queries. It
// returns the exit status: 1 when nothing matched, 2 on a usage or build
// error.
func runSearch(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("search", stdout, stderr)
	lang := fs.String("lang", "", "help-flag-search-lang")
	opt := pipeline.Options{}
	siteFlags(fs, &opt)
	limit := fs.Int("limit", 10, "help-flag-search-limit")
	doc := fs.String("doc", "", "help-flag-search-doc")
	if code := parseArgs(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	say := flagLang(fs) // -lang when given, else the locale's
	q := strings.Join(fs.Args(), " ")
	if strings.TrimSpace(q) == "" {
		fmt.Fprintln(stderr, site.Text("search-no-query", say))
		fs.Usage()
		return 2
	}
	files, paths, err := pipeline.SearchIndexes(opt)
	if err != nil {
		fmt.Fprintln(stderr, sayError(err, say))
		return 2
	}
	// The site's languages, the original first (compendium.json): the
	// default page, then the order the other indexes are queried in.
	cfg, err := config.Load(opt.ConfigFile)
	if err != nil {
		fmt.Fprintln(stderr, sayError(err, say))
		return 2
	}
	order := cfg.Langs()
	if *lang == "" {
		*lang = order[0]
	}
	if files[paths[*lang]] == nil {
		var langs []string
		for code := range paths {
			langs = append(langs, code)
		}
		sort.Strings(langs)
		fmt.Fprintln(stderr, site.Text("search-no-lang", say, "lang", *lang, "dir", opt.ContentDir, "langs", strings.Join(langs, ", ")))
		return 2
	}
	var ix, other *search.Index
	for code, p := range paths {
		x, err := search.LoadSplit(files[p], search.FilesFetch(files, p))
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		if code == *lang {
			ix = x
		} else if other == nil || slices.Index(order, code) < slices.Index(order, other.Lang) {
			other = x // the first other language, as a page queries it second
		}
	}
	res := search.SearchIn(ix, other, q, *limit, *doc)
	if len(res) == 0 {
		fmt.Fprintln(stderr, site.Text("search-none", say, "query", q, "lang", *lang))
		s := ix.Suggest(q)
		if s == "" && other != nil {
			s = other.Suggest(q)
		}
		if s != "" {
			fmt.Fprintln(stderr, site.Text("search-near", say, "near", s))
		}
		return 1
	}
	for i, r := range res {
		tag := ""
		if r.Kind != "" {
			tag += "  [" + r.Kind + "]"
		}
		if r.Via != "" {
			tag += "  [via " + r.Via + "]"
		}
		at, path := r.Where()
		fmt.Fprintf(stdout, "%2d.  %s  %s%s\n", i+1, at, path, tag)
		if r.Snippet != "" {
			fmt.Fprintf(stdout, "      %s\n", r.Marked("[", "]"))
		}
	}
	return 0
}
