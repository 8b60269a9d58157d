package pipeline

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestErrorsKeepTheirPlace: a build that fails returns a *Error whose
// diagnostics keep each problem's file, line and column, from the content
// (a heading without its ID) and from the theme's scripts (esbuild's
// message, column included), all in one error, each printed once.
func TestErrorsKeepTheirPlace(t *testing.T) {
	opt := writeFixture(t, strings.Replace(goodSite, "## 1. Combats {#combat}", "## 1. Combats", 1))
	theme := filepath.Join(filepath.Dir(opt.ContentDir), "theme")
	if err := os.CopyFS(theme, os.DirFS("../../theme")); err != nil {
		t.Fatal(err)
	}
	main := filepath.Join(theme, "js", "page", "main.js")
	src, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(main, append([]byte("let = ;\n"), src...), 0o644); err != nil {
		t.Fatal(err)
	}
	opt.ThemeDir, opt.Root = theme, "../.."
	_, err = Build(opt)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("want a *pipeline.Error, got %T: %v", err, err)
	}
	var content, script bool
	for _, d := range e.Diagnostics {
		if strings.HasSuffix(d.File, filepath.Join("fr", "alpha.md")) && d.Line > 0 {
			content = true
		}
		if strings.HasSuffix(d.File, "main.js") && d.Line == 1 && d.Col > 0 {
			script = true
			if !strings.Contains(err.Error(), d.String()) {
				t.Errorf("the message %q does not print the script's place %q", err, d.String())
			}
		}
	}
	if !content || !script {
		t.Errorf("content problem located: %v, script problem with line and column: %v; diagnostics %+v", content, script, e.Diagnostics)
	}
	if n := strings.Count(err.Error(), "main.js:1:"); n != 1 {
		t.Errorf("the script's problem is printed %d times, want once:\n%v", n, err)
	}
	if _, statErr := os.Stat(opt.OutDir); statErr == nil {
		t.Error("a failed build wrote its output folder")
	}
}
