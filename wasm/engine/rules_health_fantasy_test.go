package engine

import "testing"

func TestFantasyHealthOtherRules(t *testing.T) {
	r := rulesWith(t, map[string]int{
		"life.wounded-to-dying": 90, "life.dying-to-dead": 7, "life.corpse": 20, "life.first-aid": 3,
		"life.medicine": 15, "life.laying-on-hands": 1, "life.potion": 2, "life.healed-points": 2, "life.points": 3,
	})
	checkWith(t, r, "health-fantasy", []tcase{
		// Wounded 90 minutes, then dying 7 minutes after the fight (over at 0), a corpse for 20.
		{"wounded untreated", `{"state":"wounded"}`, map[string]any{
			"timeline.1.at": 90, "timeline.1.state": "dying", "timeline.2.at": 97, "timeline.2.state": "dead", "body_until": 117,
			"steps.1.en": "Without real care, the wounded character becomes dying 90 minutes later, at minute 90.",
			"steps.2.en": "Without care, the dying character dies 7 minutes later, at minute 97, the fight being already over. The body may be searched until minute 117."}},
		// life.points is the default of life_points.
		{"default life points", `{"state":"healthy"}`, map[string]any{"timeline.0.life_points": 3}},
		// Death 7 minutes after a fight that ends at 10.
		{"dying until the fight ends", `{"state":"dying","combat_ends_at":10}`, map[string]any{
			"timeline.1.at": 17, "timeline.1.state": "dead", "body_until": 37,
			"steps.1.en": "Without care, the dying character dies 7 minutes after the end of the fight (minute 10), at minute 17. The body may be searched until minute 37."}},
		// First aid takes 3 minutes (2 to 5); wounded again, dying 90 minutes later at 95, dead at 102.
		{"first aid", `{"state":"dying","events":[{"at":2,"action":"first_aid"}]}`, map[string]any{
			"timeline.1.at": 5, "timeline.1.state": "wounded", "timeline.2.at": 95, "timeline.2.state": "dying",
			"timeline.3.at": 102, "timeline.3.state": "dead",
			"steps.1.en": "From minute 2 to 5, first aid (3 minutes): the dying character is wounded again. Without real care, they will be dying again at minute 95."}},
		// First aid from 4 ends at 7, the minute of death: in time (dead at 5 with the seeds' 5 and 2).
		{"first aid ends at the minute of death", `{"state":"dying","events":[{"at":4,"action":"first_aid"}]}`, map[string]any{
			"timeline.1.at": 7, "timeline.1.state": "wounded"}},
		// Medicine 80 to 95 holds the 90-minute timer: healthy at 95 with all 3 life points.
		{"medicine across a timer", `{"state":"wounded","events":[{"at":80,"action":"medicine"}]}`, map[string]any{
			"timeline.1.at": 95, "timeline.1.state": "healthy", "timeline.1.life_points": 3,
			"steps.1.en": "At minute 90 the character would have become dying, but the treatment begun at minute 80 (medicine), while they were wounded, keeps them wounded until it ends, at minute 95.",
			"steps.2.en": "From minute 80 to 95, medicine (15 minutes): the character, who was wounded, is healthy again with all life points (3)."}},
		// Laying on hands now takes a minute and gives 2 life points.
		{"laying on hands", `{"state":"wounded","events":[{"at":10,"action":"laying_on_hands","self":true}]}`, map[string]any{
			"timeline.1.at": 11, "timeline.1.state": "healthy", "timeline.1.life_points": 2,
			"steps.1.en": "From minute 10 to 11, laying on hands: the character, who was wounded, is healthy again with 2 life points."}},
		// The potion takes 2 minutes; 2 healed points are capped at the character's 1.
		{"potion capped", `{"state":"dying","life_points":1,"events":[{"at":3,"action":"potion"}]}`, map[string]any{
			"timeline.1.at": 5, "timeline.1.state": "healthy", "timeline.1.life_points": 1}},
		// A potion from 6 ends at 8, after death would come at 7: begun in time, it holds it.
		{"potion begun before death", `{"state":"dying","events":[{"at":6,"action":"potion"}]}`, map[string]any{
			"timeline.1.at": 8, "timeline.1.state": "healthy", "ignored": []int{}}},
		// From 7 it is begun at the minute of death: still in time (actions first). From 8, too late.
		{"potion at the minute of death", `{"state":"dying","events":[{"at":7,"action":"potion"}]}`, map[string]any{
			"timeline.1.at": 9, "timeline.1.state": "healthy"}},
		{"potion too late", `{"state":"dying","events":[{"at":8,"action":"potion"}]}`, map[string]any{
			"timeline.1.at": 7, "timeline.1.state": "dead", "ignored.0.reason": "dead"}},
		{"reading", `{"state":"wounded"}`, map[string]any{
			"reading.en": textHolding("Medicine, whose time the text gives in words (“about ten minutes”), takes 15 minutes. Laying on hands takes 1 minute, the potion takes 2 minutes, and both give the healthy state with 2 life points; only medicine gives back all life points. Death comes 7 minutes after"),
			"reading.fr": textHolding("L’imposition des mains dure 1 minute, le philtre dure 2 minutes, et tous deux rendent l’état sain avec 2 PV\u202f;")}},
	})
	hours := rulesWith(t, map[string]int{"life.wounded-to-dying": 120})
	checkWith(t, hours, "health-fantasy", []tcase{
		{"two hours", `{"state":"wounded"}`, map[string]any{
			"timeline.1.at": 120, "timeline.2.at": 125,
			"steps.1.fr": "Sans vrai soin, le blessé devient agonisant 2 heures plus tard, à la minute 120.",
			"steps.1.en": "Without real care, the wounded character becomes dying 2 hours later, at minute 120.",
			"reading.en": textHolding("Laying on hands acts at once, the potion acts at once, and both give the healthy state with 1 life point;")}},
	})
}
