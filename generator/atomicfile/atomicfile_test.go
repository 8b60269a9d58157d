package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWrite: the file is replaced whole and keeps its mode; a new file is
// 0644; a folder that does not exist is an error that writes nothing; no
// temporary file is left either way.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "fantasy.md")
	if err := os.WriteFile(file, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(file, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(file, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(file); string(b) != "new" {
		t.Errorf("the file holds %q", b)
	}
	if fi, _ := os.Stat(file); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the file's 0600", fi.Mode().Perm())
	}
	fresh := filepath.Join(dir, "new.json")
	if err := Write(fresh, []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o644 {
		t.Errorf("a new file's mode %v, want 0644", fi.Mode().Perm())
	}
	if err := Write(filepath.Join(dir, "missing", "x.md"), []byte("x")); err == nil {
		t.Error("a file in a missing folder was written")
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
