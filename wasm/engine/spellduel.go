package engine

// The spell duel (spell-duel), seed 004, "Spécificité d’un duel": two
// wizards' magic tests, shifted by the circle of dominance of their elements.

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
