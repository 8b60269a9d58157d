package engine

import "math"

// Casting and study: seed 004, "Lancement d’un sort", the experience after
// casting and between levels, and "Apprendre un sort en l’étudiant".

var castOutcomes = []string{"flawed", "success", "perfect", "failure", "critical_failure"}

var outcomeFr = map[string]string{
	"flawed": "lancé mais pas exactement comme souhaité", "success": "lancé avec succès", "perfect": "lancé parfaitement",
	"failure": "échec", "critical_failure": "échec critique",
}

var outcomeEn = map[string]string{
	"flawed": "cast but not exactly as wished", "success": "cast", "perfect": "cast perfectly",
	"failure": "failure", "critical_failure": "critical failure",
}

// castXP is the experience gained after a cast of each outcome.
var castXP = map[string]int{"flawed": 3, "success": 3, "perfect": 5, "failure": 1, "critical_failure": 1}

// levelCost is the experience from apprenticeship level i to i+1, times the
// spell's difficulty.
var levelCost = map[int]int{1: 10, 2: 25, 3: 50, 4: 100}

// castResult is the casting roll's result for one face of the d12.
func castResult(face, magic, mod int) int { return face - magic/2 + mod }

// castOutcome reads one face of the d12. With the modified reading every case
// is read on the result; with the natural one the 1 and the 12 are the die's
// own faces.
func castOutcome(face, magic, appr, mod int, natural bool) string {
	res := castResult(face, magic, mod)
	if natural {
		if face == 1 {
			return "flawed"
		}
		if face == 12 {
			return "critical_failure"
		}
	} else {
		if res == 1 {
			return "flawed"
		}
		if res >= 12 {
			return "critical_failure"
		}
	}
	switch {
	case res < 2*appr:
		return "success"
	case res == 2*appr:
		return "perfect"
	}
	return "failure"
}

func runCasting(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "magic", "apprenticeship", "difficulty", "xp", "modifier", "reading")
	magic := r.reqInt(in, "", "magic", 0, 40)
	appr := r.reqInt(in, "", "apprenticeship", 1, 5)
	diff, hasDiff := r.optInt(in, "", "difficulty", 1, 5, 0)
	xp, hasXP := r.optInt(in, "", "xp", 0, 100000, 0)
	mod, _ := r.optInt(in, "", "modifier", -3, 3, 0)
	rd, hasReading := r.optEnum(in, "", "reading", []string{"modified", "natural"})
	if !hasReading {
		rd = "modified"
	}
	if r.err == nil && hasXP && !hasDiff {
		r.require("difficulty", "xp", intDesc(1, 5))
	}
	if r.err != nil {
		return nil
	}
	natural := rd == "natural"
	counts := map[string]int{}
	for face := 1; face <= 12; face++ {
		counts[castOutcome(face, magic, appr, mod, natural)]++
	}
	outcomes := map[string]any{}
	for _, o := range castOutcomes {
		put(outcomes, o, mkRat(int64(counts[o]), 12))
	}
	pCast := mkRat(int64(counts["flawed"]+counts["success"]+counts["perfect"]), 12)
	xpSum := 0
	for o, c := range counts {
		xpSum += c * castXP[o]
	}
	expXP := mkRat(int64(xpSum), 12)

	lo, hi := castResult(1, magic, mod), castResult(12, magic, mod)
	modTxt := ""
	if mod != 0 {
		modTxt = " " + signed(mod)
	}
	steps := []any{step(docSpells, "casting",
		"jet : 1d12 − ⌊"+itoa(magic)+"/2⌋"+modTxt+" = 1d12"+offset(-magic/2+mod)+", résultats de "+itoa(lo)+" à "+itoa(hi),
		"roll: 1d12 − ⌊"+itoa(magic)+"/2⌋"+modTxt+" = 1d12"+offset(-magic/2+mod)+", results from "+itoa(lo)+" to "+itoa(hi))}
	if natural {
		steps = append(steps, step(docSpells, "casting",
			"lecture naturelle : le 1 et le 12 sont les faces du dé ; sinon résultat < "+itoa(2*appr)+" (2 × apprentissage) : succès, = : parfait, > : échec",
			"natural reading: the 1 and the 12 are the die's faces; otherwise result < "+itoa(2*appr)+" (2 × apprenticeship): cast, =: perfect, >: failure"))
	} else {
		steps = append(steps, step(docSpells, "casting",
			"lecture sur le résultat : 1 → lancé imparfait ; < "+itoa(2*appr)+" (2 × apprentissage) → succès ; = → parfait ; > → échec ; 12 ou plus → échec critique",
			"reading on the result: 1 → flawed; < "+itoa(2*appr)+" (2 × apprenticeship) → cast; = → perfect; > → failure; 12 or more → critical failure"))
	}
	for _, o := range castOutcomes {
		if counts[o] == 0 {
			continue
		}
		var faces []int
		for face := 1; face <= 12; face++ {
			if castOutcome(face, magic, appr, mod, natural) == o {
				faces = append(faces, face)
			}
		}
		p := mkRat(int64(counts[o]), 12)
		steps = append(steps, step(docSpells, "casting",
			outcomeFr[o]+" : dé "+facesText(faces, "à")+", p = "+pFr(p),
			outcomeEn[o]+": die "+facesText(faces, "to")+", p = "+pEn(p)))
	}
	steps = append(steps, step(docSpells, "experience",
		"expérience par lancer : échec 1, lancé 3, parfait 5 ; espérance "+pFr(expXP),
		"experience per cast: failure 1, cast 3, perfect 5; expectation "+pEn(expXP)))
	out := map[string]any{
		"outcomes":     outcomes,
		"expected_xp":  expXP.f(),
		"result_min":   f(lo),
		"result_max":   f(hi),
		"reading_used": rd,
	}
	put(out, "p_cast", pCast)
	if natural {
		out["reading"] = reading(
			"Lecture naturelle : le 1 (lancé imparfait) et le 12 (échec critique) sont les faces du dé ; les autres cas se lisent sur le résultat modifié.",
			"Natural reading: the 1 (flawed cast) and the 12 (critical failure) are the die's own faces; the other cases are read on the modified result.")
	} else {
		out["reading"] = reading(
			"Lecture sur le résultat modifié (par défaut) : tous les cas de la liste, y compris le 1 et le 12, se lisent sur 1d12 − ⌊magie/2⌋ (+ modificateur).",
			"Reading on the modified result (default): every case of the list, the 1 and the 12 included, is read on 1d12 − ⌊magic/2⌋ (+ modifier).")
	}
	if hasDiff {
		if appr == 5 {
			out["xp_to_next"] = nil
			out["expected_casts_to_next"] = nil
			steps = append(steps, step(docSpells, "experience",
				"apprentissage 5 : le sort est parfaitement maîtrisé, il n’y a pas de niveau suivant",
				"apprenticeship 5: the spell is fully mastered, there is no next level"))
		} else {
			cost := levelCost[appr] * diff
			need := max(cost-xp, 0)
			e := expectedCasts(need, counts)
			out["xp_to_next"] = f(need)
			out["expected_casts_to_next"] = e
			steps = append(steps, step(docSpells, "experience",
				"niveau "+itoa(appr)+" → "+itoa(appr+1)+" : "+itoa(levelCost[appr])+" × difficulté "+itoa(diff)+" = "+itoa(cost)+" xp, moins "+itoa(xp)+" déjà acquis : "+itoa(need),
				"level "+itoa(appr)+" → "+itoa(appr+1)+": "+itoa(levelCost[appr])+" × difficulty "+itoa(diff)+" = "+itoa(cost)+" xp, less "+itoa(xp)+" already held: "+itoa(need)))
			steps = append(steps, step(docSpells, "experience",
				"nombre moyen de lancers pour atteindre "+itoa(need)+" xp (calcul exact, gain 1, 3 ou 5 par lancer) : "+numFr(e)+" ; l’xp en trop reste acquise pour le niveau suivant",
				"mean number of casts to reach "+itoa(need)+" xp (exact, gaining 1, 3 or 5 a cast): "+numEn(e)+"; the xp over the cost carries over"))
		}
	}
	out["steps"] = steps
	return out
}

// expectedCasts is the exact expected number of casts to gather need xp:
// E[k] = 1 + Σ p(gain) E[k − gain], E[k ≤ 0] = 0.
func expectedCasts(need int, counts map[string]int) float64 {
	var gain [6]float64
	for o, c := range counts {
		gain[castXP[o]] += float64(c) / 12
	}
	e := make([]float64, need+1)
	for k := 1; k <= need; k++ {
		v := 1.0
		for g := 1; g <= 5; g++ {
			if gain[g] > 0 && k-g > 0 {
				v += gain[g] * e[k-g]
			}
		}
		e[k] = v
	}
	return e[need]
}

// facesText writes a set of faces as ranges: "1", "3 to 5", "1, 4 to 9".
func facesText(faces []int, to string) string {
	s := ""
	for i := 0; i < len(faces); {
		j := i
		for j+1 < len(faces) && faces[j+1] == faces[j]+1 {
			j++
		}
		if s != "" {
			s += ", "
		}
		if j == i {
			s += itoa(faces[i])
		} else {
			s += itoa(faces[i]) + " " + to + " " + itoa(faces[j])
		}
		i = j + 1
	}
	return s
}

// studyTotal is the experience for completing 1 to 6 hours of study.
var studyTotal = []int{0, 5, 12, 25, 55, 125, 300}

// studyTests is the number of tests in hour h: a comprehension and a
// resolution test in hour 1, h resolution tests in hour h ≥ 2.
func studyTests(h int) int {
	if h == 1 {
		return 2
	}
	return h
}

func runStudy(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "hours", "p_test")
	hours := r.reqInt(in, "", "hours", 1, 6)
	p := r.reqNum(in, "", "p_test", 0, 1)
	if r.err != nil {
		return nil
	}
	var dist []any
	var steps []any
	expected := 0.0
	before := 0 // tests passed before the current hour
	for h := 1; h <= hours; h++ {
		n := studyTests(h)
		reach := math.Pow(p, float64(before))
		fail := reach * (1 - math.Pow(p, float64(n)))
		xp := (studyTotal[h-1] + 1) / 2
		expected += fail * float64(xp)
		dist = append(dist, map[string]any{"xp": f(xp), "p": fail, "failed_in_hour": f(h)})
		if h == 1 {
			steps = append(steps, step(docSpells, "study",
				"heure 1 : test de compréhension puis de résolution ; un échec ne rapporte rien (p = "+numFr(fail)+")",
				"hour 1: a comprehension then a resolution test; a failure gives nothing (p = "+numEn(fail)+")"))
		} else {
			steps = append(steps, step(docSpells, "study",
				"heure "+itoa(h)+" : "+itoa(n)+" tests de résolution ; un échec donne ⌈"+itoa(studyTotal[h-1])+"/2⌉ = "+itoa(xp)+" xp (p = "+numFr(fail)+")",
				"hour "+itoa(h)+": "+itoa(n)+" resolution tests; a failure gives ⌈"+itoa(studyTotal[h-1])+"/2⌉ = "+itoa(xp)+" xp (p = "+numEn(fail)+")"))
		}
		before += n
	}
	done := math.Pow(p, float64(before))
	best := studyTotal[hours]
	expected += done * float64(best)
	dist = append(dist, map[string]any{"xp": f(best), "p": done, "failed_in_hour": nil})
	steps = append(steps, step(docSpells, "study",
		itoa(hours)+" heure(s) réussies : "+itoa(before)+" tests, p = "+numFr(p)+"^"+itoa(before)+" = "+numFr(done)+", "+itoa(best)+" xp ; espérance "+numFr(expected)+" xp",
		itoa(hours)+" hour(s) completed: "+itoa(before)+" tests, p = "+numEn(p)+"^"+itoa(before)+" = "+numEn(done)+", "+itoa(best)+" xp; expectation "+numEn(expected)+" xp"))
	return map[string]any{
		"distribution": dist,
		"expected_xp":  expected,
		"best_xp":      f(best),
		"tests":        f(before),
		"p_complete":   done,
		"steps":        steps,
		"reading": reading(
			"Le premier test échoué pendant l’heure h arrête l’étude avec la moitié du total de l’heure h − 1, arrondie au supérieur (comme les 13 xp de l’exemple des règles) ; rien pour un échec pendant l’heure 1. Les tests sont indépendants, de même chance.",
			"The first failed test during hour h ends the study with half the total of hour h − 1, rounded up (as the 13 xp of the rules' example); nothing for a failure during hour 1. Tests are independent, with the same chance."),
	}
}
