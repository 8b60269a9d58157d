// Section IDs: which IDs a section or anchor may have, which are reserved,
// and the one suggested from a heading.

package site

import (
	"regexp"
	"strings"
)

// reservedIDs are the section IDs a document cannot use: each section has a
// share page at /<lang>/<slug>/<id>/, beside the document's own folders.
var reservedIDs = map[string]bool{"side-by-side": true}

// ReservedSlugs are the document slugs the site's own pages take under
// /<lang>/: a document named so would be written over by, or write over,
// that page. A build's pages are held to this list
// (contentcheck.TestReservedSlugs).
var ReservedSlugs = map[string]bool{"book": true, "calculators": true, "cards": true, "changes": true, "character": true, "glossary": true, "notes": true, "values": true}

// validID reports whether id can name a section or an anchor: lowercase
// letters, digits and single dashes between them.
func validID(id string) bool {
	if id == "" || id[0] == '-' || id[len(id)-1] == '-' || strings.Contains(id, "--") {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// suggestID proposes an ID shape from a heading for an error message,
// without the heading's number; from a French heading, the writer still
// puts it into English.
func suggestID(title string) string {
	var b strings.Builder
	dash := false
	// The section's number goes ("6.1 Les zones fumeurs"): IDs outlive
	// the numbering.
	title = strings.TrimLeft(sectionNumber.ReplaceAllString(strings.TrimSpace(title), ""), "0123456789.)- ")
	for _, r := range strings.ToLower(unaccent.Replace(title)) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		return "section"
	}
	return s
}

// unaccent writes French letters without their accents, for suggestID.
var unaccent = strings.NewReplacer("à", "a", "â", "a", "ç", "c", "é", "e", "è", "e", "ê", "e", "ë", "e", "î", "i", "ï", "i", "ô", "o", "œ", "oe", "ù", "u", "û", "u", "ü", "u", "É", "e", "À", "a", "’", "-")

// sectionNumber finds a title's number ("2.5. La vie" → "2.5").
var sectionNumber = regexp.MustCompile(`^(\d+(?:\.\d+)*)\.?\s`)
