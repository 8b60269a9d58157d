package contentcheck_test

import (
	"sort"
	"strings"
	"sync"
	"testing"

	"compendium/generator/pipeline"
	"compendium/generator/testcontent"
)

// realOptions builds the real content with the real theme.
var realOptions = pipeline.Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme"}

var real struct {
	once sync.Once
	res  *pipeline.Result
	err  error
}

// realSite returns the real site, built in memory once for every test of
// the package (a build is a few seconds under the race detector).
func realSite(t *testing.T) *pipeline.Result {
	t.Helper()
	real.once.Do(func() { real.res, real.err = pipeline.Generate(realOptions) })
	if real.err != nil {
		t.Fatal(real.err)
	}
	return real.res
}

// htmlPages returns the names of res's HTML files, sorted.
func htmlPages(res *pipeline.Result) []string {
	var names []string
	for name := range res.Files {
		if strings.HasSuffix(name, ".html") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}
