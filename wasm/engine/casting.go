package engine

// Casting (casting): seed 004, "Lancement d’un sort", the outcomes of a
// casting roll and the experience after casting and between levels.

var castOutcomes = []string{"flawed", "success", "perfect", "failure", "critical_failure"}

// outcomeWords names the outcomes of castOutcomes, at the start of a sentence.
var outcomeWords = []words{
	{"Lancé, mais pas exactement comme souhaité,", "Cast, but not exactly as wished,"}, {"Lancé avec succès", "Cast"},
	{"Lancé parfaitement", "Cast perfectly"}, {"Échec", "Failure"}, {"Échec critique", "Critical failure"},
}

// castXP is the experience gained after a cast of each outcome of
// castOutcomes: the flawed cast counts as cast, the critical failure as a
// failure (the text's table has three rows).
func (c *CastingRules) castXP() [5]int {
	return [5]int{c.XPCast, c.XPCast, c.XPPerfect, c.XPFailure, c.XPFailure}
}

// result is the casting roll's result for one face of the die.
func (c *CastingRules) result(face, magic, mod int) int { return face - magic/c.MagicDivisor + mod }

// outcome reads one face of the die. With the modified reading every case
// is read on the result; with the natural one the flawed and the critical
// faces are the die's own.
func (c *CastingRules) outcome(face, magic, appr, mod int, natural bool) string {
	res := c.result(face, magic, mod)
	if natural {
		if face == c.FlawedFace {
			return "flawed"
		}
		if face == c.CriticalFace {
			return "critical_failure"
		}
	} else {
		if res == c.FlawedFace {
			return "flawed"
		}
		if res >= c.CriticalFace {
			return "critical_failure"
		}
	}
	switch {
	case res < c.Threshold*appr:
		return "success"
	case res == c.Threshold*appr:
		return "perfect"
	}
	return "failure"
}

// magicShare names the magic taken from the roll, ending where "arrondie à
// l’inférieur" follows: "la moitié de la magie (4)" for the seeds' divisor,
// else "la magie (4) divisée par 3 et". With paren, the magic's number sits
// between commas, for a sentence already in parentheses.
func magicShare(magic, div int, paren bool) words {
	switch {
	case div == 2 && paren:
		return say("la moitié de la magie, $1,", "half the magic, $1,", magic)
	case div == 2:
		return say("la moitié de la magie ($1)", "half the magic ($1)", magic)
	case paren:
		return say("la magie, $1, divisée par $2 et", "the magic, $1, divided by $2 and", magic, div)
	}
	return say("la magie ($1) divisée par $2 et", "the magic ($1) divided by $2 and", magic, div)
}

// modifiedFaces says what the modified reading makes of the flawed and
// the critical cases for this magic and modifier: on which face of the
// die the flawed cast falls, and whether a critical failure can happen at
// all (audit R2: with magic 2 or more and no modifier, it cannot).
func modifiedFaces(c *CastingRules, magic, mod int) words {
	flawed := c.FlawedFace + magic/c.MagicDivisor - mod
	fl := say("Ici, le lancé imparfait ($1) tombe sur la face $2 du dé", "Here the flawed cast ($1) falls on face $2 of the die", c.FlawedFace, flawed)
	if flawed < 1 || flawed > c.Die {
		fl = say("Ici, aucune face du dé ne donne $1 (lancé imparfait)", "Here no face of the die gives $1 (flawed cast)", c.FlawedFace)
	}
	if c.result(c.Die, magic, mod) < c.CriticalFace {
		return say("$1, et aucun résultat n’atteint $2 : pas d’échec critique possible (la lecture naturelle en compterait un sur la face $2).",
			"$1, and no result reaches $2: no critical failure can happen (the natural reading would count one on face $2).", fl, c.CriticalFace)
	}
	return say("$1.", "$1.", fl)
}

func runCasting(r *reader, in map[string]any) map[string]any {
	rules := &r.rules.Casting
	in = r.object("", in, "magic", "apprenticeship", "difficulty", "xp", "modifier", "reading")
	magic := r.reqInt(in, "", "magic", 0, 40)
	appr := r.reqInt(in, "", "apprenticeship", 1, rules.MaxApprenticeship)
	diff, hasDiff := r.optInt(in, "", "difficulty", 1, rules.MaxDifficulty, 0)
	xp, hasXP := r.optInt(in, "", "xp", 0, 100000, 0)
	mod, _ := r.optInt(in, "", "modifier", -3, 3, 0)
	rd, hasReading := r.optEnum(in, "", "reading", []string{"modified", "natural"})
	if !hasReading {
		rd = "modified"
	}
	if r.err == nil && hasXP && !hasDiff {
		r.require("difficulty", "xp", intDesc(1, rules.MaxDifficulty))
	}
	if r.err != nil {
		return nil
	}
	natural := rd == "natural"
	die, threshold := rules.Die, rules.Threshold*appr
	castXP := rules.castXP()
	var counts [5]int // by index in castOutcomes
	var faces [5][]int
	for face := 1; face <= die; face++ {
		o := indexOf(castOutcomes, rules.outcome(face, magic, appr, mod, natural))
		counts[o]++
		faces[o] = append(faces[o], face)
	}
	outcomes := map[string]any{}
	xpSum := 0
	for o, name := range castOutcomes {
		put(outcomes, name, mkRat(int64(counts[o]), int64(die)))
		xpSum += counts[o] * castXP[o]
	}
	nCast := counts[0] + counts[1] + counts[2]
	pCast := mkRat(int64(nCast), int64(die))
	expXP := mkRat(int64(xpSum), int64(die))

	lo, hi := rules.result(1, magic, mod), rules.result(die, magic, mod)
	roll := Dice.Example(die)
	var steps []any
	if mod == 0 {
		steps = append(steps, step(docSpells, "casting", say(
			"On lance $1 et on retire $2, $3 arrondie à l’inférieur : le résultat va de $4 à $5.",
			"Roll $1 and take away $2, $3 rounded down: the result runs from $4 to $5.",
			roll, magic/rules.MagicDivisor, magicShare(magic, rules.MagicDivisor, false), lo, hi)))
	} else {
		steps = append(steps, step(docSpells, "casting", say(
			"On lance $1, on retire $2 ($3 arrondie à l’inférieur) et on ajoute le modificateur $4 : le résultat va de $5 à $6.",
			"Roll $1, take away $2 ($3 rounded down) and add the modifier $4: the result runs from $5 to $6.",
			roll, magic/rules.MagicDivisor, magicShare(magic, rules.MagicDivisor, true), signed(mod), lo, hi)))
	}
	times := timesWords(rules.Threshold)
	if natural {
		steps = append(steps, step(docSpells, "casting", say(
			"Lecture naturelle : un $1 sur le dé donne un sort lancé imparfaitement, un $2 un échec critique. Sinon, un résultat sous $3 ($4 l’apprentissage) est un succès, $3 tout juste un sort parfait, au-delà un échec.",
			"Natural reading: a $1 on the die gives a flawed cast, a $2 a critical failure. Otherwise a result below $3 ($4 the apprenticeship) is a success, exactly $3 a perfect cast, and above it a failure.",
			rules.FlawedFace, rules.CriticalFace, threshold, times)))
	} else {
		steps = append(steps, step(docSpells, "casting", say(
			"Lecture sur le résultat : $1 donne un sort lancé imparfaitement, moins de $2 ($3 l’apprentissage) un succès, $2 tout juste un sort parfait, plus de $2 un échec, et $4 ou plus un échec critique.",
			"Reading on the result: $1 gives a flawed cast, less than $2 ($3 the apprenticeship) a success, exactly $2 a perfect cast, more than $2 a failure, and $4 or more a critical failure.",
			rules.FlawedFace, threshold, times, rules.CriticalFace)))
	}
	for o := range castOutcomes {
		if counts[o] > 0 {
			steps = append(steps, step(docSpells, "casting", say(
				"$1 sur $2 du dé : $3 face{|s} sur $4, soit $5.",
				"$1 on $2 of the die: $3 face{|s} out of $4, that is $5.", outcomeWords[o], facesText(faces[o]), counts[o], die, pct(float64(counts[o])/float64(die)))))
		}
	}
	steps = append(steps, step(docSpells, "experience", say(
		"Chaque lancer rapporte $1 xp s’il échoue, $2 s’il réussit, $3 s’il est parfait : $4 xp en moyenne par lancer.",
		"Each cast gives $1 xp on a failure, $2 on a success, $3 when perfect: $4 xp a cast on average.",
		rules.XPFailure, rules.XPCast, rules.XPPerfect, dec(expXP.f()))))
	out := map[string]any{
		"outcomes":     outcomes,
		"expected_xp":  expXP.f(),
		"result_min":   f(lo),
		"result_max":   f(hi),
		"reading_used": rd,
	}
	put(out, "p_cast", pCast)
	if natural {
		out["reading"] = readingOf(say(
			"Lecture naturelle : le $1 (lancé imparfait) et le $2 (échec critique) sont les faces du dé ; les autres cas se lisent sur le résultat modifié.",
			"Natural reading: the $1 (flawed cast) and the $2 (critical failure) are the die's own faces; the other cases are read on the modified result.",
			rules.FlawedFace, rules.CriticalFace))
	} else {
		out["reading"] = readingOf(say("$1 $2 $3",
			"$1 $2 $3", say(
				"Lecture sur le résultat modifié (par défaut) : tous les cas de la liste, y compris le $1 et le $2, se lisent sur $3 − ⌊magie/$4⌋ (+ modificateur).",
				"Reading on the modified result (default): every case of the list, the $1 and the $2 included, is read on $3 − ⌊magic/$4⌋ (+ modifier).",
				rules.FlawedFace, rules.CriticalFace, roll, rules.MagicDivisor), say(
				"Pourquoi par défaut : la liste suit le calcul du résultat, et le succès y est « un résultat strictement inférieur (ou négatif) à l’apprentissage du sort […] et différents de $1 » : le $1 est un résultat, pas une face du dé. La lecture naturelle, qui lit « sur un $1 » et « sur un $2 » sur le dé, se choisit dans le formulaire.",
				"Why by default: the list follows the computing of the result, and a success there is “a result strictly lower than (or negative) the spell’s apprenticeship level […] and other than $1”: the $1 is a result, not a face of the die. The natural reading, which reads “on a $1” and “on a $2” on the die, is a choice of the form.",
				rules.FlawedFace, rules.CriticalFace), modifiedFaces(rules, magic, mod)))
	}
	ans := say("Vous lancez le sort **$1 fois sur $2** ($3).", "You cast the spell **$1 time{|s} out of $2** ($3).", nCast, die, pct(pCast.f()))
	if nCast == 0 {
		ans = say("Vous ne lancez **jamais** le sort ($1).", "You **never** cast the spell ($1).", pct(0))
	}
	if hasDiff {
		if appr == rules.MaxApprenticeship {
			out["xp_to_next"] = nil
			out["expected_casts_to_next"] = nil
			steps = append(steps, step(docSpells, "experience", say(
				"Apprentissage $1 : le sort est parfaitement maîtrisé, il n’y a pas de niveau suivant.",
				"Apprenticeship $1: the spell is fully mastered, there is no next level.", appr)))
			ans = say("$1 Le sort est parfaitement maîtrisé.", "$1 The spell is fully mastered.", ans)
		} else {
			perPoint := rules.LevelCost[appr-1]
			cost := perPoint * diff
			need := max(cost-xp, 0)
			e := expectedCasts(need, counts, castXP, die)
			out["xp_to_next"] = f(need)
			out["expected_casts_to_next"] = e
			cost1 := say("Passer du niveau $1 au niveau $2 coûte $3 xp par point de difficulté, soit $4 xp pour une difficulté $5",
				"Going from level $1 to level $2 costs $3 xp per point of difficulty, $4 xp at difficulty $5", appr, appr+1, perPoint, cost, diff)
			switch {
			case xp == 0:
				cost1 = say("$1.", "$1.", cost1)
			case need == 0:
				cost1 = say("$1 ; les $2 xp déjà acquis suffisent.", "$1; the $2 xp already held are enough.", cost1, xp)
			default:
				cost1 = say("$1 ; avec $2 xp déjà acquis, il en reste $3 à gagner.", "$1; with $2 xp already held, $3 remain to gain.", cost1, xp, need)
			}
			steps = append(steps, step(docSpells, "experience", cost1))
			if need == 0 {
				steps = append(steps, step(docSpells, "experience", say(
					"Aucun lancer de plus n’est nécessaire, et l’xp en trop reste acquise pour le niveau suivant.",
					"No more casts are needed, and the xp beyond the cost carries over to the next level.")))
				ans = say("$1 Vous avez déjà l’expérience du niveau $2.", "$1 You already have the experience for level $2.", ans, appr+1)
			} else {
				steps = append(steps, step(docSpells, "experience", say(
					"Il faut en moyenne $1 lancer{|s} pour gagner ces $2 xp (calcul exact, à $3, $4 ou $5 xp par lancer), et l’xp en trop reste acquise pour le niveau suivant.",
					"It takes $1 cast{|s} on average to gain these $2 xp (exact, at $3, $4 or $5 xp a cast), and the xp beyond the cost carries over to the next level.",
					dec(e), need, rules.XPFailure, rules.XPCast, rules.XPPerfect)))
				ans = say("$1 Il faut en moyenne **$2 lancer{|s}** pour atteindre le niveau $3.", "$1 It takes **$2 cast{|s}** on average to reach level $3.", ans, dec(e), appr+1)
			}
		}
	}
	out["steps"] = steps
	out["answer"] = answer(ans)
	return out
}

// expectedCasts is the exact expected number of casts to gather need xp,
// each outcome o of castOutcomes, counts[o] faces of a die of die faces,
// giving xp[o]: E[k] = 1 + Σ p(gain) E[k − gain], E[k ≤ 0] = 0.
func expectedCasts(need int, counts, xp [5]int, die int) float64 {
	// The chance of each gain, summed over the outcomes that give it, in
	// increasing gain.
	type gain struct {
		xp int
		p  float64
	}
	var gains []gain
	for o, c := range counts {
		if c == 0 {
			continue
		}
		i := 0
		for i < len(gains) && gains[i].xp < xp[o] {
			i++
		}
		if i == len(gains) || gains[i].xp != xp[o] {
			gains = append(gains[:i], append([]gain{{xp: xp[o]}}, gains[i:]...)...)
		}
		gains[i].p += float64(c) / float64(die)
	}
	e := make([]float64, need+1)
	for k := 1; k <= need; k++ {
		v := 1.0
		for _, g := range gains {
			if k-g.xp > 0 {
				v += g.p * e[k-g.xp]
			}
		}
		e[k] = v
	}
	return e[need]
}

// facesText names a set of die faces, runs of three or more as ranges:
// "la face 3", "les faces 1, 2 et 4 à 9" / "face 3", "faces 1, 2 and 4 to 9".
func facesText(faces []int) words {
	var w words
	for i := 0; i < len(faces); {
		j := i
		for j+1 < len(faces) && faces[j+1] == faces[j]+1 {
			j++
		}
		if j == i+1 {
			j = i // two faces in a row read better as a list
		}
		part := say("$1", "$1", faces[i])
		if j > i {
			part = say("$1 à $2", "$1 to $2", faces[i], faces[j])
		}
		switch {
		case i == 0:
			w = part
		case j+1 == len(faces):
			w = say("$1 et $2", "$1 and $2", w, part)
		default:
			w = say("$1, $2", "$1, $2", w, part)
		}
		i = j + 1
	}
	if len(faces) == 1 {
		return say("la face $1", "face $1", w)
	}
	return say("les faces $1", "faces $1", w)
}

// CastingRules are the numbers of seed 004 for casting a spell: the die, the
// share of the magic taken from it, the threshold, the flawed and critical
// faces, the levels, and the experience a cast gives and a level costs.
type CastingRules struct {
	Die               int // faces of the casting die
	MagicDivisor      int // the magic divided by it, rounded down, is taken from the roll
	Threshold         int // times the apprenticeship: a perfect cast, below it a success
	FlawedFace        int // cast, but not exactly as wished
	CriticalFace      int // a critical failure, and on the result anything above
	MaxApprenticeship int // the fully mastered level; the lowest is 1
	MaxDifficulty     int // the hardest spell; the easiest is 1
	XPFailure         int // critical or not
	XPCast            int // the flawed cast included
	XPPerfect         int
	LevelCost         [4]int // xp per difficulty point from level i+1 to i+2
}

func defaultCasting() CastingRules {
	return CastingRules{Die: 12, MagicDivisor: 2, Threshold: 2, FlawedFace: 1, CriticalFace: 12,
		MaxApprenticeship: 5, MaxDifficulty: 5, XPFailure: 1, XPCast: 3, XPPerfect: 5, LevelCost: [4]int{10, 25, 50, 100}}
}

// castingSpecs are the values of CastingRules that content declares.
var castingSpecs = []Spec{
	{Key: "casting.die", Kind: Dice, Fr: "dé du lancement d’un sort", En: "die of the casting roll",
		Min: 2, Max: 100, Doc: docSpells, Section: "casting", Calcs: []string{"casting", "spell-duel"}, field: func(r *Rules) *int { return &r.Casting.Die }},
	{Key: "casting.magic-divisor", Kind: Whole, Fr: "diviseur de la magie retirée du dé de lancement", En: "divisor of the magic taken from the casting die",
		Min: 1, Max: 10, Doc: docSpells, Section: "casting", Calcs: []string{"casting", "spell-duel"}, field: func(r *Rules) *int { return &r.Casting.MagicDivisor }},
	{Key: "casting.threshold", Kind: Times, Fr: "multiple de l’apprentissage qui donne un sort parfait", En: "multiple of the apprenticeship that gives a perfect cast",
		Min: 1, Max: 10, Doc: docSpells, Section: "casting", Calcs: []string{"casting", "spell-duel"}, field: func(r *Rules) *int { return &r.Casting.Threshold }},
	{Key: "casting.flawed-face", Kind: Whole, Fr: "résultat d’un sort lancé sans exactement l’effet souhaité", En: "result of a spell cast without exactly the wished effect",
		Min: 1, Max: 100, Doc: docSpells, Section: "casting", Calcs: []string{"casting"}, field: func(r *Rules) *int { return &r.Casting.FlawedFace }},
	{Key: "casting.critical-face", Kind: Whole, Fr: "résultat d’un échec critique du lancement", En: "result of a critical casting failure",
		Min: 2, Max: 100, Doc: docSpells, Section: "casting", Calcs: []string{"casting"}, field: func(r *Rules) *int { return &r.Casting.CriticalFace }},
	{Key: "casting.max-apprenticeship", Kind: Whole, Fr: "niveau d’apprentissage d’un sort parfaitement maîtrisé", En: "apprenticeship level of a fully mastered spell",
		Min: 1, Max: 5, Doc: docSpells, Section: "spells", Calcs: []string{"casting", "spell-duel"}, field: func(r *Rules) *int { return &r.Casting.MaxApprenticeship }},
	{Key: "casting.max-difficulty", Kind: Whole, Fr: "niveau de difficulté du sort le plus difficile", En: "difficulty level of the hardest spell",
		Min: 1, Max: 20, Doc: docSpells, Section: "spells", Calcs: []string{"casting"}, field: func(r *Rules) *int { return &r.Casting.MaxDifficulty }},
	{Key: "casting.xp-failure", Kind: Whole, Fr: "expérience d’un sort échoué, critique ou non", En: "experience of a failed cast, critical or not",
		Min: 1, Max: 50, Doc: docSpells, Section: "experience", Calcs: []string{"casting"}, field: func(r *Rules) *int { return &r.Casting.XPFailure }},
	{Key: "casting.xp-cast", Kind: Whole, Fr: "expérience d’un sort lancé", En: "experience of a spell cast",
		Min: 1, Max: 50, Doc: docSpells, Section: "experience", Calcs: []string{"casting"}, field: func(r *Rules) *int { return &r.Casting.XPCast }},
	{Key: "casting.xp-perfect", Kind: Whole, Fr: "expérience d’un sort lancé parfaitement", En: "experience of a spell cast perfectly",
		Min: 1, Max: 50, Doc: docSpells, Section: "experience", Calcs: []string{"casting"}, field: func(r *Rules) *int { return &r.Casting.XPPerfect }},
	{Key: "casting.cost-to-2", Kind: Whole, Fr: "expérience par point de difficulté pour passer au deuxième niveau d’apprentissage", En: "experience per difficulty point to reach the second apprenticeship level",
		Min: 1, Max: 1000, Doc: docSpells, Section: "learning-level-thresholds", Calcs: []string{"casting"}, field: func(r *Rules) *int { return &r.Casting.LevelCost[0] }},
	{Key: "casting.cost-to-3", Kind: Whole, Fr: "expérience par point de difficulté pour passer au troisième niveau d’apprentissage", En: "experience per difficulty point to reach the third apprenticeship level",
		Min: 1, Max: 1000, Doc: docSpells, Section: "learning-level-thresholds", Calcs: []string{"casting"}, field: func(r *Rules) *int { return &r.Casting.LevelCost[1] }},
	{Key: "casting.cost-to-4", Kind: Whole, Fr: "expérience par point de difficulté pour passer au quatrième niveau d’apprentissage", En: "experience per difficulty point to reach the fourth apprenticeship level",
		Min: 1, Max: 1000, Doc: docSpells, Section: "learning-level-thresholds", Calcs: []string{"casting"}, field: func(r *Rules) *int { return &r.Casting.LevelCost[2] }},
	{Key: "casting.cost-to-5", Kind: Whole, Fr: "expérience par point de difficulté pour passer au cinquième niveau d’apprentissage", En: "experience per difficulty point to reach the fifth apprenticeship level",
		Min: 1, Max: 1000, Doc: docSpells, Section: "learning-level-thresholds", Calcs: []string{"casting"}, field: func(r *Rules) *int { return &r.Casting.LevelCost[3] }},
}

func (g *CastingRules) check(add func(key, fr, en string)) {
	conflict := func(key string, w words) { add(key, w[0], w[1]) }
	if g.FlawedFace >= g.CriticalFace {
		conflict("casting.flawed-face", say("le résultat d’un sort lancé imparfaitement ($1) doit être sous celui d’un échec critique ($2)",
			"the result of a flawed cast ($1) must be below that of a critical failure ($2)", g.FlawedFace, g.CriticalFace))
	}
	if top := g.Threshold * g.MaxApprenticeship; top >= g.CriticalFace {
		conflict("casting.threshold", say("au niveau $1, le sort parfait ($2 × $1 = $3) doit rester sous l’échec critique ($4)",
			"at level $1, the perfect cast ($2 × $1 = $3) must stay below the critical failure ($4), as the text’s note on the result one below it says",
			g.MaxApprenticeship, g.Threshold, top, g.CriticalFace))
	}
	if g.CriticalFace > g.Die {
		conflict("casting.critical-face", say("l’échec critique ($1) doit être une face du dé de lancement ($2)",
			"the critical failure ($1) must be a face of the casting die ($2)", g.CriticalFace, Dice.Example(g.Die)))
	}
}
