// Twin of theme/js/calcs/table.js for table (the same kinds, columns,
// order and texts), which TestTableTwins (generator/e2e/twins_test.go)
// holds equal, and of theme/js/calcs/calc.js for forLine (forText) and
// steps (steps), which TestStepsTwins holds equal: change one, change the
// other. The numbers are format.go's.

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
	// Rules maps "doc#id" to the section's title, for the links of the
	// explanation steps.
	Rules map[string]string
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
	Values map[string]any // the form's values: defaults merged with the block's
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
	Desc           string
	ValuesJSON     string // the values the form starts from (reset goes back to them)
	RulesJSON      string // "doc#id" → section title, for the live steps' links
	LinksJSON      string // "doc#id" → the section's link from this page, the same keys
	Groups         []GroupView
	Reading        string
	Result         ResultView
	Grid           *Table // casting: chance by magic and apprenticeship
	// For says what the result is computed for, in one line ("Magie : 3 ·
	// Torse : plaque"): printed in place of the form (calc.js keeps it
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
	out, cerr := p.engine().Calculate(f.Name, f.EngineInput(blk.Values))
	values, _ := json.Marshal(blk.Values)
	rules, _ := json.Marshal(p.Rules)
	// The live steps link what the static ones link: the links are made
	// here, once, and a page that holds every document (the book, the
	// single file) rewrites them as it rewrites the static ones.
	hrefs := map[string]string{}
	for key := range p.Rules {
		doc, id, _ := strings.Cut(key, "#")
		hrefs[key] = p.DocURL(doc) + "#" + id
	}
	links, _ := json.Marshal(hrefs)
	v := &View{
		ID: blk.ID, Name: f.Name, Plot: f.Plot,
		Kicker: p.T("calc.kicker"), Title: p.T("calc." + f.Name + ".title"),
		TitleID: blk.ID + "-title", OwnTitle: true,
		Desc:       info.Fr,
		ValuesJSON: string(values), RulesJSON: string(rules), LinksJSON: string(links),
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
		v.TitleID, v.OwnTitle = blk.TitleID, false
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
			fv := fieldView(blk.ID, f.Name, fd, blk.Values, p)
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
		v.Grid = castingGrid(blk.Values, p)
	}
	return v, nil
}

// shortKeys names each field in a short link: its last path segment when
// no other field of the form ends the same way, else its whole path.
func shortKeys(f *Form) map[string]string {
	count := map[string]int{}
	for _, g := range f.Groups {
		for _, fd := range g.Fields {
			count[lastKey(fd.Path)]++
		}
	}
	keys := map[string]string{}
	for _, g := range f.Groups {
		for _, fd := range g.Fields {
			k := lastKey(fd.Path)
			if count[k] > 1 {
				k = fd.Path
			}
			keys[fd.Path] = k
		}
	}
	return keys
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

// idDashes makes a field's path part of an HTML ID.
var idDashes = strings.NewReplacer(".", "-", "_", "-")

func fieldView(id, calc string, fd Field, values map[string]any, p Page) FieldView {
	v, _ := Get(values, fd.Path)
	fv := FieldView{
		ID: id + "-" + idDashes.Replace(fd.Path), Path: fd.Path, Kind: fd.Kind,
		Label: label(p, calc, fd.Path), When: strings.Join(fd.When, "&"), UIOnly: fd.UIOnly, Optional: fd.Optional,
		// Hidden from the first paint, as the script would hide it: a field
		// that disappeared once the script ran moved the text below it.
		Hidden: !fd.Holds(values),
	}
	fillNumeric(&fv, fd, p)
	if s := p.T("calc." + calc + ".item." + fd.Path); fd.Kind == IntList && !strings.HasPrefix(s, "[") {
		fv.ItemMsg = fill(s, "min", num(fd.Min, p.format()), "max", num(fd.Max, p.format()))
	}
	switch fd.Kind {
	case Bool:
		fv.Checked, _ = v.(bool)
	case EnumSet:
		set := map[string]bool{}
		if l, ok := v.([]any); ok {
			for _, x := range l {
				set[str(x)] = true
			}
		}
		for _, o := range fd.Options {
			fv.Options = append(fv.Options, Option{ID: fv.ID + "-" + o, Value: o, Text: option(p, o), Selected: set[o]})
		}
	case Enum, IntEnum:
		cur := valueString(v, plainFormat)
		if fd.Optional {
			fv.Options = append(fv.Options, Option{Value: "", Text: p.T("calc.default"), Selected: cur == ""})
		}
		for _, o := range fd.Options {
			text := o
			if fd.Kind == Enum {
				text = option(p, o)
			}
			fv.Options = append(fv.Options, Option{Value: o, Text: text, Selected: o == cur})
		}
	case Events:
		fv.SubJSON = subSpec(calc, fd, p)
		fv.RowLabel = p.T("calc." + calc + ".row")
		if strings.HasPrefix(fv.RowLabel, "[") {
			fv.RowLabel = p.T("calc.row")
		}
		fv.AddLabel, fv.RemoveLabel = p.T("calc.add_event"), p.T("calc.remove_event")
		fv.Msg = fill(p.T("calc.msg.events"), "label", fv.Label)
		if l, ok := v.([]any); ok {
			for _, row := range l {
				m, _ := row.(map[string]any)
				fv.Rows = append(fv.Rows, rowView(calc, fd, m, p))
			}
		}
		fv.Blank = rowView(calc, fd, map[string]any{}, p)
	default:
		fv.Value = shownValue(v, fd, p.format())
	}
	return fv
}

// RowView is one row of timed actions as its partial draws it.
type RowView struct {
	Label, Remove string
	Cells         []FieldView
}

// Row returns the i-th row of an Events field; i < 0 gives the blank row
// that new rows are cloned from, numbered "__N__" for the script to fill.
func (f FieldView) Row(i int) RowView {
	n, cells := "__N__", f.Blank
	if i >= 0 && i < len(f.Rows) {
		n, cells = strconv.Itoa(i+1), f.Rows[i]
	}
	r := RowView{Label: fill(f.RowLabel, "n", n), Remove: fill(f.RemoveLabel, "n", n)}
	for _, c := range cells {
		c.ID = f.ID + "-" + n + "-" + strings.ReplaceAll(c.Path, "_", "-")
		r.Cells = append(r.Cells, c)
	}
	return r
}

// rowView returns the cells of one row of timed actions.
func rowView(calc string, fd Field, row map[string]any, p Page) []FieldView {
	var cells []FieldView
	for _, s := range fd.Sub {
		c := FieldView{Path: s.Path, Kind: s.Kind, Label: label(p, calc, "events."+s.Path)}
		fillNumeric(&c, s, p)
		switch s.Kind {
		case Bool:
			c.Checked, _ = row[s.Path].(bool)
		case Enum:
			for _, o := range s.Options {
				c.Options = append(c.Options, Option{Value: o, Text: option(p, o), Selected: o == str(row[s.Path])})
			}
		default:
			c.Value = shownValue(row[s.Path], s, p.format())
		}
		cells = append(cells, c)
	}
	return cells
}

// fillNumeric sets what a number field shows and says: its keyboard, its
// unit, its range and the message of a value outside it, in the player's
// words ("Magie : un nombre entier de 0 à 50").
func fillNumeric(fv *FieldView, fd Field, p Page) {
	lo, hi := fd.Min, fd.Max
	if fd.Percent {
		fv.Unit, fv.Scale = "%", 100
		lo, hi = 100*lo, 100*hi
	}
	what := ""
	switch fd.Kind {
	case Int:
		what = "calc.msg.int"
	case Number:
		what = "calc.msg.number"
		if fd.Percent {
			what = "calc.msg.percent"
		}
	case IntList:
		what = "calc.msg.ints"
		fv.Placeholder = p.T("calc.list_placeholder")
		fv.ItemMsg = fill(p.T("calc.msg.item"), "label", fv.Label, "min", num(lo, p.format()), "max", num(hi, p.format()))
	case Text:
		fv.InputMode = "text"
		fv.Msg = fv.Label
		return
	default:
		return
	}
	fv.Min, fv.Max = raw(fd.Min), raw(fd.Max)
	fv.Hint = num(lo, p.format()) + " – " + num(hi, p.format())
	// An empty box beside a range read as a value to fill in: the casting
	// calculator's modifier and experience looked missing at 390 px.
	if fd.Optional && fv.Placeholder == "" {
		fv.Placeholder = p.T("calc.optional")
	}
	if fd.Percent {
		fv.Hint = pctRange(lo, hi, p.format())
	}
	fv.Msg = fill(p.T(what), "label", fv.Label, "min", num(lo, p.format()), "max", num(hi, p.format()))
	// Phones' numeric keypads have no minus sign, and the iPhone's has no
	// comma or space either: a field that takes a minus, or a list of
	// values, gets the text keyboard (its "123" page has all three).
	switch {
	case fd.Min < 0, fd.Kind == IntList:
		fv.InputMode = "text"
	case fd.Kind == Number:
		fv.InputMode = "decimal"
	default:
		fv.InputMode = "numeric"
	}
}

// shownValue writes a value as its field shows it: a decimal comma in
// French, a percentage field in percent.
func shownValue(v any, fd Field, f Format) string {
	if x, ok := v.(float64); ok && fd.Percent {
		return fieldNum(100*x, f)
	}
	return valueString(v, f)
}

// subSpec describes an Events row's columns for the script that adds rows.
func subSpec(calc string, fd Field, p Page) string {
	type col struct {
		Path      string   `json:"path"`
		Kind      Kind     `json:"kind"`
		Label     string   `json:"label"`
		Min       float64  `json:"min"`
		Max       float64  `json:"max"`
		InputMode string   `json:"inputmode,omitempty"`
		Msg       string   `json:"msg,omitempty"`
		Options   []string `json:"options,omitempty"`
		Texts     []string `json:"texts,omitempty"`
	}
	var cols []col
	for _, s := range fd.Sub {
		var c FieldView
		c.Label = label(p, calc, "events."+s.Path)
		fillNumeric(&c, s, p)
		var texts []string
		for _, o := range s.Options {
			texts = append(texts, option(p, o))
		}
		cols = append(cols, col{s.Path, s.Kind, c.Label, s.Min, s.Max, c.InputMode, c.Msg, s.Options, texts})
	}
	b, _ := json.Marshal(cols)
	return string(b)
}

// FormatFigure formats an output value as the page shows it: rounded for
// people (probabilities to 0.1 %, expectations to one decimal); the exact
// value stays in the element's title and in the values table.
func FormatFigure(v any, format string, p Page, fraction string) string {
	switch format {
	case "pct":
		x, _ := v.(float64)
		s := pct(x, p.format())
		if fraction != "" && fraction != "0" && fraction != "1" {
			s += " (" + fraction + ")"
		}
		return s
	case "bool":
		if bv, _ := v.(bool); bv {
			return p.T("calc.yes")
		}
		return p.T("calc.no")
	case "enum":
		if v == nil {
			return p.T("calc.none")
		}
		return option(p, str(v))
	case "min":
		x, _ := v.(float64)
		return num(x, p.format()) + " min"
	case "list":
		return valueString(v, p.format())
	case "text":
		return str(v)
	case "num":
		x, _ := v.(float64)
		return numPrec(x, 1, p.format())
	}
	x, _ := v.(float64)
	return num(x, p.format())
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

// maxTable is the longest distribution (dist, rests) written as a table:
// a longer one (100d1000) stays in the plot and the JSON. The other
// series are as long as the engine allows. table.js's MAX_TABLE is its
// twin.
const maxTable = 60

// table returns the result's series as a table: the static stand-in for
// the plot the script draws, and its values under the plot.
func table(f *Form, out map[string]any, p Page) *Table {
	list := func(key string) []map[string]any {
		l, _ := out[key].([]any)
		var rows []map[string]any
		for _, x := range l {
			if m, ok := x.(map[string]any); ok {
				rows = append(rows, m)
			}
		}
		return rows
	}
	fl := func(m map[string]any, k string) float64 { x, _ := m[k].(float64); return x }
	t := &Table{}
	head := func(keys ...string) {
		for _, k := range keys {
			t.Head = append(t.Head, p.T("calc.col."+k))
		}
	}
	row := func(cells ...string) { t.Rows = append(t.Rows, cells) }
	switch f.Plot {
	case "dist":
		rows, atl := list("distribution"), list("at_least")
		if len(rows) == 0 || len(rows) > maxTable {
			return nil
		}
		head("value", "p", "at_least")
		for i, r := range rows {
			al := 0.0
			if i < len(atl) {
				al = fl(atl[i], "p")
			}
			row(num(fl(r, "value"), p.format()), pct(fl(r, "p"), p.format()), pct(al, p.format()))
		}
	case "rests":
		rows := list("rests")
		if len(rows) == 0 || len(rows) > maxTable {
			return nil
		}
		head("rests", "p")
		for _, r := range rows {
			row(num(fl(r, "rests"), p.format()), pct(fl(r, "p"), p.format()))
		}
	case "xp":
		head("xp", "p")
		for _, r := range list("distribution") {
			row(num(fl(r, "xp"), p.format()), pct(fl(r, "p"), p.format()))
		}
	case "timeline":
		head("at", "state", "cause")
		for _, r := range list("timeline") {
			row(num(fl(r, "at"), p.format())+" min", option(p, str(r["state"])), causeLabel(p, str(r["cause"])))
		}
	case "hits":
		// The state and the life points first, after the hit: the columns
		// a player reads, on screen at 360 px; the armour left scrolls
		// after them (theme/js/calcs/table.js, the same order).
		head("hit", "damage", "state", "life_points", "magic", "physical")
		for _, r := range list("timeline") {
			row(num(fl(r, "hit"), p.format()), num(fl(r, "damage"), p.format()), option(p, str(r["state"])),
				num(fl(r, "life_points"), p.format()), num(fl(r, "magic"), p.format()), num(fl(r, "physical"), p.format()))
		}
	case "rounds":
		head("opponent", "score", "result")
		for _, r := range list("rounds") {
			row(num(fl(r, "opponent"), p.format()), num(fl(r, "score"), p.format()), option(p, str(r["result"])))
		}
	default:
		return nil
	}
	if len(t.Rows) == 0 {
		return nil
	}
	return t
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
			st.Rule = p.Rules[doc+"#"+rule]
			if st.Rule == "" {
				st.Rule = rule
			}
		}
		sv = append(sv, st)
	}
	return sv
}

// castingGrid returns the chance to cast for magic 0–10 and every
// apprenticeship level of the page's rules: the table a player reads at a
// glance without JavaScript.
func castingGrid(values map[string]any, p Page) *Table {
	t := &Table{Caption: p.T("calc.casting.grid"), RowHead: true, Head: []string{p.T("calc.field.magic")}}
	reading, _ := values["reading"].(string)
	grid := castingChances(p.engine(), reading)
	for a := range grid[0] {
		t.Head = append(t.Head, p.T("calc.col.appr")+" "+strconv.Itoa(a+1))
	}
	for m, chances := range grid {
		row := []string{strconv.Itoa(m)}
		for _, x := range chances {
			cell := "—"
			if x >= 0 {
				cell = pct(x, p.format())
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// castingGrids keeps castingChances per rules and reading: the grid is
// drawn for every casting calculator of a build, in each language, and
// its computations were a visible part of the real site's CPU.
var castingGrids sync.Map

// castingChances returns the chance to cast for magic 0–10 (rows) and
// apprenticeship 1 to the rules' highest level (columns) under reading (""
// for the default), -1 where the engine refuses the input.
func castingChances(rules *engine.Rules, reading string) [][]float64 {
	type key struct {
		rules   engine.Rules
		reading string
	}
	k := key{*rules, reading}
	if g, ok := castingGrids.Load(k); ok {
		return g.([][]float64)
	}
	g := make([][]float64, 11) // magic 0 to 10, what a table at a glance covers, not a rule
	for m := range g {
		g[m] = make([]float64, rules.Casting.MaxApprenticeship)
		for a := range g[m] {
			in := map[string]any{"magic": float64(m), "apprenticeship": float64(a + 1)}
			if reading != "" {
				in["reading"] = reading
			}
			g[m][a] = -1
			if out, err := rules.Calculate("casting", in); err == nil {
				g[m][a], _ = out["p_cast"].(float64)
			}
		}
	}
	v, _ := castingGrids.LoadOrStore(k, g)
	return v.([][]float64)
}

// causeLabel names what changed a state: a timer, the start, or an action.
func causeLabel(p Page, cause string) string {
	if s := p.T("opt.cause_" + cause); !strings.HasPrefix(s, "[") {
		return s
	}
	return option(p, cause)
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
				// group's legend names them (calc.js's forText reads it).
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
