// Paired with theme/js/page/searchquery.js for the two languages' search (Search,
// reach, Suggest are its search, reach, suggest): change one, change the
// other. TestSearchParity (generator/e2e/search_test.go) holds them equal.

package search

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// Search answers q on the index of the page's language, own, with the help
// of the other language's index, other (nil when there is none). A player
// typing French on the English site (or English on the French one) means
// the same section: when other's words reach more of the query than own's
// (an exact or prefix match, or a synonym; a typo does not count), the
// sections other finds come first, shown from own (same ID, own title and
// text) and marked Via other's language; own's results follow. A result
// that own lacks stays in other's language. searchquery.js mirrors it.
func Search(own, other *Index, q string, limit int) []Result {
	return SearchIn(own, other, q, limit, "")
}

// SearchIn is Search from a page of the rules document doc (its slug, or
// "" for none), whose sections come first whenever they answer the query
// (QueryIn).
//
// Each index counts the query's words without its own stop words ("de" is
// one in French, not in English): the other language answers when it
// reaches a larger share of the query's words, not more of them, so that
// "cotte de maille" typed on the French page stays French.
func SearchIn(own, other *Index, q string, limit int, doc string) []Result {
	rs := own.QueryIn(q, limit, doc)
	if other == nil {
		return rs
	}
	oc, on := own.reach(q)
	xc, xn := other.reach(q)
	// A share of no words is none ("will" is an English stop word, not a
	// French one: typed on the English page, the French index answers).
	switch {
	case xn == 0 || xc == 0:
		return rs
	case on > 0 && xc*on <= oc*xn:
		return rs
	}
	os := other.QueryIn(q, limit, doc)
	out := make([]Result, 0, limit)
	have := map[string]bool{}
	for _, r := range os {
		key := r.Slug + "#" + r.ID
		if sec, ok := own.sec[key]; ok {
			anc := -1
			if r.Anchor != "" {
				anc = own.anchorNamed(sec, r.Anchor)
			}
			m := own.result(sec, r.Score, r.Matched, nil, anc)
			m.Via = other.Lang
			r = m
		}
		have[key] = true
		out = append(out, r)
	}
	for _, r := range rs {
		if !have[r.Slug+"#"+r.ID] {
			out = append(out, r)
		}
	}
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// anchorNamed returns the anchor id of section sec, or -1.
func (ix *Index) anchorNamed(sec int, id string) int {
	for _, a := range ix.anchors[sec] {
		if ix.f.AncID[a] == id {
			return a
		}
	}
	return -1
}

// reach counts the words of q that this index knows (a surface form of its
// text, the start of one for the word being typed, or a synonym form), and
// the words it counts.
func (ix *Index) reach(q string) (known, words int) {
	ws := ix.words(q)
	covered := make([]bool, len(ws))
	for i, w := range ws {
		if _, ok := ix.vocab[w.surface]; ok {
			covered[i] = true
		} else if w.last && utf8.RuneCountInString(w.surface) >= ix.p.MinPrefix {
			j := sort.SearchStrings(ix.surfaces, w.surface)
			covered[i] = j < len(ix.surfaces) && strings.HasPrefix(ix.surfaces[j], w.surface)
		}
	}
	for _, m := range ix.synMatches(ws, false) {
		for i := m.from; i < m.to; i++ {
			covered[i] = true
		}
	}
	n := 0
	for _, c := range covered {
		if c {
			n++
		}
	}
	return n, len(ws)
}

// Suggest returns what the reader may have meant when q finds nothing: q
// with each word the index does not know replaced by its closest surface
// form (within two edits, three from nine letters; the form of the most
// sections first, then the alphabet), or "" when no word could be
// replaced.
func (ix *Index) Suggest(q string) string {
	ws := ix.words(q)
	out := make([]string, 0, len(ws))
	changed := false
	for _, w := range ws {
		if _, ok := ix.vocab[w.surface]; ok {
			out = append(out, w.surface)
			continue
		}
		wr := []rune(w.surface)
		maxd := 2
		if len(wr) >= 9 {
			maxd = 3
		}
		if len(wr) < 3 {
			out = append(out, w.surface)
			continue
		}
		best, bestD, bestDF := "", maxd+1, -1
		for i, sr := range ix.surfRunes {
			if abs(len(sr)-len(wr)) > maxd {
				continue
			}
			d := editDistance(wr, sr, maxd)
			if d > maxd {
				continue
			}
			df := ix.df[ix.vocab[ix.surfaces[i]]]
			if d < bestD || d == bestD && df > bestDF {
				best, bestD, bestDF = ix.surfaces[i], d, df
			}
		}
		if best == "" {
			out = append(out, w.surface)
			continue
		}
		out = append(out, best)
		changed = true
	}
	if !changed {
		return ""
	}
	return strings.Join(out, " ")
}
