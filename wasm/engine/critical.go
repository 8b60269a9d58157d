package engine

// Critical successes and failures: seed 003, "Réussites et échecs critiques",
// with the note on 19–20 ranges.

// attackKinds are the outcomes of an attack, in the order of its steps.
var attackKinds = []string{"critical", "hit", "miss", "critical_failure"}

// d20Sides is the number of faces of the d20 of Héros & Dragons and
// Pathfinder: the systems' die, which the campaign's texts name without
// stating it, so no rule value.
const d20Sides = 20

// critRanges are the lowest faces of the critical range the calculator
// takes: a natural 20, or 19–20 when an ability extends it.
var critRanges = []int{20, 19}

// attackKind classifies one face of the d20.
func attackKind(g *CriticalRules, face, atk, ac, low int) string {
	total := face + atk
	margin := g.margin(low)
	switch {
	case face == 1 && (g.NaturalOneCritical == 1 || total <= ac-g.FailureMargin):
		return "critical_failure"
	case face == 1:
		return "miss"
	case face >= low, total >= ac+margin:
		return "critical"
	case total <= ac-g.FailureMargin:
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
	rules := &r.rules.Critical
	in = r.object("", in, "attack_bonus", "ac", "crit_range")
	atk := r.reqInt(in, "", "attack_bonus", -10, 30)
	ac := r.reqInt(in, "", "ac", 1, 40)
	low := critRanges[0]
	if v, ok := r.get(in, "crit_range"); ok {
		low = r.asIntIn("crit_range", v, critRanges)
	}
	if r.err != nil {
		return nil
	}
	var counts [4]int // by index in attackKinds
	var faces [4][]int
	for face := 1; face <= d20Sides; face++ {
		k := indexOf(attackKinds, attackKind(rules, face, atk, ac, low))
		counts[k]++
		faces[k] = append(faces[k], face)
	}
	pHit := mkRat(int64(counts[0]+counts[1]), d20Sides)
	pCrit := mkRat(int64(counts[0]), d20Sides)
	pFail := mkRat(int64(counts[3]), d20Sides)
	margin := rules.margin(low)
	nat := say("un $1 naturel est une réussite critique", "a natural $1 is a critical success", low)
	if low != critRanges[0] {
		nat = say("un $1 ou un $2 naturel sont des réussites critiques", "a natural $1 or $2 is a critical success", low, critRanges[0])
	}
	one := say("Un $1 naturel est toujours un échec (un échec critique seulement si le total est assez bas)", "A natural $1 always fails (a critical failure only if the total is low enough)", 1)
	if rules.NaturalOneCritical == 1 {
		one = say("Un $1 naturel est toujours un échec, compté comme échec critique", "A natural $1 always fails and counts as a critical failure", 1)
	}
	steps := []any{
		step(docHeroes, "criticals", say("$1, et $2.", "$1, and $2.", one, nat)),
		step(docHeroes, "criticals", say(
			"L’attaque d$7 $1 touche à partir de $2, la CA. Elle est une réussite critique si le total atteint $3 (la CA plus $4), un échec critique s’il ne dépasse pas $5 (la CA moins $6).",
			"The attack d$7 $1 hits from $2, the AC. It is a critical success if the total reaches $3 (the AC plus $4), a critical failure if it is $5 or less (the AC minus $6).",
			signed(atk), ac, ac+margin, margin, ac-rules.FailureMargin, rules.FailureMargin, d20Sides)),
	}
	outcomes := map[string]any{}
	for k, key := range attackKinds {
		c := counts[k]
		put(outcomes, key, mkRat(int64(c), d20Sides))
		if c > 0 {
			steps = append(steps, step(docHeroes, "criticals", say(
				"$1 sur $2 du dé : $3 face{3:|s} sur $5, soit $4.",
				"$1 on $2 of the die: $3 face{3:|s} out of $5, that is $4.", attackWords[k], facesText(faces[k]), c, pct(float64(c)/d20Sides), d20Sides)))
		}
	}
	out := map[string]any{
		"outcomes": outcomes,
		"steps":    steps,
		"reading":  readingOf(rules.reading()),
		"answer": answer(say(
			"Vous touchez dans **$1** des cas, dont **$2** de réussites critiques. Échec critique : **$3** des cas.",
			"You hit **$1** of the time, **$2** with a critical success. Critical failure: **$3** of the time.", pct(pHit.f()), pct(pCrit.f()), pct(pFail.f()))),
	}
	put(out, "p_hit", pHit)
	put(out, "p_critical", pCrit)
	put(out, "p_critical_failure", pFail)
	return out
}

// reading is the calculator's reading note: how it reads the natural 1.
func (g *CriticalRules) reading() words {
	one := say("Le $1 naturel rate toujours : « un résultat de $1 est toujours un échec », et non un échec critique, que le texte réserve à « un score inférieur de $2 ou plus à la CA adverse » ; il n’est donc un échec critique (attaque d’opportunité) que si le total est aussi $2 ou plus sous la CA (valeur de lecture critical.natural-one-critical : $3).",
		"A natural $1 always misses: “a roll of $1 is always a failure”, not a critical failure, which the text keeps for “a score $2 or more below the opposing AC”; so it is a critical failure (opportunity attack) only if the total is also $2 or more below the AC (reading value critical.natural-one-critical: $3).", 1, g.FailureMargin, g.NaturalOneCritical)
	if g.NaturalOneCritical == 1 {
		one = say("Le $1 naturel rate toujours et compte comme échec critique, même si le total dépasse la CA de $2 (valeur de lecture critical.natural-one-critical : $3 ; le texte dit « un résultat de $1 est toujours un échec »).",
			"A natural $1 always misses and counts as a critical failure, even if the total beats the AC by $2 (reading value critical.natural-one-critical: $3; the text says “a roll of $1 is always a failure”).", 1, g.Margin, g.NaturalOneCritical)
	}
	return say("$1 Le $3 naturel (ou $4–$3) est une réussite critique même si le total serait $2 sous la CA. La réussite critique compte comme touche.",
		"$1 A natural $3 (or $4–$3) is a critical success even if the total would be $2 below the AC. A critical success counts as a hit.",
		one, g.FailureMargin, critRanges[0], critRanges[1])
}

// CriticalRules are the numbers of seed 003, critical successes and
// failures: by how much an attack must beat the AC to be a critical success,
// or fall short of it to be a critical failure, and the margin of a critical
// range extended to 19–20.
type CriticalRules struct {
	Margin         int
	FailureMargin  int
	ExtendedMargin int // with a 19–20 range, instead of Margin
	// NaturalOneCritical is 1 if a natural 1 is always a critical failure
	// (the spec's reading), 0 if it is a failure that is critical only by
	// the margin, as the text's words have it: a reading.
	NaturalOneCritical int
}

func defaultCritical() CriticalRules {
	return CriticalRules{Margin: 10, FailureMargin: 10, ExtendedMargin: 9, NaturalOneCritical: 0}
}

// margin is the margin of a critical success with a critical range from
// face low.
func (g *CriticalRules) margin(low int) int {
	if low != critRanges[0] {
		return g.ExtendedMargin
	}
	return g.Margin
}

// criticalSpecs are the values of CriticalRules that content declares.
var criticalSpecs = []Spec{
	{Key: "critical.margin", Kind: Whole, Fr: "marge au-dessus de la CA d’une réussite critique", En: "margin above the AC of a critical success",
		Min: 0, Max: 50, Doc: docHeroes, Section: "criticals", Calcs: []string{"critical"}, field: func(r *Rules) *int { return &r.Critical.Margin }},
	{Key: "critical.failure-margin", Kind: Whole, Fr: "marge sous la CA d’un échec critique", En: "margin below the AC of a critical failure",
		Min: 0, Max: 50, Doc: docHeroes, Section: "criticals", Calcs: []string{"critical"}, field: func(r *Rules) *int { return &r.Critical.FailureMargin }},
	{Key: "critical.extended-margin", Kind: Whole, Fr: "marge d’une réussite critique quand une capacité étend la zone critique", En: "margin of a critical success when an ability extends the critical range",
		Min: 0, Max: 50, Doc: docHeroes, Section: "criticals", Calcs: []string{"critical"}, field: func(r *Rules) *int { return &r.Critical.ExtendedMargin }},
	{Key: "critical.natural-one-critical", Kind: Whole, Fr: "le plus petit résultat du dé est-il toujours un échec critique : oui (un) ou seulement par la marge (zéro)", En: "is the die’s lowest roll always a critical failure: yes (one) or only by the margin (zero)",
		Min: 0, Max: 1, Doc: docHeroes, Section: "criticals", Calcs: []string{"critical"}, Reading: true, field: func(r *Rules) *int { return &r.Critical.NaturalOneCritical }},
}

func (g *CriticalRules) check(add func(key, fr, en string)) {
	if g.ExtendedMargin > g.Margin {
		add("critical.extended-margin", "la marge d’une zone critique étendue ("+itoa(g.ExtendedMargin)+") dépasse la marge ordinaire ("+itoa(g.Margin)+") : la zone étendue doit aider",
			"the margin of an extended critical range ("+itoa(g.ExtendedMargin)+") is above the usual margin ("+itoa(g.Margin)+"): the extended range must help")
	}
}
