package contentcheck_test

import (
	"testing"

	"compendium/generator/pipeline"
	"compendium/generator/search"
)

func BenchmarkBuild(b *testing.B) {
	for b.Loop() {
		if _, _, err := pipeline.SearchIndexes(realOptions); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoad(b *testing.B) {
	_, files, paths := searchSite(b)
	for b.Loop() {
		if _, err := search.Load(files[paths["fr"]]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkQuery(b *testing.B) {
	ix := searchIndex(b, "fr")
	for _, q := range []string{"armure", "premiers secours", "blessurres", "chirur", "PA"} {
		b.Run(q, func(b *testing.B) {
			for b.Loop() {
				ix.Query(q, 10)
			}
		})
	}
}
