package calcui

import (
	"encoding/json"
	"html"
	"math"
	"strconv"
	"strings"

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
}

// Block is one calculator placed in a page.
type Block struct {
	Form   *Form
	ID     string         // unique in the page, e.g. "calc-armor"
	Values map[string]any // the form's values: defaults merged with the block's
}

// Render writes the block's HTML: the form, the reading note, the live
// regions, and the static result of its values computed by the engine now.
func Render(b *strings.Builder, blk Block, p Page) error {
	f := blk.Form
	info := Info(f.Name)
	out, cerr := engine.Calculate(f.Name, f.EngineInput(blk.Values))
	values, _ := json.Marshal(blk.Values)
	rules, _ := json.Marshal(p.Rules)
	w := func(s ...string) {
		for _, x := range s {
			b.WriteString(x)
		}
	}
	id := blk.ID
	// A group, not a region landmark: a page may hold the same calculator
	// twice (the duel's counter, parry and dodge), and landmarks must differ.
	// The comments let the bilingual view leave calculators out.
	w(`<!--calc--><div class="calc" role="group" id="`, id, `" data-calc="`, f.Name, `" data-plot="`, f.Plot, `" aria-labelledby="`, id, `-title">`, "\n")
	w(`<div class="calc-head"><p class="calc-title" id="`, id, `-title"><span class="calc-kicker">`, esc(p.T("calc.kicker")), `</span> `,
		esc(p.T("calc."+f.Name+".title")), `</p>`)
	desc := info.Fr
	if p.Lang != "fr" {
		desc = info.En
	}
	w(`<p class="calc-desc">`, esc(desc), `</p></div>`, "\n")
	w(`<form class="calc-form" data-values="`, esc(string(values)), `" data-rules="`, esc(string(rules)), `" novalidate>`, "\n")
	for _, g := range f.Groups {
		w(`<fieldset><legend>`, esc(p.T("calc.group."+g.Legend)), `</legend>`, "\n")
		for _, fd := range g.Fields {
			renderField(b, id, f.Name, fd, blk.Values, p)
		}
		w("</fieldset>\n")
	}
	w(`<p class="calc-actions"><button type="button" class="calc-reset">`, esc(p.T("calc.reset")), `</button> <button type="button" class="calc-share">`, esc(p.T("calc.share")), `</button></p>`, "\n")
	w("</form>\n")
	if out != nil {
		if r, ok := out["reading"].(map[string]any); ok {
			w(`<p class="calc-reading"><strong>`, esc(p.T("calc.reading")), `</strong> `, esc(str(r[p.Lang])), `</p>`, "\n")
		}
	}
	w(`<div class="calc-error" role="alert"></div>`, "\n")
	w(`<div class="calc-result" role="status" aria-live="polite" data-static="true">`, "\n")
	if cerr != nil {
		return cerr
	}
	renderResult(b, f, out, p)
	w("</div>\n")
	if f.Name == "casting" {
		renderCastingTable(b, blk.Values, p)
	}
	w(`<noscript><p class="calc-noscript">`, esc(p.T("calc.noscript")), `</p></noscript>`, "\n")
	w("</div><!--/calc-->\n")
	return nil
}

// Info returns the engine's description of the calculator name: its rule
// document and section, and its one-line description.
func Info(name string) engine.Info {
	for _, i := range engine.Calculators() {
		if i.Name == name {
			return i
		}
	}
	return engine.Info{}
}

func esc(s string) string { return html.EscapeString(s) }

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

func renderField(b *strings.Builder, id, calc string, fd Field, values map[string]any, p Page) {
	fid := id + "-" + strings.NewReplacer(".", "-", "_", "-").Replace(fd.Path)
	v, _ := Get(values, fd.Path)
	attrs := ` data-path="` + fd.Path + `" data-kind="` + string(fd.Kind) + `"`
	if fd.UIOnly {
		attrs += ` data-ui-only="true"`
	}
	when := ""
	if len(fd.When) > 0 {
		when = ` data-when="` + esc(strings.Join(fd.When, "&")) + `"`
	}
	lab := esc(label(p, calc, fd.Path))
	rng := ""
	if fd.Kind == Int || fd.Kind == Number || fd.Kind == IntList {
		rng = num(fd.Min, p.Lang) + " – " + num(fd.Max, p.Lang)
	}
	switch fd.Kind {
	case Bool:
		checked := ""
		if bv, _ := v.(bool); bv {
			checked = " checked"
		}
		b.WriteString(`<div class="field field-bool"` + when + `><input type="checkbox" id="` + fid + `"` + attrs + checked + `><label for="` + fid + `">` + lab + `</label></div>` + "\n")
	case EnumSet:
		b.WriteString(`<fieldset class="field field-set"` + when + attrs + `><legend>` + lab + `</legend>`)
		set := map[string]bool{}
		if l, ok := v.([]any); ok {
			for _, x := range l {
				set[str(x)] = true
			}
		}
		for _, o := range fd.Options {
			checked := ""
			if set[o] {
				checked = " checked"
			}
			b.WriteString(`<span class="field-bool"><input type="checkbox" id="` + fid + "-" + o + `" value="` + o + `"` + checked + `><label for="` + fid + "-" + o + `">` + esc(option(p, o)) + `</label></span>`)
		}
		b.WriteString("</fieldset>\n")
	case Enum, IntEnum:
		b.WriteString(`<div class="field"` + when + `><label for="` + fid + `">` + lab + `</label><select id="` + fid + `"` + attrs + `>`)
		cur := valueString(v)
		if fd.Optional {
			sel := ""
			if cur == "" {
				sel = " selected"
			}
			b.WriteString(`<option value=""` + sel + `>` + esc(p.T("calc.default")) + `</option>`)
		}
		for _, o := range fd.Options {
			sel := ""
			if o == cur {
				sel = " selected"
			}
			text := o
			if fd.Kind == Enum {
				text = option(p, o)
			}
			b.WriteString(`<option value="` + o + `"` + sel + `>` + esc(text) + `</option>`)
		}
		b.WriteString("</select></div>\n")
	case Events:
		b.WriteString(`<div class="field field-events"` + when + attrs + ` data-sub="` + esc(subSpec(fd)) + `" data-add-label="` + esc(p.T("calc.add_event")) + `" data-remove-label="` + esc(p.T("calc.remove_event")) + `">`)
		b.WriteString(`<table class="events"><caption>` + lab + `</caption><thead><tr>`)
		for _, s := range fd.Sub {
			b.WriteString(`<th scope="col">` + esc(label(p, calc, "events."+s.Path)) + `</th>`)
		}
		b.WriteString(`<th scope="col"><span class="visually-hidden">` + esc(p.T("calc.remove_event")) + `</span></th></tr></thead><tbody>`)
		if l, ok := v.([]any); ok {
			for i, row := range l {
				m, _ := row.(map[string]any)
				b.WriteString("<tr>")
				for _, s := range fd.Sub {
					renderCell(b, fid+"-"+strconv.Itoa(i), calc, s, m, p)
				}
				b.WriteString(`<td><button type="button" class="event-remove" aria-label="` + esc(p.T("calc.remove_event")) + `">×</button></td></tr>`)
			}
		}
		b.WriteString(`</tbody></table><button type="button" class="event-add">` + esc(p.T("calc.add_event")) + `</button></div>` + "\n")
	default:
		typ, mode, extra := "number", "numeric", ""
		switch fd.Kind {
		case Text, IntList:
			typ, mode = "text", "text"
			if fd.Kind == IntList {
				mode = "numeric"
				extra = ` placeholder="` + esc(p.T("calc.list_placeholder")) + `"`
			}
		case Number:
			mode = "decimal"
		}
		if typ == "number" {
			extra = ` min="` + num(fd.Min, "en") + `" max="` + num(fd.Max, "en") + `" step="` + num(fd.Step, "en") + `"`
		}
		hint := ""
		if rng != "" {
			hint = `<span class="hint" id="` + fid + `-hint">` + esc(rng) + `</span>`
			extra += ` aria-describedby="` + fid + `-hint"`
		}
		b.WriteString(`<div class="field"` + when + `><label for="` + fid + `">` + lab + `</label><input type="` + typ + `" inputmode="` + mode + `" id="` + fid + `"` + attrs + extra +
			` value="` + esc(valueString(v)) + `" autocomplete="off">` + hint + `</div>` + "\n")
	}
}

// subSpec describes an Events row's columns for the script that adds rows.
func subSpec(fd Field) string {
	type col struct {
		Path    string   `json:"path"`
		Kind    Kind     `json:"kind"`
		Min     float64  `json:"min"`
		Max     float64  `json:"max"`
		Options []string `json:"options,omitempty"`
	}
	var cols []col
	for _, s := range fd.Sub {
		cols = append(cols, col{s.Path, s.Kind, s.Min, s.Max, s.Options})
	}
	b, _ := json.Marshal(cols)
	return string(b)
}

func renderCell(b *strings.Builder, rid, calc string, s Field, row map[string]any, p Page) {
	cid := rid + "-" + strings.ReplaceAll(s.Path, "_", "-")
	lab := esc(label(p, calc, "events."+s.Path))
	attr := ` data-sub-path="` + s.Path + `" aria-label="` + lab + `"`
	v := row[s.Path]
	switch s.Kind {
	case Bool:
		checked := ""
		if bv, _ := v.(bool); bv {
			checked = " checked"
		}
		b.WriteString(`<td><input type="checkbox" id="` + cid + `"` + attr + checked + `></td>`)
	case Enum:
		b.WriteString(`<td><select id="` + cid + `"` + attr + `>`)
		for _, o := range s.Options {
			sel := ""
			if o == valueString(v) {
				sel = " selected"
			}
			b.WriteString(`<option value="` + o + `"` + sel + `>` + esc(option(p, o)) + `</option>`)
		}
		b.WriteString(`</select></td>`)
	default:
		b.WriteString(`<td><input type="number" inputmode="numeric" id="` + cid + `"` + attr + ` min="` + num(s.Min, "en") + `" max="` + num(s.Max, "en") + `" step="1" value="` + esc(valueString(v)) + `"></td>`)
	}
}

func valueString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return num(x, "en")
	case bool:
		if x {
			return "true"
		}
		return "false"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = valueString(e)
		}
		return strings.Join(parts, ", ")
	}
	return ""
}

// num formats a number for a language: at most three decimals, no trailing
// zeros, a decimal comma in French.
func num(x float64, lang string) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "—"
	}
	s := strconv.FormatFloat(x, 'f', 3, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	if lang == "fr" {
		s = strings.Replace(s, ".", ",", 1)
		s = strings.Replace(s, "-", "−", 1)
	}
	return s
}

func pct(x float64, lang string) string {
	s := strconv.FormatFloat(100*x, 'f', 1, 64)
	s = strings.TrimSuffix(s, ".0")
	if lang == "fr" {
		return strings.Replace(s, ".", ",", 1) + "\u202f%"
	}
	return s + "%"
}

// FormatFigure formats an output value as the page shows it.
func FormatFigure(v any, format string, p Page, fraction string) string {
	switch format {
	case "pct":
		x, _ := v.(float64)
		s := pct(x, p.Lang)
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
		return num(x, p.Lang) + " min"
	case "list":
		return valueString(v)
	case "text":
		return str(v)
	}
	x, _ := v.(float64)
	return num(x, p.Lang)
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

func renderResult(b *strings.Builder, f *Form, out map[string]any, p Page) {
	// Every figure is written, hidden when this output lacks it, so that
	// the script shows and fills it when another input produces it.
	b.WriteString(`<dl class="calc-figures">`)
	for _, fig := range f.Figures {
		v, ok := Get(out, fig.Path)
		text, hidden := "", " hidden"
		if ok {
			frac, _ := Get(out, fig.Path+"_fraction")
			text, hidden = FormatFigure(v, fig.Format, p, str(frac)), ""
		}
		b.WriteString(`<div` + hidden + ` data-figure="` + fig.Path + `" data-format="` + fig.Format + `"><dt>` + esc(label(p, f.Name, "out."+fig.Path)) + `</dt><dd>` + esc(text) + `</dd></div>`)
	}
	b.WriteString("</dl>\n")
	renderTable(b, f, out, p)
	renderSteps(b, out, p)
}

// renderTable writes the result's series as a table: the static stand-in
// for the plot the script draws.
func renderTable(b *strings.Builder, f *Form, out map[string]any, p Page) {
	row := func(cells ...string) {
		b.WriteString("<tr>")
		for _, c := range cells {
			b.WriteString("<td>" + esc(c) + "</td>")
		}
		b.WriteString("</tr>")
	}
	head := func(keys ...string) {
		b.WriteString(`<table class="calc-table" tabindex="0"><thead><tr>`)
		for _, k := range keys {
			b.WriteString(`<th scope="col">` + esc(p.T("calc.col."+k)) + `</th>`)
		}
		b.WriteString("</tr></thead><tbody>")
	}
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
	switch f.Plot {
	case "dist":
		rows, atl := list("distribution"), list("at_least")
		if len(rows) == 0 || len(rows) > 60 {
			return
		}
		head("value", "p", "at_least")
		for i, r := range rows {
			al := 0.0
			if i < len(atl) {
				al = fl(atl[i], "p")
			}
			row(num(fl(r, "value"), p.Lang), pct(fl(r, "p"), p.Lang), pct(al, p.Lang))
		}
	case "rests":
		rows := list("rests")
		if len(rows) == 0 || len(rows) > 60 {
			return
		}
		head("rests", "p")
		for _, r := range rows {
			row(num(fl(r, "rests"), p.Lang), pct(fl(r, "p"), p.Lang))
		}
	case "xp":
		head("xp", "p")
		for _, r := range list("distribution") {
			row(num(fl(r, "xp"), p.Lang), pct(fl(r, "p"), p.Lang))
		}
	case "timeline":
		head("at", "state", "cause")
		for _, r := range list("timeline") {
			row(num(fl(r, "at"), p.Lang)+" min", option(p, str(r["state"])), causeLabel(p, str(r["cause"])))
		}
	case "hits":
		rows := list("timeline")
		if len(rows) == 0 {
			return
		}
		head("hit", "damage", "magic", "physical", "life_points", "state")
		for _, r := range rows {
			row(num(fl(r, "hit"), p.Lang), num(fl(r, "damage"), p.Lang), num(fl(r, "magic"), p.Lang), num(fl(r, "physical"), p.Lang),
				num(fl(r, "life_points"), p.Lang), option(p, str(r["state"])))
		}
	case "rounds":
		rows := list("rounds")
		if len(rows) == 0 {
			return
		}
		head("opponent", "score", "result")
		for _, r := range rows {
			row(num(fl(r, "opponent"), p.Lang), num(fl(r, "score"), p.Lang), option(p, str(r["result"])))
		}
	default:
		return
	}
	b.WriteString("</tbody></table>\n")
}

func renderSteps(b *strings.Builder, out map[string]any, p Page) {
	steps, _ := out["steps"].([]any)
	if len(steps) == 0 {
		return
	}
	b.WriteString(`<details class="calc-why" open><summary>` + esc(p.T("calc.why")) + `</summary><ol class="calc-steps">`)
	for _, s := range steps {
		m, _ := s.(map[string]any)
		doc, rule := str(m["doc"]), str(m["rule"])
		b.WriteString("<li>" + esc(str(m[p.Lang])))
		if rule != "" {
			title := p.Rules[doc+"#"+rule]
			if title == "" {
				title = rule
			}
			b.WriteString(` <a class="calc-rule" href="` + esc(p.DocURL(doc)) + `#` + esc(rule) + `">§&#8239;` + esc(title) + `</a>`)
		}
		b.WriteString("</li>")
	}
	b.WriteString("</ol></details>\n")
}

// renderCastingTable writes the chance to cast for magic 0–10 and every
// apprenticeship: the table a player reads at a glance without JavaScript.
func renderCastingTable(b *strings.Builder, values map[string]any, p Page) {
	b.WriteString(`<table class="calc-table calc-grid" tabindex="0"><caption>` + esc(p.T("calc.casting.grid")) + `</caption><thead><tr><th scope="col">` +
		esc(p.T("calc.field.magic")) + `</th>`)
	for a := 1; a <= 5; a++ {
		b.WriteString(`<th scope="col">` + esc(p.T("calc.field.apprenticeship")) + " " + strconv.Itoa(a) + `</th>`)
	}
	b.WriteString("</tr></thead><tbody>")
	reading, _ := values["reading"].(string)
	for m := 0; m <= 10; m++ {
		b.WriteString(`<tr><th scope="row">` + strconv.Itoa(m) + `</th>`)
		for a := 1; a <= 5; a++ {
			in := map[string]any{"magic": float64(m), "apprenticeship": float64(a)}
			if reading != "" {
				in["reading"] = reading
			}
			out, err := engine.Calculate("casting", in)
			cell := "—"
			if err == nil {
				x, _ := out["p_cast"].(float64)
				cell = pct(x, p.Lang)
			}
			b.WriteString("<td>" + esc(cell) + "</td>")
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>\n")
}

// causeLabel names what changed a state: a timer, the start, or an action.
func causeLabel(p Page, cause string) string {
	if s := p.T("opt.cause_" + cause); !strings.HasPrefix(s, "[") {
		return s
	}
	return option(p, cause)
}
