package engine

import (
	"regexp"
	"strings"
	"testing"
)

// frTypo writes a French expectation as the engine sets it: a no-break
// space before ":" and a narrow one before ";", "!", "?" and "%", so that
// the expected texts below stay readable.
var frTypo = strings.NewReplacer(" :", "\u00a0:", " ;", "\u202f;", " %", "\u202f%", " !", "\u202f!", " ?", "\u202f?")

// answerCases are hand-checked answers, two or more per calculator, in both
// languages.
var answerCases = map[string][]struct{ in, fr, en string }{
	"dice": {
		{`{"expr":"2d6"}`,
			"Le jet donne de **2 à 12**, en moyenne **7**.",
			"The roll gives **2 to 12**, **7** on average."},
		{`{"expr":"2d6+1d4-1"}`,
			"Le jet donne de **2 à 15**, en moyenne **8,5**.",
			"The roll gives **2 to 15**, **8.5** on average."},
		{`{"expr":"5-2"}`,
			"Le jet donne toujours **3**.",
			"The roll always gives **3**."},
		{`{"expr":"20d1000"}`,
			"Le jet donne de **20 à 20\u202f000**, en moyenne **10\u202f010**.",
			"The roll gives **20 to 20,000**, **10,010** on average."},
	},
	"armor": {
		{`{"locations":{"forearms":"leather","arms":"none","thighs":"none","legs":"none","torso":"chain"},"helmet":true,"magic":0,"life_points":1,"hits":[2,1,1,1,1]}`,
			"**4 points d’armure**, vous pouvez courir. Après ces 5 touches : **agonisant**, et l’armure cassée garde 2 points jusqu’à sa réparation.",
			"**4 armour points**, you can run. After these 5 hits: **dying**, and the broken armour keeps 2 points until it is repaired."},
		{`{"locations":{"forearms":"plate","arms":"plate","thighs":"plate","legs":"plate","torso":"plate"},"real_chainmail":["torso","arms"],"helmet":true,"costume_bonus":true}`,
			"**20 points d’armure**, plafond de 20 atteint, vous ne pouvez pas courir.",
			"**20 armour points**, the cap of 20 reached, you cannot run."},
		{`{"magic":2,"locations":{"torso":"plate"},"hits":[1]}`,
			"**5 points d’armure**, dont 2 magiques, vous pouvez courir. Après cette touche : **sain**.",
			"**5 armour points**, 2 of them magical, you can run. After this hit: **healthy**."},
		{`{"life_points":3,"locations":{"torso":"leather"},"hits":[1,1]}`,
			"**1 point d’armure**, vous pouvez courir. Après ces 2 touches : **sain**, 2 points de vie sur 3, et l’armure cassée garde 1 point jusqu’à sa réparation.",
			"**1 armour point**, you can run. After these 2 hits: **healthy**, 2 life points out of 3, and the broken armour keeps 1 point until it is repaired."},
		{`{"helmet":true,"hits":[1]}`,
			"**1 point d’armure**, vous pouvez courir. Après cette touche : **sain**, et l’armure cassée ne garde aucun point.",
			"**1 armour point**, you can run. After this hit: **healthy**, and the broken armour keeps no points."},
	},
	"health-fantasy": {
		{`{"state":"wounded","life_points":1,"combat_ends_at":0,"until":240,"events":[{"at":30,"action":"first_aid","self":false}]}`,
			"À la minute 240 : **mort** depuis la minute **65**. Le corps reste fouillable jusqu’à la minute 75. L’action 1, les premiers secours à la minute 30, est restée sans effet, car les premiers secours ne s’appliquent qu’à un agonisant, et le personnage est blessé.",
			"At minute 240: **dead** since minute **65**. The body may be searched until minute 75. Action 1, first aid at minute 30, had no effect, because first aid applies only to a dying character, and the character is wounded."},
		// Past two, the answer counts the actions without effect.
		{`{"state":"healthy","until":60,"events":[{"at":10,"action":"potion"},{"at":20,"action":"laying_on_hands"},{"at":30,"action":"first_aid"}]}`,
			"À la minute 60 : **sain** depuis le début. L’action 1, le philtre de soin à la minute 10, est restée sans effet, car le philtre de soin ne s’applique qu’à un blessé ou à un agonisant, et le personnage est sain. L’action 2, l’imposition des mains à la minute 20, est restée sans effet, car l’imposition des mains ne s’utilise que sur soi. Une autre action est restée sans effet (les étapes du calcul disent pourquoi).",
			"At minute 60: **healthy** since the start. Action 1, the healing potion at minute 10, had no effect, because the healing potion applies only to a wounded or dying character, and the character is healthy. Action 2, laying on hands at minute 20, had no effect, because laying on hands works on oneself only. One other action had no effect (the steps say why)."},
		{`{"state":"dying","combat_ends_at":30,"until":20}`,
			"À la minute 20 : **agonisant** depuis le début. Ensuite : mort à la minute 35.",
			"At minute 20: **dying** since the start. Next: dead at minute 35."},
		{`{"state":"wounded","life_points":3,"events":[{"at":55,"action":"medicine"}]}`,
			"À la minute 240 : **sain** depuis la minute **65**.",
			"At minute 240: **healthy** since minute **65**."},
	},
	"health-modern": {
		{`{"state":"wounded","until":240,"events":[{"at":5,"action":"first_aid","level":"novice","calm_place":false,"self":false}]}`,
			"À la minute 240 : **mort** depuis la minute **81**. Le corps reste en place tant que d’autres personnages veulent s’en servir ; si personne ne s’occupe de lui pendant 10 minutes, le joueur peut se relever, au plus tôt à la minute 91.",
			"At minute 240: **dead** since minute **81**. The body stays in place as long as other characters wish to use it; if nobody deals with it for 10 minutes, the player may get up, at minute 91 at the earliest."},
		{`{"state":"fatigued"}`,
			"À la minute 240 : **en pleine forme** depuis la minute **10**.",
			"At minute 240: **in full health** since minute **10**."},
		{`{"state":"fatigued","until":60,"events":[{"at":5,"action":"first_aid","level":"novice"}]}`,
			"À la minute 60 : **en pleine forme** depuis la minute **10**. L’action 1, les premiers secours à la minute 5, est restée sans effet, car les premiers secours ne s’appliquent qu’à un blessé ou à quelqu’un dans le coma, et le personnage est fatigué.",
			"At minute 60: **in full health** since minute **10**. Action 1, first aid at minute 5, had no effect, because first aid applies only to a wounded character or one in a coma, and the character is fatigued."},
	},
	"wounds": {
		{`{"dice":2,"die":6,"medicine_bonus":5}`,
			"La blessure guérit en **5,5 repos longs** en moyenne, de 3 à 8. Avec la médecine, réussie dans **40 %** des cas : **4,3 repos longs** en moyenne.",
			"The wound heals in **5.5 long rests** on average, 3 to 8. With medicine, which succeeds **40%** of the time: **4.3 long rests** on average."},
		{`{"dice":1,"die":8}`,
			"La blessure guérit en **4,5 repos longs** en moyenne, de 1 à 8.",
			"The wound heals in **4.5 long rests** on average, 1 to 8."},
		{`{"dice":1,"die":4,"queue":[2]}`,
			"La blessure guérit en **2,5 repos longs** en moyenne, de 1 à 4. Après la blessure déjà portée, la nouvelle guérit au bout de **4,5 repos longs** en moyenne.",
			"The wound heals in **2.5 long rests** on average, 1 to 4. After the wound already carried, the new one heals after **4.5 long rests** on average."},
		{`{"dice":1,"die":4,"queue":[5,3,4]}`,
			"La blessure guérit en **2,5 repos longs** en moyenne, de 1 à 4. Après les 3 blessures déjà portées, la nouvelle guérit au bout de **14,5 repos longs** en moyenne.",
			"The wound heals in **2.5 long rests** on average, 1 to 4. After the 3 wounds already carried, the new one heals after **14.5 long rests** on average."},
	},
	"casting": {
		{`{"magic":4,"apprenticeship":3,"difficulty":2}`,
			"Vous lancez le sort **8 fois sur 12** (66,7 %). Il faut en moyenne **40,4 lancers** pour atteindre le niveau 4.",
			"You cast the spell **8 times out of 12** (66.7%). It takes **40.4 casts** on average to reach level 4."},
		{`{"magic":0,"apprenticeship":5,"difficulty":1}`,
			"Vous lancez le sort **10 fois sur 12** (83,3 %). Le sort est parfaitement maîtrisé.",
			"You cast the spell **10 times out of 12** (83.3%). The spell is fully mastered."},
		{`{"magic":0,"apprenticeship":1,"modifier":3}`,
			"Vous ne lancez **jamais** le sort (0 %).",
			"You **never** cast the spell (0%)."},
		{`{"magic":0,"apprenticeship":2,"difficulty":1,"xp":30}`,
			"Vous lancez le sort **4 fois sur 12** (33,3 %). Vous avez déjà l’expérience du niveau 3.",
			"You cast the spell **4 times out of 12** (33.3%). You already have the experience for level 3."},
		{`{"magic":40,"apprenticeship":1,"difficulty":5,"xp":7}`,
			"Vous lancez le sort **12 fois sur 12** (100 %). Il faut en moyenne **15 lancers** pour atteindre le niveau 2.",
			"You cast the spell **12 times out of 12** (100%). It takes **15 casts** on average to reach level 2."},
	},
	"study": {
		{`{"hours":4,"p_test":0.9}`,
			"L’étude rapporte en moyenne **20,9 xp**. Vous réussissez les 4 heures, pour 55 xp, dans **31,4 %** des cas.",
			"The study gives **20.9 xp** on average. You complete the 4 hours, for 55 xp, **31.4%** of the time."},
		{`{"hours":1,"p_test":0.5}`,
			"L’étude rapporte en moyenne **1,3 xp**. Vous réussissez l’heure, pour 5 xp, dans **25 %** des cas.",
			"The study gives **1.3 xp** on average. You complete the hour, for 5 xp, **25%** of the time."},
		{`{"hours":6,"p_test":0.3}`,
			"L’étude rapporte en moyenne **0,3 xp**. Vous réussissez les 6 heures, pour 300 xp, dans **moins de 0,1 %** des cas.",
			"The study gives **0.3 xp** on average. You complete the 6 hours, for 300 xp, **less than 0.1%** of the time."},
	},
	"dying-magic": {
		{`{"slot_level":5,"con_save_bonus":2,"pact_slot":false}`,
			"Jet de sauvegarde de Constitution exigé : **DD 11**, réussi dans **60 %** des cas. Sinon, 1 niveau de fatigue, ou 10 points de vie perdus à la place.",
			"A Constitution save is required: **DC 11**, passed **60%** of the time. Otherwise 1 level of exhaustion, or 10 hit points lost instead."},
		{`{"slot_level":9,"con_save_bonus":-5}`,
			"Jet de sauvegarde de Constitution exigé : **DD 15**, réussi dans **5 %** des cas. Sinon, 2 niveaux de fatigue, ou 18 points de vie perdus à la place.",
			"A Constitution save is required: **DC 15**, passed **5%** of the time. Otherwise 2 levels of exhaustion, or 18 hit points lost instead."},
		{`{"slot_level":3,"con_save_bonus":0}`,
			"**Aucun jet de sauvegarde** : l’emplacement est de niveau 3, sous le niveau 4.",
			"**No saving throw**: the slot is level 3, below level 4."},
		{`{"slot_level":5,"con_save_bonus":0,"pact_slot":true}`,
			"**Aucun jet de sauvegarde** : c’est un emplacement de pacte.",
			"**No saving throw**: it is a pact slot."},
	},
	"spell-duel": {
		{`{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":2,"apprenticeship":2,"element":"vine"}}`,
			"Le sort de A domine (le feu domine la vigne) : A touche dans **91,7 %** des cas, B dans **8,3 %**.",
			"A’s spell dominates (fire dominates vine): A hits **91.7%** of the time, B **8.3%**."},
		{`{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":2,"apprenticeship":2,"element":"water"}}`,
			"Le sort de B domine (l’eau domine le feu) : B touche dans **70,8 %** des cas, A dans **29,2 %**.",
			"B’s spell dominates (water dominates fire): B hits **70.8%** of the time, A **29.2%**."},
		{`{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":0,"apprenticeship":1,"element":"fire"}}`,
			"Aucun sort ne domine : A touche dans **55,6 %** des cas, B dans **5,6 %**, et les sorts s’annulent dans **38,9 %**.",
			"Neither spell dominates: A hits **55.6%** of the time, B **5.6%**, and the spells cancel **38.9%** of the time."},
	},
	"unarmed-duel": {
		{`{"score":4,"opponents":[2,3,3]}`,
			"Après 2 duels : **fatigué**, score de combat **0**.",
			"After 2 duels: **fatigued**, combat score **0**."},
		{`{"score":5,"stun_hits":1,"opponents":[1]}`,
			"Après 1 duel : **en pleine forme**, score de combat **3**.",
			"After 1 duel: **in full health**, combat score **3**."},
		{`{"score":5}`,
			"Sans duel : **en pleine forme**, score de combat **5**.",
			"With no duel: **in full health**, combat score **5**."},
		{`{"attackers":4,"defenders":1}`,
			"Le défenseur est **submergé** : 4 attaquants contre 1, c’est plus du triple, et il perd sans duel.",
			"The defender is **overwhelmed**: 4 attackers against 1 is more than three times as many, so the defender loses with no duel."},
		{`{"attackers":9,"defenders":2}`,
			"Les défenseurs sont **submergés** : 9 attaquants contre 2, c’est plus du triple, et ils perdent sans duel.",
			"The defenders are **overwhelmed**: 9 attackers against 2 is more than three times as many, so they lose with no duel."},
		{`{"attackers":3,"defenders":1}`,
			"**Duels successifs** : 3 attaquants contre 1, ce n’est pas plus du triple.",
			"**Successive duels**: 3 attackers against 1 is not more than three times as many."},
	},
	"pathfinder-duel": {
		{`{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"different_school","slot_level":4}`,
			"Vous contrez le sort dans **24,8 %** des cas : il faut l’identifier (**55 %**), puis le contrer (**45 %**).",
			"You counter the spell **24.8%** of the time: you must identify it (**55%**), then counter it (**45%**)."},
		{`{"mode":"counter","caster_level":7,"dispel":"greater_dispel","opponent_caster_level":9}`,
			"Vous contrez le sort dans **40 %** des cas, sans avoir à l’identifier.",
			"You counter the spell **40%** of the time, without having to identify it."},
		{`{"mode":"parry","bab":6,"attack_bonus":5}`,
			"Votre parade réussit dans **34 %** des cas.",
			"Your parry succeeds **34%** of the time."},
		{`{"mode":"dodge","attack_bonus":5,"ac":15}`,
			"L’attaque vous touche dans **55 %** des cas, et dans **35 %** si vous esquivez.",
			"The attack hits you **55%** of the time, and **35%** if you dodge."},
	},
	"critical": {
		{`{"attack_bonus":5,"ac":15,"crit_range":20}`,
			"Vous touchez dans **55 %** des cas, dont **5 %** de réussites critiques. Échec critique : **0 %** des cas.",
			"You hit **55%** of the time, **5%** with a critical success. Critical failure: **0%** of the time."},
		{`{"attack_bonus":10,"ac":12}`,
			"Vous touchez dans **95 %** des cas, dont **45 %** de réussites critiques. Échec critique : **0 %** des cas.",
			"You hit **95%** of the time, **45%** with a critical success. Critical failure: **0%** of the time."},
		{`{"attack_bonus":0,"ac":20,"crit_range":19}`,
			"Vous touchez dans **10 %** des cas, dont **10 %** de réussites critiques. Échec critique : **50 %** des cas.",
			"You hit **10%** of the time, **10%** with a critical success. Critical failure: **50%** of the time."},
	},
}

func TestAnswers(t *testing.T) {
	for _, c := range Calculators() {
		if len(answerCases[c.Name]) < 2 {
			t.Errorf("%s: fewer than two answer cases", c.Name)
		}
	}
	for name, cases := range answerCases {
		for _, c := range cases {
			a, ok := run(t, name, c.in)["answer"].(map[string]any)
			if !ok {
				t.Errorf("%s %s: no answer", name, c.in)
				continue
			}
			if want := frTypo.Replace(c.fr); a["fr"] != want {
				t.Errorf("%s %s:\n got %q\nwant %q", name, c.in, a["fr"], want)
			}
			if a["en"] != c.en {
				t.Errorf("%s %s:\n got %q\nwant %q", name, c.in, a["en"], c.en)
			}
		}
	}
}

// formDefaults are the calculators' default inputs as the pages send them:
// generator/calcui/forms.go's Defaults, without the fields the form hides or
// keeps to itself (fight_mode; the other pathfinder modes' fields).
var formDefaults = map[string]string{
	"dice":            `{"expr":"2d6"}`,
	"armor":           `{"locations":{"forearms":"leather","arms":"none","thighs":"none","legs":"none","torso":"chain"},"helmet":true,"magic":0,"life_points":1,"hits":[2,1,1,1,1]}`,
	"health-fantasy":  `{"state":"wounded","life_points":1,"combat_ends_at":0,"until":240,"events":[{"at":30,"action":"first_aid","self":false}]}`,
	"health-modern":   `{"state":"wounded","until":240,"events":[{"at":5,"action":"first_aid","level":"novice","calm_place":false,"self":false}]}`,
	"wounds":          `{"dice":2,"die":6,"medicine_bonus":5}`,
	"casting":         `{"magic":4,"apprenticeship":3,"difficulty":2}`,
	"study":           `{"hours":4,"p_test":0.9}`,
	"dying-magic":     `{"slot_level":5,"con_save_bonus":2,"pact_slot":false}`,
	"spell-duel":      `{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":2,"apprenticeship":2,"element":"vine"}}`,
	"unarmed-duel":    `{"score":4,"opponents":[2,3,3]}`,
	"pathfinder-duel": `{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"different_school","slot_level":4}`,
	"critical":        `{"attack_bonus":5,"ac":15,"crit_range":20}`,
}

// variedInputs add edge cases to the examples: zeros, ones, certainties,
// the largest values.
var variedInputs = map[string][]string{
	"dice":            {`{"expr":"5-2"}`, `{"expr":"-1d4"}`, `{"expr":"1d1000+99999"}`},
	"armor":           {`{}`, `{"hits":[]}`, `{"helmet":true,"hits":[1]}`, `{"magic":50,"life_points":10,"hits":[50,0,1,1,1,1,1,1,1,1,1,1,1]}`, `{"locations":{"torso":"leather"},"armor_type":"heavy","hits":[1]}`},
	"health-fantasy":  {`{"state":"healthy","until":0}`, `{"state":"dying","combat_ends_at":10080,"until":10080}`, `{"state":"wounded","events":[{"at":1,"action":"potion","self":true},{"at":2,"action":"potion"}]}`},
	"health-modern":   {`{"state":"full_health"}`, `{"state":"coma","events":[{"at":1,"action":"surgery","level":"expert","calm_place":true}]}`, `{"state":"dead","until":5}`},
	"wounds":          {`{"dice":1,"die":4,"queue":[]}`, `{"dice":1,"die":12,"medicine_bonus":20,"queue":[1000]}`, `{"dice":20,"die":12}`},
	"casting":         {`{"magic":1,"apprenticeship":1,"difficulty":1}`, `{"magic":0,"apprenticeship":1,"modifier":3,"reading":"natural"}`, `{"magic":0,"apprenticeship":4,"difficulty":5,"xp":100000}`},
	"study":           {`{"hours":1,"p_test":1}`, `{"hours":6,"p_test":0.01}`, `{"hours":3,"p_test":0.6666666666666666}`},
	"dying-magic":     {`{"slot_level":4,"con_save_bonus":20}`, `{"slot_level":1,"con_save_bonus":-5}`, `{"slot_level":8,"con_save_bonus":3}`},
	"spell-duel":      {`{"a":{"magic":40,"apprenticeship":1,"element":"neutral"},"b":{"magic":40,"apprenticeship":1,"element":"neutral"}}`, `{"a":{"magic":0,"apprenticeship":1,"element":"water"},"b":{"magic":0,"apprenticeship":5,"element":"vine"}}`},
	"unarmed-duel":    {`{"score":0,"opponents":[0]}`, `{"score":10,"stun_hits":10}`, `{"attackers":1000,"defenders":1}`, `{"attackers":1,"defenders":1000}`},
	"pathfinder-duel": {`{"mode":"counter","spellcraft_bonus":-10,"spell_level":9,"caster_level":1,"relation":"same_school"}`, `{"mode":"parry","bab":0,"attack_bonus":50,"unarmed":true}`, `{"mode":"dodge","attack_bonus":-10,"ac":60}`},
	"critical":        {`{"attack_bonus":30,"ac":1}`, `{"attack_bonus":-10,"ac":40,"crit_range":19}`},
}

// allInputs lists every input the text checks read: the form defaults, the
// examples and the varied inputs.
func allInputs() map[string][]string {
	all := map[string][]string{}
	for _, c := range Calculators() {
		all[c.Name] = append(append([]string{formDefaults[c.Name]}, examples[c.Name]...), variedInputs[c.Name]...)
	}
	return all
}

var (
	// A number with two decimals or more: a raw float, not rounded for people.
	rawFloatEn = regexp.MustCompile(`\d\.\d\d`)
	rawFloatFr = regexp.MustCompile(`\d,\d\d`)
	// Code notation and the abbreviations of the old texts.
	codeLike = regexp.MustCompile(`\(s\)|\(x\)|→|⌊|⌈|≥|≤|max\(|min\(| = |p = |\^| ×`)
	// French high punctuation after a plain space: it needs a no-break one.
	frPlainSpace = regexp.MustCompile(` [:;!?%»]|« `)
	// English punctuation after a space of any kind.
	enSpaceBefore = regexp.MustCompile(`[ \x{00a0}\x{202f}][:;!?%]`)
)

// textFaults lists what is wrong with one text a player reads, a step or
// an answer.
func textFaults(lang, s string) []string {
	var faults []string
	if s == "" {
		return []string{"empty text"}
	}
	if m := codeLike.FindString(s); m != "" {
		faults = append(faults, "reads like code: "+m)
	}
	if strings.Contains(s, "  ") || strings.HasPrefix(s, " ") || strings.HasSuffix(s, " ") {
		faults = append(faults, "stray space")
	}
	if !strings.HasSuffix(s, ".") {
		faults = append(faults, "not a sentence ending with a full stop")
	}
	if lang == "fr" {
		if rawFloatFr.MatchString(s) {
			faults = append(faults, "raw float")
		}
		if strings.Contains(s, "'") {
			faults = append(faults, "typewriter apostrophe")
		}
		if m := frPlainSpace.FindString(s); m != "" {
			faults = append(faults, "plain space in "+m)
		}
	} else {
		if rawFloatEn.MatchString(s) {
			faults = append(faults, "raw float")
		}
		if m := enSpaceBefore.FindString(s); m != "" {
			faults = append(faults, "space before punctuation in "+m)
		}
	}
	return faults
}

func checkText(t *testing.T, where, lang, s string) {
	t.Helper()
	for _, f := range textFaults(lang, s) {
		t.Errorf("%s %s: %s: %q", where, lang, f, s)
	}
}

// TestTextsRead checks, for every calculator and many inputs, that the
// answer and every step read as sentences for people: no code notation, no
// raw floats, no "(s)", French typography, and in the answer balanced,
// non-empty ** marks.
func TestTextsRead(t *testing.T) {
	for name, ins := range allInputs() {
		for _, in := range ins {
			out := run(t, name, in)
			where := name + " " + in
			a, ok := out["answer"].(map[string]any)
			if !ok {
				t.Errorf("%s: no answer", where)
				continue
			}
			for _, lang := range []string{"fr", "en"} {
				s, _ := a[lang].(string)
				checkText(t, where+" answer", lang, s)
				parts := strings.Split(s, "**")
				if len(parts)%2 == 0 || len(parts) < 3 {
					t.Errorf("%s answer %s: unbalanced or missing ** marks: %s", where, lang, s)
				}
				for i := 1; i < len(parts); i += 2 {
					if strings.TrimSpace(parts[i]) != parts[i] || parts[i] == "" {
						t.Errorf("%s answer %s: empty or padded bold run %q", where, lang, parts[i])
					}
				}
			}
			for i, st := range out["steps"].([]any) {
				m := st.(map[string]any)
				for _, lang := range []string{"fr", "en"} {
					s, _ := m[lang].(string)
					checkText(t, where+" step "+itoa(i), lang, s)
					if strings.Contains(s, "**") {
						t.Errorf("%s step %d: ** marks outside the answer", where, i)
					}
				}
			}
		}
	}
}

// TestTextFaultsCatch makes sure the text checks fail on the old texts'
// faults, so that TestTextsRead passing means something.
func TestTextFaultsCatch(t *testing.T) {
	for _, c := range []struct{ lang, s string }{
		{"fr", "touche 1 : 2 dégât(s), −2 physique."},
		{"fr", "Mort à max(60, 0) + 5 = 65."},
		{"fr", "Lecture : < 6 → parfait."},
		{"fr", "Chance\u00a0: 0,6666."},
		{"fr", "Chance : 66,7\u202f%."},
		{"fr", "Chance\u00a0: 66,7 %."},
		{"fr", "L'armure."},
		{"fr", "Sans point final"},
		{"en", "Chance: 0.6666."},
		{"en", "Chance : 66.7%."},
		{"en", "Expectation 5/2 = 2.5."},
	} {
		if len(textFaults(c.lang, c.s)) == 0 {
			t.Errorf("textFaults accepts %q (%s)", c.s, c.lang)
		}
	}
}
