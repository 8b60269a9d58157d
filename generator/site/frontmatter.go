package site

import (
	"bytes"
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
		ds.Add(d.File, 1, "missing front matter: the file must start with a --- line, then "+strings.Join(frontMatterKeys, ", ")+", then ---")
		return src, 1
	}
	offset := len(lines[0])
	end := -1
	for i := 1; i < len(lines); i++ {
		line := strings.TrimRight(string(lines[i]), "\r\n")
		offset += len(lines[i])
		if strings.TrimSpace(line) == "---" {
			end = i
			break
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || key == "" {
			ds.Add(d.File, i+1, "front matter line is not “key: value”")
			continue
		}
		if _, dup := d.meta[key]; dup {
			ds.Add(d.File, i+1, "front matter key “"+key+"” is given twice")
		}
		d.meta[key] = i + 1
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
				ds.Add(d.File, i+1, "order “"+value+"” is not a whole number from 1: give the document's position, e.g. order: 1")
			}
			d.Order = n
		default:
			ds.Add(d.File, i+1, "unknown front matter key “"+key+"”: the keys are "+strings.Join(frontMatterKeys, ", "))
		}
	}
	if end < 0 {
		ds.Add(d.File, 1, "front matter is not closed: add a --- line after its last key")
		return nil, len(lines) + 1
	}
	for _, k := range frontMatterKeys {
		if v, ok := d.meta[k]; (!ok || v == 0) && !optionalKeys[k] {
			ds.Add(d.File, 1, "front matter lacks “"+k+"”")
		}
	}
	for k, line := range d.meta {
		if k == "title" && d.Title == "" || k == "short" && d.Short == "" || k == "slug" && d.Slug == "" || k == "summary" && d.Summary == "" {
			ds.Add(d.File, line, "front matter “"+k+"” is empty")
		}
	}
	if d.Slug != "" && !validID(d.Slug) {
		ds.Add(d.File, d.meta["slug"], "slug “"+d.Slug+"” is not English kebab-case")
	}
	return src[offset:], end + 2
}

func itoa(n int) string { return strconv.Itoa(n) }
