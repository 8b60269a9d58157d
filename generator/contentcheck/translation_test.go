package contentcheck_test

import (
	"testing"

	"compendium/generator/translation"
)

// TestTranslationComplete holds the English content to the French: every
// document and section translated (check refuses content without). How
// long each translation is against its original is logged, and the
// sections that look unfinished (a length far from the French, a sentence
// left in French: translation.Suspects, which check prints as warnings)
// are logged too: they are an organiser's call, not a failure.
func TestTranslationComplete(t *testing.T) {
	res := realSite(t)
	fr, en := res.Site.Lang("fr"), res.Site.Lang("en")
	if en == nil {
		t.Fatal("no English content")
	}
	for _, fd := range fr.Docs {
		ed := en.Doc(fd.Slug)
		if ed == nil {
			t.Errorf("%s: no English translation", fd.Slug)
			continue
		}
		frWords, enWords := 0, 0
		for _, fs := range fd.Sections {
			es := ed.Section(fs.ID)
			if es == nil {
				t.Errorf("%s#%s: no English section", fd.Slug, fs.ID)
				continue
			}
			frWords += len(words(fs.Title + " " + fs.Text))
			enWords += len(words(es.Title + " " + es.Text))
		}
		t.Logf("%-20s fr %5d words, en %5d words (%.2f)", fd.Slug, frWords, enWords, float64(enWords)/float64(max(frWords, 1)))
	}
	suspects := translation.Suspects(res.Site)
	for _, d := range suspects {
		t.Logf("warning: %s", d)
	}
	t.Logf("%d section(s) that look unfinished (check's warnings)", len(suspects))
}
