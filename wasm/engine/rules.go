package engine

import "unsafe"

// Rules holds every number of the rules that the calculators compute with,
// one struct per game. The content declares each one where the rule states
// it ({=armor.cap 20}); the generator collects the declarations, checks
// them and hands them to the engine, in the build, on the command line and
// in the browser. Default holds the seeds' numbers, so that the engine alone
// is still usable and tested natively.
type Rules struct {
	Armor         ArmorRules
	FantasyHealth FantasyHealthRules
	ModernHealth  ModernHealthRules
	Wounds        WoundsRules
	Casting       CastingRules
	Study         StudyRules
	DyingMagic    DyingMagicRules
	SpellDuel     SpellDuelRules
	Unarmed       UnarmedRules
	Pathfinder    PathfinderRules
	Critical      CriticalRules
}

// Kind is what a rule value measures, which fixes how the text writes it.
type Kind uint8

// The kinds of rule values and how a declaration writes each one.
const (
	Whole   Kind = iota // a whole number, signed or not: 20, +2, -5
	Minutes             // a duration: 60min, 1h, 90s is refused
	Dice                // one die: d12, 1d20 (the value is its sides)
	Times               // a multiplier: 2x, ×2
	Name                // one of the spec's Names: vine, none (the value is its index)
)

// String returns the kind's name, as messages use it.
func (k Kind) String() string {
	switch k {
	case Minutes:
		return "duration"
	case Dice:
		return "die"
	case Times:
		return "multiplier"
	case Name:
		return "name"
	}
	return "number"
}

// Example returns how a declaration writes a value n of kind k.
func (k Kind) Example(n int) string {
	switch k {
	case Minutes:
		return itoa(n) + "min"
	case Dice:
		return "1d" + itoa(n)
	case Times:
		return itoa(n) + "x"
	}
	return itoa(n)
}

// ParseValue reads the written form of a rule value: its kind and its
// number. It accepts what Example writes and the forms a rule's text uses
// (a true minus sign, "×2", "1h", "20mn", "d20", "1D12").
func ParseValue(lit string) (Kind, int, *Error) {
	bad := func(why, whyEn string) (Kind, int, *Error) {
		return 0, 0, &Error{Field: "value", Code: "value_syntax",
			Fr: "valeur " + shownFr(lit) + " illisible : " + why + " (par exemple 20, -1, 60min, 1h, 1d12, 2x)",
			En: "unreadable value " + quote(lit) + ": " + whyEn + " (for example 20, -1, 60min, 1h, 1d12, 2x)"}
	}
	s := replaceAll(lit, "−", "-")
	kind, mult := Whole, 1
	switch {
	case hasSuffix(s, "min"):
		kind, s = Minutes, trimSuffix(s, "min")
	case hasSuffix(s, "mn"):
		// "mn" is how the French rules write minutes ("15mn").
		kind, s = Minutes, trimSuffix(s, "mn")
	case hasSuffix(s, "h"):
		kind, s, mult = Minutes, trimSuffix(s, "h"), 60
	case hasSuffix(s, "x"), hasSuffix(s, "×"):
		kind, s = Times, trimSuffix(trimSuffix(s, "x"), "×")
	case hasPrefix(s, "×"):
		kind, s = Times, s[len("×"):]
	case hasPrefix(s, "1d"), hasPrefix(s, "d"), hasPrefix(s, "1D"), hasPrefix(s, "D"):
		// The rules write dice in capitals too ("1D12").
		if s[0] == '1' {
			s = s[1:]
		}
		kind, s = Dice, s[1:]
	}
	neg := false
	if kind == Whole && s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return bad("il faut un nombre entier", "a whole number is needed")
	}
	if len(s) > 6 && digitsOnly(s) {
		return bad("nombre trop grand : 6 chiffres au plus", "number too large: at most 6 digits")
	}
	if len(s) > 6 {
		return bad("il faut un nombre entier", "a whole number is needed")
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return bad("il faut un nombre entier", "a whole number is needed")
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return kind, n * mult, nil
}

// UnreadableWord is the error for lit, a word where the value of key is
// written in figures, whose example is n: the default, or the number
// another language of the content states (the organiser's own, which the
// message must not undo). It is nil for a key the engine does not read,
// or whose value is a name.
func UnreadableWord(key, lit string, n int) *Error {
	spec, ok := Lookup(key)
	if !ok || spec.Kind == Name {
		return nil
	}
	ex := spec.Example(n)
	return &Error{Field: "value", Code: "value_syntax",
		Fr: "valeur " + shownFr(lit) + " illisible : " + spec.Fr + " s’écrit en chiffres, par exemple " + ex,
		En: "unreadable value " + quote(lit) + ": " + spec.En + " is written in figures, for example " + ex}
}

// ParseValueOf reads the written form of the value of key: a name of the
// key's spec (vine) for a value that names, else as ParseValue reads it. A
// word is a name only where the spec has names, so "{=armor.cap vingt}" is
// still refused as a number that cannot be read.
func ParseValueOf(key, lit string) (Kind, int, *Error) {
	spec, ok := Lookup(key)
	if !ok || spec.Kind != Name {
		kind, n, err := ParseValue(lit)
		if err != nil && ok && isWord(lit) {
			return 0, 0, UnreadableWord(key, lit, *spec.field(Default()))
		}
		return kind, n, err
	}
	for i, c := range spec.Names {
		if c.Key == lit {
			return Name, i, nil
		}
	}
	return 0, 0, &Error{Field: "value", Code: "value_syntax",
		Fr: "nom " + shownFr(lit) + " inconnu : " + spec.Fr + " s’écrit " + spec.namesList(),
		En: "unknown name " + quote(lit) + ": " + spec.En + " is written " + spec.namesList()}
}

// digitsOnly reports whether s is made of the digits 0 to 9 alone.
func digitsOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isWord(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if (c < 'a' || c > 'z') && c != '-' {
			return false
		}
	}
	return true
}

// Choice is one name a value of kind Name can take: its key, as content
// declares it, and how each language writes it.
type Choice struct{ Key, Fr, En string }

// Spec describes one rule value that the engine reads: the key content
// declares it by, its kind, what it means, the range the engine can compute
// with, where the seeds state it and which calculators use it.
type Spec struct {
	Key      string
	Kind     Kind
	Fr, En   string // what the value means, one phrase
	Min, Max int
	Doc      string // slug of the document that states it
	Section  string // section ID where it is stated
	Calcs    []string
	// Reading marks a value the rules' text does not state, which the
	// engine reads into it (the spec's +2 of a real chain-mail coat):
	// content may declare it, else the default stands and the
	// calculator's Reading note gives it.
	Reading bool
	// Names are what a value of kind Name can be, its number being the
	// index of one of them.
	Names []Choice
	// With names the values Check holds together with this one (the two
	// ends of bands that meet): a change that keeps the rules computable
	// moves them by as much.
	With  []string
	field func(*Rules) *int
}

// Example returns how a declaration writes the value n of s.
func (s Spec) Example(n int) string {
	if s.Kind == Name {
		if n >= 0 && n < len(s.Names) {
			return s.Names[n].Key
		}
		return "?"
	}
	return s.Kind.Example(n)
}

// Word returns the value n of s as lang ("fr" or "en") writes it, for a
// value of kind Name; "" otherwise.
func (s Spec) Word(n int, lang string) string {
	if s.Kind != Name || n < 0 || n >= len(s.Names) {
		return ""
	}
	if lang == "fr" {
		return s.Names[n].Fr
	}
	return s.Names[n].En
}

func (s Spec) namesList() string {
	keys := make([]string, len(s.Names))
	for i, c := range s.Names {
		keys[i] = c.Key
	}
	return joinList(keys, ", ") // the names a declaration writes, whatever the page's language
}

// specLists returns every rule value, game by game in the calculators'
// order. A function, not a variable the package makes when it starts: a
// program that never looks a spec up (the WebAssembly module) does not
// hold the specs.
func specLists() [][]Spec {
	return [][]Spec{armorSpecs, fantasyHealthSpecs, modernHealthSpecs, woundsSpecs, castingSpecs,
		studySpecs, dyingMagicSpecs, spellDuelSpecs, unarmedSpecs, pathfinderSpecs, criticalSpecs}
}

// specs returns every rule value, in specLists' order.
func specs() []Spec {
	var all []Spec
	for _, l := range specLists() {
		all = append(all, l...)
	}
	return all
}

// Specs returns every rule value the engine reads, in a stable order.
func Specs() []Spec { return specs() }

// Lookup returns the spec of key, or false.
func Lookup(key string) (Spec, bool) {
	for _, l := range specLists() {
		for _, s := range l {
			if s.Key == key {
				return s, true
			}
		}
	}
	return Spec{}, false
}

// defaults holds the seeds' numbers, made once.
var defaults = func() Rules {
	return Rules{
		Armor: defaultArmor(), FantasyHealth: defaultFantasyHealth(), ModernHealth: defaultModernHealth(),
		Wounds: defaultWounds(), Casting: defaultCasting(), Study: defaultStudy(), DyingMagic: defaultDyingMagic(),
		SpellDuel: defaultSpellDuel(), Unarmed: defaultUnarmed(), Pathfinder: defaultPathfinder(), Critical: defaultCritical(),
	}
}()

// Default returns the rules as the seeds state them.
func Default() *Rules {
	r := defaults
	return &r
}

// Get returns the value of key, or false for a key the engine does not read.
func (r *Rules) Get(key string) (int, bool) {
	s, ok := Lookup(key)
	if !ok {
		return 0, false
	}
	return *s.field(r), true
}

// Set changes the value of key. It refuses a key the engine does not read
// and a number outside the spec's range; what depends on other values
// (a cap below a material's points) is Check's.
func (r *Rules) Set(key string, n int) *Error {
	s, ok := Lookup(key)
	if !ok {
		return &Error{Field: key, Code: "unknown_value",
			Fr: "aucune règle ne se nomme " + shownFr(key), En: "no rule value is named " + quote(key)}
	}
	if n < s.Min || n > s.Max {
		return &Error{Field: key, Code: "range",
			Fr: s.Fr + " (" + key + ") vaut " + itoa(n) + " : le moteur calcule de " + itoa(s.Min) + " à " + itoa(s.Max),
			En: s.En + " (" + key + ") is " + itoa(n) + ": the engine computes from " + itoa(s.Min) + " to " + itoa(s.Max)}
	}
	*s.field(r) = n
	return nil
}

// Check returns what the values say together that the engine cannot
// compute with: a cap below the points of one piece, thresholds out of
// order. Each error names, in Field, the key to change.
func (r *Rules) Check() []*Error {
	var errs []*Error
	add := func(key, fr, en string) {
		errs = append(errs, &Error{Field: key, Code: "conflict", Fr: fr, En: en})
	}
	for _, s := range specs() {
		if n := *s.field(r); n < s.Min || n > s.Max {
			add(s.Key, s.Fr+" vaut "+itoa(n)+" : le moteur calcule de "+itoa(s.Min)+" à "+itoa(s.Max),
				s.En+" is "+itoa(n)+": the engine computes from "+itoa(s.Min)+" to "+itoa(s.Max))
		}
	}
	r.Armor.check(add)
	r.FantasyHealth.check(add)
	r.ModernHealth.check(add)
	r.Wounds.check(add)
	r.Casting.check(add)
	r.Study.check(add)
	r.DyingMagic.check(add)
	r.SpellDuel.check(add)
	r.Unarmed.check(add)
	r.Pathfinder.check(add)
	r.Critical.check(add)
	return errs
}

// Values returns every number of r in the order of Rules' fields: how the
// rules cross to the WebAssembly module, which RulesFromValues reads back
// without any spec, so that the specs' keys, meanings and checks stay out
// of the module (the generator has checked the values). Rules holds whole
// numbers only (TestRulesAreNumbers), and a page and its module come from
// one build, so the order is the same on both sides.
func (r *Rules) Values() []int { return append([]int(nil), r.numbers()...) }

// numbers is r's fields seen as one array.
func (r *Rules) numbers() []int {
	return unsafe.Slice((*int)(unsafe.Pointer(r)), unsafe.Sizeof(*r)/unsafe.Sizeof(int(0)))
}

// RulesFromValues returns the rules whose numbers are v, an array as Values
// writes it. It checks only that v is such an array, of as many whole
// numbers: the generator checked the values before writing them.
func RulesFromValues(v any) (*Rules, *Error) {
	r := &Rules{}
	dst := r.numbers()
	l, ok := v.([]any)
	if !ok || len(l) != len(dst) {
		return nil, &Error{Field: "rules", Code: "type",
			Fr: "les règles doivent être une liste de " + itoa(len(dst)) + " nombres",
			En: "the rules must be a list of " + itoa(len(dst)) + " numbers"}
	}
	rd := &reader{}
	for i, x := range l {
		dst[i] = rd.asInt(at("rules", i), x, -1000000, 1000000)
	}
	if rd.err != nil {
		return nil, rd.err
	}
	return r, nil
}

// Calculate runs the calculator named name on input with these rules; see
// the package's Calculate.
func (r *Rules) Calculate(name string, input any) (map[string]any, *Error) {
	return calculate(r, name, input, nil)
}
