package engine

// Critical successes and failures: seed 003, "Réussites et échecs critiques",
// with the note on 19–20 ranges.

// attackKinds are the outcomes of an attack, in the order of its steps.
var attackKinds = []string{"critical", "hit", "miss", "critical_failure"}

// attackKind classifies one face of the d20.
func attackKind(face, atk, ac, low int) string {
	total := face + atk
	margin := 10
	if low == 19 {
		margin = 9
	}
	switch {
	case face == 1:
		return "critical_failure"
	case face >= low, total >= ac+margin:
		return "critical"
	case total <= ac-10:
		return "critical_failure"
	case total >= ac:
		return "hit"
	}
	return "miss"
}

// attackWords names the outcomes of attackKinds.
var attackWords = []words{{"Réussite critique", "Critical success"}, {"Touche", "Hit"}, {"Raté", "Miss"},
	{"Échec critique (attaque d’opportunité possible)", "Critical failure (opportunity attack possible)"}}

func runCritical(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "attack_bonus", "ac", "crit_range")
	atk := r.reqInt(in, "", "attack_bonus", -10, 30)
	ac := r.reqInt(in, "", "ac", 1, 40)
	low := 20
	if v, ok := r.get(in, "crit_range"); ok {
		low = r.asIntIn("crit_range", v, []int{20, 19})
	}
	if r.err != nil {
		return nil
	}
	var counts [4]int // by index in attackKinds
	var faces [4][]int
	for face := 1; face <= 20; face++ {
		k := indexOf(attackKinds, attackKind(face, atk, ac, low))
		counts[k]++
		faces[k] = append(faces[k], face)
	}
	pHit := mkRat(int64(counts[0]+counts[1]), 20)
	pCrit := mkRat(int64(counts[0]), 20)
	pFail := mkRat(int64(counts[3]), 20)
	margin := 10
	nat := words{"un 20 naturel est une réussite critique", "a natural 20 is a critical success"}
	if low == 19 {
		margin = 9
		nat = words{"un 19 ou un 20 naturel sont des réussites critiques", "a natural 19 or 20 is a critical success"}
	}
	steps := []any{
		step(docHeroes, "criticals", say(
			"Un 1 naturel est toujours un échec, compté comme échec critique, et $1.",
			"A natural 1 always fails and counts as a critical failure, and $1.", nat)),
		step(docHeroes, "criticals", say(
			"L’attaque d20 $1 touche à partir de $2, la CA. Elle est une réussite critique si le total atteint $3 (la CA plus $4), un échec critique s’il ne dépasse pas $5 (la CA moins 10).",
			"The attack d20 $1 hits from $2, the AC. It is a critical success if the total reaches $3 (the AC plus $4), a critical failure if it is $5 or less (the AC minus 10).", signed(atk), ac, ac+margin, margin, ac-10)),
	}
	outcomes := map[string]any{}
	for k, key := range attackKinds {
		c := counts[k]
		put(outcomes, key, mkRat(int64(c), 20))
		if c > 0 {
			steps = append(steps, step(docHeroes, "criticals", say(
				"$1 sur $2 du dé : $3 face{|s} sur 20, soit $4.",
				"$1 on $2 of the die: $3 face{|s} out of 20, that is $4.", attackWords[k], facesText(faces[k]), c, pct(float64(c)/20))))
		}
	}
	out := map[string]any{
		"outcomes": outcomes,
		"steps":    steps,
		"reading": reading(
			"Le 1 naturel rate toujours et compte comme échec critique ; le 20 naturel (ou 19–20) est une réussite critique même si le total serait 10 sous la CA. La réussite critique compte comme touche.",
			"A natural 1 always misses and counts as a critical failure; a natural 20 (or 19–20) is a critical success even if the total would be 10 below the AC. A critical success counts as a hit."),
		"answer": answer(say(
			"Vous touchez dans **$1** des cas, dont **$2** de réussites critiques. Échec critique : **$3** des cas.",
			"You hit **$1** of the time, **$2** with a critical success. Critical failure: **$3** of the time.", pct(pHit.f()), pct(pCrit.f()), pct(pFail.f()))),
	}
	put(out, "p_hit", pHit)
	put(out, "p_critical", pCrit)
	put(out, "p_critical_failure", pFail)
	return out
}

// CriticalRules are the numbers of seed 003, critical successes and failures.
type CriticalRules struct{}

func defaultCritical() CriticalRules { return CriticalRules{} }

// criticalSpecs are the values of CriticalRules that content declares.
var criticalSpecs = []Spec{}

func (g *CriticalRules) check(add func(key, fr, en string)) {}
