package site

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// frontMatterKeys are the keys a document may declare; see content/README.md.
// All are required but source, which only a document taken from a seed
// has (optionalKeys).
var frontMatterKeys = []string{"title", "short", "order", "slug", "summary", "source"}

// optionalKeys are the front matter keys a document may leave out or empty.
var optionalKeys = map[string]bool{"source": true}

// parseFrontMatter reads the flat "key: value" block between the two "---"
// lines that open a document into d, and returns the body after it with the
// line the body starts at. The format is deliberately flat: a YAML parser
// would accept far more than the compendium means, and lose line numbers.
func parseFrontMatter(d *Doc, src []byte, ds *Diagnostics) ([]byte, int) {
	d.meta = map[string]int{}
	lines := bytes.SplitAfter(src, []byte("\n"))
	if len(lines) == 0 || strings.TrimSpace(string(lines[0])) != "---" {
		r := ds.Report(d.File, 1, "fm-missing", "keys", strings.Join(frontMatterKeys, ", "))
		r.Causes = []string{"doc:" + d.File}
		return src, 1
	}
	// The lines' problems wait until the block is known to be closed: an
	// unclosed block reads the whole document as keys, and its every line
	// would be a problem of its own.
	var local Diagnostics
	offset := len(lines[0])
	end, stray := -1, 0 // stray: the first line that cannot be a key
	for i := 1; i < len(lines); i++ {
		line := strings.TrimRight(string(lines[i]), "\r\n")
		offset += len(lines[i])
		if strings.TrimSpace(line) == "---" {
			end = i
			break
		}
		if strings.TrimSpace(line) == "" {
			if stray == 0 {
				stray = i + 1
			}
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || key == "" {
			if stray == 0 {
				stray = i + 1
			}
			local.Report(d.File, i+1, "fm-line").Text = line
			continue
		}
		if first, dup := d.meta[key]; dup {
			local.Report(d.File, i+1, "fm-dup-key", "key", key, "first", itoa(first))
		}
		d.meta[key] = i + 1
		if hasHTML(value) {
			w := local.Report(d.File, i+1, "fm-html", "key", key, "html", value)
			w.Severity = Warning
		}
		switch key {
		case "title":
			d.Title = value
		case "short":
			d.Short = value
		case "slug":
			d.Slug = value
		case "summary":
			d.Summary = value
		case "source":
			d.Source = value
		case "order":
			n, err := strconv.Atoi(value)
			if err != nil || n < 1 {
				local.Report(d.File, i+1, "fm-order", "value", value)
			}
			d.Order = n
		default:
			if stray == 0 {
				stray = i + 1
			}
			if odd := unusual(key); odd != "" {
				local.Report(d.File, i+1, "fm-invisible", "key", strconv.QuoteToASCII(key), "chars", odd)
				continue
			}
			local.Report(d.File, i+1, "fm-unknown-key", "key", key, "keys", strings.Join(frontMatterKeys, ", "))
		}
	}
	if end < 0 {
		if stray == 0 {
			stray = len(lines)
		}
		r := ds.Report(d.File, 1, "fm-unclosed", "line", itoa(stray))
		r.Causes = []string{"doc:" + d.File, d.Lang + ":" + strings.TrimSuffix(filepath.Base(d.File), ".md") + "#*", "text:" + d.Lang}
		d.broken = true
		r.Folded = local
		return nil, len(lines) + 1
	}
	*ds = append(*ds, local...)
	for _, k := range frontMatterKeys {
		if v, ok := d.meta[k]; (!ok || v == 0) && !optionalKeys[k] {
			if k == "slug" {
				ds.Report(d.File, 1, "fm-lacks-slug", "slug", strings.TrimSuffix(filepath.Base(d.File), ".md"))
				continue
			}
			ds.Report(d.File, 1, "fm-lacks", "key", k, "hint", "")
		}
	}
	for k, line := range d.meta {
		if k == "title" && d.Title == "" || k == "short" && d.Short == "" || k == "slug" && d.Slug == "" || k == "summary" && d.Summary == "" {
			ds.Report(d.File, line, "fm-empty", "key", k)
		}
	}
	if d.Slug != "" && !validID(d.Slug) {
		ds.Report(d.File, d.meta["slug"], "slug-not-kebab", "slug", d.Slug)
	} else if ReservedSlugs[d.Slug] {
		ds.Report(d.File, d.meta["slug"], "slug-reserved", "slug", d.Slug)
	}
	return src[offset:], end + 2
}

// HasHTML reports whether s holds what looks like an HTML tag: the pages
// show such a value as text, tags included, so it is worth a warning.
func HasHTML(s string) bool { return hasHTML(s) }

func hasHTML(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '<' {
			c := s[i+1]
			if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '/' || c == '!' {
				return true
			}
		}
	}
	return false
}

// unusual returns the characters of s that a reader cannot see or tell
// from a letter of the keys (U+200B, a Cyrillic а), written as U+XXXX,
// "" when there is none.
func unusual(s string) string {
	var out []string
	for _, r := range s {
		if r > 0x7e || r < 0x20 {
			out = append(out, fmt.Sprintf("U+%04X", r))
		}
	}
	return strings.Join(out, ", ")
}

func itoa(n int) string { return strconv.Itoa(n) }
