package pipeline

import (
	"path/filepath"
	"strings"
	"testing"
)

// idsSite is a document with an anchored preamble and an anchored rule in
// a section, in both languages, and content/IDS.md listing IDS (its rows).
func idsSite(t *testing.T, rows string) Options {
	t.Helper()
	doc := func(lang, title string) string {
		return "-- content/" + lang + "/alpha.md --\n---\ntitle: " + title + "\nshort: Jeu — " + title + "\norder: 1\nslug: alpha\nsummary: Un.\n---\n{#cycle} Le cycle.\n\n## Un {#one}\n\n- {#state-fit} En forme.\n"
	}
	return writeFixture(t, doc("fr", "Alpha")+doc("en", "Alpha")+"-- content/IDS.md --\n# IDs\n\n## Anchors of rules inside sections\n\n| document | section | anchors |\n|---|---|---|\n"+rows)
}

// TestIDSListChecked: check holds content/IDS.md's anchors table to the
// documents' anchors: a new anchor the list lacks is reported at the
// anchor with the row to add it to, a listed anchor no document has at the
// list's line; a complete list passes. (It was a test that check did not
// run: an anchor check accepted failed make test.)
func TestIDSListChecked(t *testing.T) {
	if _, _, err := Load(idsSite(t, "| `alpha` | (preamble) | `cycle` |\n| `alpha` | `one` | `state-fit` |\n")); err != nil {
		t.Fatalf("a complete list fails check: %v", err)
	}
	opt := idsSite(t, "| `alpha` | (preamble) | `cycle` |\n| `alpha` | `one` | `state-gone` |\n")
	_, _, err := Load(opt)
	if err == nil {
		t.Fatal("check passed with an anchor the list lacks and one it lists that is gone")
	}
	fr, ids := filepath.Join(opt.ContentDir, "fr", "alpha.md"), filepath.Join(opt.ContentDir, "IDS.md")
	for _, want := range []string{
		fr + ":12: anchor “state-fit” is not listed in " + ids + ": add `state-fit` to the row “`alpha` | `one`”",
		ids + ":8: lists anchor “state-gone” of alpha, which no French document has in that section: links to it break; put {#state-gone} back",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in:\n%v", want, err)
		}
	}
}
