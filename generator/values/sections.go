package values

import (
	"sort"
	"strconv"

	"compendium/generator/site"
)

// checkSections compares, section by section, where the original and each
// translation declare a value that both declare somewhere: a section of
// the original that marks the number more often than the same section of
// the translation leaves a number of the translation unbound (its words
// would keep the old number when the rule changes, and nothing would say
// so), an error at the translation's section; a translation that marks a
// number in a section where the original marks none is a warning at that
// declaration (the original's words there are the unbound ones). A value
// the translation does not declare at all is value-not-translated's.
func checkSections(s *site.Site, set *Set) site.Diagnostics {
	var ds site.Diagnostics
	if len(s.Langs) < 2 {
		return ds
	}
	orig := s.Langs[0]
	keys := make([]string, 0, len(set.Decls))
	for k := range set.Decls {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	type where struct{ slug, section string }
	for _, key := range keys {
		byLang := set.Decls[key]
		o := byLang[orig.Code]
		if len(o) == 0 {
			continue
		}
		count := func(decls []Decl) (map[where][]Decl, []where) {
			m := map[where][]Decl{}
			var order []where
			for _, d := range decls {
				w := where{d.Doc.Slug, d.Value.Section}
				if m[w] == nil {
					order = append(order, w)
				}
				m[w] = append(m[w], d)
			}
			return m, order
		}
		om, oorder := count(o)
		for _, tr := range s.Langs[1:] {
			t := byLang[tr.Code]
			if len(t) == 0 {
				continue
			}
			tm, torder := count(t)
			for _, w := range oorder {
				n, m := len(om[w]), len(tm[w])
				if m >= n {
					continue
				}
				td := tr.Doc(w.slug)
				if td == nil {
					continue // the missing document is reported by site.CheckTranslations
				}
				sec := td.Section(w.section)
				if sec == nil {
					continue // so is the missing section
				}
				first := om[w][m]
				ds.Report(td.File, sec.Line, "value-section-missing", "key", key, "section", w.section,
					"place", first.Place(), "n", strconv.Itoa(n), "m", strconv.Itoa(m),
					"decl", "{="+key+" "+first.Value.Literal+"}", "elsewhere", t[0].Place())
			}
			for _, w := range torder {
				n, m := len(om[w]), len(tm[w])
				if m <= n {
					continue
				}
				x := tm[w][n]
				r := ds.Report(x.Doc.File, x.Value.Line, "value-section-extra", "key", key, "section", w.section,
					"place", o[0].Place(), "n", strconv.Itoa(n), "m", strconv.Itoa(m))
				r.Severity = site.Warning
			}
		}
	}
	return ds
}
