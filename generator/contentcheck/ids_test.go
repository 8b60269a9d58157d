package contentcheck_test

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"compendium/generator/pipeline"
	"compendium/generator/testcontent"
)

// idAttr finds the id attributes of a page as the templates write them
// (double quotes; html/template escapes any quote inside).
var idAttr = regexp.MustCompile(`\sid="([^"]*)"`)

// TestNoDuplicateIDs: no page of the real site has an ID twice (the
// bilingual view once held every calculator twice, with the same IDs; a
// link to an ID must lead to one place).
func TestNoDuplicateIDs(t *testing.T) {
	res := realSite(t)
	var names []string
	for name := range res.Files {
		if strings.HasSuffix(name, ".html") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	if len(names) < 100 {
		t.Fatalf("only %d pages", len(names))
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

// TestIDSListsAnchors: content/IDS.md lists every anchor of the documents,
// in its section, and no other: it is the organisers' list of links that
// must not break.
func TestIDSListsAnchors(t *testing.T) {
	s, _, err := pipeline.Load(realOptions)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(testcontent.Dir, "IDS.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(b), "## Anchors of rules inside sections")
	if !ok {
		t.Fatal("IDS.md has no “Anchors of rules inside sections” table")
	}
	listed := map[string]bool{}
	code := regexp.MustCompile("`([a-z0-9-]+)`")
	for _, line := range strings.Split(table, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 5 || !strings.Contains(cells[1], "`") {
			continue
		}
		doc := code.FindStringSubmatch(cells[1])[1]
		sec := ""
		if m := code.FindStringSubmatch(cells[2]); m != nil {
			sec = m[1]
		}
		for _, m := range code.FindAllStringSubmatch(cells[3], -1) {
			listed[doc+"#"+sec+"#"+m[1]] = true
		}
	}
	have := map[string]bool{}
	for _, d := range s.Langs[0].Docs {
		for _, a := range d.Anchors {
			k := d.Slug + "#" + a.Section + "#" + a.ID
			have[k] = true
			if !listed[k] {
				t.Errorf("IDS.md does not list anchor %s (section %q of %s)", a.ID, a.Section, d.Slug)
			}
		}
	}
	for k := range listed {
		if !have[k] {
			t.Errorf("IDS.md lists %s, which no document has", k)
		}
	}
	if len(have) < 30 {
		t.Errorf("only %d anchors", len(have))
	}
}
