package search

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Loader returns the index files of the site in contentDir built with the
// theme in themeDir, by path from the site root, and each language's index
// path (Build's results). The command's caller provides it, because this
// package must not import the build pipeline that imports it.
type Loader func(contentDir, themeDir string) (files map[string][]byte, paths map[string]string, err error)

// RunCLI runs `search [-lang fr] [-doc slug] [-content content] [-theme
// theme] [-limit 10] QUERY…`: it prints the ranked results, one per line
// (rank, where it lands: slug#id or the anchor it opens, title path, and
// what the result is when it is not a section: [glossary], [calc], [via
// en] when found through the other language), each followed by its
// snippet with the matched words in brackets. It prints ranks, not
// scores: results found through the other language carry that index's
// scores, and words matched count before scores, so scores printed beside
// the ranks contradicted them. It answers as the page of that language
// does (SearchIn, with the other language's index, from the document
// -doc), and suggests what the reader may have meant when nothing
// matches. It returns the exit status: 1 when nothing matched, 2 on a
// usage or build error.
func RunCLI(args []string, stdout, stderr io.Writer, load Loader) int {
	fs := flag.NewFlagSet("search", flag.ContinueOnError)
	fs.SetOutput(stderr)
	lang := fs.String("lang", "fr", "language of the page searching")
	content := fs.String("content", "content", "content folder")
	theme := fs.String("theme", "theme", "theme folder")
	limit := fs.Int("limit", 10, "number of results")
	doc := fs.String("doc", "", "slug of the rules document being read, whose sections come first on a near tie")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `usage: generator search [-lang fr] [-doc slug] [-content content] [-theme theme] [-limit 10] "query"`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // -h: the usage was asked for
		}
		return 2
	}
	q := strings.Join(fs.Args(), " ")
	if strings.TrimSpace(q) == "" {
		fs.Usage()
		return 2
	}
	files, paths, err := load(*content, *theme)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if files[paths[*lang]] == nil {
		fmt.Fprintf(stderr, "no %q documents in %s\n", *lang, *content)
		return 2
	}
	var ix, other *Index
	for code, p := range paths {
		x, err := LoadSplit(files[p], FilesFetch(files, p))
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		if code == *lang {
			ix = x
		} else if other == nil || code < other.Lang {
			other = x // two languages today; the first other one otherwise
		}
	}
	res := SearchIn(ix, other, q, *limit, *doc)
	if len(res) == 0 {
		fmt.Fprintf(stderr, "no section matches %q in %s\n", q, *lang)
		s := ix.Suggest(q)
		if s == "" && other != nil {
			s = other.Suggest(q)
		}
		if s != "" {
			fmt.Fprintf(stderr, "did you mean %q?\n", s)
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
		at, path := r.Slug+"#"+r.ID, r.TitlePath
		if r.Anchor != "" {
			at, path = r.Slug+"#"+r.Anchor, path+titleSep+r.AnchorTitle
		}
		fmt.Fprintf(stdout, "%2d.  %s  %s%s\n", i+1, at, path, tag)
		if r.Snippet != "" {
			fmt.Fprintf(stdout, "      %s\n", r.Marked("[", "]"))
		}
	}
	return 0
}
