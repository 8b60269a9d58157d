package pipeline

import (
	"errors"
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
	var perr *Error
	if !errors.As(err, &perr) {
		t.Fatalf("error = %v, want a *pipeline.Error", err)
	}
	for _, want := range []struct{ en, fr string }{
		{fr + ":12: anchor “state-fit” is not listed in " + ids + ": add `state-fit` to the row “`alpha` | `one`” (or add that row), so that the links to it stay known",
			fr + ":12: l'ancre « state-fit » n'est pas listée dans " + ids + " : ajoutez `state-fit` à la ligne « `alpha` | `one` » (ou ajoutez cette ligne), pour que les liens vers elle restent connus"},
		{ids + ":8: this row lists anchor “state-gone” of alpha, which no French document has in that section: links to it break; put {#state-gone} back, or remove it from this row if it is gone on purpose",
			ids + ":8: cette ligne liste l'ancre « state-gone » de alpha, qu'aucun document français n'a dans cette section : les liens vers elle cassent ; remettez {#state-gone}, ou retirez-la de cette ligne si elle a disparu exprès"},
	} {
		if !strings.Contains(perr.Format("en"), want.en) {
			t.Errorf("missing %q in:\n%v", want.en, perr.Format("en"))
		}
		if !strings.Contains(perr.Format("fr"), want.fr) {
			t.Errorf("missing %q in:\n%v", want.fr, perr.Format("fr"))
		}
	}
	// An anchor of the preamble names its row in the reader's language.
	_, _, err = Load(idsSite(t, "| `alpha` | `one` | `state-fit` |\n"))
	if !errors.As(err, &perr) || !strings.Contains(perr.Format("en"), "to the row “`alpha` | (preamble)”") || !strings.Contains(perr.Format("fr"), "à la ligne « `alpha` | (préambule) »") {
		t.Errorf("the preamble's row:\n%v", err)
	}
}
