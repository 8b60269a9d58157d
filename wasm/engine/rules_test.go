package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestNoRuleNumberInProse scans the string literals of the engine's code
// for digits: a rule's number written in a sentence ("exactement 30
// minutes") is a second copy of the rule that changing the text would not
// change. Templates insert numbers as $1…$9 and choose plurals with
// {N:…|…}; those are not digits of the prose. What may hold a digit is
// listed here with the reason.
func TestNoRuleNumberInProse(t *testing.T) {
	allowed := map[string]string{
		// The generic dice calculator's examples and grammar are no rule's.
		"dice.go": "dice expressions",
		// The JSON reader's and number parser's limits are input limits.
		"json.go":       "JSON limits",
		"parsefloat.go": "number syntax",
		// Value syntax examples (60min, 1d12) in ParseValue's message.
		"rules.go": "value syntax",
	}
	// Literals whose digits are no rule's, by their text.
	literals := map[string]string{
		"Loi exacte de toute expression de dés (2d6+1d4-1)":     "the dice calculator's example",
		"Exact distribution of any dice expression (2d6+1d4-1)": "the dice calculator's example",
		"moins de 0,1\u202f%": "how a percentage too small to show is written",
		"less than 0.1%":      "how a percentage too small to show is written",
		"plus de 99,9\u202f%": "how a percentage too close to 1 is written",
		"more than 99.9%":     "how a percentage too close to 1 is written",
	}
	placeholder := regexp.MustCompile(`\$[1-9]|\{[1-9]:`)
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || allowed[f] != "" {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			if literals[s] != "" {
				return true
			}
			s = placeholder.ReplaceAllString(s, "")
			if strings.ContainsAny(s, "0123456789") && !harmless(s) {
				t.Errorf("%s: %q holds a digit: a rule's number comes from the rules (say's $N), a word needs none", fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
}

// harmless tells the literals whose digits are no rule's: field names and
// codes of the outputs ("p_d20"), and the d20 and d12 named as the dice of
// a system in a key.
func harmless(s string) bool {
	return !strings.ContainsAny(s, " ") && !strings.ContainsAny(s, "éèàù") && strings.ToLower(s) == s
}

// TestEveryValueCounts changes each rule value in turn and checks that some
// calculator's answer to the spec's examples changes: a value the engine
// declares but does not read (a constant left in the code beside it) fails.
func TestEveryValueCounts(t *testing.T) {
	inputs := sensitivityInputs()
	base := map[string]string{}
	def := Default()
	for _, in := range inputs {
		out, err := def.Calculate(in.name, decodeJSON(t, in.json))
		if err != nil {
			t.Fatalf("%s %s: %s", in.name, in.json, err.En)
		}
		base[in.name+in.json] = string(AppendJSON(nil, out))
	}
	for _, s := range Specs() {
		n, _ := def.Get(s.Key)
		changed := false
		tries := []int{n + 1, n - 1, n + 2, n - 2}
		if s.Kind == Name {
			tries = tries[:0]
			for i := range s.Names {
				if i != n {
					tries = append(tries, i)
				}
			}
		}
		for _, m := range tries {
			r := Default()
			if r.Set(s.Key, m) != nil {
				continue
			}
			for _, k := range s.With {
				v, _ := r.Get(k)
				r.Set(k, v+m-n)
			}
			if len(r.Check()) > 0 {
				continue
			}
			for _, in := range inputs {
				if !contains(s.Calcs, in.name) {
					continue
				}
				out, err := r.Calculate(in.name, decodeJSON(t, in.json))
				if err != nil || string(AppendJSON(nil, out)) != base[in.name+in.json] {
					changed = true
					break
				}
			}
			if changed {
				break
			}
		}
		if !changed {
			t.Errorf("%s (%s): no calculator's output changes with it: is it read?", s.Key, s.En)
		}
	}
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// TestDefaultsPassCheck: the seeds' numbers are computable, and each spec
// has what the values page and the messages need.
func TestDefaultsPassCheck(t *testing.T) {
	if errs := Default().Check(); len(errs) > 0 {
		t.Fatalf("the defaults fail Check: %s", errs[0].En)
	}
	seen := map[string]bool{}
	names := map[string]bool{}
	for _, c := range Calculators() {
		names[c.Name] = true
	}
	for _, s := range Specs() {
		switch {
		case seen[s.Key]:
			t.Errorf("%s: declared twice", s.Key)
		case s.Fr == "" || s.En == "" || s.Doc == "" || s.Section == "" || len(s.Calcs) == 0 || s.field == nil:
			t.Errorf("%s: incomplete spec %+v", s.Key, s)
		}
		for _, c := range s.Calcs {
			if !names[c] {
				t.Errorf("%s: unknown calculator %q", s.Key, c)
			}
		}
		seen[s.Key] = true
		n, _ := Default().Get(s.Key)
		if n < s.Min || n > s.Max {
			t.Errorf("%s: default %d outside %d..%d", s.Key, n, s.Min, s.Max)
		}
	}
}

// TestRulesValues: the rules cross to the WebAssembly module as their
// numbers and come back the same; anything but as many whole numbers is
// refused.
func TestRulesValues(t *testing.T) {
	r := Default()
	if err := r.Set("armor.plate", 4); err != nil {
		t.Fatal(err)
	}
	vals := r.Values()
	tree := make([]any, len(vals))
	for i, v := range vals {
		tree[i] = float64(v)
	}
	back, err := RulesFromValues(tree)
	if err != nil || *back != *r {
		t.Fatalf("RulesFromValues(Values()) = %v, %v", back, err)
	}
	for _, c := range []struct {
		name string
		tree any
		code string
	}{
		{"one number short", tree[1:], "type"},
		{"a text", append([]any{"4"}, tree[1:]...), "type"},
		{"a fraction", append([]any{0.5}, tree[1:]...), "range"},
		{"an object", map[string]any{"armor.plate": 4.0}, "type"},
	} {
		if _, err := RulesFromValues(c.tree); err == nil || err.Code != c.code {
			t.Errorf("%s: %v, want code %s", c.name, err, c.code)
		}
	}
}

// TestRulesAreNumbers: Rules holds whole numbers only, which Values reads
// as one array; a field of another type would be read as numbers.
func TestRulesAreNumbers(t *testing.T) {
	var walk func(path string, ty reflect.Type)
	walk = func(path string, ty reflect.Type) {
		switch ty.Kind() {
		case reflect.Int:
		case reflect.Array:
			walk(path+"[]", ty.Elem())
		case reflect.Struct:
			for i := 0; i < ty.NumField(); i++ {
				walk(path+"."+ty.Field(i).Name, ty.Field(i).Type)
			}
		default:
			t.Errorf("Rules%s is a %s, not an int", path, ty)
		}
	}
	walk("", reflect.TypeOf(Rules{}))
	// Every spec's value is one of the numbers.
	r := Default()
	for _, s := range Specs() {
		if err := r.Set(s.Key, s.Max); err != nil {
			t.Fatal(err)
		}
	}
	got := map[int]bool{}
	for _, v := range r.Values() {
		got[v] = true
	}
	for _, s := range Specs() {
		if !got[s.Max] {
			t.Errorf("%s's %d not among Values", s.Key, s.Max)
		}
	}
}

func TestParseValue(t *testing.T) {
	for _, c := range []struct {
		lit  string
		kind Kind
		n    int
		bad  bool
	}{
		{"20", Whole, 20, false}, {"+2", Whole, 2, false}, {"-1", Whole, -1, false}, {"−2", Whole, -2, false},
		{"60min", Minutes, 60, false}, {"1h", Minutes, 60, false}, {"1d12", Dice, 12, false}, {"d20", Dice, 20, false},
		{"2x", Times, 2, false}, {"×2", Times, 2, false}, {"20mn", Minutes, 20, false}, {"mn", 0, 0, true}, {"1D12", Dice, 12, false},
		{"vingt", 0, 0, true}, {"", 0, 0, true}, {"2d6", 0, 0, true}, {"1.5", 0, 0, true}, {"-min", 0, 0, true}, {"1234567", 0, 0, true},
	} {
		k, n, err := ParseValue(c.lit)
		if c.lit == "1234567" && (err == nil || !strings.Contains(err.En, "too large")) {
			t.Errorf("ParseValue(%q): %v, want “too large”, not “a whole number is needed”", c.lit, err)
		}
		if c.bad != (err != nil) || !c.bad && (k != c.kind || n != c.n) {
			t.Errorf("ParseValue(%q) = %v, %d, %v", c.lit, k, n, err)
		}
	}
}

type calcInput struct{ name, json string }

// sensitivityInputs are inputs that, together, read every rule value: the
// spec's examples and cases at each rule's edge.
func sensitivityInputs() []calcInput {
	return []calcInput{
		{"armor", `{"locations":{"forearms":"leather","arms":"chain","thighs":"plate"},"helmet":true,"costume_bonus":true,"real_chainmail":["legs"]}`},
		{"armor", `{"locations":{"forearms":"plate","arms":"plate","thighs":"plate","legs":"plate","torso":"plate"},"real_chainmail":["forearms","arms","thighs","legs","torso"],"helmet":true,"costume_bonus":true}`},
		{"armor", `{"locations":{"torso":"plate","legs":"plate","thighs":"plate","forearms":"leather"}}`},
		{"armor", `{"locations":{"torso":"plate","legs":"plate"},"armor_type":"light","hits":[6,1,1]}`},
		{"armor", `{"locations":{"torso":"plate","legs":"plate"},"armor_type":"intermediate","hits":[6]}`},
		{"armor", `{"locations":{"torso":"plate","legs":"plate"},"armor_type":"heavy","hits":[6]}`},
		{"armor", `{"locations":{"torso":"leather"},"hits":[1,1,1,1]}`},
		{"health-fantasy", `{"state":"wounded"}`},
		{"health-fantasy", `{"state":"dying","combat_ends_at":3}`},
		{"health-fantasy", `{"state":"healthy","until":300,"events":[{"at":0,"action":"potion"}]}`},
		{"health-fantasy", `{"state":"dying","events":[{"at":1,"action":"first_aid"},{"at":20,"action":"medicine"}]}`},
		{"health-fantasy", `{"state":"wounded","events":[{"at":1,"action":"laying_on_hands","self":true}]}`},
		{"health-fantasy", `{"state":"wounded","life_points":3,"events":[{"at":1,"action":"laying_on_hands","self":true}]}`},
		{"health-modern", `{"state":"wounded"}`},
		{"health-modern", `{"state":"fatigued"}`},
		{"health-modern", `{"state":"wounded","until":600,"events":[{"at":5,"action":"first_aid","level":"novice"}]}`},
		{"health-modern", `{"state":"wounded","until":600,"events":[{"at":5,"action":"first_aid","level":"expert"}]}`},
		{"health-modern", `{"state":"wounded","until":600,"events":[{"at":5,"action":"surgery","level":"novice","calm_place":true}]}`},
		{"health-modern", `{"state":"wounded","until":600,"events":[{"at":5,"action":"surgery","level":"expert","calm_place":true}]}`},
		{"health-modern", `{"state":"wounded","until":600,"events":[{"at":5,"action":"surgery","level":"expert","calm_place":false}]}`},
		{"wounds", `{"dice":2,"die":6,"medicine_bonus":5,"queue":[5,3,4]}`},
		{"wounds", `{"dice":1,"die":4,"medicine_bonus":0}`},
		{"casting", `{"magic":4,"apprenticeship":3,"difficulty":2}`},
		{"casting", `{"magic":0,"apprenticeship":1,"difficulty":1,"xp":3}`},
		{"casting", `{"magic":0,"apprenticeship":5,"difficulty":3}`},
		{"casting", `{"magic":6,"apprenticeship":2,"difficulty":4,"reading":"natural"}`},
		{"casting", `{"magic":2,"apprenticeship":4,"difficulty":5}`},
		{"study", `{"hours":6,"p_test":0.9}`},
		{"study", `{"hours":4,"p_test":0.9}`},
		{"study", `{"hours":2,"p_test":0.5}`},
		{"dying-magic", `{"slot_level":5,"con_save_bonus":2}`},
		{"dying-magic", `{"slot_level":4,"con_save_bonus":2}`},
		{"dying-magic", `{"slot_level":3,"con_save_bonus":2}`},
		{"dying-magic", `{"slot_level":8,"con_save_bonus":2}`},
		{"dying-magic", `{"slot_level":7,"con_save_bonus":2}`},
		{"dying-magic", `{"slot_level":9,"con_save_bonus":2,"pact_slot":true}`},
		{"spell-duel", `{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":2,"apprenticeship":2,"element":"vine"}}`},
		{"spell-duel", `{"a":{"magic":4,"apprenticeship":3,"element":"neutral"},"b":{"magic":2,"apprenticeship":2,"element":"water"}}`},
		{"spell-duel", `{"a":{"magic":4,"apprenticeship":3,"element":"vine"},"b":{"magic":2,"apprenticeship":2,"element":"water"}}`},
		{"spell-duel", `{"a":{"magic":4,"apprenticeship":3,"element":"water"},"b":{"magic":2,"apprenticeship":2,"element":"fire"}}`},
		{"unarmed-duel", `{"score":4,"opponents":[2,3,3]}`},
		{"unarmed-duel", `{"score":4,"stun_hits":1,"opponents":[1,2]}`},
		{"unarmed-duel", `{"attackers":4,"defenders":1}`},
		{"unarmed-duel", `{"attackers":3,"defenders":1}`},
		{"pathfinder-duel", `{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"different_school","slot_level":4}`},
		{"pathfinder-duel", `{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"same_spell","slot_level":3}`},
		{"pathfinder-duel", `{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"same_school","slot_level":3}`},
		{"pathfinder-duel", `{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"dispel":"dispel_magic","opponent_caster_level":5}`},
		{"pathfinder-duel", `{"mode":"parry","bab":6,"attack_bonus":5}`},
		{"pathfinder-duel", `{"mode":"parry","bab":6,"unarmed":true,"attack_bonus":5}`},
		{"pathfinder-duel", `{"mode":"dodge","attack_bonus":5,"ac":15}`},
		{"pathfinder-duel", `{"mode":"dodge","attack_bonus":25,"ac":15}`},
		{"critical", `{"attack_bonus":5,"ac":15}`},
		{"critical", `{"attack_bonus":10,"ac":12}`},
		{"critical", `{"attack_bonus":10,"ac":12,"crit_range":19}`},
		{"critical", `{"attack_bonus":-5,"ac":20}`},
	}
}

// TestParseValueOf: a value that names takes one of its spec's names, a
// number a word never.
func TestParseValueOf(t *testing.T) {
	for _, c := range []struct {
		key, lit string
		kind     Kind
		n        int
		bad      string
	}{
		{"spell-duel.fire-beats", "vine", Name, 1, ""},
		{"spell-duel.water-beats", "none", Name, 3, ""},
		{"spell-duel.fire-beats", "earth", 0, 0, `unknown name "earth": element fire dominates is written fire, vine, water, none`},
		{"spell-duel.fire-beats", "2", 0, 0, `unknown name "2"`},
		{"armor.cap", "20", Whole, 20, ""},
		{"armor.cap", "vingt", 0, 0, `unreadable value "vingt": cap of physical armour is written in figures, for example 20`},
		{"wounds.largest-die", "d12", Dice, 12, ""},
		{"no.such-key", "20", Whole, 20, ""}, // the key is Collect's to refuse
	} {
		k, n, err := ParseValueOf(c.key, c.lit)
		switch {
		case c.bad != "" && (err == nil || !strings.Contains(err.En, c.bad) || err.Fr == ""):
			t.Errorf("ParseValueOf(%q, %q) = %v, want an error holding %q", c.key, c.lit, err, c.bad)
		case c.bad == "" && (err != nil || k != c.kind || n != c.n):
			t.Errorf("ParseValueOf(%q, %q) = %v, %d, %v, want %v, %d", c.key, c.lit, k, n, err, c.kind, c.n)
		}
	}
}
