package contentcheck_test

import (
	"path/filepath"
	"sync"
	"testing"

	"compendium/generator/pipeline"
	"compendium/generator/search"
	"compendium/generator/site"
)

// glossaryPath is the real content's glossary, which the search's
// vocabulary comes from.
var glossaryPath = filepath.Join(realOptions.ContentDir, "glossary.json")

// searchBuilt caches the real site and its search indexes: building takes
// seconds, and every search test here reads the same ones. The search's
// tests on the real content live here rather than in generator/search so
// that the search package's own test binary does not link the whole
// pipeline (esbuild, go-git): make test fuzzes it, and the fuzzer
// instruments every package the binary holds.
var searchBuilt struct {
	once  sync.Once
	site  *site.Site
	files map[string][]byte
	paths map[string]string
	err   error
}

func searchSite(t testing.TB) (*site.Site, map[string][]byte, map[string]string) {
	t.Helper()
	searchBuilt.once.Do(func() {
		s, _, err := pipeline.Load(realOptions)
		if err != nil {
			searchBuilt.err = err
			return
		}
		searchBuilt.site = s
		searchBuilt.files, searchBuilt.paths, searchBuilt.err = pipeline.SearchIndexes(realOptions)
	})
	if searchBuilt.err != nil {
		t.Fatal(searchBuilt.err)
	}
	return searchBuilt.site, searchBuilt.files, searchBuilt.paths
}

func searchIndex(t testing.TB, lang string) *search.Index {
	t.Helper()
	_, files, paths := searchSite(t)
	ix, err := search.Load(files[paths[lang]])
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func otherLang(lang string) string {
	if lang == "fr" {
		return "en"
	}
	return "fr"
}
