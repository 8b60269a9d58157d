package engine

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// fuzzCalc seeds a fuzz target with the examples and checks, for any JSON,
// that Calculate never panics (a recovered panic is an "internal" error) and
// returns exactly one of an output and an error, that the output marshals
// to JSON (which refuses NaN and ±Inf), and that its answer and steps read
// as sentences (textFaults).
func fuzzCalc(f *testing.F, name string) {
	for _, in := range append(append([]string{formDefaults[name]}, examples[name]...), variedInputs[name]...) {
		f.Add([]byte(in))
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"x":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		if json.Unmarshal(data, &v) != nil {
			return
		}
		out, err := Calculate(name, v)
		if (out == nil) == (err == nil) {
			t.Fatalf("%s %s: output %v and error %v", name, data, out, err)
		}
		if err != nil {
			if err.Code == "internal" || err.Code == "" || err.En == "" || err.Fr == "" {
				t.Fatalf("%s %s: error %+v", name, data, err)
			}
			if _, e := json.Marshal(err.Tree()); e != nil {
				t.Fatal(e)
			}
			return
		}
		if _, e := json.Marshal(out); e != nil {
			t.Fatalf("%s %s: output does not marshal: %v", name, data, e)
		}
		steps, ok := out["steps"].([]any)
		if !ok || len(steps) == 0 {
			t.Fatalf("%s %s: no steps", name, data)
		}
		a, _ := out["answer"].(map[string]any)
		for _, lang := range []string{"fr", "en"} {
			s, _ := a[lang].(string)
			if f := textFaults(lang, s); len(f) > 0 || strings.Count(s, "**")%2 != 0 || strings.Count(s, "**") == 0 {
				t.Fatalf("%s %s: answer %q: %v", name, data, s, f)
			}
			for _, st := range steps {
				if s, _ := st.(map[string]any)[lang].(string); len(textFaults(lang, s)) > 0 {
					t.Fatalf("%s %s: step %q: %v", name, data, s, textFaults(lang, s))
				}
			}
		}
	})
}

func FuzzDice(f *testing.F) { fuzzCalc(f, "dice") }

func FuzzArmor(f *testing.F) { fuzzCalc(f, "armor") }

func FuzzHealthFantasy(f *testing.F) { fuzzCalc(f, "health-fantasy") }

func FuzzHealthModern(f *testing.F) { fuzzCalc(f, "health-modern") }

func FuzzWounds(f *testing.F) { fuzzCalc(f, "wounds") }

func FuzzCasting(f *testing.F) { fuzzCalc(f, "casting") }

func FuzzStudy(f *testing.F) { fuzzCalc(f, "study") }

func FuzzDyingMagic(f *testing.F) { fuzzCalc(f, "dying-magic") }

func FuzzSpellDuel(f *testing.F) { fuzzCalc(f, "spell-duel") }

func FuzzUnarmedDuel(f *testing.F) { fuzzCalc(f, "unarmed-duel") }

func FuzzPathfinderDuel(f *testing.F) { fuzzCalc(f, "pathfinder-duel") }

func FuzzCritical(f *testing.F) { fuzzCalc(f, "critical") }

// FuzzParseJSON checks ParseJSON against encoding/json: within the limits
// both accept the same texts and read them into the same tree; an error has
// the code "json" or "too_large", no field, and messages in both languages;
// and ParseJSON never panics.
func FuzzParseJSON(f *testing.F) {
	for _, ins := range examples {
		for _, in := range ins {
			f.Add(in)
		}
	}
	for _, s := range []string{
		`{"a":[1,-2.5e-3,"\u00e9\ud83d\ude00\n",true,false,null],"b":{}}`, `[1,]`, `"\ud800x"`, "\"\xff\"", `1e309`, `0.1e-400`,
		`01`, `{"a" 1}`, strings.Repeat("[", 17) + strings.Repeat("]", 17), "[" + strings.Repeat("0,", 2000) + "0]",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseJSON(s)
		var want any
		jerr := json.Unmarshal([]byte(s), &want)
		var te *json.UnmarshalTypeError
		if errors.As(jerr, &te) && strings.HasPrefix(te.Value, "number") {
			// Too large for a float64: valid JSON, read as an Overflow.
			want, jerr = overflows(s)
		}
		if err != nil {
			if v != nil || err.Field != "" || err.Fr == "" || err.En == "" || err.Code != "json" && err.Code != "too_large" {
				t.Fatalf("ParseJSON(%q): value %v, error %+v", s, v, err)
			}
			limit := err.Code == "too_large" || strings.Contains(err.En, "nested too deeply")
			if jerr == nil && !limit {
				t.Fatalf("ParseJSON refuses %q (%s), encoding/json reads it", s, err.En)
			}
			return
		}
		if jerr != nil {
			t.Fatalf("ParseJSON reads %q, encoding/json refuses it: %v", s, jerr)
		}
		if !reflect.DeepEqual(v, want) {
			t.Fatalf("ParseJSON(%q) = %#v, encoding/json reads %#v", s, v, want)
		}
	})
}

// overflows decodes s with encoding/json, numbers kept as text, and turns
// them into what ParseJSON gives: a float64 (strconv's, not parseFloat's),
// or an Overflow out of a float64's range.
func overflows(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	var conv func(any) any
	conv = func(v any) any {
		switch x := v.(type) {
		case json.Number:
			f, err := strconv.ParseFloat(string(x), 64)
			if err != nil {
				return Overflow{Text: string(x), Neg: strings.HasPrefix(string(x), "-")}
			}
			return f
		case []any:
			for i := range x {
				x[i] = conv(x[i])
			}
		case map[string]any:
			for k := range x {
				x[k] = conv(x[k])
			}
		}
		return v
	}
	return conv(v), nil
}
