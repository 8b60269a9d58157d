package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckStrict: check passes with a translation behind its original
// (and says so), check -strict fails on it, and translations -mark makes
// both pass.
func TestCheckStrict(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doc := func(lang, text string) string {
		return "---\ntitle: Alpha\nshort: Jeu — Alpha\norder: 1\nslug: alpha\nsummary: Un.\nsource: a.txt\n---\n## Un {#one}\n\n" + text + "\n"
	}
	write("content/fr/alpha.md", doc("fr", "Le texte."))
	write("content/en/alpha.md", doc("en", "The text."))
	content, theme := filepath.Join(dir, "content"), "../theme"
	run1 := func(args ...string) (int, string) {
		var out, errs bytes.Buffer
		code := run(args, nil, &out, &errs)
		return code, out.String() + errs.String()
	}
	if code, out := run1("translations", "-content", content, "-theme", theme, "-mark", "-all"); code != 0 {
		t.Fatalf("translations -mark -all: %d %s", code, out)
	}
	write("content/fr/alpha.md", doc("fr", "Le texte, changé."))
	code, out := run1("check", "-content", content, "-theme", theme)
	if code != 0 || !strings.Contains(out, "alpha.md:9: translation of #one is older than its French source") || !strings.Contains(out, "1 warning(s)") {
		t.Errorf("check: %d %s", code, out)
	}
	if code, out := run1("check", "-strict", "-content", content, "-theme", theme); code != 1 || !strings.Contains(out, "check -strict: 1 translation(s) to check") {
		t.Errorf("check -strict: %d %s", code, out)
	}
	if code, out := run1("translations", "-content", content, "-theme", theme, "-mark", "alpha#one"); code != 0 {
		t.Fatalf("translations -mark: %d %s", code, out)
	}
	if code, out := run1("check", "-strict", "-content", content, "-theme", theme); code != 0 || strings.Contains(out, "warning") {
		t.Errorf("check -strict after -mark: %d %s", code, out)
	}
}
