package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestBrowserTestsNeedTheTag: every other test file of this package
// carries the e2e build tag, so that go test ./... (make unit) runs with
// Go alone and never meets a browser test it cannot run; this test is the
// one a plain go test runs here, and says where the others are.
func TestBrowserTestsNeedTheTag(t *testing.T) {
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f == "tag_test.go" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte("//go:build e2e\n")) {
			t.Errorf("%s does not start with //go:build e2e: make unit would run it without a browser", f)
		}
	}
	t.Logf("the browser tests (%d files) run with -tags e2e: make e2e, or go test -tags e2e ./generator/e2e", len(files)-1)
}
