package engine

import "testing"

// 2d6 wounds heal in 3..8 long rests (1d6+2), whatever the rules. With a
// Medicine DC base of 12 the DC is 12 + 6 + 2 = 20, passed on faces 15-20
// with +5 (0.3); nightly care at 5 + 6 + 2 = 13, faces 8-20 (0.65). Medicine
// divides by 3 rounding up with at least 2 rests: 3..8 become 2, 2, 2, 2, 3,
// 3, on average 14/6; with medicine 0.3 × 14/6 + 0.7 × 5.5 = 4.55. The
// distribution: 2 rests 0.3 × 4/6 = 0.2, 3 rests 0.7/6 + 0.3 × 2/6 = 13/60,
// 4..8 rests 0.7/6 each. Rounding down with at least 1: 1, 1, 1, 2, 2, 2, on
// average 1.5, with medicine 0.3 × 1.5 + 0.7 × 5.5 = 4.3.
func TestWoundsWithOtherRules(t *testing.T) {
	up := rulesWith(t, map[string]int{"wounds.medicine-dc-base": 12, "wounds.care-dc-base": 5,
		"wounds.medicine-divisor": 3, "wounds.medicine-round-up": 1, "wounds.medicine-min": 2})
	checkWith(t, up, "wounds", []tcase{
		{"thirds rounded up", `{"dice":2,"die":6,"medicine_bonus":5}`, map[string]any{
			"min_rests": 3, "max_rests": 8, "expected_rests": 5.5,
			"medicine_dc": 20, "nightly_care_dc": 13, "p_medicine": 0.3, "p_nightly_care": 0.65,
			"expected_rests_with_medicine": 4.55,
			"rests_with_medicine.0.rests":  2, "rests_with_medicine.0.p": 0.2,
			"rests_with_medicine.1.rests": 3, "rests_with_medicine.1.p": 13.0 / 60,
			"rests_with_medicine.2.rests": 4, "rests_with_medicine.2.p": 7.0 / 60,
			"steps.2.en": "Medicine DC: 12, plus 6 (the die’s highest face), plus 2 (the number of dice), that is 20.",
			"steps.3.en": "Nightly care DC: 5, plus 6, plus 2, that is 13. Each success counts as a long rest.",
		}},
		// 1d4: 1..4 rests all become 2 (the least time), a sure success.
		{"least time above the rests", `{"dice":1,"die":4,"medicine_bonus":20}`, map[string]any{
			"medicine_dc": 17, "p_medicine": 1, "expected_rests_with_medicine": 2,
			"rests_with_medicine.0.rests": 1, "rests_with_medicine.0.p": 0,
			"rests_with_medicine.1.rests": 2, "rests_with_medicine.1.p": 1,
		}},
	})
	down := rulesWith(t, map[string]int{"wounds.medicine-dc-base": 12, "wounds.medicine-divisor": 3})
	checkWith(t, down, "wounds", []tcase{
		{"thirds rounded down", `{"dice":2,"die":6,"medicine_bonus":5}`, map[string]any{
			"medicine_dc": 20, "nightly_care_dc": 16, "expected_rests_with_medicine": 4.3,
			"rests_with_medicine.0.rests": 1, "rests_with_medicine.0.p": 0.15,
			"steps.5.en": "A success divides the time by 3, rounded down, to at least 1 rest: 1.5 rests on average. With medicine, that makes 4.3 long rests on average.",
		}},
	})
}

// TestWoundDiceWithOtherRules: the damage dice run from the smallest to the
// largest declared, two faces a step; a die outside them is refused, and
// the reading names them.
func TestWoundDiceWithOtherRules(t *testing.T) {
	r := rulesWith(t, map[string]int{"wounds.smallest-die": 6, "wounds.largest-die": 20})
	checkWith(t, r, "wounds", []tcase{
		{"a d20 weapon", `{"dice":1,"die":20}`, map[string]any{
			"min_rests": 1, "max_rests": 20, "expected_rests": 10.5,
			"reading.en": textHolding("The damage dice are the weapons’, d6 to d20."),
		}},
	})
	if _, err := r.Calculate("wounds", decodeJSON(t, `{"dice":1,"die":4}`)); err == nil || err.Field != "die" {
		t.Errorf("wounds with a d4 outside d6–d20: error %v, want one on die", err)
	}
	conflictOn(t, map[string]int{"wounds.smallest-die": 5}, "wounds.largest-die")
	conflictOn(t, map[string]int{"wounds.smallest-die": 14}, "wounds.largest-die")
}

// Audit R11: « [10 + valeur maximale du dé de dégâts + (nombre de dés
// d’arme)] ». By default a single die counts (1d8: DC 10 + 8 + 1 = 19,
// nightly 8 + 8 + 1 = 17); with wounds.single-die-counts 0 the parentheses
// are read as "only for several dice" (19 → 18, 17 → 16), and several dice
// count either way (2d6: 18).
func TestWoundsSingleDie(t *testing.T) {
	check(t, "wounds", []tcase{
		{"single die counts", `{"dice":1,"die":8,"medicine_bonus":5}`, map[string]any{
			"medicine_dc": 19, "nightly_care_dc": 17,
			"steps.2.en": "Medicine DC: 10, plus 8 (the die’s highest face), plus 1 (the number of dice), that is 19.",
			"reading.en": textHolding("The DCs add “(number of weapon dice)” for a single die too, which counts 1; the parentheses could mean “only for several dice”, as for the healing time (reading value wounds.single-die-counts: 1)."),
			"reading.fr": textHolding("Les DD ajoutent «\u00a0(nombre de dés d’arme)\u00a0» aussi pour un seul dé")}},
	})
	r := rulesWith(t, map[string]int{"wounds.single-die-counts": 0})
	checkWith(t, r, "wounds", []tcase{
		{"single die does not count", `{"dice":1,"die":8,"medicine_bonus":5}`, map[string]any{
			"medicine_dc": 18, "nightly_care_dc": 16,
			"steps.2.en": "Medicine DC: 10, plus 8 (the die’s highest face), without the number of dice (a single die), that is 18.",
			"steps.3.en": "Nightly care DC: 8, plus 8, without the number of dice, that is 16. Each success counts as a long rest.",
			"reading.en": textHolding("a single-die weapon adds nothing (reading value wounds.single-die-counts: 0).")}},
		{"several dice count", `{"dice":2,"die":6}`, map[string]any{"medicine_dc": 18, "nightly_care_dc": 16}},
	})
}
