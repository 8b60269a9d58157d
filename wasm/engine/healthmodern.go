package engine

// The contemporary health timeline (health-modern), seed 001, §2 (health
// states) and its medicine rules (first aid, surgery), run by healthSim.

func runHealthModern(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "state", "events", "until")
	state := r.reqEnum(in, "", "state", modernStates)
	until, _ := r.optInt(in, "", "until", 0, maxMinutes, 240)
	evs := readHealthEvents(r, in, true)
	if r.err != nil {
		return nil
	}
	mh := &r.rules.ModernHealth
	selfCare := say("Personne ne se soigne soi-même : le soin se donne à « la victime », à qui l’on dit l’effet (« ton niveau de santé est maintenant fatigué »)",
		"Nobody treats themselves: the care is given to “the victim”, who is told the effect (“your health level is now fatigued”)")
	if mh.SelfCare == 1 {
		selfCare = say("Un blessé peut se soigner lui-même (valeur de lecture health.self-care)", "A wounded character may treat themselves (reading value health.self-care)")
	}
	s := &healthSim{modern: true, rules: r.rules, until: until, bodyUntil: never}
	s.enter(0, state, "initial", never)
	s.steps = append(s.steps, step(docContemporary, "health-system", say(
		"Au départ, à la minute $2, le personnage est $1.", "At the start, minute $2, the character is $1.", stateWords(state), 0)))
	s.run(evs)
	out := s.output()
	out["reading"] = readingOf(say(
		"Un soin commencé à temps retient, tant qu’il dure, l’aggravation qu’il prévient, et son effet vient à sa fin : le personnage dans le coma « doit se faire soigner » à temps « sous peine de mourir », et une chirurgie commencée avant sa mort le sauve. À la même minute, les soins passent avant les échéances. Un soin qui ne peut pas s’appliquer (refusé, sur un état qu’il ne soigne pas, sur un mort) ne retient rien. Les premiers secours repoussent la prochaine aggravation ($1 en novice, $2 en expert, après la fin du soin) ; répétés, la plus tardive des échéances est gardée. $3 ; dans le coma il est inerte. Le chirurgien novice exige un endroit calme.",
		"A treatment begun in time holds the deterioration it prevents while it lasts, and has its effect at its end: a character in a coma “must get treated” in time “or die”, and a surgery begun before their death saves them. At the same minute, treatments come before timers. A treatment that cannot apply (refused, on a state it does not treat, on the dead) holds nothing. First aid puts off the next deterioration ($1 for a novice, $2 for an expert, after the treatment ends); when repeated, the later deadline is kept. $3; in a coma they are inert. A novice surgeon needs a calm place.",
		lasting(mh.FirstAidNovice, false), lasting(mh.FirstAidExpert, false), selfCare))
	return out
}

// ModernHealthRules are the numbers of seed 001, §2 and medicine: the
// contemporary health timeline, in minutes.
type ModernHealthRules struct {
	Fatigued          int // back to full health after this
	Wounded           int // an untreated wounded character falls into a coma after this
	Coma              int // an untreated character in a coma dies after this
	Corpse            int // the body stays this long
	FirstAid          int
	FirstAidNovice    int // the next deterioration comes this long after a novice's first aid
	FirstAidExpert    int // likewise, an expert's
	SurgeryNovice     int
	SurgeryNoviceRest int // full health not before this long after a novice's surgery
	SurgeryExpert     int
	SurgeryExpertCalm int // an expert's surgery in a calm place
	SurgeryExpertRest int // full health exactly this long after an expert's surgery
	// SelfCare is 1 if a wounded character may give themselves first aid
	// or surgery: a reading, since the text gives the effect to « la
	// victime » (« ton niveau de santé est maintenant fatigué ») without
	// forbidding self-care outright. 0 by default.
	SelfCare int
}

func defaultModernHealth() ModernHealthRules {
	return ModernHealthRules{Fatigued: 10, Wounded: 15, Coma: 15, Corpse: 10, FirstAid: 1, FirstAidNovice: 60, FirstAidExpert: 240,
		SurgeryNovice: 10, SurgeryNoviceRest: 60, SurgeryExpert: 10, SurgeryExpertCalm: 5, SurgeryExpertRest: 30, SelfCare: 0}
}

// modernHealthSpecs are the values of ModernHealthRules that content declares.
var modernHealthSpecs = []Spec{
	{Key: "health.fatigued", Kind: Minutes, Fr: "délai avant qu’un personnage fatigué retrouve sa pleine forme", En: "time before a fatigued character is back in full health",
		Min: 1, Max: maxMinutes, Doc: docContemporary, Section: "health-system", Calcs: []string{"health-modern"}, field: func(r *Rules) *int { return &r.ModernHealth.Fatigued }},
	{Key: "health.wounded", Kind: Minutes, Fr: "délai avant qu’un blessé non soigné tombe dans le coma", En: "time before an untreated wounded character falls into a coma",
		Min: 1, Max: maxMinutes, Doc: docContemporary, Section: "health-system", Calcs: []string{"health-modern"}, field: func(r *Rules) *int { return &r.ModernHealth.Wounded }},
	{Key: "health.coma", Kind: Minutes, Fr: "délai avant qu’un personnage dans le coma non soigné meure", En: "time before an untreated character in a coma dies",
		Min: 1, Max: maxMinutes, Doc: docContemporary, Section: "health-system", Calcs: []string{"health-modern"}, field: func(r *Rules) *int { return &r.ModernHealth.Coma }},
	{Key: "health.corpse", Kind: Minutes, Fr: "temps pendant lequel un mort reste en place si personne ne s’occupe de lui", En: "time a dead character stays in place if nobody deals with them",
		Min: 0, Max: maxMinutes, Doc: docContemporary, Section: "health-system", Calcs: []string{"health-modern"}, field: func(r *Rules) *int { return &r.ModernHealth.Corpse }},
	{Key: "health.first-aid", Kind: Minutes, Fr: "durée des premiers secours", En: "time first aid takes",
		Min: 0, Max: 1440, Doc: docContemporary, Section: "first-aid", Calcs: []string{"health-modern"}, field: func(r *Rules) *int { return &r.ModernHealth.FirstAid }},
	{Key: "health.first-aid-novice", Kind: Minutes, Fr: "délai gagné par les premiers secours d’un novice", En: "time a novice's first aid gains",
		Min: 1, Max: maxMinutes, Doc: docContemporary, Section: "first-aid-novice", Calcs: []string{"health-modern"}, field: func(r *Rules) *int { return &r.ModernHealth.FirstAidNovice }},
	{Key: "health.first-aid-expert", Kind: Minutes, Fr: "délai gagné par les premiers secours d’un expert", En: "time an expert's first aid gains",
		Min: 1, Max: maxMinutes, Doc: docContemporary, Section: "first-aid-expert", Calcs: []string{"health-modern"}, field: func(r *Rules) *int { return &r.ModernHealth.FirstAidExpert }},
	{Key: "health.surgery-novice", Kind: Minutes, Fr: "durée de la chirurgie d’un novice", En: "time a novice's surgery takes",
		Min: 0, Max: 1440, Doc: docContemporary, Section: "surgery-novice", Calcs: []string{"health-modern"}, field: func(r *Rules) *int { return &r.ModernHealth.SurgeryNovice }},
	{Key: "health.surgery-novice-rest", Kind: Minutes, Fr: "délai avant la pleine forme après la chirurgie d’un novice", En: "time before full health after a novice's surgery",
		Min: 0, Max: maxMinutes, Doc: docContemporary, Section: "surgery-novice", Calcs: []string{"health-modern"}, field: func(r *Rules) *int { return &r.ModernHealth.SurgeryNoviceRest }},
	{Key: "health.surgery-expert", Kind: Minutes, Fr: "durée de la chirurgie d’un expert", En: "time an expert's surgery takes",
		Min: 0, Max: 1440, Doc: docContemporary, Section: "surgery-expert", Calcs: []string{"health-modern"}, field: func(r *Rules) *int { return &r.ModernHealth.SurgeryExpert }},
	{Key: "health.surgery-expert-calm", Kind: Minutes, Fr: "durée de la chirurgie d’un expert dans un endroit calme", En: "time an expert's surgery takes in a calm place",
		Min: 0, Max: 1440, Doc: docContemporary, Section: "surgery-expert", Calcs: []string{"health-modern"}, field: func(r *Rules) *int { return &r.ModernHealth.SurgeryExpertCalm }},
	{Key: "health.surgery-expert-rest", Kind: Minutes, Fr: "délai avant la pleine forme après la chirurgie d’un expert", En: "time before full health after an expert's surgery",
		Min: 0, Max: maxMinutes, Doc: docContemporary, Section: "surgery-expert", Calcs: []string{"health-modern"}, field: func(r *Rules) *int { return &r.ModernHealth.SurgeryExpertRest }},
	{Key: "health.self-care", Kind: Whole, Fr: "un blessé peut-il se soigner lui-même (premiers secours, chirurgie) : oui (un) ou non (zéro)", En: "may a wounded character treat themselves (first aid, surgery): yes (one) or no (zero)",
		Min: 0, Max: 1, Doc: docContemporary, Section: "somatic-care", Calcs: []string{"health-modern"}, Reading: true, field: func(r *Rules) *int { return &r.ModernHealth.SelfCare }},
}

// check refuses what would contradict the text's words: a calm place
// shortens an expert's surgery ("passe à"), and an expert's first aid holds
// out longer than a novice's.
func (g *ModernHealthRules) check(add func(key, fr, en string)) {
	if g.SurgeryExpertCalm > g.SurgeryExpert {
		add("health.surgery-expert-calm", "dans un endroit calme, la chirurgie d’un expert ("+itoa(g.SurgeryExpertCalm)+" min) ne peut pas durer plus qu’ailleurs ("+itoa(g.SurgeryExpert)+" min)",
			"in a calm place an expert's surgery ("+itoa(g.SurgeryExpertCalm)+" min) cannot take longer than elsewhere ("+itoa(g.SurgeryExpert)+" min)")
	}
	if g.FirstAidNovice > g.FirstAidExpert {
		add("health.first-aid-expert", "les premiers secours d’un expert ("+itoa(g.FirstAidExpert)+" min) ne peuvent pas gagner moins de temps que ceux d’un novice ("+itoa(g.FirstAidNovice)+" min)",
			"an expert's first aid ("+itoa(g.FirstAidExpert)+" min) cannot gain less time than a novice's ("+itoa(g.FirstAidNovice)+" min)")
	}
}
