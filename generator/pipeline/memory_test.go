package pipeline

import (
	"os"
	"path/filepath"
	"testing"
)

func TestHeapEstimate(t *testing.T) {
	dir := t.TempDir()
	if got := HeapEstimate(dir); got != 64<<20 {
		t.Errorf("empty content: %d, want the fixed part %d", got, 64<<20)
	}
	if err := os.MkdirAll(filepath.Join(dir, "fr"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, size := range map[string]int{"fr/a.md": 1000, "fr/b.md": 2500, "glossary.json": 500} {
		if err := os.WriteFile(filepath.Join(dir, name), make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := HeapEstimate(dir), 64<<20+12*4000; got != want {
		t.Errorf("4,000 bytes of content: %d, want %d", got, want)
	}
	if got := HeapEstimate(filepath.Join(dir, "missing")); got != 64<<20 {
		t.Errorf("missing folder: %d, want the fixed part", got)
	}
}
