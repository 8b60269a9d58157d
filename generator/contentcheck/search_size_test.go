package contentcheck_test

import (
	"bytes"
	"compress/gzip"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/evanw/esbuild/pkg/api"
)

func brotliLen(t testing.TB, b []byte) int {
	var buf bytes.Buffer
	w := brotli.NewWriterLevel(&buf, brotli.BestCompression)
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	w.Close()
	return buf.Len()
}

func gzipLen(t testing.TB, b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	w.Close()
	return buf.Len()
}

// searchJS returns theme/js/page/search.js minified as the page bundle has
// it, with the query and index modules it imports.
func searchJS(t testing.TB) []byte {
	t.Helper()
	res := api.Build(api.BuildOptions{
		EntryPoints: []string{filepath.Join(realOptions.ThemeDir, "js", "page", "search.js")},
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
// at most 60 KB brotli, as the build's .br twins serve it (generator serve,
// deploy/nginx.conf). The gzip figure, for hosts that serve only gzip, is
// logged: with the glossary's terms and the calculators as results it went
// from 56 to 61 KB on the real content.
func TestFirstQueryBudget(t *testing.T) {
	_, files, paths := searchSite(t)
	js := searchJS(t)
	jsBr, jsGz := brotliLen(t, js), gzipLen(t, js)
	t.Logf("search.js: %d bytes minified, %d brotli, %d gzip", len(js), jsBr, jsGz)
	for _, lang := range []string{"fr", "en"} {
		b := files[paths[lang]]
		br, gz := brotliLen(t, b), gzipLen(t, b)
		t.Logf("%s: %s %d bytes, %d brotli, %d gzip; first query %d bytes brotli, %d gzip", lang, paths[lang], len(b), br, gz, br+jsBr, gz+jsGz)
		if br+jsBr > 60*1024 {
			t.Errorf("%s: first query needs %d bytes brotli, over the 60 KB budget", lang, br+jsBr)
		}
	}
}
