package calcui

import (
	"strings"
	"testing"

	"compendium/wasm/engine"
)

// TestFormRangesAreTheEngines: every bounded number of a form is the
// engine's range for that input: the engine takes the form's minimum and
// maximum, and refuses one step beyond, naming the field. A form that
// offered 45 where the engine computes up to 40 (or stopped at 30) fails.
func TestFormRangesAreTheEngines(t *testing.T) {
	rules := engine.Default()
	for _, f := range Forms {
		for _, g := range f.Groups {
			for _, fd := range g.Fields {
				if fd.UIOnly || (fd.Kind != Int && fd.Kind != Number) || fd.Min == fd.Max {
					continue
				}
				values := f.Merge(nil)
				// Choose the branch that shows the field.
				for _, w := range fd.When {
					k, v, _ := strings.Cut(w, "=")
					if !strings.HasSuffix(k, "!") {
						set(values, k, v)
						continue
					}
					k = strings.TrimSuffix(k, "!")
					for _, o := range field(&f, k).Options {
						if o != v {
							set(values, k, o)
							break
						}
					}
				}
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

func field(f *Form, path string) Field {
	for _, g := range f.Groups {
		for _, fd := range g.Fields {
			if fd.Path == path {
				return fd
			}
		}
	}
	return Field{}
}
