package engine

// Wounds: seed 003, "Subir une blessure" (long rests to heal, medicine,
// nightly care, wounds healing one after the other).

var woundDice = []int{4, 6, 8, 10, 12}

const maxQueue = 50

func runWounds(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "dice", "die", "medicine_bonus", "queue")
	n := r.reqInt(in, "", "dice", 1, 20)
	s := r.reqIntIn(in, "", "die", woundDice)
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
	formula := "1d" + itoa(s)
	if n > 1 {
		add = n
		formula += "+" + itoa(n)
	}
	weapon := itoa(n) + "d" + itoa(s)
	steps := []any{step(docHeroes, "wounds",
		"dés de l’arme "+weapon+" : la blessure guérit en "+formula+" repos longs ("+itoa(1+add)+" à "+itoa(s+add)+")",
		"weapon dice "+weapon+": the wound heals in "+formula+" long rests ("+itoa(1+add)+" to "+itoa(s+add)+")")}
	each := mkRat(1, int64(s))
	rests := make([]any, 0, s)
	sum, halfSum := 0, 0
	for face := 1; face <= s; face++ {
		v := face + add
		sum += v
		halfSum += max(1, v/2)
		e := map[string]any{"rests": f(v)}
		put(e, "p", each)
		rests = append(rests, e)
	}
	expected := mkRat(int64(sum), int64(s))
	medDC := 10 + s + n
	careDC := 8 + s + n
	steps = append(steps, step(docHeroes, "wounds",
		"moyenne : "+numFr(expected.f())+" repos longs", "mean: "+numEn(expected.f())+" long rests"))
	steps = append(steps, step(docHeroes, "wounds",
		"DD de Médecine = 10 + "+itoa(s)+" (valeur maximale du dé) + "+itoa(n)+" (nombre de dés) = "+itoa(medDC),
		"Medicine DC = 10 + "+itoa(s)+" (highest face) + "+itoa(n)+" (number of dice) = "+itoa(medDC)))
	steps = append(steps, step(docHeroes, "wounds",
		"DD des soins du soir = 8 + "+itoa(s)+" + "+itoa(n)+" = "+itoa(careDC)+" ; une réussite compte comme un repos long",
		"nightly care DC = 8 + "+itoa(s)+" + "+itoa(n)+" = "+itoa(careDC)+"; a success counts as a long rest"))
	out := map[string]any{
		"rests":           rests,
		"min_rests":       f(1 + add),
		"max_rests":       f(s + add),
		"expected_rests":  expected.f(),
		"medicine_dc":     f(medDC),
		"nightly_care_dc": f(careDC),
		"reading": reading(
			"Un seul dé : 1dS repos longs ; plusieurs dés : 1dS + nombre de dés. Un test est d20 + bonus ≥ DD, sans réussite ni échec automatique. Une médecine réussie divise le temps par deux, arrondi à l’inférieur, au moins 1 repos.",
			"One die: 1dS long rests; several dice: 1dS + number of dice. A check is d20 + bonus ≥ DC, with no automatic success or failure. A successful Medicine check halves the time, rounded down, at least 1 rest."),
	}
	if hasBonus {
		p := d20(bonus, medDC)
		halved := mkRat(int64(halfSum), int64(s))
		withMed := p.mul(halved).add(mkRat(1, 1).sub(p).mul(expected))
		put(out, "p_medicine", p)
		out["expected_rests_with_medicine"] = withMed.f()
		put(out, "p_nightly_care", d20(bonus, careDC))
		dist := make([]any, 0, s+add)
		byRests := map[int]rat{}
		for face := 1; face <= s; face++ {
			v := face + add
			h := max(1, v/2)
			byRests[v] = mkRatOr(byRests[v]).add(mkRat(1, 1).sub(p).mul(each))
			byRests[h] = mkRatOr(byRests[h]).add(p.mul(each))
		}
		for v := 1; v <= s+add; v++ {
			if q, ok := byRests[v]; ok {
				e := map[string]any{"rests": f(v)}
				put(e, "p", q)
				dist = append(dist, e)
			}
		}
		out["rests_with_medicine"] = dist
		steps = append(steps, step(docHeroes, "wounds",
			"test de Médecine d20 "+signed(bonus)+" ≥ "+itoa(medDC)+" : p = "+pFr(p),
			"Medicine check d20 "+signed(bonus)+" ≥ "+itoa(medDC)+": p = "+pEn(p)))
		steps = append(steps, step(docHeroes, "wounds",
			"réussite : temps divisé par deux, arrondi à l’inférieur, au moins 1 (moyenne "+numFr(halved.f())+") ; espérance "+pFr(p)+" × "+numFr(halved.f())+" + "+numFr(1-p.f())+" × "+numFr(expected.f())+" = "+numFr(withMed.f()),
			"success: time halved, rounded down, at least 1 (mean "+numEn(halved.f())+"); expectation "+numEn(p.f())+" × "+numEn(halved.f())+" + "+numEn(1-p.f())+" × "+numEn(expected.f())+" = "+numEn(withMed.f())))
	}
	if hasQueue {
		healed := make([]any, len(queue))
		total := 0
		for i, q := range queue {
			total += q
			healed[i] = f(total)
		}
		out["healed_after"] = healed
		out["new_wound_healed_after"] = map[string]any{
			"min": f(total + 1 + add), "max": f(total + s + add), "expected": float64(total) + expected.f(),
		}
		steps = append(steps, step(docHeroes, "wounds",
			"les blessures guérissent l’une après l’autre : les "+itoa(len(queue))+" déjà portées demandent "+itoa(total)+" repos longs, puis la nouvelle",
			"wounds heal one after the other: the "+itoa(len(queue))+" already carried need "+itoa(total)+" long rests, then the new one"))
	}
	out["steps"] = steps
	return out
}

func mkRatOr(q rat) rat {
	if q.d == 0 {
		return rat{0, 1}
	}
	return q
}
