package synth

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"compendium/generator/pipeline"
)

// TestSynthBuilds: the synthetic pages are valid compendium content (check
// passes), about 7 KB with about 15 headings each, and the same for the
// same seed.
func TestSynthBuilds(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, 20, 1); err != nil {
		t.Fatal(err)
	}
	if _, _, err := pipeline.Load(pipeline.Options{ContentDir: filepath.Join(dir, "content"), ThemeDir: "../../theme"}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "content", "fr", "page-00007.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n## ") + strings.Count(string(b), "\n### "); n < 12 || n > 18 {
		t.Errorf("%d headings, want 12 to 18", n)
	}
	if len(b) < 4000 || len(b) > 12000 {
		t.Errorf("%d bytes, want about 7 KB", len(b))
	}
	again := t.TempDir()
	if err := Write(again, 20, 1); err != nil {
		t.Fatal(err)
	}
	c, _ := os.ReadFile(filepath.Join(again, "content", "fr", "page-00007.md"))
	if string(b) != string(c) {
		t.Error("the same seed wrote different pages")
	}
	if _, err := os.Stat(filepath.Join(dir, "hugo", "content", "page-00007.md")); err != nil {
		t.Error("no Hugo copy")
	}
}

// benchPages builds n synthetic pages with the real theme, twins off (as
// Hugo writes none), the cards cache warm after the first run.
func benchPages(b *testing.B, n int) {
	dir := b.TempDir()
	if err := Write(dir, n, 1); err != nil {
		b.Fatal(err)
	}
	opt := pipeline.Options{ContentDir: filepath.Join(dir, "content"), ThemeDir: "../../theme", OutDir: filepath.Join(dir, "public"), NoTwins: true}
	if _, err := pipeline.Build(opt); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := pipeline.Build(opt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/float64(n), "ms/page")
}

func BenchmarkBuild1000(b *testing.B) { benchPages(b, 1000) }
