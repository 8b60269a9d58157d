package engine

import (
	"reflect"
	"testing"
)

const allPlate = `"locations":{"forearms":"plate","arms":"plate","thighs":"plate","legs":"plate","torso":"plate"}`

func TestArmor(t *testing.T) {
	check(t, "armor", []tcase{
		// Spec example; seed 000 §2.4: plate 3 points × 5 locations + helmet 1.
		{"spec plate and helmet", `{` + allPlate + `,"helmet":true}`, map[string]any{
			"physical": 16, "physical_uncapped": 16, "capped": false, "can_run": false, "armor_type": "heavy", "residual": 3}},
		// Spec example; §2.4 magic first, then physical, last armour hit spares life; §2.5 one state per hit.
		{"spec hits 4 1 1 1", `{"magic":2,"locations":{"torso":"plate"},"hits":[4,1,1,1]}`, map[string]any{
			"timeline.0.magic": 0, "timeline.0.physical": 1, "timeline.0.state": "healthy",
			"timeline.1.physical": 0, "timeline.1.state": "healthy", "timeline.1.life_points": 1,
			"timeline.2.state": "wounded", "timeline.3.state": "dying", "state": "dying",
			"after_fight.magic": 2, "after_fight.physical": 3}},
		// §2.4 "un personnage ne peut pas monter au dessus de 20 points d'armure physique": 15 + 10 + 1 + 1 = 27 → 20.
		{"cap of 20", `{` + allPlate + `,"real_chainmail":["forearms","arms","thighs","legs","torso"],"helmet":true,"costume_bonus":true}`, map[string]any{
			"physical": 20, "physical_uncapped": 27, "capped": true, "total": 20, "can_run": false}},
		// §2.4 "au dessus de 10 points d'armure physique, vous ne pouvez pas courir": exactly 10 may run.
		{"10 points can run", `{"locations":{"forearms":"chain","arms":"chain","thighs":"chain","legs":"chain","torso":"chain"}}`, map[string]any{
			"physical": 10, "can_run": true, "armor_type": "intermediate", "residual": 2}},
		// §2.4 same with a helmet: 11 cannot run; magic does not count for running.
		{"11 points cannot run", `{"locations":{"forearms":"chain","arms":"chain","thighs":"chain","legs":"chain","torso":"chain"},"helmet":true,"magic":5}`, map[string]any{
			"physical": 11, "can_run": false, "magic": 5, "total": 16}},
		// §2.4 a real chain-mail coat adds to the piece worn on the same location, and counts as chain.
		{"real chainmail over leather", `{"locations":{"torso":"leather"},"real_chainmail":["torso"]}`, map[string]any{
			"physical": 3, "armor_type": "intermediate", "residual": 2}},
		// §2.2.2 staffs and improvised weapons deal no damage; §2.5 they take no state.
		{"hits of 0 damage", `{"hits":[0,0,1]}`, map[string]any{
			"timeline.0.state": "healthy", "timeline.1.state": "healthy", "timeline.1.life_points": 1,
			"timeline.2.state": "wounded", "state": "wounded"}},
		// §2.5 several life points are states, taken hit by hit whatever the damage.
		{"three life points", `{"life_points":3,"hits":[1,5,1,1,1]}`, map[string]any{
			"timeline.0.life_points": 2, "timeline.1.life_points": 1, "timeline.2.state": "wounded",
			"timeline.3.state": "dying", "timeline.4.state": "dying"}},
		// §2.4 "le dernier coup vous enlevant de l'armure n'affectera pas votre vie quelque soit les dégâts".
		{"last armour hit spares life whatever the damage", `{"locations":{"torso":"leather"},"hits":[50,1]}`, map[string]any{
			"timeline.0.physical": 0, "timeline.0.state": "healthy", "timeline.1.state": "wounded"}},
		// §2.4 magical armour alone: the last magic point is also the last armour point; it comes back after the fight.
		{"magic only", `{"magic":3,"hits":[2,2,1]}`, map[string]any{
			"timeline.0.magic": 1, "timeline.1.magic": 0, "timeline.1.state": "healthy", "timeline.2.state": "wounded",
			"after_fight.magic": 3, "after_fight.physical": 0, "armor_type": nil, "residual": 0}},
		// §2.4 damage goes on from magic into physical within the same hit; unbroken armour stays as it is.
		{"spill from magic to physical", `{"magic":1,"locations":{"legs":"chain"},"hits":[2]}`, map[string]any{
			"timeline.0.magic": 0, "timeline.0.physical": 1, "after_fight.physical": 1, "after_fight.magic": 1}},
		// §2.4 a broken light armour still gives 1 point after the fight.
		{"broken light armour residual", `{"locations":{"arms":"leather","thighs":"leather"},"hits":[3]}`, map[string]any{
			"armor_type": "light", "residual": 1, "after_fight.physical": 1, "state": "healthy"}},
		// §2.4 armour type given; the residual never exceeds the armour worn (reading).
		{"declared heavy on 1 point", `{"locations":{"forearms":"leather"},"armor_type":"heavy"}`, map[string]any{
			"armor_type": "heavy", "residual": 1}},
		// §2.4 a helmet is 1 point but no material: no type, no residual (reading).
		{"helmet only", `{"helmet":true}`, map[string]any{"physical": 1, "armor_type": nil, "residual": 0}},
		// §2.2.2 and §2.4 a 0-damage hit on armour takes nothing.
		{"0 damage on armour", `{"locations":{"torso":"plate"},"hits":[0]}`, map[string]any{"timeline.0.physical": 3, "after_fight.physical": 3}},
		// §2.4 a missing location is none; the heaviest material decides the type.
		{"mixed materials", `{"locations":{"torso":"plate","legs":"leather","arms":"none"}}`, map[string]any{
			"physical": 4, "physical_uncapped": 4, "armor_type": "heavy", "residual": 3,
			// Audit R4 and R3: the note says how the type is read and where magic comes from.
			"reading.en": textHolding("with no type chosen, it is that of the heaviest material worn (a real chain-mail coat counts as chain), and an organiser who classes the whole armour otherwise chooses it in the form;"),
			"reading.fr": textHolding("celle d’une potion ne revient pas, «\u00a0Les potions conférant de l’armure magique sont à usage unique\u00a0»")}},
	})
}

func TestArmorErrors(t *testing.T) {
	checkErrors(t, "armor", []ecase{
		{`{"magic":51}`, "magic", "range"},
		{`{"magic":"2"}`, "magic", "type"},
		{`{"magic":1.5}`, "magic", "range"},
		{`{"locations":{"torso":"mithril"}}`, "locations.torso", "enum"},
		{`{"locations":{"head":"plate"}}`, "locations.head", "unknown_field"},
		{`{"locations":["torso"]}`, "locations", "type"},
		{`{"hits":[1,2,51]}`, "hits[2]", "range"},
		{`{"hits":[1,-1]}`, "hits[1]", "range"},
		{`{"hits":"4"}`, "hits", "type"},
		{`{"real_chainmail":["torso","torso"]}`, "real_chainmail[1]", "duplicate"},
		{`{"real_chainmail":["belly"]}`, "real_chainmail[0]", "enum"},
		{`{"life_points":0}`, "life_points", "range"},
		{`{"armor_type":"medium"}`, "armor_type", "enum"},
		{`{"locations":{"forearms":"none","torso":"none"},"armor_type":"heavy"}`, "armor_type", "conflict"},
		{`{"helmet":"yes"}`, "helmet", "type"},
		{`{"hit":[1]}`, "hit", "unknown_field"},
	})
}

// TestArmorOf holds the armour's computation apart from its words: the
// points by source, the cap, running, the type and residual, each hit's
// event and the state after the fight, with the default rules.
func TestArmorOf(t *testing.T) {
	g := &Default().Armor
	type hit = armorHit
	plate := [5]int{3, 3, 3, 3, 3}
	cases := []struct {
		name string
		in   armorInput
		want armorResult
	}{
		{"nothing worn", armorInput{armorType: -1, life: 1},
			armorResult{canRun: true, armorType: -1, life: 1}},
		{"plate and helmet", armorInput{worn: plate, helmet: true, armorType: -1, life: 1},
			armorResult{sources: []armorSource{{3, 0, 3}, {3, 1, 3}, {3, 2, 3}, {3, 3, 3}, {3, 4, 3}, {sourceHelmet, -1, 1}},
				uncapped: 16, physical: 16, armorType: 2, residual: 3, life: 1, left: 16, after: 16}},
		{"real chain-mail coats count as chain", armorInput{worn: [5]int{1}, chain: []int{4, 0}, costume: true, armorType: -1, life: 1},
			armorResult{sources: []armorSource{{1, 0, 1}, {sourceChain, 4, 2}, {sourceChain, 0, 2}, {sourceCostume, -1, 1}},
				uncapped: 6, physical: 6, canRun: true, armorType: 1, residual: 2, life: 1, left: 6, after: 6}},
		{"over the cap", armorInput{worn: plate, chain: []int{0, 1, 2, 3, 4}, helmet: true, costume: true, armorType: -1, life: 1},
			armorResult{uncapped: 27, physical: 20, capped: true, armorType: 2, residual: 3, life: 1, left: 20, after: 20}},
		{"type given, residual at most the armour", armorInput{worn: [5]int{1}, armorType: 2, life: 1},
			armorResult{sources: []armorSource{{1, 0, 1}}, uncapped: 1, physical: 1, canRun: true, armorType: 2, residual: 1, life: 1, left: 1, after: 1}},
		{"magic, then physical, then states", armorInput{worn: [5]int{0, 0, 0, 0, 3}, magic: 2, armorType: -1, life: 1, hits: []int{4, 0, 1, 1, 1}},
			armorResult{sources: []armorSource{{3, 4, 3}}, uncapped: 3, physical: 3, canRun: true, armorType: 2, residual: 3,
				hits: []hit{
					{damage: 4, effect: hitArmor, fromMagic: 2, fromPhysical: 2, physical: 1, life: 1},
					{damage: 0, effect: hitNothing, physical: 1, life: 1},
					{damage: 1, effect: hitArmor, fromPhysical: 1, life: 1},
					{damage: 1, effect: hitState, state: 1},
					{damage: 1, effect: hitState, state: 2},
				}, state: 2, after: 3}},
		{"life points, then dying stays dying", armorInput{armorType: -1, life: 2, hits: []int{5, 1, 1, 1}},
			armorResult{canRun: true, armorType: -1,
				hits: []hit{
					{damage: 5, effect: hitLife, life: 1},
					{damage: 1, effect: hitState, state: 1},
					{damage: 1, effect: hitState, state: 2},
					{damage: 1, effect: hitDying, state: 2},
				}, state: 2}},
	}
	for _, c := range cases {
		got := armorOf(g, &c.in)
		if c.want.sources == nil {
			// Only the totals are held for these.
			got.sources = nil
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, c.want)
		}
	}
}
