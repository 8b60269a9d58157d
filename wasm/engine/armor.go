package engine

// Armour: seed 000, §2.4 (armour points, cap, running, residual armour) and
// §2.5 (life states, counted in hits rather than damage).

var (
	armorLocations = []string{"forearms", "arms", "thighs", "legs", "torso"}
	armorMaterials = []string{"none", "leather", "chain", "plate"}
	armorTypes     = []string{"light", "intermediate", "heavy"}
)

const (
	armorCap     = 20 // physical points, whatever is worn
	armorRunMax  = 10 // above this a character cannot run
	maxArmorHits = 200
)

var locationFr = map[string]string{
	"forearms": "aux avant-bras", "arms": "aux bras/épaules", "thighs": "aux cuisses/hanches", "legs": "aux jambes", "torso": "au torse",
}
var locationEn = map[string]string{
	"forearms": "on the forearms", "arms": "on the arms/shoulders", "thighs": "on the thighs/hips", "legs": "on the legs", "torso": "on the torso",
}
var materialFr = map[string]string{"leather": "cuir", "chain": "maille", "plate": "plaque"}
var materialPoints = map[string]int{"none": 0, "leather": 1, "chain": 2, "plate": 3}
var materialType = map[string]string{"leather": "light", "chain": "intermediate", "plate": "heavy"}
var typeResidual = map[string]int{"light": 1, "intermediate": 2, "heavy": 3}
var typeFr = map[string]string{"light": "légère", "intermediate": "intermédiaire", "heavy": "lourde"}

func runArmor(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "locations", "real_chainmail", "helmet", "costume_bonus", "magic", "life_points", "armor_type", "hits")
	worn := map[string]string{}
	if v, ok := r.get(in, "locations"); ok {
		locs := r.object("locations", v, armorLocations...)
		for _, l := range armorLocations {
			worn[l], _ = r.optEnum(locs, "locations", l, armorMaterials)
		}
	}
	chain := map[string]bool{}
	var chainOrder []string
	if l, ok := r.optList(in, "", "real_chainmail", len(armorLocations), enumDesc(armorLocations)); ok {
		for i, v := range l {
			loc := r.asEnum(at("real_chainmail", i), v, armorLocations)
			if r.err == nil && chain[loc] {
				r.fail(at("real_chainmail", i), "duplicate",
					at("real_chainmail", i)+" répète « "+loc+" », déjà cité", at("real_chainmail", i)+" repeats "+quote(loc)+", already listed")
			}
			chain[loc] = true
			chainOrder = append(chainOrder, loc)
		}
	}
	helmet := r.optBool(in, "", "helmet")
	costume := r.optBool(in, "", "costume_bonus")
	magic, _ := r.optInt(in, "", "magic", 0, 50, 0)
	life, _ := r.optInt(in, "", "life_points", 1, 10, 1)
	armorType, typeGiven := r.optEnum(in, "", "armor_type", armorTypes)
	var hits []int
	hl, hitsGiven := r.optList(in, "", "hits", maxArmorHits, intDesc(0, 50))
	for i, v := range hl {
		hits = append(hits, r.asInt(at("hits", i), v, 0, 50))
	}
	if r.err != nil {
		return nil
	}

	var steps []any
	uncapped := 0
	heaviest := 0
	for _, l := range armorLocations {
		m := worn[l]
		if pts := materialPoints[m]; pts > 0 {
			uncapped += pts
			if pts > heaviest {
				heaviest = pts
			}
			steps = append(steps, step(docFantasy, "armor",
				materialFr[m]+" "+locationFr[l]+" : +"+itoa(pts),
				m+" "+locationEn[l]+": +"+itoa(pts)))
		}
	}
	for _, l := range chainOrder {
		uncapped += 2
		if heaviest < 2 {
			heaviest = 2
		}
		steps = append(steps, step(docFantasy, "armor",
			"vraie cotte de maille "+locationFr[l]+", cumulée avec la pièce portée : +2",
			"real chain-mail coat "+locationEn[l]+", on top of the piece worn there: +2"))
	}
	if helmet {
		uncapped++
		steps = append(steps, step(docFantasy, "armor", "casque : +1", "helmet: +1"))
	}
	if costume {
		uncapped++
		steps = append(steps, step(docFantasy, "armor", "bonus de costume accordé par un organisateur : +1",
			"costume bonus granted by an organiser: +1"))
	}
	physical := uncapped
	capped := uncapped > armorCap
	if capped {
		physical = armorCap
		steps = append(steps, step(docFantasy, "armor",
			"total "+itoa(uncapped)+", plafonné à "+itoa(armorCap)+" points d’armure physique",
			"total "+itoa(uncapped)+", capped at "+itoa(armorCap)+" physical armour points"))
	} else {
		steps = append(steps, step(docFantasy, "armor",
			"armure physique : "+itoa(physical)+" (plafond "+itoa(armorCap)+")",
			"physical armour: "+itoa(physical)+" (cap "+itoa(armorCap)+")"))
	}
	canRun := physical <= armorRunMax
	if canRun {
		steps = append(steps, step(docFantasy, "armor",
			itoa(physical)+" points physiques, pas plus de "+itoa(armorRunMax)+" : peut courir",
			itoa(physical)+" physical points, not above "+itoa(armorRunMax)+": can run"))
	} else {
		steps = append(steps, step(docFantasy, "armor",
			itoa(physical)+" points physiques, plus de "+itoa(armorRunMax)+" : ne peut pas courir",
			itoa(physical)+" physical points, above "+itoa(armorRunMax)+": cannot run"))
	}
	if magic > 0 {
		steps = append(steps, step(docFantasy, "armor",
			"armure magique : "+itoa(magic)+", décomptée en premier ; total "+itoa(physical+magic),
			"magical armour: "+itoa(magic)+", taken first; total "+itoa(physical+magic)))
	}

	if !typeGiven {
		for _, m := range armorMaterials {
			if materialPoints[m] == heaviest && heaviest > 0 {
				armorType = materialType[m]
			}
		}
	}
	residual := 0
	var typeOut any
	if physical > 0 && armorType != "" {
		typeOut = armorType
		residual = typeResidual[armorType]
		if residual > physical {
			residual = physical
		}
		how, howEn := "matière la plus lourde portée", "heaviest material worn"
		if typeGiven {
			how, howEn = "type donné", "type given"
		}
		steps = append(steps, step(docFantasy, "armor",
			"armure "+typeFr[armorType]+" ("+how+") : cassée, elle laisse "+itoa(residual)+" point(s) après une pause",
			armorType+" armour ("+howEn+"): once broken, it leaves "+itoa(residual)+" point(s) after a pause"))
	}

	out := map[string]any{
		"physical":          f(physical),
		"physical_uncapped": f(uncapped),
		"capped":            capped,
		"magic":             f(magic),
		"total":             f(physical + magic),
		"can_run":           canRun,
		"armor_type":        typeOut,
		"residual":          f(residual),
		"reading": reading(
			"Une touche prend d’abord l’armure magique puis l’armure physique ; la touche qui prend le dernier point d’armure ne touche pas la vie. Sans armure, chaque touche d’au moins 1 dégât fait descendre d’un état. Le type d’armure par défaut est celui de la matière la plus lourde portée (une vraie cotte de maille compte comme maille) ; un casque ou un costume seuls ne donnent pas de type ; l’armure résiduelle ne dépasse jamais l’armure physique portée.",
			"A hit takes magical armour first, then physical armour; the hit that takes the last armour point does not touch life. With no armour left, each hit of 1 damage or more takes one state. The default armour type is that of the heaviest material worn (a real chain-mail coat counts as chain); a helmet or a costume alone gives no type; the residual armour never exceeds the physical armour worn."),
	}
	if !hitsGiven {
		out["steps"] = steps
		return out
	}

	m, p, lp := magic, physical, life
	state := "healthy"
	timeline := make([]any, 0, len(hits))
	for i, d := range hits {
		n := itoa(i + 1)
		switch {
		case d == 0:
			steps = append(steps, step(docFantasy, "weapon-categories",
				"touche "+n+" : 0 dégât (bâton, gourdin, arme improvisée), rien ne change",
				"hit "+n+": 0 damage (staff, club, improvised weapon), nothing changes"))
		case m+p > 0:
			fromM := min(d, m)
			fromP := min(d-fromM, p)
			m -= fromM
			p -= fromP
			took, tookEn := takenText(fromM, fromP)
			if m+p == 0 {
				steps = append(steps, step(docFantasy, "armor",
					"touche "+n+" : "+itoa(d)+" dégât(s), "+took+" ; elle prend le dernier point d’armure et ne touche pas la vie",
					"hit "+n+": "+itoa(d)+" damage, "+tookEn+"; it takes the last armour point and does not touch life"))
			} else {
				steps = append(steps, step(docFantasy, "armor",
					"touche "+n+" : "+itoa(d)+" dégât(s), "+took+" ; reste "+itoa(m)+" magique, "+itoa(p)+" physique",
					"hit "+n+": "+itoa(d)+" damage, "+tookEn+"; "+itoa(m)+" magical, "+itoa(p)+" physical left"))
			}
		case state == "dying":
			steps = append(steps, step(docFantasy, "life",
				"touche "+n+" sans armure : reste agonisant", "hit "+n+" with no armour: still dying"))
		default:
			before := lifeFr(state, lp)
			beforeEn := lifeEn(state, lp)
			switch {
			case state == "healthy" && lp > 1:
				lp--
			case state == "healthy":
				lp = 0
				state = "wounded"
			default:
				state = "dying"
			}
			steps = append(steps, step(docFantasy, "life",
				"touche "+n+" sans armure : un état de moins, quels que soient les dégâts ("+before+" → "+lifeFr(state, lp)+")",
				"hit "+n+" with no armour: one state down, whatever the damage ("+beforeEn+" → "+lifeEn(state, lp)+")"))
		}
		timeline = append(timeline, map[string]any{
			"hit": f(i + 1), "damage": f(d),
			"magic": f(m), "physical": f(p), "life_points": f(lp), "state": state,
		})
	}
	after := p
	if p == 0 {
		after = residual
	}
	if len(hits) > 0 {
		steps = append(steps, step(docFantasy, "armor",
			"après le combat : armure magique rendue ("+itoa(magic)+")",
			"after the fight: magical armour back ("+itoa(magic)+")"))
		if p == 0 && physical > 0 {
			steps = append(steps, step(docFantasy, "armor",
				"armure physique cassée : "+itoa(residual)+" point(s) résiduel(s) après une pause de 2-3 minutes, à réparer chez le forgeron",
				"physical armour broken: "+itoa(residual)+" residual point(s) after a 2-3 minute pause, to be repaired by a smith"))
		} else if p < physical {
			steps = append(steps, step(docFantasy, "armor",
				"armure physique : "+itoa(p)+" point(s) restant(s), à réparer chez le forgeron",
				"physical armour: "+itoa(p)+" point(s) left, to be repaired by a smith"))
		}
	}
	out["timeline"] = timeline
	out["state"] = state
	out["life_points_after"] = f(lp)
	out["after_fight"] = map[string]any{"magic": f(magic), "physical": f(after)}
	out["steps"] = steps
	return out
}

func lifeFr(state string, lp int) string {
	switch state {
	case "healthy":
		return "sain, " + itoa(lp) + " PV"
	case "wounded":
		return "blessé"
	}
	return "agonisant"
}

func lifeEn(state string, lp int) string {
	switch state {
	case "healthy":
		return "healthy, " + itoa(lp) + " LP"
	case "wounded":
		return "wounded"
	}
	return "dying"
}

// takenText says what a hit took, magic first.
func takenText(fromM, fromP int) (string, string) {
	switch {
	case fromM > 0 && fromP > 0:
		return "−" + itoa(fromM) + " magique puis −" + itoa(fromP) + " physique", "−" + itoa(fromM) + " magical then −" + itoa(fromP) + " physical"
	case fromM > 0:
		return "−" + itoa(fromM) + " magique", "−" + itoa(fromM) + " magical"
	}
	return "−" + itoa(fromP) + " physique", "−" + itoa(fromP) + " physical"
}
