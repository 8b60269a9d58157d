// Package engine is the rules engine of the compendium: exact calculators over
// the game rules, each a pure function from an input tree to an output tree.
//
// The trees are what encoding/json decodes into an any (map[string]any,
// []any, float64, string, bool, nil), so that the command line, the generator
// and the WebAssembly module all share one entry point, Calculate; the module
// reads its input with ParseJSON, whose limits bound the work of any input,
// and writes outputs with AppendJSON. Every output answers in words
// (answer) and explains itself (steps) in French and English. The package
// uses the standard library only and avoids fmt, encoding/json and reflect,
// because it is compiled to WebAssembly where each of them costs hundreds of KB.
package engine

// Info describes one calculator for listings and pages.
type Info struct {
	Name    string
	Doc     string // slug of the rule document (content/IDS.md), empty for dice
	Section string // section ID in Doc
	Fr, En  string // one-line description
}

// Error is a bad input, or an internal failure: Field names the input field
// with a path such as "hits[2]" or "a.magic", Code is stable for programs and
// Fr and En are messages for people.
type Error struct {
	Field, Code string
	Fr, En      string
}

// Error returns the English message, prefixed with the code.
func (e *Error) Error() string { return e.Code + ": " + e.En }

// Tree returns the error as the output tree that the command line prints and
// the WebAssembly module returns.
func (e *Error) Tree() map[string]any {
	return map[string]any{"error": map[string]any{
		"field":      e.Field,
		"code":       e.Code,
		"message":    e.En,
		"message_fr": e.Fr,
		"message_en": e.En,
	}}
}

type calculator struct {
	info Info
	run  func(r *reader, in map[string]any) map[string]any
}

// calculators is in the order of the listings: the generic dice first, then
// the seeds in order.
var calculators = []calculator{
	{Info{"dice", "", "", "Loi exacte de toute expression de dés (2d6+1d4-1)", "Exact distribution of any dice expression (2d6+1d4-1)"}, runDice},
	{Info{"armor", docFantasy, "armor", "Points d’armure, course, et suite des touches d’un combat", "Armour points, running, and the hits of one fight"}, runArmor},
	{Info{"health-fantasy", docFantasy, "life", "Chronologie des états de santé et des soins (médiéval-fantastique)", "Timeline of health states and healing (fantasy)"}, runHealthFantasy},
	{Info{"health-modern", docContemporary, "health-system", "Chronologie des états de santé, premiers secours et chirurgie (contemporain)", "Timeline of health states, first aid and surgery (contemporary)"}, runHealthModern},
	{Info{"wounds", docHeroes, "wounds", "Repos longs pour guérir une blessure, avec ou sans médecine", "Long rests to heal a wound, with or without medicine"}, runWounds},
	{Info{"casting", docSpells, "casting", "Chances de lancer un sort et expérience jusqu’au niveau suivant", "Odds of casting a spell and experience to the next level"}, runCasting},
	{Info{"study", docSpells, "study", "Expérience gagnée en étudiant un sort", "Experience gained by studying a spell"}, runStudy},
	{Info{"dying-magic", docHeroes, "dying-magic", "Sauvegarde de Constitution de la magie mourante", "Constitution save of dying magic"}, runDyingMagic},
	{Info{"spell-duel", docSpells, "spell-duel", "Issue d’un duel de sorts selon les éléments", "Outcome of a spell duel by element"}, runSpellDuel},
	{Info{"unarmed-duel", docContemporary, "unarmed-combat", "Suite de duels à main nue et l’union fait la force", "A run of unarmed duels, and strength in numbers"}, runUnarmedDuel},
	{Info{"pathfinder-duel", docPathfinder, "duel-counter", "Contre, parade et esquive de duel", "Duel counter, parry and dodge"}, runPathfinderDuel},
	{Info{"critical", docHeroes, "criticals", "Réussites et échecs critiques d’une attaque", "Critical successes and failures of an attack"}, runCritical},
}

// Calculators lists the calculators in a stable order.
func Calculators() []Info {
	l := make([]Info, len(calculators))
	for i, c := range calculators {
		l[i] = c.info
	}
	return l
}

// Calculate runs the calculator named name on input and returns its output
// tree, or an *Error. It recovers any panic and returns it as an Error with
// code "internal", so one bad input never kills a WebAssembly module.
//
// The error is a concrete *Error: compare it with nil before storing it in an
// error interface.
func Calculate(name string, input any) (out map[string]any, err *Error) {
	return calculate(&defaults, name, input, nil)
}

// calculate runs a calculator with rules; the rules are read only. With
// inputs, the reader records there what each field it reads accepts.
func calculate(rules *Rules, name string, input any, inputs map[string]Input) (out map[string]any, err *Error) {
	defer func() {
		if p := recover(); p != nil {
			out = nil
			msg := "panic"
			switch x := p.(type) {
			case string:
				msg = x
			case error:
				msg = x.Error()
			}
			err = &Error{Field: "", Code: "internal",
				Fr: "erreur interne du moteur de calcul (" + msg + ")",
				En: "internal error in the rules engine (" + msg + ")"}
		}
	}()
	for _, c := range calculators {
		if c.info.Name != name {
			continue
		}
		r := &reader{rules: rules, inputs: inputs}
		m, ok := input.(map[string]any)
		if !ok {
			r.object("", input)
			return nil, r.err
		}
		out = c.run(r, m)
		if r.err != nil {
			return nil, r.err
		}
		if out == nil {
			panic("calculator " + name + " returned neither an output nor an error")
		}
		return out, nil
	}
	names := make([]string, len(calculators))
	for i, c := range calculators {
		names[i] = c.info.Name
	}
	d := enumDesc(names)
	return nil, &Error{Field: "calculator", Code: "unknown_calculator",
		Fr: "calculateur inconnu " + shownFr(name) + "\u00a0: ce doit être " + d.fr,
		En: "unknown calculator " + shownEn(name) + ": it must be " + d.en}
}
