// Package calcui describes the calculators' forms and figures for the pages:
// which inputs each calculator takes (with the engine's ranges), which
// outputs a reader sees first, and how a calculator block renders, with a
// static result computed at build time for readers without JavaScript.
package calcui

// Kind is the kind of an input control.
type Kind string

// The kinds of input. Each maps to one control and one way of reading it in
// theme/js/calcs/form.js.
const (
	Text    Kind = "text"    // free text (a dice expression)
	Int     Kind = "int"     // whole number, typed (a comma or a dot is not whole)
	Number  Kind = "number"  // decimal number
	Bool    Kind = "bool"    // checkbox
	Enum    Kind = "enum"    // <select> of strings
	IntEnum Kind = "intenum" // <select> of numbers (die faces)
	IntList Kind = "ints"    // comma-separated whole numbers
	EnumSet Kind = "enumset" // checkboxes giving a list of strings
	Events  Kind = "events"  // repeatable rows of timed actions
)

// Field is one input of a calculator.
type Field struct {
	Path string // JSON path in the input object: "magic", "locations.torso", "a.element"
	Kind Kind
	// Min and Max are the engine's range for the field, filled by Ranged
	// for the page's rules: a form writes none.
	Min, Max float64
	Step     float64
	Options  []string // Enum, IntEnum, EnumSet values: the engine's (Ranged), but for UIOnly fields
	Optional bool     // may be left empty; Enum gets a "default" choice
	// Percent shows a probability (0 to 1 for the engine) as a percentage,
	// as players think of a test's chance.
	Percent bool
	// UIOnly fields choose which other fields show and are not sent.
	UIOnly bool
	// When lists conditions on other fields ("mode=counter", "dispel!=")
	// that must all hold for the field to show and be sent.
	When []string
	// Sub lists the columns of an Events row.
	Sub []Field
}

// Group is a fieldset.
type Group struct {
	Legend string // i18n key suffix: calc.group.<Legend>
	// Note, when true, shows calc.group.<Legend>.note under the legend:
	// what a choice's short label stands for. An option's whole text must
	// fit a 360 px phone's select, which shows no more than one line.
	Note   bool
	Fields []Field
}

// Figure is an output shown as a figure, in the order given.
type Figure struct {
	Path   string // JSON path in the output
	Format string // pct, num, int, bool, enum, min, list, text
}

// Form is everything the page needs to know about one calculator.
type Form struct {
	Name     string
	Groups   []Group
	Defaults map[string]any // a complete, valid input: the form computes at once
	Figures  []Figure
	// Plot names the drawing of the result: dist, outcomes, timeline, hits, bars.
	Plot string
}

// intField is a whole-number field; its range is the engine's (Ranged).
func intField(path string) Field {
	return Field{Path: path, Kind: Int, Step: 1}
}

func optInt(path string) Field {
	f := intField(path)
	f.Optional = true
	return f
}

func when(f Field, conds ...string) Field {
	f.When = append(f.When, conds...)
	return f
}

// Forms lists every calculator's form, in the engine's order.
var Forms = []Form{
	{
		Name:     "dice",
		Groups:   []Group{{Legend: "expression", Fields: []Field{{Path: "expr", Kind: Text}}}},
		Defaults: map[string]any{"expr": "2d6"},
		Figures:  []Figure{{"min", "int"}, {"max", "int"}, {"mean", "num"}},
		Plot:     "dist",
	},
	{
		Name: "armor",
		Groups: []Group{
			{Legend: "pieces", Note: true, Fields: []Field{
				{Path: "locations.forearms", Kind: Enum},
				{Path: "locations.arms", Kind: Enum},
				{Path: "locations.thighs", Kind: Enum},
				{Path: "locations.legs", Kind: Enum},
				{Path: "locations.torso", Kind: Enum},
				{Path: "real_chainmail", Kind: EnumSet},
				{Path: "helmet", Kind: Bool},
				{Path: "costume_bonus", Kind: Bool},
			}},
			{Legend: "character", Fields: []Field{
				intField("magic"),
				intField("life_points"),
				{Path: "armor_type", Kind: Enum, Optional: true},
			}},
			{Legend: "fight", Fields: []Field{{Path: "hits", Kind: IntList, Optional: true}}},
		},
		Defaults: map[string]any{
			"locations": map[string]any{"forearms": "leather", "arms": "none", "thighs": "none", "legs": "none", "torso": "chain"},
			"helmet":    true, "magic": 0.0, "life_points": 1.0, "hits": []any{2.0, 1.0, 1.0, 1.0, 1.0},
		},
		// The answer says the total, running, the state after the fight and
		// the armour left: the figures below it are the details.
		Figures: []Figure{{"physical", "int"}, {"magic", "int"}, {"capped", "bool"},
			{"armor_type", "enum"}, {"residual", "int"}, {"after_fight.magic", "int"}},
		Plot: "hits",
	},
	{
		Name: "health-fantasy",
		Groups: []Group{
			{Legend: "start", Fields: []Field{
				{Path: "state", Kind: Enum},
				intField("life_points"),
				intField("combat_ends_at"),
				intField("until"),
			}},
			{Legend: "events", Fields: []Field{{Path: "events", Kind: Events, Optional: true, Sub: []Field{
				intField("at"),
				{Path: "action", Kind: Enum},
				{Path: "self", Kind: Bool},
			}}}},
		},
		Defaults: map[string]any{"state": "wounded", "life_points": 1.0, "combat_ends_at": 0.0, "until": 240.0,
			"events": []any{map[string]any{"at": 30.0, "action": "first_aid", "self": false}}},
		Figures: []Figure{{"final_state", "enum"}, {"body_until", "min"}},
		Plot:    "timeline",
	},
	{
		Name: "health-modern",
		Groups: []Group{
			{Legend: "start", Fields: []Field{
				{Path: "state", Kind: Enum},
				intField("until"),
			}},
			{Legend: "events", Fields: []Field{{Path: "events", Kind: Events, Optional: true, Sub: []Field{
				intField("at"),
				{Path: "action", Kind: Enum},
				{Path: "level", Kind: Enum},
				{Path: "calm_place", Kind: Bool},
				{Path: "self", Kind: Bool},
			}}}},
		},
		Defaults: map[string]any{"state": "wounded", "until": 240.0,
			"events": []any{map[string]any{"at": 5.0, "action": "first_aid", "level": "novice", "calm_place": false, "self": false}}},
		Figures: []Figure{{"final_state", "enum"}, {"body_until", "min"}},
		Plot:    "timeline",
	},
	{
		Name: "wounds",
		Groups: []Group{{Legend: "wound", Fields: []Field{
			intField("dice"),
			{Path: "die", Kind: IntEnum},
			optInt("medicine_bonus"),
			{Path: "queue", Kind: IntList, Optional: true},
		}}},
		Defaults: map[string]any{"dice": 2.0, "die": 6.0, "medicine_bonus": 5.0},
		Figures: []Figure{{"expected_rests", "num"}, {"medicine_dc", "int"}, {"p_medicine", "pct"},
			{"expected_rests_with_medicine", "num"}, {"nightly_care_dc", "int"}, {"healed_after", "list"}},
		Plot: "rests",
	},
	{
		Name: "casting",
		Groups: []Group{
			{Legend: "wizard", Fields: []Field{
				intField("magic"),
				intField("apprenticeship"),
				optInt("modifier"),
				{Path: "reading", Kind: Enum, Optional: true},
			}},
			{Legend: "progress", Fields: []Field{optInt("difficulty"), optInt("xp")}},
		},
		Defaults: map[string]any{"magic": 4.0, "apprenticeship": 3.0, "difficulty": 2.0},
		Figures: []Figure{{"p_cast", "pct"}, {"outcomes.flawed", "pct"}, {"outcomes.success", "pct"}, {"outcomes.perfect", "pct"},
			{"outcomes.failure", "pct"}, {"outcomes.critical_failure", "pct"}, {"expected_xp", "num"}, {"xp_to_next", "int"},
			{"expected_casts_to_next", "num"}},
		Plot: "outcomes",
	},
	{
		Name: "study",
		Groups: []Group{{Legend: "study", Fields: []Field{
			intField("hours"),
			{Path: "p_test", Kind: Number, Step: 0.05, Percent: true},
		}}},
		Defaults: map[string]any{"hours": 4.0, "p_test": 0.9},
		Figures:  []Figure{{"expected_xp", "num"}},
		Plot:     "xp",
	},
	{
		Name: "dying-magic",
		Groups: []Group{{Legend: "spell", Fields: []Field{
			intField("slot_level"),
			intField("con_save_bonus"),
			{Path: "pact_slot", Kind: Bool},
		}}},
		Defaults: map[string]any{"slot_level": 5.0, "con_save_bonus": 2.0, "pact_slot": false},
		Figures: []Figure{{"save_required", "bool"}, {"dc", "int"}, {"p_save", "pct"}, {"exhaustion_on_failure", "int"},
			{"hp_cost_instead", "int"}},
		Plot: "bars",
	},
	{
		Name: "spell-duel",
		Groups: []Group{
			{Legend: "wizard_a", Fields: []Field{intField("a.magic"), intField("a.apprenticeship"),
				{Path: "a.element", Kind: Enum}}},
			{Legend: "wizard_b", Fields: []Field{intField("b.magic"), intField("b.apprenticeship"),
				{Path: "b.element", Kind: Enum}}},
		},
		Defaults: map[string]any{"a": map[string]any{"magic": 4.0, "apprenticeship": 3.0, "element": "fire"},
			"b": map[string]any{"magic": 2.0, "apprenticeship": 2.0, "element": "vine"}},
		Figures: []Figure{{"dominant", "enum"}, {"p_test.a", "pct"}, {"p_test.b", "pct"}, {"outcomes.a_hits", "pct"},
			{"outcomes.b_hits", "pct"}, {"outcomes.cancel", "pct"}},
		Plot: "outcomes",
	},
	{
		Name: "unarmed-duel",
		Groups: []Group{
			{Legend: "fight", Fields: []Field{{Path: "fight_mode", Kind: Enum, Options: []string{"duels", "group"}, UIOnly: true}}},
			{Legend: "duels", Fields: []Field{
				when(intField("score"), "fight_mode=duels"),
				when(optInt("stun_hits"), "fight_mode=duels"),
				when(Field{Path: "opponents", Kind: IntList, Optional: true}, "fight_mode=duels"),
				when(intField("attackers"), "fight_mode=group"),
				when(intField("defenders"), "fight_mode=group"),
			}},
		},
		Defaults: map[string]any{"fight_mode": "duels", "score": 4.0, "opponents": []any{2.0, 3.0, 3.0}, "attackers": 4.0, "defenders": 1.0},
		Figures:  []Figure{{"final_score", "int"}, {"final_state", "enum"}, {"overwhelmed", "bool"}},
		Plot:     "rounds",
	},
	{
		Name: "pathfinder-duel",
		Groups: []Group{
			{Legend: "action", Fields: []Field{{Path: "mode", Kind: Enum}}},
			{Legend: "counter", Fields: []Field{
				when(Field{Path: "dispel", Kind: Enum, Optional: true}, "mode=counter"),
				when(intField("spellcraft_bonus"), "mode=counter", "dispel="),
				when(intField("spell_level"), "mode=counter", "dispel="),
				when(intField("caster_level"), "mode=counter"),
				when(Field{Path: "relation", Kind: Enum}, "mode=counter", "dispel="),
				when(optInt("slot_level"), "mode=counter", "dispel="),
				when(intField("opponent_caster_level"), "mode=counter", "dispel!="),
			}},
			{Legend: "attack", Fields: []Field{
				when(intField("bab"), "mode=parry"),
				when(Field{Path: "unarmed", Kind: Bool}, "mode=parry"),
				when(intField("attack_bonus"), "mode!=counter"),
				when(intField("ac"), "mode=dodge"),
			}},
		},
		Defaults: map[string]any{"mode": "counter", "spellcraft_bonus": 8.0, "spell_level": 3.0, "caster_level": 7.0,
			"relation": "different_school", "slot_level": 4.0, "opponent_caster_level": 7.0, "bab": 6.0, "unarmed": false,
			"attack_bonus": 5.0, "ac": 15.0},
		Figures: []Figure{{"identify_dc", "int"}, {"p_identify", "pct"}, {"counter_dc", "int"}, {"modifier", "int"},
			{"p_counter", "pct"}, {"p_total", "pct"}, {"p_parry", "pct"}, {"p_hit", "pct"}, {"p_hit_dodging", "pct"}},
		Plot: "bars",
	},
	{
		Name: "critical",
		Groups: []Group{{Legend: "attack", Fields: []Field{
			intField("attack_bonus"),
			intField("ac"),
			{Path: "crit_range", Kind: IntEnum},
		}}},
		Defaults: map[string]any{"attack_bonus": 5.0, "ac": 15.0, "crit_range": 20.0},
		Figures:  []Figure{{"p_hit", "pct"}, {"p_critical", "pct"}, {"p_critical_failure", "pct"}},
		Plot:     "bars",
	},
}

// Lookup returns the form of the calculator name, or nil.
func Lookup(name string) *Form {
	for i := range Forms {
		if Forms[i].Name == name {
			return &Forms[i]
		}
	}
	return nil
}

// Names returns the calculators' names, in the engine's order.
func Names() []string {
	names := make([]string, len(Forms))
	for i, f := range Forms {
		names[i] = f.Name
	}
	return names
}
