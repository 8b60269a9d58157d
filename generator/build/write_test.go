package build

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestWriteUpdatesInPlace(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	v1 := map[string][]byte{"index.html": []byte("home"), "fr/a/index.html": []byte("a1"), "fr/a/x/index.html": []byte("share"), "assets/s-1.css": []byte("css")}
	if err := Write(out, v1); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	for name := range v1 {
		_ = os.Chtimes(filepath.Join(out, name), old, old)
	}
	v2 := map[string][]byte{"index.html": []byte("home"), "fr/a/index.html": []byte("a2"), "assets/s-2.css": []byte("css2")}
	if err := Write(out, v2); err != nil {
		t.Fatal(err)
	}
	for name, want := range v2 {
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || string(got) != string(want) {
			t.Errorf("%s = %q, %v; want %q", name, got, err, want)
		}
	}
	if fi, _ := os.Stat(filepath.Join(out, "index.html")); fi.ModTime().After(old.Add(time.Minute)) {
		t.Error("an unchanged file was rewritten")
	}
	for _, gone := range []string{"fr/a/x/index.html", "fr/a/x", "assets/s-1.css"} {
		if _, err := os.Stat(filepath.Join(out, gone)); err == nil {
			t.Errorf("%s is still there", gone)
		}
	}
	if _, err := os.Stat(filepath.Join(out, ManifestName)); err != nil {
		t.Error("no manifest")
	}
}

func TestWriteRefusesForeignFolder(t *testing.T) {
	out := t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "notes.md"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := Write(out, map[string][]byte{"index.html": []byte("x")})
	if err == nil || !strings.Contains(err.Error(), "is not a folder this generator wrote") {
		t.Fatalf("error = %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "notes.md")); string(b) != "mine" {
		t.Error("the folder was changed")
	}
	// A build's folder from before the manifest is replaced whole.
	legacy := t.TempDir()
	for _, n := range []string{"_headers", "sw.js", "index.html"} {
		_ = os.WriteFile(filepath.Join(legacy, n), []byte("old"), 0o644)
	}
	if err := Write(legacy, map[string][]byte{"index.html": []byte("new")}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(legacy, "sw.js")); err == nil {
		t.Error("the legacy build's files were kept")
	}
}

// TestDeterministic: the real site's files are the same bytes whatever the
// parallel pipeline's scheduling (one core, or several).
func TestDeterministic(t *testing.T) {
	opt := Options{ContentDir: "../../content", ThemeDir: "../../theme", ConfigFile: "../../compendium.json", NoTwins: true}
	gen := func(procs int) map[string][]byte {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		res, err := Generate(opt)
		if err != nil {
			t.Fatal(err)
		}
		return res.Files
	}
	one, many := gen(1), gen(8)
	if len(one) != len(many) {
		t.Fatalf("%d files on one core, %d on eight", len(one), len(many))
	}
	for name, b := range one {
		if !bytes.Equal(b, many[name]) {
			t.Errorf("%s differs between one core and eight", name)
		}
	}
}
