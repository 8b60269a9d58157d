package engine

import "math"

// Study (study): seed 004, "Apprendre un sort en l’étudiant": the
// experience of hours of study in a row, and what a failure leaves.

// studyHours is the number of rows of the text's study table, the most
// hours of study in a row.
const studyHours = len(StudyRules{}.Total) - 1

// failXP is what a failure during hour h gives: the total of hour h − 1
// divided by the divisor, rounded as the rules read it.
func (s *StudyRules) failXP(h int) int {
	x := s.Total[h-1]
	if s.RoundUp == 1 {
		return (x + s.Divisor - 1) / s.Divisor
	}
	return x / s.Divisor
}

// shareWords names the share of the previous hour's total that a failure
// gives, "la moitié" for the seeds' divisor, and its rounding.
func (s *StudyRules) shareWords() (share, round words) {
	share = words{"la moitié", "half"}
	if s.Divisor != 2 {
		share = say("une part sur $1", "one part in $1", s.Divisor)
	}
	round = words{"au supérieur", "up"}
	if s.RoundUp != 1 {
		round = words{"à l’inférieur", "down"}
	}
	return share, round
}

// studyExampleHour is the hour in which the text's example fails ("à la 4e
// heure"), which the reading note recalls.
const studyExampleHour = 4

func runStudy(r *reader, in map[string]any) map[string]any {
	rules := &r.rules.Study
	in = r.object("", in, "hours", "p_test")
	hours := r.reqInt(in, "", "hours", 1, studyHours)
	p := r.reqNum(in, "", "p_test", 0, 1)
	if r.err != nil {
		return nil
	}
	share, round := rules.shareWords()
	var dist []any
	var steps []any
	expected := 0.0
	before := 0 // tests passed before the current hour
	for h := 1; h <= hours; h++ {
		n := rules.Tests[h]
		reach := math.Pow(p, float64(before))
		fail := reach * (1 - math.Pow(p, float64(n)))
		xp := rules.failXP(h)
		expected += fail * float64(xp)
		dist = append(dist, map[string]any{"xp": f(xp), "p": fail, "failed_in_hour": f(h)})
		if h == 1 {
			steps = append(steps, step(docSpells, "study", say(
				"Heure $1 : un test de compréhension puis un test de résolution. Un échec ici ne rapporte rien, et l’étude s’arrête ainsi dans $2 des cas.",
				"Hour $1: a comprehension test, then a resolution test. Failing here gives nothing, and the study ends this way $2 of the time.", h, pct(fail))))
		} else {
			steps = append(steps, step(docSpells, "study", say(
				"Heure $1 : $2 test{|s} de résolution. Un échec ici rapporte $3 xp, $7 arrondie $8 des $4 xp {5:que vaut l’heure réussie|que valent les $5 heures réussies}, et l’étude s’arrête ainsi dans $6 des cas.",
				"Hour $1: $2 resolution test{|s}. Failing here gives $3 xp, $7, rounded $8, of the $4 xp that {5:the completed hour is|the $5 completed hours are} worth, and the study ends this way $6 of the time.",
				h, n, xp, rules.Total[h-1], h-1, pct(fail), share, round)))
		}
		before += n
	}
	done := math.Pow(p, float64(before))
	best := rules.Total[hours]
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
		"reading": readingOf(say(
			"Le premier test échoué pendant une heure arrête l’étude avec $1 du total de l’heure précédente, arrondie $2 (comme les $3 xp de l’exemple des règles) ; rien pour un échec pendant l’heure $4. Les tests sont indépendants, de même chance.",
			"The first failed test during an hour ends the study with $1 of the total of the previous hour, rounded $2 (as the $3 xp of the rules' example); nothing for a failure during hour $4. Tests are independent, with the same chance.",
			share, round, rules.failXP(studyExampleHour), 1)),
	}
}

// StudyRules are the numbers of seed 004 for studying a spell: the
// experience of each number of hours completed, the tests of each hour, and
// the share of the previous hour's experience that a failure gives.
type StudyRules struct {
	Total [7]int // xp for completing h hours in a row (index h; 0 for none)
	// Tests of hour h (index h): hour 1's are its comprehension and
	// resolution tests, which the text names rather than counts.
	Tests   [7]int
	Divisor int // a failure gives the previous hour's total divided by it
	RoundUp int // 1 when that share is rounded up, 0 when down: the text's example (25 → 13) rounds up
}

func defaultStudy() StudyRules {
	return StudyRules{Total: [7]int{0, 5, 12, 25, 55, 125, 300}, Tests: [7]int{0, 2, 2, 3, 4, 5, 6}, Divisor: 2, RoundUp: 1}
}

// studySpecs are the values of StudyRules that content declares.
var studySpecs = []Spec{
	{Key: "study.xp-hour-1", Kind: Whole, Fr: "expérience de une heure d’étude réussie d’affilée", En: "experience for one hour of study completed in a row",
		Min: 0, Max: 100000, Doc: docSpells, Section: "study", Calcs: []string{"study"}, field: func(r *Rules) *int { return &r.Study.Total[1] }},
	{Key: "study.xp-hour-2", Kind: Whole, Fr: "expérience de deux heures d’étude réussies d’affilée", En: "experience for two hours of study completed in a row",
		Min: 0, Max: 100000, Doc: docSpells, Section: "study", Calcs: []string{"study"}, field: func(r *Rules) *int { return &r.Study.Total[2] }},
	{Key: "study.xp-hour-3", Kind: Whole, Fr: "expérience de trois heures d’étude réussies d’affilée", En: "experience for three hours of study completed in a row",
		Min: 0, Max: 100000, Doc: docSpells, Section: "study", Calcs: []string{"study"}, field: func(r *Rules) *int { return &r.Study.Total[3] }},
	{Key: "study.xp-hour-4", Kind: Whole, Fr: "expérience de quatre heures d’étude réussies d’affilée", En: "experience for four hours of study completed in a row",
		Min: 0, Max: 100000, Doc: docSpells, Section: "study", Calcs: []string{"study"}, field: func(r *Rules) *int { return &r.Study.Total[4] }},
	{Key: "study.xp-hour-5", Kind: Whole, Fr: "expérience de cinq heures d’étude réussies d’affilée", En: "experience for five hours of study completed in a row",
		Min: 0, Max: 100000, Doc: docSpells, Section: "study", Calcs: []string{"study"}, field: func(r *Rules) *int { return &r.Study.Total[5] }},
	{Key: "study.xp-hour-6", Kind: Whole, Fr: "expérience de six heures d’étude réussies d’affilée", En: "experience for six hours of study completed in a row",
		Min: 0, Max: 100000, Doc: docSpells, Section: "study", Calcs: []string{"study"}, field: func(r *Rules) *int { return &r.Study.Total[6] }},
	{Key: "study.tests-hour-2", Kind: Whole, Fr: "tests de résolution de la deuxième heure d’étude", En: "resolution tests of the second hour of study",
		Min: 1, Max: 20, Doc: docSpells, Section: "study", Calcs: []string{"study"}, field: func(r *Rules) *int { return &r.Study.Tests[2] }},
	{Key: "study.tests-hour-3", Kind: Whole, Fr: "tests de résolution de la troisième heure d’étude", En: "resolution tests of the third hour of study",
		Min: 1, Max: 20, Doc: docSpells, Section: "study", Calcs: []string{"study"}, field: func(r *Rules) *int { return &r.Study.Tests[3] }},
	{Key: "study.tests-hour-4", Kind: Whole, Fr: "tests de résolution de la quatrième heure d’étude", En: "resolution tests of the fourth hour of study",
		Min: 1, Max: 20, Doc: docSpells, Section: "study", Calcs: []string{"study"}, field: func(r *Rules) *int { return &r.Study.Tests[4] }},
	{Key: "study.tests-hour-5", Kind: Whole, Fr: "tests de résolution de la cinquième heure d’étude", En: "resolution tests of the fifth hour of study",
		Min: 1, Max: 20, Doc: docSpells, Section: "study", Calcs: []string{"study"}, field: func(r *Rules) *int { return &r.Study.Tests[5] }},
	{Key: "study.tests-hour-6", Kind: Whole, Fr: "tests de résolution de la sixième heure d’étude", En: "resolution tests of the sixth hour of study",
		Min: 1, Max: 20, Doc: docSpells, Section: "study", Calcs: []string{"study"}, field: func(r *Rules) *int { return &r.Study.Tests[6] }},
	{Key: "study.failure-divisor", Kind: Whole, Fr: "diviseur de l’expérience de l’heure précédente après un test échoué", En: "divisor of the previous hour's experience after a failed test",
		Min: 1, Max: 10, Doc: docSpells, Section: "study", Calcs: []string{"study"}, field: func(r *Rules) *int { return &r.Study.Divisor }},
	{Key: "study.round-up", Kind: Whole, Fr: "part d’un échec arrondie au supérieur, comme l’exemple du texte (oui ou non)", En: "share of a failure rounded up, as the text's example (yes or no)",
		Min: 0, Max: 1, Doc: docSpells, Section: "study", Calcs: []string{"study"}, Reading: true, field: func(r *Rules) *int { return &r.Study.RoundUp }},
}

func (g *StudyRules) check(add func(key, fr, en string)) {}
