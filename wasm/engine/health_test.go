package engine

import "testing"

func TestHealthFantasy(t *testing.T) {
	check(t, "health-fantasy", []tcase{
		// Spec example; seed 000 §2.5 wounded untreated for an hour → dying, dead 5 min after the fight.
		{"spec wounded untreated", `{"state":"wounded"}`, map[string]any{
			"timeline.0.state": "wounded", "timeline.1.at": 60, "timeline.1.state": "dying",
			"timeline.2.at": 65, "timeline.2.state": "dead", "final_state": "dead", "body_until": 75}},
		// §2.5 a healthy character has no timer.
		{"healthy stays healthy", `{"state":"healthy","life_points":2}`, map[string]any{
			"final_state": "healthy", "timeline.0.life_points": 2}},
		// §2.5 "Vous resterez en agonie jusque dans les 5 min après la fin du combat".
		{"dying until 5 min after the fight", `{"state":"dying","combat_ends_at":30}`, map[string]any{
			"timeline.1.at": 35, "timeline.1.state": "dead", "body_until": 45}},
		// §2.6 first aid (2 min) brings a dying character back to wounded; §2.6 note: dying again an hour later.
		{"first aid then an hour", `{"state":"dying","events":[{"at":2,"action":"first_aid"}]}`, map[string]any{
			"timeline.1.at": 4, "timeline.1.state": "wounded", "timeline.1.cause": "first_aid", "timeline.1.event": 0,
			"timeline.2.at": 64, "timeline.2.state": "dying", "timeline.3.at": 69, "timeline.3.state": "dead"}},
		// §2.6 first aid « permet de maintenir en vie un agonisant »: begun at 4, it holds the death due
		// at 5 until it ends at 6 (audit D1; the engine used to say dead at 5).
		{"first aid begun before death holds it", `{"state":"dying","events":[{"at":4,"action":"first_aid"}]}`, map[string]any{
			"timeline.1.at": 6, "timeline.1.state": "wounded", "timeline.2.at": 66, "timeline.2.state": "dying",
			"timeline.3.at": 71, "timeline.3.state": "dead", "ignored": []int{},
			"steps.1.en": "At minute 5 the character would have died, but the treatment begun at minute 4 (first aid), while they were dying, keeps them dying until it ends, at minute 6.",
			"steps.1.fr": "À la minute 5, le personnage serait mort, mais le soin commencé à la minute 4 (les premiers secours), alors qu’il était agonisant, le maintient agonisant jusqu’à sa fin, à la minute 6."}},
		// §2.5 « pour permettre à vos alliés de vous soigner », §2.6 medicine heals « un blessé ou un
		// agonisant totalement »: medicine begun as the fight ends saves the dying (D1: was dead at 5).
		{"medicine on the dying after the fight", `{"state":"dying","combat_ends_at":0,"events":[{"at":0,"action":"medicine"}]}`, map[string]any{
			"timeline.1.at": 10, "timeline.1.state": "healthy", "final_state": "healthy", "ignored": []int{}}},
		// « si on ne vous soigne pas dans l'heure »: the doctor who begins at 59 is in time (D1: was dead at 65).
		{"medicine begun within the hour", `{"state":"wounded","events":[{"at":59,"action":"medicine"}]}`, map[string]any{
			"timeline.1.at": 69, "timeline.1.state": "healthy", "final_state": "healthy",
			"steps.1.en": "At minute 60 the character would have become dying, but the treatment begun at minute 59 (medicine), while they were wounded, keeps them wounded until it ends, at minute 69."}},
		// Begun at the very minute the death falls due: actions come first at one minute, so it holds.
		{"first aid begun at the minute of death", `{"state":"dying","events":[{"at":5,"action":"first_aid"}]}`, map[string]any{
			"timeline.1.at": 7, "timeline.1.state": "wounded"}},
		{"medicine begun at the minute wounded turns dying", `{"state":"wounded","events":[{"at":60,"action":"medicine"}]}`, map[string]any{
			"timeline.1.at": 70, "timeline.1.state": "healthy"}},
		// A treatment that cannot apply holds nothing: first aid on a wounded character, medicine on
		// oneself, a potion a dying character drinks alone.
		{"first aid on a wounded character holds nothing", `{"state":"wounded","events":[{"at":58,"action":"first_aid"}]}`, map[string]any{
			"ignored.0.reason": "not_applicable", "timeline.1.at": 60, "timeline.1.state": "dying", "timeline.2.at": 65, "timeline.2.state": "dead"}},
		{"medicine on oneself holds nothing", `{"state":"dying","events":[{"at":0,"action":"medicine","self":true}]}`, map[string]any{
			"ignored.0.reason": "not_on_self", "timeline.1.at": 5, "timeline.1.state": "dead"}},
		{"potion alone holds nothing", `{"state":"dying","events":[{"at":4,"action":"potion","self":true}]}`, map[string]any{
			"ignored.0.reason": "dying_cannot_drink_alone", "timeline.1.at": 5, "timeline.1.state": "dead"}},
		// Too late: first aid after death is refused and holds nothing.
		{"first aid on the dead", `{"state":"dying","events":[{"at":6,"action":"first_aid"}]}`, map[string]any{
			"ignored.0.reason": "dead", "timeline.1.at": 5, "timeline.1.state": "dead"}},
		// Overlapping treatments: first aid ends first (wounded at 6), the medicine begun at 5 holds
		// the wounded character in turn and heals at 15.
		{"first aid then medicine overlapping", `{"state":"dying","events":[{"at":4,"action":"first_aid"},{"at":5,"action":"medicine"}]}`, map[string]any{
			"timeline.1.at": 6, "timeline.1.state": "wounded", "timeline.2.at": 15, "timeline.2.state": "healthy", "ignored": []int{}}},
		// A potion given during the medicine heals at once; the medicine then finds nothing to treat.
		{"potion during medicine", `{"state":"dying","life_points":3,"events":[{"at":0,"action":"medicine"},{"at":3,"action":"potion"}]}`, map[string]any{
			"timeline.1.at": 3, "timeline.1.state": "healthy", "timeline.1.life_points": 1,
			"ignored.0.index": 0, "ignored.0.reason": "no_longer_applicable", "final_state": "healthy"}},
		// A treatment still under way at the end of the period holds until then, and the answer says so.
		{"held at the end of the period", `{"state":"dying","until":8,"events":[{"at":0,"action":"medicine"}]}`, map[string]any{
			"final_state": "dying", "ignored.0.reason": "ends_after_until",
			"answer.en": textHolding("Next: the treatment (medicine) ends at minute 10; until then the character stays dying."),
			"answer.fr": textHolding("Ensuite\u00a0: le soin (la médecine) finit à la minute 10\u202f; d’ici là, le personnage reste agonisant.")}},
		// §2.5 "dans les 5 min": first aid ending at the minute of death is in time (reading).
		{"first aid ends at the minute of death", `{"state":"dying","until":30,"events":[{"at":3,"action":"first_aid"}]}`, map[string]any{
			"timeline.1.at": 5, "timeline.1.state": "wounded", "final_state": "wounded"}},
		// §2.6 medicine (10 min) begun on a wounded character holds the dying due at 60, and heals with all life points.
		{"medicine across a timer", `{"state":"wounded","life_points":3,"events":[{"at":55,"action":"medicine"}]}`, map[string]any{
			"timeline.1.at": 65, "timeline.1.state": "healthy", "timeline.1.life_points": 3, "final_state": "healthy"}},
		// §2.5 "dans l'heure": at minute 60 the character is still wounded when the first aid starts (reading).
		{"first aid at the minute wounded turns dying", `{"state":"wounded","events":[{"at":60,"action":"first_aid"}]}`, map[string]any{
			"ignored.0.reason": "not_applicable", "timeline.1.at": 60, "timeline.1.state": "dying"}},
		// §2.6 laying on hands: on oneself only, wounded → healthy, instant.
		{"laying on hands on oneself", `{"state":"wounded","life_points":2,"events":[{"at":10,"action":"laying_on_hands","self":true}]}`, map[string]any{
			"timeline.1.at": 10, "timeline.1.state": "healthy", "timeline.1.life_points": 1}},
		// §2.6 laying on hands on someone else does nothing.
		{"laying on hands on another", `{"state":"wounded","events":[{"at":10,"action":"laying_on_hands"}]}`, map[string]any{
			"ignored.0.reason": "self_only", "timeline.1.at": 60}},
		// §2.6 "On ne peut pas s'administrer soi-même les premiers secours".
		{"first aid on oneself", `{"state":"dying","events":[{"at":1,"action":"first_aid","self":true}]}`, map[string]any{
			"ignored.0.reason": "not_on_self", "final_state": "dead"}},
		// §2.6 "Un agonisant ne peut se l'administrer lui-même", but another may give it.
		{"potion dying alone then given", `{"state":"dying","events":[{"at":1,"action":"potion","self":true},{"at":2,"action":"potion"}]}`, map[string]any{
			"ignored.0.index": 0, "ignored.0.reason": "dying_cannot_drink_alone", "timeline.1.at": 2, "timeline.1.state": "healthy"}},
		// §2.6 first aid only acts on a dying character.
		{"first aid on a healthy character", `{"state":"healthy","events":[{"at":0,"action":"first_aid"}]}`, map[string]any{
			"ignored.0.reason": "not_applicable", "final_state": "healthy"}},
		// §2.5 a dead character is past healing.
		{"potion on the dead", `{"state":"dead","events":[{"at":3,"action":"potion"}]}`, map[string]any{
			"ignored.0.reason": "dead", "body_until": 10}},
		// The reading says the held deterioration in the text's words, in both languages.
		{"reading holds in the text's words", `{"state":"wounded"}`, map[string]any{
			"reading.fr": textHolding("«\u00a0pour permettre à vos alliés de vous soigner\u00a0», les premiers secours permettent «\u00a0de maintenir en vie un agonisant\u00a0», la médecine sert à «\u00a0soigner un blessé ou un agonisant totalement\u00a0»"),
			"reading.en": textHolding("the dying remain dying “to allow your allies to heal you”, first aid “keeps a dying character alive”, medicine “fully heals a wounded or dying character”")}},
		// Events past the period computed are reported, not applied.
		{"after until", `{"state":"wounded","until":30,"events":[{"at":40,"action":"potion"}]}`, map[string]any{
			"ignored.0.reason": "after_until", "final_state": "wounded"}},
		// §2.6 first aid takes 2 minutes: it cannot end inside a 10-minute period if begun at 9.
		{"ends after until", `{"state":"dying","combat_ends_at":100,"until":10,"events":[{"at":9,"action":"first_aid"}]}`, map[string]any{
			"ignored.0.reason": "ends_after_until", "final_state": "dying"}},
		// Events are applied in time order whatever their order in the list; indexes stay those of the list.
		{"events out of order", `{"state":"dying","combat_ends_at":60,"events":[{"at":50,"action":"medicine"},{"at":10,"action":"first_aid"}]}`, map[string]any{
			"timeline.1.at": 12, "timeline.1.state": "wounded", "timeline.1.event": 1,
			"timeline.2.at": 60, "timeline.2.state": "healthy", "timeline.2.event": 0}},
	})
}

func TestHealthModern(t *testing.T) {
	check(t, "health-modern", []tcase{
		// Spec example; seed 001 medicine 1.2.1: novice first aid, 1 h before the coma after it ends; §2 coma → dead in 15.
		{"spec novice first aid", `{"state":"wounded","events":[{"at":5,"action":"first_aid","level":"novice"}]}`, map[string]any{
			"timeline.1.at": 6, "timeline.1.cause": "first_aid", "timeline.2.at": 66, "timeline.2.state": "coma",
			"timeline.3.at": 81, "timeline.3.state": "dead", "body_until": 91}},
		// §2 wounded → coma in 15 min, coma → dead in 15 min.
		{"wounded untreated", `{"state":"wounded"}`, map[string]any{
			"timeline.1.at": 15, "timeline.1.state": "coma", "timeline.2.at": 30, "timeline.2.state": "dead"}},
		// §2 fatigued → full health after 10 minutes.
		{"fatigued recovers", `{"state":"fatigued"}`, map[string]any{"timeline.1.at": 10, "timeline.1.state": "full_health"}},
		// 1.2.2 expert first aid on a coma: 4 h before dying.
		{"expert first aid on coma", `{"state":"wounded","until":300,"events":[{"at":20,"action":"first_aid","level":"expert"}]}`, map[string]any{
			"timeline.1.at": 15, "timeline.1.state": "coma", "timeline.2.at": 21, "timeline.3.at": 261, "timeline.3.state": "dead"}},
		// 1.3.1 novice surgery only in a calm place.
		{"novice surgery not calm", `{"state":"wounded","events":[{"at":5,"action":"surgery","level":"novice"}]}`, map[string]any{
			"ignored.0.reason": "calm_place_required", "timeline.1.at": 15}},
		// 1.3.1 novice surgery: 10 min, fatigued, no full health before 1 h.
		{"novice surgery calm", `{"state":"wounded","events":[{"at":5,"action":"surgery","level":"novice","calm_place":true}]}`, map[string]any{
			"timeline.1.at": 15, "timeline.1.state": "fatigued", "timeline.2.at": 75, "timeline.2.state": "full_health"}},
		// 1.3.2 expert surgery: 10 min anywhere, full health exactly 30 min later.
		{"expert surgery not calm", `{"state":"wounded","events":[{"at":4,"action":"surgery","level":"expert"}]}`, map[string]any{
			"timeline.1.at": 14, "timeline.1.state": "fatigued", "timeline.2.at": 44, "timeline.2.state": "full_health"}},
		// 1.3.2 expert surgery in a calm place takes 5 min.
		{"expert surgery calm", `{"state":"wounded","events":[{"at":5,"action":"surgery","level":"expert","calm_place":true}]}`, map[string]any{
			"timeline.1.at": 10, "timeline.2.at": 40, "timeline.2.state": "full_health"}},
		// §2 and 1.3: the surgery begun on a wounded character holds the coma due at 15.
		{"coma held by surgery", `{"state":"wounded","events":[{"at":10,"action":"surgery","level":"expert"}]}`, map[string]any{
			"timeline.1.at": 20, "timeline.1.state": "fatigued", "timeline.2.at": 50, "timeline.2.state": "full_health"}},
		// §2 « doit se faire soigner dans les 15mn »: a surgery begun in the coma holds the death due at 30.
		{"death held by surgery", `{"state":"wounded","events":[{"at":25,"action":"surgery","level":"expert"}]}`, map[string]any{
			"timeline.1.at": 15, "timeline.1.state": "coma", "timeline.2.at": 35, "timeline.2.state": "fatigued", "ignored": []int{},
			"steps.2.en": "At minute 30 the character would have died, but the treatment begun at minute 25 (surgery), while they were in a coma, keeps them in a coma until it ends, at minute 35."}},
		// Audit D1: expert surgery begun on a coma patient at minute 14 saves them (was dead at 15).
		{"expert surgery on a coma at 14", `{"state":"coma","events":[{"at":14,"action":"surgery","level":"expert"}]}`, map[string]any{
			"timeline.1.at": 24, "timeline.1.state": "fatigued", "timeline.2.at": 54, "timeline.2.state": "full_health", "final_state": "full_health"}},
		// Begun at the minute death falls due: actions come first, so it holds.
		{"surgery begun at the minute of death", `{"state":"coma","events":[{"at":15,"action":"surgery","level":"expert","calm_place":true}]}`, map[string]any{
			"timeline.1.at": 20, "timeline.1.state": "fatigued"}},
		// A refused surgery holds nothing: a novice outside a calm place.
		{"refused surgery holds nothing", `{"state":"coma","events":[{"at":10,"action":"surgery","level":"novice"}]}`, map[string]any{
			"ignored.0.reason": "calm_place_required", "timeline.1.at": 15, "timeline.1.state": "dead"}},
		// Surgery on a dead character is refused.
		{"surgery on the dead", `{"state":"coma","events":[{"at":16,"action":"surgery","level":"expert"}]}`, map[string]any{
			"ignored.0.reason": "dead", "timeline.1.at": 15, "timeline.1.state": "dead"}},
		// Surgery on a fatigued character treats nothing, and fatigue still passes at 10.
		{"surgery on the fatigued", `{"state":"fatigued","events":[{"at":5,"action":"surgery","level":"expert"}]}`, map[string]any{
			"ignored.0.reason": "not_applicable", "timeline.1.at": 10, "timeline.1.state": "full_health"}},
		// Overlapping: expert first aid 14 to 15 puts the death off to 255, the surgery begun at 14 heals at 24.
		{"first aid and surgery overlapping", `{"state":"coma","events":[{"at":14,"action":"first_aid","level":"expert"},{"at":14,"action":"surgery","level":"expert"}]}`, map[string]any{
			"timeline.1.at": 15, "timeline.1.cause": "first_aid", "timeline.2.at": 24, "timeline.2.state": "fatigued", "ignored": []int{}}},
		// §2 "dans les 15mn": a surgery ending at the minute of death is in time (reading).
		{"surgery ends at the minute of death", `{"state":"coma","events":[{"at":10,"action":"surgery","level":"expert","calm_place":true}]}`, map[string]any{
			"timeline.1.at": 15, "timeline.1.state": "fatigued"}},
		// §2 in a coma the character is inert (reading: no self-treatment).
		{"self first aid in a coma", `{"state":"coma","events":[{"at":1,"action":"first_aid","level":"expert","self":true}]}`, map[string]any{
			"ignored.0.reason": "inert", "timeline.1.at": 15, "timeline.1.state": "dead"}},
		{"reading holds", `{"state":"coma"}`, map[string]any{
			"reading.fr": textHolding("«\u00a0doit se faire soigner\u00a0» à temps «\u00a0sous peine de mourir\u00a0», et une chirurgie commencée avant sa mort le sauve."),
			"reading.en": textHolding("A treatment begun in time holds the deterioration it prevents while it lasts")}},
		// R9: the care is said to « la victime » (« ton niveau de santé est maintenant fatigué »): no
		// self-care by default (health.self-care 0), and a refused care holds nothing.
		{"self surgery while wounded", `{"state":"wounded","events":[{"at":1,"action":"surgery","level":"expert","self":true}]}`, map[string]any{
			"ignored.0.reason": "not_on_self", "timeline.1.at": 15, "timeline.1.state": "coma",
			"reading.en": textHolding("Nobody treats themselves: the care is given to “the victim”, who is told the effect (“your health level is now fatigued”); in a coma they are inert."),
			"reading.fr": textHolding("Personne ne se soigne soi-même\u00a0: le soin se donne à «\u00a0la victime\u00a0»")}},
		{"self first aid while wounded", `{"state":"wounded","events":[{"at":14,"action":"first_aid","level":"novice","self":true}]}`, map[string]any{
			"ignored.0.reason": "not_on_self", "timeline.1.at": 15, "timeline.1.state": "coma"}},
		// 1.2 first aid applies only to wounded or coma.
		{"first aid on full health", `{"state":"full_health","events":[{"at":1,"action":"first_aid","level":"novice"}]}`, map[string]any{
			"ignored.0.reason": "not_applicable"}},
		// 1.2 repeated first aid: the later deadline is kept (reading).
		{"repeated first aid", `{"state":"wounded","until":300,"events":[{"at":1,"action":"first_aid","level":"novice"},{"at":3,"action":"first_aid","level":"expert"},{"at":5,"action":"first_aid","level":"novice"}]}`, map[string]any{
			"timeline.4.at": 244, "timeline.4.state": "coma", "timeline.5.at": 259, "timeline.5.state": "dead"}},
	})
}

func TestHealthErrors(t *testing.T) {
	checkErrors(t, "health-fantasy", []ecase{
		{`{}`, "state", "missing"},
		{`{"state":"fatigued"}`, "state", "enum"},
		{`{"state":3}`, "state", "type"},
		{`{"state":"wounded","events":[{"at":1,"action":"surgery"}]}`, "events[0].action", "enum"},
		{`{"state":"wounded","events":[{"at":1,"action":"potion"},{"at":-1,"action":"potion"}]}`, "events[1].at", "range"},
		{`{"state":"wounded","events":[{"action":"potion"}]}`, "events[0].at", "missing"},
		{`{"state":"wounded","events":[{"at":1,"action":"potion","level":"novice"}]}`, "events[0].level", "unknown_field"},
		{`{"state":"wounded","events":[{"at":1,"action":"potion","self":"no"}]}`, "events[0].self", "type"},
		{`{"state":"wounded","events":[3]}`, "events[0]", "type"},
		{`{"state":"wounded","events":{}}`, "events", "type"},
		{`{"state":"wounded","until":10081}`, "until", "range"},
		{`{"state":"wounded","life_points":11}`, "life_points", "range"},
		{`{"state":"wounded","combat_ends_at":"x"}`, "combat_ends_at", "type"},
	})
	checkErrors(t, "health-modern", []ecase{
		{`{"state":"dying"}`, "state", "enum"},
		{`{"state":"wounded","events":[{"at":1,"action":"first_aid"}]}`, "events[0].level", "missing"},
		{`{"state":"wounded","events":[{"at":1,"action":"first_aid","level":"master"}]}`, "events[0].level", "enum"},
		{`{"state":"wounded","events":[{"at":1,"action":"medicine","level":"novice"}]}`, "events[0].action", "enum"},
		{`{"state":"wounded","events":[{"at":1.5,"action":"surgery","level":"novice"}]}`, "events[0].at", "range"},
		{`{"state":"wounded","events":[{"at":1,"action":"surgery","level":"novice","calm_place":"yes"}]}`, "events[0].calm_place", "type"},
		{`{"state":"wounded","life_points":2}`, "life_points", "unknown_field"},
	})
}
