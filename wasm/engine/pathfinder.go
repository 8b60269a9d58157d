package engine

// The Pathfinder duel (pathfinder-duel), seed 002: the dueling counter
// with Table 3-10, the dueling parry and the dueling dodge.

var (
	pfModes   = []string{"counter", "parry", "dodge"}
	relations = []string{"same_spell", "same_school", "different_school"}
	// Table 3-10's name of each relation, in the order of relations.
	relationWords = []words{{"Même sort", "Same spell"}, {"Sort différent de la même école", "Different spell of the same school"},
		{"Sort d’une école différente", "Spell of a different school"}}
	dispels = []string{"dispel_magic", "greater_dispel"}
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

// pfReading is the reading note of the three modes, with the natural faces
// the engine reads into the dodge's attack roll.
func pfReading(g *PathfinderRules) map[string]any { return readingOf(pfReadingWords(g)) }

// pfReadingWords is pfReading's text.
func pfReadingWords(g *PathfinderRules) words {
	return (say(
		"Les tests et les jets opposés comparent les totaux seulement (pas de réussite ni d’échec automatique), sauf le jet d’attaque de l’esquive où $1 (le texte ne le dit pas).",
		"Checks and opposed rolls compare totals only (no automatic success or failure), except the attack roll of the dodge, where $1 (the text does not say so).", g.naturals()))
}

// naturals says which faces of the dodge's attack roll always hit and
// always miss: "le 20 naturel touche toujours, le 1 naturel rate toujours"
// with the defaults.
func (g *PathfinderRules) naturals() words {
	hit := say("le $1 naturel touche toujours", "a natural $1 always hits", g.NaturalHit)
	if g.NaturalHit < d20Sides {
		hit = say("un $1 naturel ou plus touche toujours", "a natural $1 or more always hits", g.NaturalHit)
	}
	miss := say("le $1 naturel rate toujours", "a natural $1 always misses", g.NaturalMiss)
	if g.NaturalMiss > 1 {
		miss = say("un $1 naturel ou moins rate toujours", "a natural $1 or less always misses", g.NaturalMiss)
	}
	return say("$1, $2", "$1, $2", hit, miss)
}

// relationMod is Table 3-10's modifier for the relation at index i of
// relations.
func (g *PathfinderRules) relationMod(i int) int {
	return [...]int{g.SameSpell, g.SameSchool, g.DifferentSchool}[i]
}

func pfCounter(r *reader, in map[string]any) map[string]any {
	rules := &r.rules.Pathfinder
	in = r.object("", in, "mode", "spellcraft_bonus", "spell_level", "caster_level", "relation", "slot_level", "dispel", "opponent_caster_level")
	_, hasDispel := r.get(in, "dispel")
	var steps []any
	out := map[string]any{"mode": "counter",
		"reading": readingOf(say("$1 $2", "$1 $2", pfReadingWords(rules), say(
			"Un contre de duel demande toujours un test : « il n’est pas sûr d’y arriver » ; quand les bonus le rendent sûr, la réponse dit pourquoi. Avec dissipation, le DD est « $1 + niveau du lanceur de sorts », lu comme celui du lanceur adverse, sans plafond (le texte n’en donne pas, contrairement au sort de Pathfinder) : dissipation de la magie et dissipation suprême donnent donc le même résultat.",
			"A dueling counter always takes a check: “success is not guaranteed”; when the bonuses make it certain, the answer says why. With a dispel, the DC is “$1 + caster level”, read as the opposing caster’s, with no cap (the text gives none, unlike Pathfinder’s spell): dispel magic and greater dispel magic therefore give the same result.",
			rules.DispelDCBase)))}
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
		dc := rules.DispelDCBase + opp
		p := d20(cl, dc)
		name := words{"dissipation de la magie", "dispel magic"}
		if dispel == "greater_dispel" {
			name = words{"dissipation suprême", "greater dispel magic"}
		}
		steps = append(steps, step(docPathfinder, "duel-counter", say(
			"Contre par $1 : pas besoin d’identifier le sort, et pas de modificateur de la table $2.",
			"Counter with $1: no need to identify the spell, and no Table $2 modifier.", name, table310)))
		steps = append(steps, step(docPathfinder, "duel-counter", say(
			"Test de niveau de lanceur : d$7 + $1 contre un DD de $2 ($6 plus $3, le niveau de lanceur adverse). Il réussit $4 fois sur $7, soit $5.",
			"Caster level check: d$7 + $1 against DC $2 ($6 plus $3, the opposing caster level). It succeeds $4 time{4:|s} out of $7, that is $5.", cl, dc, opp, faces20(p), pct(p.f()), rules.DispelDCBase, d20Sides)))
		out["identify_dc"] = nil
		put(out, "p_identify", mkRat(1, 1))
		out["counter_dc"] = f(dc)
		out["modifier"] = f(0)
		put(out, "p_counter", p)
		put(out, "p_total", p)
		ans := say("Vous contrez le sort dans **$1** des cas, sans avoir à l’identifier.",
			"You counter the spell **$1** of the time, without having to identify it.", pct(p.f()))
		if p.n == p.d {
			why := counterSure(cl, dc)
			steps = append(steps, step(docPathfinder, "duel-counter", why))
			ans = say("$1 $2", "$1 $2", ans, why)
		}
		out["steps"] = steps
		out["answer"] = answer(ans)
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
	idDC := rules.IdentifyDCBase + level
	counterDC := rules.CounterDCBase + level
	pID := d20(bonus, idDC)
	ri := indexOf(relations, rel)
	slotMod := (slot - level) * rules.PerSlotLevel
	mod := rules.relationMod(ri) + slotMod
	pC := d20(cl+mod, counterDC)
	total := pID.mul(pC)
	steps = append(steps, step(docPathfinder, "duel-counter", say(
		"Identifier le sort : Art de la magie d$7 $1 contre un DD de $2 ($6 plus $3, le niveau du sort). Il réussit $4 fois sur $7, soit $5.",
		"Identify the spell: Spellcraft d$7 $1 against DC $2 ($6 plus $3, the spell level). It succeeds $4 time{4:|s} out of $7, that is $5.", signed(bonus), idDC, level, faces20(pID), pct(pID.f()), rules.IdentifyDCBase, d20Sides)))
	slotW := say("L’emplacement est du niveau du sort, sans bonus", "The slot is of the spell’s level, with no bonus")
	if slot > level {
		slotW = say("Un emplacement de niveau $1 pour un sort de niveau $2 ajoute $3", "A level $1 slot for a level $2 spell adds $3", slot, level, signed(slotMod))
	}
	steps = append(steps, step(docPathfinder, "table-3-10", say(
		"$1 : $2. $3. Modificateur total : $4.",
		"$1: $2. $3. Total modifier: $4.", relationWords[ri], signed(rules.relationMod(ri)), slotW, signed(mod))))
	steps = append(steps, step(docPathfinder, "duel-counter", say(
		"Contre : avec d$6 + $1 (niveau de lanceur) et le modificateur $2 contre le DD $3, il réussit $4 fois sur $6, soit $5.",
		"Counter: with d$6 + $1 (caster level) and the $2 modifier against DC $3, it succeeds $4 time{4:|s} out of $6, that is $5.", cl, signed(mod), counterDC, faces20(pC), pct(pC.f()), d20Sides)))
	steps = append(steps, step(docPathfinder, "duel-counter", say(
		"Il faut identifier le sort puis le contrer : $1 de $2, soit $3 en tout.",
		"It takes identifying the spell, then countering it: $1 of $2, that is $3 in all.", pct(pC.f()), pct(pID.f()), pct(total.f()))))
	out["identify_dc"] = f(idDC)
	put(out, "p_identify", pID)
	out["counter_dc"] = f(counterDC)
	out["modifier"] = f(mod)
	put(out, "p_counter", pC)
	put(out, "p_total", total)
	ans := say("Vous contrez le sort dans **$1** des cas : il faut l’identifier (**$2**), puis le contrer (**$3**).",
		"You counter the spell **$1** of the time: you must identify it (**$2**), then counter it (**$3**).", pct(total.f()), pct(pID.f()), pct(pC.f()))
	if pC.n == pC.d {
		// The text says the counter is « pas sûr » even with an exact copy
		// of the spell (audit R6): a certainty shown must say why.
		why := counterSure(cl+mod, counterDC)
		steps = append(steps, step(docPathfinder, "duel-counter", why))
		ans = say("$1 $2", "$1 $2", ans, why)
	}
	out["steps"] = steps
	out["answer"] = answer(ans)
	return out
}

// counterSure says why a counter check of d20 + bonus against dc cannot
// fail, where the text says « il n’est pas sûr d’y arriver »: the words ask
// for a check, which these totals always pass, and a caster level check has
// no automatic failure (a reading the note states).
func counterSure(bonus, dc int) words {
	return say("Le contre est sûr ici : même un $1 au dé donne $2, au moins le DD $3. Le texte dit « il n’est pas sûr d’y arriver » parce qu’il faut faire le test (seul un vrai contresort, préparé, s’en passe) ; un test de niveau de lanceur de sorts n’a pas d’échec automatique.",
		"The counter is certain here: even a $1 on the die gives $2, at least DC $3. The text says “success is not guaranteed” because the check must be rolled (only a true, readied counterspell needs none); a caster level check has no automatic failure.",
		1, 1+bonus, dc)
}

// table310 is the number of Table 3-10 in the book, a name.
const table310 = "3-10"

func pfParry(r *reader, in map[string]any) map[string]any {
	rules := &r.rules.Pathfinder
	in = r.object("", in, "mode", "bab", "unarmed", "attack_bonus")
	bab := r.reqInt(in, "", "bab", 0, 20)
	unarmed := r.optBool(in, "", "unarmed")
	atk := r.reqInt(in, "", "attack_bonus", -10, 50)
	if r.err != nil {
		return nil
	}
	parry := bab + rules.Parry
	if unarmed {
		parry += rules.UnarmedParry
	}
	n := 0
	for mine := 1; mine <= d20Sides; mine++ {
		for theirs := 1; theirs <= d20Sides; theirs++ {
			if mine+parry >= theirs+atk {
				n++
			}
		}
	}
	p := mkRat(int64(n), d20Sides*d20Sides)
	roll := say("Jet de parade : d$3 + $1 (bonus de base à l’attaque), moins $2", "Parry roll: d$3 + $1 (base attack bonus), minus $2", bab, -rules.Parry, d20Sides)
	if unarmed {
		roll = say("$1, moins $2 à mains nues", "$1, minus $2 unarmed", roll, -rules.UnarmedParry)
	}
	steps := []any{
		step(docPathfinder, "duel-parry", say("$1, soit d$3 $2.", "$1, that is d$3 $2.", roll, signed(parry), d20Sides)),
		step(docPathfinder, "duel-parry", say(
			"La parade réussit si elle égale ou dépasse l’attaque, d$4 $1 : $2 cas sur $5, soit $3.",
			"The parry succeeds if it equals or beats the attack, d$4 $1: $2 cases out of $5, that is $3.", signed(atk), n, pct(p.f()), d20Sides, d20Sides*d20Sides)),
	}
	out := map[string]any{"mode": "parry", "parry_bonus": f(parry), "steps": steps,
		"answer":  answer(say("Votre parade réussit dans **$1** des cas.", "Your parry succeeds **$1** of the time.", pct(p.f()))),
		"reading": pfReading(rules)}
	put(out, "p_parry", p)
	return out
}

// attackHits counts the faces of a d20 that hit AC ac with bonus atk: the
// faces from the rules' natural hit up always hit, those up to its natural
// miss always miss.
func attackHits(g *PathfinderRules, atk, ac int) rat {
	n := 0
	for face := 1; face <= d20Sides; face++ {
		if face >= g.NaturalHit || face > g.NaturalMiss && face+atk >= ac {
			n++
		}
	}
	return mkRat(int64(n), d20Sides)
}

func pfDodge(r *reader, in map[string]any) map[string]any {
	rules := &r.rules.Pathfinder
	in = r.object("", in, "mode", "attack_bonus", "ac")
	atk := r.reqInt(in, "", "attack_bonus", -10, 50)
	ac := r.reqInt(in, "", "ac", 1, 60)
	if r.err != nil {
		return nil
	}
	p := attackHits(rules, atk, ac)
	pd := attackHits(rules, atk, ac+rules.DodgeAC)
	steps := []any{
		step(docPathfinder, "duel-dodge", say(
			"Attaque d$5 $1 contre CA $2 ($4) : elle touche dans $3 des cas.",
			"Attack d$5 $1 against AC $2 ($4): it hits $3 of the time.", signed(atk), ac, pct(p.f()), rules.naturals(), d20Sides)),
		step(docPathfinder, "duel-dodge", say(
			"Esquive de duel : $3 à la CA ($1) contre cette attaque, qui ne touche plus que dans $2 des cas. Ensuite, $4 à la CA jusqu’au prochain tour.",
			"Duel dodge: $3 AC ($1) against this attack, which then hits only $2 of the time. Afterwards, $4 AC until the next turn.",
			ac+rules.DodgeAC, pct(pd.f()), signed(rules.DodgeAC), signed(rules.DodgeAfter))),
	}
	out := map[string]any{"mode": "dodge", "steps": steps,
		"answer": answer(say("L’attaque vous touche dans **$1** des cas, et dans **$2** si vous esquivez.",
			"The attack hits you **$1** of the time, and **$2** if you dodge.", pct(p.f()), pct(pd.f()))),
		"reading": pfReading(rules)}
	put(out, "p_hit", p)
	put(out, "p_hit_dodging", pd)
	return out
}

// PathfinderRules are the numbers of seed 002, the Pathfinder duel: the
// bases of the three DCs of a dueling counter, Table 3-10, the parry's
// penalties and the dodge's bonus and penalty.
type PathfinderRules struct {
	IdentifyDCBase  int // Spellcraft, plus the spell level
	CounterDCBase   int // caster level check, plus the spell level
	DispelDCBase    int // caster level check with a dispel, plus the opposing caster level
	SameSpell       int // Table 3-10, by relation
	SameSchool      int
	DifferentSchool int
	PerSlotLevel    int // Table 3-10, per slot level above the spell's
	Parry           int // on the parry roll, a penalty
	UnarmedParry    int // more, unarmed
	DodgeAC         int
	DodgeAfter      int // on the AC until the next turn, a penalty
	// The faces of the dodge's attack roll that always hit (this one and
	// up) and always miss (this one and down): a reading of Pathfinder's
	// attack rolls, which the text does not state.
	NaturalHit  int
	NaturalMiss int
}

func defaultPathfinder() PathfinderRules {
	return PathfinderRules{IdentifyDCBase: 15, CounterDCBase: 15, DispelDCBase: 11, SameSpell: 10, SameSchool: 2, DifferentSchool: -2,
		PerSlotLevel: 1, Parry: -5, UnarmedParry: -2, DodgeAC: 4, DodgeAfter: -2, NaturalHit: 20, NaturalMiss: 1}
}

// pathfinderSpecs are the values of PathfinderRules that content declares.
var pathfinderSpecs = []Spec{
	{Key: "pathfinder.identify-dc-base", Kind: Whole, Fr: "base du DD du test d’Art de la magie qui identifie le sort adverse", En: "base of the DC of the Spellcraft check that identifies the opposing spell",
		Min: 0, Max: 40, Doc: docPathfinder, Section: "duel-counter", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.IdentifyDCBase }},
	{Key: "pathfinder.counter-dc-base", Kind: Whole, Fr: "base du DD du test de niveau de lanceur d’un contre de duel", En: "base of the DC of a dueling counter’s caster level check",
		Min: 0, Max: 40, Doc: docPathfinder, Section: "duel-counter", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.CounterDCBase }},
	{Key: "pathfinder.dispel-dc-base", Kind: Whole, Fr: "base du DD d’un contre de duel par dissipation", En: "base of the DC of a dueling counter with a dispel",
		Min: 0, Max: 40, Doc: docPathfinder, Section: "duel-counter", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.DispelDCBase }},
	{Key: "pathfinder.same-spell", Kind: Whole, Fr: "modificateur du contre avec le même sort", En: "counter modifier with the same spell",
		Min: -20, Max: 30, Doc: docPathfinder, Section: "table-3-10", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.SameSpell }},
	{Key: "pathfinder.same-school", Kind: Whole, Fr: "modificateur du contre avec un sort différent de la même école", En: "counter modifier with a different spell of the same school",
		Min: -20, Max: 30, Doc: docPathfinder, Section: "table-3-10", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.SameSchool }},
	{Key: "pathfinder.different-school", Kind: Whole, Fr: "modificateur du contre avec un sort d’une école différente", En: "counter modifier with a spell of a different school",
		Min: -20, Max: 30, Doc: docPathfinder, Section: "table-3-10", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.DifferentSchool }},
	{Key: "pathfinder.slot-level-bonus", Kind: Whole, Fr: "modificateur du contre par niveau d’emplacement au-dessus du sort contré", En: "counter modifier per slot level above the countered spell",
		Min: 0, Max: 10, Doc: docPathfinder, Section: "table-3-10", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.PerSlotLevel }},
	{Key: "pathfinder.parry", Kind: Whole, Fr: "malus du jet de parade de duel", En: "penalty on the dueling parry roll",
		Min: -20, Max: 0, Doc: docPathfinder, Section: "duel-parry", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.Parry }},
	{Key: "pathfinder.unarmed-parry", Kind: Whole, Fr: "malus supplémentaire d’une parade de duel à mains nues", En: "additional penalty of an unarmed dueling parry",
		Min: -20, Max: 0, Doc: docPathfinder, Section: "duel-parry", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.UnarmedParry }},
	{Key: "pathfinder.dodge-ac", Kind: Whole, Fr: "bonus à la CA d’une esquive de duel", En: "AC bonus of a dueling dodge",
		Min: 0, Max: 20, Doc: docPathfinder, Section: "duel-dodge", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.DodgeAC }},
	{Key: "pathfinder.dodge-after", Kind: Whole, Fr: "malus à la CA après une esquive de duel, jusqu’au prochain tour", En: "AC penalty after a dueling dodge, until the next turn",
		Min: -20, Max: 0, Doc: docPathfinder, Section: "duel-dodge", Calcs: []string{"pathfinder-duel"}, field: func(r *Rules) *int { return &r.Pathfinder.DodgeAfter }},
	{Key: "pathfinder.dodge-natural-hit", Kind: Whole, Fr: "plus petite face du dé qui touche toujours au jet d’attaque de l’esquive", En: "lowest face of the die that always hits on the dodge’s attack roll",
		Min: 2, Max: d20Sides, Doc: docPathfinder, Section: "duel-dodge", Calcs: []string{"pathfinder-duel"}, Reading: true, field: func(r *Rules) *int { return &r.Pathfinder.NaturalHit }},
	{Key: "pathfinder.dodge-natural-miss", Kind: Whole, Fr: "plus grande face du dé qui rate toujours au jet d’attaque de l’esquive", En: "highest face of the die that always misses on the dodge’s attack roll",
		Min: 1, Max: d20Sides - 1, Doc: docPathfinder, Section: "duel-dodge", Calcs: []string{"pathfinder-duel"}, Reading: true, field: func(r *Rules) *int { return &r.Pathfinder.NaturalMiss }},
}

func (g *PathfinderRules) check(add func(key, fr, en string)) {
	if g.NaturalMiss >= g.NaturalHit {
		add("pathfinder.dodge-natural-miss", "la face qui rate toujours ("+itoa(g.NaturalMiss)+") doit être sous celle qui touche toujours ("+itoa(g.NaturalHit)+")",
			"the face that always misses ("+itoa(g.NaturalMiss)+") must be below the one that always hits ("+itoa(g.NaturalHit)+")")
	}
}
