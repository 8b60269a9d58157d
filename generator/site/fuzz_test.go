package site

import (
	"strings"
	"testing"
	"unicode/utf8"

	"compendium/generator/markdown"
)

// FuzzParseDoc feeds the content loader any file: front matter, Markdown
// with the project's extensions (asides, cross-references, typography,
// dice, headings with IDs). Whatever the bytes, it must not panic; a file
// it accepts gives sections whose IDs are valid and unique or reported,
// lines within the file, and a page that is UTF-8 with no raw HTML of the
// source in it.
func FuzzParseDoc(f *testing.F) {
	for _, s := range []string{
		"---\ntitle: Alpha\nshort: Jeu\norder: 1\nslug: alpha\nsummary: Un.\nsource: a.txt\n---\n## L'armure {#armor}\n\nLes points d'armure (PA) : 1d6+2.\n",
		"---\ntitle: A\n---\n# T\n\n> [!NOTE]\n> Remarque\n\nVoir [la vie](#life) et [x](other#y).\n\n## Vie {#life}\n\n- un\n- deux\n",
		"---\n---\n## {#}\n## x {#x}\n## x {#x}\n",
		"\ufeff---\ntitle: «BOM»\n---\ntexte ; deux : trois ! quatre ?\n",
		"no front matter\n## h\n<script>alert(1)</script>\n[j](javascript:alert(1))\n",
		"---\ntitle: t\nslug: ../x\norder: -1\n---\n```calc armor\n{\"magic\": 3}\n```\n",
		"---\ntitle: t\n---\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[^1]: note\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var ds Diagnostics
		body, ok := checkSource("fuzz.md", src, &ds)
		if !ok {
			if len(ds) == 0 {
				t.Fatal("a refused file has no message")
			}
			return
		}
		d := parseDoc("fuzz.md", "fr", body, markdown.New(markdown.WithLanguage("fr")), &ds)
		d.render(&ds)
		lines := strings.Count(string(src), "\n") + 1
		seen := map[string]bool{}
		for _, s := range d.Sections {
			if s.ID != "" && !validID(s.ID) && !reported(ds, s.Line) {
				t.Fatalf("section %q: ID %q is not valid and nothing says so", s.Title, s.ID)
			}
			if s.ID != "" && seen[s.ID] && !reported(ds, s.Line) {
				t.Fatalf("ID %q twice and nothing says so", s.ID)
			}
			seen[s.ID] = true
			if s.Line < 1 || s.Line > lines {
				t.Fatalf("section %q at line %d of a %d-line file", s.Title, s.Line, lines)
			}
		}
		for _, m := range ds {
			if m.Line < 0 || m.Line > lines {
				t.Fatalf("message at line %d of a %d-line file: %s", m.Line, lines, m)
			}
		}
		if !utf8.ValidString(string(d.Body)) {
			t.Fatal("the page is not UTF-8")
		}
		if strings.Contains(string(d.Body), "<script") {
			t.Fatal("raw HTML reached the page")
		}
	})
}

func reported(ds Diagnostics, line int) bool {
	for _, d := range ds {
		if d.Line == line {
			return true
		}
	}
	return false
}
