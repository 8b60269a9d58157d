package engine

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// sectionIDs reads the fixed slugs and section IDs from content/IDS.md, the
// list the pages link to, so that a step can never cite a missing anchor.
func sectionIDs(t *testing.T) map[string]bool {
	t.Helper()
	data, err := os.ReadFile("../../content/IDS.md")
	if err != nil {
		t.Skipf("content/IDS.md not readable: %v", err)
	}
	ids := map[string]bool{}
	tick := regexp.MustCompile("`([^`]+)`")
	for _, line := range strings.Split(string(data), "\n") {
		cols := strings.Split(line, "|")
		if len(cols) < 6 {
			continue
		}
		slug := tick.FindStringSubmatch(cols[2])
		if slug == nil {
			continue
		}
		for _, m := range tick.FindAllStringSubmatch(cols[4], -1) {
			ids[slug[1]+"#"+m[1]] = true
		}
	}
	if len(ids) < 20 {
		t.Fatalf("only %d section IDs read from IDS.md", len(ids))
	}
	return ids
}

// examples are inputs covering every calculator and most branches; the step
// and property tests and the fuzz seeds share them.
var examples = map[string][]string{
	"dice": {`{"expr":"2d6"}`, `{"expr":"2d6+1d4-1"}`, `{"expr":"d%-3"}`, `{"expr":"30d6"}`},
	"armor": {`{` + allPlate + `,"helmet":true}`, `{"magic":2,"locations":{"torso":"plate"},"hits":[4,1,1,1]}`,
		`{` + allPlate + `,"real_chainmail":["torso"],"helmet":true,"costume_bonus":true,"hits":[0,30,1,1,1]}`, `{"life_points":3,"hits":[1,1,1,1,1]}`},
	"health-fantasy": {`{"state":"wounded"}`, `{"state":"dying","combat_ends_at":10,"events":[{"at":2,"action":"first_aid"},{"at":5,"action":"first_aid","self":true},{"at":20,"action":"medicine"},{"at":30,"action":"potion"},{"at":300,"action":"potion"}]}`,
		`{"state":"wounded","events":[{"at":1,"action":"laying_on_hands","self":true},{"at":2,"action":"laying_on_hands"}]}`, `{"state":"dead"}`},
	"health-modern": {`{"state":"wounded","events":[{"at":5,"action":"first_aid","level":"novice"}]}`,
		`{"state":"coma","events":[{"at":1,"action":"surgery","level":"novice"},{"at":2,"action":"surgery","level":"expert","calm_place":true},{"at":3,"action":"first_aid","level":"expert"}]}`,
		`{"state":"fatigued"}`, `{"state":"wounded","until":10,"events":[{"at":8,"action":"surgery","level":"expert"}]}`},
	"wounds":      {`{"dice":2,"die":6,"medicine_bonus":5}`, `{"dice":1,"die":4,"queue":[5,3,4]}`, `{"dice":20,"die":12,"medicine_bonus":-5,"queue":[1]}`},
	"casting":     {`{"magic":4,"apprenticeship":3,"difficulty":2}`, `{"magic":0,"apprenticeship":5,"difficulty":1,"modifier":3,"reading":"natural"}`, `{"magic":40,"apprenticeship":1,"difficulty":5,"xp":7}`},
	"study":       {`{"hours":4,"p_test":0.9}`, `{"hours":1,"p_test":0}`, `{"hours":6,"p_test":1}`},
	"dying-magic": {`{"slot_level":5,"con_save_bonus":2}`, `{"slot_level":2,"con_save_bonus":0}`, `{"slot_level":5,"con_save_bonus":0,"pact_slot":true}`, `{"slot_level":9,"con_save_bonus":-5}`},
	"spell-duel": {`{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":2,"apprenticeship":2,"element":"vine"}}`,
		`{"a":{"magic":4,"apprenticeship":3,"element":"neutral"},"b":{"magic":2,"apprenticeship":2,"element":"vine"}}`,
		`{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":2,"apprenticeship":2,"element":"water"}}`},
	"unarmed-duel": {`{"score":4,"opponents":[2,3,3]}`, `{"score":2,"stun_hits":3,"opponents":[1]}`, `{"attackers":4,"defenders":1}`, `{"attackers":2,"defenders":1}`, `{"score":5,"stun_hits":1,"opponents":[1,1]}`},
	"pathfinder-duel": {`{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"different_school","slot_level":4}`,
		`{"mode":"counter","caster_level":7,"dispel":"greater_dispel","opponent_caster_level":9}`,
		`{"mode":"parry","bab":6,"attack_bonus":5}`, `{"mode":"dodge","attack_bonus":5,"ac":15}`},
	"critical": {`{"attack_bonus":5,"ac":15}`, `{"attack_bonus":10,"ac":12}`, `{"attack_bonus":0,"ac":20,"crit_range":19}`},
}

func TestExamplesCoverAll(t *testing.T) {
	for _, c := range Calculators() {
		if len(examples[c.Name]) == 0 {
			t.Errorf("no examples for %s", c.Name)
		}
	}
	if len(examples) != len(Calculators()) || len(Calculators()) != 12 {
		t.Errorf("%d example sets, %d calculators", len(examples), len(Calculators()))
	}
}

func TestStepsCiteSections(t *testing.T) {
	ids := sectionIDs(t)
	for _, c := range Calculators() {
		if c.Name != "dice" && !ids[c.Doc+"#"+c.Section] {
			t.Errorf("%s: Info cites %s#%s, not in IDS.md", c.Name, c.Doc, c.Section)
		}
		if c.Fr == "" || c.En == "" {
			t.Errorf("%s: no description", c.Name)
		}
		for _, in := range examples[c.Name] {
			out := run(t, c.Name, in)
			steps, ok := out["steps"].([]any)
			if !ok || len(steps) == 0 {
				t.Errorf("%s %s: no steps", c.Name, in)
				continue
			}
			for _, s := range steps {
				m := s.(map[string]any)
				doc, rule := m["doc"].(string), m["rule"].(string)
				if c.Name == "dice" {
					if doc != "" || rule != "" {
						t.Errorf("dice cites %s#%s", doc, rule)
					}
				} else if !ids[doc+"#"+rule] {
					t.Errorf("%s: step cites %s#%s, not in IDS.md: %v", c.Name, doc, rule, m["en"])
				}
				if m["fr"] == "" || m["en"] == "" {
					t.Errorf("%s: empty step text %v", c.Name, m)
				}
			}
			if c.Name != "dice" {
				r, ok := out["reading"].(map[string]any)
				if !ok || r["fr"] == "" || r["en"] == "" {
					t.Errorf("%s: no reading", c.Name)
				}
			}
		}
	}
}

// plain checks that a tree holds only what encoding/json decodes and what a
// syscall/js bridge converts without reflection.
func plain(t *testing.T, path string, v any) {
	t.Helper()
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			plain(t, path+"."+k, e)
		}
	case []any:
		for i, e := range x {
			plain(t, path+"["+itoa(i)+"]", e)
		}
	case float64, string, bool, nil:
	default:
		t.Errorf("%s: %T in the output tree", path, v)
	}
}

func TestOutputsArePlainTrees(t *testing.T) {
	for name, ins := range examples {
		for _, in := range ins {
			plain(t, name, map[string]any(run(t, name, in)))
		}
	}
	_, err := Calculate("casting", map[string]any{"magic": 99.0})
	plain(t, "error", err.Tree())
}
