// Package render turns the page model into HTML with the theme's
// html/template layouts and i18n strings.
package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"html"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"compendium/generator/headers"
	"compendium/generator/site"
)

// Theme is the parsed theme: layouts and one string table per language.
type Theme struct {
	dir     string
	strings map[string]map[string]string
	pages   map[string]*template.Template
	// calc draws one calculator (layouts/calc.html).
	calc *template.Template
}

// Assets names the bundled files a page links to, relative to the site root.
type Assets struct {
	CSS, JS string
	// Boot starts the engine early on pages that show a calculator at once.
	Boot string
	// WASM is the rules engine, fetched only when a calculator is used (the
	// Go runtime's support script is bundled into Worker).
	WASM string
	// Worker runs the engine off the main thread.
	Worker string
	// Search maps a language to its search index.
	Search map[string]string
}

// CalcEntry is a calculator on the calculators page.
type CalcEntry struct {
	ID, Title  string // the heading's permanent ID (the calculator's name) and text
	HTML       template.HTML
	RulesURL   string
	RulesTitle string
}

// CalcGroup is the calculators of one rules document, for the calculators
// page's index.
type CalcGroup struct {
	Slug, Title, URL string
	Entries          []CalcEntry
}

// Alternate is a page's version in another language.
type Alternate struct {
	Lang, Href, Name string
}

// Language is an entry of the root page's language choice.
type Language struct {
	Code, Name string
}

// Page is what every layout receives.
type Page struct {
	Lang        string
	Title       string
	Description string
	CSP         string
	Root        string // relative path from the page to the site root, e.g. "../../"
	Assets      Assets
	Alternates  []Alternate
	Languages   []Language
	Docs        []*site.Doc
	Doc         *site.Doc
	Prev, Next  *site.Doc
	// Switch is this page in the other language, for the header's switch.
	Switch *Alternate
	// SideBySide links a document to its bilingual view; Pairs fills that view.
	SideBySide string
	Pairs      []Pair
	Other      *site.Doc
	// LeftLang and RightLang are the languages of the bilingual view's columns.
	LeftLang, RightLang string
	// CalcStrings is the JSON of the interface strings the calculators'
	// script needs; empty on pages without a calculator.
	CalcStrings string
	Calcs       []CalcGroup
	Glossary    []GlossaryEntry
	// PreloadEngine fetches the engine with the page: only where a
	// calculator is in the first screen, so no other page pays for it.
	PreloadEngine bool
	// CalcSections lists the IDs of the sections holding a calculator: the
	// page starts the engine at once when it is opened at one of them.
	CalcSections string
}

// Pair is one section of a document beside its translation.
type Pair struct {
	ID          string
	Left, Right template.HTML
}

var layouts = []string{"root", "home", "doc", "side", "calcs", "glossary"}

// Load parses the theme's layouts and i18n files, and reports every problem.
func Load(dir string) (*Theme, []string) {
	t := &Theme{dir: dir, strings: map[string]map[string]string{}, pages: map[string]*template.Template{}}
	var errs []string
	for _, lang := range site.Languages {
		file := filepath.Join(dir, "i18n", lang+".json")
		b, err := os.ReadFile(file)
		if err != nil {
			errs = append(errs, file+": "+err.Error())
			continue
		}
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			errs = append(errs, file+": "+err.Error())
			continue
		}
		t.strings[lang] = m
	}
	for _, name := range layouts {
		tpl := template.New(name).Funcs(template.FuncMap{
			// Replaced per page by Render; here so that parsing knows the names.
			"t":     func(string) string { return "" },
			"upper": strings.ToUpper,
		})
		tpl, err := tpl.ParseFiles(filepath.Join(dir, "layouts", "base.html"), filepath.Join(dir, "layouts", name+".html"))
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		t.pages[name] = tpl
	}
	if tpl, err := template.ParseFiles(filepath.Join(dir, "layouts", "calc.html")); err != nil {
		errs = append(errs, err.Error())
	} else {
		t.calc = tpl
	}
	// Every language must define the keys the original defines, so that no
	// interface text silently falls back to a key name.
	for _, lang := range site.Languages[1:] {
		for k := range t.strings["fr"] {
			if _, ok := t.strings[lang][k]; !ok && t.strings[lang] != nil {
				errs = append(errs, filepath.Join(dir, "i18n", lang+".json")+": missing key “"+k+"”")
			}
		}
	}
	return t, errs
}

// T returns the interface string key in lang, or the key itself, marked, when
// it is missing so that the gap shows in review.
func (t *Theme) T(lang, key string) string {
	if s, ok := t.strings[lang][key]; ok {
		return s
	}
	return "[" + key + "]"
}

// SearchIndex returns the search index of the page's language.
func (p *Page) SearchIndex() string { return p.Assets.Search[p.Lang] }

// SearchIndexOther returns the index of the first other language, queried
// second.
func (p *Page) SearchIndexOther() string {
	for _, l := range site.Languages {
		if l != p.Lang && p.Assets.Search[l] != "" {
			return p.Assets.Search[l]
		}
	}
	return ""
}

// Calc writes one calculator's HTML from the view calcui prepared; the
// markup is the theme's (layouts/calc.html).
func (t *Theme) Calc(w io.Writer, view any) error {
	if t.calc == nil {
		return errors.New("theme: layouts/calc.html did not load")
	}
	return t.calc.ExecuteTemplate(w, "calc", view)
}

// Render executes layout for p.
func (t *Theme) Render(layout string, p *Page) ([]byte, error) {
	tpl, err := t.pages[layout].Clone()
	if err != nil {
		return nil, err
	}
	lang := p.Lang
	tpl.Funcs(template.FuncMap{"t": func(key string) string { return t.T(lang, key) }})
	if p.CSP == "" {
		p.CSP = headers.CSP
	}
	var buf bytes.Buffer
	if err := tpl.ExecuteTemplate(&buf, "base", p); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Site renders every page of s: the root language choice, one index per
// language and one page per document. Keys are paths relative to the site root.
func (t *Theme) Site(s *site.Site, a Assets, extra Extra) (map[string][]byte, error) {
	out := map[string][]byte{}
	var langs []Language
	for _, l := range s.Langs {
		langs = append(langs, Language{Code: l.Code, Name: t.T(l.Code, "lang_name")})
	}
	first := s.Langs[0].Code
	root := &Page{Lang: first, Title: t.T(first, "site_title"), Description: t.T(first, "site_tagline"), Root: "", Assets: a, Languages: langs}
	for _, l := range s.Langs {
		root.Alternates = append(root.Alternates, Alternate{Lang: l.Code, Href: l.Code + "/"})
	}
	b, err := t.Render("root", root)
	if err != nil {
		return nil, err
	}
	out["index.html"] = b
	for _, l := range s.Langs {
		home := &Page{Lang: l.Code, Title: t.T(l.Code, "site_title"), Description: t.T(l.Code, "site_tagline"), Root: "../", Assets: a, Docs: l.Docs}
		for _, other := range s.Langs {
			alt := Alternate{Lang: other.Code, Href: "../" + other.Code + "/", Name: t.T(other.Code, "lang_name")}
			home.Alternates = append(home.Alternates, alt)
			if other.Code != l.Code && home.Switch == nil {
				home.Switch = &alt
			}
		}
		if b, err = t.Render("home", home); err != nil {
			return nil, err
		}
		out[l.Code+"/index.html"] = b
		if extra.Glossary != nil {
			if entries := extra.Glossary(l.Code); len(entries) > 0 {
				gp := &Page{Lang: l.Code, Title: t.T(l.Code, "glossary") + " — " + t.T(l.Code, "site_title"),
					Description: t.T(l.Code, "glossary_intro"), Root: "../../", Assets: a, Glossary: entries}
				for _, other := range s.Langs {
					alt := Alternate{Lang: other.Code, Href: "../../" + other.Code + "/glossary/", Name: t.T(other.Code, "lang_name")}
					gp.Alternates = append(gp.Alternates, alt)
					if other.Code != l.Code && gp.Switch == nil {
						gp.Switch = &alt
					}
				}
				if b, err = t.Render("glossary", gp); err != nil {
					return nil, err
				}
				out[l.Code+"/glossary/index.html"] = b
			}
		}
		if extra.Calculators != nil {
			cp := &Page{Lang: l.Code, Title: t.T(l.Code, "calculators") + " — " + t.T(l.Code, "site_title"),
				Description: t.T(l.Code, "calculators_intro"), Root: "../../", Assets: a, PreloadEngine: true}
			var names []string
			cp.Calcs, names, err = extra.Calculators(l.Code, l.Docs)
			if err != nil {
				return nil, err
			}
			if extra.CalcStrings != nil {
				cp.CalcStrings = extra.CalcStrings(l.Code, names)
			}
			for _, other := range s.Langs {
				alt := Alternate{Lang: other.Code, Href: "../../" + other.Code + "/calculators/", Name: t.T(other.Code, "lang_name")}
				cp.Alternates = append(cp.Alternates, alt)
				if other.Code != l.Code && cp.Switch == nil {
					cp.Switch = &alt
				}
			}
			if b, err = t.Render("calcs", cp); err != nil {
				return nil, err
			}
			out[l.Code+"/calculators/index.html"] = b
		}
		for i, d := range l.Docs {
			p := &Page{Lang: l.Code, Title: d.Title + " — " + t.T(l.Code, "site_title"), Description: d.Summary, Root: "../../", Assets: a, Doc: d}
			if len(d.Calcs) > 0 && extra.CalcStrings != nil {
				p.CalcStrings = extra.CalcStrings(l.Code, calcNames(d))
				p.CalcSections = calcSections(d)
			}
			if i > 0 {
				p.Prev = l.Docs[i-1]
			}
			if i+1 < len(l.Docs) {
				p.Next = l.Docs[i+1]
			}
			var od *site.Doc
			for _, other := range s.Langs {
				if other.Doc(d.Slug) == nil {
					continue
				}
				alt := Alternate{Lang: other.Code, Href: "../../" + other.Code + "/" + d.Slug + "/", Name: t.T(other.Code, "lang_name")}
				p.Alternates = append(p.Alternates, alt)
				if other.Code != l.Code && p.Switch == nil {
					p.Switch, od = &alt, other.Doc(d.Slug)
				}
			}
			if od != nil {
				p.SideBySide = "side-by-side/"
			}
			if b, err = t.Render("doc", p); err != nil {
				return nil, err
			}
			out[l.Code+"/"+d.Slug+"/index.html"] = b
			if od == nil {
				continue
			}
			// The bilingual view: the original on the left, whatever the
			// page's language, as readers compare a translation to it.
			left, right := d, od
			if l.Code != s.Langs[0].Code {
				left, right = od, d
			}
			sp := &Page{Lang: l.Code, Title: d.Title + " — " + t.T(l.Code, "side_by_side"), Description: d.Summary,
				Root: "../../../", Assets: a, Doc: d, Other: od, Pairs: pairs(left, right),
				LeftLang: left.Lang, RightLang: right.Lang}
			for _, other := range s.Langs {
				alt := Alternate{Lang: other.Code, Href: "../../../" + other.Code + "/" + d.Slug + "/side-by-side/", Name: t.T(other.Code, "lang_name")}
				sp.Alternates = append(sp.Alternates, alt)
				if other.Code != l.Code && sp.Switch == nil {
					sp.Switch = &alt
				}
			}
			if b, err = t.Render("side", sp); err != nil {
				return nil, err
			}
			out[l.Code+"/"+d.Slug+"/side-by-side/index.html"] = b
		}
	}
	return out, nil
}

// Strip returns the visible text of an HTML fragment, for tests and the
// search index: tags removed, entities decoded, white space folded.
func Strip(h string) string {
	var b strings.Builder
	in := false
	for _, r := range h {
		switch {
		case r == '<':
			in = true
			b.WriteByte(' ')
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
}

// Extra supplies what the theme renders but does not compute: the
// calculators, computed by the engine at build time.
type Extra struct {
	// CalcStrings returns the JSON of the strings for calculators names.
	CalcStrings func(lang string, names []string) string
	// Calculators renders every calculator for the calculators page, and
	// returns their names.
	Calculators func(lang string, docs []*site.Doc) ([]CalcGroup, []string, error)
	// Glossary returns the glossary's entries for a language, sorted.
	Glossary func(lang string) []GlossaryEntry
}

// GlossaryEntry is a term on the glossary page.
type GlossaryEntry struct {
	ID, Term, Abbr, Other, OtherAbbr, OtherLang, Definition string
	URL, Section                                            string
}

// calcSections returns the IDs of the sections that hold a calculator: a
// page opened at one of them starts the engine before the page is parsed
// (theme/js/boot.js), and no other page pays for it.
func calcSections(d *site.Doc) string {
	var ids []string
	for _, c := range d.Calcs {
		line := d.Line(c.Offset)
		id := ""
		for _, sec := range d.Sections {
			if sec.Line <= line {
				id = sec.ID
			}
		}
		if id != "" && (len(ids) == 0 || ids[len(ids)-1] != id) {
			ids = append(ids, id)
		}
	}
	return strings.Join(ids, " ")
}

func calcNames(d *site.Doc) []string {
	var n []string
	for _, c := range d.Calcs {
		n = append(n, c.Name)
	}
	return n
}

// pairs aligns two versions of a document by section ID. Check guarantees
// that both have the same IDs in the same order.
func pairs(left, right *site.Doc) []Pair {
	l, r := splitSections(left), splitSections(right)
	var out []Pair
	for i, ls := range l {
		p := Pair{ID: ls.id, Left: ls.html}
		if i < len(r) && r[i].id == ls.id {
			p.Right = r[i].html
		}
		out = append(out, p)
	}
	return out
}

type sectionHTML struct {
	id   string
	html template.HTML
}

var headingOpen = regexp.MustCompile(`<h[2-6] id="([a-z0-9-]+)">`)

// calcBlock matches a calculator: the bilingual view is for reading the
// rules, and two copies of a calculator would repeat its IDs.
var calcBlock = regexp.MustCompile(`(?s)<!--calc-->.*?<!--/calc-->\n?`)

// splitSections cuts a rendered body at its headings, which goldmark writes
// at the top level, and rebases its relative links for a page one folder
// deeper (/lang/slug/side-by-side/). Headings lose their id: the pair holds it.
func splitSections(d *site.Doc) []sectionHTML {
	body := calcBlock.ReplaceAllString(string(d.Body), "")
	body = strings.ReplaceAll(body, `href="../`, `href="../../../`+d.Lang+`/`)
	locs := headingOpen.FindAllStringSubmatchIndex(body, -1)
	var out []sectionHTML
	start, id := 0, ""
	for _, loc := range locs {
		out = append(out, sectionHTML{id: id, html: template.HTML(body[start:loc[0]])})
		id = body[loc[2]:loc[3]]
		start = loc[0]
	}
	out = append(out, sectionHTML{id: id, html: template.HTML(body[start:])})
	for i := range out {
		out[i].html = template.HTML(headingOpen.ReplaceAllStringFunc(string(out[i].html), func(m string) string {
			return m[:3] + ">"
		}))
	}
	return out
}

// Keys returns the keys of a language's strings.
func (t *Theme) Keys(lang string) []string {
	keys := make([]string, 0, len(t.strings[lang]))
	for k := range t.strings[lang] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
