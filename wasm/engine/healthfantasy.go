package engine

// The fantasy health timeline (health-fantasy), seed 000, §2.5 (states and
// their timers) and §2.6 (healing), run by healthSim.

func runHealthFantasy(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "state", "life_points", "combat_ends_at", "events", "until")
	state := r.reqEnum(in, "", "state", fantasyStates)
	life, _ := r.optInt(in, "", "life_points", 1, 10, r.rules.Armor.LifePoints)
	combatEnd, _ := r.optInt(in, "", "combat_ends_at", 0, maxMinutes, 0)
	until, _ := r.optInt(in, "", "until", 0, maxMinutes, 240)
	evs := readHealthEvents(r, in, false)
	if r.err != nil {
		return nil
	}
	fh := &r.rules.FantasyHealth
	s := &healthSim{rules: r.rules, combatEnd: combatEnd, maxLife: life, until: until, lp: life, bodyUntil: never}
	s.enter(0, state, "initial", never)
	s.steps = append(s.steps, step(docFantasy, "life", say(
		"Au départ, à la minute $2, le personnage est $1.", "At the start, minute $2, the character is $1.", stateWords(state), 0)))
	s.run(evs)
	out := s.output()
	out["reading"] = readingOf(say(
		"Un soin commencé à temps retient, tant qu’il dure, l’aggravation qu’il prévient, et son effet vient à sa fin : l’agonisant reste en agonie « pour permettre à vos alliés de vous soigner », les premiers secours permettent « de maintenir en vie un agonisant », la médecine sert à « soigner un blessé ou un agonisant totalement ». À la même minute, les soins passent avant les échéances : un soin commencé ou fini à la minute où l’agonisant mourrait est à temps. Un soin qui ne peut pas s’appliquer (sur soi quand le texte l’interdit, sur un état qu’il ne soigne pas, sur un mort) ne retient rien. La médecine, dont le texte donne la durée en mots (« une dizaine de minutes »), en dure $1. L’imposition des mains $2, le philtre $3, et tous deux rendent l’état sain avec $4 PV ; seule la médecine rend tous les PV. La mort vient $5 après le plus tardif du début de l’agonie et de la fin du combat.",
		"A treatment begun in time holds the deterioration it prevents while it lasts, and has its effect at its end: the dying remain dying “to allow your allies to heal you”, first aid “keeps a dying character alive”, medicine “fully heals a wounded or dying character”. At the same minute, treatments come before timers: a treatment begun or ending at the minute a dying character would die is in time. A treatment that cannot apply (on oneself where the text forbids it, on a state it does not treat, on the dead) holds nothing. Medicine, whose time the text gives in words (“about ten minutes”), takes $1. Laying on hands $2, the potion $3, and both give the healthy state with $4 life point{|s}; only medicine gives back all life points. Death comes $5 after the later of the start of dying and the end of the fight.",
		lasting(fh.Medicine, false), acting(fh.LayingOnHands), acting(fh.Potion), min(fh.HealedPoints, life), lasting(fh.DyingAfterFight, false)))
	return out
}

// FantasyHealthRules are the numbers of seed 000, §2.5–2.6: the fantasy
// health timeline, in minutes but for HealedPoints. The life points most
// characters have are ArmorRules.LifePoints.
type FantasyHealthRules struct {
	WoundedToDying  int // an untreated wounded character is dying after this
	DyingAfterFight int // a dying character dies this long after the fight (or after falling, if later)
	Corpse          int // the body may be searched this long after death
	FirstAid        int
	Medicine        int // "une dizaine de minutes"
	LayingOnHands   int // the text gives no duration: instant
	Potion          int // likewise
	HealedPoints    int // life points after laying on hands or a potion: the text says only "sain"
}

func defaultFantasyHealth() FantasyHealthRules {
	return FantasyHealthRules{WoundedToDying: 60, DyingAfterFight: 5, Corpse: 10, FirstAid: 2, Medicine: 10,
		LayingOnHands: 0, Potion: 0, HealedPoints: 1}
}

// fantasyHealthSpecs are the values of FantasyHealthRules that content declares.
var fantasyHealthSpecs = []Spec{
	{Key: "life.wounded-to-dying", Kind: Minutes, Fr: "délai avant qu’un blessé non soigné devienne agonisant", En: "time before an untreated wounded character becomes dying",
		Min: 1, Max: maxMinutes, Doc: docFantasy, Section: "life", Calcs: []string{"health-fantasy"}, field: func(r *Rules) *int { return &r.FantasyHealth.WoundedToDying }},
	{Key: "life.dying-to-dead", Kind: Minutes, Fr: "délai après la fin du combat avant qu’un agonisant meure", En: "time after the end of the fight before a dying character dies",
		Min: 0, Max: maxMinutes, Doc: docFantasy, Section: "life", Calcs: []string{"health-fantasy"}, field: func(r *Rules) *int { return &r.FantasyHealth.DyingAfterFight }},
	{Key: "life.corpse", Kind: Minutes, Fr: "temps pendant lequel un mort reste un cadavre qu’on peut fouiller", En: "time a dead character stays a corpse that may be searched",
		Min: 0, Max: maxMinutes, Doc: docFantasy, Section: "life", Calcs: []string{"health-fantasy"}, field: func(r *Rules) *int { return &r.FantasyHealth.Corpse }},
	{Key: "life.first-aid", Kind: Minutes, Fr: "durée des premiers secours", En: "time first aid takes",
		Min: 0, Max: 1440, Doc: docFantasy, Section: "healing", Calcs: []string{"health-fantasy"}, field: func(r *Rules) *int { return &r.FantasyHealth.FirstAid }},
	{Key: "life.medicine", Kind: Minutes, Fr: "durée des soins de médecine", En: "time medicine takes",
		Min: 0, Max: 1440, Doc: docFantasy, Section: "healing", Calcs: []string{"health-fantasy"}, field: func(r *Rules) *int { return &r.FantasyHealth.Medicine }},
	{Key: "life.laying-on-hands", Kind: Minutes, Fr: "durée de l’imposition des mains", En: "time laying on hands takes",
		Min: 0, Max: 1440, Doc: docFantasy, Section: "healing", Calcs: []string{"health-fantasy"}, Reading: true, field: func(r *Rules) *int { return &r.FantasyHealth.LayingOnHands }},
	{Key: "life.potion", Kind: Minutes, Fr: "durée d’effet d’un philtre de soin", En: "time a healing potion takes",
		Min: 0, Max: 1440, Doc: docFantasy, Section: "healing", Calcs: []string{"health-fantasy"}, Reading: true, field: func(r *Rules) *int { return &r.FantasyHealth.Potion }},
	{Key: "life.healed-points", Kind: Whole, Fr: "points de vie après l’imposition des mains ou un philtre de soin", En: "life points after laying on hands or a healing potion",
		Min: 1, Max: 10, Doc: docFantasy, Section: "healing", Calcs: []string{"health-fantasy"}, Reading: true, field: func(r *Rules) *int { return &r.FantasyHealth.HealedPoints }},
}

// check has nothing to compare: any set of these delays is a timeline the
// engine can follow, and healed points above a character's life points are
// capped at them.
func (g *FantasyHealthRules) check(add func(key, fr, en string)) {}
