package engine

import (
	"strings"
	"testing"
)

// castingRules are rules whose casting numbers all differ from the seeds':
// a d20, the magic divided by 3, a threshold of 3 × apprenticeship, the
// flawed cast on a 2 and the critical failure on a 15, four levels and
// three difficulties, 2, 4 and 8 xp a cast, 15 and 20 xp a difficulty
// point for levels 2 and 3.
func castingRules(t *testing.T) *Rules {
	return rulesWith(t, map[string]int{
		"casting.die": 20, "casting.magic-divisor": 3, "casting.threshold": 3,
		"casting.flawed-face": 2, "casting.critical-face": 15, "casting.max-apprenticeship": 4,
		"casting.max-difficulty": 3, "casting.xp-failure": 2, "casting.xp-cast": 4, "casting.xp-perfect": 8,
		"casting.cost-to-2": 15, "casting.cost-to-3": 20,
	})
}

// Magic 6, apprenticeship 2: the result is the face − 2 (6 / 3), from −1 to
// 18; the threshold is 6 (3 × 2). On the result, faces 1–3 and 5–7 succeed,
// face 4 (result 2) is flawed, face 8 (result 6) perfect, faces 9–16 fail
// and faces 17–20 (results 15 and more) are critical: 8 casts out of 20, and
// (7×4 + 1×8 + 12×2) / 20 = 3 xp a cast. Naturally, face 2 is the flawed
// one, face 4 a success, face 15 the only critical failure.
func TestCastingWithOtherRules(t *testing.T) {
	r := castingRules(t)
	checkWith(t, r, "casting", []tcase{
		{"modified", `{"magic":6,"apprenticeship":2,"difficulty":3}`, map[string]any{
			"outcomes.flawed": 0.05, "outcomes.success": 0.3, "outcomes.perfect": 0.05, "outcomes.failure": 0.4,
			"outcomes.critical_failure": 0.2, "outcomes.success_fraction": "3/10",
			"p_cast": 0.4, "expected_xp": 3.0, "result_min": -1, "result_max": 18,
			"xp_to_next": 60, // 20 × difficulty 3
			"steps.0.en": "Roll 1d20 and take away 2, the magic (6) divided by 3 and rounded down: the result runs from −1 to 18.",
			"steps.0.fr": "On lance 1d20 et on retire 2, la magie (6) divisée par 3 et arrondie à l’inférieur\u00a0: le résultat va de −1 à 18.",
			"steps.1.en": "Reading on the result: 2 gives a flawed cast, less than 6 (3 times the apprenticeship) a success, exactly 6 a perfect cast, more than 6 a failure, and 15 or more a critical failure.",
			"steps.2.en": "Cast, but not exactly as wished, on face 4 of the die: 1 face out of 20, that is 5%.",
			"steps.6.en": "Critical failure on faces 17 to 20 of the die: 4 faces out of 20, that is 20%.",
			"steps.7.en": "Each cast gives 2 xp on a failure, 4 on a success, 8 when perfect: 3 xp a cast on average.",
			"steps.8.en": "Going from level 2 to level 3 costs 20 xp per point of difficulty, 60 xp at difficulty 3.",
			"reading.en": textHolding("Reading on the modified result (default): every case of the list, the 2 and the 15 included, is read on 1d20 − ⌊magic/3⌋ (+ modifier). Why by default: the list follows the computing of the result, and a success there is “a result strictly lower than (or negative) the spell’s apprenticeship level […] and other than 2”: the 2 is a result, not a face of the die. The natural reading, which reads “on a 2” and “on a 15” on the die, is a choice of the form. Here the flawed cast (2) falls on face 4 of the die."),
		}},
		{"natural", `{"magic":6,"apprenticeship":2,"reading":"natural"}`, map[string]any{
			"outcomes.flawed": 0.05, "outcomes.success": 0.3, "outcomes.perfect": 0.05, "outcomes.failure": 0.55,
			"outcomes.critical_failure": 0.05, "p_cast": 0.4,
			"steps.1.en": "Natural reading: a 2 on the die gives a flawed cast, a 15 a critical failure. Otherwise a result below 6 (3 times the apprenticeship) is a success, exactly 6 a perfect cast, and above it a failure.",
			"reading.fr": "Lecture naturelle\u00a0: le 2 (lancé imparfait) et le 15 (échec critique) sont les faces du dé\u202f; les autres cas se lisent sur le résultat modifié.",
		}},
		// Magic 40, apprenticeship 3: results −12 to 7, all below the
		// threshold 9, each cast worth 4 xp (face 15, result 2, is
		// flawed); level 3 to 4 costs 50 xp, so exactly 13 casts.
		{"one gain", `{"magic":40,"apprenticeship":3,"difficulty":1}`, map[string]any{
			"p_cast": 1.0, "expected_xp": 4.0, "xp_to_next": 50, "expected_casts_to_next": 13.0,
			"answer.en":  "You cast the spell **20 times out of 20** (100%). It takes **13 casts** on average to reach level 4.",
			"steps.6.en": "It takes 13 casts on average to gain these 50 xp (exact, at 2, 4 or 8 xp a cast), and the xp beyond the cost carries over to the next level.",
		}},
		{"level 1", `{"magic":40,"apprenticeship":1,"difficulty":2}`, map[string]any{"xp_to_next": 30}}, // 15 × 2
		// Level 4 is now the highest. Results 1 to 20 against the threshold
		// 12: face 2 is flawed, face 12 perfect, faces 13 and 14 fail,
		// faces 15 to 20 are critical, the other ten succeed.
		{"mastered", `{"magic":0,"apprenticeship":4,"difficulty":1}`, map[string]any{
			"xp_to_next": nil, "expected_casts_to_next": nil,
			"answer.en": "You cast the spell **12 times out of 20** (60%). The spell is fully mastered.",
		}},
		// Magic 0, apprenticeship 1, modifier +3: results 4 to 23, all
		// above the threshold 3, faces 12 to 20 critical.
		{"never", `{"magic":0,"apprenticeship":1,"modifier":3}`, map[string]any{
			"p_cast": 0.0, "outcomes.critical_failure": 0.45,
			"answer.fr": "Vous ne lancez **jamais** le sort (0\u202f%).",
		}},
	})
	for _, c := range []struct{ in, field string }{
		{`{"magic":4,"apprenticeship":5}`, "apprenticeship"},
		{`{"magic":4,"apprenticeship":2,"difficulty":4}`, "difficulty"},
	} {
		if _, err := r.Calculate("casting", decodeJSON(t, c.in)); err == nil || err.Field != c.field || err.Code != "range" {
			t.Errorf("casting %s: error %v, want range on %s", c.in, err, c.field)
		}
	}
	if _, err := r.Calculate("casting", decodeJSON(t, `{"magic":4,"apprenticeship":2,"xp":3}`)); err == nil || !strings.Contains(err.En, "from 1 to 3") {
		t.Errorf("casting without difficulty: error %v, want the difficulty's range 1 to 3", err)
	}
}

// Expected casts with several gains, worked by the recurrence
// E[k] = 1 + Σ p E[k − gain]: with gains 2 (p 0.5) and 4 (p 0.5) and 4 xp
// to gain, E[1] = E[2] = 1, E[3] = 1 + 0.5 E[1] = 1.5, E[4] = 1 + 0.5 E[2]
// = 1.5.
func TestExpectedCastsOtherGains(t *testing.T) {
	// Outcomes in castOutcomes' order: 5 faces of 10 give 4 xp (flawed and
	// success), 5 give 2 (failure).
	got := expectedCasts(4, [5]int{1, 4, 0, 5, 0}, [5]int{4, 4, 7, 2, 2}, 10)
	if !same(got, 1.5) {
		t.Errorf("expectedCasts = %v, want 1.5", got)
	}
	if got := expectedCasts(3, [5]int{1, 4, 0, 5, 0}, [5]int{4, 4, 7, 2, 2}, 10); !same(got, 1.5) {
		t.Errorf("expectedCasts(3) = %v, want 1.5", got)
	}
}

func TestCastingRulesCheck(t *testing.T) {
	for _, c := range []struct {
		values map[string]int
		key    string
	}{
		{map[string]int{"casting.flawed-face": 12}, "casting.flawed-face"},
		{map[string]int{"casting.die": 10}, "casting.critical-face"},
		{map[string]int{"casting.threshold": 3}, "casting.threshold"}, // 3 × 5 = 15, above 12
	} {
		r := Default()
		for k, n := range c.values {
			if err := r.Set(k, n); err != nil {
				t.Fatal(err.En)
			}
		}
		errs := r.Check()
		if len(errs) != 1 || errs[0].Field != c.key {
			t.Errorf("%v: Check = %v, want one error on %s", c.values, errs, c.key)
		}
	}
}

// Study with totals 4, 10 and 21 for hours 1 to 3, one test in hour 2 and
// two in hour 3, a failure giving a third of the previous total rounded
// down. At p 0.5: failing in hour 1 (two tests) is 1 − 0.25 = 0.75 and
// gives 0; in hour 2, 0.25 × 0.5 = 0.125 for ⌊4/3⌋ = 1; in hour 3,
// 0.125 × 0.75 = 0.09375 for ⌊10/3⌋ = 3; completing, 0.5⁵ = 0.03125 for
// 21. Expected 0.125 + 0.28125 + 0.65625 = 1.0625.
func TestStudyWithOtherRules(t *testing.T) {
	r := rulesWith(t, map[string]int{
		"study.xp-hour-1": 4, "study.xp-hour-2": 10, "study.xp-hour-3": 21,
		"study.tests-hour-2": 1, "study.tests-hour-3": 2, "study.failure-divisor": 3, "study.round-up": 0,
	})
	checkWith(t, r, "study", []tcase{
		{"third, down", `{"hours":3,"p_test":0.5}`, map[string]any{
			"distribution.0.xp": 0, "distribution.0.p": 0.75,
			"distribution.1.xp": 1, "distribution.1.p": 0.125,
			"distribution.2.xp": 3, "distribution.2.p": 0.09375,
			"distribution.3.xp": 21, "distribution.3.p": 0.03125,
			"expected_xp": 1.0625, "best_xp": 21, "tests": 5, "p_complete": 0.03125,
			"steps.1.en": "Hour 2: 1 resolution test. Failing here gives 1 xp, one part in 3, rounded down, of the 4 xp that the completed hour is worth, and the study ends this way 12.5% of the time.",
			"steps.2.fr": "Heure 3\u00a0: 2 tests de résolution. Un échec ici rapporte 3 xp, une part sur 3 arrondie à l’inférieur des 10 xp que valent les 2 heures réussies, et l’étude s’arrête ainsi dans 9,4\u202f% des cas.",
			// The example's failure in hour 4: ⌊21/3⌋.
			"reading.en": "The first failed test during an hour ends the study with one part in 3 of the total of the previous hour, rounded down (as the 7 xp of the rules' example); nothing for a failure during hour 1. Tests are independent, with the same chance.",
		}},
	})
	// Rounded up as the seeds read it: ⌈5/3⌉ = 2, ⌈12/3⌉ = 4, ⌈25/3⌉ = 9.
	up := rulesWith(t, map[string]int{"study.failure-divisor": 3})
	checkWith(t, up, "study", []tcase{
		{"third, up", `{"hours":4,"p_test":0.5}`, map[string]any{
			"distribution.1.xp": 2, "distribution.2.xp": 4, "distribution.3.xp": 9, "best_xp": 55,
		}},
	})
}

// Spell duel on a d20 (critical on 15), the magic divided by 3, a
// threshold of 3 × apprenticeship, dominance shifts −2 and +2 and +1 with no
// dominance. Fire (magic 6, apprenticeship 1) against vine (magic 3,
// apprenticeship 1): A passes when face − 2 − 2 ≤ 3, faces 1–7, 0.35; B
// when face − 1 + 2 ≤ 3, faces 1–2, 0.1. Only A 0.35 × 0.9 = 0.315, only B
// 0.1 × 0.65 = 0.065, both or neither 0.62, which the dominant A takes:
// 0.935.
func TestSpellDuelWithOtherRules(t *testing.T) {
	r := rulesWith(t, map[string]int{
		"casting.die": 20, "casting.magic-divisor": 3, "casting.threshold": 3, "casting.critical-face": 15,
		"casting.max-apprenticeship": 4,
		"spell-duel.dominant-shift":  -2, "spell-duel.dominated-shift": 2, "spell-duel.even-shift": 1,
	})
	checkWith(t, r, "spell-duel", []tcase{
		{"fire on vine", `{"a":{"magic":6,"apprenticeship":1,"element":"fire"},"b":{"magic":3,"apprenticeship":1,"element":"vine"}}`, map[string]any{
			"dominant": "a", "p_test.a": 0.35, "p_test.b": 0.1,
			"outcomes.a_hits": 0.935, "outcomes.b_hits": 0.065, "outcomes.cancel": 0.0,
			"steps.0.en": "Fire dominates vine: A gets −2 on the die, B +2.",
			"steps.1.en": "A’s test: it passes if 1d20 − 4 is at most 3 (3 times the apprenticeship), that is 7 faces out of 20 (35%).",
			"steps.2.fr": "Test de B\u00a0: il réussit si 1d20 + 1 fait au plus 3 (3 fois l’apprentissage), soit 2 faces sur 20 (10\u202f%).",
			"reading.en": "The duel assumes both spells were cast. The magic test passes when 1d20 − ⌊magic/3⌋, shifted by −2 for the dominant spell, +2 for the dominated one and +1 with no dominance, is at most 3 × apprenticeship, read on the modified result.",
		}},
		// Both +1: face − 2 + 1 ≤ 3, faces 1–4, 0.2 each; only one
		// 0.2 × 0.8 = 0.16 each, the rest 0.68 cancels.
		{"fire on fire", `{"a":{"magic":6,"apprenticeship":1,"element":"fire"},"b":{"magic":6,"apprenticeship":1,"element":"fire"}}`, map[string]any{
			"dominant": nil, "p_test.a": 0.2, "p_test.b": 0.2,
			"outcomes.a_hits": 0.16, "outcomes.b_hits": 0.16, "outcomes.cancel": 0.68,
			"steps.0.en": "A’s spell: fire. B’s spell: fire. Neither dominates the other (same element or a neutral spell): each gets +1 on the die.",
		}},
	})
	if _, err := r.Calculate("spell-duel", decodeJSON(t, `{"a":{"magic":6,"apprenticeship":5,"element":"fire"},"b":{"magic":6,"apprenticeship":1,"element":"fire"}}`)); err == nil || err.Code != "range" {
		t.Errorf("spell-duel with apprenticeship 5 of 4: error %v, want range", err)
	}
}

// TestSpellDuelCircleWithOtherRules turns the circle of dominance round:
// vine burns fire, fire draws on water, water puts out vine. Fire (magic
// 4, apprenticeship 3) against vine (magic 2, apprenticeship 2): vine now
// dominates, so A is shifted +1 (face − 2 + 1 ≤ 6, faces 1–7, 7/12) and B
// −1 (face − 1 − 1 ≤ 4, faces 1–6, 1/2). Only A 7/12 × 1/2 = 7/24, only B
// 1/2 × 5/12 = 5/24, both or neither 1/2, which the dominant B takes:
// 17/24. With water dominating none, water against fire is even: neither
// test is shifted, and the step says why.
func TestSpellDuelCircleWithOtherRules(t *testing.T) {
	const fire, vine, water, none = 0, 1, 2, 3
	r := rulesWith(t, map[string]int{"spell-duel.fire-beats": water, "spell-duel.vine-beats": fire, "spell-duel.water-beats": vine})
	checkWith(t, r, "spell-duel", []tcase{
		{"vine on fire", `{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":2,"apprenticeship":2,"element":"vine"}}`, map[string]any{
			"dominant": "b", "p_test.a": 7.0 / 12, "p_test.b": 0.5,
			"outcomes.a_hits": 7.0 / 24, "outcomes.b_hits": 17.0 / 24, "outcomes.cancel": 0.0,
			"steps.0.en": "Vine dominates fire: B gets −1 on the die, A +1.",
			"steps.0.fr": "La vigne domine le feu\u00a0: B a −1 sur son dé, A +1.",
		}},
	})
	open := rulesWith(t, map[string]int{"spell-duel.water-beats": none})
	checkWith(t, open, "spell-duel", []tcase{
		// Water (magic 4, apprenticeship 3): face − 2 ≤ 6, faces 1–8;
		// fire (magic 2, apprenticeship 2): face − 1 ≤ 4, faces 1–5.
		{"water outside the circle's reach", `{"a":{"magic":4,"apprenticeship":3,"element":"water"},"b":{"magic":2,"apprenticeship":2,"element":"fire"}}`, map[string]any{
			"dominant": nil, "p_test.a": 8.0 / 12, "p_test.b": 5.0 / 12,
			"steps.0.en": "A’s spell: water. B’s spell: fire. Neither dominates the other (the circle of dominance does not set them against each other), so no modifier.",
		}},
		// Fire still burns vine.
		{"fire on vine", `{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":2,"apprenticeship":2,"element":"vine"}}`, map[string]any{
			"dominant": "a"}},
	})
	conflictOn(t, map[string]int{"spell-duel.fire-beats": fire}, "spell-duel.fire-beats")
	conflictOn(t, map[string]int{"spell-duel.vine-beats": fire}, "spell-duel.vine-beats")
}
