package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"compendium/generator/pipeline"
	"compendium/generator/search"
	"compendium/generator/testcontent"
)

// TestNewCommand: generator new, on a copy of the real content, writes
// both languages' files with every front matter key (source: left
// empty), a preamble and a first section with an ID, records the
// translation, and the site then passes check with no warning about the
// new document; the English search finds the document by its title and
// by its preamble. A slug that exists or is not kebab-case is refused,
// writing nothing. Whatever correct content the organisers wrote (their
// own "alchemy" document included), the test holds: its document's slug
// is one the content does not use.
func TestNewCommand(t *testing.T) {
	t.Setenv("LC_ALL", "C") // the messages in English, whatever the machine's locale
	content := filepath.Join(t.TempDir(), "content")
	real := os.Getenv(testcontent.Env) // make edits points it at an edited copy
	if real == "" {
		real = filepath.Join("..", "content")
	}
	if err := os.CopyFS(content, os.DirFS(real)); err != nil {
		t.Fatal(err)
	}
	slug := "quintessence"
	for n := 2; fileExists(filepath.Join(content, "fr", slug+".md")); n++ {
		slug = "quintessence-" + strconv.Itoa(n)
	}
	existing := ""
	if m, _ := filepath.Glob(filepath.Join(content, "fr", "*.md")); len(m) > 0 {
		existing = strings.TrimSuffix(filepath.Base(m[0]), ".md")
	}
	cli := func(args ...string) (int, string) {
		var out, errs bytes.Buffer
		code := runNew(append([]string{"-content", content}, args...), nil, &out, &errs)
		return code, out.String() + errs.String()
	}
	opt := pipeline.Options{ContentDir: content, ThemeDir: "../theme"}
	s0, _, err := pipeline.Check(opt)
	if err != nil {
		t.Fatalf("check fails on the content as it is: %v", err)
	}
	lastOrder := 0
	for _, d := range s0.Lang("fr").Docs {
		lastOrder = max(lastOrder, d.Order)
	}
	if code, out := cli(slug, "Règles de la quintessence", "Quintessence rules"); code != 0 {
		t.Fatalf("new %s: exit %d\n%s", slug, code, out)
	}
	for lang, title := range map[string]string{"fr": "Règles de la quintessence", "en": "Quintessence rules"} {
		b, err := os.ReadFile(filepath.Join(content, lang, slug+".md"))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"---\ntitle: " + title + "\n", "\nshort: ", "\norder: ", "\nslug: " + slug + "\n", "\nsummary: ", "\nsource:\n", "{#overview}"} {
			if !bytes.Contains(b, []byte(want)) {
				t.Errorf("%s/%s.md lacks %q:\n%s", lang, slug, want, b)
			}
		}
	}
	s, ds, err := pipeline.Check(opt)
	if err != nil {
		t.Fatalf("check fails on the new document: %v", err)
	}
	for _, d := range ds {
		if strings.HasSuffix(d.File, slug+".md") {
			t.Errorf("check warns on the new document: %v", d)
		}
	}
	if d := s.Lang("fr").Doc(slug); d == nil || d.Order <= lastOrder {
		t.Errorf("the new document comes not after the others (last order %d): %+v", lastOrder, d)
	}
	files, paths, err := pipeline.SearchIndexes(opt)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := search.Load(files[paths["en"]])
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"quintessence", "introduction"} {
		found := false
		for _, r := range ix.Query(q, 10) {
			found = found || r.Slug == slug
		}
		if !found {
			t.Errorf("search en %q does not find the new document", q)
		}
	}
	before, _ := os.ReadFile(filepath.Join(content, "translations.json"))
	for _, c := range []struct{ slug, want, fr string }{
		{slug, "is taken", "est déjà pris ; choisissez un autre slug"},
		{existing, "is taken", "le document « " + existing + " » est déjà pris"},
		{"Alchemy", "not English kebab-case", "le slug « Alchemy » n'est pas en kebab-case anglais"},
		{"alchemy_rules", "try alchemy-rules", "essayez alchemy-rules"},
		{"2-alchemy", "not English kebab-case", "n'est pas en kebab-case anglais"},
		{"alchemy-", "not English kebab-case", "n'est pas en kebab-case anglais"},
		{"notes", "is reserved: /<lang>/notes/ is a page of the site", "le slug « notes » est réservé"},
	} {
		code, out := cli(c.slug)
		if code != 1 || !strings.Contains(out, c.want) {
			t.Errorf("new %s: exit %d, %q; want 1 and %q", c.slug, code, out, c.want)
		}
		code, out = cli("-lang", "fr", c.slug)
		if code != 1 || !strings.Contains(out, "generator new : ") || !strings.Contains(out, c.fr) {
			t.Errorf("new -lang fr %s: exit %d, %q; want 1 and %q", c.slug, code, out, c.fr)
		}
	}
	if after, _ := os.ReadFile(filepath.Join(content, "translations.json")); !bytes.Equal(before, after) {
		t.Error("a refused new changed translations.json")
	}
	if m, _ := filepath.Glob(filepath.Join(content, "*", "Alchemy*")); len(m) > 0 {
		t.Errorf("a refused new wrote %v", m)
	}
	if code, _ := cli(); code != 2 {
		t.Errorf("new without a slug: exit %d, want 2", code)
	}
	if code, out := cli("-lang", "fr"); code != 2 || !strings.Contains(out, "generator new : donnez le slug du document") {
		t.Errorf("new -lang fr without a slug: exit %d, %q", code, out)
	}
}

// fileExists reports whether name is a file that can be read.
func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}
