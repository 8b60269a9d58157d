package contentcheck_test

import (
	"strings"
	"testing"

	"compendium/generator/site"
)

// TestReservedSlugs holds site.ReservedSlugs, the slugs check refuses, to
// the real site's own pages: every folder a build writes under /<lang>/
// that is not a document's is in the list, so a document cannot be named
// like a page the build adds later.
func TestReservedSlugs(t *testing.T) {
	res := realSite(t)
	docs := map[string]bool{}
	for _, l := range res.Site.Langs {
		for _, d := range l.Docs {
			docs[d.Slug] = true
		}
	}
	pages := map[string]bool{}
	for name := range res.Files {
		parts := strings.Split(name, "/")
		if len(parts) == 3 && parts[2] == "index.html" && res.Site.Lang(parts[0]) != nil && !docs[parts[1]] {
			pages[parts[1]] = true
		}
	}
	if len(pages) < 5 {
		t.Fatalf("found %d site pages under a language (%v): the walk is wrong", len(pages), pages)
	}
	for p := range pages {
		if !site.ReservedSlugs[p] {
			t.Errorf("the site writes /<lang>/%s/, but a document may still be named %q: add it to site.ReservedSlugs", p, p)
		}
	}
}
