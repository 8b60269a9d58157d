package engine

// Wounds: seed 003, "Subir une blessure" (long rests to heal, medicine,
// nightly care, wounds healing one after the other).

const maxQueue = 50

func runWounds(r *reader, in map[string]any) map[string]any {
	rules := &r.rules.Wounds
	in = r.object("", in, "dice", "die", "medicine_bonus", "queue")
	n := r.reqInt(in, "", "dice", 1, 20)
	s := r.reqIntIn(in, "", "die", rules.dice())
	bonus, hasBonus := r.optInt(in, "", "medicine_bonus", -5, 20, 0)
	var queue []int
	ql, hasQueue := r.optList(in, "", "queue", maxQueue, intDesc(1, 1000))
	for i, v := range ql {
		queue = append(queue, r.asInt(at("queue", i), v, 1, 1000))
	}
	if r.err != nil {
		return nil
	}

	// One die heals in 1dS long rests; several dice in 1dS + N.
	add := 0
	heal := say("$2d$1", "$2d$1", s, 1)
	if n > 1 {
		add = n
		heal = say("$3d$1+$2", "$3d$1+$2", s, n, 1)
	}
	steps := []any{step(docHeroes, "wounds", say(
		"Une arme à $1d$2 inflige une blessure qui guérit en $3 repos longs, de $4 à $5.",
		"A $1d$2 weapon inflicts a wound that heals in $3 long rests, $4 to $5.", n, s, heal, 1+add, s+add))}
	each := mkRat(1, int64(s))
	rests := make([]any, 0, s)
	sum, halfSum := 0, 0
	for face := 1; face <= s; face++ {
		v := face + add
		sum += v
		halfSum += rules.treated(v)
		e := map[string]any{"rests": f(v)}
		put(e, "p", each)
		rests = append(rests, e)
	}
	expected := mkRat(int64(sum), int64(s))
	// « (nombre de dés d’arme) »: a single die counts, or not (a reading).
	nDC := n
	if n == 1 && rules.SingleDieCounts == 0 {
		nDC = 0
	}
	medDC := rules.MedicineDCBase + s + nDC
	careDC := rules.CareDCBase + s + nDC
	steps = append(steps, step(docHeroes, "wounds", say(
		"En moyenne, $1 repos long{|s}.", "On average, $1 long rest{|s}.", dec(expected.f()))))
	dice := say("plus $1 (le nombre de dés)", "plus $1 (the number of dice)", nDC)
	if nDC != n {
		dice = say("sans le nombre de dés (un seul dé)", "without the number of dice (a single die)")
	}
	steps = append(steps, step(docHeroes, "wounds", say(
		"DD du test de Médecine : $4, plus $1 (la plus haute face du dé), $2, soit $3.",
		"Medicine DC: $4, plus $1 (the die’s highest face), $2, that is $3.", s, dice, medDC, rules.MedicineDCBase)))
	dice2 := say("plus $1", "plus $1", nDC)
	if nDC != n {
		dice2 = say("sans le nombre de dés", "without the number of dice")
	}
	steps = append(steps, step(docHeroes, "wounds", say(
		"DD des soins du soir : $4, plus $1, $2, soit $3. Chaque réussite compte comme un repos long.",
		"Nightly care DC: $4, plus $1, $2, that is $3. Each success counts as a long rest.", s, dice2, careDC, rules.CareDCBase)))
	out := map[string]any{
		"rests":           rests,
		"min_rests":       f(1 + add),
		"max_rests":       f(s + add),
		"expected_rests":  expected.f(),
		"medicine_dc":     f(medDC),
		"nightly_care_dc": f(careDC),
		"reading": readingOf(say(
			"Un seul dé : autant de repos longs que le dé de dégâts, dS ; plusieurs dés : dS + nombre de dés. Les dés de dégâts sont ceux des armes, du d$3 au d$4. Un test est d$2 + bonus ≥ DD, sans réussite ni échec automatique. Une médecine réussie $1 (le texte ne dit pas comment arrondir ni s’il reste un minimum). $5",
			"One die: as many long rests as the damage die, dS; several dice: dS + number of dice. The damage dice are the weapons’, d$3 to d$4. A check is d$2 + bonus ≥ DC, with no automatic success or failure. A successful Medicine check $1 (the text says neither how to round nor whether a least time remains). $5", rules.treatment(), d20Sides, rules.SmallestDie, rules.LargestDie, rules.singleDie())),
	}
	ans := say("La blessure guérit en **$1 repos long{|s}** en moyenne, de $2 à $3.", "The wound heals in **$1 long rest{|s}** on average, $2 to $3.", dec(expected.f()), 1+add, s+add)
	if hasBonus {
		p := d20(bonus, medDC)
		halved := mkRat(int64(halfSum), int64(s))
		withMed := p.mul(halved).add(mkRat(1, 1).sub(p).mul(expected))
		put(out, "p_medicine", p)
		out["expected_rests_with_medicine"] = withMed.f()
		put(out, "p_nightly_care", d20(bonus, careDC))
		dist := make([]any, 0, s+add)
		byRests := map[int]rat{}
		most := s + add
		for face := 1; face <= s; face++ {
			v := face + add
			h := rules.treated(v)
			most = max(most, h)
			byRests[v] = mkRatOr(byRests[v]).add(mkRat(1, 1).sub(p).mul(each))
			byRests[h] = mkRatOr(byRests[h]).add(p.mul(each))
		}
		for v := 1; v <= most; v++ {
			if q, ok := byRests[v]; ok {
				e := map[string]any{"rests": f(v)}
				put(e, "p", q)
				dist = append(dist, e)
			}
		}
		out["rests_with_medicine"] = dist
		steps = append(steps, step(docHeroes, "wounds", say(
			"Test de Médecine : d$5 $1 contre le DD $2, réussi $3 fois sur $5, soit $4.",
			"Medicine check: d$5 $1 against DC $2, passed $3 time{3:|s} out of $5, that is $4.", signed(bonus), medDC, faces20(p), pct(p.f()), d20Sides)))
		steps = append(steps, step(docHeroes, "wounds", say(
			"Une réussite $3 : $1 repos en moyenne. Avec la médecine, cela fait donc $2 repos long{|s} en moyenne.",
			"A success $3: $1 rest{1:|s} on average. With medicine, that makes $2 long rest{|s} on average.", dec(halved.f()), dec(withMed.f()), rules.treatment())))
		ans = say("$1 Avec la médecine, réussie dans **$2** des cas : **$3 repos long{|s}** en moyenne.", "$1 With medicine, which succeeds **$2** of the time: **$3 long rest{|s}** on average.", ans, pct(p.f()), dec(withMed.f()))
	}
	if hasQueue {
		healed := make([]any, len(queue))
		total := 0
		for i, q := range queue {
			total += q
			healed[i] = f(total)
		}
		out["healed_after"] = healed
		exp := float64(total) + expected.f()
		out["new_wound_healed_after"] = map[string]any{
			"min": f(total + 1 + add), "max": f(total + s + add), "expected": exp,
		}
		if len(queue) == 0 {
			steps = append(steps, step(docHeroes, "wounds", say(
				"Aucune autre blessure n’attend : la nouvelle commence à guérir tout de suite.",
				"No other wound is waiting: the new one starts healing at once.")))
		} else {
			steps = append(steps, step(docHeroes, "wounds", say(
				"Les blessures guérissent l’une après l’autre : {1:celle déjà portée demande|les $1 déjà portées demandent} $2 repos long{|s}, puis vient la nouvelle.",
				"Wounds heal one after the other: {1:the one|the $1} already carried {1:needs|need} $2 long rest{|s}, then comes the new one.", len(queue), total)))
			ans = say("$1 Après {2:la blessure déjà portée|les $2 blessures déjà portées}, la nouvelle guérit au bout de **$3 repos long{|s}** en moyenne.",
				"$1 After the {2:wound|$2 wounds} already carried, the new one heals after **$3 long rest{|s}** on average.", ans, len(queue), dec(exp))
		}
	}
	out["steps"] = steps
	out["answer"] = answer(ans)
	return out
}

// singleDie says how the DCs read « (nombre de dés d’arme) » for a
// single die: the parentheses may mean "only when there are several", as
// the rests' formula has it (audit R11).
func (g *WoundsRules) singleDie() words {
	if g.SingleDieCounts == 0 {
		return say("Les DD ajoutent « (nombre de dés d’arme) » seulement pour plusieurs dés, comme la durée (« Si l’arme ou le sort permet de jeter plusieurs dés, la formule devient [dé de dégâts + nombre de dés] ») ; une arme à un dé n’ajoute rien (valeur de lecture wounds.single-die-counts : $1).",
			"The DCs add “(number of weapon dice)” only for several dice, as the healing time does (“If the weapon or spell rolls several dice, the formula becomes [damage die + number of dice]”); a single-die weapon adds nothing (reading value wounds.single-die-counts: $1).", g.SingleDieCounts)
	}
	return say("Les DD ajoutent « (nombre de dés d’arme) » aussi pour un seul dé, qui compte pour $2 ; les parenthèses pourraient vouloir dire « seulement pour plusieurs dés », comme la durée (valeur de lecture wounds.single-die-counts : $1).",
		"The DCs add “(number of weapon dice)” for a single die too, which counts $2; the parentheses could mean “only for several dice”, as for the healing time (reading value wounds.single-die-counts: $1).", g.SingleDieCounts, 1)
}

func mkRatOr(q rat) rat {
	if q.d == 0 {
		return rat{0, 1}
	}
	return q
}

// WoundsRules are the numbers of seed 003, "Subir une blessure": the bases
// of the two Medicine DCs and what a successful Medicine check does to the
// healing time. The rests themselves (1dS, plus N for several dice) are the
// rule's structure, not a number.
type WoundsRules struct {
	MedicineDCBase int // plus the die's highest face and the number of dice
	CareDCBase     int // the nightly care's, likewise
	Divisor        int // a successful Medicine check divides the time by it
	// The text says neither how the divided time rounds nor whether some
	// time remains: readings.
	RoundUp    int // 1 rounds the divided time up, 0 down
	MinTreated int // long rests a treated wound needs at least
	// The damage dice a wound can come from, every other size from the
	// smallest to the largest (d4, d6 … d12): the text names only
	// examples, the weapons' dice are a reading.
	SmallestDie, LargestDie int
	// SingleDieCounts is 1 if the DCs add the number of dice for a
	// single die too (the formula's words, the default), 0 if only for
	// several: the text's « (nombre de dés d’arme) » is a reading.
	SingleDieCounts int
}

func defaultWounds() WoundsRules {
	return WoundsRules{MedicineDCBase: 10, CareDCBase: 8, Divisor: 2, RoundUp: 0, MinTreated: 1, SmallestDie: 4, LargestDie: 12, SingleDieCounts: 1}
}

// dice returns the sides of the damage dice a wound can come from.
func (g *WoundsRules) dice() []int {
	var d []int
	for s := g.SmallestDie; s <= g.LargestDie; s += 2 {
		d = append(d, s)
	}
	return d
}

// woundsSpecs are the values of WoundsRules that content declares.
var woundsSpecs = []Spec{
	{Key: "wounds.medicine-dc-base", Kind: Whole, Fr: "base du DD du test de Médecine qui soigne une blessure", En: "base of the DC of the Medicine check that treats a wound",
		Min: 0, Max: 40, Doc: docHeroes, Section: "wounds", Calcs: []string{"wounds"}, field: func(r *Rules) *int { return &r.Wounds.MedicineDCBase }},
	{Key: "wounds.care-dc-base", Kind: Whole, Fr: "base du DD des soins du soir", En: "base of the nightly care DC",
		Min: 0, Max: 40, Doc: docHeroes, Section: "wounds", Calcs: []string{"wounds"}, field: func(r *Rules) *int { return &r.Wounds.CareDCBase }},
	{Key: "wounds.medicine-divisor", Kind: Whole, Fr: "nombre par lequel une médecine réussie divise le temps de guérison", En: "number a successful Medicine check divides the healing time by",
		Min: 1, Max: 10, Doc: docHeroes, Section: "wounds", Calcs: []string{"wounds"}, field: func(r *Rules) *int { return &r.Wounds.Divisor }},
	{Key: "wounds.medicine-round-up", Kind: Whole, Fr: "arrondi du temps que divise la médecine : au supérieur (un) ou à l’inférieur (zéro)", En: "rounding of the time Medicine divides: up (one) or down (zero)",
		Min: 0, Max: 1, Doc: docHeroes, Section: "wounds", Calcs: []string{"wounds"}, Reading: true, field: func(r *Rules) *int { return &r.Wounds.RoundUp }},
	{Key: "wounds.medicine-min", Kind: Whole, Fr: "repos longs que demande au moins une blessure soignée par la médecine", En: "long rests a wound treated with Medicine needs at least",
		Min: 1, Max: 20, Doc: docHeroes, Section: "wounds", Calcs: []string{"wounds"}, Reading: true, field: func(r *Rules) *int { return &r.Wounds.MinTreated }},
	{Key: "wounds.smallest-die", Kind: Dice, Fr: "plus petit dé de dégâts d’une arme", En: "smallest damage die of a weapon",
		Min: 2, Max: 100, Doc: docHeroes, Section: "wounds", Calcs: []string{"wounds"}, Reading: true, field: func(r *Rules) *int { return &r.Wounds.SmallestDie }},
	{Key: "wounds.largest-die", Kind: Dice, Fr: "plus grand dé de dégâts d’une arme", En: "largest damage die of a weapon",
		Min: 2, Max: 100, Doc: docHeroes, Section: "wounds", Calcs: []string{"wounds"}, Reading: true, field: func(r *Rules) *int { return &r.Wounds.LargestDie }},
	{Key: "wounds.single-die-counts", Kind: Whole, Fr: "les DD de Médecine comptent-ils le dé d’une arme à un seul dé : oui (un) ou non (zéro)", En: "do the Medicine DCs count the die of a single-die weapon: yes (one) or no (zero)",
		Min: 0, Max: 1, Doc: docHeroes, Section: "wounds", Calcs: []string{"wounds"}, Reading: true, field: func(r *Rules) *int { return &r.Wounds.SingleDieCounts }},
}

// check refuses damage dice that do not run from the smallest to the
// largest by two faces a step.
func (g *WoundsRules) check(add func(key, fr, en string)) {
	if g.SmallestDie > g.LargestDie || (g.LargestDie-g.SmallestDie)%2 != 0 {
		add("wounds.largest-die", "le plus grand dé de dégâts (d"+itoa(g.LargestDie)+") doit suivre le plus petit (d"+itoa(g.SmallestDie)+") de deux faces en deux faces",
			"the largest damage die (d"+itoa(g.LargestDie)+") must follow the smallest (d"+itoa(g.SmallestDie)+") two faces at a time")
	}
}

// treated returns the long rests of a wound of v rests that a successful
// Medicine check treated.
func (g *WoundsRules) treated(v int) int {
	q := v / g.Divisor
	if g.RoundUp == 1 {
		q = (v + g.Divisor - 1) / g.Divisor
	}
	return max(g.MinTreated, q)
}

// treatment says what a successful Medicine check does to the time, with
// the rounding and the least time the engine reads.
func (g *WoundsRules) treatment() words {
	div := say("divise le temps par $1", "divides the time by $1", g.Divisor)
	if g.Divisor == 2 {
		div = words{"divise le temps par deux", "halves the time"}
	}
	round := words{"arrondi à l’inférieur", "rounded down"}
	if g.RoundUp == 1 {
		round = words{"arrondi au supérieur", "rounded up"}
	}
	return say("$1, $2, avec au moins $3 repos", "$1, $2, to at least $3 rest{|s}", div, round, g.MinTreated)
}
