package pipeline

import (
	"bytes"
	"encoding/json"
	"html/template"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"compendium/generator/calcui"
	"compendium/generator/glossary"
	"compendium/generator/markdown"
	"compendium/generator/par"
	"compendium/generator/render"
	"compendium/generator/site"
	"compendium/generator/values"
)

// calcs checks and renders the calculator blocks of the documents.
type calcs struct {
	theme *render.Theme
	// site gives the section titles, for the links of the explanation
	// steps, the calculators page and the glossary (a map of every
	// section's title grew with the site, for the few that calculators
	// cite).
	site *site.Site
	// inputs holds each valid block's form inputs; a block missing here
	// failed check and is not rendered.
	inputs map[*markdown.Calc]map[string]any
	ids    map[*markdown.Calc]string
	// glossary feeds the glossary pages; it lives here because, like the
	// calculators, its pages need the section titles gathered by check.
	glossary *glossary.Glossary
	// pages keeps each language's calculators page: the single-file
	// edition and the site both show it, and computing it twice would
	// render every calculator twice.
	pagesMu sync.Mutex
	pages   map[string]*calcPage
	// memo, in rebuilds, keeps each calculator's HTML for the next
	// build, under keys that start with themeKey.
	memo     *calcMemo
	themeKey string
	// rules are the content's values (check gathers them): every
	// result of the build is computed with them. rulesText is their JSON,
	// made once, after check, for every page and memo key that needs it.
	rules     *values.Set
	rulesOnce sync.Once
	rulesText string
}

type calcPage struct {
	docs   []*site.Doc
	groups []render.CalcGroup
	names  []string
	err    error
}

func newCalcs(theme *render.Theme) *calcs {
	return &calcs{theme: theme, inputs: map[*markdown.Calc]map[string]any{}, ids: map[*markdown.Calc]string{}}
}

// check validates every block before anything renders: a known calculator,
// a JSON object of defaults whose every field the form takes, and defaults
// the engine accepts with the content's rules. Messages name the file and
// line of the block. The calculators then compute with rules.
func (c *calcs) check(s *site.Site, rules *values.Set) site.Diagnostics {
	c.site = s
	c.rules = rules
	var ds site.Diagnostics
	for _, l := range s.Langs {
		for _, d := range l.Docs {
			seen := map[string]int{}
			for _, blk := range d.Calcs {
				line := d.Line(blk.Offset)
				form := calcui.Lookup(blk.Name)
				if form == nil {
					ds.Report(d.File, line, "calc-unknown", "name", blk.Name, "names", calcNames())
					continue
				}
				block := map[string]any{}
				if len(bytes.TrimSpace(blk.Defaults)) > 0 {
					if err := json.Unmarshal(blk.Defaults, &block); err != nil {
						ds.Report(d.File, line+1, "calc-json", "name", blk.Name, "err", err.Error())
						continue
					}
				}
				if bad := form.Unknown(block); len(bad) > 0 {
					ds.Report(d.File, line+1, "calc-input", "name", blk.Name, "inputs", strings.Join(bad, ", "))
					continue
				}
				inputs := form.Merge(block)
				if _, err := rules.Rules.Calculate(blk.Name, form.EngineInput(inputs)); err != nil {
					ds.Report(d.File, line+1, "calc-default", "name", blk.Name, "err", err.En, "err@fr", err.Fr)
					continue
				}
				seen[blk.Name]++
				id := "calc-" + blk.Name
				if n := seen[blk.Name]; n > 1 {
					id += "-" + strconv.Itoa(n)
				}
				c.inputs[blk], c.ids[blk] = inputs, id
			}
		}
	}
	return ds
}

func calcNames() string {
	var n []string
	for _, f := range calcui.Forms {
		n = append(n, f.Name)
	}
	return strings.Join(n, ", ")
}

// page returns what a calculator needs to know about a page of lang at depth
// /lang/<slug>/.
func (c *calcs) page(lang string) calcui.Page {
	rules := c.ruleSet().Rules
	return calcui.Page{
		Lang:       lang,
		T:          func(k string) string { return values.Fill(c.theme.T(lang, k), rules) },
		DocURL:     func(slug string) string { return "../" + slug + "/" },
		RuleValues: rules,
		// Every page with a calculator is at /<lang>/<page>/, as the
		// character page.
		CharacterURL: "../character/",
	}
}

// ruleSet returns the content's values, or the engine's defaults before
// check gathered them.
func (c *calcs) ruleSet() *values.Set {
	if c.rules == nil {
		return values.Default()
	}
	return c.rules
}

// blocks renders every calculator block of the site that check accepted,
// each in its document's language, linking its rules as the document's
// page does: the HTML the documents then render with (site.Render).
func (c *calcs) blocks(s *site.Site) (map[*markdown.Calc]string, site.Diagnostics) {
	type job struct {
		d   *site.Doc
		blk *markdown.Calc
	}
	var jobs []job
	for _, l := range s.Langs {
		for _, d := range l.Docs {
			for _, blk := range d.Calcs {
				if _, ok := c.inputs[blk]; ok {
					jobs = append(jobs, job{d, blk})
				}
			}
		}
	}
	out := make([]string, len(jobs))
	errs := make([]error, len(jobs))
	par.Each(len(jobs), func(i int) {
		d, blk := jobs[i].d, jobs[i].blk
		p := c.page(d.Lang)
		p.Sections = c.docSections(d.Lang, blk.Name)
		own := p.DocURL
		p.DocURL = func(slug string) string {
			if slug == d.Slug {
				return ""
			}
			return own(slug)
		}
		var b strings.Builder
		errs[i] = c.render(&b, calcui.Block{Form: calcui.Lookup(blk.Name), ID: c.ids[blk], Inputs: c.inputs[blk]}, p, d.Slug)
		out[i] = b.String()
	})
	html := make(map[*markdown.Calc]string, len(jobs))
	var ds site.Diagnostics
	for i, j := range jobs {
		if errs[i] != nil {
			ds.Report(j.d.File, j.d.Line(j.blk.Offset), "render-failed", "err", errs[i].Error())
			continue
		}
		html[j.blk] = out[i]
	}
	return html, ds
}

// render writes one calculator: calcui prepares its data and its static
// result, the theme's calc.html draws it. where names the page it is in
// ("" for the calculators page, the document's slug otherwise), which
// decides its links.
func (c *calcs) render(w io.Writer, blk calcui.Block, p calcui.Page, where string) error {
	var key string
	if c.memo != nil {
		key = c.memoKey(blk, p, where)
		if html, ok := c.memo.get(key); ok {
			_, err := io.WriteString(w, html)
			return err
		}
	}
	v, err := calcui.Prepare(blk, p)
	if err != nil {
		return err
	}
	if c.memo == nil {
		return c.theme.Calc(w, v)
	}
	var b strings.Builder
	if err := c.theme.Calc(&b, v); err != nil {
		return err
	}
	c.memo.put(key, b.String())
	_, err = io.WriteString(w, b.String())
	return err
}

// memoKey is everything a calculator's HTML depends on besides the
// program: the theme and configuration (themeKey), the page, the block
// and the titles of the sections its steps cite.
func (c *calcs) memoKey(blk calcui.Block, p calcui.Page, where string) string {
	inputs, _ := json.Marshal(blk.Inputs) // maps marshal with sorted keys
	sections := make([]string, 0, len(p.Sections))
	for k, v := range p.Sections {
		sections = append(sections, k+"\x00"+v)
	}
	sort.Strings(sections)
	return strings.Join([]string{c.themeKey, p.Lang, where, blk.Form.Name, blk.ID, blk.TitleID, string(inputs), strings.Join(sections, "\x01"), c.rulesJSON()}, "\x02")
}

// calcMemo keeps the calculators' HTML from one Live build to the next
// (computing and drawing the 40 calculators of the real site was a fifth
// of a live rebuild): the last build's entries and the current one's.
type calcMemo struct {
	mu        sync.Mutex
	last, cur map[string]string
}

func (m *calcMemo) get(key string) (string, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	html, ok := m.cur[key]
	if !ok {
		html, ok = m.last[key]
		if ok {
			m.putLocked(key, html)
		}
	}
	return html, ok
}

func (m *calcMemo) put(key, html string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.putLocked(key, html)
}

func (m *calcMemo) putLocked(key, html string) {
	if m.cur == nil {
		m.cur = map[string]string{}
	}
	m.cur[key] = html
}

// rotate ends a build.
func (m *calcMemo) rotate() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.last, m.cur = m.cur, nil
}

// docSections keeps the section titles of the calculator's own document: the
// engine's steps cite those, and the page carries no more than it needs.
func (c *calcs) docSections(lang, name string) map[string]string {
	out := map[string]string{}
	doc := c.doc(lang, calcui.Info(name).Doc)
	if doc == nil {
		return out
	}
	for _, sec := range doc.Sections {
		if _, dup := out[doc.Slug+"#"+sec.ID]; !dup {
			out[doc.Slug+"#"+sec.ID] = sec.Title
		}
	}
	return out
}

// doc returns the document of lang whose slug is slug, or nil.
func (c *calcs) doc(lang, slug string) *site.Doc {
	if c.site == nil || slug == "" {
		return nil
	}
	l := c.site.Lang(lang)
	if l == nil {
		return nil
	}
	return l.Doc(slug)
}

// title returns the title of the section key ("doc#id") in lang, "" when
// there is none.
func (c *calcs) title(lang, key string) string {
	slug, id, _ := strings.Cut(key, "#")
	d := c.doc(lang, slug)
	if d == nil {
		return ""
	}
	if sec := d.Section(id); sec != nil {
		return sec.Title
	}
	// An anchor inside a section ({#effect-blinded}): the link opens the
	// rule itself, named by the section that holds it.
	for _, a := range d.Anchors {
		if a.ID == id {
			if sec := d.Section(a.Section); sec != nil {
				return sec.Title
			}
		}
	}
	return ""
}

// calculatorsPage renders every calculator with its defaults for the page
// /lang/calculators/, each under a heading whose ID is the calculator's
// name (permanent, like a section's), followed by a link to the rules it
// applies, grouped by rules document in the documents' order.
func (c *calcs) calculatorsPage(lang string, docs []*site.Doc) ([]render.CalcGroup, []string, error) {
	c.pagesMu.Lock()
	defer c.pagesMu.Unlock()
	if p, ok := c.pages[lang]; ok && slices.Equal(p.docs, docs) {
		return p.groups, p.names, p.err
	}
	groups, names, err := c.makeCalculatorsPage(lang, docs)
	if c.pages == nil {
		c.pages = map[string]*calcPage{}
	}
	c.pages[lang] = &calcPage{docs: docs, groups: groups, names: names, err: err}
	return groups, names, err
}

// makeCalculatorsPage computes and renders the page calculatorsPage keeps.
func (c *calcs) makeCalculatorsPage(lang string, docs []*site.Doc) ([]render.CalcGroup, []string, error) {
	var groups []render.CalcGroup
	var names []string
	group := func(slug string) *render.CalcGroup {
		for i := range groups {
			if groups[i].Slug == slug {
				return &groups[i]
			}
		}
		g := render.CalcGroup{Slug: slug, Title: c.theme.T(lang, "calc.general")}
		for _, d := range docs {
			if d.Slug == slug {
				g.Title, g.URL = d.Short, "../"+slug+"/"
			}
		}
		groups = append(groups, g)
		return &groups[len(groups)-1]
	}
	// The documents' order, then the calculators of no document (dice).
	withCalcs := map[string]bool{}
	for _, f := range calcui.Forms {
		withCalcs[calcui.Info(f.Name).Doc] = true
	}
	for _, d := range docs {
		if withCalcs[d.Slug] {
			group(d.Slug)
		}
	}
	for i := range calcui.Forms {
		f := &calcui.Forms[i]
		info := calcui.Info(f.Name)
		p := c.page(lang)
		p.Sections = c.docSections(lang, f.Name)
		var b strings.Builder
		if err := c.render(&b, calcui.Block{Form: f, ID: "calc-" + f.Name, Inputs: f.Merge(nil), TitleID: f.Name}, p, ""); err != nil {
			return nil, nil, err
		}
		e := render.CalcEntry{ID: f.Name, Title: c.theme.T(lang, "calc."+f.Name+".title"), HTML: template.HTML(b.String())}
		if info.Doc != "" {
			e.RulesURL = "../" + info.Doc + "/#" + info.Section
			e.RulesTitle = c.title(lang, info.Doc+"#"+info.Section)
			for _, d := range docs {
				if d.Slug == info.Doc {
					e.RulesDoc = d.Short
				}
			}
		}
		g := group(info.Doc)
		g.Entries = append(g.Entries, e)
		names = append(names, f.Name)
	}
	return groups, names, nil
}
