package engine

import "testing"

// A save from slot level 3, DC 8 + level, 2 levels of exhaustion for levels
// 3 to 5 and 3 for 6 to 10 (a tenth slot level), 3 hit points a level
// instead. Slot 3 with +2: DC 11,
// faces 9-20 (0.6), 2 levels on a failure (expected 0.4 × 2), 9 hit points.
// Slot 6 with +0: DC 14, faces 14-20 (0.35), 3 levels (0.65 × 3), 18 hit
// points. Slot 2: no save, its DC would be 10.
func TestDyingMagicWithOtherRules(t *testing.T) {
	r := rulesWith(t, map[string]int{"dying-magic.threshold": 3, "dying-magic.dc-base": 8,
		"dying-magic.exhaustion-low": 2, "dying-magic.low-top": 5, "dying-magic.high-level": 6, "dying-magic.exhaustion-high": 3, "dying-magic.hp-cost": 3,
		"dying-magic.top-level": 10})
	checkWith(t, r, "dying-magic", []tcase{
		{"first band", `{"slot_level":3,"con_save_bonus":2}`, map[string]any{
			"save_required": true, "dc": 11, "p_save": 0.6, "exhaustion_on_failure": 2, "hp_cost_instead": 9,
			"expected_exhaustion": 0.8,
			"steps.0.en":          "Slot level 3, so 3 or more (rituals included): Constitution saving throw.",
		}},
		{"second band", `{"slot_level":6,"con_save_bonus":0}`, map[string]any{
			"save_required": true, "dc": 14, "p_save": 0.35, "exhaustion_on_failure": 3, "hp_cost_instead": 18,
			"expected_exhaustion": 1.95,
			"steps.2.en":          "On a failure: 3 levels of exhaustion (2 for slot levels 3 to 5, 3 for 6 to 10), one recovered per short rest.",
			"steps.3.en":          "Instead of the save, or after failing it, one may lose 18 hit points, 3 times the slot level.",
		}},
		{"the tenth level", `{"slot_level":10,"con_save_bonus":0}`, map[string]any{
			"dc": 18, "exhaustion_on_failure": 3,
		}},
		{"below the threshold", `{"slot_level":2,"con_save_bonus":0}`, map[string]any{
			"save_required": false, "dc": 10, "p_save": 0.55, "exhaustion_on_failure": 0, "hp_cost_instead": 0,
			"answer.en": "**No saving throw**: the slot is level 2, below level 3.",
		}},
	})
	// The second band starts at level 9 alone; the first runs 4 to 8.
	r = rulesWith(t, map[string]int{"dying-magic.low-top": 8, "dying-magic.high-level": 9})
	checkWith(t, r, "dying-magic", []tcase{
		{"level 8 in the first band", `{"slot_level":8,"con_save_bonus":0}`, map[string]any{
			"exhaustion_on_failure": 1,
			"steps.2.en":            "On a failure: 1 level of exhaustion (1 for slot levels 4 to 8, 2 for 9), one recovered per short rest.",
		}},
	})
	conflictOn(t, map[string]int{"dying-magic.threshold": 8}, "dying-magic.low-top")
	// The text's "4 à 7" and "8 et 9" must meet: a 7 changed alone leaves
	// a level in neither band or in both.
	conflictOn(t, map[string]int{"dying-magic.low-top": 6}, "dying-magic.high-level")
	conflictOn(t, map[string]int{"dying-magic.high-level": 7}, "dying-magic.high-level")
	conflictOn(t, map[string]int{"dying-magic.low-top": 9, "dying-magic.high-level": 10}, "dying-magic.high-level")
}

// Audit R8: slot 4, Con +12 against DC 10: every face passes by default
// (saves have no automatic failure); with dying-magic.natural-one-fails 1,
// « un résultat de 1 est toujours un échec » makes it 19 in 20. A bonus
// that leaves the 1 failing anyway changes nothing (+2 against DC 10: 0.65).
func TestDyingMagicNaturalOne(t *testing.T) {
	check(t, "dying-magic", []tcase{
		{"no automatic failure", `{"slot_level":4,"con_save_bonus":12}`, map[string]any{"p_save": 1.0,
			"reading.en": textHolding("“a roll of 1 is always a failure” is read, as in Héros & Dragons, of the attack rolls the section on criticals speaks of, not of saves (reading value dying-magic.natural-one-fails: 0)."),
			"reading.fr": textHolding("Le texte ne borne pas le niveau d’un emplacement de pacte")}},
	})
	r := rulesWith(t, map[string]int{"dying-magic.natural-one-fails": 1})
	checkWith(t, r, "dying-magic", []tcase{
		{"a 1 always fails", `{"slot_level":4,"con_save_bonus":12}`, map[string]any{"p_save": 0.95, "p_exhaustion": 0.05,
			"reading.en": textHolding("and “a roll of 1 is always a failure” holds for it too (reading value dying-magic.natural-one-fails: 1).")}},
		{"the 1 fails anyway", `{"slot_level":4,"con_save_bonus":2}`, map[string]any{"p_save": 0.65}},
	})
}
