package engine

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// AppendJSON must write what encoding/json writes for every output the
// engine gives: the browser parses one, the command line prints the other.
// encoding/json is used without its HTML escaping (<, >, &), which
// AppendJSON leaves out and JSON.parse reads the same.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	inputs := []struct {
		name string
		in   any
	}{
		{"dice", map[string]any{"expr": "3d6+1d4-2"}},
		{"dice", map[string]any{"expr": "100d1000"}},
		{"armor", map[string]any{"locations": map[string]any{"torso": "plate"}, "magic": 2.0, "hits": []any{4.0, 1.0, 1.0, 1.0}}},
		{"health-fantasy", map[string]any{"state": "wounded", "events": []any{map[string]any{"at": 30.0, "action": "first_aid"}}}},
		{"health-modern", map[string]any{"state": "wounded", "events": []any{map[string]any{"at": 5.0, "action": "surgery", "level": "expert", "calm_place": true}}}},
		{"wounds", map[string]any{"dice": 8.0, "die": 8.0, "medicine_bonus": 3.0, "queue": []any{5.0, 3.0}}},
		{"casting", map[string]any{"magic": 40.0, "apprenticeship": 1.0, "difficulty": 5.0, "xp": 12.0}},
		{"study", map[string]any{"hours": 6.0, "p_test": 0.123456789}},
		{"dying-magic", map[string]any{"slot_level": 9.0, "con_save_bonus": -5.0}},
		{"spell-duel", map[string]any{"a": map[string]any{"magic": 0.0, "apprenticeship": 5.0, "element": "neutral"}, "b": map[string]any{"magic": 40.0, "apprenticeship": 1.0, "element": "water"}}},
		{"unarmed-duel", map[string]any{"score": 4.0, "opponents": []any{2.0, 3.0, 3.0}}},
		{"pathfinder-duel", map[string]any{"mode": "counter", "dispel": "greater_dispel", "caster_level": 3.0, "opponent_caster_level": 20.0}},
		{"critical", map[string]any{"attack_bonus": 30.0, "ac": 1.0, "crit_range": 19.0}},
	}
	for _, c := range inputs {
		out, err := Calculate(c.name, c.in)
		if err != nil {
			t.Fatalf("%s: %s", c.name, err.En)
		}
		want := marshal(out)
		if got := AppendJSON(nil, out); string(got) != string(want) {
			t.Errorf("%s: AppendJSON differs from encoding/json\n got %.300s\nwant %.300s", c.name, got, want)
		}
	}
	_, e := Calculate("casting", map[string]any{"magic": 99.0})
	want := marshal(e.Tree())
	if got := AppendJSON(nil, e.Tree()); string(got) != string(want) {
		t.Errorf("error tree differs\n got %s\nwant %s", got, want)
	}
}

func TestAppendJSONValues(t *testing.T) {
	for _, v := range []any{
		0.0, -0.0, 1e-7, 1e-6, 123456789.125, 1e21, 1e20, -3.5e-9, math.MaxFloat64, math.SmallestNonzeroFloat64,
		"a\"b\\c\n\t\x01<>&é", "\xff", true, nil, []any{}, map[string]any{},
	} {
		want := marshal(v)
		if got := AppendJSON(nil, v); string(got) != string(want) {
			t.Errorf("AppendJSON(%#v) = %s, want %s", v, got, want)
		}
	}
	if got := string(AppendJSON(nil, math.NaN())); got != "null" {
		t.Errorf("NaN → %s", got)
	}
}

func FuzzAppendJSON(f *testing.F) {
	f.Add("2d6", 0.5)
	f.Add("a\u2028\"\xff\x01 «é»", 1e-7)
	f.Fuzz(func(t *testing.T, s string, x float64) {
		v := map[string]any{"s": s, "x": x, "l": []any{s, x}}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return
		}
		want := marshal(v)
		if got := AppendJSON(nil, v); string(got) != string(want) {
			t.Errorf("AppendJSON = %s, want %s", got, want)
		}
	})
}

// marshal is encoding/json without its HTML escaping, which AppendJSON
// leaves out.
func marshal(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func TestAppendString(t *testing.T) {
	for _, s := range []string{
		"", "armure", "l’armure « lourde »", `"quoted" \ back`, "a\x00b\x01c\x1fd\x7f", "\b\f\n\r\t",
		"<&>", "\u2028\u2029", "bad \xff utf-8 \xe2\x82", "𝔘 \U0001F600", "\ufffd",
	} {
		if got, want := AppendString(nil, s), marshal(s); !bytes.Equal(got, want) {
			t.Errorf("%q: %s, encoding/json writes %s", s, got, want)
		}
	}
}
