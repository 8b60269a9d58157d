// Package translation keeps track of which version of its original each
// translated section translates, so that an organiser knows which English
// sections to update when the French changes.
//
// The record is content/translations.json, which the tooling maintains
// (generator translations -mark): per translation language, per section
// ("fantasy#armor"), a hash of the original section's Markdown when the
// translation was last checked against it, and that date. A section whose
// original no longer hashes the same has drifted: check warns about it (an
// error with check -strict) and its page says so.
package translation

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"sort"
	"strconv"
	"strings"

	"compendium/generator/atomicfile"
	"compendium/generator/markdown"
	"compendium/generator/site"
)

// FileName is the record's name in the content folder.
const FileName = "translations.json"

// Record is what a translated section was checked against.
type Record struct {
	// Original is the hash of the original section's Markdown (Hash).
	Original string `json:"original"`
	// Checked is the day the translation was marked current (YYYY-MM-DD).
	Checked string `json:"checked"`
}

// Records maps a translation language to its sections ("slug#id") and
// what each was checked against.
type Records map[string]map[string]Record

// Load reads the record file at path; a missing file gives no records.
// A file that cannot be read or is not the records' JSON gives its
// problem as site.Diagnostics, at the file's line.
func Load(path string) (Records, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Records{}, nil
	}
	if err != nil {
		return nil, site.Diagnostics{site.New(path, 0, "read-failed", "err", err.Error())}
	}
	recs := Records{}
	if err := json.Unmarshal(b, &recs); err != nil {
		return nil, site.Diagnostics{site.JSONProblem(path, b, err)}
	}
	if d := site.DuplicateKey(path, b); d != nil {
		return nil, site.Diagnostics{*d}
	}
	return recs, nil
}

// Save writes recs to path, sorted, one section per line.
func Save(path string, recs Records) error {
	var b strings.Builder
	b.WriteString("{\n")
	langs := sortedKeys(recs)
	for i, lang := range langs {
		b.WriteString("  " + strconv.Quote(lang) + ": {\n")
		keys := sortedKeys(recs[lang])
		for j, k := range keys {
			r := recs[lang][k]
			b.WriteString("    " + strconv.Quote(k) + `: {"original": ` + strconv.Quote(r.Original) + `, "checked": ` + strconv.Quote(r.Checked) + "}")
			if j < len(keys)-1 {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString("  }")
		if i < len(langs)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	return atomicfile.Write(path, []byte(b.String()))
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Hash is the version of an original section: its Markdown
// (site.Doc.SectionSource) hashed, 12 hex digits.
//
// The rule values' markup is left out (markdown.StripValues): declaring a
// value in a sentence is not a change of the sentence.
func Hash(source string) string {
	sum := sha256.Sum256([]byte(markdown.StripValues(source)))
	return hex.EncodeToString(sum[:6])
}

// Drift is a translated section whose original changed since it was
// checked, or was never recorded.
type Drift struct {
	// Lang is the translation's language, Orig the original's.
	Lang, Orig, Slug, ID string
	// File and Line locate the translated section; OrigFile and OrigLine
	// its original.
	File     string
	Line     int
	OrigFile string
	OrigLine int
	// Checked is the day the translation was last marked current, "" when
	// it never was.
	Checked string
}

// Key is the section's key in the records ("fantasy#armor").
func (d Drift) Key() string { return d.Slug + "#" + d.ID }

// Diagnostic is the drift as check reports it, at the translated
// section's heading: the catalogue's "translation-unchecked" when it was
// never checked, "translation-behind" when its original changed since.
func (d Drift) Diagnostic() site.Diagnostic {
	names := languageNames[d.Orig]
	if names == [2]string{} {
		names = [2]string{d.Orig, d.Orig}
	}
	w := site.New(d.File, d.Line, "translation-unchecked", "id", d.ID, "other", d.OrigFile+":"+strconv.Itoa(d.OrigLine), "key", d.Key(), "origname", names[0], "origname@fr", names[1])
	if d.Checked != "" {
		w.Kind = "translation-behind"
		w.Args = append(w.Args, "checked", d.Checked)
	}
	return w
}

// languageNames name an original's language in check's messages, in
// English and in French ("la version française").
var languageNames = map[string][2]string{"fr": {"French", "française"}, "en": {"English", "anglaise"}}

// Find returns the translated sections of s whose original section is not
// the one their record names, in the order of the files.
func Find(s *site.Site, recs Records) []Drift {
	if len(s.Langs) < 2 {
		return nil
	}
	orig := s.Langs[0]
	var out []Drift
	for _, tr := range s.Langs[1:] {
		for _, td := range tr.Docs {
			od := orig.Doc(td.Slug)
			if od == nil {
				continue
			}
			for _, ts := range td.Sections {
				os := od.Section(ts.ID)
				if ts.ID == "" || os == nil {
					continue // check reports sections without an original
				}
				r, ok := recs[tr.Code][td.Slug+"#"+ts.ID]
				if ok && r.Original == Hash(od.SectionSource(ts.ID)) {
					continue
				}
				out = append(out, Drift{Lang: tr.Code, Orig: orig.Code, Slug: td.Slug, ID: ts.ID, File: td.File, Line: ts.Line, OrigFile: od.File, OrigLine: os.Line, Checked: r.Checked})
			}
		}
	}
	return out
}

// Mark records the translated sections named by keys ("slug#id", or
// "slug" for all of a document's sections; all of them when all is set)
// as checked against their original as it is now, on day, and drops the
// records of sections that no longer exist. A section whose record is
// current keeps it, with its day: marking a document re-dates only the
// sections whose original changed or that had no record, so that the
// record's diff shows what was checked. It returns the keys it did not
// find.
func Mark(s *site.Site, recs Records, keys []string, all bool, day string) (unknown []string) {
	if len(s.Langs) < 2 {
		return keys
	}
	orig := s.Langs[0]
	want := map[string]bool{}
	for _, k := range keys {
		want[k] = true
	}
	found := map[string]bool{}
	for _, tr := range s.Langs[1:] {
		live := map[string]bool{}
		for _, td := range tr.Docs {
			od := orig.Doc(td.Slug)
			if od == nil {
				continue
			}
			for _, ts := range td.Sections {
				if ts.ID == "" || od.Section(ts.ID) == nil {
					continue
				}
				key := td.Slug + "#" + ts.ID
				live[key] = true
				if !all && !want[key] && !want[td.Slug] {
					continue
				}
				found[key], found[td.Slug] = true, true
				if recs[tr.Code] == nil {
					recs[tr.Code] = map[string]Record{}
				}
				h := Hash(od.SectionSource(ts.ID))
				if r, ok := recs[tr.Code][key]; ok && r.Original == h {
					continue // current already: its day says when it was last checked
				}
				recs[tr.Code][key] = Record{Original: h, Checked: day}
			}
		}
		for key := range recs[tr.Code] {
			if !live[key] {
				delete(recs[tr.Code], key)
			}
		}
	}
	for _, k := range keys {
		if !found[k] {
			unknown = append(unknown, k)
		}
	}
	return unknown
}

// MarkFile marks the sections named by keys (as Mark) in the record file
// at path and writes it, unless a key is unknown: then nothing is written
// and the unknown keys are returned. It is what "translations -mark" and
// the editor's "mark the translation checked" both do.
func MarkFile(s *site.Site, path string, keys []string, all bool, day string) (unknown []string, recs Records, err error) {
	recs, err = Load(path)
	if err != nil {
		return nil, nil, err
	}
	if unknown = Mark(s, recs, keys, all, day); len(unknown) > 0 {
		return unknown, recs, nil
	}
	if err := Save(path, recs); err != nil {
		return nil, recs, site.Diagnostics{site.New(path, 0, "write-failed", "err", err.Error())}
	}
	return nil, recs, nil
}

// Of returns the drift of the translated section slug#id in lang, and
// whether it has one: a section that Find does not list is current.
func Of(s *site.Site, recs Records, lang, slug, id string) (Drift, bool) {
	for _, d := range Find(s, recs) {
		if d.Lang == lang && d.Slug == slug && d.ID == id {
			return d, true
		}
	}
	return Drift{}, false
}
