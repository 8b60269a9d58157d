package engine

// Armour: seed 000, §2.4 (armour points, cap, running, residual armour) and
// §2.5 (life states, counted in hits rather than damage).

var (
	armorLocations = []string{"forearms", "arms", "thighs", "legs", "torso"}
	armorMaterials = []string{"none", "leather", "chain", "plate"}
	armorTypes     = []string{"light", "intermediate", "heavy"}
)

// maxArmorHits bounds the hits of one fight, an input limit, not a rule.
const maxArmorHits = 200

// ArmorRules are the numbers of seed 000 §2.4: what each material, the
// helmet and the costume add, the cap, the most a runner wears, what a broken
// armour keeps, and the life points most characters have.
type ArmorRules struct {
	Points        [4]int // per material, in the order of armorMaterials ("none" is 0)
	Cap           int    // physical points, whatever is worn
	RunMax        int    // above this a character cannot run
	Helmet        int
	Costume       int
	RealChainmail int    // a real chain-mail coat worn under the rest
	Residual      [3]int // per armour type, in the order of armorTypes
	PauseMin      int    // minutes of pause before a broken armour protects again
	PauseMax      int
	LifePoints    int // what most characters have
}

func defaultArmor() ArmorRules {
	return ArmorRules{Points: [4]int{0, 1, 2, 3}, Cap: 20, RunMax: 10, Helmet: 1, Costume: 1, RealChainmail: 2,
		Residual: [3]int{1, 2, 3}, PauseMin: 2, PauseMax: 3, LifePoints: 1}
}

// armorSpecs are the values of ArmorRules that content declares.
var armorSpecs = []Spec{
	{Key: "armor.leather", Kind: Whole, Fr: "points d’armure d’une pièce de cuir", En: "armour points of a leather piece",
		Min: 0, Max: 10, Doc: docFantasy, Section: "armor", Calcs: []string{"armor"}, field: func(r *Rules) *int { return &r.Armor.Points[1] }},
	{Key: "armor.chain", Kind: Whole, Fr: "points d’armure d’une pièce de maille, de cuir clouté ou d’écailles", En: "armour points of a chain-mail, studded leather or scale piece",
		Min: 0, Max: 10, Doc: docFantasy, Section: "armor", Calcs: []string{"armor"}, field: func(r *Rules) *int { return &r.Armor.Points[2] }},
	{Key: "armor.plate", Kind: Whole, Fr: "points d’armure d’une pièce de plaque", En: "armour points of a plate piece",
		Min: 0, Max: 10, Doc: docFantasy, Section: "armor", Calcs: []string{"armor"}, field: func(r *Rules) *int { return &r.Armor.Points[3] }},
	{Key: "armor.cap", Kind: Whole, Fr: "plafond de l’armure physique", En: "cap of physical armour",
		Min: 1, Max: 100, Doc: docFantasy, Section: "armor", Calcs: []string{"armor"}, field: func(r *Rules) *int { return &r.Armor.Cap }},
	{Key: "armor.run-max", Kind: Whole, Fr: "armure physique la plus forte avec laquelle on peut courir", En: "most physical armour one can run in",
		Min: 0, Max: 100, Doc: docFantasy, Section: "armor", Calcs: []string{"armor"}, field: func(r *Rules) *int { return &r.Armor.RunMax }},
	{Key: "armor.helmet", Kind: Whole, Fr: "points d’armure d’un casque", En: "armour points of a helmet",
		Min: 0, Max: 10, Doc: docFantasy, Section: "armor", Calcs: []string{"armor"}, field: func(r *Rules) *int { return &r.Armor.Helmet }},
	{Key: "armor.costume", Kind: Whole, Fr: "points d’armure d’un bonus de costume", En: "armour points of a costume bonus",
		Min: 0, Max: 10, Doc: docFantasy, Section: "armor", Calcs: []string{"armor"}, field: func(r *Rules) *int { return &r.Armor.Costume }},
	{Key: "armor.real-chainmail", Kind: Whole, Fr: "points d’armure d’une vraie cotte de maille portée sous le reste", En: "armour points of a real chain-mail coat worn under the rest",
		Min: 0, Max: 10, Doc: docFantasy, Section: "armor", Calcs: []string{"armor"}, Reading: true, field: func(r *Rules) *int { return &r.Armor.RealChainmail }},
	{Key: "armor.residual-light", Kind: Whole, Fr: "points d’une armure légère cassée", En: "points of a broken light armour",
		Min: 0, Max: 10, Doc: docFantasy, Section: "armor", Calcs: []string{"armor"}, field: func(r *Rules) *int { return &r.Armor.Residual[0] }},
	{Key: "armor.residual-intermediate", Kind: Whole, Fr: "points d’une armure intermédiaire cassée", En: "points of a broken intermediate armour",
		Min: 0, Max: 10, Doc: docFantasy, Section: "armor", Calcs: []string{"armor"}, field: func(r *Rules) *int { return &r.Armor.Residual[1] }},
	{Key: "armor.residual-heavy", Kind: Whole, Fr: "points d’une armure lourde cassée", En: "points of a broken heavy armour",
		Min: 0, Max: 10, Doc: docFantasy, Section: "armor", Calcs: []string{"armor"}, field: func(r *Rules) *int { return &r.Armor.Residual[2] }},
	{Key: "armor.pause-min", Kind: Minutes, Fr: "pause la plus courte avant qu’une armure cassée protège encore", En: "shortest pause before a broken armour protects again",
		Min: 0, Max: 60, Doc: docFantasy, Section: "armor", Calcs: []string{"armor"}, field: func(r *Rules) *int { return &r.Armor.PauseMin }},
	{Key: "armor.pause-max", Kind: Minutes, Fr: "pause la plus longue avant qu’une armure cassée protège encore", En: "longest pause before a broken armour protects again",
		Min: 0, Max: 60, Doc: docFantasy, Section: "armor", Calcs: []string{"armor"}, field: func(r *Rules) *int { return &r.Armor.PauseMax }},
	{Key: "life.points", Kind: Whole, Fr: "points de vie de la plupart des personnages", En: "life points of most characters",
		Min: 1, Max: 10, Doc: docFantasy, Section: "combat", Calcs: []string{"armor", "health-fantasy"}, field: func(r *Rules) *int { return &r.Armor.LifePoints }},
}

func (a *ArmorRules) check(add func(key, fr, en string)) {
	for i, k := range []string{"armor.leather", "armor.chain", "armor.plate"} {
		if a.Points[i+1] > a.Cap {
			add(k, "une pièce ne peut pas valoir plus que le plafond de l’armure physique ("+itoa(a.Cap)+")",
				"one piece cannot be worth more than the cap of physical armour ("+itoa(a.Cap)+")")
		}
	}
	if a.Points[1] > a.Points[2] || a.Points[2] > a.Points[3] {
		add("armor.chain", "le cuir, la maille et la plaque doivent aller du plus léger au plus lourd ("+itoa(a.Points[1])+", "+itoa(a.Points[2])+", "+itoa(a.Points[3])+")",
			"leather, chain and plate must go from the lightest to the heaviest ("+itoa(a.Points[1])+", "+itoa(a.Points[2])+", "+itoa(a.Points[3])+"): the default armour type follows the heaviest material")
	}
	if a.PauseMin > a.PauseMax {
		add("armor.pause-min", "la pause la plus courte dépasse la plus longue", "the shortest pause exceeds the longest")
	}
}

// The names of the locations, materials and armour types, in the order of
// their lists.
var (
	locationWords = []words{
		{"aux avant-bras", "on the forearms"}, {"aux bras et aux épaules", "on the arms and shoulders"},
		{"aux cuisses et aux hanches", "on the thighs and hips"}, {"aux jambes", "on the legs"}, {"au torse", "on the torso"},
	}
	materialWords = []words{{}, {"Cuir", "Leather"}, {"Maille", "Chain mail"}, {"Plaque", "Plate"}}
	typeWords     = []words{{"légère", "Light"}, {"intermédiaire", "Intermediate"}, {"lourde", "Heavy"}}
	armorStates   = []words{{"sain", "healthy"}, {"blessé", "wounded"}, {"agonisant", "dying"}}
)

// indexOf returns the position of s in l, or −1.
func indexOf(l []string, s string) int {
	for i, x := range l {
		if x == s {
			return i
		}
	}
	return -1
}

// armorInput is what the armour calculator reads.
type armorInput struct {
	worn            [5]int // material index per location, in the order of armorLocations
	chain           []int  // the locations of real chain-mail coats, in the order given
	helmet, costume bool
	magic, life     int
	armorType       int // index in armorTypes, or −1 when not given
	hits            []int
	hitsGiven       bool
}

// The kinds of armorSource besides the materials, which are indices of
// armorMaterials.
const (
	sourceChain = 4 + iota // a real chain-mail coat
	sourceHelmet
	sourceCostume
)

// armorSource is one source of armour points: a piece of a material at a
// location, a real chain-mail coat at a location, the helmet or the costume
// bonus (loc −1 for the last two).
type armorSource struct{ kind, loc, points int }

// What a hit cost, in armorHit.effect.
const (
	hitNothing = iota // no damage, nothing changes
	hitArmor          // taken by the armour
	hitLife           // with no armour left, a life point
	hitState          // with no armour left, a state
	hitDying          // with no armour left, on a dying character
)

// armorHit is one hit of a fight: what it took from the magical and the
// physical armour, what it cost, and the armour, life points and state
// (an index of armorStates) it left.
type armorHit struct {
	damage, effect          int
	fromMagic, fromPhysical int
	magic, physical         int
	life, state             int
}

// armorResult is the armour calculator's answer in numbers: explainArmor
// writes it in words.
type armorResult struct {
	sources            []armorSource
	uncapped, physical int // the sources' points, and what the cap leaves of them
	capped, canRun     bool
	armorType          int // index in armorTypes, or −1 for no type
	residual           int // what a broken physical armour keeps
	hits               []armorHit
	life, state        int // after the hits
	left, after        int // the physical armour after the hits, and after the fight
}

func runArmor(r *reader, in map[string]any) map[string]any {
	a := readArmor(r, in)
	if r.err != nil {
		return nil
	}
	rules := &r.rules.Armor
	res := armorOf(rules, &a)
	if a.armorType >= 0 && res.uncapped == 0 {
		// A type of broken armour without armour worn would be dropped:
		// say so rather than answer for an input the reader did not mean.
		r.fail("armor_type", "conflict",
			"armor_type\u00a0: aucune armure physique n’est portée\u202f; ne donnez le type d’armure cassée qu’avec des pièces d’armure, un casque ou un bonus de costume",
			"armor_type: no physical armour is worn; give the type of broken armour only with armour pieces, a helmet or a costume bonus")
		return nil
	}
	return explainArmor(rules, &a, &res)
}

// readArmor reads the armour calculator's input; r.err says whether it
// could.
func readArmor(r *reader, in map[string]any) armorInput {
	a := armorInput{armorType: -1}
	in = r.object("", in, "locations", "real_chainmail", "helmet", "costume_bonus", "magic", "life_points", "armor_type", "hits")
	if v, ok := r.get(in, "locations"); ok {
		locs := r.object("locations", v, armorLocations...)
		for i, l := range armorLocations {
			m, _ := r.optEnum(locs, "locations", l, armorMaterials)
			a.worn[i] = max(indexOf(armorMaterials, m), 0)
		}
	}
	var chain [5]bool
	if l, ok := r.optList(in, "", "real_chainmail", len(armorLocations), enumDesc(armorLocations)); ok {
		for i, v := range l {
			loc := indexOf(armorLocations, r.asEnum(at("real_chainmail", i), v, armorLocations))
			if r.err != nil {
				break
			}
			if chain[loc] {
				r.fail(at("real_chainmail", i), "duplicate",
					at("real_chainmail", i)+" répète "+quoteFr(armorLocations[loc])+", déjà cité", at("real_chainmail", i)+" repeats "+quoteEn(armorLocations[loc])+", already listed")
			}
			chain[loc] = true
			a.chain = append(a.chain, loc)
		}
	}
	a.helmet = r.optBool(in, "", "helmet")
	a.costume = r.optBool(in, "", "costume_bonus")
	a.magic, _ = r.optInt(in, "", "magic", 0, 50, 0)
	a.life, _ = r.optInt(in, "", "life_points", 1, 10, r.rules.Armor.LifePoints)
	if t, ok := r.optEnum(in, "", "armor_type", armorTypes); ok {
		a.armorType = indexOf(armorTypes, t)
	}
	var hl []any
	hl, a.hitsGiven = r.optList(in, "", "hits", maxArmorHits, intDesc(0, 50))
	for i, v := range hl {
		a.hits = append(a.hits, r.asInt(at("hits", i), v, 0, 50))
	}
	return a
}

// armorOf computes the armour worn and the fight's hits one by one: a hit
// takes magical armour first, then physical armour, and only a hit with no
// armour left costs a life point or a state.
func armorOf(g *ArmorRules, a *armorInput) armorResult {
	var res armorResult
	heaviest := 0
	for l, m := range a.worn {
		if m > 0 {
			res.sources = append(res.sources, armorSource{m, l, g.Points[m]})
			heaviest = max(heaviest, m)
		}
	}
	for _, l := range a.chain {
		res.sources = append(res.sources, armorSource{sourceChain, l, g.RealChainmail})
		heaviest = max(heaviest, 2) // a real coat is chain mail
	}
	if a.helmet {
		res.sources = append(res.sources, armorSource{sourceHelmet, -1, g.Helmet})
	}
	if a.costume {
		res.sources = append(res.sources, armorSource{sourceCostume, -1, g.Costume})
	}
	for _, s := range res.sources {
		res.uncapped += s.points
	}
	res.capped = res.uncapped > g.Cap
	res.physical = min(res.uncapped, g.Cap)
	res.canRun = res.physical <= g.RunMax
	t := a.armorType
	if t < 0 {
		t = heaviest - 1
	}
	res.armorType = -1
	if res.physical > 0 && t >= 0 {
		res.armorType = t
		res.residual = min(g.Residual[t], res.physical)
	}
	m, p, lp, state := a.magic, res.physical, a.life, 0
	for _, d := range a.hits {
		h := armorHit{damage: d}
		switch {
		case d == 0:
		case m+p > 0:
			h.effect = hitArmor
			h.fromMagic = min(d, m)
			h.fromPhysical = min(d-h.fromMagic, p)
			m -= h.fromMagic
			p -= h.fromPhysical
		case state == 2:
			h.effect = hitDying
		case state == 0 && lp > 1:
			h.effect = hitLife
			lp--
		default:
			h.effect = hitState
			lp = 0
			state++
		}
		h.magic, h.physical, h.life, h.state = m, p, lp, state
		res.hits = append(res.hits, h)
	}
	res.life, res.state, res.left, res.after = lp, state, p, p
	if p == 0 {
		res.after = res.residual
	}
	return res
}

// explainArmor writes the steps, the reading note and the answer of an
// armour result, and its output tree.
func explainArmor(g *ArmorRules, a *armorInput, res *armorResult) map[string]any {
	var steps []any
	for _, s := range res.sources {
		var w words
		switch s.kind {
		case sourceChain:
			w = say("Vraie cotte de maille $1, portée en plus de la pièce de cet endroit : +$2 point{|s} d’armure.",
				"Real chain-mail coat $1, worn on top of the piece there: +$2 armour point{|s}.", locationWords[s.loc], s.points)
		case sourceHelmet:
			w = say("Casque : +$1 point{|s} d’armure.", "Helmet: +$1 armour point{|s}.", s.points)
		case sourceCostume:
			w = say("Bonus de costume accordé par un organisateur : +$1 point{|s} d’armure.",
				"Costume bonus granted by an organiser: +$1 armour point{|s}.", s.points)
		default:
			w = say("$1 $2 : +$3 point{|s} d’armure.", "$1 $2: +$3 armour point{|s}.", materialWords[s.kind], locationWords[s.loc], s.points)
		}
		steps = append(steps, step(docFantasy, "armor", w))
	}
	physical, magic := res.physical, a.magic
	if res.capped {
		steps = append(steps, step(docFantasy, "armor", say(
			"Ces pièces font $1 points, mais l’armure physique est plafonnée à $2 points.",
			"These pieces add up to $1 points, but physical armour is capped at $2 points.", res.uncapped, g.Cap)))
	} else {
		steps = append(steps, step(docFantasy, "armor", say(
			"Armure physique : $1 point{|s} en tout, le plafond étant de $2.",
			"Physical armour: $1 point{|s} in all, the cap being $2.", physical, g.Cap)))
	}
	if res.canRun {
		steps = append(steps, step(docFantasy, "armor", say(
			"Avec $1 point{|s} d’armure physique, pas plus de $2, le personnage peut courir.",
			"With $1 physical armour point{|s}, no more than $2, the character can run.", physical, g.RunMax)))
	} else {
		steps = append(steps, step(docFantasy, "armor", say(
			"Avec $1 points d’armure physique, plus de $2, le personnage ne peut pas courir.",
			"With $1 physical armour points, more than $2, the character cannot run.", physical, g.RunMax)))
	}
	if magic > 0 {
		steps = append(steps, step(docFantasy, "armor", say(
			"L’armure magique ajoute $1 point{|s}, pris en premier à chaque touche : $2 points d’armure en tout.",
			"Magical armour adds $1 point{|s}, taken first by each hit: $2 armour points in all.", magic, physical+magic)))
	}
	residual := res.residual
	var typeOut any
	if t := res.armorType; t >= 0 {
		typeOut = armorTypes[t]
		how := words{"d’après la matière la plus lourde portée", "from the heaviest material worn"}
		if a.armorType >= 0 {
			how = words{"comme indiqué", "as given"}
		}
		steps = append(steps, step(docFantasy, "armor", say(
			"Armure $1, $2 : une fois cassée, elle garde $3 point{|s} après une pause.",
			"$1 armour, $2: once broken, it keeps $3 point{|s} after a pause.", typeWords[t], how, residual)))
	}

	out := map[string]any{
		"physical":          f(physical),
		"physical_uncapped": f(res.uncapped),
		"capped":            res.capped,
		"magic":             f(magic),
		"total":             f(physical + magic),
		"can_run":           res.canRun,
		"armor_type":        typeOut,
		"residual":          f(residual),
		"reading": readingOf(say(
			"Une touche prend d’abord l’armure magique puis l’armure physique ; la touche qui prend le dernier point d’armure ne touche pas la vie. Sans armure, chaque touche d’au moins un dégât fait descendre d’un état. Une vraie cotte de maille ajoute $1 point{|s} à la pièce de l’endroit où elle est portée (le texte ne chiffre pas ce « cumulable »). L’armure résiduelle dépend « du type d’armure (légère, intermédiaire ou lourde) » : sans type choisi, c’est celui de la matière la plus lourde portée (une vraie cotte de maille compte comme maille), et un organisateur qui classe l’armure entière autrement le choisit dans le formulaire ; un casque ou un costume seuls ne donnent pas de type ; l’armure résiduelle ne dépasse jamais l’armure physique portée. L’armure magique revient après le combat « tant que vous portez l’objet qui vous les apporte ou que vous êtes sous l’effet du sortilège » : le calcul la suppose venue d’un objet ou d’un sort qui dure ; celle d’une potion ne revient pas, « Les potions conférant de l’armure magique sont à usage unique ».",
			"A hit takes magical armour first, then physical armour; the hit that takes the last armour point does not touch life. With no armour left, each hit of one damage or more takes one state. A real chain-mail coat adds $1 point{|s} to the piece where it is worn (the text gives no figure for this “cumulable”). The residual armour depends on “the type of armour (light, intermediate or heavy)”: with no type chosen, it is that of the heaviest material worn (a real chain-mail coat counts as chain), and an organiser who classes the whole armour otherwise chooses it in the form; a helmet or a costume alone gives no type; the residual armour never exceeds the physical armour worn. Magical armour comes back after the fight “as long as you wear the item that provides them or you are under the effect of the spell”: the calculation assumes it comes from an item or a lasting spell; a potion’s does not come back, “Potions granting magical armour are single-use”.", g.RealChainmail)),
	}
	ans := say("**$1 point{|s} d’armure**", "**$1 armour point{|s}**", physical+magic)
	if magic > 0 {
		ans = say("$1, dont $2 magique{|s}", "$1, $2 of them magical", ans, magic)
	}
	if res.capped {
		ans = say("$1, plafond de $2 atteint", "$1, the cap of $2 reached", ans, g.Cap)
	}
	if res.canRun {
		ans = say("$1, vous pouvez courir.", "$1, you can run.", ans)
	} else {
		ans = say("$1, vous ne pouvez pas courir.", "$1, you cannot run.", ans)
	}
	if !a.hitsGiven {
		out["steps"] = steps
		out["answer"] = answer(ans)
		return out
	}

	timeline := make([]any, 0, len(res.hits))
	for i, h := range res.hits {
		n, d, m, p := i+1, h.damage, h.magic, h.physical
		rule, w := "life", words{}
		switch h.effect {
		case hitNothing:
			rule, w = "weapon-categories", say(
				"Touche $1 : aucun dégât (bâton, gourdin ou arme improvisée), rien ne change.",
				"Hit $1: no damage (staff, club or improvised weapon), nothing changes.", n)
		case hitArmor:
			fromM, fromP := h.fromMagic, h.fromPhysical
			took := say("pris sur l’armure physique", "taken from the physical armour")
			switch {
			case fromM == d:
				took = say("pris sur l’armure magique", "taken from the magical armour")
			case fromM > 0 && fromP > 0:
				took = say("$1 pris sur l’armure magique, $2 sur l’armure physique", "$1 taken from the magical armour, $2 from the physical armour", fromM, fromP)
			case fromM > 0:
				took = say("dont $1 pris sur l’armure magique", "$1 of it taken from the magical armour", fromM)
			case fromP < d:
				took = say("dont $1 pris sur l’armure physique", "$1 of it taken from the physical armour", fromP)
			}
			rule = "armor"
			if m+p == 0 {
				w = say("Touche $1 : $2 dégât{|s}, $3. Elle prend le dernier point d’armure et ne touche donc pas la vie.",
					"Hit $1: $2 damage, $3. It takes the last armour point, so it does not touch life.", n, d, took)
			} else {
				left := say("$1 point{|s} physique{|s}", "$1 physical point{|s}", p)
				if m > 0 && p > 0 {
					left = say("$1 point{|s} magique{|s} et $2", "$1 magical point{|s} and $2", m, left)
				} else if m > 0 {
					left = say("$1 point{|s} magique{|s}", "$1 magical point{|s}", m)
				}
				w = say("Touche $1 : $2 dégât{|s}, $3 ; il reste $4.", "Hit $1: $2 damage, $3; $4 left.", n, d, took, left)
			}
		case hitDying:
			w = say("Touche $1, sans armure : le personnage reste agonisant.",
				"Hit $1, with no armour left: the character stays dying.", n)
		case hitLife:
			w = say("Touche $1, sans armure : quels que soient les dégâts, le personnage perd un point de vie, il lui en reste $2.",
				"Hit $1, with no armour left: whatever the damage, the character loses one life point, $2 left.", n, h.life)
		default:
			w = say("Touche $1, sans armure : quels que soient les dégâts, le personnage perd un état et passe de $2 à $3.",
				"Hit $1, with no armour left: whatever the damage, the character loses one state, from $2 to $3.", n, armorStates[h.state-1], armorStates[h.state])
		}
		steps = append(steps, step(docFantasy, rule, w))
		timeline = append(timeline, map[string]any{
			"hit": f(n), "damage": f(d),
			"magic": f(m), "physical": f(p), "life_points": f(h.life), "state": fantasyStates[h.state],
		})
	}
	p := res.left
	if len(res.hits) > 0 {
		if magic > 0 {
			steps = append(steps, step(docFantasy, "armor", say(
				"Après le combat, l’armure magique revient entière : $1 point{|s}.",
				"After the fight, the magical armour comes back whole: $1 point{|s}.", magic)))
		} else {
			steps = append(steps, step(docFantasy, "armor", say("Après le combat, il n’y a pas d’armure magique à récupérer.",
				"After the fight, there is no magical armour to get back.")))
		}
		if p == 0 && physical > 0 {
			if residual > 0 {
				steps = append(steps, step(docFantasy, "armor", say(
					"L’armure physique est cassée : après une pause de $2 à $3 minutes, elle garde $1 point{1:|s} résiduel{1:|s}, et un forgeron doit la réparer.",
					"The physical armour is broken: after a pause of $2 to $3 minutes it keeps $1 residual point{1:|s}, and a smith must repair it.", residual, g.PauseMin, g.PauseMax)))
			} else {
				steps = append(steps, step(docFantasy, "armor", say("L’armure physique est cassée ; sans type d’armure, elle ne garde aucun point résiduel, et un forgeron doit la réparer.",
					"The physical armour is broken; with no armour type it keeps no residual point, and a smith must repair it.")))
			}
		} else if p < physical {
			steps = append(steps, step(docFantasy, "armor", say(
				"L’armure physique a perdu des points : il lui en reste $1, et un forgeron doit la réparer.",
				"The physical armour has lost points: $1 left, and a smith must repair it.", p)))
		}
		st := say("**$1**", "**$1**", armorStates[res.state])
		if res.state == 0 && a.life > 1 {
			st = say("$1, $2 point{|s} de vie sur $3", "$1, $2 life point{|s} out of $3", st, res.life, a.life)
		}
		ans = say("$1 Après {2:cette touche|ces $2 touches} : $3", "$1 After {2:this hit|these $2 hits}: $3", ans, len(res.hits), st)
		switch {
		case p == 0 && physical > 0 && residual == 0:
			ans = say("$1, et l’armure cassée ne garde aucun point.", "$1, and the broken armour keeps no points.", ans)
		case p == 0 && physical > 0:
			ans = say("$1, et l’armure cassée garde $2 point{|s} jusqu’à sa réparation.", "$1, and the broken armour keeps $2 point{|s} until it is repaired.", ans, residual)
		case p < physical:
			ans = say("$1, et l’armure garde $2 point{|s} sur $3 jusqu’à sa réparation.", "$1, and the armour keeps $2 point{|s} out of $3 until it is repaired.", ans, p, physical)
		default:
			ans = say("$1.", "$1.", ans)
		}
	}
	out["timeline"] = timeline
	out["state"] = fantasyStates[res.state]
	out["life_points_after"] = f(res.life)
	out["after_fight"] = map[string]any{"magic": f(magic), "physical": f(res.after)}
	out["steps"] = steps
	out["answer"] = answer(ans)
	return out
}
