package engine

import "testing"

func TestModernHealthOtherRules(t *testing.T) {
	r := rulesWith(t, map[string]int{
		"health.fatigued": 20, "health.wounded": 25, "health.coma": 12, "health.corpse": 30, "health.first-aid": 2,
		"health.first-aid-novice": 90, "health.first-aid-expert": 300, "health.surgery-novice": 12,
		"health.surgery-novice-rest": 120, "health.surgery-expert": 8, "health.surgery-expert-calm": 4,
		"health.surgery-expert-rest": 45,
	})
	checkWith(t, r, "health-modern", []tcase{
		// Coma 25 minutes after the wound, death 12 minutes later, the body stays 30.
		{"wounded untreated", `{"state":"wounded"}`, map[string]any{
			"timeline.1.at": 25, "timeline.1.state": "coma", "timeline.2.at": 37, "timeline.2.state": "dead", "body_until": 67,
			// R12: the contemporary text speaks of no searching; the player may get up after the delay.
			"answer.en": textHolding("The body stays in place as long as other characters wish to use it; if nobody deals with it for 30 minutes, the player may get up, at minute 67 at the earliest.")}},
		{"fatigued recovers", `{"state":"fatigued"}`, map[string]any{"timeline.1.at": 20, "timeline.1.state": "full_health"}},
		// Novice first aid 5 to 7: the coma 90 minutes after, at 97; death at 109.
		{"novice first aid", `{"state":"wounded","events":[{"at":5,"action":"first_aid","level":"novice"}]}`, map[string]any{
			"timeline.1.at": 7, "timeline.2.at": 97, "timeline.2.state": "coma", "timeline.3.at": 109, "body_until": 139,
			"steps.1.en": "From minute 5 to 7, novice first aid (2 minutes) while the character is wounded: the next deterioration comes 90 minutes later, at minute 97.",
			"reading.en": textHolding("(90 minutes for a novice, 5 hours for an expert, after the treatment ends)")}},
		// Expert first aid 5 to 7: the coma at 307, death at 319.
		{"expert first aid", `{"state":"wounded","until":600,"events":[{"at":5,"action":"first_aid","level":"expert"}]}`, map[string]any{
			"timeline.2.at": 307, "timeline.2.state": "coma", "timeline.3.at": 319, "timeline.3.state": "dead"}},
		// Novice surgery 5 to 17, full health 2 hours after, at 137.
		{"novice surgery", `{"state":"wounded","events":[{"at":5,"action":"surgery","level":"novice","calm_place":true}]}`, map[string]any{
			"timeline.1.at": 17, "timeline.1.state": "fatigued", "timeline.2.at": 137, "timeline.2.state": "full_health",
			"steps.1.en": "From minute 5 to 17, novice surgery (12 minutes, calm place): the character, who was wounded, becomes fatigued, and will not be in full health before 2 hours, at minute 137.",
			"steps.1.fr": "Des minutes 5 à 17, chirurgie de niveau novice (12 minutes, endroit calme)\u00a0: le personnage, qui était blessé, devient fatigué. Il ne sera pas en pleine forme avant 2 heures, à la minute 137."}},
		// Expert surgery in a calm place 5 to 9, full health exactly 45 minutes after, at 54.
		{"expert surgery calm", `{"state":"wounded","events":[{"at":5,"action":"surgery","level":"expert","calm_place":true}]}`, map[string]any{
			"timeline.1.at": 9, "timeline.2.at": 54, "timeline.2.state": "full_health",
			"steps.1.en": "From minute 5 to 9, expert surgery (4 minutes, calm place): the character, who was wounded, becomes fatigued, and will be in full health exactly 45 minutes later, at minute 54."}},
		// Elsewhere 5 to 13, full health at 58.
		{"expert surgery elsewhere", `{"state":"wounded","events":[{"at":5,"action":"surgery","level":"expert"}]}`, map[string]any{
			"timeline.1.at": 13, "timeline.2.at": 58}},
		// Surgery from 20 to 28 holds the coma due at 25; full health 45 minutes later, at 73.
		{"surgery across the coma", `{"state":"wounded","events":[{"at":20,"action":"surgery","level":"expert"}]}`, map[string]any{
			"timeline.1.at": 28, "timeline.1.state": "fatigued", "timeline.2.at": 73, "timeline.2.state": "full_health"}},
		// Surgery from 36 to 44 holds the death due at 37.
		{"surgery across death", `{"state":"wounded","events":[{"at":36,"action":"surgery","level":"expert"}]}`, map[string]any{
			"timeline.1.at": 25, "timeline.1.state": "coma", "timeline.2.at": 44, "timeline.2.state": "fatigued"}},
	})
}

// With health.self-care 1 (a reading value), a wounded character may treat
// themselves; in a coma they are still inert.
func TestModernHealthSelfCare(t *testing.T) {
	r := rulesWith(t, map[string]int{"health.self-care": 1})
	checkWith(t, r, "health-modern", []tcase{
		{"self surgery while wounded", `{"state":"wounded","events":[{"at":1,"action":"surgery","level":"expert","self":true}]}`, map[string]any{
			"timeline.1.at": 11, "timeline.1.state": "fatigued", "timeline.2.at": 41, "ignored": []int{},
			"reading.en": textHolding("A wounded character may treat themselves (reading value health.self-care); in a coma they are inert.")}},
		{"self first aid in a coma", `{"state":"coma","events":[{"at":1,"action":"first_aid","level":"expert","self":true}]}`, map[string]any{
			"ignored.0.reason": "inert"}},
	})
}

func TestModernHealthRulesCheck(t *testing.T) {
	for _, c := range []struct {
		key   string
		n     int
		field string
	}{
		{"health.surgery-expert-calm", 11, "health.surgery-expert-calm"},
		{"health.first-aid-novice", 300, "health.first-aid-expert"},
	} {
		r := Default()
		if err := r.Set(c.key, c.n); err != nil {
			t.Fatalf("Set(%s, %d): %s", c.key, c.n, err.En)
		}
		errs := r.Check()
		if len(errs) != 1 || errs[0].Field != c.field {
			t.Errorf("%s = %d: Check gives %v, want one error on %s", c.key, c.n, errs, c.field)
		}
	}
}
