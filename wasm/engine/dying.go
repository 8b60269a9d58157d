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
	var steps []any
	switch {
	case pact:
		steps = append(steps, step(docHeroes, "dying-magic",
			"emplacement de pacte du sorcier : pas de jet de sauvegarde (seul son Arcanum mystique en demande un)",
			"a warlock's own pact slot: no saving throw (only the mystic arcanum needs one)"))
	case slot < 4:
		steps = append(steps, step(docHeroes, "dying-magic",
			"emplacement de niveau "+itoa(slot)+" : pas de jet de sauvegarde (niveau 4 ou plus, rituels compris)",
			"slot level "+itoa(slot)+": no saving throw (level 4 or more, rituals included)"))
	default:
		steps = append(steps, step(docHeroes, "dying-magic",
			"emplacement de niveau "+itoa(slot)+" (4 ou plus, rituels compris) : jet de sauvegarde de Constitution",
			"slot level "+itoa(slot)+" (4 or more, rituals included): Constitution saving throw"))
	}
	steps = append(steps, step(docHeroes, "dying-magic",
		"DD = 6 + "+itoa(slot)+" = "+itoa(dc)+" ; d20 "+signed(bonus)+" ≥ "+itoa(dc)+" : p = "+pFr(p),
		"DC = 6 + "+itoa(slot)+" = "+itoa(dc)+"; d20 "+signed(bonus)+" ≥ "+itoa(dc)+": p = "+pEn(p)))
	hp := 0
	pExh := rat{0, 1}
	if required {
		hp = 2 * slot
		pExh = mkRat(1, 1).sub(p)
		steps = append(steps, step(docHeroes, "dying-magic",
			"échec : "+itoa(exhaustion)+" niveau(x) de fatigue (1 pour les niveaux 4 à 7, 2 pour 8 et 9), récupérés un par repos court",
			"failure: "+itoa(exhaustion)+" level(s) of exhaustion (1 for levels 4 to 7, 2 for 8 and 9), one recovered per short rest"))
		steps = append(steps, step(docHeroes, "dying-magic",
			"ou, au lieu du jet ou après un échec : perdre 2 × "+itoa(slot)+" = "+itoa(hp)+" points de vie",
			"or, instead of the save or after failing it: lose 2 × "+itoa(slot)+" = "+itoa(hp)+" hit points"))
	}
	out := map[string]any{
		"save_required":         required,
		"dc":                    f(dc),
		"exhaustion_on_failure": f(exhaustion),
		"hp_cost_instead":       f(hp),
		"expected_exhaustion":   pExh.f() * float64(exhaustion),
		"steps":                 steps,
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
