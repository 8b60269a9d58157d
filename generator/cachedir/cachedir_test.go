package cachedir

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// TestKeepNewest: a cache keeps its newest entries only.
func TestKeepNewest(t *testing.T) {
	dir := t.TempDir()
	for i := range 5 {
		p := filepath.Join(dir, "bundle-"+string(rune('a'+i)))
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		when := time.Now().Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(p, when, when); err != nil {
			t.Fatal(err)
		}
	}
	KeepNewest(dir, 2)
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !reflect.DeepEqual(names, []string{"bundle-d", "bundle-e"}) {
		t.Fatalf("kept %v, want the two newest", names)
	}
}
