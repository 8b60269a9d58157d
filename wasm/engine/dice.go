package engine

// Limits of a dice expression. The spec fixes those of one term; the others
// bound the work and the size of the answer (two terms of 100d1000 fit).
const (
	maxDiceN     = 100
	maxDiceS     = 1000
	maxDiceAll   = 200 // dice over all terms
	maxDiceTerms = 20
	maxDiceConst = 100000
	maxDiceLen   = 200 // characters
	// Up to this many equally likely outcomes the distribution is computed
	// in exact integer counts (float64 holds integers exactly up to 2^53).
	exactOutcomes = 1 << 53
	// Up to this many outcomes each probability is also given as a fraction.
	fractionOutcomes = 1000000
)

// Term is one term of a dice expression: N dice of S faces, or the constant N
// when S is 0; Neg subtracts it.
type Term struct {
	N, S int
	Neg  bool
}

// Expr is a parsed dice expression, the sum of its terms.
type Expr struct {
	Terms []Term
}

// ParseDice parses sums and differences of NdS terms (N 1..100, optional,
// S 2..1000, d% for d100, d or D) and integer constants, with spaces between
// terms and the Unicode minus accepted for "-".
func ParseDice(expr string) (Expr, *Error) {
	src := []rune(expr)
	p := diceParser{src: src}
	if len(src) > maxDiceLen {
		return Expr{}, &Error{Field: "expr", Code: "range",
			Fr: "expr doit avoir au plus " + itoa(maxDiceLen) + " caractères (reçu " + itoa(len(src)) + ")",
			En: "expr must have at most " + itoa(maxDiceLen) + " characters (got " + itoa(len(src)) + ")"}
	}
	var e Expr
	dice := 0
	p.space()
	neg := false
	if p.i < len(src) && isSign(src[p.i]) {
		neg = src[p.i] != '+'
		p.i++
		p.space()
	}
	for {
		t, err := p.term(neg)
		if err != nil {
			return Expr{}, err
		}
		if t.S > 0 {
			dice += t.N
		}
		e.Terms = append(e.Terms, t)
		if len(e.Terms) > maxDiceTerms {
			return Expr{}, &Error{Field: "expr", Code: "range",
				Fr: "expr doit avoir au plus " + itoa(maxDiceTerms) + " termes",
				En: "expr must have at most " + itoa(maxDiceTerms) + " terms"}
		}
		if dice > maxDiceAll {
			return Expr{}, &Error{Field: "expr", Code: "range",
				Fr: "expr doit lancer au plus " + itoa(maxDiceAll) + " dés en tout (reçu " + itoa(dice) + ")",
				En: "expr must roll at most " + itoa(maxDiceAll) + " dice in all (got " + itoa(dice) + ")"}
		}
		p.space()
		if p.i == len(src) {
			return e, nil
		}
		if !isSign(src[p.i]) {
			return Expr{}, p.unexpected("+ ou -", "+ or -")
		}
		neg = src[p.i] != '+'
		p.i++
		p.space()
	}
}

func isSign(c rune) bool { return c == '+' || c == '-' || c == '−' }

type diceParser struct {
	src []rune
	i   int
}

func (p *diceParser) space() {
	for p.i < len(p.src) && (p.src[p.i] == ' ' || p.src[p.i] == '\t' || p.src[p.i] == '\n' || p.src[p.i] == '\r') {
		p.i++
	}
}

func (p *diceParser) unexpected(wantFr, wantEn string) *Error {
	pos := itoa(p.i + 1)
	if p.i >= len(p.src) {
		return &Error{Field: "expr", Code: "syntax",
			Fr: "expr\u00a0: fin inattendue, " + wantFr + " attendu au caractère " + pos,
			En: "expr: unexpected end, expected " + wantEn + " at character " + pos}
	}
	c := string(p.src[p.i])
	return &Error{Field: "expr", Code: "syntax",
		Fr: "expr\u00a0: " + quoteFr(c) + " inattendu au caractère " + pos + ", " + wantFr + " attendu",
		En: "expr: unexpected " + quoteEn(c) + " at character " + pos + ", expected " + wantEn}
}

// number reads decimal digits, saturating so that a long run of digits is a
// range error rather than an overflow.
func (p *diceParser) number() (int, bool) {
	start := p.i
	n := 0
	for p.i < len(p.src) && p.src[p.i] >= '0' && p.src[p.i] <= '9' {
		if n < 100000000 {
			n = n*10 + int(p.src[p.i]-'0')
		}
		p.i++
	}
	return n, p.i > start
}

func (p *diceParser) term(neg bool) (Term, *Error) {
	start := p.i
	n, hasN := p.number()
	if p.i < len(p.src) && (p.src[p.i] == 'd' || p.src[p.i] == 'D') {
		p.i++
		var s int
		if p.i < len(p.src) && p.src[p.i] == '%' {
			p.i++
			s = 100
		} else {
			var ok bool
			s, ok = p.number()
			if !ok {
				return Term{}, p.unexpected("un nombre de faces ou %", "a number of faces or %")
			}
		}
		if !hasN {
			n = 1
		}
		text := string(p.src[start:p.i])
		if n < 1 || n > maxDiceN {
			return Term{}, &Error{Field: "expr", Code: "range",
				Fr: "expr\u00a0: le nombre de dés doit être un entier entre 1 et " + itoa(maxDiceN) + " (reçu " + itoa(n) + " dans " + quoteFr(text) + ")",
				En: "expr: the number of dice must be an integer from 1 to " + itoa(maxDiceN) + " (got " + itoa(n) + " in " + quoteEn(text) + ")"}
		}
		if s < 2 || s > maxDiceS {
			return Term{}, &Error{Field: "expr", Code: "range",
				Fr: "expr\u00a0: le nombre de faces doit être un entier entre 2 et " + itoa(maxDiceS) + " (reçu " + itoa(s) + " dans " + quoteFr(text) + ")",
				En: "expr: the number of faces must be an integer from 2 to " + itoa(maxDiceS) + " (got " + itoa(s) + " in " + quoteEn(text) + ")"}
		}
		return Term{N: n, S: s, Neg: neg}, nil
	}
	if !hasN {
		return Term{}, p.unexpected("un nombre ou un dé comme 2d6", "a number or a die such as 2d6")
	}
	if n > maxDiceConst {
		return Term{}, &Error{Field: "expr", Code: "range",
			Fr: "expr\u00a0: une constante doit être un entier entre 0 et " + itoa(maxDiceConst) + " (reçu " + string(p.src[start:p.i]) + ")",
			En: "expr: a constant must be an integer from 0 to " + itoa(maxDiceConst) + " (got " + string(p.src[start:p.i]) + ")"}
	}
	return Term{N: n, Neg: neg}, nil
}

func (t Term) sign() int {
	if t.Neg {
		return -1
	}
	return 1
}

func (t Term) lo() int {
	if t.S == 0 {
		return t.sign() * t.N
	}
	if t.Neg {
		return -t.N * t.S
	}
	return t.N
}

func (t Term) hi() int {
	if t.S == 0 {
		return t.sign() * t.N
	}
	if t.Neg {
		return -t.N
	}
	return t.N * t.S
}

// Min returns the lowest possible value.
func (e Expr) Min() int {
	v := 0
	for _, t := range e.Terms {
		v += t.lo()
	}
	return v
}

// Max returns the highest possible value.
func (e Expr) Max() int {
	v := 0
	for _, t := range e.Terms {
		v += t.hi()
	}
	return v
}

// Mean returns the expected value.
func (e Expr) Mean() float64 {
	m := 0.0
	for _, t := range e.Terms {
		m += float64(t.lo()+t.hi()) / 2
	}
	return m
}

// Dist returns the probability of each value from Min to Max.
func (e Expr) Dist() []float64 {
	w, total, exact := e.weights()
	if exact {
		for i := range w {
			w[i] /= total
		}
	}
	return w
}

// weights returns, for each value from Min to Max, its count of equally
// likely outcomes when these fit exactly in a float64 (exact true, with their
// total), else its probability.
//
// Each die, added or subtracted, is uniform on S consecutive integers, so the
// sum is a constant plus a sum of uniform windows. Convolving with one window
// is a sliding sum, done with prefix sums: O(size) per die instead of
// O(size × S). Every partial distribution is symmetric, so only its lower half
// is computed, from the left where the values are small, which keeps the
// relative precision of the tail figures, and the upper half is mirrored.
func (e Expr) weights() (w []float64, total float64, exact bool) {
	var faces []int
	total = 1
	exact = true
	for _, t := range e.Terms {
		for k := 0; t.S > 0 && k < t.N; k++ {
			faces = append(faces, t.S)
			if exact && total*float64(t.S) <= exactOutcomes {
				total *= float64(t.S)
			} else {
				exact = false
			}
		}
	}
	size := 1
	for _, s := range faces {
		size += s - 1
	}
	// Two buffers used in turn and one for the prefix sums: three
	// allocations however many dice.
	cur := make([]float64, 1, size)
	cur[0] = 1
	spare := make([]float64, 0, size)
	prefix := make([]float64, size+1)
	zeros := 0 // leading values that underflowed to 0, skipped
	for _, s := range faces {
		m := len(cur)
		n := m + s - 1
		prefix[0] = 0
		for i, v := range cur {
			prefix[i+1] = prefix[i] + v
		}
		next := spare[:n]
		inv := 1 / float64(s)
		half := (n + 1) / 2
		for i := 0; i < zeros && i < half; i++ {
			next[i] = 0
		}
		for i := min(zeros, half); i < half; i++ {
			hi := min(i+1, m)
			lo := max(i-s+1, 0)
			v := prefix[hi] - prefix[lo]
			if !exact {
				v *= inv
				if v < 2.2250738585072014e-308 {
					// Flush subnormals: they are below any figure shown
					// and make the arithmetic much slower.
					v = 0
				}
			}
			next[i] = v
		}
		for i := half; i < n; i++ {
			next[i] = next[n-1-i]
		}
		for zeros < half && next[zeros] == 0 {
			zeros++
		}
		cur, spare = next, cur
	}
	return cur, total, exact
}

// diceDesc is what the dice field takes, for its messages.
var diceDesc = desc{"une expression de dés comme " + quoteFr("2d6+1"), "a dice expression such as " + quoteEn("2d6+1")}

func runDice(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "expr", "exact")
	all := r.optBool(in, "", "exact")
	v, ok := r.get(in, "expr")
	if !ok && r.err == nil {
		r.failMissing("expr", diceDesc)
	}
	if r.err != nil {
		return nil
	}
	s, ok := v.(string)
	if !ok {
		r.failType("expr", diceDesc, v)
		return nil
	}
	e, err := ParseDice(s)
	if err != nil {
		r.err = err
		return nil
	}
	lo, hi := e.Min(), e.Max()
	w, total, exact := e.weights()
	n := len(w)
	dist := make([]any, n)
	atLeast := make([]any, n)
	// Suffix sums from the top: in the upper half they are accurate as they
	// are; the lower half takes 1 − P(X < v), which the symmetry gives as a
	// suffix sum too, so that at_least(min) is exactly 1.
	suffix := make([]float64, n+1)
	for i := n - 1; i >= 0; i-- {
		suffix[i] = suffix[i+1] + w[i]
	}
	frac := exact && total <= fractionOutcomes
	for i := 0; i < n; i++ {
		d := map[string]any{"value": f(lo + i)}
		a := map[string]any{"value": f(lo + i)}
		if exact {
			d["p"] = w[i] / total
			a["p"] = suffix[i] / total
			if frac {
				d["p_fraction"] = mkRat(int64(w[i]), int64(total)).String()
				a["p_fraction"] = mkRat(int64(suffix[i]), int64(total)).String()
			}
		} else {
			d["p"] = w[i]
			if 2*i >= n {
				a["p"] = suffix[i]
			} else {
				a["p"] = 1 - suffix[n-i]
			}
		}
		dist[i] = d
		atLeast[i] = a
	}
	out := map[string]any{}
	if n > maxListed && !all {
		// 100d1000+100d1000 has 199,801 values: tens of megabytes of JSON
		// listed one by one, which no page and no reader uses. Bins keep the shape,
		// the mass and the at-least figures at each bin's start; "exact":
		// true lists every value.
		dist, atLeast = binned(dist, false), binned(atLeast, true)
		out["distribution_binned"], out["at_least_binned"] = true, true
		out["values"] = f(n)
	}
	steps := make([]any, 0, len(e.Terms)+2)
	for _, t := range e.Terms {
		switch {
		case t.S == 0 && t.Neg:
			steps = append(steps, step("", "", say("On retire $1.", "Take away $1.", t.N)))
		case t.S == 0:
			steps = append(steps, step("", "", say("On ajoute $1.", "Add $1.", t.N)))
		case t.Neg:
			steps = append(steps, step("", "", say("On retire $1d$2 : de $3 à $4, $5 en moyenne.", "Take away $1d$2: from $3 to $4, $5 on average.",
				t.N, t.S, t.N, t.N*t.S, dec(float64(t.N*(t.S+1))/2))))
		default:
			steps = append(steps, step("", "", say("$1d$2 : de $3 à $4, $5 en moyenne.", "$1d$2: from $3 to $4, $5 on average.",
				t.N, t.S, t.N, t.N*t.S, dec(float64(t.N*(t.S+1))/2))))
		}
	}
	switch {
	case lo == hi:
		steps = append(steps, step("", "", say("Aucun dé : le résultat est connu d’avance.", "No dice: the result is known in advance.")))
	case exact:
		steps = append(steps, step("", "", say("Loi exacte : on compte un à un les $1 résultats équiprobables des dés.",
			"Exact distribution: the $1 equally likely rolls of the dice are counted one by one.", int(total))))
	default:
		steps = append(steps, step("", "", say("Loi exacte, calculée dé après dé : il y a trop de résultats pour les compter un à un.",
			"Exact distribution, computed die after die: there are too many rolls to count them one by one.")))
	}
	sum := say("Au total, de $1 à $2, $3 en moyenne.", "In all, from $1 to $2, $3 on average.", lo, hi, dec(e.Mean()))
	ans := say("Le jet donne de **$1 à $2**, en moyenne **$3**.", "The roll gives **$1 to $2**, **$3** on average.", lo, hi, dec(e.Mean()))
	if lo == hi {
		sum = say("Au total, toujours $1.", "In all, always $1.", lo)
		ans = say("Le jet donne toujours **$1**.", "The roll always gives **$1**.", lo)
	}
	steps = append(steps, step("", "", sum))
	if out["values"] != nil {
		steps = append(steps, step("", "", say(
			"$1 valeurs possibles : la loi est donnée par classes de $2 valeurs.",
			"$1 possible values: the distribution is given in bins of $2 values.", n, (n+maxBins-1)/maxBins)))
	}
	for k, v := range map[string]any{
		"expr":         s,
		"min":          f(lo),
		"max":          f(hi),
		"mean":         e.Mean(),
		"distribution": dist,
		"at_least":     atLeast,
		"steps":        steps,
		"answer":       answer(ans),
	} {
		out[k] = v
	}
	return out
}

// maxListed is the most values a distribution lists one by one unless the
// input asks for all of them ("exact": true); maxBins the bins of a longer
// one.
const (
	maxListed = 1000
	maxBins   = 200
)

// binned groups a long list of {value, p} into at most maxBins runs of
// equal length, each {value, value_hi, p}: the mass of the run, or for an
// at-least list (cumulative) the figure at its first value.
func binned(list []any, cumulative bool) []any {
	size := (len(list) + maxBins - 1) / maxBins
	out := make([]any, 0, maxBins)
	for i := 0; i < len(list); i += size {
		last := min(i+size, len(list)) - 1
		first := list[i].(map[string]any)
		p := first["p"].(float64)
		if !cumulative {
			p = 0
			for j := i; j <= last; j++ {
				p += list[j].(map[string]any)["p"].(float64)
			}
		}
		out = append(out, map[string]any{"value": first["value"], "value_hi": list[last].(map[string]any)["value"], "p": p})
	}
	return out
}
