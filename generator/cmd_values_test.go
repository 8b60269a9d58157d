package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValuesListsOwnValues: generator values lists an organiser's own
// value ({=alchemy.brewing-time 30min}, its meaning in content/values.json)
// with its number, its meaning in the language asked and where the text
// states it, and no calculator.
func TestValuesListsOwnValues(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"fr/alchemy.md": "---\ntitle: Alchimie\nshort: Alchimie\norder: 1\nslug: alchemy\nsummary: Un.\n---\n## Préparer {#brewing}\n\nUne potion se prépare en [30 minutes]{=alchemy.brewing-time 30min}.\n",
		"en/alchemy.md": "---\ntitle: Alchemy\nshort: Alchemy\norder: 1\nslug: alchemy\nsummary: One.\n---\n## Brewing {#brewing}\n\nA potion takes [30 minutes]{=alchemy.brewing-time 30min} to brew.\n",
		"values.json":   `{"alchemy.brewing-time": {"fr": "durée de préparation d’une potion", "en": "brewing time of a potion"}}`,
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for lang, meaning := range map[string]string{"fr": "durée de préparation d’une potion", "en": "brewing time of a potion"} {
		var out, errs bytes.Buffer
		if code := runValues([]string{"-content", dir, "-lang", lang}, nil, &out, &errs); code != 0 {
			t.Fatalf("values -lang %s: exit %d\n%s", lang, code, errs.String())
		}
		var row string
		for _, l := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(l, "alchemy.brewing-time ") {
				row = l
			}
		}
		for _, want := range []string{"30\u00a0min", meaning, filepath.Join(dir, lang, "alchemy.md") + ":10"} {
			if !strings.Contains(row, want) {
				t.Errorf("values -lang %s: row %q lacks %q", lang, row, want)
			}
		}
	}
}

// TestDescribeDefaults: calc --describe --defaults prints docs/calculators.md,
// which holds the engine's default rules whatever the content states.
func TestDescribeDefaults(t *testing.T) {
	t.Chdir("..")
	var out, errs bytes.Buffer
	if code := runCalc([]string{"--describe", "--defaults"}, nil, &out, &errs); code != 0 {
		t.Fatalf("calc --describe --defaults: exit %d: %s", code, errs.String())
	}
	doc, err := os.ReadFile("docs/calculators.md")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), doc) {
		t.Error("calc --describe --defaults differs from docs/calculators.md")
	}
}
