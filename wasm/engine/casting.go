package engine

import "math"

// Casting and study: seed 004, "Lancement d’un sort", the experience after
// casting and between levels, and "Apprendre un sort en l’étudiant".

var castOutcomes = []string{"flawed", "success", "perfect", "failure", "critical_failure"}

// outcomeWords names the outcomes of castOutcomes, at the start of a sentence.
var outcomeWords = []words{
	{"Lancé, mais pas exactement comme souhaité,", "Cast, but not exactly as wished,"}, {"Lancé avec succès", "Cast"},
	{"Lancé parfaitement", "Cast perfectly"}, {"Échec", "Failure"}, {"Échec critique", "Critical failure"},
}

// castXP is the experience gained after a cast of each outcome of castOutcomes.
var castXP = []int{3, 3, 5, 1, 1}

// levelCost is the experience from apprenticeship level i to i+1, times the
// spell's difficulty.
var levelCost = []int{1: 10, 2: 25, 3: 50, 4: 100}

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
	var counts [5]int // by index in castOutcomes
	var faces [5][]int
	for face := 1; face <= 12; face++ {
		o := indexOf(castOutcomes, castOutcome(face, magic, appr, mod, natural))
		counts[o]++
		faces[o] = append(faces[o], face)
	}
	outcomes := map[string]any{}
	xpSum := 0
	for o, name := range castOutcomes {
		put(outcomes, name, mkRat(int64(counts[o]), 12))
		xpSum += counts[o] * castXP[o]
	}
	nCast := counts[0] + counts[1] + counts[2]
	pCast := mkRat(int64(nCast), 12)
	expXP := mkRat(int64(xpSum), 12)

	lo, hi := castResult(1, magic, mod), castResult(12, magic, mod)
	var steps []any
	if mod == 0 {
		steps = append(steps, step(docSpells, "casting", say(
			"On lance 1d12 et on retire $1, la moitié de la magie ($2) arrondie à l’inférieur : le résultat va de $3 à $4.",
			"Roll 1d12 and take away $1, half the magic ($2) rounded down: the result runs from $3 to $4.", magic/2, magic, lo, hi)))
	} else {
		steps = append(steps, step(docSpells, "casting", say(
			"On lance 1d12, on retire $1 (la moitié de la magie, $2, arrondie à l’inférieur) et on ajoute le modificateur $3 : le résultat va de $4 à $5.",
			"Roll 1d12, take away $1 (half the magic, $2, rounded down) and add the modifier $3: the result runs from $4 to $5.", magic/2, magic, signed(mod), lo, hi)))
	}
	if natural {
		steps = append(steps, step(docSpells, "casting", say(
			"Lecture naturelle : un 1 sur le dé donne un sort lancé imparfaitement, un 12 un échec critique. Sinon, un résultat sous $1 (deux fois l’apprentissage) est un succès, $1 tout juste un sort parfait, au-delà un échec.",
			"Natural reading: a 1 on the die gives a flawed cast, a 12 a critical failure. Otherwise a result below $1 (twice the apprenticeship) is a success, exactly $1 a perfect cast, and above it a failure.", 2*appr)))
	} else {
		steps = append(steps, step(docSpells, "casting", say(
			"Lecture sur le résultat : 1 donne un sort lancé imparfaitement, moins de $1 (deux fois l’apprentissage) un succès, $1 tout juste un sort parfait, plus de $1 un échec, et 12 ou plus un échec critique.",
			"Reading on the result: 1 gives a flawed cast, less than $1 (twice the apprenticeship) a success, exactly $1 a perfect cast, more than $1 a failure, and 12 or more a critical failure.", 2*appr)))
	}
	for o := range castOutcomes {
		if counts[o] > 0 {
			steps = append(steps, step(docSpells, "casting", say(
				"$1 sur $2 du dé : $3 face{|s} sur 12, soit $4.",
				"$1 on $2 of the die: $3 face{|s} out of 12, that is $4.", outcomeWords[o], facesText(faces[o]), counts[o], pct(float64(counts[o])/12))))
		}
	}
	steps = append(steps, step(docSpells, "experience", say(
		"Chaque lancer rapporte 1 xp s’il échoue, 3 s’il réussit, 5 s’il est parfait : $1 xp en moyenne par lancer.",
		"Each cast gives 1 xp on a failure, 3 on a success, 5 when perfect: $1 xp a cast on average.", dec(expXP.f()))))
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
	ans := say("Vous lancez le sort **$1 fois sur 12** ($2).", "You cast the spell **$1 time{|s} out of 12** ($2).", nCast, pct(pCast.f()))
	if nCast == 0 {
		ans = say("Vous ne lancez **jamais** le sort (0 %).", "You **never** cast the spell (0%).")
	}
	if hasDiff {
		if appr == 5 {
			out["xp_to_next"] = nil
			out["expected_casts_to_next"] = nil
			steps = append(steps, step(docSpells, "experience", say(
				"Apprentissage 5 : le sort est parfaitement maîtrisé, il n’y a pas de niveau suivant.",
				"Apprenticeship 5: the spell is fully mastered, there is no next level.")))
			ans = say("$1 Le sort est parfaitement maîtrisé.", "$1 The spell is fully mastered.", ans)
		} else {
			cost := levelCost[appr] * diff
			need := max(cost-xp, 0)
			e := expectedCasts(need, counts)
			out["xp_to_next"] = f(need)
			out["expected_casts_to_next"] = e
			cost1 := say("Passer du niveau $1 au niveau $2 coûte $3 xp par point de difficulté, soit $4 xp pour une difficulté $5",
				"Going from level $1 to level $2 costs $3 xp per point of difficulty, $4 xp at difficulty $5", appr, appr+1, levelCost[appr], cost, diff)
			switch {
			case xp == 0:
				cost1 = say("$1.", "$1.", cost1)
			case need == 0:
				cost1 = say("$1 ; les $2 xp déjà acquis suffisent.", "$1; the $2 xp already held are enough.", cost1, xp)
			default:
				cost1 = say("$1 ; avec $2 xp déjà acquis, il en reste $3 à gagner.", "$1; with $2 xp already held, $3 remain to gain.", cost1, xp, need)
			}
			steps = append(steps, step(docSpells, "experience", cost1))
			if need == 0 {
				steps = append(steps, step(docSpells, "experience", say(
					"Aucun lancer de plus n’est nécessaire, et l’xp en trop reste acquise pour le niveau suivant.",
					"No more casts are needed, and the xp beyond the cost carries over to the next level.")))
				ans = say("$1 Vous avez déjà l’expérience du niveau $2.", "$1 You already have the experience for level $2.", ans, appr+1)
			} else {
				steps = append(steps, step(docSpells, "experience", say(
					"Il faut en moyenne $1 lancer{|s} pour gagner ces $2 xp (calcul exact, à 1, 3 ou 5 xp par lancer), et l’xp en trop reste acquise pour le niveau suivant.",
					"It takes $1 cast{|s} on average to gain these $2 xp (exact, at 1, 3 or 5 xp a cast), and the xp beyond the cost carries over to the next level.", dec(e), need)))
				ans = say("$1 Il faut en moyenne **$2 lancer{|s}** pour atteindre le niveau $3.", "$1 It takes **$2 cast{|s}** on average to reach level $3.", ans, dec(e), appr+1)
			}
		}
	}
	out["steps"] = steps
	out["answer"] = answer(ans)
	return out
}

// expectedCasts is the exact expected number of casts to gather need xp:
// E[k] = 1 + Σ p(gain) E[k − gain], E[k ≤ 0] = 0.
func expectedCasts(need int, counts [5]int) float64 {
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

// facesText names a set of die faces, runs of three or more as ranges:
// "la face 3", "les faces 1, 2 et 4 à 9" / "face 3", "faces 1, 2 and 4 to 9".
func facesText(faces []int) words {
	var w words
	for i := 0; i < len(faces); {
		j := i
		for j+1 < len(faces) && faces[j+1] == faces[j]+1 {
			j++
		}
		if j == i+1 {
			j = i // two faces in a row read better as a list
		}
		part := say("$1", "$1", faces[i])
		if j > i {
			part = say("$1 à $2", "$1 to $2", faces[i], faces[j])
		}
		switch {
		case i == 0:
			w = part
		case j+1 == len(faces):
			w = say("$1 et $2", "$1 and $2", w, part)
		default:
			w = say("$1, $2", "$1, $2", w, part)
		}
		i = j + 1
	}
	if len(faces) == 1 {
		return say("la face $1", "face $1", w)
	}
	return say("les faces $1", "faces $1", w)
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
			steps = append(steps, step(docSpells, "study", say(
				"Heure 1 : un test de compréhension puis un test de résolution. Un échec ici ne rapporte rien, et l’étude s’arrête ainsi dans $1 des cas.",
				"Hour 1: a comprehension test, then a resolution test. Failing here gives nothing, and the study ends this way $1 of the time.", pct(fail))))
		} else {
			steps = append(steps, step(docSpells, "study", say(
				"Heure $1 : $2 tests de résolution. Un échec ici rapporte $3 xp, la moitié arrondie au supérieur des $4 xp {5:que vaut l’heure réussie|que valent les $5 heures réussies}, et l’étude s’arrête ainsi dans $6 des cas.",
				"Hour $1: $2 resolution tests. Failing here gives $3 xp, half, rounded up, of the $4 xp that {5:the completed hour is|the $5 completed hours are} worth, and the study ends this way $6 of the time.", h, n, xp, studyTotal[h-1], h-1, pct(fail))))
		}
		before += n
	}
	done := math.Pow(p, float64(before))
	best := studyTotal[hours]
	expected += done * float64(best)
	dist = append(dist, map[string]any{"xp": f(best), "p": done, "failed_in_hour": nil})
	steps = append(steps, step(docSpells, "study", say(
		"Réussir {1:l’heure|les $1 heures}, pour $4 xp, demande $2 tests réussis à la suite, ce qui arrive dans $3 des cas. En moyenne, l’étude rapporte $5 xp.",
		"Completing {1:the hour|the $1 hours}, for $4 xp, takes $2 passed tests in a row, which happens $3 of the time. On average the study gives $5 xp.", hours, before, pct(done), best, dec(expected))))
	ans := say("L’étude rapporte en moyenne **$1 xp**. Vous réussissez {2:l’heure|les $2 heures}, pour $3 xp, dans **$4** des cas.",
		"The study gives **$1 xp** on average. You complete {2:the hour|the $2 hours}, for $3 xp, **$4** of the time.", dec(expected), hours, best, pct(done))
	return map[string]any{
		"distribution": dist,
		"expected_xp":  expected,
		"best_xp":      f(best),
		"tests":        f(before),
		"p_complete":   done,
		"steps":        steps,
		"answer":       answer(ans),
		"reading": reading(
			"Le premier test échoué pendant l’heure h arrête l’étude avec la moitié du total de l’heure h − 1, arrondie au supérieur (comme les 13 xp de l’exemple des règles) ; rien pour un échec pendant l’heure 1. Les tests sont indépendants, de même chance.",
			"The first failed test during hour h ends the study with half the total of hour h − 1, rounded up (as the 13 xp of the rules' example); nothing for a failure during hour 1. Tests are independent, with the same chance."),
	}
}

// CastingRules are the numbers of seed 004, casting a spell and its experience.
type CastingRules struct{}

func defaultCasting() CastingRules { return CastingRules{} }

// castingSpecs are the values of CastingRules that content declares.
var castingSpecs = []Spec{}

func (g *CastingRules) check(add func(key, fr, en string)) {}

// StudyRules are the numbers of seed 004, studying a spell.
type StudyRules struct{}

func defaultStudy() StudyRules { return StudyRules{} }

// studySpecs are the values of StudyRules that content declares.
var studySpecs = []Spec{}

func (g *StudyRules) check(add func(key, fr, en string)) {}
