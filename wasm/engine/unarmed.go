package engine

// The unarmed duel (unarmed-duel), seed 001, §3.1–3.2: successive duels
// by combat score, stunning blows, and strength in numbers.

const maxOpponents = 20

func runUnarmedDuel(r *reader, in map[string]any) map[string]any {
	rules := &r.rules.Unarmed
	in = r.object("", in, "score", "stun_hits", "opponents", "attackers", "defenders")
	_, hasAtt := r.get(in, "attackers")
	_, hasDef := r.get(in, "defenders")
	if hasAtt || hasDef {
		for _, k := range []string{"score", "stun_hits", "opponents"} {
			if _, ok := r.get(in, k); ok {
				other := "attackers"
				if !hasAtt {
					other = "defenders"
				}
				r.conflict(k, other)
			}
		}
		att := r.reqInt(in, "", "attackers", 1, 1000)
		def := r.reqInt(in, "", "defenders", 1, 1000)
		if r.err != nil {
			return nil
		}
		times := rules.Outnumber
		over := att > times*def
		many := timesAsMany(times)
		var steps []any
		var ans words
		if over {
			steps = append(steps, step(docContemporary, "unarmed-combat", say(
				"$1 attaquants contre $2 défenseur{|s}, c’est plus $4 (plus de $3) : l’union fait la force, {2:le défenseur perd|les défenseurs perdent} sans duel et {2:passe fatigué|passent fatigués}.",
				"$1 attackers against $2 defender{|s} is more than $4 (more than $3): strength in numbers, {2:the defender loses|the defenders lose} with no duel and {2:becomes|become} fatigued.", att, def, times*def, many)))
			ans = say("{2:Le défenseur est **submergé**|Les défenseurs sont **submergés**} : $1 attaquants contre $2, c’est plus $3, et {2:il perd|ils perdent} sans duel.",
				"{2:The defender is|The defenders are} **overwhelmed**: $1 attackers against $2 is more than $3, so {2:the defender loses|they lose} with no duel.", att, def, many)
		} else {
			steps = append(steps, step(docContemporary, "unarmed-combat", say(
				"$1 attaquant{|s} contre $2 défenseur{|s}, ce n’est pas plus $4 ($3 au plus) : le combat se règle en duels successifs.",
				"$1 attacker{|s} against $2 defender{|s} is not more than $4 ($3 at most): the fight is settled by successive duels.", att, def, times*def, many)))
			ans = say("**Duels successifs** : $1 attaquant{|s} contre $2, ce n’est pas plus $3.",
				"**Successive duels**: $1 attacker{|s} against $2 is not more than $3.", att, def, many)
		}
		return map[string]any{
			"overwhelmed": over,
			"steps":       steps,
			"answer":      answer(ans),
			"reading": readingOf(say(
				"« Plus $1 » est strict : $2 attaquant{|s} contre un défenseur se règle{|nt} en duels, $3 le submerge{|nt}. La règle ne vaut qu’à main nue, si personne ne vient aussitôt rééquilibrer la balance.",
				"\"More than $1\" is strict: $2 attacker{|s} against one defender {is|are} settled by duels, $3 overwhelm{s|}. The rule holds only unarmed, if nobody evens the odds at once.", many, times, times+1)),
		}
	}
	score := r.reqInt(in, "", "score", 0, 10)
	stun, _ := r.optInt(in, "", "stun_hits", 0, 10, 0)
	var opps []int
	l, _ := r.optList(in, "", "opponents", maxOpponents, intDesc(0, 10))
	for i, v := range l {
		opps = append(opps, r.asInt(at("opponents", i), v, 0, 10))
	}
	if r.err != nil {
		return nil
	}
	steps := []any{step(docContemporary, "unarmed-combat", say(
		"Score de combat : $1. Le plus grand score gagne, et à égalité les deux perdent.",
		"Combat score: $1. The higher score wins, and on a tie both lose.", score))}
	s := score
	state := "full_health"
	if stun > 0 {
		s = max(score-stun*rules.StunLoss, 0)
		if s == 0 {
			state = "fatigued"
			steps = append(steps, step(docContemporary, "stunning-weapons", say(
				"$1 coup{|s} d’arme assommante : le score passe de $2 à $3, et le personnage est fatigué.",
				"$1 stunning blow{|s}: the score drops from $2 to $3, and the character is fatigued.", stun, score, s)))
		} else {
			steps = append(steps, step(docContemporary, "stunning-weapons", say(
				"$1 coup{|s} d’arme assommante : le score passe de $2 à $3.",
				"$1 stunning blow{|s}: the score drops from $2 to $3.", stun, score, s)))
		}
	}
	start := s
	rounds := []any{}
	for i, o := range opps {
		if state == "fatigued" && i == 0 {
			steps = append(steps, step(docContemporary, "health-system", say(
				"Fatigué, le personnage ne peut pas combattre : son score de combat est $1.",
				"Fatigued, the character cannot fight: the combat score is $1.", s)))
		}
		n := i + 1
		var res string
		switch {
		case s > o:
			res = "win"
			before := s
			s = max(s-rules.WinnerLoss, 0)
			steps = append(steps, step(docContemporary, "unarmed-combat", say(
				"Duel $1 : $2 contre $3, gagné. Le vainqueur perd $5 point{|s} de combat, il lui en reste $4.",
				"Duel $1: $2 against $3, won. The winner loses $5 combat point{|s}, $4 left.", n, before, o, s, rules.WinnerLoss)))
		case s < o:
			res = "loss"
			state = "fatigued"
			steps = append(steps, step(docContemporary, "unarmed-combat", say(
				"Duel $1 : $2 contre $3, perdu. Le perdant passe fatigué.",
				"Duel $1: $2 against $3, lost. The loser becomes fatigued.", n, s, o)))
		default:
			res = "tie"
			state = "fatigued"
			steps = append(steps, step(docContemporary, "unarmed-combat", say(
				"Duel $1 : $2 contre $3, égalité. Les deux perdent et passent fatigués.",
				"Duel $1: $2 against $3, a tie. Both lose and become fatigued.", n, s, o)))
		}
		rounds = append(rounds, map[string]any{"opponent": f(o), "score": f(s), "result": res})
		if res != "win" {
			break
		}
	}
	if state == "fatigued" && s != 0 {
		// « en cas de combat il a 0 en score de Combat »: the score given
		// is the one the character would fight with (audit R10).
		steps = append(steps, step(docContemporary, "health-system", say(
			"Fatigué, le personnage se bat à $1 : « en cas de combat » il a « $1 en score de Combat ».",
			"Fatigued, the character fights at $1: “in a fight they have $1 as their Combat score”.", 0)))
	}
	if len(opps) > 0 && start > 0 {
		steps = append(steps, step(docContemporary, "unarmed-combat", say(
			"Les points de combat perdus reviennent après $1 sans combat.",
			"Lost combat points come back after $1 without a fight.", lasting(rules.Recovery, false))))
	}
	st := say("en pleine forme", "in full health")
	if state == "fatigued" {
		// « en cas de combat il a 0 en score de Combat »: the score shown is
		// the one the character would fight with (audit R10).
		st = say("fatigué", "fatigued")
		s = 0
	}
	ans := say("Sans duel : **$1**, score de combat **$2**.", "With no duel: **$1**, combat score **$2**.", st, s)
	if len(rounds) > 0 {
		ans = say("Après $1 duel{|s} : **$2**, score de combat **$3**.", "After $1 duel{|s}: **$2**, combat score **$3**.", len(rounds), st, s)
	}
	return map[string]any{
		"rounds":      rounds,
		"final_score": f(s),
		"final_state": state,
		"steps":       steps,
		"answer":      answer(ans),
		"reading": readingOf(say(
			"Le score d’un tour est celui qui reste après le duel (le vainqueur perd $1 point{|s}, sans descendre sous zéro). Les duels s’arrêtent au premier perdu ou à égalité. Un personnage fatigué (notamment ramené à zéro par des coups assommants, de $2 point{|s} chacun) se bat avec un score nul, et c’est le score final donné. Un vainqueur ramené à zéro par ses victoires reste en pleine forme : « Le gagnant reste en pleine forme mais perd temporairement » ses points ; « S’il tombe à $3 il passe dans l’état fatigué » est dit des coups d’arme assommante.",
			"A round's score is what is left after the duel (the winner loses $1 point{|s}, never going below zero). The duels stop at the first lost or tied. A fatigued character (in particular one brought to zero by stunning blows, of $2 point{|s} each) fights with a score of zero, and that is the final score given. A winner brought to zero by their wins stays in full health: “The winner stays in full health but temporarily loses” the points; “If it drops to $3, they go into the fatigued state” is said of stunning blows.", rules.WinnerLoss, rules.StunLoss, 0)),
	}
}

// timesAsMany writes "n times as many" as a sentence says it after
// "plus"/"more than": "du triple", "three times as many".
func timesAsMany(n int) words {
	switch n {
	case 2:
		return words{"du double", "twice as many"}
	case 3:
		return words{"du triple", "three times as many"}
	case 4:
		return words{"du quadruple", "four times as many"}
	}
	return say("de $1 fois autant", "$1 times as many", n)
}

// UnarmedRules are the numbers of seed 001, §3.1–3.2: unarmed duels.
type UnarmedRules struct {
	WinnerLoss int // combat points the winner of a duel loses
	StunLoss   int // combat points a stunning blow takes
	Recovery   int // minutes without a fight before lost points come back
	Outnumber  int // more than this many times the defenders overwhelms them
}

func defaultUnarmed() UnarmedRules {
	return UnarmedRules{WinnerLoss: 1, StunLoss: 1, Recovery: 10, Outnumber: 3}
}

// unarmedSpecs are the values of UnarmedRules that content declares.
var unarmedSpecs = []Spec{
	{Key: "unarmed.winner-loss", Kind: Whole, Fr: "points de combat que perd le vainqueur d’un duel", En: "combat points the winner of a duel loses",
		Min: 0, Max: 10, Doc: docContemporary, Section: "unarmed-combat", Calcs: []string{"unarmed-duel"}, field: func(r *Rules) *int { return &r.Unarmed.WinnerLoss }},
	{Key: "unarmed.stun-loss", Kind: Whole, Fr: "points de combat que fait perdre un coup d’arme assommante", En: "combat points a stunning-weapon blow takes",
		Min: 0, Max: 10, Doc: docContemporary, Section: "stunning-weapons", Calcs: []string{"unarmed-duel"}, field: func(r *Rules) *int { return &r.Unarmed.StunLoss }},
	{Key: "unarmed.recovery", Kind: Minutes, Fr: "temps sans combat avant de récupérer ses points de combat", En: "time without fighting before combat points come back",
		Min: 1, Max: 1440, Doc: docContemporary, Section: "unarmed-combat", Calcs: []string{"unarmed-duel"}, field: func(r *Rules) *int { return &r.Unarmed.Recovery }},
	{Key: "unarmed.outnumber", Kind: Times, Fr: "rapport du nombre d’attaquants au nombre de défenseurs au-delà duquel l’union fait la force", En: "ratio of attackers to defenders beyond which strength in numbers applies",
		Min: 1, Max: 100, Doc: docContemporary, Section: "unarmed-combat", Calcs: []string{"unarmed-duel"}, field: func(r *Rules) *int { return &r.Unarmed.Outnumber }},
}

// check has nothing to compare: the losses, the delay and the ratio are
// independent, and a score never goes below zero.
func (g *UnarmedRules) check(add func(key, fr, en string)) {}
