package site

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// Check verifies what needs the whole site: that every cross-reference
// resolves in its own language, and that documents' orders are distinct. It
// returns every problem found.
func Check(s *Site) Diagnostics {
	var ds Diagnostics
	for _, l := range s.Langs {
		orders := map[int]*Doc{}
		for _, d := range l.Docs {
			if other, dup := orders[d.Order]; dup && d.Order > 0 {
				ds.Report(d.File, d.meta["order"], "order-duplicate", "order", itoa(d.Order), "other", other.File)
			}
			orders[d.Order] = d
			for _, x := range d.XRefs {
				line := d.Line(x.Pos)
				if x.Bad {
					ds.Report(d.File, line, "link-bad", "dest", x.Dest).Text = x.Dest
					continue
				}
				target := d
				if x.Doc != "" {
					target = l.Doc(x.Doc)
					if target == nil {
						r := ds.Report(d.File, line, "link-no-doc", "dest", x.Dest, "slug", x.Doc, "lang", l.Code, "slugs", slugs(l))
						r.Text, r.About = x.Dest, []string{l.Code + ":" + x.Doc + "#*"}
						continue
					}
				}
				if x.ID != "" && !target.HasID(x.ID) {
					r := ds.Report(d.File, line, "link-no-id", "dest", x.Dest, "id", x.ID, "file", target.File)
					if near := nearestIDs(target, x.ID); len(near) > 0 {
						r.Kind = "link-no-id-near"
						r.Args = append(r.Args, "ids", strings.Join(near, ", "))
					}
					r.Text, r.About = x.Dest, []string{l.Code + ":" + target.Slug + "#" + x.ID}
				}
			}
		}
	}
	return ds
}

// nearestIDs returns the IDs of d a mistyped or guessed id most likely
// means, best first, at most three: those whose section title holds the
// word (an organiser guesses IDs in French: "soins" is "healing"), then
// the closest in spelling.
func nearestIDs(d *Doc, id string) []string {
	type cand struct {
		id   string
		cost int
	}
	var cs []cand
	seen := map[string]bool{}
	add := func(x string, cost int) {
		if x == "" || seen[x] {
			return
		}
		seen[x] = true
		cs = append(cs, cand{x, cost})
	}
	words := strings.Split(id, "-")
	for _, s := range d.Sections {
		title := strings.ToLower(unaccent.Replace(s.Title))
		for _, w := range words {
			if len(w) >= 3 && strings.Contains(title, w) {
				add(s.ID, 0)
			}
		}
	}
	limit := max(2, len(id)/3)
	for _, s := range d.Sections {
		if c := distance(id, s.ID); c <= limit {
			add(s.ID, c)
		}
	}
	for _, a := range d.Anchors {
		if c := distance(id, a.ID); c <= limit {
			add(a.ID, c)
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].cost < cs[j].cost })
	var out []string
	for _, c := range cs {
		if len(out) == 3 {
			break
		}
		out = append(out, c.id)
	}
	return out
}

// Nearest returns the word of words closest in spelling to name (the
// first of equals) when it is at most most edits away, and fewer edits
// than name has letters (so that "x" suggests nothing); "" otherwise. A
// mistyped command ("biuld") gets its "did you mean build?" so.
func Nearest(name string, words []string, most int) string {
	best, cost := "", min(most, utf8.RuneCountInString(name)-1)+1
	for _, w := range words {
		if c := distance(name, w); c < cost {
			best, cost = w, c
		}
	}
	return best
}

// distance is the Levenshtein distance between two IDs.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func slugs(l *Lang) string {
	s := ""
	for i, d := range l.Docs {
		if i > 0 {
			s += ", "
		}
		s += d.Slug
	}
	return s
}

// CheckTranslations verifies that every translation has the original's
// documents and sections, with the same IDs in the same order: an
// organiser's link to /fr/fantasy/#armor must work as /en/fantasy/#armor.
// A document that could not be read in one language is not compared: its
// own problem says why.
func CheckTranslations(s *Site) Diagnostics {
	var ds Diagnostics
	if len(s.Langs) < 2 {
		return ds
	}
	orig := s.Langs[0]
	for _, tr := range s.Langs[1:] {
		for _, od := range orig.Docs {
			if od.broken || s.Broken(tr.Code, od.Slug) {
				continue
			}
			td := tr.Doc(od.Slug)
			if td == nil {
				ds.Report(od.File, 1, "doc-no-translation", "slug", od.Slug, "lang", tr.Code)
				continue
			}
			if td.broken {
				continue
			}
			checkSections(&ds, od, td)
			checkAnchors(&ds, od, td)
		}
		for _, td := range tr.Docs {
			if orig.Doc(td.Slug) == nil && !s.Broken(orig.Code, td.Slug) {
				ds.Report(td.File, 1, "doc-no-original", "slug", td.Slug, "lang", orig.Code)
			}
		}
	}
	return ds
}

// unique returns the sections of d whose ID is set and not a repeat of
// an earlier one's: the sections a translation is matched by.
func unique(d *Doc) (list []*Section, byID map[string]*Section) {
	byID = map[string]*Section{}
	for _, s := range d.Sections {
		if s.ID == "" || byID[s.ID] != nil {
			continue
		}
		byID[s.ID] = s
		list = append(list, s)
	}
	return list, byID
}

// counterpart returns the section of other that stands where s stands in
// d, among those other does not match by ID (a heading whose ID was lost,
// repeated or renamed): the one at the same place between the nearest
// sections both have. It returns nil when there is none.
func counterpart(d, other *Doc, s *Section, inOther map[string]*Section) *Section {
	idx := -1
	for i, x := range d.Sections {
		if x == s {
			idx = i
		}
	}
	if idx < 0 {
		return nil
	}
	// The nearest matched sections before and after s, and s's place
	// among the unmatched ones between them.
	before, offset := "", 0
	for i := idx - 1; i >= 0; i-- {
		if x := d.Sections[i]; x.ID != "" && inOther[x.ID] != nil && firstOf(d, x) {
			before = x.ID
			break
		}
		offset++
	}
	start := 0
	if before != "" {
		for i, x := range other.Sections {
			if x == inOther[before] {
				start = i + 1
			}
		}
	}
	_, inD := unique(d)
	k := 0
	for i := start; i < len(other.Sections); i++ {
		x := other.Sections[i]
		if x.ID != "" && inD[x.ID] != nil && firstOf(other, x) {
			return nil // the next matched section: nothing unmatched left
		}
		if k == offset {
			return x
		}
		k++
	}
	return nil
}

// firstOf reports whether s is the first section of d with its ID.
func firstOf(d *Doc, s *Section) bool { return d.Section(s.ID) == s }

// checkSections compares the section IDs of an original and its
// translation. A section of one that the other lacks is reported once, at
// its cause when that is a heading whose ID was lost, repeated or renamed
// in the original; what follows from it (the links, glossary and
// thesaurus lines about the ID) is folded under it (Fold).
func checkSections(ds *Diagnostics, od, td *Doc) {
	a0, inO := unique(od)
	b0, inT := unique(td)
	for i, s := range od.Sections {
		if s.ID == "" || inT[s.ID] != nil || !firstOf(od, s) {
			continue
		}
		r := New(td.File, 0, "", "id", s.ID, "other", od.File+":"+itoa(s.Line))
		// What the translation says of the missing section (its values,
		// its anchors) follows from its absence.
		r.About = []string{td.Lang + ":" + td.Slug + "#" + s.ID}
		r.Causes = r.About
		// It belongs before the next section of the original that the
		// translation has.
		r.Kind, r.Line = "section-missing-end", td.lastLine()
		for _, n := range od.Sections[i+1:] {
			if t := inT[n.ID]; t != nil && firstOf(od, n) {
				r.Kind, r.Line = "section-missing", t.Line
				break
			}
		}
		if c := counterpart(od, td, s, inT); c != nil {
			r.At = td.File + ":" + itoa(c.Line) // the translation's own heading problem, if any
		}
		*ds = append(*ds, r)
	}
	for _, t := range td.Sections {
		if t.ID == "" || inO[t.ID] != nil || !firstOf(td, t) {
			continue
		}
		r := New(td.File, t.Line, "section-extra", "id", t.ID, "other", od.File)
		r.Causes = []string{od.Lang + ":" + od.Slug + "#" + t.ID}
		o := counterpart(td, od, t, inO)
		if o == nil {
			*ds = append(*ds, r)
			continue
		}
		// The original's heading at the same place lost, repeated or
		// renamed the ID: that is the mistake, and the translation's ID
		// is its fix.
		other := td.File + ":" + itoa(t.Line)
		var cause Diagnostic
		switch {
		case o.ID == "":
			cause = New(od.File, o.Line, "heading-no-id-from-translation", "title", o.Title, "id", t.ID, "other", other)
			cause.Text, cause.Replaces = o.Title, []string{"heading-no-id", "heading-no-id-en"}
		case !firstOf(od, o):
			cause = New(od.File, o.Line, "section-id-duplicate-from-translation", "id", o.ID, "first", itoa(od.Section(o.ID).Line), "want", t.ID, "other", other)
			cause.Text, cause.Replaces = o.ID, []string{"section-id-duplicate"}
		case inT[o.ID] == nil:
			cause = New(od.File, o.Line, "section-id-renamed", "id", o.ID, "want", t.ID, "other", other)
			cause.Text = o.ID
			cause.Causes = []string{td.Lang + ":" + td.Slug + "#" + o.ID}
		default:
			*ds = append(*ds, r)
			continue
		}
		cause.Causes = append(cause.Causes, od.Lang+":"+od.Slug+"#"+t.ID)
		r.At = od.File + ":" + itoa(o.Line)
		*ds = append(*ds, cause, r)
	}
	// A heading without ID in both languages (a new section): the ID is
	// suggested from the English heading, once, on the original.
	for _, o := range od.Sections {
		if o.ID != "" || o.Level == 1 {
			continue
		}
		c := counterpart(od, td, o, inT)
		if c == nil || c.ID != "" || c.Level == 1 {
			continue
		}
		en, tr := o, c
		if td.Lang == IDLanguage {
			en = c
		}
		cause := New(od.File, o.Line, "heading-no-id-from-english", "title", o.Title, "id", suggestID(en.Title), "other", td.File+":"+itoa(tr.Line))
		cause.Text, cause.Replaces = o.Title, []string{"heading-no-id", "heading-no-id-en"}
		echo := New(td.File, c.Line, "heading-no-id-en", "title", c.Title, "id", suggestID(en.Title))
		echo.Replaces, echo.At = []string{"heading-no-id-en", "heading-no-id"}, od.File+":"+itoa(o.Line)
		*ds = append(*ds, cause, echo)
	}
	// Order: compare the sequences of the IDs both have, each ID once.
	var a, b []*Section
	for _, s := range a0 {
		if inT[s.ID] != nil {
			a = append(a, s)
		}
	}
	for _, s := range b0 {
		if inO[s.ID] != nil {
			b = append(b, s)
		}
	}
	for i := range min(len(a), len(b)) {
		if a[i].ID != b[i].ID {
			ds.Report(td.File, b[i].Line, "section-order", "id", b[i].ID, "other", od.File, "want", a[i].ID, "line", itoa(a[i].Line))
			break
		}
		if a[i].Level != b[i].Level {
			ds.Report(td.File, b[i].Line, "section-level", "id", b[i].ID, "level", itoa(b[i].Level), "want", itoa(a[i].Level), "other", od.File)
		}
	}
}

// lastLine is the last line of d's file.
func (d *Doc) lastLine() int {
	n := d.bodyLine + len(d.nl)
	if len(d.nl) > 0 && int(d.nl[len(d.nl)-1]) == d.srcLen-1 {
		n-- // the file ends with a newline
	}
	return max(n, 1)
}

// checkAnchors compares the anchors of an original and its translation: the
// same IDs, each in the same section, so that /fr/fantasy/#effect-blinded
// works as /en/fantasy/#effect-blinded.
func checkAnchors(ds *Diagnostics, od, td *Doc) {
	inT := map[string]*Anchor{}
	for _, a := range td.Anchors {
		inT[a.ID] = a
	}
	inO := map[string]*Anchor{}
	for _, a := range od.Anchors {
		inO[a.ID] = a
		t := inT[a.ID]
		switch {
		case t == nil:
			line := 1
			if s := td.Section(a.Section); s != nil {
				line = s.Line
			}
			r := ds.Report(td.File, line, "anchor-missing", "id", a.ID, "other", od.File+":"+itoa(a.Line))
			r.About = []string{td.Lang + ":" + td.Slug + "#" + a.Section}
		case t.Section != a.Section:
			r := ds.Report(td.File, t.Line, "anchor-section", "id", a.ID, "section", t.Section, "want", a.Section, "other", od.File)
			r.About = []string{td.Lang + ":" + td.Slug + "#" + a.Section}
		}
	}
	for _, a := range td.Anchors {
		if inO[a.ID] == nil {
			ds.Report(td.File, a.Line, "anchor-extra", "id", a.ID, "other", od.File)
		}
	}
}
