package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadProblems: a theme file that cannot be used is reported at its
// file (and line, where html/template or the JSON names one), in the
// organiser's language: an i18n file that is not JSON, a key the original
// has and a translation lacks, a layout that does not parse.
func TestLoadProblems(t *testing.T) {
	for _, c := range []struct {
		name, file string
		edit       func(string) string
		en, fr     string
	}{
		{"i18n comma", "i18n/en.json", func(s string) string { return strings.Replace(s, "\n}", ",\n}", 1) },
			"a comma before “}”, after the last entry: remove it",
			"une virgule avant « } », après la dernière entrée : retirez-la"},
		{"i18n key", "i18n/en.json", func(s string) string { return strings.Replace(s, `"link_to_section":`, `"link_to_sectoin":`, 1) },
			"en.json: missing key “link_to_section”: ",
			"en.json: clé « link_to_section » manquante : "},
		{"layout", "layouts/doc.html", func(s string) string { return "\n\n{{if}}\n" + s },
			"doc.html:3: theme file cannot be used: ",
			"doc.html:3: fichier du thème inutilisable : "},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, sub := range []string{"i18n", "layouts"} {
				files, _ := filepath.Glob(filepath.Join("../../theme", sub, "*"))
				if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
					t.Fatal(err)
				}
				for _, f := range files {
					b, err := os.ReadFile(f)
					if err != nil {
						t.Fatal(err)
					}
					if filepath.ToSlash(filepath.Join(sub, filepath.Base(f))) == c.file {
						b = []byte(c.edit(string(b)))
					}
					if err := os.WriteFile(filepath.Join(dir, sub, filepath.Base(f)), b, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			_, errs := Load(dir)
			if len(errs) == 0 {
				t.Fatal("the theme loads")
			}
			for _, d := range errs {
				if m := d.MissingArgs(); d.Kind == "" || len(m) > 0 {
					t.Errorf("kind %q lacks %v: %s", d.Kind, m, d)
				}
			}
			if got := errs.Format("en", false); !strings.Contains(got, c.en) {
				t.Errorf("English:\n%s\nlacks %s", got, c.en)
			}
			if got := errs.Format("fr", false); !strings.Contains(got, c.fr) {
				t.Errorf("French:\n%s\nlacks %s", got, c.fr)
			}
		})
	}
}

// TestStringsTypeset: the interface's strings reach the page set as the
// language sets its text, whatever spaces their file was written with: a
// French string keeps no breaking space before : ; ! ? » or after «, so a
// phone never starts a line with a colon. The check reads the real theme,
// and a string written with ordinary spaces as a translator types it
// (typesetStrings).
func TestStringsTypeset(t *testing.T) {
	th, errs := Load("../../theme")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	th.strings["fr"]["test_typed"] = "Attention : « Assommé » ; vraiment ?"
	if got, want := typesetStrings("fr", th.strings["fr"])["test_typed"], "Attention\u00a0: «\u00a0Assommé\u00a0»\u202f; vraiment\u202f?"; got != want {
		t.Errorf("a typed French string reads %q, want %q", got, want)
	}
	for key, s := range th.strings["fr"] {
		rs := []rune(s)
		for i, r := range rs {
			if r != ' ' {
				continue
			}
			if i+1 < len(rs) && strings.ContainsRune(":;!?»", rs[i+1]) || i > 0 && rs[i-1] == '«' {
				t.Errorf("fr %s: a breaking space at %d in %q", key, i, s)
				break
			}
		}
	}
	if n := len(th.strings["fr"]); n < 100 {
		t.Errorf("only %d French strings read: not the theme's i18n file", n)
	}
	if th.T("en", "link_copy_failed") == th.T("fr", "link_copy_failed") {
		t.Error("the English and French strings are the same: the test reads the wrong theme")
	}
}
