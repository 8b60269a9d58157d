package engine

// Dying magic: seed 003, "Magie mourante".

// slotLevelBound bounds the slot levels content may declare: the text
// states the highest (dying-magic.top-level, 9), this only keeps a typo
// from asking for a hundred levels.
const slotLevelBound = 20

func runDyingMagic(r *reader, in map[string]any) map[string]any {
	rules := &r.rules.DyingMagic
	in = r.object("", in, "slot_level", "con_save_bonus", "pact_slot")
	slot := r.reqInt(in, "", "slot_level", 1, rules.TopLevel)
	bonus := r.reqInt(in, "", "con_save_bonus", -5, 20)
	pact := r.optBool(in, "", "pact_slot")
	if r.err != nil {
		return nil
	}
	dc := rules.DCBase + slot
	p := d20(bonus, dc)
	if rules.NaturalOneFails == 1 && bonus+1 >= dc {
		// « un résultat de 1 est toujours un échec », read as holding for
		// this save too: the 1 fails whatever the bonus.
		p = mkRat(d20Sides-1, d20Sides)
	}
	required := slot >= rules.Threshold && !pact
	exhaustion := 0
	switch {
	case slot >= rules.HighLevel:
		exhaustion = rules.ExhaustionHigh
	case slot >= rules.Threshold && slot <= rules.LowTop:
		exhaustion = rules.ExhaustionLow
	}
	faces := faces20(p)
	var steps []any
	var ans words
	switch {
	case pact:
		steps = append(steps, step(docHeroes, "dying-magic", say(
			"Emplacement de pacte du sorcier : pas de jet de sauvegarde (seul son Arcanum mystique en demande un).",
			"A warlock’s own pact slot: no saving throw (only the mystic arcanum needs one).")))
		ans = say("**Aucun jet de sauvegarde** : c’est un emplacement de pacte.", "**No saving throw**: it is a pact slot.")
	case slot < rules.Threshold:
		steps = append(steps, step(docHeroes, "dying-magic", say(
			"Emplacement de niveau $1 : pas de jet de sauvegarde, il n’en faut qu’à partir du niveau $2 (rituels compris).",
			"Slot level $1: no saving throw, one is needed only from level $2 up (rituals included).", slot, rules.Threshold)))
		ans = say("**Aucun jet de sauvegarde** : l’emplacement est de niveau $1, sous le niveau $2.", "**No saving throw**: the slot is level $1, below level $2.", slot, rules.Threshold)
	default:
		steps = append(steps, step(docHeroes, "dying-magic", say(
			"Emplacement de niveau $1, donc $2 ou plus (rituels compris) : jet de sauvegarde de Constitution.",
			"Slot level $1, so $2 or more (rituals included): Constitution saving throw.", slot, rules.Threshold)))
	}
	if required {
		steps = append(steps, step(docHeroes, "dying-magic", say(
			"Le DD vaut $5 plus le niveau de l’emplacement, soit $1. Avec $2, le d$6 l’atteint $3 fois sur $6, soit $4.",
			"The DC is $5 plus the slot level, that is $1. With $2, the d$6 reaches it $3 time{3:|s} out of $6, that is $4.", dc, signed(bonus), faces, pct(p.f()), rules.DCBase, d20Sides)))
	} else {
		steps = append(steps, step(docHeroes, "dying-magic", say(
			"S’il fallait un jet, son DD serait $5 plus le niveau de l’emplacement, soit $1. Avec $2, le d$6 l’atteindrait $3 fois sur $6, soit $4.",
			"Were a save needed, its DC would be $5 plus the slot level, that is $1. With $2, the d$6 would reach it $3 time{3:|s} out of $6, that is $4.", dc, signed(bonus), faces, pct(p.f()), rules.DCBase, d20Sides)))
	}
	hp := 0
	pExh := rat{0, 1}
	if required {
		hp = rules.HPCost * slot
		pExh = mkRat(1, 1).sub(p)
		steps = append(steps, step(docHeroes, "dying-magic", say(
			"En cas d’échec : $1 niveau{1:|x} de fatigue ($2 pour les emplacements de niveau $3, $4 pour $5), dont on récupère un par repos court.",
			"On a failure: $1 level{1:|s} of exhaustion ($2 for slot levels $3, $4 for $5), one recovered per short rest.", exhaustion,
			rules.ExhaustionLow, levelSpan(rules.Threshold, rules.LowTop), rules.ExhaustionHigh, levelSpan(rules.HighLevel, rules.TopLevel))))
		steps = append(steps, step(docHeroes, "dying-magic", say(
			"Au lieu du jet, ou après un échec, on peut perdre $1 points de vie, $2 le niveau de l’emplacement.",
			"Instead of the save, or after failing it, one may lose $1 hit points, $2 the slot level.", hp, timesWords(rules.HPCost))))
		ans = say("Jet de sauvegarde de Constitution exigé : **DD $1**, réussi dans **$2** des cas. Sinon, $3 niveau{3:|x} de fatigue, ou $4 points de vie perdus à la place.",
			"A Constitution save is required: **DC $1**, passed **$2** of the time. Otherwise $3 level{3:|s} of exhaustion, or $4 hit points lost instead.", dc, pct(p.f()), exhaustion, hp)
	}
	out := map[string]any{
		"save_required":         required,
		"dc":                    f(dc),
		"exhaustion_on_failure": f(exhaustion),
		"hp_cost_instead":       f(hp),
		"expected_exhaustion":   pExh.f() * float64(exhaustion),
		"steps":                 steps,
		"answer":                answer(ans),
		"reading": readingOf(say("$1 $2",
			"$1 $2", rules.naturalOne(), say(
				"Sans jet requis, la fatigue et le coût en points de vie ne s’appliquent pas (ils valent zéro). Le texte ne borne pas le niveau d’un emplacement de pacte (« ses emplacements de sorts classiques ») : tout niveau est accepté.",
				"When no save is needed, the exhaustion and the hit-point cost do not apply (they are zero). The text does not bound a pact slot’s level (“their regular spell slots”): any level is accepted."))),
	}
	put(out, "p_save", p)
	put(out, "p_exhaustion", pExh)
	if !required {
		out["exhaustion_on_failure"] = f(0)
	}
	return out
}

// naturalOne says how the save reads « un résultat de 1 est toujours un
// échec », which the same campaign text states in its section on
// criticals, whose rules speak of attack rolls (audit R8).
func (g *DyingMagicRules) naturalOne() words {
	if g.NaturalOneFails == 1 {
		return say("Le jet de sauvegarde est d$1 + bonus ≥ DD, et « un résultat de $2 est toujours un échec » vaut pour lui aussi (valeur de lecture dying-magic.natural-one-fails : $3).",
			"The saving throw is d$1 + bonus ≥ DC, and “a roll of $2 is always a failure” holds for it too (reading value dying-magic.natural-one-fails: $3).", d20Sides, 1, g.NaturalOneFails)
	}
	return say("Le jet de sauvegarde est d$1 + bonus ≥ DD, sans réussite ni échec automatique : « un résultat de $2 est toujours un échec » est lu, comme dans Héros & Dragons, des tests d’attaque dont parle la section des critiques, pas des sauvegardes (valeur de lecture dying-magic.natural-one-fails : $3).",
		"The saving throw is d$1 + bonus ≥ DC, with no automatic success or failure: “a roll of $2 is always a failure” is read, as in Héros & Dragons, of the attack rolls the section on criticals speaks of, not of saves (reading value dying-magic.natural-one-fails: $3).", d20Sides, 1, g.NaturalOneFails)
}

// levelSpan names the slot levels lo to hi: "4 à 7", "8 et 9", "9".
func levelSpan(lo, hi int) words {
	switch {
	case lo == hi:
		return say("$1", "$1", lo)
	case lo+1 == hi:
		return say("$1 et $2", "$1 and $2", lo, hi)
	}
	return say("$1 à $2", "$1 to $2", lo, hi)
}

// timesWords writes "n times" as the rules do, "deux fois" and "twice" for
// the double.
func timesWords(n int) words {
	if n == 2 {
		return words{"deux fois", "twice"}
	}
	return say("$1 fois", "$1 times", n)
}

// DyingMagicRules are the numbers of seed 003, "Magie mourante": from which
// slot level a save is needed, its DC's base, the exhaustion of a failure in
// the two bands of slot levels, and the hit points that replace the save.
type DyingMagicRules struct {
	Threshold     int // the lowest slot level that needs a save
	DCBase        int // plus the slot level
	ExhaustionLow int // levels of exhaustion from Threshold to LowTop
	// LowTop ends the first band and HighLevel starts the second, as the
	// text's "4 à 7" and "8 et 9": both are written, so Check holds them
	// together (the bands meet, with no level in neither or in both).
	LowTop, HighLevel int
	ExhaustionHigh    int // from HighLevel to TopLevel
	HPCost            int // hit points per slot level, instead of the save
	TopLevel          int // the highest spell slot, the "9" of "8 et 9"
	// NaturalOneFails is 1 if a natural 1 fails the save whatever the
	// bonus: a reading of « un résultat de 1 est toujours un échec ».
	NaturalOneFails int
}

func defaultDyingMagic() DyingMagicRules {
	return DyingMagicRules{Threshold: 4, DCBase: 6, ExhaustionLow: 1, LowTop: 7, HighLevel: 8, ExhaustionHigh: 2, HPCost: 2, TopLevel: 9, NaturalOneFails: 0}
}

// dyingMagicSpecs are the values of DyingMagicRules that content declares.
var dyingMagicSpecs = []Spec{
	{Key: "dying-magic.threshold", Kind: Whole, Fr: "niveau d’emplacement à partir duquel la magie mourante demande un jet de sauvegarde", En: "slot level from which dying magic needs a saving throw",
		Min: 1, Max: slotLevelBound, Doc: docHeroes, Section: "dying-magic", Calcs: []string{"dying-magic"}, field: func(r *Rules) *int { return &r.DyingMagic.Threshold }},
	{Key: "dying-magic.dc-base", Kind: Whole, Fr: "base du DD de la sauvegarde de magie mourante", En: "base of the DC of the dying-magic save",
		Min: 0, Max: 40, Doc: docHeroes, Section: "dying-magic", Calcs: []string{"dying-magic"}, field: func(r *Rules) *int { return &r.DyingMagic.DCBase }},
	{Key: "dying-magic.exhaustion-low", Kind: Whole, Fr: "niveaux de fatigue d’un échec avec un emplacement de la première tranche", En: "levels of exhaustion of a failure with a slot of the first band",
		Min: 0, Max: 6, Doc: docHeroes, Section: "dying-magic", Calcs: []string{"dying-magic"}, field: func(r *Rules) *int { return &r.DyingMagic.ExhaustionLow }},
	{Key: "dying-magic.low-top", Kind: Whole, Fr: "niveau d’emplacement le plus haut de la première tranche", En: "highest slot level of the first band",
		Min: 1, Max: slotLevelBound, Doc: docHeroes, Section: "dying-magic", Calcs: []string{"dying-magic"}, With: []string{"dying-magic.high-level"}, field: func(r *Rules) *int { return &r.DyingMagic.LowTop }},
	{Key: "dying-magic.high-level", Kind: Whole, Fr: "niveau d’emplacement à partir duquel un échec coûte plus de fatigue", En: "slot level from which a failure costs more exhaustion",
		Min: 2, Max: slotLevelBound, Doc: docHeroes, Section: "dying-magic", Calcs: []string{"dying-magic"}, With: []string{"dying-magic.low-top"}, field: func(r *Rules) *int { return &r.DyingMagic.HighLevel }},
	{Key: "dying-magic.top-level", Kind: Whole, Fr: "niveau d’emplacement de sort le plus haut", En: "highest spell slot level",
		Min: 1, Max: slotLevelBound, Doc: docHeroes, Section: "dying-magic", Calcs: []string{"dying-magic"}, field: func(r *Rules) *int { return &r.DyingMagic.TopLevel }},
	{Key: "dying-magic.exhaustion-high", Kind: Whole, Fr: "niveaux de fatigue d’un échec avec un emplacement de la seconde tranche", En: "levels of exhaustion of a failure with a slot of the second band",
		Min: 0, Max: 6, Doc: docHeroes, Section: "dying-magic", Calcs: []string{"dying-magic"}, field: func(r *Rules) *int { return &r.DyingMagic.ExhaustionHigh }},
	{Key: "dying-magic.hp-cost", Kind: Times, Fr: "points de vie perdus par niveau d’emplacement au lieu du jet", En: "hit points lost per slot level instead of the save",
		Min: 0, Max: 10, Doc: docHeroes, Section: "dying-magic", Calcs: []string{"dying-magic"}, field: func(r *Rules) *int { return &r.DyingMagic.HPCost }},
	{Key: "dying-magic.natural-one-fails", Kind: Whole, Fr: "le plus petit résultat du dé fait-il toujours échouer la sauvegarde : oui (un) ou non (zéro)", En: "does the die’s lowest roll always fail the save: yes (one) or no (zero)",
		Min: 0, Max: 1, Doc: docHeroes, Section: "criticals", Calcs: []string{"dying-magic"}, Reading: true, field: func(r *Rules) *int { return &r.DyingMagic.NaturalOneFails }},
}

func (g *DyingMagicRules) check(add func(key, fr, en string)) {
	switch {
	case g.Threshold > g.LowTop:
		add("dying-magic.low-top", "la première tranche de la magie mourante (niveaux "+itoa(g.Threshold)+" à "+itoa(g.LowTop)+") doit finir au seuil ou au-dessus",
			"the first band of dying magic (levels "+itoa(g.Threshold)+" to "+itoa(g.LowTop)+") must end at the threshold or above it")
	case g.HighLevel != g.LowTop+1:
		add("dying-magic.high-level", "la seconde tranche de la magie mourante doit commencer juste après la première, qui finit au niveau "+itoa(g.LowTop)+" : au niveau "+itoa(g.LowTop+1)+", pas "+itoa(g.HighLevel),
			"the second band of dying magic must start just after the first, which ends at level "+itoa(g.LowTop)+": at level "+itoa(g.LowTop+1)+", not "+itoa(g.HighLevel))
	case g.HighLevel > g.TopLevel:
		add("dying-magic.high-level", "la seconde tranche de la magie mourante (à partir du niveau "+itoa(g.HighLevel)+") doit commencer au plus haut niveau d’emplacement ("+itoa(g.TopLevel)+") ou en dessous",
			"the second band of dying magic (from level "+itoa(g.HighLevel)+") must start at the highest slot level ("+itoa(g.TopLevel)+") or below")
	}
}
