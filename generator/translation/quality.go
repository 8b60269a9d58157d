package translation

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"compendium/generator/site"
)

// frenchWords are function words that English prose never uses: three of
// them in one English sentence mean a sentence left in French.
var frenchWords = map[string]bool{
	"les": true, "des": true, "vous": true, "est": true, "dans": true, "une": true, "pour": true,
	"avec": true, "sur": true, "qui": true, "que": true, "pas": true, "sont": true, "être": true,
	"nous": true, "leur": true, "aux": true, "du": true, "cette": true, "mais": true, "il": true,
	"elle": true, "votre": true, "vos": true, "peut": true, "fait": true, "tout": true, "ne": true,
}

var (
	// quoted drops what a translation legitimately keeps in French: the
	// in-game calls players say aloud, quoted in « » and given in
	// parentheses.
	quoted    = regexp.MustCompile(`«[^»]*»|\([^)]*\)`)
	sentences = regexp.MustCompile(`[.!?;:]\s`)
)

func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// FrenchSentences returns the sentences of an English text that are
// French: three French function words or more, outside « » and
// parentheses.
func FrenchSentences(text string) []string {
	var found []string
	for _, s := range sentences.Split(quoted.ReplaceAllString(text, " "), -1) {
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

// Suspects returns the English sections that look unfinished, as
// warnings at their heading: a sentence left in French, or a length far
// from the French one's (under 0.6 or over 1.6 times its words; under
// ten French words, more than four words apart), which is most often a
// paragraph left out or pasted twice. They are warnings, never errors:
// a translation may be rightly shorter, and check -strict fails on them
// as on the other translations to check. They were a test of the real
// content (TestTranslationComplete), which failed make test on content
// check accepted.
func Suspects(s *site.Site) site.Diagnostics {
	var ds site.Diagnostics
	if len(s.Langs) < 2 {
		return nil
	}
	fr := s.Langs[0]
	leftover := leftovers[fr.Code]
	for _, en := range s.Langs[1:] {
		ds = append(ds, suspects(fr, en, leftover)...)
	}
	return ds
}

// leftovers finds, per language of an original, the sentences of a
// translation still written in it; an original in a language without one
// has its translations' lengths checked only.
var leftovers = map[string]func(text string) []string{"fr": FrenchSentences}

// suspects returns the sections of the translation en that look
// unfinished beside their original in fr (names of the compendium's
// first two languages, kept for the messages' words).
func suspects(fr, en *site.Lang, leftover func(string) []string) site.Diagnostics {
	var ds site.Diagnostics
	for _, fd := range fr.Docs {
		ed := en.Doc(fd.Slug)
		if ed == nil {
			continue
		}
		for _, fs := range fd.Sections {
			es := ed.Section(fs.ID)
			if es == nil {
				continue // check reports the missing section
			}
			nf, ne := len(words(fs.Title+" "+fs.Text)), len(words(es.Title+" "+es.Text))
			ratio := float64(ne) / float64(max(nf, 1))
			if nf < 10 && (ne-nf > 4 || nf-ne > 4) || nf >= 10 && (ratio < 0.6 || ratio > 1.6) {
				ds.Report(ed.File, es.Line, "translation-length", "id", fs.ID, "n", strconv.Itoa(ne), "nfr", strconv.Itoa(nf), "other", fd.File+":"+strconv.Itoa(fs.Line))
			}
			if leftover == nil {
				continue
			}
			for _, sent := range leftover(es.Title + ". " + es.Text) {
				ds.Report(ed.File, es.Line, "translation-french", "id", fs.ID, "sentence", clip(sent))
			}
		}
	}
	return ds
}

// clip shortens a sentence a message quotes to about a line: the quote
// says which sentence it is, the heading's line where it is.
func clip(s string) string {
	r := []rune(s)
	if len(r) > 100 {
		return string(r[:100]) + "…"
	}
	return s
}
