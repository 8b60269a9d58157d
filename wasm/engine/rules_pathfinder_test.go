package engine

import "testing"

// pathfinderRules change every number of the duel: DCs 12, 14 and 9 + level,
// Table 3-10 at +6, +3, −4 and +2 a slot level, the parry at −3 and −5 more
// unarmed, the dodge at +6 then −3, and its attack roll hitting on a natural
// 19 or more and missing on a natural 2 or less.
func pathfinderRules(t *testing.T) *Rules {
	return rulesWith(t, map[string]int{
		"pathfinder.identify-dc-base": 12, "pathfinder.counter-dc-base": 14, "pathfinder.dispel-dc-base": 9,
		"pathfinder.same-spell": 6, "pathfinder.same-school": 3, "pathfinder.different-school": -4, "pathfinder.slot-level-bonus": 2,
		"pathfinder.parry": -3, "pathfinder.unarmed-parry": -5, "pathfinder.dodge-ac": 6, "pathfinder.dodge-after": -3,
		"pathfinder.dodge-natural-hit": 19, "pathfinder.dodge-natural-miss": 2,
	})
}

// Counter, spell level 3: identify DC 15 (12 + 3), Spellcraft +8 passes on
// faces 7-20 (0.7); counter DC 17 (14 + 3). A different school with a slot
// one level above: −4 + 2 = −2, caster level 7 passes on faces 12-20
// (0.45), 0.315 in all; the same spell in a level 3 slot: +6, faces 4-20
// (0.85); the same school: +3, faces 7-20 (0.7). Dispel against caster level 5: DC 14, faces 7-20 (0.7).
// Parry, bab 6 against +5: d20 + 3 ≥ d20 + 5 when mine − theirs ≥ 2, 171
// pairs of 400; unarmed d20 − 2, mine − theirs ≥ 7, 91 pairs.
// Dodge, +5 against AC 15: faces 10-20 hit (0.55); against AC 21, faces
// 16-20 (0.25). +25 against AC 15: all but faces 1-2 (0.9). −5 against AC
// 20: only the natural 19 and 20 (0.1).
func TestPathfinderWithOtherRules(t *testing.T) {
	r := pathfinderRules(t)
	checkWith(t, r, "pathfinder-duel", []tcase{
		{"counter, different school", `{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"different_school","slot_level":4}`, map[string]any{
			"identify_dc": 15, "p_identify": 0.7, "counter_dc": 17, "modifier": -2, "p_counter": 0.45, "p_total": 0.315,
			"steps.1.en": "Spell of a different school: −4. A level 4 slot for a level 3 spell adds +2. Total modifier: −2.",
		}},
		{"counter, same spell", `{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"same_spell"}`, map[string]any{
			"modifier": 6, "p_counter": 0.85,
		}},
		{"counter, same school", `{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"same_school"}`, map[string]any{
			"modifier": 3, "p_counter": 0.7,
		}},
		{"dispel", `{"mode":"counter","caster_level":7,"dispel":"dispel_magic","opponent_caster_level":5}`, map[string]any{
			"counter_dc": 14, "p_counter": 0.7, "modifier": 0,
			"steps.1.en": "Caster level check: d20 + 7 against DC 14 (9 plus 5, the opposing caster level). It succeeds 14 times out of 20, that is 70%.",
		}},
		{"parry", `{"mode":"parry","bab":6,"attack_bonus":5}`, map[string]any{
			"parry_bonus": 3, "p_parry": 0.4275,
		}},
		{"parry unarmed", `{"mode":"parry","bab":6,"unarmed":true,"attack_bonus":5}`, map[string]any{
			"parry_bonus": -2, "p_parry": 0.2275,
			"steps.0.en": "Parry roll: d20 + 6 (base attack bonus), minus 3, minus 5 unarmed, that is d20 −2.",
		}},
		{"dodge", `{"mode":"dodge","attack_bonus":5,"ac":15}`, map[string]any{
			"p_hit": 0.55, "p_hit_dodging": 0.25,
			"steps.0.en": "Attack d20 +5 against AC 15 (a natural 19 or more always hits, a natural 2 or less always misses): it hits 55% of the time.",
			"steps.1.en": "Duel dodge: +6 AC (21) against this attack, which then hits only 25% of the time. Afterwards, −3 AC until the next turn.",
		}},
		{"dodge, natural miss", `{"mode":"dodge","attack_bonus":25,"ac":15}`, map[string]any{
			"p_hit": 0.9, "p_hit_dodging": 0.9,
		}},
		{"dodge, natural hit", `{"mode":"dodge","attack_bonus":-5,"ac":20}`, map[string]any{
			"p_hit": 0.1, "p_hit_dodging": 0.1,
		}},
	})
	conflictOn(t, map[string]int{"pathfinder.dodge-natural-miss": 19, "pathfinder.dodge-natural-hit": 19}, "pathfinder.dodge-natural-miss")
	if err := Default().Set("pathfinder.parry", 1); err == nil || err.Code != "range" {
		t.Errorf("a parry bonus of +1: %v, want a range error (the text calls it a penalty)", err)
	}
}
