package engine

import "testing"

// A critical success 5 above the AC (3 with a 19–20 range), a critical
// failure 8 below. +5 against AC 15: a critical success from a total of 20,
// faces 15-20 (6); a critical failure up to a total of 7, faces 1-2 (2); a
// hit on faces 10-14 (5): p_hit 11/20. With a 19–20 range the critical
// success starts at a total of 18, faces 13-20 (8), and the hits are 10-12.
func TestCriticalWithOtherRules(t *testing.T) {
	r := rulesWith(t, map[string]int{"critical.margin": 5, "critical.failure-margin": 8, "critical.extended-margin": 3})
	checkWith(t, r, "critical", []tcase{
		{"margins 5 and 8", `{"attack_bonus":5,"ac":15}`, map[string]any{
			"p_hit": 0.55, "p_critical": 0.3, "p_critical_failure": 0.1, "outcomes.miss": 0.35,
			"steps.1.en": "The attack d20 +5 hits from 15, the AC. It is a critical success if the total reaches 20 (the AC plus 5), a critical failure if it is 7 or less (the AC minus 8).",
		}},
		{"extended margin 3", `{"attack_bonus":5,"ac":15,"crit_range":19}`, map[string]any{
			"p_hit": 0.55, "p_critical": 0.4, "p_critical_failure": 0.1, "outcomes.hit": 0.15,
		}},
	})
	conflictOn(t, map[string]int{"critical.margin": 5, "critical.extended-margin": 6}, "critical.extended-margin")
}
