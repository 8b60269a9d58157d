package engine

// Duels: spell-duel follows seed 004, "Spécificité d’un duel"; unarmed-duel
// seed 001, §3.1–3.2; pathfinder-duel seed 002 (duel counter, Table 3-10,
// duel dodge, duel parry).

var (
	elements = []string{"fire", "vine", "water", "neutral"}
	// elementWords names the elements, as the subject of a sentence.
	elementWords = []words{{"Le feu", "Fire"}, {"La vigne", "Vine"}, {"L’eau", "Water"}, {"Neutre", "Neutral"}}
)

type wizard struct {
	magic, appr int
	element     string
}

func readWizard(r *reader, in map[string]any, key string) wizard {
	rules := &r.rules.Casting
	v, ok := r.get(in, key)
	if !ok {
		if r.err == nil {
			r.failMissing(key, desc{"un objet {magic, apprenticeship, element}", "an object {magic, apprenticeship, element}"})
		}
		return wizard{}
	}
	m := r.object(key, v, "magic", "apprenticeship", "element")
	return wizard{
		magic:   r.reqInt(m, key, "magic", 0, 40),
		appr:    r.reqInt(m, key, "apprenticeship", 1, rules.MaxApprenticeship),
		element: r.reqEnum(m, key, "element", elements),
	}
}

// duelTest counts the faces of the casting die for which the casting roll,
// with the dominance shift on the die, is at most the threshold times the
// apprenticeship.
func duelTest(c *CastingRules, w wizard, shift int) rat {
	n := 0
	for face := 1; face <= c.Die; face++ {
		if c.result(face, w.magic, shift) <= c.Threshold*w.appr {
			n++
		}
	}
	return mkRat(int64(n), int64(c.Die))
}

func runSpellDuel(r *reader, in map[string]any) map[string]any {
	rules, cast := &r.rules.SpellDuel, &r.rules.Casting
	in = r.object("", in, "a", "b")
	a := readWizard(r, in, "a")
	b := readWizard(r, in, "b")
	if r.err != nil {
		return nil
	}
	var dominant any
	shiftA, shiftB := rules.EvenShift, rules.EvenShift
	var steps []any
	ia, ib := indexOf(elements, a.element), indexOf(elements, b.element)
	switch {
	case rules.beats(ia, ib):
		dominant, shiftA, shiftB = "a", rules.DominantShift, rules.DominatedShift
	case rules.beats(ib, ia):
		dominant, shiftA, shiftB = "b", rules.DominatedShift, rules.DominantShift
	}
	ea, eb := elementWords[ia], elementWords[ib]
	why := words{"même élément ou sort neutre", "same element or a neutral spell"}
	if ia != ib && ia < 3 && ib < 3 {
		// A circle declared with an element that dominates none.
		why = words{"le cercle de dominance ne les oppose pas", "the circle of dominance does not set them against each other"}
	}
	switch {
	case dominant == nil && rules.EvenShift == 0:
		steps = append(steps, step(docSpells, "spell-duel", say(
			"Sort de A : $1. Sort de B : $2. Aucun ne domine l’autre ($3), donc pas de modificateur.",
			"A’s spell: $1. B’s spell: $2. Neither dominates the other ($3), so no modifier.", lower(ea), lower(eb), why)))
	case dominant == nil:
		steps = append(steps, step(docSpells, "spell-duel", say(
			"Sort de A : $1. Sort de B : $2. Aucun ne domine l’autre ($4) : chacun a $3 sur son dé.",
			"A’s spell: $1. B’s spell: $2. Neither dominates the other ($4): each gets $3 on the die.", lower(ea), lower(eb), signed(rules.EvenShift), why)))
	default:
		win, lose, wn, ln := ea, eb, "A", "B"
		if dominant == "b" {
			win, lose, wn, ln = eb, ea, "B", "A"
		}
		steps = append(steps, step(docSpells, "spell-duel", say(
			"$1 domine $2 : $3 a $5 sur son dé, $4 $6.",
			"$1 dominates $2: $3 gets $5 on the die, $4 $6.", win, lower(lose), wn, ln, signed(rules.DominantShift), signed(rules.DominatedShift))))
	}
	pa, pb := duelTest(cast, a, shiftA), duelTest(cast, b, shiftB)
	times := timesWords(cast.Threshold)
	for _, x := range []struct {
		name  string
		w     wizard
		shift int
		p     rat
	}{{"A", a, shiftA, pa}, {"B", b, shiftB, pb}} {
		roll := Dice.Example(cast.Die)
		if mod := -x.w.magic/cast.MagicDivisor + x.shift; mod > 0 {
			roll += " + " + itoa(mod)
		} else if mod < 0 {
			roll += " − " + itoa(-mod)
		}
		n := int(x.p.n * (int64(cast.Die) / x.p.d))
		steps = append(steps, step(docSpells, "casting", say(
			"Test de $1 : il réussit si $2 fait au plus $3 ($7 l’apprentissage), soit $4 face{|s} sur $6 ($5).",
			"$1’s test: it passes if $2 is at most $3 ($7 the apprenticeship), that is $4 face{|s} out of $6 ($5).",
			x.name, roll, cast.Threshold*x.w.appr, n, pct(x.p.f()), cast.Die, times)))
	}
	one := mkRat(1, 1)
	onlyA := pa.mul(one.sub(pb))
	onlyB := pb.mul(one.sub(pa))
	same := one.sub(onlyA).sub(onlyB)
	aHits, bHits, cancel := onlyA, onlyB, rat{0, 1}
	steps = append(steps, step(docSpells, "spell-duel", say(
		"Seul A réussit dans $1 des cas, seul B dans $2, et les deux ou aucun dans $3.",
		"Only A passes $1 of the time, only B $2, and both or neither $3.", pct(onlyA.f()), pct(onlyB.f()), pct(same.f()))))
	switch dominant {
	case "a":
		aHits = aHits.add(same)
		steps = append(steps, step(docSpells, "spell-duel", say(
			"Quand les deux réussissent ou échouent, le sort dominant de A touche.", "When both pass or both fail, A’s dominant spell hits.")))
	case "b":
		bHits = bHits.add(same)
		steps = append(steps, step(docSpells, "spell-duel", say(
			"Quand les deux réussissent ou échouent, le sort dominant de B touche.", "When both pass or both fail, B’s dominant spell hits.")))
	default:
		cancel = same
		steps = append(steps, step(docSpells, "spell-duel", say(
			"Quand les deux réussissent ou échouent, sans dominance, les deux sorts s’annulent.", "When both pass or both fail, with no dominance, both spells cancel.")))
	}
	var ans words
	switch dominant {
	case "a":
		ans = say("Le sort de A domine ($1 domine $2) : A touche dans **$3** des cas, B dans **$4**.",
			"A’s spell dominates ($1 dominates $2): A hits **$3** of the time, B **$4**.", lower(ea), lower(eb), pct(aHits.f()), pct(bHits.f()))
	case "b":
		ans = say("Le sort de B domine ($1 domine $2) : B touche dans **$3** des cas, A dans **$4**.",
			"B’s spell dominates ($1 dominates $2): B hits **$3** of the time, A **$4**.", lower(eb), lower(ea), pct(bHits.f()), pct(aHits.f()))
	default:
		ans = say("Aucun sort ne domine : A touche dans **$1** des cas, B dans **$2**, et les sorts s’annulent dans **$3**.",
			"Neither spell dominates: A hits **$1** of the time, B **$2**, and the spells cancel **$3** of the time.", pct(aHits.f()), pct(bHits.f()), pct(cancel.f()))
	}
	pt := map[string]any{}
	put(pt, "a", pa)
	put(pt, "b", pb)
	oc := map[string]any{}
	put(oc, "a_hits", aHits)
	put(oc, "b_hits", bHits)
	put(oc, "cancel", cancel)
	return map[string]any{
		"dominant": dominant,
		"p_test":   pt,
		"outcomes": oc,
		"steps":    steps,
		"answer":   answer(ans),
		"reading": readingOf(say(
			"Le duel suppose les deux sorts lancés avec succès. Le test de magie réussit quand $1 − ⌊magie/$2⌋, décalé de $3 pour le sort dominant, de $4 pour le dominé et de $5 sans dominance, est au plus $6 × apprentissage, lu sur le résultat modifié.",
			"The duel assumes both spells were cast. The magic test passes when $1 − ⌊magic/$2⌋, shifted by $3 for the dominant spell, $4 for the dominated one and $5 with no dominance, is at most $6 × apprenticeship, read on the modified result.",
			Dice.Example(cast.Die), cast.MagicDivisor, signed(rules.DominantShift), signed(rules.DominatedShift), signed(rules.EvenShift), cast.Threshold)),
	}
}

// beats says whether element i of elements dominates element j, as the
// circle of dominance declares it (fire burns vine, vine draws on water,
// water puts out fire); neutral is outside the circle.
func (g *SpellDuelRules) beats(i, j int) bool {
	p := g.prey(i)
	return p != nil && *p == j
}

// prey returns the value naming the element that element i dominates (an
// index of circleNames), or nil for an element outside the circle.
func (g *SpellDuelRules) prey(i int) *int {
	switch i {
	case 0:
		return &g.FireBeats
	case 1:
		return &g.VineBeats
	case 2:
		return &g.WaterBeats
	}
	return nil
}

// lower puts the first letter of a name in lower case, for the middle of a
// sentence: "Le feu" → "le feu", "Fire" → "fire", "L’eau" → "l’eau".
func lower(w words) words {
	for i, s := range w {
		if s != "" && s[0] >= 'A' && s[0] <= 'Z' {
			w[i] = string(s[0]+'a'-'A') + s[1:]
		}
	}
	return w
}

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

var (
	pfModes   = []string{"counter", "parry", "dodge"}
	relations = []string{"same_spell", "same_school", "different_school"}
	// Table 3-10's name of each relation, in the order of relations.
	relationWords = []words{{"Même sort", "Same spell"}, {"Sort différent de la même école", "Different spell of the same school"},
		{"Sort d’une école différente", "Spell of a different school"}}
	dispels = []string{"dispel_magic", "greater_dispel"}
)

func runPathfinderDuel(r *reader, in map[string]any) map[string]any {
	mode := r.reqEnum(in, "", "mode", pfModes)
	switch mode {
	case "counter":
		return pfCounter(r, in)
	case "parry":
		return pfParry(r, in)
	case "dodge":
		return pfDodge(r, in)
	}
	return nil
}

// pfReading is the reading note of the three modes, with the natural faces
// the engine reads into the dodge's attack roll.
func pfReading(g *PathfinderRules) map[string]any { return readingOf(pfReadingWords(g)) }

// pfReadingWords is pfReading's text.
func pfReadingWords(g *PathfinderRules) words {
	return (say(
		"Les tests et les jets opposés comparent les totaux seulement (pas de réussite ni d’échec automatique), sauf le jet d’attaque de l’esquive où $1 (le texte ne le dit pas).",
		"Checks and opposed rolls compare totals only (no automatic success or failure), except the attack roll of the dodge, where $1 (the text does not say so).", g.naturals()))
}

// naturals says which faces of the dodge's attack roll always hit and
// always miss: "le 20 naturel touche toujours, le 1 naturel rate toujours"
// with the defaults.
func (g *PathfinderRules) naturals() words {
	hit := say("le $1 naturel touche toujours", "a natural $1 always hits", g.NaturalHit)
	if g.NaturalHit < d20Sides {
		hit = say("un $1 naturel ou plus touche toujours", "a natural $1 or more always hits", g.NaturalHit)
	}
	miss := say("le $1 naturel rate toujours", "a natural $1 always misses", g.NaturalMiss)
	if g.NaturalMiss > 1 {
		miss = say("un $1 naturel ou moins rate toujours", "a natural $1 or less always misses", g.NaturalMiss)
	}
	return say("$1, $2", "$1, $2", hit, miss)
}

// relationMod is Table 3-10's modifier for the relation at index i of
// relations.
func (g *PathfinderRules) relationMod(i int) int {
	return [...]int{g.SameSpell, g.SameSchool, g.DifferentSchool}[i]
}

func pfCounter(r *reader, in map[string]any) map[string]any {
	rules := &r.rules.Pathfinder
	in = r.object("", in, "mode", "spellcraft_bonus", "spell_level", "caster_level", "relation", "slot_level", "dispel", "opponent_caster_level")
	_, hasDispel := r.get(in, "dispel")
	var steps []any
	out := map[string]any{"mode": "counter",
		"reading": readingOf(say("$1 $2", "$1 $2", pfReadingWords(rules), say(
			"Un contre de duel demande toujours un test : « il n’est pas sûr d’y arriver » ; quand les bonus le rendent sûr, la réponse dit pourquoi. Avec dissipation, le DD est « $1 + niveau du lanceur de sorts », lu comme celui du lanceur adverse, sans plafond (le texte n’en donne pas, contrairement au sort de Pathfinder) : dissipation de la magie et dissipation suprême donnent donc le même résultat.",
			"A dueling counter always takes a check: “success is not guaranteed”; when the bonuses make it certain, the answer says why. With a dispel, the DC is “$1 + caster level”, read as the opposing caster’s, with no cap (the text gives none, unlike Pathfinder’s spell): dispel magic and greater dispel magic therefore give the same result.",
			rules.DispelDCBase)))}
	if hasDispel {
		for _, k := range []string{"relation", "slot_level"} {
			if _, ok := r.get(in, k); ok {
				r.conflict(k, "dispel")
			}
		}
		dispel, _ := r.optEnum(in, "", "dispel", dispels)
		cl := r.reqInt(in, "", "caster_level", 1, 20)
		opp := r.reqInt(in, "", "opponent_caster_level", 1, 20)
		r.optInt(in, "", "spell_level", 0, 9, 0)
		r.optInt(in, "", "spellcraft_bonus", -10, 50, 0)
		if r.err != nil {
			return nil
		}
		dc := rules.DispelDCBase + opp
		p := d20(cl, dc)
		name := words{"dissipation de la magie", "dispel magic"}
		if dispel == "greater_dispel" {
			name = words{"dissipation suprême", "greater dispel magic"}
		}
		steps = append(steps, step(docPathfinder, "duel-counter", say(
			"Contre par $1 : pas besoin d’identifier le sort, et pas de modificateur de la table $2.",
			"Counter with $1: no need to identify the spell, and no Table $2 modifier.", name, table310)))
		steps = append(steps, step(docPathfinder, "duel-counter", say(
			"Test de niveau de lanceur : d$7 + $1 contre un DD de $2 ($6 plus $3, le niveau de lanceur adverse). Il réussit $4 fois sur $7, soit $5.",
			"Caster level check: d$7 + $1 against DC $2 ($6 plus $3, the opposing caster level). It succeeds $4 time{4:|s} out of $7, that is $5.", cl, dc, opp, faces20(p), pct(p.f()), rules.DispelDCBase, d20Sides)))
		out["identify_dc"] = nil
		put(out, "p_identify", mkRat(1, 1))
		out["counter_dc"] = f(dc)
		out["modifier"] = f(0)
		put(out, "p_counter", p)
		put(out, "p_total", p)
		ans := say("Vous contrez le sort dans **$1** des cas, sans avoir à l’identifier.",
			"You counter the spell **$1** of the time, without having to identify it.", pct(p.f()))
		if p.n == p.d {
			why := counterSure(cl, dc)
			steps = append(steps, step(docPathfinder, "duel-counter", why))
			ans = say("$1 $2", "$1 $2", ans, why)
		}
		out["steps"] = steps
		out["answer"] = answer(ans)
		return out
	}
	if _, ok := r.get(in, "opponent_caster_level"); ok {
		r.fail("opponent_caster_level", "conflict",
			"opponent_caster_level ne sert qu’avec dispel", "opponent_caster_level is used only with dispel")
	}
	bonus := r.reqInt(in, "", "spellcraft_bonus", -10, 50)
	level := r.reqInt(in, "", "spell_level", 0, 9)
	cl := r.reqInt(in, "", "caster_level", 1, 20)
	rel := r.reqEnum(in, "", "relation", relations)
	slot, _ := r.optInt(in, "", "slot_level", level, 9, level)
	if r.err != nil {
		return nil
	}
	idDC := rules.IdentifyDCBase + level
	counterDC := rules.CounterDCBase + level
	pID := d20(bonus, idDC)
	ri := indexOf(relations, rel)
	slotMod := (slot - level) * rules.PerSlotLevel
	mod := rules.relationMod(ri) + slotMod
	pC := d20(cl+mod, counterDC)
	total := pID.mul(pC)
	steps = append(steps, step(docPathfinder, "duel-counter", say(
		"Identifier le sort : Art de la magie d$7 $1 contre un DD de $2 ($6 plus $3, le niveau du sort). Il réussit $4 fois sur $7, soit $5.",
		"Identify the spell: Spellcraft d$7 $1 against DC $2 ($6 plus $3, the spell level). It succeeds $4 time{4:|s} out of $7, that is $5.", signed(bonus), idDC, level, faces20(pID), pct(pID.f()), rules.IdentifyDCBase, d20Sides)))
	slotW := say("L’emplacement est du niveau du sort, sans bonus", "The slot is of the spell’s level, with no bonus")
	if slot > level {
		slotW = say("Un emplacement de niveau $1 pour un sort de niveau $2 ajoute $3", "A level $1 slot for a level $2 spell adds $3", slot, level, signed(slotMod))
	}
	steps = append(steps, step(docPathfinder, "table-3-10", say(
		"$1 : $2. $3. Modificateur total : $4.",
		"$1: $2. $3. Total modifier: $4.", relationWords[ri], signed(rules.relationMod(ri)), slotW, signed(mod))))
	steps = append(steps, step(docPathfinder, "duel-counter", say(
		"Contre : avec d$6 + $1 (niveau de lanceur) et le modificateur $2 contre le DD $3, il réussit $4 fois sur $6, soit $5.",
		"Counter: with d$6 + $1 (caster level) and the $2 modifier against DC $3, it succeeds $4 time{4:|s} out of $6, that is $5.", cl, signed(mod), counterDC, faces20(pC), pct(pC.f()), d20Sides)))
	steps = append(steps, step(docPathfinder, "duel-counter", say(
		"Il faut identifier le sort puis le contrer : $1 de $2, soit $3 en tout.",
		"It takes identifying the spell, then countering it: $1 of $2, that is $3 in all.", pct(pC.f()), pct(pID.f()), pct(total.f()))))
	out["identify_dc"] = f(idDC)
	put(out, "p_identify", pID)
	out["counter_dc"] = f(counterDC)
	out["modifier"] = f(mod)
	put(out, "p_counter", pC)
	put(out, "p_total", total)
	ans := say("Vous contrez le sort dans **$1** des cas : il faut l’identifier (**$2**), puis le contrer (**$3**).",
		"You counter the spell **$1** of the time: you must identify it (**$2**), then counter it (**$3**).", pct(total.f()), pct(pID.f()), pct(pC.f()))
	if pC.n == pC.d {
		// The text says the counter is « pas sûr » even with an exact copy
		// of the spell (audit R6): a certainty shown must say why.
		why := counterSure(cl+mod, counterDC)
		steps = append(steps, step(docPathfinder, "duel-counter", why))
		ans = say("$1 $2", "$1 $2", ans, why)
	}
	out["steps"] = steps
	out["answer"] = answer(ans)
	return out
}

// counterSure says why a counter check of d20 + bonus against dc cannot
// fail, where the text says « il n’est pas sûr d’y arriver »: the words ask
// for a check, which these totals always pass, and a caster level check has
// no automatic failure (a reading the note states).
func counterSure(bonus, dc int) words {
	return say("Le contre est sûr ici : même un $1 au dé donne $2, au moins le DD $3. Le texte dit « il n’est pas sûr d’y arriver » parce qu’il faut faire le test (seul un vrai contresort, préparé, s’en passe) ; un test de niveau de lanceur de sorts n’a pas d’échec automatique.",
		"The counter is certain here: even a $1 on the die gives $2, at least DC $3. The text says “success is not guaranteed” because the check must be rolled (only a true, readied counterspell needs none); a caster level check has no automatic failure.",
		1, 1+bonus, dc)
}

// faces20 is the number of faces of a d20 behind a probability in twentieths.
func faces20(p rat) int { return int(p.n * (d20Sides / p.d)) }

// table310 is the number of Table 3-10 in the book, a name.
const table310 = "3-10"

func pfParry(r *reader, in map[string]any) map[string]any {
	rules := &r.rules.Pathfinder
	in = r.object("", in, "mode", "bab", "unarmed", "attack_bonus")
	bab := r.reqInt(in, "", "bab", 0, 20)
	unarmed := r.optBool(in, "", "unarmed")
	atk := r.reqInt(in, "", "attack_bonus", -10, 50)
	if r.err != nil {
		return nil
	}
	parry := bab + rules.Parry
	if unarmed {
		parry += rules.UnarmedParry
	}
	n := 0
	for mine := 1; mine <= d20Sides; mine++ {
		for theirs := 1; theirs <= d20Sides; theirs++ {
			if mine+parry >= theirs+atk {
				n++
			}
		}
	}
	p := mkRat(int64(n), d20Sides*d20Sides)
	roll := say("Jet de parade : d$3 + $1 (bonus de base à l’attaque), moins $2", "Parry roll: d$3 + $1 (base attack bonus), minus $2", bab, -rules.Parry, d20Sides)
	if unarmed {
		roll = say("$1, moins $2 à mains nues", "$1, minus $2 unarmed", roll, -rules.UnarmedParry)
	}
	steps := []any{
		step(docPathfinder, "duel-parry", say("$1, soit d$3 $2.", "$1, that is d$3 $2.", roll, signed(parry), d20Sides)),
		step(docPathfinder, "duel-parry", say(
			"La parade réussit si elle égale ou dépasse l’attaque, d$4 $1 : $2 cas sur $5, soit $3.",
			"The parry succeeds if it equals or beats the attack, d$4 $1: $2 cases out of $5, that is $3.", signed(atk), n, pct(p.f()), d20Sides, d20Sides*d20Sides)),
	}
	out := map[string]any{"mode": "parry", "parry_bonus": f(parry), "steps": steps,
		"answer":  answer(say("Votre parade réussit dans **$1** des cas.", "Your parry succeeds **$1** of the time.", pct(p.f()))),
		"reading": pfReading(rules)}
	put(out, "p_parry", p)
	return out
}

// attackHits counts the faces of a d20 that hit AC ac with bonus atk: the
// faces from the rules' natural hit up always hit, those up to its natural
// miss always miss.
func attackHits(g *PathfinderRules, atk, ac int) rat {
	n := 0
	for face := 1; face <= d20Sides; face++ {
		if face >= g.NaturalHit || face > g.NaturalMiss && face+atk >= ac {
			n++
		}
	}
	return mkRat(int64(n), d20Sides)
}

func pfDodge(r *reader, in map[string]any) map[string]any {
	rules := &r.rules.Pathfinder
	in = r.object("", in, "mode", "attack_bonus", "ac")
	atk := r.reqInt(in, "", "attack_bonus", -10, 50)
	ac := r.reqInt(in, "", "ac", 1, 60)
	if r.err != nil {
		return nil
	}
	p := attackHits(rules, atk, ac)
	pd := attackHits(rules, atk, ac+rules.DodgeAC)
	steps := []any{
		step(docPathfinder, "duel-dodge", say(
			"Attaque d$5 $1 contre CA $2 ($4) : elle touche dans $3 des cas.",
			"Attack d$5 $1 against AC $2 ($4): it hits $3 of the time.", signed(atk), ac, pct(p.f()), rules.naturals(), d20Sides)),
		step(docPathfinder, "duel-dodge", say(
			"Esquive de duel : $3 à la CA ($1) contre cette attaque, qui ne touche plus que dans $2 des cas. Ensuite, $4 à la CA jusqu’au prochain tour.",
			"Duel dodge: $3 AC ($1) against this attack, which then hits only $2 of the time. Afterwards, $4 AC until the next turn.",
			ac+rules.DodgeAC, pct(pd.f()), signed(rules.DodgeAC), signed(rules.DodgeAfter))),
	}
	out := map[string]any{"mode": "dodge", "steps": steps,
		"answer": answer(say("L’attaque vous touche dans **$1** des cas, et dans **$2** si vous esquivez.",
			"The attack hits you **$1** of the time, and **$2** if you dodge.", pct(p.f()), pct(pd.f()))),
		"reading": pfReading(rules)}
	put(out, "p_hit", p)
	put(out, "p_hit_dodging", pd)
	return out
}

// SpellDuelRules are the numbers of seed 004, "Spécificité d’un duel": the
// shifts on the die of the magic test and the circle of dominance. The test
// itself is the casting roll of CastingRules.
type SpellDuelRules struct {
	DominantShift  int // on the die of the wizard casting the dominant spell
	DominatedShift int
	EvenShift      int // when neither spell dominates
	// The circle of dominance: the element each element dominates, an
	// index of circleNames (fire, vine, water, or none).
	FireBeats, VineBeats, WaterBeats int
}

// circleNames are what an element can dominate: the other elements of the
// circle, or nothing. Neutral spells are outside the circle, neither
// dominating nor dominated.
var circleNames = []Choice{{"fire", "le feu", "fire"}, {"vine", "la vigne", "vine"}, {"water", "l’eau", "water"}, {"none", "aucun", "none"}}

func defaultSpellDuel() SpellDuelRules {
	return SpellDuelRules{DominantShift: -1, DominatedShift: 1, EvenShift: 0, FireBeats: 1, VineBeats: 2, WaterBeats: 0}
}

// spellDuelSpecs are the values of SpellDuelRules that content declares.
var spellDuelSpecs = []Spec{
	{Key: "spell-duel.dominant-shift", Kind: Whole, Fr: "modificateur du dé du sorcier lançant le sort dominant", En: "modifier on the die of the wizard casting the dominant spell",
		Min: -5, Max: 5, Doc: docSpells, Section: "spell-duel", Calcs: []string{"spell-duel"}, field: func(r *Rules) *int { return &r.SpellDuel.DominantShift }},
	{Key: "spell-duel.dominated-shift", Kind: Whole, Fr: "modificateur du dé du sorcier lançant le sort dominé", En: "modifier on the die of the wizard casting the dominated spell",
		Min: -5, Max: 5, Doc: docSpells, Section: "spell-duel", Calcs: []string{"spell-duel"}, field: func(r *Rules) *int { return &r.SpellDuel.DominatedShift }},
	{Key: "spell-duel.even-shift", Kind: Whole, Fr: "modificateur du dé quand aucun sort ne domine", En: "modifier on the die when neither spell dominates",
		Min: -5, Max: 5, Doc: docSpells, Section: "spell-duel", Calcs: []string{"spell-duel"}, field: func(r *Rules) *int { return &r.SpellDuel.EvenShift }},
	{Key: "spell-duel.fire-beats", Kind: Name, Fr: "élément que domine le feu", En: "element fire dominates", Names: circleNames,
		Min: 0, Max: len(circleNames) - 1, Doc: docSpells, Section: "spell-duel", Calcs: []string{"spell-duel"}, field: func(r *Rules) *int { return &r.SpellDuel.FireBeats }},
	{Key: "spell-duel.vine-beats", Kind: Name, Fr: "élément que domine la vigne", En: "element vine dominates", Names: circleNames,
		Min: 0, Max: len(circleNames) - 1, Doc: docSpells, Section: "spell-duel", Calcs: []string{"spell-duel"}, field: func(r *Rules) *int { return &r.SpellDuel.VineBeats }},
	{Key: "spell-duel.water-beats", Kind: Name, Fr: "élément que domine l’eau", En: "element water dominates", Names: circleNames,
		Min: 0, Max: len(circleNames) - 1, Doc: docSpells, Section: "spell-duel", Calcs: []string{"spell-duel"}, field: func(r *Rules) *int { return &r.SpellDuel.WaterBeats }},
}

// check refuses a circle the duel cannot read: an element that dominates
// itself, or two that dominate each other (neither would take the shift).
func (g *SpellDuelRules) check(add func(key, fr, en string)) {
	keys := []string{"spell-duel.fire-beats", "spell-duel.vine-beats", "spell-duel.water-beats"}
	for i := range keys {
		p := *g.prey(i)
		switch {
		case p == i:
			add(keys[i], circleNames[i].Fr+" ne peut pas se dominer lui-même : le cercle nomme un autre élément, ou aucun",
				circleNames[i].En+" cannot dominate itself: the circle names another element, or none")
		case p < i && g.beats(p, i):
			add(keys[i], circleNames[p].Fr+" et "+circleNames[i].Fr+" ne peuvent pas se dominer l’un l’autre",
				circleNames[p].En+" and "+circleNames[i].En+" cannot dominate each other")
		}
	}
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

// PathfinderRules are the numbers of seed 002, the Pathfinder duel: the
// bases of the three DCs of a dueling counter, Table 3-10, the parry's
// penalties and the dodge's bonus and penalty.
type PathfinderRules struct {
	IdentifyDCBase  int // Spellcraft, plus the spell level
	CounterDCBase   int // caster level check, plus the spell level
	DispelDCBase    int // caster level check with a dispel, plus the opposing caster level
	SameSpell       int // Table 3-10, by relation
	SameSchool      int
	DifferentSchool int
	PerSlotLevel    int // Table 3-10, per slot level above the spell's
	Parry           int // on the parry roll, a penalty
	UnarmedParry    int // more, unarmed
	DodgeAC         int
	DodgeAfter      int // on the AC until the next turn, a penalty
	// The faces of the dodge's attack roll that always hit (this one and
	// up) and always miss (this one and down): a reading of Pathfinder's
	// attack rolls, which the text does not state.
	NaturalHit  int
	NaturalMiss int
}

func defaultPathfinder() PathfinderRules {
	return PathfinderRules{IdentifyDCBase: 15, CounterDCBase: 15, DispelDCBase: 11, SameSpell: 10, SameSchool: 2, DifferentSchool: -2,
		PerSlotLevel: 1, Parry: -5, UnarmedParry: -2, DodgeAC: 4, DodgeAfter: -2, NaturalHit: 20, NaturalMiss: 1}
}

// pathfinderSpecs are the values of PathfinderRules that content declares.
var pathfinderSpecs = []Spec{
	{Key: "pathfinder.identify-dc-base", Kind: Whole, Fr: "base du DD du test d’Art de la magie qui identifie le sort adverse", En: "base of the DC of the Spellcraft check that identifies the opposing spell",
		Min: 0, Max: 40, Doc: docPathfinder, Section: "duel-counter", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.IdentifyDCBase }},
	{Key: "pathfinder.counter-dc-base", Kind: Whole, Fr: "base du DD du test de niveau de lanceur d’un contre de duel", En: "base of the DC of a dueling counter’s caster level check",
		Min: 0, Max: 40, Doc: docPathfinder, Section: "duel-counter", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.CounterDCBase }},
	{Key: "pathfinder.dispel-dc-base", Kind: Whole, Fr: "base du DD d’un contre de duel par dissipation", En: "base of the DC of a dueling counter with a dispel",
		Min: 0, Max: 40, Doc: docPathfinder, Section: "duel-counter", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.DispelDCBase }},
	{Key: "pathfinder.same-spell", Kind: Whole, Fr: "modificateur du contre avec le même sort", En: "counter modifier with the same spell",
		Min: -20, Max: 30, Doc: docPathfinder, Section: "table-3-10", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.SameSpell }},
	{Key: "pathfinder.same-school", Kind: Whole, Fr: "modificateur du contre avec un sort différent de la même école", En: "counter modifier with a different spell of the same school",
		Min: -20, Max: 30, Doc: docPathfinder, Section: "table-3-10", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.SameSchool }},
	{Key: "pathfinder.different-school", Kind: Whole, Fr: "modificateur du contre avec un sort d’une école différente", En: "counter modifier with a spell of a different school",
		Min: -20, Max: 30, Doc: docPathfinder, Section: "table-3-10", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.DifferentSchool }},
	{Key: "pathfinder.slot-level-bonus", Kind: Whole, Fr: "modificateur du contre par niveau d’emplacement au-dessus du sort contré", En: "counter modifier per slot level above the countered spell",
		Min: 0, Max: 10, Doc: docPathfinder, Section: "table-3-10", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.PerSlotLevel }},
	{Key: "pathfinder.parry", Kind: Whole, Fr: "malus du jet de parade de duel", En: "penalty on the dueling parry roll",
		Min: -20, Max: 0, Doc: docPathfinder, Section: "duel-parry", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.Parry }},
	{Key: "pathfinder.unarmed-parry", Kind: Whole, Fr: "malus supplémentaire d’une parade de duel à mains nues", En: "additional penalty of an unarmed dueling parry",
		Min: -20, Max: 0, Doc: docPathfinder, Section: "duel-parry", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.UnarmedParry }},
	{Key: "pathfinder.dodge-ac", Kind: Whole, Fr: "bonus à la CA d’une esquive de duel", En: "AC bonus of a dueling dodge",
		Min: 0, Max: 20, Doc: docPathfinder, Section: "duel-dodge", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.DodgeAC }},
	{Key: "pathfinder.dodge-after", Kind: Whole, Fr: "malus à la CA après une esquive de duel, jusqu’au prochain tour", En: "AC penalty after a dueling dodge, until the next turn",
		Min: -20, Max: 0, Doc: docPathfinder, Section: "duel-dodge", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.DodgeAfter }},
	{Key: "pathfinder.dodge-natural-hit", Kind: Whole, Fr: "plus petite face du dé qui touche toujours au jet d’attaque de l’esquive", En: "lowest face of the die that always hits on the dodge’s attack roll",
		Min: 2, Max: d20Sides, Doc: docPathfinder, Section: "duel-dodge", Calcs: []string{"pathfinder-duel"}, Reading: true, field: func(r *Rules) *int { return &r.Pathfinder.NaturalHit }},
	{Key: "pathfinder.dodge-natural-miss", Kind: Whole, Fr: "plus grande face du dé qui rate toujours au jet d’attaque de l’esquive", En: "highest face of the die that always misses on the dodge’s attack roll",
		Min: 1, Max: d20Sides - 1, Doc: docPathfinder, Section: "duel-dodge", Calcs: []string{"pathfinder-duel"}, Reading: true, field: func(r *Rules) *int { return &r.Pathfinder.NaturalMiss }},
}

func (g *PathfinderRules) check(add func(key, fr, en string)) {
	if g.NaturalMiss >= g.NaturalHit {
		add("pathfinder.dodge-natural-miss", "la face qui rate toujours ("+itoa(g.NaturalMiss)+") doit être sous celle qui touche toujours ("+itoa(g.NaturalHit)+")",
			"the face that always misses ("+itoa(g.NaturalMiss)+") must be below the one that always hits ("+itoa(g.NaturalHit)+")")
	}
}
