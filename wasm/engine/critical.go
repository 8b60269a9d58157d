package engine

// Critical successes and failures: seed 003, "Réussites et échecs critiques",
// with the note on 19–20 ranges.

// attackKind classifies one face of the d20.
func attackKind(face, atk, ac, low int) string {
	total := face + atk
	margin := 10
	if low == 19 {
		margin = 9
	}
	switch {
	case face == 1:
		return "critical_failure"
	case face >= low, total >= ac+margin:
		return "critical"
	case total <= ac-10:
		return "critical_failure"
	case total >= ac:
		return "hit"
	}
	return "miss"
}

func runCritical(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "attack_bonus", "ac", "crit_range")
	atk := r.reqInt(in, "", "attack_bonus", -10, 30)
	ac := r.reqInt(in, "", "ac", 1, 40)
	low := 20
	if v, ok := r.get(in, "crit_range"); ok {
		low = r.asIntIn("crit_range", v, []int{20, 19})
	}
	if r.err != nil {
		return nil
	}
	counts := map[string]int{}
	faces := map[string][]int{}
	for face := 1; face <= 20; face++ {
		k := attackKind(face, atk, ac, low)
		counts[k]++
		faces[k] = append(faces[k], face)
	}
	pHit := mkRat(int64(counts["critical"]+counts["hit"]), 20)
	pCrit := mkRat(int64(counts["critical"]), 20)
	pFail := mkRat(int64(counts["critical_failure"]), 20)
	margin := 10
	rangeFr, rangeEn := "20 naturel", "natural 20"
	if low == 19 {
		margin = 9
		rangeFr, rangeEn = "19–20 naturel", "natural 19–20"
	}
	steps := []any{
		step(docHeroes, "criticals",
			"1 naturel : toujours un échec, compté comme échec critique ; "+rangeFr+" : réussite critique",
			"natural 1: always a failure, counted as a critical failure; "+rangeEn+": critical success"),
		step(docHeroes, "criticals",
			"touche si d20 "+signed(atk)+" ≥ CA "+itoa(ac)+" ; réussite critique si le total atteint CA + "+itoa(margin)+" = "+itoa(ac+margin)+" ; échec critique s’il est au plus CA − 10 = "+itoa(ac-10),
			"hits if d20 "+signed(atk)+" ≥ AC "+itoa(ac)+"; critical success if the total reaches AC + "+itoa(margin)+" = "+itoa(ac+margin)+"; critical failure if it is at most AC − 10 = "+itoa(ac-10)),
	}
	names := []struct{ key, fr, en string }{
		{"critical", "réussite critique", "critical success"},
		{"hit", "touche", "hit"},
		{"miss", "raté", "miss"},
		{"critical_failure", "échec critique (attaque d’opportunité possible)", "critical failure (opportunity attack possible)"},
	}
	outcomes := map[string]any{}
	for _, n := range names {
		p := mkRat(int64(counts[n.key]), 20)
		put(outcomes, n.key, p)
		if counts[n.key] > 0 {
			steps = append(steps, step(docHeroes, "criticals",
				n.fr+" : dé "+facesText(faces[n.key], "à")+", p = "+pFr(p),
				n.en+": die "+facesText(faces[n.key], "to")+", p = "+pEn(p)))
		}
	}
	out := map[string]any{
		"outcomes": outcomes,
		"steps":    steps,
		"reading": reading(
			"Le 1 naturel rate toujours et compte comme échec critique ; le 20 naturel (ou 19–20) est une réussite critique même si le total serait 10 sous la CA. La réussite critique compte comme touche.",
			"A natural 1 always misses and counts as a critical failure; a natural 20 (or 19–20) is a critical success even if the total would be 10 below the AC. A critical success counts as a hit."),
	}
	put(out, "p_hit", pHit)
	put(out, "p_critical", pCrit)
	put(out, "p_critical_failure", pFail)
	return out
}
