package search_test

import (
	"bytes"
	"compress/gzip"
	"path/filepath"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

func gzipLen(t testing.TB, b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	w.Close()
	return buf.Len()
}

// searchJS returns theme/js/search.js minified as the page bundle has it.
func searchJS(t testing.TB) []byte {
	t.Helper()
	res := api.Build(api.BuildOptions{
		EntryPoints: []string{filepath.Join(themeDir, "js", "search.js")},
		Bundle:      true, Write: false, Format: api.FormatESModule, Target: api.ES2020,
		MinifyWhitespace: true, MinifyIdentifiers: true, MinifySyntax: true, LogLevel: api.LogLevelSilent,
	})
	if len(res.Errors) > 0 || len(res.OutputFiles) != 1 {
		t.Fatalf("esbuild: %v", res.Errors)
	}
	return res.OutputFiles[0].Contents
}

// TestFirstQueryBudget: the first query on a cold page downloads the page
// language's index (search.js is in the page's script, counted here too):
// at most 60 KB compressed.
func TestFirstQueryBudget(t *testing.T) {
	_, files, paths := realSite(t)
	js := searchJS(t)
	jsGz := gzipLen(t, js)
	t.Logf("search.js: %d bytes minified, %d gzip", len(js), jsGz)
	for _, lang := range []string{"fr", "en"} {
		b := files[paths[lang]]
		gz := gzipLen(t, b)
		t.Logf("%s: %s %d bytes, %d gzip; first query %d bytes gzip", lang, paths[lang], len(b), gz, gz+jsGz)
		if gz+jsGz > 60*1024 {
			t.Errorf("%s: first query needs %d bytes compressed, over the 60 KB budget", lang, gz+jsGz)
		}
	}
}
