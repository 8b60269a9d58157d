package engine

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// sectionIDs reads the fixed slugs and section IDs from content/IDS.md, the
// list the pages link to, so that a step can never cite a missing anchor.
func sectionIDs(t *testing.T) map[string]bool {
	t.Helper()
	data, err := os.ReadFile("../../content/IDS.md")
	if err != nil {
		t.Skipf("content/IDS.md not readable: %v", err)
	}
	ids := map[string]bool{}
	tick := regexp.MustCompile("`([^`]+)`")
	for _, line := range strings.Split(string(data), "\n") {
		cols := strings.Split(line, "|")
		if len(cols) < 6 {
			continue
		}
		slug := tick.FindStringSubmatch(cols[2])
		if slug == nil {
			continue
		}
		for _, m := range tick.FindAllStringSubmatch(cols[4], -1) {
			ids[slug[1]+"#"+m[1]] = true
		}
	}
	if len(ids) < 20 {
		t.Fatalf("only %d section IDs read from IDS.md", len(ids))
	}
	return ids
}

// examples are inputs covering every calculator and most branches; the step
// and property tests and the fuzz seeds share them.
var examples = map[string][]string{
	"dice": {`{"expr":"2d6"}`, `{"expr":"2d6+1d4-1"}`, `{"expr":"d%-3"}`, `{"expr":"30d6"}`},
	"armor": {`{` + allPlate + `,"helmet":true}`, `{"magic":2,"locations":{"torso":"plate"},"hits":[4,1,1,1]}`,
		`{` + allPlate + `,"real_chainmail":["torso"],"helmet":true,"costume_bonus":true,"hits":[0,30,1,1,1]}`, `{"life_points":3,"hits":[1,1,1,1,1]}`},
	"health-fantasy": {`{"state":"wounded"}`, `{"state":"dying","combat_ends_at":10,"events":[{"at":2,"action":"first_aid"},{"at":5,"action":"first_aid","self":true},{"at":20,"action":"medicine"},{"at":30,"action":"potion"},{"at":300,"action":"potion"}]}`,
		`{"state":"wounded","events":[{"at":1,"action":"laying_on_hands","self":true},{"at":2,"action":"laying_on_hands"}]}`, `{"state":"dead"}`},
	"health-modern": {`{"state":"wounded","events":[{"at":5,"action":"first_aid","level":"novice"}]}`,
		`{"state":"coma","events":[{"at":1,"action":"surgery","level":"novice"},{"at":2,"action":"surgery","level":"expert","calm_place":true},{"at":3,"action":"first_aid","level":"expert"}]}`,
		`{"state":"fatigued"}`, `{"state":"wounded","until":10,"events":[{"at":8,"action":"surgery","level":"expert"}]}`},
	"wounds":      {`{"dice":2,"die":6,"medicine_bonus":5}`, `{"dice":1,"die":4,"queue":[5,3,4]}`, `{"dice":20,"die":12,"medicine_bonus":-5,"queue":[1]}`},
	"casting":     {`{"magic":4,"apprenticeship":3,"difficulty":2}`, `{"magic":0,"apprenticeship":5,"difficulty":1,"modifier":3,"reading":"natural"}`, `{"magic":40,"apprenticeship":1,"difficulty":5,"xp":7}`},
	"study":       {`{"hours":4,"p_test":0.9}`, `{"hours":1,"p_test":0}`, `{"hours":6,"p_test":1}`},
	"dying-magic": {`{"slot_level":5,"con_save_bonus":2}`, `{"slot_level":2,"con_save_bonus":0}`, `{"slot_level":5,"con_save_bonus":0,"pact_slot":true}`, `{"slot_level":9,"con_save_bonus":-5}`},
	"spell-duel": {`{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":2,"apprenticeship":2,"element":"vine"}}`,
		`{"a":{"magic":4,"apprenticeship":3,"element":"neutral"},"b":{"magic":2,"apprenticeship":2,"element":"vine"}}`,
		`{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":2,"apprenticeship":2,"element":"water"}}`},
	"unarmed-duel": {`{"score":4,"opponents":[2,3,3]}`, `{"score":2,"stun_hits":3,"opponents":[1]}`, `{"attackers":4,"defenders":1}`, `{"attackers":2,"defenders":1}`, `{"score":5,"stun_hits":1,"opponents":[1,1]}`},
	"pathfinder-duel": {`{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"different_school","slot_level":4}`,
		`{"mode":"counter","caster_level":7,"dispel":"greater_dispel","opponent_caster_level":9}`,
		`{"mode":"parry","bab":6,"attack_bonus":5}`, `{"mode":"dodge","attack_bonus":5,"ac":15}`},
	"critical": {`{"attack_bonus":5,"ac":15}`, `{"attack_bonus":10,"ac":12}`, `{"attack_bonus":0,"ac":20,"crit_range":19}`},
}

func TestExamplesCoverAll(t *testing.T) {
	for _, c := range Calculators() {
		if len(examples[c.Name]) == 0 {
			t.Errorf("no examples for %s", c.Name)
		}
	}
	if len(examples) != len(Calculators()) || len(Calculators()) != 12 {
		t.Errorf("%d example sets, %d calculators", len(examples), len(Calculators()))
	}
}

func TestStepsCiteSections(t *testing.T) {
	ids := sectionIDs(t)
	for _, c := range Calculators() {
		if c.Name != "dice" && !ids[c.Doc+"#"+c.Section] {
			t.Errorf("%s: Info cites %s#%s, not in IDS.md", c.Name, c.Doc, c.Section)
		}
		if c.Fr == "" || c.En == "" {
			t.Errorf("%s: no description", c.Name)
		}
		for _, in := range examples[c.Name] {
			out := run(t, c.Name, in)
			steps, ok := out["steps"].([]any)
			if !ok || len(steps) == 0 {
				t.Errorf("%s %s: no steps", c.Name, in)
				continue
			}
			for _, s := range steps {
				m := s.(map[string]any)
				doc, rule := m["doc"].(string), m["rule"].(string)
				if c.Name == "dice" {
					if doc != "" || rule != "" {
						t.Errorf("dice cites %s#%s", doc, rule)
					}
				} else if !ids[doc+"#"+rule] {
					t.Errorf("%s: step cites %s#%s, not in IDS.md: %v", c.Name, doc, rule, m["en"])
				}
				if m["fr"] == "" || m["en"] == "" {
					t.Errorf("%s: empty step text %v", c.Name, m)
				}
			}
			if c.Name != "dice" {
				r, ok := out["reading"].(map[string]any)
				if !ok || r["fr"] == "" || r["en"] == "" {
					t.Errorf("%s: no reading", c.Name)
				}
			}
		}
	}
}

// plain checks that a tree holds only what encoding/json decodes and what
// AppendJSON writes.
func plain(t *testing.T, path string, v any) {
	t.Helper()
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			plain(t, path+"."+k, e)
		}
	case []any:
		for i, e := range x {
			plain(t, path+"["+itoa(i)+"]", e)
		}
	case float64, string, bool, nil:
	default:
		t.Errorf("%s: %T in the output tree", path, v)
	}
}

func TestOutputsArePlainTrees(t *testing.T) {
	for name, ins := range examples {
		for _, in := range ins {
			plain(t, name, map[string]any(run(t, name, in)))
		}
	}
	_, err := Calculate("casting", map[string]any{"magic": 99.0})
	plain(t, "error", err.Tree())
}

// stepCases pin the texts of chosen steps, hand-checked, with the number of
// steps of each input: the steps a player reads at each branch of every
// calculator.
var stepCases = []struct {
	calc, in string
	n        int     // steps in all
	want     []words // by step index; an empty entry is not checked
}{
	{"armor", `{"locations":{"forearms":"leather","torso":"chain"},"helmet":true,"hits":[2,1,1,1,1]}`, 13, []words{
		0: {"Cuir aux avant-bras : +1 point d’armure.",
			"Leather on the forearms: +1 armour point."},
		3: {"Armure physique : 4 points en tout, le plafond étant de 20.",
			"Physical armour: 4 points in all, the cap being 20."},
		4: {"Avec 4 points d’armure physique, pas plus de 10, le personnage peut courir.",
			"With 4 physical armour points, no more than 10, the character can run."},
		5: {"Armure intermédiaire, d’après la matière la plus lourde portée : une fois cassée, elle garde 2 points après une pause.",
			"Intermediate armour, from the heaviest material worn: once broken, it keeps 2 points after a pause."},
		6: {"Touche 1 : 2 dégâts, pris sur l’armure physique ; il reste 2 points physiques.",
			"Hit 1: 2 damage, taken from the physical armour; 2 physical points left."},
		8: {"Touche 3 : 1 dégât, pris sur l’armure physique. Elle prend le dernier point d’armure et ne touche donc pas la vie.",
			"Hit 3: 1 damage, taken from the physical armour. It takes the last armour point, so it does not touch life."},
		9: {"Touche 4, sans armure : quels que soient les dégâts, le personnage perd un état et passe de sain à blessé.",
			"Hit 4, with no armour left: whatever the damage, the character loses one state, from healthy to wounded."},
		11: {"Après le combat, il n’y a pas d’armure magique à récupérer.",
			"After the fight, there is no magical armour to get back."},
	}},
	{"armor", `{"magic":2,"locations":{"torso":"plate"},"hits":[4,1,1,1]}`, 11, []words{
		3: {"L’armure magique ajoute 2 points, pris en premier à chaque touche : 5 points d’armure en tout.",
			"Magical armour adds 2 points, taken first by each hit: 5 armour points in all."},
		5: {"Touche 1 : 4 dégâts, 2 pris sur l’armure magique, 2 sur l’armure physique ; il reste 1 point physique.",
			"Hit 1: 4 damage, 2 taken from the magical armour, 2 from the physical armour; 1 physical point left."},
		9: {"Après le combat, l’armure magique revient entière : 2 points.",
			"After the fight, the magical armour comes back whole: 2 points."},
	}},
	{"armor", `{"life_points":3,"hits":[5,1]}`, 5, []words{
		2: {"Touche 1, sans armure : quels que soient les dégâts, le personnage perd un point de vie, il lui en reste 2.",
			"Hit 1, with no armour left: whatever the damage, the character loses one life point, 2 left."},
	}},
	{"armor", `{"locations":{"forearms":"plate","arms":"plate","thighs":"plate","legs":"plate","torso":"plate"},"real_chainmail":["torso"],"costume_bonus":true}`, 10, []words{
		5: {"Vraie cotte de maille au torse, portée en plus de la pièce de cet endroit : +2 points d’armure.",
			"Real chain-mail coat on the torso, worn on top of the piece there: +2 armour points."},
		7: {"Armure physique : 18 points en tout, le plafond étant de 20.",
			"Physical armour: 18 points in all, the cap being 20."},
	}},
	{"health-fantasy", `{"state":"wounded","events":[{"at":30,"action":"first_aid"}]}`, 4, []words{
		0: {"Au départ, à la minute 0, le personnage est blessé.",
			"At the start, minute 0, the character is wounded."},
		1: {"L’action 1, les premiers secours à la minute 30, est sans effet, car les premiers secours ne s’appliquent qu’à un agonisant, et le personnage est blessé.",
			"Action 1, first aid at minute 30, has no effect, because first aid applies only to a dying character, and the character is wounded."},
		2: {"Sans vrai soin, le blessé devient agonisant une heure plus tard, à la minute 60.",
			"Without real care, the wounded character becomes dying an hour later, at minute 60."},
		3: {"Sans soin, l’agonisant meurt 5 minutes plus tard, à la minute 65, le combat étant déjà fini. Le corps reste fouillable jusqu’à la minute 75.",
			"Without care, the dying character dies 5 minutes later, at minute 65, the fight being already over. The body may be searched until minute 75."},
	}},
	{"health-fantasy", `{"state":"dying","combat_ends_at":10,"events":[{"at":2,"action":"first_aid"},{"at":20,"action":"medicine"},{"at":30,"action":"potion","self":true}]}`, 4, []words{
		1: {"Des minutes 2 à 4, premiers secours (2 minutes) : l’agonisant redevient blessé. Sans vrai soin, il sera de nouveau agonisant à la minute 64.",
			"From minute 2 to 4, first aid (2 minutes): the dying character is wounded again. Without real care, they will be dying again at minute 64."},
		2: {"Des minutes 20 à 30, médecine (10 minutes) : le personnage, qui était blessé, redevient sain avec tous ses points de vie (1).",
			"From minute 20 to 30, medicine (10 minutes): the character, who was wounded, is healthy again with all life points (1)."},
		3: {"L’action 3, le philtre de soin à la minute 30, est sans effet, car le philtre de soin ne s’applique qu’à un blessé ou à un agonisant, et le personnage est sain.",
			"Action 3, the healing potion at minute 30, has no effect, because the healing potion applies only to a wounded or dying character, and the character is healthy."},
	}},
	{"health-fantasy", `{"state":"dying","combat_ends_at":30}`, 2, []words{
		1: {"Sans soin, l’agonisant meurt 5 minutes après la fin du combat (minute 30), à la minute 35. Le corps reste fouillable jusqu’à la minute 45.",
			"Without care, the dying character dies 5 minutes after the end of the fight (minute 30), at minute 35. The body may be searched until minute 45."},
	}},
	{"health-modern", `{"state":"wounded","until":300,"events":[{"at":3,"action":"first_aid","level":"expert"},{"at":5,"action":"first_aid","level":"novice"}]}`, 5, []words{
		2: {"Des minutes 5 à 6, premiers secours de niveau novice (1 minute), alors que le personnage est blessé : la prochaine aggravation vient 60 minutes après, à la minute 66. L’échéance déjà fixée, plus tardive (minute 244), est gardée.",
			"From minute 5 to 6, novice first aid (1 minute) while the character is wounded: the next deterioration comes 60 minutes later, at minute 66. The later deadline already set (minute 244) is kept."},
		3: {"Blessé depuis la minute 0 et sans autre soin, le personnage tombe dans le coma à la minute 244.",
			"Wounded since minute 0 and without further care, the character falls into a coma at minute 244."},
		4: {"Dans le coma depuis la minute 244 et sans autre soin, le personnage meurt à la minute 259. Le corps reste en place tant que d’autres personnages veulent s’en servir ; si personne ne s’occupe de lui pendant 10 minutes, le joueur peut se relever, au plus tôt à la minute 269.",
			"In a coma since minute 244 and without further care, the character dies at minute 259. The body stays in place as long as other characters wish to use it; if nobody deals with it for 10 minutes, the player may get up, at minute 269 at the earliest."},
	}},
	{"health-modern", `{"state":"wounded","events":[{"at":5,"action":"surgery","level":"novice","calm_place":true}]}`, 3, []words{
		1: {"Des minutes 5 à 15, chirurgie de niveau novice (10 minutes, endroit calme) : le personnage, qui était blessé, devient fatigué. Il ne sera pas en pleine forme avant 1 heure, à la minute 75.",
			"From minute 5 to 15, novice surgery (10 minutes, calm place): the character, who was wounded, becomes fatigued, and will not be in full health before 1 hour, at minute 75."},
		2: {"Fatigué depuis la minute 15, le personnage retrouve sa pleine forme à la minute 75.",
			"Fatigued since minute 15, the character is back to full health at minute 75."},
	}},
	{"wounds", `{"dice":2,"die":6,"medicine_bonus":5,"queue":[3]}`, 7, []words{
		0: {"Une arme à 2d6 inflige une blessure qui guérit en 1d6+2 repos longs, de 3 à 8.",
			"A 2d6 weapon inflicts a wound that heals in 1d6+2 long rests, 3 to 8."},
		1: {"En moyenne, 5,5 repos longs.",
			"On average, 5.5 long rests."},
		2: {"DD du test de Médecine : 10, plus 6 (la plus haute face du dé), plus 2 (le nombre de dés), soit 18.",
			"Medicine DC: 10, plus 6 (the die’s highest face), plus 2 (the number of dice), that is 18."},
		3: {"DD des soins du soir : 8, plus 6, plus 2, soit 16. Chaque réussite compte comme un repos long.",
			"Nightly care DC: 8, plus 6, plus 2, that is 16. Each success counts as a long rest."},
		4: {"Test de Médecine : d20 +5 contre le DD 18, réussi 8 fois sur 20, soit 40 %.",
			"Medicine check: d20 +5 against DC 18, passed 8 times out of 20, that is 40%."},
		5: {"Une réussite divise le temps par deux, arrondi à l’inférieur, avec au moins 1 repos : 2,5 repos en moyenne. Avec la médecine, cela fait donc 4,3 repos longs en moyenne.",
			"A success halves the time, rounded down, to at least 1 rest: 2.5 rests on average. With medicine, that makes 4.3 long rests on average."},
		6: {"Les blessures guérissent l’une après l’autre : celle déjà portée demande 3 repos longs, puis vient la nouvelle.",
			"Wounds heal one after the other: the one already carried needs 3 long rests, then comes the new one."},
	}},
	{"casting", `{"magic":4,"apprenticeship":3,"difficulty":2,"xp":40}`, 9, []words{
		0: {"On lance 1d12 et on retire 2, la moitié de la magie (4) arrondie à l’inférieur : le résultat va de −1 à 10.",
			"Roll 1d12 and take away 2, half the magic (4) rounded down: the result runs from −1 to 10."},
		1: {"Lecture sur le résultat : 1 donne un sort lancé imparfaitement, moins de 6 (deux fois l’apprentissage) un succès, 6 tout juste un sort parfait, plus de 6 un échec, et 12 ou plus un échec critique.",
			"Reading on the result: 1 gives a flawed cast, less than 6 (twice the apprenticeship) a success, exactly 6 a perfect cast, more than 6 a failure, and 12 or more a critical failure."},
		2: {"Lancé, mais pas exactement comme souhaité, sur la face 3 du dé : 1 face sur 12, soit 8,3 %.",
			"Cast, but not exactly as wished, on face 3 of the die: 1 face out of 12, that is 8.3%."},
		3: {"Lancé avec succès sur les faces 1, 2 et 4 à 7 du dé : 6 faces sur 12, soit 50 %.",
			"Cast on faces 1, 2 and 4 to 7 of the die: 6 faces out of 12, that is 50%."},
		6: {"Chaque lancer rapporte 1 xp s’il échoue, 3 s’il réussit, 5 s’il est parfait : 2,5 xp en moyenne par lancer.",
			"Each cast gives 1 xp on a failure, 3 on a success, 5 when perfect: 2.5 xp a cast on average."},
		7: {"Passer du niveau 3 au niveau 4 coûte 50 xp par point de difficulté, soit 100 xp pour une difficulté 2 ; avec 40 xp déjà acquis, il en reste 60 à gagner.",
			"Going from level 3 to level 4 costs 50 xp per point of difficulty, 100 xp at difficulty 2; with 40 xp already held, 60 remain to gain."},
		8: {"Il faut en moyenne 24,4 lancers pour gagner ces 60 xp (calcul exact, à 1, 3 ou 5 xp par lancer), et l’xp en trop reste acquise pour le niveau suivant.",
			"It takes 24.4 casts on average to gain these 60 xp (exact, at 1, 3 or 5 xp a cast), and the xp beyond the cost carries over to the next level."},
	}},
	{"casting", `{"magic":0,"apprenticeship":5,"modifier":3,"reading":"natural","difficulty":1}`, 9, []words{
		0: {"On lance 1d12, on retire 0 (la moitié de la magie, 0, arrondie à l’inférieur) et on ajoute le modificateur +3 : le résultat va de 4 à 15.",
			"Roll 1d12, take away 0 (half the magic, 0, rounded down) and add the modifier +3: the result runs from 4 to 15."},
		1: {"Lecture naturelle : un 1 sur le dé donne un sort lancé imparfaitement, un 12 un échec critique. Sinon, un résultat sous 10 (deux fois l’apprentissage) est un succès, 10 tout juste un sort parfait, au-delà un échec.",
			"Natural reading: a 1 on the die gives a flawed cast, a 12 a critical failure. Otherwise a result below 10 (twice the apprenticeship) is a success, exactly 10 a perfect cast, and above it a failure."},
		8: {"Apprentissage 5 : le sort est parfaitement maîtrisé, il n’y a pas de niveau suivant.",
			"Apprenticeship 5: the spell is fully mastered, there is no next level."},
	}},
	{"study", `{"hours":4,"p_test":0.9}`, 5, []words{
		0: {"Heure 1 : un test de compréhension puis un test de résolution. Un échec ici ne rapporte rien, et l’étude s’arrête ainsi dans 19 % des cas.",
			"Hour 1: a comprehension test, then a resolution test. Failing here gives nothing, and the study ends this way 19% of the time."},
		1: {"Heure 2 : 2 tests de résolution. Un échec ici rapporte 3 xp, la moitié arrondie au supérieur des 5 xp que vaut l’heure réussie, et l’étude s’arrête ainsi dans 15,4 % des cas.",
			"Hour 2: 2 resolution tests. Failing here gives 3 xp, half, rounded up, of the 5 xp that the completed hour is worth, and the study ends this way 15.4% of the time."},
		2: {"Heure 3 : 3 tests de résolution. Un échec ici rapporte 6 xp, la moitié arrondie au supérieur des 12 xp que valent les 2 heures réussies, et l’étude s’arrête ainsi dans 17,8 % des cas.",
			"Hour 3: 3 resolution tests. Failing here gives 6 xp, half, rounded up, of the 12 xp that the 2 completed hours are worth, and the study ends this way 17.8% of the time."},
		4: {"Réussir les 4 heures, pour 55 xp, demande 11 tests réussis à la suite, ce qui arrive dans 31,4 % des cas. En moyenne, l’étude rapporte 20,9 xp.",
			"Completing the 4 hours, for 55 xp, takes 11 passed tests in a row, which happens 31.4% of the time. On average the study gives 20.9 xp."},
	}},
	{"dying-magic", `{"slot_level":5,"con_save_bonus":2}`, 4, []words{
		0: {"Emplacement de niveau 5, donc 4 ou plus (rituels compris) : jet de sauvegarde de Constitution.",
			"Slot level 5, so 4 or more (rituals included): Constitution saving throw."},
		1: {"Le DD vaut 6 plus le niveau de l’emplacement, soit 11. Avec +2, le d20 l’atteint 12 fois sur 20, soit 60 %.",
			"The DC is 6 plus the slot level, that is 11. With +2, the d20 reaches it 12 times out of 20, that is 60%."},
		2: {"En cas d’échec : 1 niveau de fatigue (1 pour les emplacements de niveau 4 à 7, 2 pour 8 et 9), dont on récupère un par repos court.",
			"On a failure: 1 level of exhaustion (1 for slot levels 4 to 7, 2 for 8 and 9), one recovered per short rest."},
		3: {"Au lieu du jet, ou après un échec, on peut perdre 10 points de vie, deux fois le niveau de l’emplacement.",
			"Instead of the save, or after failing it, one may lose 10 hit points, twice the slot level."},
	}},
	{"dying-magic", `{"slot_level":2,"con_save_bonus":0}`, 2, []words{
		0: {"Emplacement de niveau 2 : pas de jet de sauvegarde, il n’en faut qu’à partir du niveau 4 (rituels compris).",
			"Slot level 2: no saving throw, one is needed only from level 4 up (rituals included)."},
		1: {"S’il fallait un jet, son DD serait 6 plus le niveau de l’emplacement, soit 8. Avec +0, le d20 l’atteindrait 13 fois sur 20, soit 65 %.",
			"Were a save needed, its DC would be 6 plus the slot level, that is 8. With +0, the d20 would reach it 13 times out of 20, that is 65%."},
	}},
	{"spell-duel", `{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":2,"apprenticeship":2,"element":"vine"}}`, 5, []words{
		0: {"Le feu domine la vigne : A a −1 sur son dé, B +1.",
			"Fire dominates vine: A gets −1 on the die, B +1."},
		1: {"Test de A : il réussit si 1d12 − 3 fait au plus 6 (deux fois l’apprentissage), soit 9 faces sur 12 (75 %).",
			"A’s test: it passes if 1d12 − 3 is at most 6 (twice the apprenticeship), that is 9 faces out of 12 (75%)."},
		2: {"Test de B : il réussit si 1d12 fait au plus 4 (deux fois l’apprentissage), soit 4 faces sur 12 (33,3 %).",
			"B’s test: it passes if 1d12 is at most 4 (twice the apprenticeship), that is 4 faces out of 12 (33.3%)."},
		3: {"Seul A réussit dans 50 % des cas, seul B dans 8,3 %, et les deux ou aucun dans 41,7 %.",
			"Only A passes 50% of the time, only B 8.3%, and both or neither 41.7%."},
		4: {"Quand les deux réussissent ou échouent, le sort dominant de A touche.",
			"When both pass or both fail, A’s dominant spell hits."},
	}},
	{"spell-duel", `{"a":{"magic":4,"apprenticeship":3,"element":"neutral"},"b":{"magic":2,"apprenticeship":2,"element":"vine"}}`, 5, []words{
		0: {"Sort de A : neutre. Sort de B : la vigne. Aucun ne domine l’autre (même élément ou sort neutre), donc pas de modificateur.",
			"A’s spell: neutral. B’s spell: vine. Neither dominates the other (same element or a neutral spell), so no modifier."},
		4: {"Quand les deux réussissent ou échouent, sans dominance, les deux sorts s’annulent.",
			"When both pass or both fail, with no dominance, both spells cancel."},
	}},
	{"unarmed-duel", `{"score":4,"stun_hits":1,"opponents":[2,2]}`, 6, []words{
		0: {"Score de combat : 4. Le plus grand score gagne, et à égalité les deux perdent.",
			"Combat score: 4. The higher score wins, and on a tie both lose."},
		1: {"1 coup d’arme assommante : le score passe de 4 à 3.",
			"1 stunning blow: the score drops from 4 to 3."},
		2: {"Duel 1 : 3 contre 2, gagné. Le vainqueur perd 1 point de combat, il lui en reste 2.",
			"Duel 1: 3 against 2, won. The winner loses 1 combat point, 2 left."},
		3: {"Duel 2 : 2 contre 2, égalité. Les deux perdent et passent fatigués.",
			"Duel 2: 2 against 2, a tie. Both lose and become fatigued."},
		4: {"Fatigué, le personnage se bat à 0 : «\u00a0en cas de combat\u00a0» il a «\u00a00 en score de Combat\u00a0».",
			"Fatigued, the character fights at 0: “in a fight they have 0 as their Combat score”."},
		5: {"Les points de combat perdus reviennent après 10 minutes sans combat.",
			"Lost combat points come back after 10 minutes without a fight."},
	}},
	{"unarmed-duel", `{"attackers":7,"defenders":2}`, 1, []words{
		0: {"7 attaquants contre 2 défenseurs, c’est plus du triple (plus de 6) : l’union fait la force, les défenseurs perdent sans duel et passent fatigués.",
			"7 attackers against 2 defenders is more than three times as many (more than 6): strength in numbers, the defenders lose with no duel and become fatigued."},
	}},
	{"pathfinder-duel", `{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"different_school","slot_level":4}`, 4, []words{
		0: {"Identifier le sort : Art de la magie d20 +8 contre un DD de 18 (15 plus 3, le niveau du sort). Il réussit 11 fois sur 20, soit 55 %.",
			"Identify the spell: Spellcraft d20 +8 against DC 18 (15 plus 3, the spell level). It succeeds 11 times out of 20, that is 55%."},
		1: {"Sort d’une école différente : −2. Un emplacement de niveau 4 pour un sort de niveau 3 ajoute +1. Modificateur total : −1.",
			"Spell of a different school: −2. A level 4 slot for a level 3 spell adds +1. Total modifier: −1."},
		2: {"Contre : avec d20 + 7 (niveau de lanceur) et le modificateur −1 contre le DD 18, il réussit 9 fois sur 20, soit 45 %.",
			"Counter: with d20 + 7 (caster level) and the −1 modifier against DC 18, it succeeds 9 times out of 20, that is 45%."},
		3: {"Il faut identifier le sort puis le contrer : 45 % de 55 %, soit 24,8 % en tout.",
			"It takes identifying the spell, then countering it: 45% of 55%, that is 24.8% in all."},
	}},
	{"pathfinder-duel", `{"mode":"counter","caster_level":10,"dispel":"dispel_magic","opponent_caster_level":10}`, 2, []words{
		0: {"Contre par dissipation de la magie : pas besoin d’identifier le sort, et pas de modificateur de la table 3-10.",
			"Counter with dispel magic: no need to identify the spell, and no Table 3-10 modifier."},
		1: {"Test de niveau de lanceur : d20 + 10 contre un DD de 21 (11 plus 10, le niveau de lanceur adverse). Il réussit 10 fois sur 20, soit 50 %.",
			"Caster level check: d20 + 10 against DC 21 (11 plus 10, the opposing caster level). It succeeds 10 times out of 20, that is 50%."},
	}},
	{"pathfinder-duel", `{"mode":"parry","bab":6,"unarmed":true,"attack_bonus":5}`, 2, []words{
		0: {"Jet de parade : d20 + 6 (bonus de base à l’attaque), moins 5, moins 2 à mains nues, soit d20 −1.",
			"Parry roll: d20 + 6 (base attack bonus), minus 5, minus 2 unarmed, that is d20 −1."},
		1: {"La parade réussit si elle égale ou dépasse l’attaque, d20 +5 : 105 cas sur 400, soit 26,3 %.",
			"The parry succeeds if it equals or beats the attack, d20 +5: 105 cases out of 400, that is 26.3%."},
	}},
	{"pathfinder-duel", `{"mode":"dodge","attack_bonus":5,"ac":15}`, 2, []words{
		0: {"Attaque d20 +5 contre CA 15 (le 20 naturel touche toujours, le 1 naturel rate toujours) : elle touche dans 55 % des cas.",
			"Attack d20 +5 against AC 15 (a natural 20 always hits, a natural 1 always misses): it hits 55% of the time."},
		1: {"Esquive de duel : +4 à la CA (19) contre cette attaque, qui ne touche plus que dans 35 % des cas. Ensuite, −2 à la CA jusqu’au prochain tour.",
			"Duel dodge: +4 AC (19) against this attack, which then hits only 35% of the time. Afterwards, −2 AC until the next turn."},
	}},
	{"critical", `{"attack_bonus":5,"ac":15,"crit_range":19}`, 5, []words{
		0: {"Un 1 naturel est toujours un échec (un échec critique seulement si le total est assez bas), et un 19 ou un 20 naturel sont des réussites critiques.",
			"A natural 1 always fails (a critical failure only if the total is low enough), and a natural 19 or 20 is a critical success."},
		1: {"L’attaque d20 +5 touche à partir de 15, la CA. Elle est une réussite critique si le total atteint 24 (la CA plus 9), un échec critique s’il ne dépasse pas 5 (la CA moins 10).",
			"The attack d20 +5 hits from 15, the AC. It is a critical success if the total reaches 24 (the AC plus 9), a critical failure if it is 5 or less (the AC minus 10)."},
		2: {"Réussite critique sur les faces 19 et 20 du dé : 2 faces sur 20, soit 10 %.",
			"Critical success on faces 19 and 20 of the die: 2 faces out of 20, that is 10%."},
		4: {"Raté sur les faces 1 à 9 du dé : 9 faces sur 20, soit 45 %.",
			"Miss on faces 1 to 9 of the die: 9 faces out of 20, that is 45%."},
	}},
	{"dice", `{"expr":"2d6-1d4+3"}`, 5, []words{
		0: {"2d6 : de 2 à 12, 7 en moyenne.",
			"2d6: from 2 to 12, 7 on average."},
		1: {"On retire 1d4 : de 1 à 4, 2,5 en moyenne.",
			"Take away 1d4: from 1 to 4, 2.5 on average."},
		2: {"On ajoute 3.",
			"Add 3."},
		3: {"Loi exacte : on compte un à un les 144 résultats équiprobables des dés.",
			"Exact distribution: the 144 equally likely rolls of the dice are counted one by one."},
		4: {"Au total, de 1 à 14, 7,5 en moyenne.",
			"In all, from 1 to 14, 7.5 on average."},
	}},
	{"dice", `{"expr":"8d12"}`, 3, []words{
		1: {"Loi exacte : on compte un à un les 429\u202f981\u202f696 résultats équiprobables des dés.",
			"Exact distribution: the 429,981,696 equally likely rolls of the dice are counted one by one."},
	}},
	{"dice", `{"expr":"30d6"}`, 3, []words{
		1: {"Loi exacte, calculée dé après dé : il y a trop de résultats pour les compter un à un.",
			"Exact distribution, computed die after die: there are too many rolls to count them one by one."},
	}},
}

func TestStepTexts(t *testing.T) {
	for _, c := range stepCases {
		steps := run(t, c.calc, c.in)["steps"].([]any)
		if len(steps) != c.n {
			t.Errorf("%s %s: %d steps, want %d", c.calc, c.in, len(steps), c.n)
		}
		for i, w := range c.want {
			if w == (words{}) {
				continue
			}
			if i >= len(steps) {
				t.Errorf("%s %s: no step %d", c.calc, c.in, i)
				continue
			}
			m := steps[i].(map[string]any)
			if want := frTypo.Replace(w[0]); m["fr"] != want {
				t.Errorf("%s %s step %d:\n got %q\nwant %q", c.calc, c.in, i, m["fr"], want)
			}
			if m["en"] != w[1] {
				t.Errorf("%s %s step %d:\n got %q\nwant %q", c.calc, c.in, i, m["en"], w[1])
			}
		}
	}
}

func TestSay(t *testing.T) {
	for _, c := range []struct {
		fr, en string
		args   []any
		want   words
	}{
		{"$1 point{|s}", "$1 point{|s}", []any{0}, words{"0 point", "0 points"}},
		{"$1 point{|s}", "$1 point{|s}", []any{1}, words{"1 point", "1 point"}},
		{"$1 point{|s}", "$1 point{|s}", []any{2}, words{"2 points", "2 points"}},
		{"$1 repos long{|s}", "$1 long rest{|s}", []any{dec(1.5)}, words{"1,5 repos long", "1.5 long rests"}},
		{"$1 repos long{|s}", "$1 long rest{|s}", []any{dec(1.04)}, words{"1 repos long", "1 long rest"}},
		{"{2:l’heure|les $2 heures} et $1 test{|s}", "{2:the hour|the $2 hours} and $1 test{|s}", []any{3, 1}, words{"l’heure et 3 tests", "the hour and 3 tests"}},
		{"{2:l’heure|les $2 heures} et $1 test{|s}", "{2:the hour|the $2 hours} and $1 test{|s}", []any{1, 4}, words{"les 4 heures et 1 test", "the 4 hours and 1 test"}},
		{"Chance : $1 ; soit $2.", "Chance: $1; that is $2.", []any{pct(2.0 / 3), pct(0.0625)},
			words{"Chance\u00a0: 66,7\u202f%\u202f; soit 6,3\u202f%.", "Chance: 66.7%; that is 6.3%."}},
		{"$1, $2, $3", "$1, $2, $3", []any{pct(221.0 / 400), pct(1.0 / 8), dec(1.25)}, words{"55,3\u202f%, 12,5\u202f%, 1,3", "55.3%, 12.5%, 1.3"}},
		{"$1 et $2", "$1 and $2", []any{pct(1e-9), pct(1 - 1e-9)}, words{"moins de 0,1\u202f% et plus de 99,9\u202f%", "less than 0.1% and more than 99.9%"}},
		{"$1, $2, $3", "$1, $2, $3", []any{-3, 10080, dec(-2.25)}, words{"−3, 10\u202f080, −2,3", "−3, 10,080, −2.3"}},
		{"« $1 » !", "\"$1\"!", []any{words{"oui", "yes"}}, words{"«\u00a0oui\u00a0»\u202f!", "\"yes\"!"}},
	} {
		if got := say(c.fr, c.en, c.args...); got != c.want {
			t.Errorf("say(%q, %q, %v) = %q, want %q", c.fr, c.en, c.args, got, c.want)
		}
	}
}
