package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTranslationsCommand: translations -mark -all records every section,
// after which translations says every one is checked (exit 0); a changed
// French section is listed at the English section's file:line (exit 1);
// -mark of an unknown section fails (exit 2), -mark of the changed one
// says how many are left; -mark without sections, sections without
// -mark and a flag not its own are usage errors (exit 2); -h prints its
// usage to stdout. The pipeline's side (check's warnings, the pages'
// notices) is TestTranslationDrift's, in generator/pipeline.
func TestTranslationsCommand(t *testing.T) {
	t.Setenv("LC_ALL", "C") // the messages in English, whatever the machine's locale
	dir := t.TempDir()
	write := func(name, body string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// TestTranslationDrift's site (generator/pipeline/drift_test.go).
	const frDoc = "---\ntitle: Alpha\nshort: Jeu — Alpha\norder: 1\nslug: alpha\nsummary: Un.\nsource: a.txt\n---\n" +
		"## Un {#one}\n\nLe premier texte.\n\n### Un bis {#one-more}\n\nLe détail.\n\n## Deux {#two}\n\nLe second texte.\n"
	const enDoc = "---\ntitle: Alpha\nshort: Game — Alpha\norder: 1\nslug: alpha\nsummary: One.\nsource: a.txt\n---\n" +
		"## One {#one}\n\nThe first text.\n\n### One more {#one-more}\n\nThe detail.\n\n## Two {#two}\n\nThe second text.\n"
	write("content/fr/alpha.md", frDoc)
	write("content/en/alpha.md", enDoc)
	content := filepath.Join(dir, "content")
	en, fr := filepath.Join(content, "en", "alpha.md"), filepath.Join(content, "fr", "alpha.md")
	cli := func(args ...string) (int, string) {
		t.Helper()
		var out, errs bytes.Buffer
		code := runTranslations(append([]string{"-content", content, "-theme", "../theme"}, args...), nil, &out, &errs)
		return code, out.String() + errs.String()
	}

	if code, out := cli(); code != 1 || strings.Count(out, "has no record of the French version it translates") != 3 || !strings.Contains(out, "translations: 3 section(s) to check; the command ends with exit status 1 while any is left") {
		t.Fatalf("with no record, want 3 unrecorded sections: %d %s", code, out)
	}
	if code, out := cli("-mark", "-all"); code != 0 || !strings.Contains(out, "0 section(s) left to check (were 3)") {
		t.Fatalf("-mark -all: %d %s", code, out)
	}
	if code, out := cli(); code != 0 || !strings.Contains(out, "every translated section is checked") {
		t.Fatalf("translations after marking: %d %s", code, out)
	}

	write("content/fr/alpha.md", strings.Replace(frDoc, "Le détail.", "Le détail, revu.", 1))
	want := en + ":13: translation of #one-more is older than its French source (changed since the translation was checked on "
	if code, out := cli(); code != 1 || !strings.Contains(out, want) || !strings.Contains(out, fr+":13)") || !strings.Contains(out, "translations: 1 section(s) to check") {
		t.Errorf("translations lists: %d %s", code, out)
	}
	// The same in French, with -lang fr.
	if code, out := cli("-lang", "fr"); code != 1 || !strings.Contains(out, en+":13: la traduction de #one-more est plus ancienne que sa source française") ||
		!strings.Contains(out, "translations : 1 section(s) à vérifier") {
		t.Errorf("translations -lang fr lists: %d %s", code, out)
	}
	if code, out := cli("-mark", "alpha#nope"); code != 2 || !strings.Contains(out, "no translated section “alpha#nope”: name it slug#id or slug") {
		t.Errorf("-mark of an unknown section: %d %s", code, out)
	}
	if code, out := cli("-lang", "fr", "-mark", "alpha#nope"); code != 2 || !strings.Contains(out, "translations : aucune section traduite « alpha#nope » : nommez-la slug#id ou slug") {
		t.Errorf("-lang fr -mark of an unknown section: %d %s", code, out)
	}
	if code, out := cli("-lang", "fr", "-mark", "alpha#one-more"); code != 0 || !strings.Contains(out, "mis à jour ; 0 section(s) restent à vérifier (il y en avait 1)") {
		t.Fatalf("-mark alpha#one-more: %d %s", code, out)
	}
	if code, out := cli(); code != 0 || !strings.Contains(out, "every translated section is checked") {
		t.Errorf("translations after -mark alpha#one-more: %d %s", code, out)
	}
	if code, out := cli("-lang", "fr"); code != 0 || !strings.Contains(out, "translations : chaque section traduite est vérifiée par rapport à son original tel qu'il est") {
		t.Errorf("translations -lang fr after -mark alpha#one-more: %d %s", code, out)
	}

	for _, tt := range []struct {
		args       []string
		out, usage string
	}{
		{[]string{"-mark"}, "translations -mark: name the sections (slug#id or slug), or -all", "usage: generator translations"},
		{[]string{"alpha#one"}, "translations: sections are named only after -mark", "usage: generator translations"},
		{[]string{"-nope"}, "flag provided but not defined: -nope", "usage: generator translations"},
		// The usage follows -lang too.
		{[]string{"-lang", "fr", "-mark"}, "translations -mark : nommez les sections (slug#id ou slug), ou -all", "utilisation : generator translations"},
		{[]string{"-lang", "fr", "alpha#one"}, "translations : on ne nomme des sections qu'après -mark", "utilisation : generator translations"},
	} {
		if code, out := cli(tt.args...); code != 2 || !strings.Contains(out, tt.out) || !strings.Contains(out, tt.usage) {
			t.Errorf("translations %s: %d %s", strings.Join(tt.args, " "), code, out)
		}
	}
	var out, errs bytes.Buffer
	if code := runTranslations([]string{"-h"}, nil, &out, &errs); code != 0 || errs.Len() != 0 || !strings.Contains(out.String(), "usage: generator translations") || !strings.Contains(out.String(), "-mark") {
		t.Errorf("-h: exit %d, stdout %q, stderr %q", code, out.String(), errs.String())
	}
}
