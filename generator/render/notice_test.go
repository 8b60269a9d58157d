package render

import (
	"html/template"
	"strings"
	"testing"

	"compendium/generator/site"
)

// TestNoticeUnderHeading: a drift notice goes under its section's heading,
// whatever the heading's other attributes; with no heading of that ID it
// goes at the top of the body, never dropped; a document that does not
// exist is an error.
func TestNoticeUnderHeading(t *testing.T) {
	theme, errs := Load("../../theme")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, c := range []struct {
		name, body, id string
		before, after  string // the notice comes after before and before after
	}{
		{"heading", `<p>Intro.</p><h2 id="combat">Combat</h2><p>Text.</p>`, "combat", "Combat</h2>", "<p>Text."},
		{"heading with a class first", `<p>Intro.</p><h3 class="x" id="combat">Combat</h3><p>Text.</p>`, "combat", "Combat</h3>", "<p>Text."},
		{"heading with an attribute after", `<h2 id="combat" data-n="1">Combat</h2><p>Text.</p>`, "combat", "Combat</h2>", "<p>Text."},
		{"a longer ID is another heading", `<h2 id="combat-2">Two</h2><p>Text.</p>`, "combat", "", "<h2"},
		{"no heading: a rule in a list", `<p>Intro.</p><ul><li id="blinded">Aveuglé</li></ul>`, "blinded", "", "<p>Intro."},
	} {
		d := &site.Doc{Lang: "en", Slug: "alpha", Body: template.HTML(c.body)}
		s := &site.Site{Langs: []*site.Lang{{Code: "en", Docs: []*site.Doc{d}}}}
		if err := theme.AddDriftNotice(s, "en", "fr", "alpha", c.id, ""); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		body := string(d.Body)
		at := strings.Index(body, `class="drift"`)
		if at < 0 {
			t.Errorf("%s: no notice in %s", c.name, body)
			continue
		}
		if i := strings.Index(body, c.after); i < at {
			t.Errorf("%s: the notice is not before %q: %s", c.name, c.after, body)
		}
		if c.before != "" && strings.Index(body, c.before) > at {
			t.Errorf("%s: the notice is not after %q: %s", c.name, c.before, body)
		}
	}
	s := &site.Site{Langs: []*site.Lang{{Code: "en"}}}
	if err := theme.AddChangedBadge(s, "en", "missing", "combat", "2027"); err == nil {
		t.Error("a badge for a document that does not exist: no error")
	}
}
