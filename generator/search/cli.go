package search

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// Loader returns the index file of lang for the site in contentDir, built
// with the theme in themeDir. The command's caller provides it, because this
// package must not import the build pipeline that imports it.
type Loader func(contentDir, themeDir, lang string) ([]byte, error)

// RunCLI runs `search [-lang fr] [-content content] [-theme theme] [-limit
// 10] QUERY…`: it prints the ranked sections, one per line (rank, score,
// slug#id, title path), each followed by its snippet with the matched words
// in brackets. It queries the same index file with the same algorithm as
// the browser. It returns the exit status: 1 when nothing matched, 2 on a
// usage or build error.
func RunCLI(args []string, stdout, stderr io.Writer, load Loader) int {
	fs := flag.NewFlagSet("search", flag.ContinueOnError)
	fs.SetOutput(stderr)
	lang := fs.String("lang", "fr", "language of the index to query")
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
	b, err := load(*content, *theme, *lang)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	ix, err := Load(b)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	res := ix.Query(q, *limit)
	if len(res) == 0 {
		fmt.Fprintf(stderr, "no section matches %q in %s\n", q, *lang)
		return 1
	}
	for i, r := range res {
		fmt.Fprintf(stdout, "%2d. %7.3f  %s#%s  %s\n", i+1, r.Score, r.Slug, r.ID, r.TitlePath)
		if r.Snippet != "" {
			fmt.Fprintf(stdout, "      %s\n", r.Marked("[", "]"))
		}
	}
	return 0
}
