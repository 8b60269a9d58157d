package pipeline

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
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
	l := s.Lang(s.Original())
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

// checkFixedIDs finds, in each language, a fixed section ID of
// content/IDS.md's first table ("fixed section IDs") that a document lost
// because a heading at its place repeats an earlier ID (a section copied
// and its ID left as it was, in both languages): one problem at that
// heading, which replaces its "duplicate section ID" and is the cause of
// what the glossary, the thesaurus and the links say of the lost ID. The
// place is the heading, between the fixed IDs listed before and after the
// lost one, whose ID repeats an earlier one; without exactly one such
// heading, the other checks say what happened.
func checkFixedIDs(contentDir string, s *site.Site) site.Diagnostics {
	file := filepath.Join(contentDir, idsFile)
	b, err := os.ReadFile(file)
	if err != nil || s == nil || len(s.Langs) == 0 {
		return nil
	}
	idsCode := regexp.MustCompile("`([a-z0-9-]+)`")
	type row struct {
		line  int
		fixed []string
	}
	rows := map[string]row{} // slug → its fixed IDs, in the document's order
	for i, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "## ") && len(rows) > 0 {
			break // the anchors' table
		}
		cells := strings.Split(l, "|")
		if len(cells) < 6 {
			continue
		}
		slug := idsCode.FindStringSubmatch(cells[2])
		if slug == nil {
			continue
		}
		r := row{line: i + 1}
		for _, m := range idsCode.FindAllStringSubmatch(cells[4], -1) {
			r.fixed = append(r.fixed, m[1])
		}
		rows[slug[1]] = r
	}
	var ds site.Diagnostics
	orig := s.Langs[0].Code
	for _, l := range s.Langs {
		for _, d := range l.Docs {
			r, ok := rows[d.Slug]
			if !ok {
				continue
			}
			line := map[string]int{} // ID → its first heading's line
			for _, sec := range d.Sections {
				if _, dup := line[sec.ID]; !dup && sec.ID != "" {
					line[sec.ID] = sec.Line
				}
			}
			for k, f := range r.fixed {
				if _, ok := line[f]; ok {
					continue
				}
				after, before := 0, int(^uint(0)>>1)
				for _, p := range r.fixed[:k] {
					if n, ok := line[p]; ok {
						after = n
					}
				}
				for _, n := range r.fixed[k+1:] {
					if n, ok := line[n]; ok {
						before = n
						break
					}
				}
				var at *site.Section
				count := 0
				for _, sec := range d.Sections {
					if sec.Line > after && sec.Line < before && sec.ID != "" && line[sec.ID] != sec.Line {
						at, count = sec, count+1
					}
				}
				if count != 1 {
					continue
				}
				r := ds.Report(d.File, at.Line, "section-id-fixed-lost", "id", at.ID, "first", strconv.Itoa(line[at.ID]), "fixed", f, "list", file, "row", strconv.Itoa(r.line))
				r.Text, r.Replaces = at.ID, []string{"section-id-duplicate"}
				r.Causes = []string{l.Code + ":" + d.Slug + "#" + f}
				if l.Code != orig {
					// The translation's echo of the original's mistake.
					r.About = []string{orig + ":" + d.Slug + "#" + f}
				}
			}
		}
	}
	return ds
}
