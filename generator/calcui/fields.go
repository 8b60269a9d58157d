// The form's fields: each control of a calculator's form as its partial
// draws it (value, range, keyboard, message, options, rows of timed
// actions), in the page's language.

package calcui

import (
	"encoding/json"
	"strconv"
	"strings"
)

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

// idDashes makes a field's path part of an HTML ID.
var idDashes = strings.NewReplacer(".", "-", "_", "-")

func fieldView(id, calc string, fd Field, inputs map[string]any, p Page) FieldView {
	v, _ := Get(inputs, fd.Path)
	fv := FieldView{
		ID: id + "-" + idDashes.Replace(fd.Path), Path: fd.Path, Kind: fd.Kind,
		Label: label(p, calc, fd.Path), When: strings.Join(fd.When, "&"), UIOnly: fd.UIOnly, Optional: fd.Optional,
		// Hidden from the first paint, as the script would hide it: a field
		// that disappeared once the script ran moved the text below it.
		Hidden: !fd.Holds(inputs),
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
