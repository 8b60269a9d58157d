package search

import (
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

// RunCLI runs `search [-lang fr] [-content content] [-theme theme] [-limit
// 10] QUERY…`: it prints the ranked results, one per line (rank, score,
// slug#id, title path, and what the result is when it is not a section:
// [glossary], [calc], [via en] when found through the other language),
// each followed by its snippet with the matched words in brackets. It
// answers as the page of that language does (Search, with the other
// language's index), and suggests what the reader may have meant when
// nothing matches. It returns the exit status: 1 when nothing matched, 2
// on a usage or build error.
func RunCLI(args []string, stdout, stderr io.Writer, load Loader) int {
	fs := flag.NewFlagSet("search", flag.ContinueOnError)
	fs.SetOutput(stderr)
	lang := fs.String("lang", "fr", "language of the page searching")
	content := fs.String("content", "content", "content folder")
	theme := fs.String("theme", "theme", "theme folder")
	limit := fs.Int("limit", 10, "number of results")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `usage: generator search [-lang fr] [-content content] [-theme theme] [-limit 10] "query"`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
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
	res := Search(ix, other, q, *limit)
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
		fmt.Fprintf(stdout, "%2d. %7.3f  %s#%s  %s%s\n", i+1, r.Score, r.Slug, r.ID, r.TitlePath, tag)
		if r.Snippet != "" {
			fmt.Fprintf(stdout, "      %s\n", r.Marked("[", "]"))
		}
	}
	return 0
}
