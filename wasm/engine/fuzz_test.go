package engine

import (
	"encoding/json"
	"testing"
)

// fuzzCalc seeds a fuzz target with the examples and checks, for any JSON,
// that Calculate never panics (a recovered panic is an "internal" error) and
// returns exactly one of an output and an error, and that the output
// marshals to JSON (which refuses NaN and ±Inf).
func fuzzCalc(f *testing.F, name string) {
	for _, in := range examples[name] {
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
		if s, ok := out["steps"].([]any); !ok || len(s) == 0 {
			t.Fatalf("%s %s: no steps", name, data)
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
