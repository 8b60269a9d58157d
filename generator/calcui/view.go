// The view model: everything a calculator block's template draws (View,
// its groups, fields, result and steps), made by Prepare, the package's
// entry point, from the engine's static result. forLine and steps are
// paired with theme/js/calcs/form.js's forText and result.js's steps, which
// TestStepsParity (generator/e2e/parity_test.go) holds equal: change one,
// change the other. The fields are fields.go's, the tables table.go's and
// the numbers format.go's.

package calcui

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"

	"compendium/wasm/engine"
)

// Page is what a calculator block needs to know about the page it is on.
type Page struct {
	Lang string
	// T returns an interface string of the page's language.
	T func(key string) string
	// Sections maps "doc#id" to the section's title, for the links of the
	// explanation steps.
	Sections map[string]string
	// DocURL returns the URL of a document from this page ("../fantasy/",
	// "" for the page itself).
	DocURL func(slug string) string
	// RuleValues are the rules the content declares, which the static
	// results are computed with; nil means the engine's defaults.
	RuleValues *engine.Rules
	// CharacterURL is the character page from this page ("../character/"),
	// "" where there is none (the single-file edition).
	CharacterURL string
	// numFormat is the language's Format, read once by Prepare.
	numFormat *Format
}

// engine returns the rules the page's results are computed with.
func (p Page) engine() *engine.Rules {
	if p.RuleValues == nil {
		return engine.Default()
	}
	return p.RuleValues
}

// Block is one calculator placed in a page.
type Block struct {
	Form   *Form
	ID     string         // unique in the page, e.g. "calc-armor"
	Inputs map[string]any // the form's inputs: defaults merged with the block's
	// TitleID, when set, names an element outside the block (the
	// calculators page's heading) that titles it; the block then shows no
	// title of its own.
	TitleID string
}

// View is everything theme/layouts/calc.html needs to draw one calculator:
// the package prepares data, the theme owns the markup.
type View struct {
	ID, Name, Plot string
	Kicker, Title  string
	TitleID        string // the element that names the block
	OwnTitle       bool   // false when a heading outside the block names it
	// Fold is true when the block waits, folded, to be opened: in a rules
	// page, where a calculator takes screens of the reading. A block that
	// a heading outside it names (the calculators page) is always open.
	Fold       bool
	Desc       string
	ValuesJSON string // the inputs the form starts from (reset goes back to them)
	RulesJSON  string // "doc#id" → section title, for the live steps' links
	LinksJSON  string // "doc#id" → the section's link from this page, the same keys
	Groups     []GroupView
	Reading    string
	Result     ResultView
	Grid       *Table // casting: chance by magic and apprenticeship
	// For says what the result is computed for, in one line ("Magie : 3 ·
	// Torse : plaque"): printed in place of the form (form.js keeps it
	// true to the inputs).
	For string
	// Character is the JSON of the character fields the calculator starts
	// from (CharacterMap), "" when its game has no character;
	// CharacterURL links the character page, and CharacterGame is the
	// game's ID there.
	Character, CharacterURL, CharacterGame string
	T                                      func(string) string
}

// GroupView is a fieldset.
type GroupView struct {
	Legend string
	Note   string // what the short labels of its choices stand for
	Fields []FieldView
}

// FieldView is one control, ready for its partial (calc-field-<Kind>).
type FieldView struct {
	ID, Path, Key string
	Kind          Kind
	Label         string
	When          string
	UIOnly        bool
	Optional      bool
	Hidden        bool   // its conditions do not hold for the values shown
	Value         string // text of a text-like control
	Checked       bool
	InputMode     string
	Unit          string  // "%" for a percentage
	Scale         float64 // shown value = engine value × Scale (0 when 1)
	Min, Max      string  // the engine's bounds, in engine units
	Hint          string  // the allowed range, as shown
	Msg           string  // the error a reader sees for this field: label and what is allowed
	ItemMsg       string  // lists: the error of one item, "{n}" for its rank
	Placeholder   string
	Options       []Option
	// Events: the rows, the columns' description for new rows and labels.
	Rows        [][]FieldView
	Blank       []FieldView // the cells of a new row
	SubJSON     string
	RowLabel    string // "Action {n}"
	AddLabel    string
	RemoveLabel string
}

// Option is one choice of a select or a checkbox set.
type Option struct {
	ID, Value, Text string
	Selected        bool
}

// ResultView is the result region's content: the answer in words, the
// secondary figures, the values as a table and the explanation.
type ResultView struct {
	Error   string // the defaults failed (reported by check; never on a built page)
	Answer  []Segment
	Figures []FigureView
	Table   *Table
	Steps   []StepView
}

// Segment is a run of the answer's text, emphasised or not.
type Segment struct {
	Text   string
	Strong bool
}

// FigureView is one secondary figure.
type FigureView struct {
	Path, Format, Label, Text, Exact string
	Hidden                           bool
}

// Table is a result's series as rows of text.
type Table struct {
	Caption string
	Head    []string
	RowHead bool // the first cell of each row heads it
	Rows    [][]string
}

// StepView is one line of the explanation, with its rule link when it is
// the first line citing that section.
type StepView struct {
	Text, Href, Rule string
}

// Prepare computes the block's static result with the engine and returns
// everything its template needs.
func Prepare(blk Block, p Page) (*View, error) {
	numFormat := p.format()
	p.numFormat = &numFormat
	f := blk.Form.Ranged(p.engine())
	info := Info(f.Name)
	out, cerr := p.engine().Calculate(f.Name, f.EngineInput(blk.Inputs))
	inputs, _ := json.Marshal(blk.Inputs)
	sections, _ := json.Marshal(p.Sections)
	// The live steps link what the static ones link: the links are made
	// here, once, and a page that holds every document (the book, the
	// single file) rewrites them as it rewrites the static ones.
	hrefs := map[string]string{}
	for key := range p.Sections {
		doc, id, _ := strings.Cut(key, "#")
		hrefs[key] = p.DocURL(doc) + "#" + id
	}
	links, _ := json.Marshal(hrefs)
	v := &View{
		ID: blk.ID, Name: f.Name, Plot: f.Plot,
		Kicker: p.T("calc.kicker"), Title: p.T("calc." + f.Name + ".title"),
		TitleID: blk.ID + "-title", OwnTitle: true, Fold: true,
		Desc:       info.Fr,
		ValuesJSON: string(inputs), RulesJSON: string(sections), LinksJSON: string(links),
		T: p.T,
	}
	if p.CharacterURL != "" {
		v.CharacterURL = p.CharacterURL
		v.Character = CharacterMap(f.Name)
		if g := CharacterOf(f.Name); g != nil {
			v.CharacterGame = g.Doc
		}
	}
	if blk.TitleID != "" {
		v.TitleID, v.OwnTitle, v.Fold = blk.TitleID, false, false
	}
	v.Desc = engineSays(p.Lang, info.Fr, info.En)
	keys := shortKeys(f)
	labels := map[string]int{}
	for _, g := range f.Groups {
		for _, fd := range g.Fields {
			labels[label(p, f.Name, fd.Path)]++
		}
	}
	for _, g := range f.Groups {
		gv := GroupView{Legend: p.T("calc.group." + g.Legend)}
		if g.Note {
			gv.Note = p.T("calc.group." + g.Legend + ".note")
		}
		for _, fd := range g.Fields {
			fv := fieldView(blk.ID, f.Name, fd, blk.Inputs, p)
			fv.Key = keys[fd.Path]
			// Two fields with one label (the duellists' "Magie"): the
			// message names the group too. A field with no message of its
			// own (a choice) keeps none: the group alone is no sentence.
			if labels[fv.Label] > 1 && fv.Msg != "" {
				fv.Msg = gv.Legend + " — " + fv.Msg
			}
			gv.Fields = append(gv.Fields, fv)
		}
		v.Groups = append(v.Groups, gv)
	}
	v.For = forLine(v.Groups, p)
	if cerr != nil {
		v.Result.Error = engineSays(p.Lang, cerr.Fr, cerr.En)
		return v, cerr
	}
	if r, ok := out["reading"].(map[string]any); ok {
		v.Reading = str(r[p.Lang])
	}
	v.Result = result(f, out, p)
	if f.Name == "casting" {
		v.Grid = castingGrid(blk.Inputs, p)
	}
	return v, nil
}

// Info returns the engine's description of the calculator name: its rule
// document and section, and its one-line description.
func Info(name string) engine.Info {
	return infos()[name]
}

// infos indexes the engine's descriptions once: engine.Calculators copies
// its list at each call, and Info is asked per document and calculator
// (the copies were visible in a 10,000-page build's heap profile).
var infos = sync.OnceValue(func() map[string]engine.Info {
	m := map[string]engine.Info{}
	for _, i := range engine.Calculators() {
		m[i.Name] = i
	}
	return m
})

func str(v any) string {
	s, _ := v.(string)
	return s
}

// label returns the label of a field: a calculator's own key first, then
// the shared one (calc.field.magic serves casting and spell-duel).
func label(p Page, calc, path string) string {
	if s := p.T("calc." + calc + "." + path); !strings.HasPrefix(s, "[") {
		return s
	}
	return p.T("calc.field." + lastKey(path))
}

func lastKey(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[i+1:]
	}
	return path
}

func option(p Page, v string) string { return p.T("opt." + v) }

// fill replaces {name} placeholders of an interface string.
func fill(s string, kv ...string) string {
	for i := 0; i+1 < len(kv); i += 2 {
		s = strings.ReplaceAll(s, "{"+kv[i]+"}", kv[i+1])
	}
	return s
}

// Strings returns the interface strings the script needs to draw results
// (options, yes/no, table heads, messages), for one data attribute a page.
func Strings(t func(string) string, keys []string) map[string]string {
	m := map[string]string{}
	for _, k := range keys {
		m[k] = t(k)
	}
	return m
}

// Answer splits the engine's answer (key figures between ** marks) into
// runs of text.
func Answer(s string) []Segment {
	var out []Segment
	strong := false
	for _, part := range strings.Split(s, "**") {
		if part != "" {
			out = append(out, Segment{Text: part, Strong: strong})
		}
		strong = !strong
	}
	return out
}

func result(f *Form, out map[string]any, p Page) ResultView {
	var r ResultView
	if a, ok := out["answer"].(map[string]any); ok {
		r.Answer = Answer(str(a[p.Lang]))
	}
	// Every figure is written, hidden when this output lacks it, so that
	// the script shows and fills it when another input produces it.
	for _, fig := range f.Figures {
		v, ok := Get(out, fig.Path)
		fv := FigureView{Path: fig.Path, Format: fig.Format, Label: label(p, f.Name, "out."+fig.Path), Hidden: !ok}
		if ok {
			frac, _ := Get(out, fig.Path+"_fraction")
			fv.Text = FormatFigure(v, fig.Format, p, str(frac))
			fv.Exact = ExactTitle(v, fig.Format)
		}
		r.Figures = append(r.Figures, fv)
	}
	r.Table = table(f, out, p)
	r.Steps = steps(out, p)
	return r
}

// steps returns the explanation, with one rule link per distinct section:
// on the first line that applies it.
func steps(out map[string]any, p Page) []StepView {
	l, _ := out["steps"].([]any)
	seen := map[string]bool{}
	var sv []StepView
	for _, s := range l {
		m, _ := s.(map[string]any)
		doc, rule := str(m["doc"]), str(m["rule"])
		st := StepView{Text: str(m[p.Lang])}
		if rule != "" && !seen[doc+"#"+rule] {
			seen[doc+"#"+rule] = true
			st.Href = p.DocURL(doc) + "#" + rule
			st.Rule = p.Sections[doc+"#"+rule]
			if st.Rule == "" {
				st.Rule = rule
			}
		}
		sv = append(sv, st)
	}
	return sv
}

// forLine sums up the values a form shows, field by field ("Label : value",
// the empty and hidden ones left out), for print.
func forLine(groups []GroupView, p Page) string {
	colon := p.format().Colon
	var parts []string
	for _, g := range groups {
		for _, f := range g.Fields {
			if f.Hidden || f.UIOnly {
				continue
			}
			val := ""
			switch f.Kind {
			case Bool:
				if !f.Checked {
					continue
				}
				parts = append(parts, f.Label)
				continue
			case Events:
				if len(f.Rows) == 0 {
					continue
				}
				// The rows have no label of their own on the page: their
				// group's legend names them (form.js's forText reads it).
				parts = append(parts, g.Legend+colon+strconv.Itoa(len(f.Rows)))
				continue
			case Enum, IntEnum, EnumSet:
				var sel []string
				for _, o := range f.Options {
					if o.Selected && o.Value != "" {
						sel = append(sel, o.Text)
					}
				}
				val = strings.Join(sel, ", ")
			default:
				val = f.Value
				if val != "" && f.Unit != "" {
					val += "\u00a0" + f.Unit
				}
			}
			if val != "" {
				parts = append(parts, f.Label+colon+val)
			}
		}
	}
	return strings.Join(parts, " · ")
}

// engineLanguages are the languages the engine writes its texts in (a
// calculator's description, an error), by their place in its pairs (Fr,
// En); the last is the one a page of another language reads.
var engineLanguages = []string{"fr", "en"}

// engineSays returns, of a text the engine gives as fr and en, the one in
// lang, else the one of engineLanguages' last.
func engineSays(lang, fr, en string) string {
	pair := []string{fr, en}
	if i := slices.Index(engineLanguages, lang); i >= 0 {
		return pair[i]
	}
	return pair[len(pair)-1]
}
