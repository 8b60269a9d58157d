package site

import (
	"bytes"
	"testing"

	"compendium/generator/markdown"
)

func TestFillXRefs(t *testing.T) {
	ph := func(n string) string { return xrefAttr + n + xrefEnd }
	for _, c := range []struct {
		name, body string
		labels     []string
		want       string
	}{
		{"none", `<p>texte &quot; data-to=&quot;</p>`, nil, `<p>texte &quot; data-to=&quot;</p>`},
		{"label escaped as goldmark escapes attributes", `<a href="#a" class="xref"` + ph("0") + `>a</a>`, []string{`Jeu "B" & <C>, § 2`},
			`<a href="#a" class="xref" data-to="Jeu &quot;B&quot; &amp; &lt;C&gt;, § 2">a</a>`},
		{"an empty label removes the attribute", `<a class="xref"` + ph("0") + `>a</a> <a class="xref"` + ph("1") + `>b</a>`, []string{"", "Duel"},
			`<a class="xref">a</a> <a class="xref" data-to="Duel">b</a>`},
		{"in order of the placeholders' numbers", `<a` + ph("1") + `>a</a><a` + ph("0") + `>b</a>`, []string{"zéro", "un"},
			`<a data-to="un">a</a><a data-to="zéro">b</a>`},
	} {
		if got := fillXRefs(c.body, c.labels); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// TestLinesAndSectionSource checks Line and SectionSource, which read the
// newline table, against the source read line by line.
func TestLinesAndSectionSource(t *testing.T) {
	src := "---\ntitle: T\nslug: doc\norder: 1\nsummary: S\n---\nIntro.\n\n## Un {#one}   \n\nTexte  \nsuite\n\n\n## Deux {#two}\n\n- a\n- b\n\n### Trois {#three}\nfin"
	var ds Diagnostics
	d := parseDoc("doc.md", "fr", []byte(src), markdown.New(markdown.WithLanguage("fr")), &ds)
	body := d.src
	for pos := -1; pos <= len(body)+1; pos++ {
		want := d.bodyLine
		if pos >= 0 && pos <= len(body) {
			want += bytes.Count(body[:pos], []byte("\n"))
		}
		if got := d.Line(pos); got != want {
			t.Fatalf("Line(%d) = %d, want %d", pos, got, want)
		}
	}
	for id, want := range map[string]string{
		"one":   "## Un {#one}\n\nTexte\nsuite",
		"two":   "## Deux {#two}\n\n- a\n- b",
		"three": "### Trois {#three}\nfin",
		"none":  "",
	} {
		if got := d.SectionSource(id); got != want {
			t.Errorf("SectionSource(%q) = %q, want %q", id, got, want)
		}
	}
}
