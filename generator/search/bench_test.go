package search_test

import (
	"testing"

	"compendium/generator/pipeline"
	"compendium/generator/search"
)

func BenchmarkBuild(b *testing.B) {
	for b.Loop() {
		if _, _, err := pipeline.SearchIndexes(pipeline.Options{ContentDir: contentDir, ThemeDir: themeDir}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoad(b *testing.B) {
	_, files, paths := realSite(b)
	for b.Loop() {
		if _, err := search.Load(files[paths["fr"]]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkQuery(b *testing.B) {
	ix := realIndex(b, "fr")
	for _, q := range []string{"armure", "premiers secours", "blessurres", "chirur", "PA"} {
		b.Run(q, func(b *testing.B) {
			for b.Loop() {
				ix.Query(q, 10)
			}
		})
	}
}
