package edition

import (
	"bytes"
	"encoding/json"
	"strings"

	"compendium/generator/markdown"
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
	// Calcs are the document's calculator blocks that changed: placed,
	// removed, set up differently or giving other figures.
	Calcs []CalcChange
}

// CalcChange is a calculator block that changed between two editions. A
// block is the same block in both when it places the same calculator in
// the same section (by ID), at the same rank among that section's blocks
// of that calculator.
type CalcChange struct {
	// ID and Title name the section that holds the block; ID is "" when
	// the block is gone with its section.
	ID, Title string
	// Name is the calculator's name ("armor").
	Name string
	// New and Gone say the block was placed or removed in this edition.
	New, Gone bool
	// Setup says the block's settings (its JSON) changed; Figures that its
	// result changed, computed with each edition's engine and rule values.
	Setup, Figures bool
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
// removed), the sections added, removed and changed since old, by ID, and
// the calculator blocks that changed. A section's text is its prose: a
// calculator block is compared as a calculator (its settings, and through
// figures its result), never as words. figures reports whether a block of
// cur gives other figures than its match in old; nil when that is not
// known (the previous engine could not run), and then only the blocks
// placed, removed or set up differently are listed. Documents with no
// change are left out.
func Compare(old, cur *site.Lang, figures func(*markdown.Calc) bool) []DocChanges {
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
		c.Calcs = changedCalcs(od, d, figures)
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

// BlockPair is a calculator block of the previous edition and the same
// block in the current one (see CalcChange); Old or Cur is nil for a block
// placed or removed.
type BlockPair struct {
	Old, Cur *markdown.Calc
	// ID and Title name the section that holds the block (the current
	// edition's, else the previous one's).
	ID, Title string
}

// PairBlocks matches the calculator blocks of a document in two editions,
// in the current document's order, then the removed blocks in the old
// one's.
func PairBlocks(old, cur *site.Doc) []BlockPair {
	type key struct {
		section, name string
		n             int
	}
	keys := func(d *site.Doc) ([]key, map[key]int) {
		var ks []key
		at := map[key]int{}
		count := map[[2]string]int{}
		for i, c := range d.Calcs {
			sec := ""
			if s := d.SectionAt(c.Offset); s != nil {
				sec = s.ID
			}
			count[[2]string{sec, c.Name}]++
			k := key{sec, c.Name, count[[2]string{sec, c.Name}]}
			ks = append(ks, k)
			at[k] = i
		}
		return ks, at
	}
	oldKeys, oldAt := keys(old)
	curKeys, curAt := keys(cur)
	title := func(d *site.Doc, id string) string {
		if s := d.Section(id); s != nil {
			return s.Title
		}
		return ""
	}
	var out []BlockPair
	for i, k := range curKeys {
		p := BlockPair{Cur: cur.Calcs[i], ID: k.section, Title: title(cur, k.section)}
		if j, ok := oldAt[k]; ok {
			p.Old = old.Calcs[j]
		}
		out = append(out, p)
	}
	for j, k := range oldKeys {
		if _, ok := curAt[k]; ok {
			continue
		}
		p := BlockPair{Old: old.Calcs[j]}
		if t := title(cur, k.section); t != "" {
			p.ID, p.Title = k.section, t
		} else {
			p.Title = title(old, k.section)
		}
		out = append(out, p)
	}
	return out
}

// changedCalcs returns the calculator blocks of cur that changed since old.
func changedCalcs(old, cur *site.Doc, figures func(*markdown.Calc) bool) []CalcChange {
	var out []CalcChange
	for _, p := range PairBlocks(old, cur) {
		c := CalcChange{ID: p.ID, Title: p.Title}
		switch {
		case p.Old == nil:
			c.Name, c.New = p.Cur.Name, true
		case p.Cur == nil:
			c.Name, c.Gone = p.Old.Name, true
		default:
			c.Name = p.Cur.Name
			c.Setup = !bytes.Equal(normJSON(p.Old.Defaults), normJSON(p.Cur.Defaults))
			c.Figures = figures != nil && figures(p.Cur)
		}
		if c.New || c.Gone || c.Setup || c.Figures {
			out = append(out, c)
		}
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
