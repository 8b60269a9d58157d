package engine

// Dying magic: seed 003, "Magie mourante".

func runDyingMagic(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "slot_level", "con_save_bonus", "pact_slot")
	slot := r.reqInt(in, "", "slot_level", 1, 9)
	bonus := r.reqInt(in, "", "con_save_bonus", -5, 20)
	pact := r.optBool(in, "", "pact_slot")
	if r.err != nil {
		return nil
	}
	dc := 6 + slot
	p := d20(bonus, dc)
	required := slot >= 4 && !pact
	exhaustion := 0
	switch {
	case slot >= 8:
		exhaustion = 2
	case slot >= 4:
		exhaustion = 1
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
	case slot < 4:
		steps = append(steps, step(docHeroes, "dying-magic", say(
			"Emplacement de niveau $1 : pas de jet de sauvegarde, il n’en faut qu’à partir du niveau 4 (rituels compris).",
			"Slot level $1: no saving throw, one is needed only from level 4 up (rituals included).", slot)))
		ans = say("**Aucun jet de sauvegarde** : l’emplacement est de niveau $1, sous le niveau 4.", "**No saving throw**: the slot is level $1, below level 4.", slot)
	default:
		steps = append(steps, step(docHeroes, "dying-magic", say(
			"Emplacement de niveau $1, donc 4 ou plus (rituels compris) : jet de sauvegarde de Constitution.",
			"Slot level $1, so 4 or more (rituals included): Constitution saving throw.", slot)))
	}
	if required {
		steps = append(steps, step(docHeroes, "dying-magic", say(
			"Le DD vaut 6 plus le niveau de l’emplacement, soit $1. Avec $2, le d20 l’atteint $3 fois sur 20, soit $4.",
			"The DC is 6 plus the slot level, that is $1. With $2, the d20 reaches it $3 time{|s} out of 20, that is $4.", dc, signed(bonus), faces, pct(p.f()))))
	} else {
		steps = append(steps, step(docHeroes, "dying-magic", say(
			"S’il fallait un jet, son DD serait 6 plus le niveau de l’emplacement, soit $1. Avec $2, le d20 l’atteindrait $3 fois sur 20, soit $4.",
			"Were a save needed, its DC would be 6 plus the slot level, that is $1. With $2, the d20 would reach it $3 time{|s} out of 20, that is $4.", dc, signed(bonus), faces, pct(p.f()))))
	}
	hp := 0
	pExh := rat{0, 1}
	if required {
		hp = 2 * slot
		pExh = mkRat(1, 1).sub(p)
		steps = append(steps, step(docHeroes, "dying-magic", say(
			"En cas d’échec : $1 niveau{|x} de fatigue (1 pour les emplacements de niveau 4 à 7, 2 pour 8 et 9), dont on récupère un par repos court.",
			"On a failure: $1 level{|s} of exhaustion (1 for slot levels 4 to 7, 2 for 8 and 9), one recovered per short rest.", exhaustion)))
		steps = append(steps, step(docHeroes, "dying-magic", say(
			"Au lieu du jet, ou après un échec, on peut perdre $1 points de vie, deux fois le niveau de l’emplacement.",
			"Instead of the save, or after failing it, one may lose $1 hit points, twice the slot level.", hp)))
		ans = say("Jet de sauvegarde de Constitution exigé : **DD $1**, réussi dans **$2** des cas. Sinon, $3 niveau{|x} de fatigue, ou $4 points de vie perdus à la place.",
			"A Constitution save is required: **DC $1**, passed **$2** of the time. Otherwise $3 level{|s} of exhaustion, or $4 hit points lost instead.", dc, pct(p.f()), exhaustion, hp)
	}
	out := map[string]any{
		"save_required":         required,
		"dc":                    f(dc),
		"exhaustion_on_failure": f(exhaustion),
		"hp_cost_instead":       f(hp),
		"expected_exhaustion":   pExh.f() * float64(exhaustion),
		"steps":                 steps,
		"answer":                answer(ans),
		"reading": reading(
			"Le jet de sauvegarde est d20 + bonus ≥ DD, sans réussite ni échec automatique sur 20 ou 1. Sans jet requis, la fatigue et le coût en points de vie ne s’appliquent pas (0).",
			"The saving throw is d20 + bonus ≥ DC, with no automatic success or failure on a 20 or a 1. When no save is needed, the exhaustion and the hit-point cost do not apply (0)."),
	}
	put(out, "p_save", p)
	put(out, "p_exhaustion", pExh)
	if !required {
		out["exhaustion_on_failure"] = f(0)
	}
	return out
}

// DyingMagicRules are the numbers of seed 003, "Magie mourante".
type DyingMagicRules struct{}

func defaultDyingMagic() DyingMagicRules { return DyingMagicRules{} }

// dyingMagicSpecs are the values of DyingMagicRules that content declares.
var dyingMagicSpecs = []Spec{}

func (g *DyingMagicRules) check(add func(key, fr, en string)) {}
