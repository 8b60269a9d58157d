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
