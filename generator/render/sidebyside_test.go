package render

import (
	"html/template"
	"strings"
	"testing"

	"compendium/generator/site"
)

// TestSplitSectionsFootnotes: in the column that does not keep its IDs,
// footnotes and their links are prefixed with the column's language, so
// that the two columns' notes, both numbered from 1, do not share IDs.
func TestSplitSectionsFootnotes(t *testing.T) {
	body := `<h2 id="a">A</h2>
<p>Texte<sup id="fnref:1"><a href="#fn:1" class="footnote-ref" role="doc-noteref">1</a></sup>.</p>
<div class="footnotes" role="doc-endnotes">
<ol>
<li id="fn:1">
<p>Note.&#160;<a href="#fnref:1" class="footnote-backref" role="doc-backlink">&#x21a9;&#xfe0e;</a></p>
</li>
</ol>
</div>
`
	d := &site.Doc{Lang: "en", Body: template.HTML(body)}
	var got strings.Builder
	for _, s := range splitSections(d, false) {
		got.WriteString(string(s.html))
	}
	for _, want := range []string{`<sup id="en-fnref:1"><a href="#en-fn:1"`, `<li id="en-fn:1">`, `<a href="#en-fnref:1" class="footnote-backref"`} {
		if !strings.Contains(got.String(), want) {
			t.Errorf("lacks %s:\n%s", want, got.String())
		}
	}
	kept := ""
	for _, s := range splitSections(d, true) {
		kept += string(s.html)
	}
	if !strings.Contains(kept, `<li id="fn:1">`) || strings.Contains(kept, "en-fn") {
		t.Errorf("the column keeping its IDs changed its notes:\n%s", kept)
	}
}

// TestRows: a section and its translation pair block by block when they
// have as many top-level blocks, whole otherwise, and a block is never cut
// inside (nested lists, void elements, an aside holding paragraphs).
func TestRows(t *testing.T) {
	for _, c := range []struct {
		name, left, right string
		want              int // rows; 1 is the whole section
	}{
		{"paragraphs", "<h2>T</h2>\n<p>a</p>\n<p>b<br>c</p>\n", "<h2>T</h2>\n<p>A</p>\n<p>B<br>C</p>\n", 3},
		{"nested", "<h2>T</h2>\n<ul>\n<li><p>a</p><ul><li>b</li></ul></li>\n</ul>\n<aside class=\"box\"><p>x</p>\n<p>y</p></aside>\n<hr>\n", "<h2>T</h2>\n<ul><li>A</li></ul>\n<aside><p>X</p></aside>\n<hr />\n", 4},
		{"a paragraph split in translation", "<h2>T</h2>\n<p>a b</p>\n", "<h2>T</h2>\n<p>A</p>\n<p>B</p>\n", 1},
		{"text outside any element", "<h2>T</h2>\ntext\n<p>a</p>", "<h2>T</h2>\ntext\n<p>A</p>", 1},
		{"one block", "<p>a</p>", "<p>A</p>", 1},
		{"no translation", "<h2>T</h2>\n<p>a</p>\n", "", 1},
	} {
		got := rows(template.HTML(c.left), template.HTML(c.right))
		if len(got) != c.want {
			t.Errorf("%s: %d rows, want %d: %q", c.name, len(got), c.want, got)
			continue
		}
		var l, r strings.Builder
		for _, row := range got {
			l.WriteString(string(row.Left))
			r.WriteString(string(row.Right))
		}
		// Nothing lost but the white space between blocks.
		squash := func(s string) string { return strings.Join(strings.Fields(s), "") }
		if squash(l.String()) != squash(c.left) || squash(r.String()) != squash(c.right) {
			t.Errorf("%s: the rows do not hold the section: %q", c.name, got)
		}
	}
}
