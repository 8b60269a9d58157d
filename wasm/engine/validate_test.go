package engine

import (
	"strings"
	"testing"
)

func TestValidation(t *testing.T) {
	checkErrors(t, "wounds", []ecase{
		{`{"die":6}`, "dice", "missing"},
		{`{"dice":0,"die":6}`, "dice", "range"},
		{`{"dice":21,"die":6}`, "dice", "range"},
		{`{"dice":2,"die":7}`, "die", "enum"},
		{`{"dice":2,"die":"6"}`, "die", "type"},
		{`{"dice":2,"die":6,"medicine_bonus":21}`, "medicine_bonus", "range"},
		{`{"dice":2,"die":6,"queue":[1,0]}`, "queue[1]", "range"},
		{`{"dice":2,"die":6,"queue":3}`, "queue", "type"},
		{`{"dice":2,"die":6,"bonus":3}`, "bonus", "unknown_field"},
	})
	checkErrors(t, "casting", []ecase{
		{`{"apprenticeship":3}`, "magic", "missing"},
		{`{"magic":41,"apprenticeship":3}`, "magic", "range"},
		{`{"magic":4,"apprenticeship":6}`, "apprenticeship", "range"},
		{`{"magic":4,"apprenticeship":0}`, "apprenticeship", "range"},
		{`{"magic":4,"apprenticeship":3,"difficulty":6}`, "difficulty", "range"},
		{`{"magic":4,"apprenticeship":3,"modifier":4}`, "modifier", "range"},
		{`{"magic":4,"apprenticeship":3,"reading":"raw"}`, "reading", "enum"},
		{`{"magic":4,"apprenticeship":3,"xp":5}`, "difficulty", "missing"},
		{`{"magic":true,"apprenticeship":3}`, "magic", "type"},
		{`{"magic":4,"apprenticeship":3,"level":2}`, "level", "unknown_field"},
	})
	checkErrors(t, "study", []ecase{
		{`{"p_test":0.5}`, "hours", "missing"},
		{`{"hours":7,"p_test":0.5}`, "hours", "range"},
		{`{"hours":2,"p_test":1.5}`, "p_test", "range"},
		{`{"hours":2,"p_test":"0.5"}`, "p_test", "type"},
		{`{"hours":2}`, "p_test", "missing"},
		{`{"hours":2,"p_test":0.5,"p":1}`, "p", "unknown_field"},
	})
	checkErrors(t, "dying-magic", []ecase{
		{`{"con_save_bonus":2}`, "slot_level", "missing"},
		{`{"slot_level":10,"con_save_bonus":2}`, "slot_level", "range"},
		{`{"slot_level":5,"con_save_bonus":21}`, "con_save_bonus", "range"},
		{`{"slot_level":5,"con_save_bonus":2,"pact_slot":1}`, "pact_slot", "type"},
		{`{"slot_level":5,"con_save_bonus":2,"ritual":true}`, "ritual", "unknown_field"},
	})
	checkErrors(t, "spell-duel", []ecase{
		{`{"a":{"magic":4,"apprenticeship":3,"element":"fire"}}`, "b", "missing"},
		{`{"a":{"magic":4,"apprenticeship":3,"element":"ice"},"b":{"magic":4,"apprenticeship":3,"element":"fire"}}`, "a.element", "enum"},
		{`{"a":{"magic":41,"apprenticeship":3,"element":"fire"},"b":{"magic":4,"apprenticeship":3,"element":"fire"}}`, "a.magic", "range"},
		{`{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":4,"element":"fire"}}`, "b.apprenticeship", "missing"},
		{`{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":[]}`, "b", "type"},
		{`{"a":{"magic":4,"apprenticeship":3,"element":"fire","elem":"x"},"b":{"magic":4,"apprenticeship":3,"element":"fire"}}`, "a.elem", "unknown_field"},
	})
	checkErrors(t, "unarmed-duel", []ecase{
		{`{"opponents":[1]}`, "score", "missing"},
		{`{"score":11}`, "score", "range"},
		{`{"score":4,"opponents":[1,11]}`, "opponents[1]", "range"},
		{`{"score":4,"stun_hits":-1}`, "stun_hits", "range"},
		{`{"score":4,"attackers":4,"defenders":1}`, "score", "conflict"},
		{`{"attackers":4}`, "defenders", "missing"},
		{`{"attackers":0,"defenders":1}`, "attackers", "range"},
		{`{"score":4,"opponent":[1]}`, "opponent", "unknown_field"},
	})
	checkErrors(t, "pathfinder-duel", []ecase{
		{`{"bab":6}`, "mode", "missing"},
		{`{"mode":"feint"}`, "mode", "enum"},
		{`{"mode":"parry","bab":6}`, "attack_bonus", "missing"},
		{`{"mode":"parry","bab":21,"attack_bonus":5}`, "bab", "range"},
		{`{"mode":"parry","bab":6,"attack_bonus":5,"ac":10}`, "ac", "unknown_field"},
		{`{"mode":"dodge","attack_bonus":5,"ac":0}`, "ac", "range"},
		{`{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"cousin"}`, "relation", "enum"},
		{`{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"same_school","slot_level":2}`, "slot_level", "range"},
		{`{"mode":"counter","spellcraft_bonus":8,"spell_level":10,"caster_level":7,"relation":"same_school"}`, "spell_level", "range"},
		{`{"mode":"counter","caster_level":7,"dispel":"dispel_magic","opponent_caster_level":5,"relation":"same_school"}`, "relation", "conflict"},
		{`{"mode":"counter","caster_level":7,"dispel":"dispel_magic"}`, "opponent_caster_level", "missing"},
		{`{"mode":"counter","caster_level":7,"dispel":"disjunction","opponent_caster_level":5}`, "dispel", "enum"},
		{`{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"same_school","opponent_caster_level":5}`, "opponent_caster_level", "conflict"},
	})
	checkErrors(t, "critical", []ecase{
		{`{"ac":15}`, "attack_bonus", "missing"},
		{`{"attack_bonus":31,"ac":15}`, "attack_bonus", "range"},
		{`{"attack_bonus":5,"ac":41}`, "ac", "range"},
		{`{"attack_bonus":5,"ac":15,"crit_range":18}`, "crit_range", "enum"},
		{`{"attack_bonus":5,"ac":15,"crit_range":"19-20"}`, "crit_range", "type"},
		{`{"attack_bonus":"+5","ac":15}`, "attack_bonus", "type"},
		{`{"attack_bonus":5,"ac":15,"bonus":1}`, "bonus", "unknown_field"},
	})
	for _, c := range Calculators() {
		checkErrors(t, c.Name, []ecase{{`"x"`, "", "not_object"}, {`null`, "", "not_object"}, {`[]`, "", "not_object"}})
	}
}

func TestUnknownCalculator(t *testing.T) {
	out, err := Calculate("armour", map[string]any{})
	if out != nil || err == nil || err.Code != "unknown_calculator" || err.Field != "calculator" {
		t.Fatalf("got %v, %+v", out, err)
	}
	if !strings.Contains(err.En, "“armor”") {
		t.Errorf("message does not list the calculators: %s", err.En)
	}
}

// The brief's own example of a message, word for word.
func TestMessageWording(t *testing.T) {
	_, err := Calculate("casting", map[string]any{"magic": 41.0, "apprenticeship": 3.0})
	if err == nil {
		t.Fatal("no error")
	}
	if err.Fr != "magic doit être un entier entre 0 et 40 (reçu 41)" || err.En != "magic must be an integer from 0 to 40 (got 41)" {
		t.Errorf("messages %q / %q", err.Fr, err.En)
	}
	tree := err.Tree()["error"].(map[string]any)
	if tree["field"] != "magic" || tree["code"] != "range" || tree["message"] != err.En || tree["message_fr"] != err.Fr {
		t.Errorf("tree %v", tree)
	}
	if err.Error() != "range: "+err.En {
		t.Errorf("Error() = %q", err.Error())
	}
}

// Go callers may pass plain ints; the engine reads them like float64.
func TestGoIntegers(t *testing.T) {
	out, err := Calculate("critical", map[string]any{"attack_bonus": 5, "ac": 15})
	if err != nil || out["p_hit"] != 0.55 {
		t.Fatalf("got %v, %v", out, err)
	}
}

// Null stands for an absent optional field, as forms send it.
func TestNullIsAbsent(t *testing.T) {
	out := run(t, "casting", `{"magic":4,"apprenticeship":3,"difficulty":null,"modifier":null}`)
	if _, ok := out["xp_to_next"]; ok {
		t.Error("difficulty null taken as given")
	}
	checkErrors(t, "casting", []ecase{{`{"magic":null,"apprenticeship":3}`, "magic", "missing"}})
}
