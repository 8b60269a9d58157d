package contentcheck_test

import (
	"regexp"
	"strings"
	"testing"
)

// frenchWords are function words that English prose never uses: three of
// them in one English sentence mean a sentence left in French.
var frenchWords = map[string]bool{
	"les": true, "des": true, "vous": true, "est": true, "dans": true, "une": true, "pour": true,
	"avec": true, "sur": true, "qui": true, "que": true, "pas": true, "sont": true, "être": true,
	"nous": true, "leur": true, "aux": true, "du": true, "cette": true, "mais": true, "il": true,
	"elle": true, "votre": true, "vos": true, "peut": true, "fait": true, "tout": true, "ne": true,
}

// quoted drops what a translation legitimately keeps in French: the in-game
// calls players say aloud, quoted in « » and given in parentheses.
var quoted = regexp.MustCompile(`«[^»]*»|\([^)]*\)`)

func frenchSentences(text string) []string {
	var found []string
	for _, s := range regexp.MustCompile(`[.!?;:]\s`).Split(quoted.ReplaceAllString(text, " "), -1) {
		n := 0
		for _, w := range words(s) {
			if frenchWords[w] {
				n++
			}
		}
		if n >= 3 {
			found = append(found, strings.TrimSpace(s))
		}
	}
	return found
}

func TestFrenchSentenceDetector(t *testing.T) {
	for _, tt := range []struct {
		text string
		n    int
	}{
		{"Les boucliers sont incassables et sont répertoriés comme ceci.", 1},
		{"Shields are unbreakable and are listed as follows.", 0},
		{"Say “Knocked out” («Assommé, vous êtes dans les choux») and fall.", 0},
		{"The dying character can do nothing. Vous êtes mort dans les 5 minutes.", 1},
	} {
		if got := frenchSentences(tt.text); len(got) != tt.n {
			t.Errorf("frenchSentences(%q) = %q, want %d", tt.text, got, tt.n)
		}
	}
}

// TestTranslationComplete holds the English content to the French: every
// section translated, of a comparable length, and no French left in it.
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
			nf, ne := len(words(fs.Title+" "+fs.Text)), len(words(es.Title+" "+es.Text))
			frWords += nf
			enWords += ne
			ratio := float64(ne) / float64(nf)
			// Under ten words a ratio is noise (a heading alone): there the
			// test asks for a difference of at most four words.
			if nf < 10 {
				if d := ne - nf; d > 4 || d < -4 {
					t.Errorf("%s#%s: %d English words for %d French", fd.Slug, fs.ID, ne, nf)
				}
			} else if ratio < 0.6 || ratio > 1.6 {
				t.Errorf("%s#%s: English is %.2f× the French (%d/%d words), want 0.6–1.6", fd.Slug, fs.ID, ratio, ne, nf)
			}
			for _, s := range frenchSentences(es.Title + ". " + es.Text) {
				t.Errorf("%s#%s: French left in the English text: %q", ed.File, es.ID, s)
			}
		}
		t.Logf("%-20s fr %5d words, en %5d words (%.2f)", fd.Slug, frWords, enWords, float64(enWords)/float64(frWords))
	}
}
