package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
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
		// The value's block: its key and number, then its meaning and
		// place, indented.
		lines := strings.Split(out.String(), "\n")
		var block []string
		for i, l := range lines {
			if strings.HasPrefix(l, "alchemy.brewing-time ") && i+2 < len(lines) {
				block = lines[i : i+3]
			}
		}
		if len(block) != 3 || !strings.Contains(block[0], "30\u00a0min") || block[1] != "    "+meaning || block[2] != "    "+filepath.Join(dir, lang, "alchemy.md")+":10" {
			t.Errorf("values -lang %s: the block of alchemy.brewing-time is %q, want its number, meaning and place:\n%s", lang, block, out.String())
		}
	}
}

// TestValuesFit: values lists the repository's rule values in lines of
// 100 columns at most, every key and every place included (a table of
// every field on one line was 298 columns wide).
func TestValuesFit(t *testing.T) {
	t.Chdir("..")
	set, places := map[string]bool{}, 0
	for _, lang := range []string{"fr", "en"} {
		var out, errs bytes.Buffer
		if code := runValues([]string{"-lang", lang}, nil, &out, &errs); code != 0 {
			t.Fatalf("values -lang %s: exit %d\n%s", lang, code, errs.String())
		}
		for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if n := utf8.RuneCountInString(l); n > valuesWidth {
				t.Errorf("values -lang %s: a line of %d columns: %q", lang, n, l)
			}
			if k, _, ok := strings.Cut(l, " "); ok && k != "" && !strings.HasPrefix(l, " ") {
				set[k] = true
			}
			places += strings.Count(l, ".md:")
		}
	}
	if len(set) < 50 || places < 100 {
		t.Errorf("values lists %d keys and %d places: the listing lost some", len(set), places)
	}
}

// TestValueBlocks: a long meaning wraps between words, many places wrap
// between places, each field's further lines indented more; a place
// longer than the width stays whole on its line.
func TestValueBlocks(t *testing.T) {
	long := strings.Repeat("word ", 30)
	places := strings.Repeat("content/fr/fantasy.md:100, ", 6) + "content/fr/fantasy.md:101"
	deep := strings.Repeat("deep/", 10) + "fr/fantasy.md:7"
	for _, tt := range []struct {
		name string
		row  [5]string
		want string
	}{
		{"short", [5]string{"armor.cap", "20", "armour cap", "content/fr/fantasy.md:107", "armor"},
			"key        value  calculators\n    meaning\n    stated at\n" +
				"armor.cap  20     armor\n    armour cap\n    content/fr/fantasy.md:107\n"},
		{"long meaning, many places", [5]string{"armor.cap", "20", strings.TrimSpace(long), places, ""},
			"key        value  calculators\n    meaning\n    stated at\n" +
				"armor.cap  20\n    " + strings.TrimSpace(strings.Repeat("word ", 11)) + "\n      " + strings.TrimSpace(strings.Repeat("word ", 11)) + "\n      " +
				strings.TrimSpace(strings.Repeat("word ", 8)) + "\n" +
				"    content/fr/fantasy.md:100, content/fr/fantasy.md:100,\n      content/fr/fantasy.md:100, content/fr/fantasy.md:100,\n" +
				"      content/fr/fantasy.md:100, content/fr/fantasy.md:100,\n      content/fr/fantasy.md:101\n"},
		{"a place wider than the width", [5]string{"k", "1", "m", deep + ", " + deep, "c"},
			"key  value  calculators\n    meaning\n    stated at\n" +
				"k    1      c\n    m\n    " + deep + ",\n      " + deep + "\n"},
	} {
		rows := [][5]string{{"key", "value", "meaning", "stated at", "calculators"}, tt.row}
		if got := valueBlocks(rows, 60); got != tt.want {
			t.Errorf("%s:\n%s\nwant\n%s", tt.name, got, tt.want)
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
