//go:build !js

package engine

import "testing"

// TestWoundDieOptions: the form's die field offers the dice the rules
// declare, d6 to d20 two faces a step when the content says so (the
// forms' inputs are the generator's, left out of the js build).
func TestWoundDieOptions(t *testing.T) {
	r := rulesWith(t, map[string]int{"wounds.smallest-die": 6, "wounds.largest-die": 20})
	if in := r.Inputs("wounds", decodeJSON(t, `{"dice":1,"die":6}`)); len(in["die"].Options) != 8 {
		t.Errorf("wounds' die options with d6–d20: %v, want 8 (6, 8 … 20)", in["die"].Options)
	}
}
