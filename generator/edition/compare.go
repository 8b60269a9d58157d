package edition

import (
	"bytes"
	"encoding/json"
	"strings"

	"compendium/generator/site"
)

// DocChanges is what changed in one document between two editions.
type DocChanges struct {
	Slug, Title string
	// New and Gone say the whole document is new in this edition, or was
	// removed from it.
	New, Gone bool
	Added     []Ref
	Removed   []Ref
	Changed   []SectionChange
	// Calcs are the calculators placed in the document whose values
	// changed (and with them what they show when the page opens).
	Calcs []Ref
}

// Ref names a section (or, in Calcs, a calculator by its section).
type Ref struct {
	ID, Title string
}

// SectionChange is a section whose text or title changed: the word-level
// difference of its text, and its old title when that changed.
type SectionChange struct {
	ID, Title, OldTitle string
	Diff                []Piece
}

// Piece is a run of words kept (Op ' '), inserted ('+') or deleted ('-').
type Piece struct {
	Op   byte
	Text string
}

// Inserted and Deleted say what the piece is, for templates.
func (p Piece) Inserted() bool { return p.Op == '+' }

// Deleted reports whether the piece's words were removed.
func (p Piece) Deleted() bool { return p.Op == '-' }

// context is how many kept words a diff shows on each side of a change.
const context = 12

// Shown is the piece's text as a diff shows it: a long run of kept words
// is cut to its first and last words around " … ", so that a phone
// screen shows the changes, not the whole section.
func (p Piece) Shown() string {
	if p.Op != ' ' {
		return p.Text
	}
	w := strings.Fields(p.Text)
	if len(w) <= 2*context+4 {
		return p.Text
	}
	return strings.Join(w[:context], " ") + " … " + strings.Join(w[len(w)-context:], " ")
}

// Compare lists, per document of cur in its order (then the documents
// removed), the sections added, removed and changed since old, by ID.
// Documents with no change are left out.
func Compare(old, cur *site.Lang) []DocChanges {
	var out []DocChanges
	for _, d := range cur.Docs {
		var od *site.Doc
		if old != nil {
			od = old.Doc(d.Slug)
		}
		c := DocChanges{Slug: d.Slug, Title: d.Short}
		if c.Title == "" {
			c.Title = d.Title
		}
		if od == nil {
			c.New = true
			for _, s := range d.Sections {
				c.Added = append(c.Added, Ref{s.ID, s.Title})
			}
			out = append(out, c)
			continue
		}
		for _, s := range d.Sections {
			os := od.Section(s.ID)
			switch {
			case os == nil:
				c.Added = append(c.Added, Ref{s.ID, s.Title})
			case os.Text != s.Text || os.Title != s.Title:
				sc := SectionChange{ID: s.ID, Title: s.Title, Diff: Words(os.Text, s.Text)}
				if os.Title != s.Title {
					sc.OldTitle = os.Title
				}
				c.Changed = append(c.Changed, sc)
			}
		}
		for _, s := range od.Sections {
			if d.Section(s.ID) == nil {
				c.Removed = append(c.Removed, Ref{s.ID, s.Title})
			}
		}
		c.Calcs = changedCalcs(od, d)
		if len(c.Added)+len(c.Removed)+len(c.Changed)+len(c.Calcs) > 0 {
			out = append(out, c)
		}
	}
	if old != nil {
		for _, od := range old.Docs {
			if cur.Doc(od.Slug) == nil {
				c := DocChanges{Slug: od.Slug, Title: od.Short, Gone: true}
				if c.Title == "" {
					c.Title = od.Title
				}
				for _, s := range od.Sections {
					c.Removed = append(c.Removed, Ref{s.ID, s.Title})
				}
				out = append(out, c)
			}
		}
	}
	return out
}

// changedCalcs returns the calculators of cur whose values differ from
// the same calculator (by name and place among the document's) in old,
// named by the section that holds them.
func changedCalcs(old, cur *site.Doc) []Ref {
	type key struct {
		name string
		n    int
	}
	was := map[key][]byte{}
	count := map[string]int{}
	for _, c := range old.Calcs {
		count[c.Name]++
		was[key{c.Name, count[c.Name]}] = normJSON(c.Defaults)
	}
	count = map[string]int{}
	var out []Ref
	for _, c := range cur.Calcs {
		count[c.Name]++
		prev, ok := was[key{c.Name, count[c.Name]}]
		if !ok || bytes.Equal(prev, normJSON(c.Defaults)) {
			continue
		}
		sec := cur.SectionAt(c.Offset)
		ref := Ref{ID: c.Name, Title: c.Name}
		if sec != nil {
			ref = Ref{ID: sec.ID, Title: sec.Title}
		}
		out = append(out, ref)
	}
	return out
}

// normJSON gives the same bytes for JSON values that differ only in their
// layout.
func normJSON(b []byte) []byte {
	var v any
	if len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	if json.Unmarshal(b, &v) != nil {
		return b
	}
	out, _ := json.Marshal(v)
	return out
}

// maxCells bounds the word diff's table: two sections of 3,000 words. A
// longer pair is shown as the whole old text replaced by the new one.
const maxCells = 9_000_000

// Words returns the word-level difference from a to b: the longest common
// sequence of words kept, the rest deleted or inserted, runs merged.
func Words(a, b string) []Piece {
	x, y := strings.Fields(a), strings.Fields(b)
	var raw []Piece
	if len(x)*len(y) > maxCells {
		raw = append(raw, Piece{'-', a}, Piece{'+', b})
		return merge(raw)
	}
	// lcs[i][j]: the longest common sequence of x[i:] and y[j:].
	w := len(y) + 1
	lcs := make([]int32, (len(x)+1)*w)
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(x) && j < len(y) {
		switch {
		case x[i] == y[j]:
			raw = append(raw, Piece{' ', x[i]})
			i++
			j++
		case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
			raw = append(raw, Piece{'-', x[i]})
			i++
		default:
			raw = append(raw, Piece{'+', y[j]})
			j++
		}
	}
	for ; i < len(x); i++ {
		raw = append(raw, Piece{'-', x[i]})
	}
	for ; j < len(y); j++ {
		raw = append(raw, Piece{'+', y[j]})
	}
	return merge(raw)
}

// merge joins consecutive pieces of the same kind with spaces.
func merge(ps []Piece) []Piece {
	var out []Piece
	for _, p := range ps {
		if p.Text == "" {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Op == p.Op {
			out[n-1].Text += " " + p.Text
			continue
		}
		out = append(out, p)
	}
	return out
}
