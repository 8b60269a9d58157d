package engine

import (
	"math"
	"math/rand"
	"testing"
)

func num(t *testing.T, v any, path string) float64 {
	t.Helper()
	x, ok := lookup(v, path)
	if !ok {
		t.Fatalf("no %s", path)
	}
	f, ok := x.(float64)
	if !ok {
		t.Fatalf("%s = %v, not a number", path, x)
	}
	return f
}

func sumList(t *testing.T, out map[string]any, list, key string) float64 {
	t.Helper()
	l, ok := out[list].([]any)
	if !ok {
		t.Fatalf("no list %s", list)
	}
	s := 0.0
	for _, e := range l {
		p := e.(map[string]any)[key].(float64)
		if p < 0 || p > 1 || math.IsNaN(p) {
			t.Fatalf("%s: probability %v out of [0, 1]", list, p)
		}
		s += p
	}
	return s
}

func near1(t *testing.T, what string, s float64) {
	t.Helper()
	if math.Abs(s-1) > 1e-9 {
		t.Errorf("%s: probabilities sum to %.17g", what, s)
	}
}

func sumKeys(t *testing.T, m any, keys ...string) float64 {
	t.Helper()
	s := 0.0
	for _, k := range keys {
		p := num(t, m, k)
		if p < 0 || p > 1 {
			t.Fatalf("%s = %v out of [0, 1]", k, p)
		}
		s += p
	}
	return s
}

func TestPropertySumsToOne(t *testing.T) {
	for _, e := range []string{"2d6", "d%", "3d6-1d4+2", "10d10", "30d6", "1d1000-1d1000", "12d20", "7"} {
		out := run(t, "dice", `{"expr":"`+e+`"}`)
		near1(t, e, sumList(t, out, "distribution", "p"))
		al := out["at_least"].([]any)
		prev := 2.0
		for _, a := range al {
			p := a.(map[string]any)["p"].(float64)
			if p > prev {
				t.Fatalf("%s: at_least rises", e)
			}
			prev = p
		}
		if al[0].(map[string]any)["p"] != 1.0 {
			t.Errorf("%s: at_least(min) = %v", e, al[0])
		}
	}
	for _, n := range []int{1, 2, 5, 20} {
		for _, s := range Default().Wounds.dice() {
			for _, b := range []int{-5, 0, 7, 20} {
				out, err := Calculate("wounds", map[string]any{"dice": n, "die": s, "medicine_bonus": b})
				if err != nil {
					t.Fatal(err)
				}
				near1(t, "wounds rests", sumList(t, out, "rests", "p"))
				near1(t, "wounds with medicine", sumList(t, out, "rests_with_medicine", "p"))
			}
		}
	}
	outcomes := []string{"outcomes.flawed", "outcomes.success", "outcomes.perfect", "outcomes.failure", "outcomes.critical_failure"}
	for m := 0; m <= 40; m++ {
		for a := 1; a <= 5; a++ {
			for mod := -3; mod <= 3; mod++ {
				for _, rd := range []string{"modified", "natural"} {
					out, err := Calculate("casting", map[string]any{"magic": m, "apprenticeship": a, "modifier": mod, "reading": rd})
					if err != nil {
						t.Fatal(err)
					}
					near1(t, "casting", sumKeys(t, out, outcomes...))
				}
			}
		}
	}
	for h := 1; h <= 6; h++ {
		for _, p := range []float64{0, 0.1, 0.5, 0.9, 0.99, 1} {
			out, _ := Calculate("study", map[string]any{"hours": h, "p_test": p})
			near1(t, "study", sumList(t, out, "distribution", "p"))
		}
	}
	for _, ea := range elements {
		for _, eb := range elements {
			for m := 0; m <= 40; m += 3 {
				for a := 1; a <= 5; a++ {
					in := map[string]any{
						"a": map[string]any{"magic": m, "apprenticeship": a, "element": ea},
						"b": map[string]any{"magic": 40 - m, "apprenticeship": 6 - a, "element": eb},
					}
					out, err := Calculate("spell-duel", in)
					if err != nil {
						t.Fatal(err)
					}
					near1(t, "spell-duel", sumKeys(t, out, "outcomes.a_hits", "outcomes.b_hits", "outcomes.cancel"))
				}
			}
		}
	}
	for atk := -10; atk <= 30; atk++ {
		for ac := 1; ac <= 40; ac++ {
			for _, cr := range []int{19, 20} {
				out, _ := Calculate("critical", map[string]any{"attack_bonus": atk, "ac": ac, "crit_range": cr})
				near1(t, "critical", sumKeys(t, out, "outcomes.critical", "outcomes.hit", "outcomes.miss", "outcomes.critical_failure"))
				if num(t, out, "p_hit")+num(t, out, "outcomes.miss")+num(t, out, "outcomes.critical_failure") < 1-1e-12 {
					t.Fatalf("critical %d vs %d: hit + miss + critical failure < 1", atk, ac)
				}
			}
		}
	}
	for slot := 1; slot <= 9; slot++ {
		for b := -5; b <= 20; b++ {
			out, _ := Calculate("dying-magic", map[string]any{"slot_level": slot, "con_save_bonus": b})
			if out["save_required"] == true {
				near1(t, "dying-magic", sumKeys(t, out, "p_save", "p_exhaustion"))
			}
		}
	}
	for bab := 0; bab <= 20; bab++ {
		for atk := -10; atk <= 50; atk += 3 {
			out, _ := Calculate("pathfinder-duel", map[string]any{"mode": "parry", "bab": bab, "attack_bonus": atk})
			sumKeys(t, out, "p_parry")
			out, _ = Calculate("pathfinder-duel", map[string]any{"mode": "dodge", "attack_bonus": atk, "ac": bab + 10})
			if num(t, out, "p_hit_dodging") > num(t, out, "p_hit") {
				t.Fatal("dodging raises the chance to be hit")
			}
		}
	}
	for lvl := 0; lvl <= 9; lvl++ {
		for cl := 1; cl <= 20; cl += 4 {
			for _, rel := range relations {
				out, _ := Calculate("pathfinder-duel", map[string]any{"mode": "counter", "spellcraft_bonus": cl, "spell_level": lvl, "caster_level": cl, "relation": rel})
				if num(t, out, "p_total") > num(t, out, "p_identify")+1e-12 || num(t, out, "p_total") > num(t, out, "p_counter")+1e-12 {
					t.Fatal("p_total above one of its factors")
				}
			}
		}
	}
}

// More magic lowers the roll, which never turns a cast into a failure.
func TestPropertyMoreMagicNeverLowersCasting(t *testing.T) {
	for a := 1; a <= 5; a++ {
		for mod := -3; mod <= 3; mod++ {
			for _, rd := range []string{"modified", "natural"} {
				prev := -1.0
				for m := 0; m <= 40; m++ {
					out, _ := Calculate("casting", map[string]any{"magic": m, "apprenticeship": a, "modifier": mod, "reading": rd})
					p := out["p_cast"].(float64)
					if p < prev {
						t.Fatalf("apprenticeship %d modifier %d %s: p_cast falls from %v to %v at magic %d", a, mod, rd, prev, p, m)
					}
					prev = p
				}
			}
		}
	}
	// The same in a duel: a wizard's own test never gets harder with magic.
	for _, el := range elements {
		prev := -1.0
		for m := 0; m <= 40; m++ {
			out, _ := Calculate("spell-duel", map[string]any{
				"a": map[string]any{"magic": m, "apprenticeship": 2, "element": el},
				"b": map[string]any{"magic": 4, "apprenticeship": 2, "element": "vine"},
			})
			p := num(t, out, "p_test.a")
			if p < prev {
				t.Fatalf("%s: duel test falls with magic", el)
			}
			prev = p
		}
	}
}

// rank orders the life states: more is better.
func rank(e map[string]any) float64 {
	switch e["state"] {
	case "healthy":
		return 10 + e["life_points"].(float64)
	case "wounded":
		return 1
	}
	return 0
}

func randomArmor(rng *rand.Rand) map[string]any {
	locs := map[string]any{}
	for _, l := range armorLocations {
		locs[l] = armorMaterials[rng.Intn(len(armorMaterials))]
	}
	var chain []any
	for _, l := range armorLocations {
		if rng.Intn(4) == 0 {
			chain = append(chain, l)
		}
	}
	return map[string]any{"locations": locs, "real_chainmail": chain, "helmet": rng.Intn(2) == 0,
		"costume_bonus": rng.Intn(3) == 0, "magic": rng.Intn(6), "life_points": 1 + rng.Intn(3)}
}

// upgrade adds one armour point somewhere: a better material, a coat, a
// helmet, a costume bonus or a magic point.
func upgrade(rng *rand.Rand, in map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range in {
		out[k] = v
	}
	locs := map[string]any{}
	for k, v := range in["locations"].(map[string]any) {
		locs[k] = v
	}
	out["locations"] = locs
	switch rng.Intn(4) {
	case 0:
		l := armorLocations[rng.Intn(5)]
		for i, m := range armorMaterials {
			if m == locs[l] && i+1 < len(armorMaterials) {
				locs[l] = armorMaterials[i+1]
				return out
			}
		}
	case 1:
		if out["helmet"] == false {
			out["helmet"] = true
			return out
		}
	case 2:
		if out["costume_bonus"] == false {
			out["costume_bonus"] = true
			return out
		}
	}
	out["magic"] = in["magic"].(int) + 1
	return out
}

func TestPropertyMoreArmorNeverWorse(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 3000; i++ {
		base := randomArmor(rng)
		hits := make([]any, rng.Intn(12))
		for k := range hits {
			hits[k] = rng.Intn(6)
		}
		base["hits"] = hits
		more := upgrade(rng, base)
		a, errA := Calculate("armor", base)
		b, errB := Calculate("armor", more)
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if b["total"].(float64) < a["total"].(float64) {
			t.Fatalf("upgrade lowered the total: %v → %v", base, more)
		}
		ta, tb := a["timeline"].([]any), b["timeline"].([]any)
		for k := range ta {
			ea, eb := ta[k].(map[string]any), tb[k].(map[string]any)
			if rank(eb) < rank(ea) {
				t.Fatalf("hit %d: more armour is worse off: %v vs %v (%v → %v)", k+1, eb, ea, base, more)
			}
			if eb["magic"].(float64)+eb["physical"].(float64) < ea["magic"].(float64)+ea["physical"].(float64) {
				t.Fatalf("hit %d: more armour leaves less armour: %v → %v", k+1, base, more)
			}
		}
	}
}

func TestPropertyLongerStudyNeverLowersBestXP(t *testing.T) {
	for _, p := range []float64{0.01, 0.3, 0.5, 0.9, 1} {
		prev := -1.0
		for h := 1; h <= 6; h++ {
			out, _ := Calculate("study", map[string]any{"hours": h, "p_test": p})
			best := out["best_xp"].(float64)
			if best < prev {
				t.Fatalf("p %v: best xp falls at %d hours", p, h)
			}
			// The best xp is reachable: it is the last entry, with a positive probability.
			d := out["distribution"].([]any)
			last := d[len(d)-1].(map[string]any)
			if last["xp"] != best || last["p"].(float64) <= 0 {
				t.Fatalf("p %v, %d hours: best xp %v not reachable: %v", p, h, best, last)
			}
			prev = best
		}
	}
}

// deathAt is the minute of the first death in a health timeline, or a
// minute past any period for a character who does not die.
func deathAt(out map[string]any) float64 {
	for _, e := range out["timeline"].([]any) {
		if m := e.(map[string]any); m["state"] == "dead" {
			return m["at"].(float64)
		}
	}
	return maxMinutes + 1
}

func randomCare(rng *rand.Rand, modern bool, n int) []any {
	actions := fantasyActions
	if modern {
		actions = modernActions
	}
	evs := make([]any, n)
	for k := range evs {
		ev := map[string]any{"at": rng.Intn(90), "action": actions[rng.Intn(len(actions))], "self": rng.Intn(4) == 0}
		if modern {
			ev["level"] = levels[rng.Intn(2)]
			ev["calm_place"] = rng.Intn(2) == 0
		}
		evs[k] = ev
	}
	return evs
}

// One more treatment, whatever it is, begun after the others, never brings
// death sooner: a treatment that cannot apply holds nothing and does
// nothing, and one that applies holds the deterioration while it lasts.
// (An earlier one may: first aid during a long fight makes the dying
// wounded, and the hour then runs from it.)
func TestPropertyCareNeverHastensDeath(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 4000; i++ {
		modern := i%2 == 1
		calc, states := "health-fantasy", fantasyStates
		if modern {
			calc, states = "health-modern", modernStates
		}
		evs := randomCare(rng, modern, rng.Intn(4))
		base := map[string]any{"state": states[rng.Intn(len(states))], "events": evs, "until": 400}
		if !modern {
			base["combat_ends_at"] = rng.Intn(30)
		}
		more := map[string]any{}
		for k, v := range base {
			more[k] = v
		}
		last := 0
		for _, e := range evs {
			last = max(last, e.(map[string]any)["at"].(int))
		}
		added := randomCare(rng, modern, 1)
		added[0].(map[string]any)["at"] = last + rng.Intn(60)
		more["events"] = append(append([]any{}, evs...), added...)
		a, errA := Calculate(calc, base)
		b, errB := Calculate(calc, more)
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if deathAt(b) < deathAt(a) {
			t.Fatalf("%s: one more treatment brings death from %v to %v: %v → %v", calc, deathAt(a), deathAt(b), base, more["events"])
		}
	}
}

// A treatment begun by someone else on a dying character (fantasy) or one
// in a coma (contemporary) at any minute up to the death it prevents saves
// them at its end: the text keeps the dying in agony « pour permettre à vos
// alliés de vous soigner », and the one in a coma « doit se faire soigner »
// within the delay. Worked from the rules, not from the engine's timeline.
func TestPropertyTreatmentBegunInTimeSaves(t *testing.T) {
	r := Default()
	fh, mh := r.FantasyHealth, r.ModernHealth
	for fight := 0; fight <= 20; fight += 4 {
		death := fight + fh.DyingAfterFight
		for at := 0; at <= death+2; at++ {
			for _, c := range []struct {
				action, state string
				d             int
			}{{"medicine", "healthy", fh.Medicine}, {"first_aid", "wounded", fh.FirstAid}} {
				out, err := Calculate("health-fantasy", map[string]any{"state": "dying", "combat_ends_at": fight,
					"events": []any{map[string]any{"at": at, "action": c.action}}})
				if err != nil {
					t.Fatal(err)
				}
				tl := out["timeline"].([]any)
				got := tl[1].(map[string]any)
				if at <= death && (got["at"].(float64) != float64(at+c.d) || got["state"] != c.state) {
					t.Errorf("%s at %d, fight over at %d: %v, want %s at %d", c.action, at, fight, got, c.state, at+c.d)
				}
				if at > death && (got["at"].(float64) != float64(death) || got["state"] != "dead") {
					t.Errorf("%s at %d, fight over at %d: %v, want dead at %d", c.action, at, fight, got, death)
				}
			}
		}
	}
	for at := 0; at <= mh.Coma+2; at++ {
		for _, calm := range []bool{false, true} {
			d := mh.SurgeryExpert
			if calm {
				d = mh.SurgeryExpertCalm
			}
			out, err := Calculate("health-modern", map[string]any{"state": "coma",
				"events": []any{map[string]any{"at": at, "action": "surgery", "level": "expert", "calm_place": calm}}})
			if err != nil {
				t.Fatal(err)
			}
			got := out["timeline"].([]any)[1].(map[string]any)
			if at <= mh.Coma && (got["at"].(float64) != float64(at+d) || got["state"] != "fatigued") {
				t.Errorf("expert surgery at %d (calm %v) on a coma: %v, want fatigued at %d", at, calm, got, at+d)
			}
			if at > mh.Coma && got["state"] != "dead" {
				t.Errorf("expert surgery at %d on a coma: %v, want dead at %d", at, got, mh.Coma)
			}
		}
	}
}
