// Package atomicfile replaces a file the organiser owns (the content's
// Markdown, translations.json) in one step, so that a reader, a
// rebuild or a crash sees the old file or the new one, never half of one.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write replaces file by b: a temporary file beside it (a dotfile, which
// serve's watcher and the site leave out), synced, given the mode of the
// file it replaces (0644 for a new one), then renamed over it. On an
// error the file is as it was and no temporary file is left.
func Write(file string, b []byte) error {
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(file); err == nil {
		mode = fi.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if _, err := f.Write(b); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Chmod(mode); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, file); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
