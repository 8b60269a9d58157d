package search_test

import (
	"path/filepath"
	"sync"
	"testing"

	"compendium/generator/pipeline"
	"compendium/generator/search"
	"compendium/generator/site"
)

const (
	contentDir = "../../content"
	themeDir   = "../../theme"
)

var glossaryPath = filepath.Join(contentDir, "glossary.json")

// built caches the real site and its indexes: building takes seconds, and
// every test here reads the same ones.
var built struct {
	once  sync.Once
	site  *site.Site
	files map[string][]byte
	paths map[string]string
	err   error
}

func realSite(t testing.TB) (*site.Site, map[string][]byte, map[string]string) {
	t.Helper()
	built.once.Do(func() {
		s, _, err := pipeline.Load(pipeline.Options{ContentDir: contentDir, ThemeDir: themeDir})
		if err != nil {
			built.err = err
			return
		}
		built.site = s
		built.files, built.paths, built.err = pipeline.SearchIndexes(pipeline.Options{ContentDir: contentDir, ThemeDir: themeDir})
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.site, built.files, built.paths
}

func realIndex(t testing.TB, lang string) *search.Index {
	t.Helper()
	_, files, paths := realSite(t)
	ix, err := search.Load(files[paths[lang]])
	if err != nil {
		t.Fatal(err)
	}
	return ix
}
