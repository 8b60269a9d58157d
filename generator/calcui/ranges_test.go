package calcui

import (
	"testing"

	"compendium/wasm/engine"
)

// TestFormRangesAreTheEngines: every bounded number of a form is the
// engine's range for that input: the engine takes the form's minimum and
// maximum, and refuses one step beyond, naming the field. The forms take
// their ranges from the engine (Ranged): this holds the engine's record of
// its ranges to what it enforces, and fails on a field it reads none for.
func TestFormRangesAreTheEngines(t *testing.T) {
	rules := engine.Default()
	for _, form := range Forms {
		f := form.Ranged(rules)
		for _, g := range f.Groups {
			for _, fd := range g.Fields {
				if fd.UIOnly || (fd.Kind != Int && fd.Kind != Number) {
					continue
				}
				if fd.Min == fd.Max {
					t.Errorf("%s.%s: no range from the engine", f.Name, fd.Path)
				}
				values := f.showing(fd, nil)
				// A slot is at least the spell's level: the slot's
				// lowest is the lowest spell's.
				if fd.Path == "slot_level" {
					set(values, "spell_level", fd.Min)
				}
				if !fd.Holds(values) {
					t.Errorf("%s.%s: cannot choose the branch that shows it (%v)", f.Name, fd.Path, fd.When)
					continue
				}
				step := fd.Step
				if step == 0 {
					step = 1
				}
				try := func(v float64) *engine.Error {
					set(values, fd.Path, v)
					_, err := rules.Calculate(f.Name, f.EngineInput(values))
					return err
				}
				for _, v := range []float64{fd.Min, fd.Max} {
					if err := try(v); err != nil && err.Field == fd.Path {
						t.Errorf("%s.%s = %v, within the form's %v..%v: the engine refuses it: %s", f.Name, fd.Path, v, fd.Min, fd.Max, err.En)
					}
				}
				for _, v := range []float64{fd.Min - step, fd.Max + step} {
					if err := try(v); err == nil || err.Field != fd.Path {
						t.Errorf("%s.%s = %v, beyond the form's %v..%v: the engine takes it (%v): the form and the engine disagree", f.Name, fd.Path, v, fd.Min, fd.Max, err)
					}
				}
			}
		}
	}
}

// TestFormRangesFollowTheRules: a rule that bounds an input bounds the
// form's field: with four apprenticeship levels, the casting and duel forms
// offer 1 to 4.
func TestFormRangesFollowTheRules(t *testing.T) {
	rules := engine.Default()
	if err := rules.Set("casting.max-apprenticeship", 4); err != nil {
		t.Fatal(err)
	}
	for name, path := range map[string]string{"casting": "apprenticeship", "spell-duel": "a.apprenticeship"} {
		fd := Lookup(name).Ranged(rules).field(path)
		if fd.Min != 1 || fd.Max != 4 {
			t.Errorf("%s.%s: %v to %v with four apprenticeship levels, want 1 to 4", name, path, fd.Min, fd.Max)
		}
		if fd := Lookup(name).Ranged(engine.Default()).field(path); fd.Max != 5 {
			t.Errorf("%s.%s: up to %v with the seeds' rules, want 5", name, path, fd.Max)
		}
	}
}
