package pipeline

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"compendium/generator/site"
)

// idsFile is the organisers' list of the IDs that links rely on.
const idsFile = "IDS.md"

// checkIDSList holds content/IDS.md's table of anchors ("Anchors of rules
// inside sections") to the documents' anchors, both ways: an anchor the
// list does not name is reported at the anchor, with the row to add it
// to; an anchor the list names and no document has (a link to it now
// breaks) at the list's line. Without the file, or its table, there is
// nothing to hold. It was a test (TestIDSListsAnchors) that check did
// not run, so that an anchor check accepted failed make test.
func checkIDSList(contentDir string, s *site.Site) site.Diagnostics {
	file := filepath.Join(contentDir, idsFile)
	b, err := os.ReadFile(file)
	if err != nil || s == nil {
		return nil
	}
	lines := strings.Split(string(b), "\n")
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "## Anchors of rules inside sections") {
			start = i
		}
	}
	l := s.Lang("fr")
	if start < 0 || l == nil {
		return nil
	}
	idsCode := regexp.MustCompile("`([a-z0-9-]+)`")
	listed := map[string]int{} // doc#section#anchor → line
	for i := start + 1; i < len(lines) && !strings.HasPrefix(lines[i], "## "); i++ {
		cells := strings.Split(lines[i], "|")
		if len(cells) < 5 {
			continue
		}
		doc := idsCode.FindStringSubmatch(cells[1])
		if doc == nil {
			continue
		}
		sec := ""
		if m := idsCode.FindStringSubmatch(cells[2]); m != nil {
			sec = m[1]
		}
		for _, m := range idsCode.FindAllStringSubmatch(cells[3], -1) {
			listed[doc[1]+"#"+sec+"#"+m[1]] = i + 1
		}
	}
	var ds site.Diagnostics
	have := map[string]bool{}
	for _, d := range l.Docs {
		for _, a := range d.Anchors {
			k := d.Slug + "#" + a.Section + "#" + a.ID
			have[k] = true
			if _, ok := listed[k]; !ok {
				sec := []string{"section", "`" + a.Section + "`"}
				if a.Section == "" {
					sec = []string{"section", "(preamble)", "section@fr", "(préambule)"}
				}
				ds.Report(d.File, a.Line, "anchor-not-listed", append([]string{"id", a.ID, "file", file, "slug", d.Slug}, sec...)...)
			}
		}
	}
	keys := make([]string, 0, len(listed))
	for k := range listed {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		parts := strings.SplitN(k, "#", 3)
		// A document that could not be read has its own message.
		if line := listed[k]; !have[k] && !s.Broken(l.Code, parts[0]) {
			ds.Report(file, line, "anchor-listed-gone", "id", parts[2], "slug", parts[0])
		}
	}
	return ds
}
