package engine

import "testing"

func TestWounds(t *testing.T) {
	check(t, "wounds", []tcase{
		// Spec example; seed 003 "Subir une blessure": 2d6 → 1d6+2, DC 10 + 6 + 2, halved on a success.
		{"spec 2d6 medicine +5", `{"dice":2,"die":6,"medicine_bonus":5}`, map[string]any{
			"min_rests": 3, "max_rests": 8, "rests.0.rests": 3, "rests.0.p": 1.0 / 6, "medicine_dc": 18,
			"p_medicine": 0.4, "expected_rests": 5.5, "expected_rests_with_medicine": 4.3}},
		// "Subir une blessure": one die gives the die itself (1dS), DCs count 1 die.
		{"one die", `{"dice":1,"die":8}`, map[string]any{
			"min_rests": 1, "max_rests": 8, "expected_rests": 4.5, "medicine_dc": 19, "nightly_care_dc": 17}},
		// "Subir une blessure" example: flétrissement 8d8 → 1d8+8.
		{"8d8 blight", `{"dice":8,"die":8}`, map[string]any{
			"min_rests": 9, "max_rests": 16, "expected_rests": 12.5, "medicine_dc": 26, "nightly_care_dc": 24}},
		// "Les blessures sont cumulatives": 5, 3 and 4 rests → healed after 5, 8, 12.
		{"queue from the text", `{"dice":1,"die":6,"queue":[5,3,4]}`, map[string]any{
			"healed_after": []int{5, 8, 12}, "new_wound_healed_after.min": 13, "new_wound_healed_after.max": 18,
			"new_wound_healed_after.expected": 15.5}},
		// "divise par deux": 1d4 halved rounds down to at least 1 (1,1,1,2); DC 15 → 6/20.
		{"1d4 halved at least 1", `{"dice":1,"die":4,"medicine_bonus":0}`, map[string]any{
			"p_medicine": 0.3, "expected_rests_with_medicine": 0.3*1.25 + 0.7*2.5,
			"rests_with_medicine.0.rests": 1, "rests_with_medicine.0.p": 0.4, "rests_with_medicine.1.p": 0.25,
			"rests_with_medicine.3.p": 0.175}},
		// Checks are d20 + bonus ≥ DC with no automatic failure: +20 always reaches DC 15.
		{"medicine always succeeds", `{"dice":1,"die":4,"medicine_bonus":20}`, map[string]any{
			"p_medicine": 1.0, "expected_rests_with_medicine": 1.25}},
		// DC 10 + 12 + 20 = 42 is out of reach of d20 − 5.
		{"medicine out of reach", `{"dice":20,"die":12,"medicine_bonus":-5}`, map[string]any{
			"medicine_dc": 42, "p_medicine": 0.0, "expected_rests": 26.5, "expected_rests_with_medicine": 26.5}},
		// Nightly care DC 8 + 6 + 2 = 16 with +5: 10 faces of 20.
		{"nightly care", `{"dice":2,"die":6,"medicine_bonus":5}`, map[string]any{"nightly_care_dc": 16, "p_nightly_care": 0.5}},
		// 1d12 halved: 1,1,1,2,2,3,3,4,4,5,5,6 (37/12); DC 23 with +3 → a natural 20 only.
		{"1d12 medicine +3", `{"dice":1,"die":12,"medicine_bonus":3}`, map[string]any{
			"medicine_dc": 23, "p_medicine": 0.05, "expected_rests_with_medicine": 0.05*37/12 + 0.95*6.5}},
		// Cumulative wounds: a new wound waits for those already carried.
		{"new wound after one", `{"dice":1,"die":6,"queue":[2]}`, map[string]any{
			"healed_after": []int{2}, "new_wound_healed_after.min": 3, "new_wound_healed_after.max": 8}},
		// 1d10 boundaries.
		{"1d10", `{"dice":1,"die":10}`, map[string]any{"max_rests": 10, "rests.9.p_fraction": "1/10", "medicine_dc": 21}},
	})
	out := run(t, "wounds", `{"dice":1,"die":6}`)
	if _, ok := out["p_medicine"]; ok {
		t.Error("p_medicine given with no medicine_bonus")
	}
}

func TestCasting(t *testing.T) {
	check(t, "casting", []tcase{
		// Spec example; seed 004 "Lancement d'un sort" and experience: 1d12 − 2 against 6.
		{"spec magic 4 apprenticeship 3", `{"magic":4,"apprenticeship":3,"difficulty":2}`, map[string]any{
			"outcomes.flawed_fraction": "1/12", "outcomes.success_fraction": "1/2", "outcomes.perfect_fraction": "1/12",
			"outcomes.failure_fraction": "1/3", "outcomes.critical_failure": 0.0, "p_cast": 2.0 / 3, "p_cast_fraction": "2/3",
			"expected_xp": 2.5, "xp_to_next": 100, "expected_casts_to_next": 40.41333333333333}},
		// "Lancement d'un sort": magic 0, apprenticeship 1: 1 flawed, 2 perfect, 3–11 failure, 12 critical.
		{"magic 0 apprenticeship 1", `{"magic":0,"apprenticeship":1}`, map[string]any{
			"outcomes.flawed_fraction": "1/12", "outcomes.success": 0.0, "outcomes.perfect_fraction": "1/12",
			"outcomes.failure_fraction": "3/4", "outcomes.critical_failure_fraction": "1/12", "p_cast_fraction": "1/6", "expected_xp": 1.5}},
		// Apprenticeship 5 (2 × 5 = 10): "un résultat de 11 sera toujours un échec"; no next level.
		{"apprenticeship 5", `{"magic":0,"apprenticeship":5,"difficulty":3}`, map[string]any{
			"outcomes.success_fraction": "2/3", "outcomes.perfect_fraction": "1/12", "outcomes.failure_fraction": "1/12",
			"outcomes.critical_failure_fraction": "1/12", "p_cast_fraction": "5/6", "xp_to_next": nil, "expected_casts_to_next": nil}},
		// "strictement inférieur (ou négatif)": magic 40 makes every result negative, all successes.
		{"magic 40", `{"magic":40,"apprenticeship":1}`, map[string]any{"p_cast": 1.0, "outcomes.success": 1.0, "expected_xp": 3.0, "result_min": -19}},
		// Audit R2: the modified reading stays the default, and its note says why, in the text's
		// words, and what it makes of the 1 and the 12 for this input.
		{"modified reading says why", `{"magic":4,"apprenticeship":3}`, map[string]any{
			"reading_used": "modified", "outcomes.critical_failure": 0.0,
			"reading.en": textHolding("Here the flawed cast (1) falls on face 3 of the die, and no result reaches 12: no critical failure can happen (the natural reading would count one on face 12)."),
			"reading.fr": textHolding("«\u00a0un résultat strictement inférieur (ou négatif) à l’apprentissage du sort […] et différents de 1\u00a0»\u00a0: le 1 est un résultat, pas une face du dé.")}},
		{"modified reading at magic 0", `{"magic":0,"apprenticeship":3}`, map[string]any{
			"reading.en": textHolding("is a choice of the form. Here the flawed cast (1) falls on face 1 of the die.")}},
		{"modified reading, no face gives 1", `{"magic":0,"apprenticeship":3,"modifier":3}`, map[string]any{
			"reading.en": textHolding("Here no face of the die gives 1 (flawed cast).")}},
		// Modifier +3 pushes results to 12 and more: critical failures on the modified reading.
		{"modifier +3 modified reading", `{"magic":0,"apprenticeship":5,"modifier":3}`, map[string]any{
			"outcomes.flawed": 0.0, "outcomes.success_fraction": "1/2", "outcomes.perfect_fraction": "1/12",
			"outcomes.failure_fraction": "1/12", "outcomes.critical_failure_fraction": "1/3", "p_cast_fraction": "7/12"}},
		// Natural reading: the 1 and the 12 are the die's faces.
		{"modifier +3 natural reading", `{"magic":0,"apprenticeship":5,"modifier":3,"reading":"natural"}`, map[string]any{
			"outcomes.flawed_fraction": "1/12", "outcomes.success_fraction": "5/12", "outcomes.perfect_fraction": "1/12",
			"outcomes.failure_fraction": "1/3", "outcomes.critical_failure_fraction": "1/12", "reading_used": "natural"}},
		// Natural reading of the spec example: a natural 12 (result 10) is a critical failure.
		{"natural reading magic 4", `{"magic":4,"apprenticeship":3,"reading":"natural"}`, map[string]any{
			"outcomes.failure_fraction": "1/4", "outcomes.critical_failure_fraction": "1/12", "p_cast_fraction": "2/3"}},
		// Modified reading: a result of 1 (die 2, magic 2) is flawed; natural: it is a plain success.
		{"result 1 modified", `{"magic":2,"apprenticeship":2}`, map[string]any{
			"outcomes.flawed_fraction": "1/12", "outcomes.success_fraction": "1/4", "outcomes.failure_fraction": "7/12"}},
		{"result 1 natural", `{"magic":2,"apprenticeship":2,"reading":"natural"}`, map[string]any{
			"outcomes.flawed_fraction": "1/12", "outcomes.success_fraction": "1/4", "outcomes.failure_fraction": "1/2",
			"outcomes.critical_failure_fraction": "1/12"}},
		// "1 → 2 : 10*difficulté", less the xp held: 6 to go, gaining 1 (10/12), 3 (1/12) or 5 (1/12).
		{"level 1 with xp held", `{"magic":0,"apprenticeship":1,"difficulty":1,"xp":4}`, map[string]any{
			"xp_to_next": 6, "expected_casts_to_next": 4.469778806584362}},
		// "l'xp utilisée ... est dépensée": xp already past the cost leaves nothing to gain.
		{"xp past the cost", `{"magic":0,"apprenticeship":2,"difficulty":1,"xp":30}`, map[string]any{
			"xp_to_next": 0, "expected_casts_to_next": 0.0}},
		// "4 → 5 : 100*difficulté".
		{"level 4 difficulty 5", `{"magic":10,"apprenticeship":4,"difficulty":5}`, map[string]any{"xp_to_next": 500}},
	})
}

func TestStudy(t *testing.T) {
	check(t, "study", []tcase{
		// Spec example; seed 004 "Apprendre un sort en l'étudiant": 11 tests for 4 hours.
		{"spec 4 hours 0.9", `{"hours":4,"p_test":0.9}`, map[string]any{
			"distribution.4.xp": 55, "distribution.4.p": 0.31381059609, "expected_xp": 20.92642333578, "tests": 11,
			"distribution.3.xp": 13}},
		// "1 heure : ... +5xp".
		{"one hour sure", `{"hours":1,"p_test":1}`, map[string]any{
			"distribution.0.xp": 0, "distribution.0.p": 0.0, "distribution.1.xp": 5, "distribution.1.p": 1.0, "expected_xp": 5.0}},
		// "6 heures : ... 300xp".
		{"six hours sure", `{"hours":6,"p_test":1}`, map[string]any{"expected_xp": 300.0, "best_xp": 300, "tests": 22}},
		// A failed first hour gives nothing.
		{"never passes", `{"hours":3,"p_test":0}`, map[string]any{"distribution.0.p": 1.0, "expected_xp": 0.0}},
		// Hour 2 failure: ⌈5/2⌉ = 3.
		{"two hours one half", `{"hours":2,"p_test":0.5}`, map[string]any{
			"distribution.0.p": 0.75, "distribution.1.xp": 3, "distribution.1.p": 0.1875, "distribution.2.xp": 12,
			"distribution.2.p": 0.0625, "expected_xp": 1.3125}},
		// The text's example: failing in hour 4 gives 25 / 2 = 13 (rounded up).
		{"text example 13 xp", `{"hours":4,"p_test":0.5}`, map[string]any{"distribution.3.xp": 13, "distribution.3.failed_in_hour": 4}},
		// Hour 5 failure: ⌈55/2⌉ = 28; hour 6: ⌈125/2⌉ = 63.
		{"hours 5 and 6 halves", `{"hours":6,"p_test":0.5}`, map[string]any{"distribution.4.xp": 28, "distribution.5.xp": 63, "distribution.6.xp": 300}},
		// Three hours at 0.8: tests 2, 2, 3.
		{"three hours 0.8", `{"hours":3,"p_test":0.8}`, map[string]any{
			"distribution.0.p": 0.36, "distribution.1.p": 0.2304, "distribution.2.p": 0.1998848,
			"distribution.3.p": 0.2097152, "expected_xp": 7.1333888}},
		// Five hours sure: 125 xp.
		{"five hours", `{"hours":5,"p_test":1}`, map[string]any{"best_xp": 125, "p_complete": 1.0}},
		// One hour at 0.5: both tests of hour 1.
		{"one hour half", `{"hours":1,"p_test":0.5}`, map[string]any{"p_complete": 0.25, "expected_xp": 1.25}},
		// "3 heures (idem) : 3 tests de résolution réussis → 25xp".
		{"three hours sure", `{"hours":3,"p_test":1}`, map[string]any{"expected_xp": 25.0, "tests": 7, "distribution.2.p": 0.0}},
	})
}

func TestDyingMagic(t *testing.T) {
	check(t, "dying-magic", []tcase{
		// Spec example; seed 003 "Magie mourante": DC 6 + 5, exhaustion 1 for 4–7, 2 × 5 hit points.
		{"spec slot 5 +2", `{"slot_level":5,"con_save_bonus":2}`, map[string]any{
			"save_required": true, "dc": 11, "p_save": 0.6, "exhaustion_on_failure": 1, "hp_cost_instead": 10}},
		// "emplacement de niveau 4 ou plus": level 3 needs no save.
		{"slot 3", `{"slot_level":3,"con_save_bonus":0}`, map[string]any{"save_required": false, "dc": 9, "exhaustion_on_failure": 0, "hp_cost_instead": 0}},
		// Level 4 is the first that needs a save.
		{"slot 4", `{"slot_level":4,"con_save_bonus":0}`, map[string]any{"save_required": true, "dc": 10, "p_save": 0.55, "exhaustion_on_failure": 1, "hp_cost_instead": 8}},
		// "niveaux 4 à 7 : 1 niveau".
		{"slot 7", `{"slot_level":7,"con_save_bonus":1}`, map[string]any{"dc": 13, "exhaustion_on_failure": 1, "p_save": 0.45}},
		// "niveaux 8 et 9 : 2 niveaux".
		{"slot 8", `{"slot_level":8,"con_save_bonus":5}`, map[string]any{"dc": 14, "p_save": 0.6, "exhaustion_on_failure": 2, "hp_cost_instead": 16, "expected_exhaustion": 0.8}},
		{"slot 9 -5", `{"slot_level":9,"con_save_bonus":-5}`, map[string]any{"dc": 15, "p_save": 0.05, "exhaustion_on_failure": 2, "hp_cost_instead": 18}},
		// "Le sorcier fait exception": a pact slot needs no save.
		{"pact slot", `{"slot_level":5,"con_save_bonus":2,"pact_slot":true}`, map[string]any{"save_required": false, "hp_cost_instead": 0, "p_exhaustion": 0.0}},
		// Saves have no automatic failure on a 1 (reading).
		{"bonus +20", `{"slot_level":9,"con_save_bonus":20}`, map[string]any{"p_save": 1.0, "p_exhaustion": 0.0}},
		{"slot 1", `{"slot_level":1,"con_save_bonus":-5}`, map[string]any{"dc": 7, "p_save": 0.45, "save_required": false}},
		// Mystic arcanum: not a pact slot, so a level 6 spell needs a save.
		{"mystic arcanum", `{"slot_level":6,"con_save_bonus":3,"pact_slot":false}`, map[string]any{"save_required": true, "dc": 12, "p_save": 0.6, "p_exhaustion_fraction": "2/5"}},
		// "niveaux 4 à 7 : 1 niveau de fatigue"; 2 × 6 hit points instead.
		{"slot 6", `{"slot_level":6,"con_save_bonus":0}`, map[string]any{"dc": 12, "p_save": 0.45, "exhaustion_on_failure": 1, "hp_cost_instead": 12, "expected_exhaustion": 0.55}},
	})
}

func TestSpellDuel(t *testing.T) {
	w := func(magic, appr int, el string) string {
		return `{"magic":` + itoa(magic) + `,"apprenticeship":` + itoa(appr) + `,"element":"` + el + `"}`
	}
	duel := func(a, b string) string { return `{"a":` + a + `,"b":` + b + `}` }
	check(t, "spell-duel", []tcase{
		// Spec example; seed 004 "Spécificité d'un duel": fire burns vine.
		{"spec fire vs vine", duel(w(4, 3, "fire"), w(2, 2, "vine")), map[string]any{
			"dominant": "a", "p_test.a_fraction": "3/4", "p_test.b_fraction": "1/3",
			"outcomes.a_hits_fraction": "11/12", "outcomes.b_hits_fraction": "1/12", "outcomes.cancel": 0.0}},
		// "deux sorts du même élément": no dominance, both or neither cancel.
		{"same element no dominance", duel(w(4, 3, "fire"), w(0, 1, "fire")), map[string]any{
			"dominant": nil, "p_test.a_fraction": "2/3", "p_test.b_fraction": "1/6",
			"outcomes.a_hits_fraction": "5/9", "outcomes.b_hits_fraction": "1/18", "outcomes.cancel_fraction": "7/18"}},
		// "un sort neutre": neutral dominates nothing and is dominated by nothing.
		{"neutral vs fire", duel(w(4, 3, "neutral"), w(0, 1, "fire")), map[string]any{"dominant": nil, "outcomes.cancel_fraction": "7/18"}},
		// "l'eau qui éteint le feu".
		{"water beats fire", duel(w(0, 5, "fire"), w(0, 5, "water")), map[string]any{
			"dominant": "b", "p_test.a_fraction": "3/4", "p_test.b_fraction": "11/12"}},
		// "la vigne qui puise dans l'eau".
		{"vine beats water", duel(w(0, 5, "vine"), w(0, 5, "water")), map[string]any{
			"dominant": "a", "p_test.a_fraction": "11/12", "p_test.b_fraction": "3/4",
			"outcomes.b_hits_fraction": "1/16"}},
		// Both always pass: the dominant spell hits.
		{"both pass dominant hits", duel(w(40, 1, "fire"), w(40, 1, "vine")), map[string]any{"outcomes.a_hits": 1.0, "outcomes.b_hits": 0.0}},
		// Both always pass, no dominance: both spells cancel.
		{"both pass no dominance", duel(w(40, 1, "neutral"), w(40, 1, "neutral")), map[string]any{"outcomes.cancel": 1.0}},
		// The dominated spell gets +1 on the die: 1d12 + 1 ≤ 2 only on a 1.
		{"dominated +1", duel(w(0, 1, "fire"), w(0, 1, "vine")), map[string]any{"p_test.a_fraction": "1/4", "p_test.b_fraction": "1/12"}},
		// Only one passes: that one hits even if dominated.
		{"dominated spell can hit", duel(w(0, 1, "water"), w(40, 1, "fire")), map[string]any{
			"dominant": "a", "p_test.b": 1.0, "outcomes.b_hits_fraction": "3/4", "outcomes.a_hits_fraction": "1/4"}},
		// Neither ever passes with no dominance: both cancel.
		{"neither passes", duel(w(0, 1, "water"), w(0, 1, "water")), map[string]any{"p_test.a_fraction": "1/6", "outcomes.cancel_fraction": "13/18"}},
		// "la vigne qui puise dans l'eau", b dominant.
		{"vine drinks water, b dominant", duel(w(2, 2, "water"), w(2, 2, "vine")), map[string]any{
			"dominant": "b", "p_test.a_fraction": "1/3", "p_test.b_fraction": "1/2",
			"outcomes.a_hits_fraction": "1/6", "outcomes.b_hits_fraction": "5/6"}},
	})
}

func TestUnarmedDuel(t *testing.T) {
	check(t, "unarmed-duel", []tcase{
		// Spec example; seed 001 §3.1: the winner loses 1 point, a tie makes both lose.
		{"spec 4 vs 2 3 3", `{"score":4,"opponents":[2,3,3]}`, map[string]any{
			"rounds.0.result": "win", "rounds.0.score": 3, "rounds.1.result": "tie", "rounds.1.score": 3,
			// Fatigued, « en cas de combat il à 0 en score de Combat » (audit R10: was 3).
			"final_score": 0, "final_state": "fatigued"}},
		// §3.1 "En cas d'égalité les deux perdent".
		{"tie at once", `{"score":3,"opponents":[3]}`, map[string]any{"rounds.0.result": "tie", "final_state": "fatigued"}},
		// §3.1 the loss is cumulative over chained duels.
		{"three wins", `{"score":5,"opponents":[1,2,1]}`, map[string]any{
			"rounds.0.score": 4, "rounds.1.score": 3, "rounds.2.score": 2, "final_score": 2, "final_state": "full_health"}},
		// §3.1 the lower score loses and becomes fatigued.
		{"loss", `{"score":2,"opponents":[3,1]}`, map[string]any{"rounds.0.result": "loss", "rounds.0.score": 2, "final_state": "fatigued", "final_score": 0}},
		// A winner brought to 0 by wins stays in full health (« Le gagnant reste en pleine forme »).
		{"winner at zero", `{"score":2,"opponents":[1,0]}`, map[string]any{"rounds.1.score": 0, "final_score": 0, "final_state": "full_health",
			"reading.en": textHolding("A winner brought to zero by their wins stays in full health: “The winner stays in full health but temporarily loses” the points; “If it drops to 0, they go into the fatigued state” is said of stunning blows.")}},
		// §3.2 each stunning blow takes one combat point.
		{"stunned once", `{"score":3,"stun_hits":1,"opponents":[1]}`, map[string]any{"rounds.0.result": "win", "final_score": 1}},
		// §3.2 "S'il tombe à 0 il passe dans l'état fatigué".
		{"stunned to 0", `{"score":2,"stun_hits":2}`, map[string]any{"final_score": 0, "final_state": "fatigued"}},
		// §2 a fatigued character fights at 0: a tie against 0.
		{"stunned fights at 0", `{"score":2,"stun_hits":5,"opponents":[0]}`, map[string]any{"rounds.0.result": "tie", "rounds.0.score": 0}},
		// §3.1 wins may bring the score to 0, then a tie with a 0.
		{"won down to 0", `{"score":1,"opponents":[0,0]}`, map[string]any{
			"rounds.0.result": "win", "rounds.0.score": 0, "rounds.1.result": "tie", "final_state": "fatigued"}},
		// §3.1 "L'union fait la force": more than three times as many.
		{"four against one", `{"attackers":4,"defenders":1}`, map[string]any{"overwhelmed": true}},
		{"three against one", `{"attackers":3,"defenders":1}`, map[string]any{"overwhelmed": false}},
		{"seven against two", `{"attackers":7,"defenders":2}`, map[string]any{"overwhelmed": true}},
		{"six against two", `{"attackers":6,"defenders":2}`, map[string]any{"overwhelmed": false}},
		// No opponent: nothing happens.
		{"no duel", `{"score":4}`, map[string]any{"final_score": 4, "final_state": "full_health"}},
	})
}

func TestPathfinderDuel(t *testing.T) {
	check(t, "pathfinder-duel", []tcase{
		// Spec example; seed 002 "Contre de duel" and Table 3-10: −2 + 1.
		{"spec counter", `{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"different_school","slot_level":4}`, map[string]any{
			"identify_dc": 18, "p_identify": 0.55, "modifier": -1, "counter_dc": 18, "p_counter": 0.45, "p_total": 0.2475}},
		// Spec example; "Parade de duel": d20 + 6 − 5 ≥ d20 + 5.
		{"spec parry", `{"mode":"parry","bab":6,"attack_bonus":5}`, map[string]any{"p_parry": 0.34}},
		// Table 3-10 "Même sort que celui à contrer +10".
		{"same spell", `{"mode":"counter","spellcraft_bonus":10,"spell_level":5,"caster_level":5,"relation":"same_spell"}`, map[string]any{
			"identify_dc": 20, "p_identify": 0.55, "modifier": 10, "p_counter": 0.8, "p_total": 0.44}},
		// Table 3-10 same school +2, +1 per level of slot above.
		{"same school high slot", `{"mode":"counter","spellcraft_bonus":0,"spell_level":0,"caster_level":1,"relation":"same_school","slot_level":9}`, map[string]any{
			"modifier": 11, "p_counter": 0.9, "p_identify": 0.3, "p_total": 0.27}},
		// "dissipation de la magie ... DD de 11 + niveau du lanceur", no identification.
		{"dispel magic", `{"mode":"counter","caster_level":10,"dispel":"dispel_magic","opponent_caster_level":10}`, map[string]any{
			"counter_dc": 21, "p_identify": 1.0, "p_counter": 0.5, "p_total": 0.5, "modifier": 0, "identify_dc": nil,
			// Audit R5: no caster-level cap, as the text gives none; the note says so.
			"reading.en": textHolding("With a dispel, the DC is “11 + caster level”, read as the opposing caster’s, with no cap (the text gives none, unlike Pathfinder’s spell): dispel magic and greater dispel magic therefore give the same result."),
			"reading.fr": textHolding("«\u00a0il n’est pas sûr d’y arriver\u00a0»")}},
		{"greater dispel", `{"mode":"counter","caster_level":20,"dispel":"greater_dispel","opponent_caster_level":1}`, map[string]any{"p_total": 1.0}},
		// Checks compare totals only: no automatic success or failure.
		// Audit R6: same spell, CL 7, spell 3: d20 + 17 against DC 18 never fails. The text says
		// « il n'est pas sûr d'y arriver »: the 100 % says why, in the answer and a step.
		{"counter certain says why", `{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"same_spell"}`, map[string]any{
			"p_counter":  1.0,
			"answer.en":  textHolding("The counter is certain here: even a 1 on the die gives 18, at least DC 18. The text says “success is not guaranteed” because the check must be rolled (only a true, readied counterspell needs none); a caster level check has no automatic failure."),
			"answer.fr":  textHolding("Le texte dit «\u00a0il n’est pas sûr d’y arriver\u00a0» parce qu’il faut faire le test"),
			"steps.4.en": textHolding("The counter is certain here")}},
		// One short of certain: no such sentence.
		{"counter almost certain", `{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":6,"relation":"same_spell"}`, map[string]any{
			"p_counter": 0.95, "answer.en": "You counter the spell **52.3%** of the time: you must identify it (**55%**), then counter it (**95%**)."}},
		{"dispel certain says why", `{"mode":"counter","caster_level":20,"dispel":"dispel_magic","opponent_caster_level":1}`, map[string]any{
			"p_counter": 1.0, "answer.en": textHolding("even a 1 on the die gives 21, at least DC 12.")}},
		{"identification sure", `{"mode":"counter","spellcraft_bonus":50,"spell_level":0,"caster_level":20,"relation":"same_spell"}`, map[string]any{"p_identify": 1.0, "p_counter": 1.0}},
		{"identification impossible", `{"mode":"counter","spellcraft_bonus":-10,"spell_level":9,"caster_level":1,"relation":"different_school"}`, map[string]any{"p_identify": 0.0, "p_total": 0.0}},
		// "à mains nues, il subit un malus supplémentaire de -2".
		{"unarmed parry", `{"mode":"parry","bab":6,"unarmed":true,"attack_bonus":5}`, map[string]any{"p_parry": 0.2625}},
		{"parry bab 0", `{"mode":"parry","bab":0,"attack_bonus":0}`, map[string]any{"p_parry": 0.3}},
		// "égal ou supérieur": equal totals parry.
		{"parry equal totals", `{"mode":"parry","bab":5,"attack_bonus":0}`, map[string]any{"p_parry": 0.525}},
		{"parry sure", `{"mode":"parry","bab":20,"attack_bonus":-10}`, map[string]any{"p_parry": 1.0}},
		// "Esquive de duel": +4 AC for this attack.
		{"dodge", `{"mode":"dodge","attack_bonus":5,"ac":15}`, map[string]any{"p_hit": 0.55, "p_hit_dodging": 0.35}},
		// A natural 20 always hits, a natural 1 always misses.
		{"dodge natural 20", `{"mode":"dodge","attack_bonus":0,"ac":30}`, map[string]any{"p_hit": 0.05, "p_hit_dodging": 0.05}},
		{"dodge natural 1", `{"mode":"dodge","attack_bonus":30,"ac":10}`, map[string]any{"p_hit": 0.95, "p_hit_dodging": 0.95}},
	})
}

func TestCritical(t *testing.T) {
	check(t, "critical", []tcase{
		// Spec examples' hits; seed 003 "Réussites et échecs critiques". The natural 1 is « un
		// échec », not a critical failure, unless the total is 10 below the AC (audit R7): the
		// spec's 0.05 of critical failures is the reading value critical.natural-one-critical 1
		// (TestCriticalNaturalOneReading).
		{"spec +5 vs 15", `{"attack_bonus":5,"ac":15}`, map[string]any{"p_hit": 0.55, "p_critical": 0.05, "p_critical_failure": 0, "outcomes.miss": 0.45}},
		{"spec +10 vs 12", `{"attack_bonus":10,"ac":12}`, map[string]any{"p_hit": 0.95, "p_critical": 0.45, "p_critical_failure": 0}},
		// "un résultat de 1 est toujours un échec", even at +30: a miss, not a critical failure.
		{"natural 1", `{"attack_bonus":30,"ac":1}`, map[string]any{"p_hit": 0.95, "p_critical": 0.95, "p_critical_failure": 0, "outcomes.miss": 0.05}},
		// A natural 1 whose total is 10 or more below the AC is a critical failure: +3 against AC 14.
		{"natural 1 far below", `{"attack_bonus":3,"ac":14}`, map[string]any{"p_critical_failure": 0.05, "outcomes.miss": 0.45}},
		// One above that margin: +4 against AC 14, the 1 is a plain miss.
		{"natural 1 just above the margin", `{"attack_bonus":4,"ac":14}`, map[string]any{"p_critical_failure": 0, "outcomes.miss": 0.45}},
		// "un résultat de 20 une réussite critique", even 30 below the AC.
		{"natural 20", `{"attack_bonus":-10,"ac":40}`, map[string]any{"p_hit": 0.05, "p_critical": 0.05, "p_critical_failure": 0.95}},
		// Freddy's note: a 19–20 range crits on 19 and 20.
		{"19-20 range", `{"attack_bonus":5,"ac":15,"crit_range":19}`, map[string]any{"p_critical": 0.1, "p_hit": 0.55}},
		// Freddy's note: with 19–20, a margin of 9 is critical.
		{"19-20 margin 9", `{"attack_bonus":10,"ac":12,"crit_range":19}`, map[string]any{"p_critical": 0.5, "p_hit": 0.95}},
		// "inférieur de 10 ou plus à la CA": totals ≤ 10 against 20.
		{"critical failures by margin", `{"attack_bonus":0,"ac":20}`, map[string]any{"p_critical_failure": 0.5, "p_hit": 0.05}},
		// Exactly 10 below is a critical failure.
		{"exactly 10 below", `{"attack_bonus":0,"ac":15}`, map[string]any{"p_critical_failure": 0.25}},
		// "dépassant de 10 ou plus": exactly 10 above is critical.
		{"exactly 10 above", `{"attack_bonus":5,"ac":10}`, map[string]any{"p_critical": 0.3, "p_hit": 0.8}},
		// 9 above is not critical with the normal range.
		{"9 above", `{"attack_bonus":4,"ac":10}`, map[string]any{"p_critical": 0.25, "p_hit": 0.75, "outcomes.hit": 0.5}},
		// crit_range 20 given explicitly is the default.
		{"explicit 20", `{"attack_bonus":5,"ac":15,"crit_range":20}`, map[string]any{"p_critical": 0.05}},
		// Freddy's note at AC 1: margin 9 from a total of 10; the natural 1 still fails.
		{"19-20 at AC 1", `{"attack_bonus":0,"ac":1,"crit_range":19}`, map[string]any{"p_critical": 0.55, "p_hit": 0.95, "p_critical_failure": 0,
			"reading.en": textHolding("A natural 1 always misses: “a roll of 1 is always a failure”, not a critical failure, which the text keeps for “a score 10 or more below the opposing AC”")}},
	})
}

// With critical.natural-one-critical 1 (a reading value), a natural 1 is
// always a critical failure: the spec's examples exactly.
func TestCriticalNaturalOneReading(t *testing.T) {
	r := rulesWith(t, map[string]int{"critical.natural-one-critical": 1})
	checkWith(t, r, "critical", []tcase{
		{"spec +5 vs 15", `{"attack_bonus":5,"ac":15}`, map[string]any{"p_hit": 0.55, "p_critical": 0.05, "p_critical_failure": 0.05, "outcomes.miss": 0.4,
			"reading.en": textHolding("A natural 1 always misses and counts as a critical failure, even if the total beats the AC by 10 (reading value critical.natural-one-critical: 1;")}},
		{"spec +10 vs 12", `{"attack_bonus":10,"ac":12}`, map[string]any{"p_hit": 0.95, "p_critical": 0.45, "p_critical_failure": 0.05}},
		{"natural 1", `{"attack_bonus":30,"ac":1}`, map[string]any{"p_hit": 0.95, "p_critical_failure": 0.05}},
	})
}
