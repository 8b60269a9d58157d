package render

import (
	"bytes"
	"slices"
	"strconv"
	"sync"
)

// A skeleton is a layout's output for a page whose varying values were
// placeholders, cut at each placeholder: pages that differ only in those
// values are then written by filling the holes, without executing the
// layout again. Share pages are its use: a site has one per section
// (fifteen a document), each the same layout around a section's ID, title
// and first sentence, and executing html/template for each was two thirds
// of a build's template time (docs/performance.md, "pages written from
// skeletons").
//
// The escaping stays html/template's: a skeleton is only made when a second
// output, with a probe appended to every placeholder, shows that each hole
// is escaped as HTML text, RCDATA or a quoted attribute (one table,
// html/template's htmlReplacementTable, which appendHTMLEscaped follows),
// or as part of a URL, or, for a value given as written HTML, not at all;
// a hole of any other kind, a change of structure between the two outputs,
// or a value a URL hole would have to normalise, and the page is executed
// in full as before.
type skeleton struct {
	parts []string // len(holes)+1 runs of output, escaped already
	holes []hole
}

// A hole is one place a value goes.
type hole struct {
	value int  // index of the value
	url   bool // inside a URL: only values that need no escaping there fill it
	path  bool // in a URL's path, where a slash stays as it is (escaped in a query or fragment)
	raw   bool // written HTML put in as it is (a template.HTML value)
}

// A skeletonSet holds a language's skeletons of one template, one per kind
// of page, and what checking them against the template found. A kind's
// pages are filled only once one of them, executed in full, came out the
// same as filled (trusted); one that did not makes the kind broken, and its
// pages are executed from then on. Goroutines rendering the language's
// documents share it; a nil set has no skeleton and trusts nothing.
type skeletonSet struct {
	mu      sync.Mutex
	cut     map[string]*skeleton // nil: that kind cannot be cut
	checked map[string]bool
	broken  map[string]bool
}

// get returns the skeleton of kind k, cutting it with cut the first time;
// nil when it cannot be cut, or the kind is broken.
func (c *skeletonSet) get(k string, cut func() (*skeleton, bool)) *skeleton {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.broken[k] {
		return nil
	}
	sk, ok := c.cut[k]
	if !ok {
		sk, _ = cut()
		if c.cut == nil {
			c.cut = map[string]*skeleton{}
		}
		c.cut[k] = sk
	}
	return sk
}

// trusted reports whether pages of kind k may be filled without a check.
func (c *skeletonSet) trusted(k string) bool {
	if c == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.checked[k] && !c.broken[k]
}

// result records whether a page of kind k, executed in full, came out the
// same as filled.
func (c *skeletonSet) result(k string, same bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.checked == nil {
		c.checked, c.broken = map[string]bool{}, map[string]bool{}
	}
	if same {
		c.checked[k] = true
	} else {
		c.broken[k] = true
	}
}

// like returns the placeholders ph with those left empty where the values
// v of the kind being cut are empty: layouts leave out what is empty, so
// that emptiness is part of a kind.
func like(ph, v []string) []string {
	out := make([]string, len(ph))
	for i := range ph {
		if v[i] != "" {
			out[i] = ph[i]
		}
	}
	return out
}

// placeholder returns the i-th placeholder: lower-case ASCII letters and
// digits, which every html/template escaper leaves as they are. A page of
// placeholders holds no content, only the theme's text, where a
// placeholder-like word would make the cut fail (the probe output
// differs), not go wrong.
func placeholder(i int) string { return "zqx" + strconv.Itoa(i) + "q" }

// probeTail is appended to each placeholder in the probe output: its
// escaped form tells the hole's context. The exclamation mark tells a
// URL's path, where html/template's normaliser keeps it (and slashes),
// from its query or fragment, where its escaper does not. (A slash in the
// probe would not do: a page's depth, and so its links, is counted in
// slashes of its path.)
const probeTail = "<' !"

const (
	htmlTail    = "&lt;&#39; !"  // text, RCDATA and quoted attributes
	urlPathTail = "%3c%27%20!"   // a URL's path (normalised), then a quoted attribute
	urlTail     = "%3c%27%20%21" // a URL's query or fragment (escaped)
)

// cutSkeleton returns the skeleton of render(values) for n values, or
// false when the output cannot be cut safely (see skeleton). raw marks the
// values render passes as written HTML (template.HTML), which the layout
// puts in unescaped; they may fill only such holes, and the others never.
func cutSkeleton(n int, raw []bool, render func(values []string) ([]byte, error)) (*skeleton, bool) {
	vals := make([]string, n)
	probes := make([]string, n)
	for i := range vals {
		vals[i] = placeholder(i)
		probes[i] = vals[i] + probeTail
	}
	a, err := render(vals)
	if err != nil {
		return nil, false
	}
	b, err := render(probes)
	if err != nil {
		return nil, false
	}
	s := &skeleton{}
	for {
		i, v, w := nextPlaceholder(a, n)
		j, pv, pw := nextPlaceholder(b, n)
		if i < 0 || j < 0 {
			if i >= 0 || j >= 0 || !bytes.Equal(a, b) {
				return nil, false
			}
			s.parts = append(s.parts, string(a))
			return s, true
		}
		if v < 0 || v != pv || !bytes.Equal(a[:i], b[:j]) {
			return nil, false
		}
		s.parts = append(s.parts, string(a[:i]))
		a, b = a[i+w:], b[j+pw:]
		isRaw := v < len(raw) && raw[v]
		switch {
		case bytes.HasPrefix(b, []byte(htmlTail)) && !isRaw:
			s.holes = append(s.holes, hole{value: v})
			b = b[len(htmlTail):]
		case bytes.HasPrefix(b, []byte(urlPathTail)) && !isRaw:
			s.holes = append(s.holes, hole{value: v, url: true, path: true})
			b = b[len(urlPathTail):]
		case bytes.HasPrefix(b, []byte(urlTail)) && !isRaw:
			s.holes = append(s.holes, hole{value: v, url: true})
			b = b[len(urlTail):]
		case bytes.HasPrefix(b, []byte(probeTail)) && isRaw:
			s.holes = append(s.holes, hole{value: v, raw: true})
			b = b[len(probeTail):]
		default:
			return nil, false
		}
	}
}

// nextPlaceholder finds the next placeholder in b: its offset, the value
// it stands for (-1 for a placeholder-like text that is none of the n)
// and its length; offset -1 when there is none.
func nextPlaceholder(b []byte, n int) (at, value, width int) {
	for off := 0; ; {
		i := bytes.Index(b[off:], []byte("zqx"))
		if i < 0 {
			return -1, -1, 0
		}
		i += off
		j := i + 3
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		if j > i+3 && j < len(b) && b[j] == 'q' {
			v, err := strconv.Atoi(string(b[i+3 : j]))
			if err != nil || v >= n {
				v = -1
			}
			return i, v, j + 1 - i
		}
		off = i + 3
	}
}

// fill writes the page for values, or returns false when a value cannot
// go in its hole as it is (a URL hole's value that a URL would escape).
func (s *skeleton) fill(values []string) ([]byte, bool) {
	return s.appendFill(nil, values)
}

// appendFill is fill writing after b (whose capacity it reuses).
func (s *skeleton) appendFill(b []byte, values []string) ([]byte, bool) {
	n := len(b)
	for _, p := range s.parts {
		n += len(p)
	}
	for _, h := range s.holes {
		n += len(values[h.value]) + 16
	}
	b = slices.Grow(b, n-len(b))
	for i, h := range s.holes {
		b = append(b, s.parts[i]...)
		v := values[h.value]
		if h.raw {
			b = append(b, v...)
			continue
		}
		if h.url {
			if !urlPlain(v, h.path) {
				return nil, false
			}
			b = append(b, v...)
			continue
		}
		b = appendHTMLEscaped(b, v)
	}
	return append(b, s.parts[len(s.parts)-1]...), true
}

// pageBufs holds the buffers pages are filled into. In a rebuild most pages
// are unchanged: hashed and dropped at once, their bytes were the build's
// largest allocation (share and document pages, in the heap profile), and
// garbage to collect.
var pageBufs = sync.Pool{New: func() any { return new([]byte) }}

// fillPage is fill into a buffer of pageBufs; done gives it back once the
// page is dropped.
// Until done is called, b is the caller's: kept (in Output.Files), it must
// not be given back.
func (s *skeleton) fillPage(values []string) (b []byte, done func()) {
	buf := pageBufs.Get().(*[]byte)
	b, ok := s.appendFill((*buf)[:0], values)
	if !ok {
		pageBufs.Put(buf)
		return nil, func() {}
	}
	return b, func() {
		*buf = b[:0]
		pageBufs.Put(buf)
	}
}

// urlPlain reports whether html/template leaves v as it is in a URL (its
// normaliser in a path, its escaper in a query or fragment) and then in a
// quoted attribute: section IDs and slugs are made of such bytes, and, in
// a path, file paths ("assets/print-….css") of those and slashes. Without
// a colon, a value at the start of a URL cannot name a scheme, which
// html/template's URL filter would check.
func urlPlain(v string, path bool) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' || c == '/' && path) {
			return false
		}
	}
	return true
}

// appendHTMLEscaped appends v escaped as html/template escapes a string in
// text, RCDATA and quoted attributes (its htmlReplacementTable).
func appendHTMLEscaped(b []byte, v string) []byte {
	last := 0
	for i := 0; i < len(v); i++ {
		var r string
		switch v[i] {
		case 0:
			r = "\uFFFD"
		case '"':
			r = "&#34;"
		case '&':
			r = "&amp;"
		case '\'':
			r = "&#39;"
		case '+':
			r = "&#43;"
		case '<':
			r = "&lt;"
		case '>':
			r = "&gt;"
		default:
			continue
		}
		b = append(append(b, v[last:i]...), r...)
		last = i + 1
	}
	return append(b, v[last:]...)
}
