package engine

// Duels: spell-duel follows seed 004, "Spécificité d’un duel"; unarmed-duel
// seed 001, §3.1–3.2; pathfinder-duel seed 002 (duel counter, Table 3-10,
// duel dodge, duel parry).

var (
	elements = []string{"fire", "vine", "water", "neutral"}
	// beats maps each element to the one it dominates; neutral is outside
	// the circle.
	beats     = map[string]string{"fire": "vine", "vine": "water", "water": "fire"}
	elementFr = map[string]string{"fire": "feu", "vine": "vigne", "water": "eau", "neutral": "neutre"}
)

type wizard struct {
	magic, appr int
	element     string
}

func readWizard(r *reader, in map[string]any, key string) wizard {
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
		appr:    r.reqInt(m, key, "apprenticeship", 1, 5),
		element: r.reqEnum(m, key, "element", elements),
	}
}

// duelTest counts the faces of the d12 for which the casting roll, with the
// dominance shift on the die, is at most 2 × apprenticeship.
func duelTest(w wizard, shift int) rat {
	n := 0
	for face := 1; face <= 12; face++ {
		if castResult(face, w.magic, shift) <= 2*w.appr {
			n++
		}
	}
	return mkRat(int64(n), 12)
}

func runSpellDuel(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "a", "b")
	a := readWizard(r, in, "a")
	b := readWizard(r, in, "b")
	if r.err != nil {
		return nil
	}
	var dominant any
	shiftA, shiftB := 0, 0
	var steps []any
	switch {
	case beats[a.element] == b.element:
		dominant, shiftA, shiftB = "a", -1, 1
	case beats[b.element] == a.element:
		dominant, shiftA, shiftB = "b", 1, -1
	}
	if dominant == nil {
		steps = append(steps, step(docSpells, "spell-duel",
			"a ("+elementFr[a.element]+") contre b ("+elementFr[b.element]+") : aucune dominance (même élément ou sort neutre), pas de modificateur",
			"a ("+a.element+") against b ("+b.element+"): no dominance (same element or a neutral spell), no modifier"))
	} else {
		win, lose := a, b
		wn, ln := "a", "b"
		if dominant == "b" {
			win, lose, wn, ln = b, a, "b", "a"
		}
		steps = append(steps, step(docSpells, "spell-duel",
			elementFr[win.element]+" domine "+elementFr[lose.element]+" : "+wn+" a −1 sur le dé, "+ln+" +1",
			win.element+" dominates "+lose.element+": "+wn+" gets −1 on the die, "+ln+" +1"))
	}
	pa, pb := duelTest(a, shiftA), duelTest(b, shiftB)
	for _, x := range []struct {
		name  string
		w     wizard
		shift int
		p     rat
	}{{"a", a, shiftA, pa}, {"b", b, shiftB, pb}} {
		mod := -x.w.magic/2 + x.shift
		steps = append(steps, step(docSpells, "casting",
			"test de "+x.name+" : 1d12"+offset(mod)+" ≤ "+itoa(2*x.w.appr)+" (2 × apprentissage) : p = "+pFr(x.p),
			x.name+"'s test: 1d12"+offset(mod)+" ≤ "+itoa(2*x.w.appr)+" (2 × apprenticeship): p = "+pEn(x.p)))
	}
	one := mkRat(1, 1)
	onlyA := pa.mul(one.sub(pb))
	onlyB := pb.mul(one.sub(pa))
	same := one.sub(onlyA).sub(onlyB)
	aHits, bHits, cancel := onlyA, onlyB, rat{0, 1}
	steps = append(steps, step(docSpells, "spell-duel",
		"seul a réussit : "+pFr(onlyA)+" ; seul b réussit : "+pFr(onlyB)+" ; tous deux ou aucun : "+pFr(same),
		"only a passes: "+pEn(onlyA)+"; only b passes: "+pEn(onlyB)+"; both or neither: "+pEn(same)))
	switch dominant {
	case "a":
		aHits = aHits.add(same)
		steps = append(steps, step(docSpells, "spell-duel",
			"tous deux ou aucun : le sort dominant de a touche", "both or neither: a's dominant spell hits"))
	case "b":
		bHits = bHits.add(same)
		steps = append(steps, step(docSpells, "spell-duel",
			"tous deux ou aucun : le sort dominant de b touche", "both or neither: b's dominant spell hits"))
	default:
		cancel = same
		steps = append(steps, step(docSpells, "spell-duel",
			"tous deux ou aucun, sans dominance : les deux sorts s’annulent", "both or neither, with no dominance: both spells cancel"))
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
		"reading": reading(
			"Le duel suppose les deux sorts lancés avec succès. Le test de magie réussit quand 1d12 − ⌊magie/2⌋ ± 1 est au plus 2 × apprentissage, lu sur le résultat modifié.",
			"The duel assumes both spells were cast. The magic test passes when 1d12 − ⌊magic/2⌋ ± 1 is at most 2 × apprenticeship, read on the modified result."),
	}
}

const maxOpponents = 20

func runUnarmedDuel(r *reader, in map[string]any) map[string]any {
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
		over := att > 3*def
		var steps []any
		if over {
			steps = append(steps, step(docContemporary, "unarmed-combat",
				itoa(att)+" attaquants contre "+itoa(def)+" : plus du triple ("+itoa(3*def)+") ; l’union fait la force, les défenseurs perdent sans duel et passent fatigués",
				itoa(att)+" attackers against "+itoa(def)+": more than three times as many ("+itoa(3*def)+"); strength in numbers, the defenders lose with no duel and become fatigued"))
		} else {
			steps = append(steps, step(docContemporary, "unarmed-combat",
				itoa(att)+" attaquants contre "+itoa(def)+" : pas plus du triple ("+itoa(3*def)+") ; le combat se règle en duels successifs",
				itoa(att)+" attackers against "+itoa(def)+": not more than three times as many ("+itoa(3*def)+"); the fight is settled by successive duels"))
		}
		return map[string]any{
			"overwhelmed": over,
			"steps":       steps,
			"reading": reading(
				"« Plus du triple » est strict : 3 contre 1 se règle en duels, 4 contre 1 submerge. La règle ne vaut qu’à main nue, si personne ne rééquilibre dans les 3 secondes.",
				"\"More than three times\" is strict: 3 against 1 is settled by duels, 4 against 1 overwhelms. The rule holds only unarmed, if nobody evens the odds within 3 seconds."),
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
	steps := []any{step(docContemporary, "unarmed-combat",
		"score de combat : "+itoa(score)+" ; le plus grand score gagne, l’égalité fait perdre les deux",
		"combat score: "+itoa(score)+"; the higher score wins, a tie makes both lose")}
	s := score
	state := "full_health"
	if stun > 0 {
		s = max(score-stun, 0)
		if s == 0 {
			state = "fatigued"
			steps = append(steps, step(docContemporary, "stunning-weapons",
				itoa(stun)+" coup(s) d’arme assommante : score "+itoa(score)+" → 0, fatigué (score de combat 0)",
				itoa(stun)+" stunning blow(s): score "+itoa(score)+" → 0, fatigued (combat score 0)"))
		} else {
			steps = append(steps, step(docContemporary, "stunning-weapons",
				itoa(stun)+" coup(s) d’arme assommante : score "+itoa(score)+" → "+itoa(s),
				itoa(stun)+" stunning blow(s): score "+itoa(score)+" → "+itoa(s)))
		}
	}
	rounds := []any{}
	for i, o := range opps {
		if state == "fatigued" && i == 0 {
			steps = append(steps, step(docContemporary, "health-system",
				"fatigué : il ne peut pas combattre, son score de combat est 0", "fatigued: cannot fight, the combat score is 0"))
		}
		n := itoa(i + 1)
		var res string
		switch {
		case s > o:
			res = "win"
			s--
			steps = append(steps, step(docContemporary, "unarmed-combat",
				"duel "+n+" : "+itoa(s+1)+" contre "+itoa(o)+", gagné ; le vainqueur perd 1 point de combat ("+itoa(s)+")",
				"duel "+n+": "+itoa(s+1)+" against "+itoa(o)+", won; the winner loses 1 combat point ("+itoa(s)+")"))
		case s < o:
			res = "loss"
			state = "fatigued"
			steps = append(steps, step(docContemporary, "unarmed-combat",
				"duel "+n+" : "+itoa(s)+" contre "+itoa(o)+", perdu ; le perdant passe fatigué",
				"duel "+n+": "+itoa(s)+" against "+itoa(o)+", lost; the loser becomes fatigued"))
		default:
			res = "tie"
			state = "fatigued"
			steps = append(steps, step(docContemporary, "unarmed-combat",
				"duel "+n+" : "+itoa(s)+" contre "+itoa(o)+", égalité ; les deux perdent et passent fatigués",
				"duel "+n+": "+itoa(s)+" against "+itoa(o)+", tie; both lose and become fatigued"))
		}
		rounds = append(rounds, map[string]any{"opponent": f(o), "score": f(s), "result": res})
		if res != "win" {
			break
		}
	}
	if len(opps) > 0 && score-stun > 0 {
		steps = append(steps, step(docContemporary, "unarmed-combat",
			"les points de combat perdus reviennent après 10 minutes sans combat",
			"lost combat points come back after 10 minutes without a fight"))
	}
	return map[string]any{
		"rounds":      rounds,
		"final_score": f(s),
		"final_state": state,
		"steps":       steps,
		"reading": reading(
			"Le score d’un tour est celui qui reste après le duel (le vainqueur perd 1 point). Les duels s’arrêtent au premier perdu ou à égalité. Un personnage fatigué (notamment ramené à 0 par des coups assommants) se bat avec un score de 0.",
			"A round's score is what is left after the duel (the winner loses 1 point). The duels stop at the first lost or tied. A fatigued character (in particular one brought to 0 by stunning blows) fights with a score of 0."),
	}
}

var (
	pfModes     = []string{"counter", "parry", "dodge"}
	relations   = []string{"same_spell", "same_school", "different_school"}
	relationMod = map[string]int{"same_spell": 10, "same_school": 2, "different_school": -2}
	relationFr  = map[string]string{"same_spell": "même sort", "same_school": "sort différent de la même école", "different_school": "sort d’une école différente"}
	relationEn  = map[string]string{"same_spell": "same spell", "same_school": "different spell of the same school", "different_school": "spell of a different school"}
	dispels     = []string{"dispel_magic", "greater_dispel"}
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

const pfReading = "Les tests et les jets opposés comparent les totaux seulement (pas de réussite ni d’échec automatique), sauf le jet d’attaque de l’esquive où le 20 naturel touche toujours et le 1 naturel rate toujours."
const pfReadingEn = "Checks and opposed rolls compare totals only (no automatic success or failure), except the attack roll of the dodge, where a natural 20 always hits and a natural 1 always misses."

func pfCounter(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "mode", "spellcraft_bonus", "spell_level", "caster_level", "relation", "slot_level", "dispel", "opponent_caster_level")
	_, hasDispel := r.get(in, "dispel")
	var steps []any
	out := map[string]any{"mode": "counter",
		"reading": reading(pfReading, pfReadingEn)}
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
		dc := 11 + opp
		p := d20(cl, dc)
		name, nameEn := "dissipation de la magie", "dispel magic"
		if dispel == "greater_dispel" {
			name, nameEn = "dissipation suprême", "greater dispel magic"
		}
		steps = append(steps, step(docPathfinder, "duel-counter",
			"contre par "+name+" : pas d’identification du sort, pas de modificateur de la table 3-10",
			"counter with "+nameEn+": no identification of the spell, no Table 3-10 modifier"))
		steps = append(steps, step(docPathfinder, "duel-counter",
			"test de niveau de lanceur d20 + "+itoa(cl)+" ≥ DD 11 + "+itoa(opp)+" = "+itoa(dc)+" : p = "+pFr(p),
			"caster level check d20 + "+itoa(cl)+" ≥ DC 11 + "+itoa(opp)+" = "+itoa(dc)+": p = "+pEn(p)))
		out["identify_dc"] = nil
		put(out, "p_identify", mkRat(1, 1))
		out["counter_dc"] = f(dc)
		out["modifier"] = f(0)
		put(out, "p_counter", p)
		put(out, "p_total", p)
		out["steps"] = steps
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
	idDC := 15 + level
	pID := d20(bonus, idDC)
	mod := relationMod[rel] + (slot - level)
	pC := d20(cl+mod, idDC)
	total := pID.mul(pC)
	steps = append(steps, step(docPathfinder, "duel-counter",
		"identifier le sort : Art de la magie d20 "+signed(bonus)+" ≥ DD 15 + "+itoa(level)+" = "+itoa(idDC)+" : p = "+pFr(pID),
		"identify the spell: Spellcraft d20 "+signed(bonus)+" ≥ DC 15 + "+itoa(level)+" = "+itoa(idDC)+": p = "+pEn(pID)))
	steps = append(steps, step(docPathfinder, "table-3-10",
		relationFr[rel]+" : "+signed(relationMod[rel])+" ; emplacement "+itoa(slot)+" pour un sort de niveau "+itoa(level)+" : "+signed(slot-level)+" ; modificateur "+signed(mod),
		relationEn[rel]+": "+signed(relationMod[rel])+"; slot "+itoa(slot)+" for a level "+itoa(level)+" spell: "+signed(slot-level)+"; modifier "+signed(mod)))
	steps = append(steps, step(docPathfinder, "duel-counter",
		"contre : d20 + "+itoa(cl)+" (niveau de lanceur) "+signed(mod)+" ≥ DD "+itoa(idDC)+" : p = "+pFr(pC),
		"counter: d20 + "+itoa(cl)+" (caster level) "+signed(mod)+" ≥ DC "+itoa(idDC)+": p = "+pEn(pC)))
	steps = append(steps, step(docPathfinder, "duel-counter",
		"identifier puis contrer : "+numFr(pID.f())+" × "+numFr(pC.f())+" = "+numFr(total.f()),
		"identify then counter: "+numEn(pID.f())+" × "+numEn(pC.f())+" = "+numEn(total.f())))
	out["identify_dc"] = f(idDC)
	put(out, "p_identify", pID)
	out["counter_dc"] = f(idDC)
	out["modifier"] = f(mod)
	put(out, "p_counter", pC)
	put(out, "p_total", total)
	out["steps"] = steps
	return out
}

func pfParry(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "mode", "bab", "unarmed", "attack_bonus")
	bab := r.reqInt(in, "", "bab", 0, 20)
	unarmed := r.optBool(in, "", "unarmed")
	atk := r.reqInt(in, "", "attack_bonus", -10, 50)
	if r.err != nil {
		return nil
	}
	parry := bab - 5
	if unarmed {
		parry -= 2
	}
	n := 0
	for mine := 1; mine <= 20; mine++ {
		for theirs := 1; theirs <= 20; theirs++ {
			if mine+parry >= theirs+atk {
				n++
			}
		}
	}
	p := mkRat(int64(n), 400)
	un, unEn := "", ""
	if unarmed {
		un, unEn = " − 2 (à mains nues)", " − 2 (unarmed)"
	}
	steps := []any{
		step(docPathfinder, "duel-parry",
			"jet de parade : d20 + "+itoa(bab)+" (BBA) − 5"+un+" = d20 "+signed(parry),
			"parry roll: d20 + "+itoa(bab)+" (BAB) − 5"+unEn+" = d20 "+signed(parry)),
		step(docPathfinder, "duel-parry",
			"la parade réussit si elle égale ou dépasse l’attaque d20 "+signed(atk)+" : "+itoa(n)+" cas sur 400, p = "+pFr(p),
			"the parry succeeds if it equals or beats the attack d20 "+signed(atk)+": "+itoa(n)+" cases out of 400, p = "+pEn(p)),
	}
	out := map[string]any{"mode": "parry", "parry_bonus": f(parry), "steps": steps,
		"reading": reading(pfReading, pfReadingEn)}
	put(out, "p_parry", p)
	return out
}

// attackHits counts the faces of a d20 that hit: a natural 20 always hits,
// a natural 1 always misses.
func attackHits(atk, ac int) rat {
	n := 0
	for face := 1; face <= 20; face++ {
		if face == 20 || face != 1 && face+atk >= ac {
			n++
		}
	}
	return mkRat(int64(n), 20)
}

func pfDodge(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "mode", "attack_bonus", "ac")
	atk := r.reqInt(in, "", "attack_bonus", -10, 50)
	ac := r.reqInt(in, "", "ac", 1, 60)
	if r.err != nil {
		return nil
	}
	p := attackHits(atk, ac)
	pd := attackHits(atk, ac+4)
	steps := []any{
		step(docPathfinder, "duel-dodge",
			"attaque d20 "+signed(atk)+" contre CA "+itoa(ac)+" (20 naturel touche, 1 naturel rate) : p = "+pFr(p),
			"attack d20 "+signed(atk)+" against AC "+itoa(ac)+" (natural 20 hits, natural 1 misses): p = "+pEn(p)),
		step(docPathfinder, "duel-dodge",
			"esquive de duel : +4 à la CA ("+itoa(ac+4)+") pour cette attaque : p = "+pFr(pd)+" ; ensuite −2 à la CA jusqu’au prochain tour",
			"duel dodge: +4 AC ("+itoa(ac+4)+") against this attack: p = "+pEn(pd)+"; then −2 AC until the next turn"),
	}
	out := map[string]any{"mode": "dodge", "steps": steps,
		"reading": reading(pfReading, pfReadingEn)}
	put(out, "p_hit", p)
	put(out, "p_hit_dodging", pd)
	return out
}
