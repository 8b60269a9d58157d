package contentcheck_test

import (
	"regexp"
	"testing"
)

// idAttr finds the id attributes of a page as the templates write them
// (double quotes; html/template escapes any quote inside).
var idAttr = regexp.MustCompile(`\sid="([^"]*)"`)

// TestNoDuplicateIDs: no page of the real site has an ID twice (the
// bilingual view once held every calculator twice, with the same IDs; a
// link to an ID must lead to one place).
func TestNoDuplicateIDs(t *testing.T) {
	res := realSite(t)
	names := htmlPages(res)
	docs := 0
	for _, l := range res.Site.Langs {
		docs += len(l.Docs)
	}
	if len(names) < docs {
		t.Fatalf("only %d pages for %d documents", len(names), docs)
	}
	for _, name := range names {
		seen := map[string]bool{}
		var dups []string
		for _, m := range idAttr.FindAllStringSubmatch(string(res.Files[name]), -1) {
			if seen[m[1]] {
				dups = append(dups, m[1])
			}
			seen[m[1]] = true
		}
		if len(dups) > 0 {
			t.Errorf("%s: %d IDs twice or more, first %q", name, len(dups), dups[0])
		}
	}
}
