package engine

import "testing"

func TestUnarmedDuelOtherRules(t *testing.T) {
	r := rulesWith(t, map[string]int{
		"unarmed.winner-loss": 2, "unarmed.stun-loss": 2, "unarmed.recovery": 15, "unarmed.outnumber": 2,
	})
	checkWith(t, r, "unarmed-duel", []tcase{
		// 5 beats 2 (3 left), 3 beats 2 (1 left), 1 ties 1.
		{"a run of duels", `{"score":5,"opponents":[2,2,1]}`, map[string]any{
			"rounds.0.score": 3, "rounds.1.score": 1, "rounds.2.result": "tie", "final_score": 0, "final_state": "fatigued",
			"steps.1.en": "Duel 1: 5 against 2, won. The winner loses 2 combat points, 3 left.",
			"steps.1.fr": "Duel 1\u00a0: 5 contre 2, gagné. Le vainqueur perd 2 points de combat, il lui en reste 3.",
			"steps.4.en": "Fatigued, the character fights at 0: “in a fight they have 0 as their Combat score”.",
			"steps.5.en": "Lost combat points come back after 15 minutes without a fight.",
			"reading.en": textHolding("(the winner loses 2 points, never going below zero)")}},
		// A win never takes the score below 0.
		{"win at one", `{"score":1,"opponents":[0]}`, map[string]any{
			"rounds.0.result": "win", "rounds.0.score": 0, "final_score": 0, "final_state": "full_health"}},
		// Two blows take 4: 5 → 1, which still beats 0.
		{"stunning blows", `{"score":5,"stun_hits":2,"opponents":[0]}`, map[string]any{
			"rounds.0.result": "win", "final_score": 0,
			"steps.1.en": "2 stunning blows: the score drops from 5 to 1."}},
		// Two blows take 3 to 0: fatigued.
		{"stunned to zero", `{"score":3,"stun_hits":2}`, map[string]any{
			"final_score": 0, "final_state": "fatigued",
			"steps.1.en": "2 stunning blows: the score drops from 3 to 0, and the character is fatigued."}},
		// More than twice as many: 5 against 2 overwhelms, 4 against 2 does not.
		{"overwhelmed", `{"attackers":5,"defenders":2}`, map[string]any{
			"overwhelmed": true,
			"steps.0.en":  "5 attackers against 2 defenders is more than twice as many (more than 4): strength in numbers, the defenders lose with no duel and become fatigued.",
			"steps.0.fr":  "5 attaquants contre 2 défenseurs, c’est plus du double (plus de 4)\u00a0: l’union fait la force, les défenseurs perdent sans duel et passent fatigués.",
			"reading.en":  textHolding("\"More than twice as many\" is strict: 2 attackers against one defender are settled by duels, 3 overwhelm.")}},
		{"not overwhelmed", `{"attackers":4,"defenders":2}`, map[string]any{
			"overwhelmed": false,
			"answer.en":   "**Successive duels**: 4 attackers against 2 is not more than twice as many."}},
	})
	five := rulesWith(t, map[string]int{"unarmed.outnumber": 5})
	checkWith(t, five, "unarmed-duel", []tcase{
		{"five times", `{"attackers":6,"defenders":1}`, map[string]any{
			"overwhelmed": true,
			"answer.en":   "The defender is **overwhelmed**: 6 attackers against 1 is more than 5 times as many, so the defender loses with no duel.",
			"answer.fr":   "Le défenseur est **submergé**\u00a0: 6 attaquants contre 1, c’est plus de 5 fois autant, et il perd sans duel."}},
		{"five, not more", `{"attackers":5,"defenders":1}`, map[string]any{"overwhelmed": false}},
	})
}
