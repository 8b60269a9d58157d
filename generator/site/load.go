// Loading: reading the language folders, parsing each document into the
// model and rendering it (Parse, then Render once the calculators are
// computed).

package site

import (
	"bytes"
	"html/template"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"compendium/generator/markdown"
	"compendium/generator/par"
)

// Options configures Parse.
type Options struct {
	// Languages lists the site's languages, the original first; nil means
	// Languages.
	Languages []string
	// Markdown holds the converter for the documents of each language; a
	// language it lacks gets markdown.New with that language. Every
	// document of the language is parsed and rendered with it, from many
	// goroutines: goldmark keeps its parser's state in the parser.Context
	// and its renderer's in the writer, and the compendium's own parsers
	// and renderers keep none.
	Markdown map[string]goldmark.Markdown
	// AltLabel holds, by language, the label of a heading's link to the
	// same section in that language ("Cette section en français"): a
	// document links its headings to the first other language that has
	// it, when AltLabel names that language; nil links none.
	AltLabel map[string]string
	// EditURL, when set, is the address where a document's file is
	// edited (compendium.json's edit_url): {path} stands for the file's
	// path from EditRoot, slashed, and {line} for each heading's line. A
	// file outside EditRoot gets no link. EditLabel holds, by language,
	// the name of the headings' link to it ("Modifier cette section").
	EditURL   string
	EditRoot  string
	EditLabel map[string]string
}

// Load reads and renders every document under dir (Parse, then Render
// with no calculator's HTML): the site of the commands and tests that do
// not show calculators.
func Load(dir string, opt Options) (*Site, Diagnostics) {
	s, ds := Parse(dir, opt)
	return s, append(ds, s.Render(nil)...)
}

// Parse reads every language folder under dir (dir/fr/*.md, dir/en/*.md),
// parses each document, and returns the site with every problem found in
// it. It does not stop at the first problem, and only reports what one
// file shows; Check reports what needs the whole site. A document without
// calculator blocks is rendered at once, its cross-references' labels
// left as placeholders; Render renders the others, once their
// calculators are computed, and fills every label.
func Parse(dir string, opt Options) (*Site, Diagnostics) {
	if opt.Languages == nil {
		opt.Languages = Languages
	}
	var ds Diagnostics
	s := &Site{Dir: dir, Languages: opt.Languages, broken: map[string]bool{}}
	for _, code := range s.Languages {
		files, err := filepath.Glob(filepath.Join(dir, code, "*.md"))
		if err != nil || len(files) == 0 {
			continue
		}
		sort.Strings(files)
		lang := &Lang{Code: code}
		// Documents are parsed in parallel, each with its own messages,
		// gathered in file order so that the output does not depend on
		// the scheduling.
		docs := make([]*Doc, len(files))
		dds := make([]Diagnostics, len(files))
		// One converter for the language: one per document cost its
		// making and goldmark's sorting of its parsers and renderers on
		// first use (its initSync), visible in a 1,000-page build's CPU
		// profile for the parsers alone (markdown.New and
		// parser.Parse.func1 in build -cpuprofile).
		md := opt.Markdown[code]
		if md == nil {
			md = markdown.New(markdown.WithLanguage(code))
		}
		par.Each(len(files), func(i int) {
			f := files[i]
			src, err := os.ReadFile(f)
			if err != nil {
				dds[i].Report(f, 0, "read-failed", "err", err.Error()).Causes = []string{"doc:" + f, code + ":" + strings.TrimSuffix(filepath.Base(f), ".md") + "#*"}
				return
			}
			slug := strings.TrimSuffix(filepath.Base(f), ".md")
			src, ok := checkSource(f, src, &dds[i])
			if !ok {
				last := &dds[i][len(dds[i])-1]
				last.Causes = append(last.Causes, code+":"+slug+"#*", "text:"+code)
				return
			}
			d := parseDoc(f, code, src, md, &dds[i])
			d.values = markdown.DocumentValues{Doc: slug, Alt: altLink(dir, code, slug, s.Languages, opt.AltLabel)}
			if u := editURL(opt, f); u != "" {
				d.values.Edit = &markdown.EditLink{URL: u, Label: opt.EditLabel[code], FirstLine: d.bodyLine}
			}
			// A document without calculator blocks renders now: its tree
			// then goes at once. Held until every document was parsed,
			// the trees were most of a 10,000-page build's peak
			// (docs/performance.md, "memory at 10,000 pages"). A
			// calculator block needs the whole site checked first.
			if len(d.Calcs) == 0 {
				d.render(&dds[i])
			}
			docs[i] = d
		})
		for i := range files {
			ds = append(ds, dds[i]...)
			if docs[i] != nil {
				lang.Docs = append(lang.Docs, docs[i])
			}
			if docs[i] == nil || docs[i].broken {
				s.broken[code+":"+strings.TrimSuffix(filepath.Base(files[i]), ".md")] = true
			}
		}
		sort.SliceStable(lang.Docs, func(i, j int) bool { return lang.Docs[i].Order < lang.Docs[j].Order })
		s.Langs = append(s.Langs, lang)
	}
	if len(s.Langs) == 0 {
		ds.Report(dir, 0, "no-documents", "dir", filepath.Join(dir, s.Original())+"/")
	}
	return s, ds
}

// altLink returns the link of a document's headings to the same section in
// the first other language that has the document and a label in labels.
func altLink(dir, lang, slug string, languages []string, labels map[string]string) *markdown.AltLink {
	for _, other := range languages {
		if other == lang || labels[other] == "" || !Exists(dir, other, slug) {
			continue
		}
		return &markdown.AltLink{Lang: other, Text: strings.ToUpper(other), Label: labels[other], Base: "../../" + other + "/" + slug + "/"}
	}
	return nil
}

// Render renders the documents Parse left for later (those with
// calculator blocks), each block as calc holds it (the calculators' HTML,
// computed once the whole site was parsed and checked; a block calc lacks
// writes nothing), then fills the cross-references' labels, now that
// every document's sections are known. It is called once, after Parse.
func (s *Site) Render(calc map[*markdown.Calc]string) Diagnostics {
	var all []*Doc
	for _, l := range s.Langs {
		all = append(all, l.Docs...)
	}
	rds := make([]Diagnostics, len(all))
	par.Each(len(all), func(i int) {
		if all[i].ast != nil {
			all[i].values.CalcHTML = calc
			all[i].render(&rds[i])
		}
	})
	var ds Diagnostics
	for _, d := range rds {
		ds = append(ds, d...)
	}
	labelXRefs(s, all)
	// The sources are needed past this point only to check translations
	// against their original (SectionSource): kept for every document,
	// they were an eighth of a 10,000-document build's peak live heap.
	for _, d := range all {
		translated := false
		for _, l := range s.Langs {
			if l.Code != d.Lang && l.Doc(d.Slug) != nil {
				translated = true
			}
		}
		if !translated {
			d.src = nil
		}
	}
	return ds
}

// parseDoc parses a document with md, the language's converter, which
// also renders it (render).
func parseDoc(file, lang string, src []byte, md goldmark.Markdown, ds *Diagnostics) *Doc {
	d := &Doc{Lang: lang, File: file, md: md}
	body, bodyLine := parseFrontMatter(d, src, ds)
	d.src, d.bodyLine, d.srcLen = body, bodyLine, len(body)
	for i := 0; ; {
		j := bytes.IndexByte(body[i:], '\n')
		if j < 0 {
			break
		}
		d.nl = append(d.nl, int32(i+j))
		i += j + 1
	}
	want := strings.TrimSuffix(filepath.Base(file), ".md")
	if d.Slug != "" && d.Slug != want {
		ds.Report(file, d.meta["slug"], "slug-differs", "slug", d.Slug, "want", want)
		// The file name stands in, so that the document still meets its
		// translation and the glossary: the mistake is said once.
		d.Slug = want
	}
	if d.Slug == "" {
		// Reported by parseFrontMatter; the file name stands in so that
		// links to this document are still checked.
		d.Slug = want
	}
	pc := parser.NewContext()
	markdown.WithDocSlug(pc, d.Slug)
	root := md.Parser().Parse(text.NewReader(body), parser.WithContext(pc))
	d.ast = root
	d.XRefs = markdown.XRefs(pc)
	d.Calcs = markdown.Calcs(pc)
	d.collectSections(ds)
	d.collectAnchors(markdown.Anchors(pc), ds)
	d.collectValues(markdown.RuleValues(pc), ds)
	mark := len(*ds)
	d.checkNodes(ds)
	d.locate((*ds)[mark:])
	d.markXRefs()
	if typeset := markdown.TypographyOf(lang).String; typeset != nil {
		d.Title = typeset(d.Title)
	}
	return d
}

// locate sets the column of each of ds that quotes its text (a link's
// destination, raw HTML) on its line of d: an inline node knows only its
// paragraph's place.
func (d *Doc) locate(ds Diagnostics) {
	from := map[string]int{} // line and text → where the next search starts: the same text twice on a line
	for i := range ds {
		x := &ds[i]
		if x.Text == "" || x.Col != 0 || x.File != d.File || x.Line < d.bodyLine {
			continue
		}
		k := x.Line - d.bodyLine // the line's index in the body
		start, stop := 0, len(d.src)
		if k > 0 && k-1 < len(d.nl) {
			start = int(d.nl[k-1]) + 1
		}
		if k < len(d.nl) {
			stop = int(d.nl[k])
		}
		if start > stop {
			continue
		}
		line := d.src[start:stop]
		key := itoa(x.Line) + "\x00" + x.Text
		if j := bytes.Index(line[from[key]:], []byte(x.Text)); j >= 0 {
			j += from[key]
			x.Col = 1 + utf8.RuneCount(line[:j])
			from[key] = j + 1
		}
	}
}

func (d *Doc) render(ds *Diagnostics) {
	// Rendered into a reused buffer and copied out at its exact size: a
	// bytes.Buffer per document, doubling from empty, showed as zeroed
	// new memory in a 1,000-page build's profile (bytes.growSlice under
	// goldmark's Render), and kept up to twice the body's size until the
	// build ended.
	buf := renderBufs.Get().(*bytes.Buffer)
	defer func() {
		buf.Reset()
		renderBufs.Put(buf)
	}()
	if doc, ok := d.ast.(*ast.Document); ok {
		markdown.SetDocumentValues(doc, d.values)
	}
	if err := d.md.Renderer().Render(buf, d.src, d.ast); err != nil {
		ds.Report(d.File, 0, "render-failed", "err", err.Error())
	}
	d.Body = template.HTML(buf.String()) // goldmark escapes text; raw HTML is disabled
	// The tree and its parser are not needed past this point, and held by
	// every document until the build ended they were a third of a
	// 10,000-page build's live heap (heap profile before writing). A calculator block is a node of the tree: cut from it, it
	// no longer keeps the whole tree alive.
	for _, c := range d.Calcs {
		c.SetParent(nil)
		c.SetPreviousSibling(nil)
		c.SetNextSibling(nil)
	}
	d.ast = nil
}

// collectSections walks the top-level blocks: a heading opens a section, the
// other blocks add their text to it.
func (d *Doc) collectSections(ds *Diagnostics) {
	seen := map[string]int{}
	var cur *Section
	// One buffer for every section's text, each block's text written into
	// it: a builder per section and a string per block, grown from empty,
	// showed in a 1,000-page build's CPU profile (growslice under
	// strings.Builder.WriteString).
	var text []byte
	flush := func() {
		t := collapseSpace(text)
		if cur != nil {
			cur.Text = t
		} else {
			d.Intro = t
		}
		text = text[:0]
	}
	for n := d.ast.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			text = append(d.appendPlain(text, n), ' ')
			continue
		}
		flush()
		line := d.Line(markdown.Pos(h))
		title := strings.TrimSpace(d.plainText(h))
		id := markdown.HeadingID(h)
		cur = &Section{ID: id, Level: h.Level, Title: title, Line: line}
		d.Sections = append(d.Sections, cur)
		switch {
		case h.Level == 1:
			ds.Report(d.File, line, "heading-level-1", "title", title)
		case id == "":
			kind := "heading-no-id"
			if d.Lang == IDLanguage {
				kind = "heading-no-id-en"
			}
			ds.Report(d.File, line, kind, "title", title, "id", suggestID(title)).Text = title
		case !validID(id):
			hint := ""
			if s := suggestID(id); s != "section" && s != id {
				hint = ": {#" + s + "}?"
			}
			ds.Report(d.File, line, "section-id-invalid", "id", id, "hint", hint).Text = id
		case reservedIDs[id]:
			ds.Report(d.File, line, "section-id-reserved", "id", id)
		}
		if id != "" {
			if first, dup := seen[id]; dup {
				ds.Report(d.File, line, "section-id-duplicate", "id", id, "first", itoa(first)).Text = id
			} else {
				seen[id] = line
			}
		}
	}
	flush()
}

// collectAnchors records the anchors parsing found, each in its section,
// and reports one whose ID a heading or an earlier anchor has, or that is
// reserved.
func (d *Doc) collectAnchors(refs []markdown.AnchorRef, ds *Diagnostics) {
	seen := map[string]int{}
	for _, s := range d.Sections {
		if s.ID != "" {
			seen[s.ID] = s.Line
		}
	}
	for _, r := range refs {
		line := d.Line(r.Pos)
		sec := ""
		for _, s := range d.Sections {
			if s.Line <= line {
				sec = s.ID
			}
		}
		if first, dup := seen[r.ID]; dup {
			ds.Report(d.File, line, "anchor-duplicate", "id", r.ID, "first", itoa(first))
			continue
		}
		if reservedIDs[r.ID] {
			ds.Report(d.File, line, "anchor-reserved", "id", r.ID)
		}
		seen[r.ID] = line
		d.Anchors = append(d.Anchors, &Anchor{ID: r.ID, Line: line, Section: sec})
	}
}

// collectValues records the rule values parsing found, each in its
// section, and reports those that could not be read.
func (d *Doc) collectValues(refs []markdown.ValueRef, ds *Diagnostics) {
	for _, r := range refs {
		line := d.Line(r.Pos)
		if r.Bad != "" {
			bad := New(d.File, line, r.Bad, r.Args...)
			if r.Key != "" {
				// The other language's declaration, and the "not
				// declared" of this one, follow from this mistake.
				bad.Causes = []string{"value:" + d.Lang + ":" + r.Key}
			}
			*ds = append(*ds, bad)
			continue
		}
		sec := ""
		for _, s := range d.Sections {
			if s.Line <= line {
				sec = s.ID
			}
		}
		col, after := d.colAfter(r.Pos, r.End)
		if r.Expr != "" {
			d.Statements = append(d.Statements, &Statement{Expr: r.Expr, Words: r.Words, Line: line, Col: col, After: after, Section: sec})
			continue
		}
		id := r.ID
		if r.Formula {
			id = sec // a formula has no element of its own: its section
		}
		d.Values = append(d.Values, &Value{Key: r.Key, Literal: r.Literal, Words: r.Words, Kind: r.Kind, N: r.N, Line: line, Section: sec, ID: id, Context: d.valueContext(r.Pos), Col: col, After: after, Formula: r.Formula})
	}
}

// Present returns the languages of langs that have a folder of documents
// under dir.
func Present(dir string, langs []string) []string {
	var l []string
	for _, code := range langs {
		if m, _ := filepath.Glob(filepath.Join(dir, code, "*.md")); len(m) > 0 {
			l = append(l, code)
		}
	}
	return l
}

// Exists reports whether document slug exists in lang under dir.
func Exists(dir, lang, slug string) bool {
	_, err := os.Stat(filepath.Join(dir, lang, slug+".md"))
	return err == nil
}

// renderBufs are the buffers documents are rendered into.
var renderBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// editURL returns the address where file is edited (Options.EditURL with
// its path), or "" when there is none or file is outside opt.EditRoot.
func editURL(opt Options, file string) string {
	if opt.EditURL == "" {
		return ""
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return ""
	}
	rel, err := filepath.Rel(opt.EditRoot, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return strings.ReplaceAll(opt.EditURL, "{path}", filepath.ToSlash(rel))
}
