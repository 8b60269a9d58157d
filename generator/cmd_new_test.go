package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"compendium/generator/pipeline"
	"compendium/generator/search"
)

// TestNewCommand: generator new alchemy, on a copy of the real content,
// writes both languages' files with every front matter key (source: left
// empty), a preamble and a first section with an ID, records the
// translation, and the site then passes check with no warning; the
// English search finds the document by its title and by its preamble.
// A slug that exists or is not kebab-case is refused, writing nothing.
func TestNewCommand(t *testing.T) {
	t.Setenv("LC_ALL", "C") // the messages in English, whatever the machine's locale
	content := filepath.Join(t.TempDir(), "content")
	if err := os.CopyFS(content, os.DirFS(filepath.Join("..", "content"))); err != nil {
		t.Fatal(err)
	}
	cli := func(args ...string) (int, string) {
		var out, errs bytes.Buffer
		code := runNew(append([]string{"-content", content}, args...), nil, &out, &errs)
		return code, out.String() + errs.String()
	}
	if code, out := cli("alchemy", "Règles de l'alchimie", "Alchemy rules"); code != 0 {
		t.Fatalf("new alchemy: exit %d\n%s", code, out)
	}
	for lang, title := range map[string]string{"fr": "Règles de l'alchimie", "en": "Alchemy rules"} {
		b, err := os.ReadFile(filepath.Join(content, lang, "alchemy.md"))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"---\ntitle: " + title + "\n", "\nshort: ", "\norder: ", "\nslug: alchemy\n", "\nsummary: ", "\nsource:\n", "{#overview}"} {
			if !bytes.Contains(b, []byte(want)) {
				t.Errorf("%s/alchemy.md lacks %q:\n%s", lang, want, b)
			}
		}
	}
	opt := pipeline.Options{ContentDir: content, ThemeDir: "../theme"}
	s, ds, err := pipeline.Check(opt)
	if err != nil {
		t.Fatalf("check fails on the new document: %v", err)
	}
	if len(ds) > 0 {
		t.Errorf("check warns on the new document: %v", ds)
	}
	if d := s.Lang("fr").Doc("alchemy"); d == nil || d.Order <= 5 {
		t.Errorf("the new document comes not after the others: %+v", d)
	}
	files, paths, err := pipeline.SearchIndexes(opt)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := search.Load(files[paths["en"]])
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"alchemy", "introduction"} {
		if rs := ix.Query(q, 1); len(rs) != 1 || rs[0].Slug != "alchemy" {
			t.Errorf("search en %q: %v, want the alchemy document first", q, rs)
		}
	}
	before, _ := os.ReadFile(filepath.Join(content, "translations.json"))
	for _, c := range []struct{ slug, want, fr string }{
		{"alchemy", "is taken", "est déjà pris ; choisissez un autre slug"},
		{"fantasy", "is taken", "le document « fantasy » est déjà pris"},
		{"Alchemy", "not English kebab-case", "le slug « Alchemy » n'est pas en kebab-case anglais"},
		{"alchemy_rules", "try alchemy-rules", "essayez alchemy-rules"},
		{"2-alchemy", "not English kebab-case", "n'est pas en kebab-case anglais"},
		{"alchemy-", "not English kebab-case", "n'est pas en kebab-case anglais"},
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
