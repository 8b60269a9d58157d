// The result's tables: a calculator's series as rows of text (the static
// stand-in for the plot) and the casting calculator's grid of chances.
// table is paired with theme/js/calcs/table.js (dataTable: the same kinds,
// columns, order and texts), which TestTableParity
// (generator/e2e/parity_test.go) holds equal: change one, change the other.

package calcui

import (
	"strconv"
	"strings"
	"sync"

	"compendium/wasm/engine"
)

// maxTable is the longest distribution (dist, rests) written as a table:
// a longer one (100d1000) stays in the plot and the JSON. The other
// series are as long as the engine allows. table.js's MAX_TABLE is its
// pair.
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

// castingGrid returns the chance to cast for magic 0–10 and every
// apprenticeship level of the page's rules: the table a player reads at a
// glance without JavaScript.
func castingGrid(inputs map[string]any, p Page) *Table {
	t := &Table{Caption: p.T("calc.casting.grid"), RowHead: true, Head: []string{p.T("calc.field.magic")}}
	reading, _ := inputs["reading"].(string)
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
