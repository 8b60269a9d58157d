package values

import (
	"math/big"
	"strconv"
	"strings"

	"compendium/generator/numwords"
	"compendium/generator/site"
	"compendium/wasm/engine"
)

// The words a page shows are held to the values they state, so that the
// text and the calculators cannot disagree however an organiser edits:
//   - [words]{=key value}: the number the words state ("15mn", "une
//     heure", "triple", "halve") is the value; words that state no number
//     ("Le feu brûle la vigne") name the value's element instead;
//   - [words]{=expr}: a figure the text computes from the values ("un
//     résultat de [11]{=casting.threshold*casting.max-apprenticeship+1}")
//     is what expr gives;
//   - a noun the value counts ("{=armor.chain 2} points") agrees with it,
//     and an ordinal's ending ("{=dying-magic.threshold 4}th") suits it.
//
// checkWords reports every disagreement at its file, line and column, with
// both numbers and what to write.
func checkWords(s *site.Site, set *Set) site.Diagnostics {
	var ds site.Diagnostics
	for _, l := range s.Langs {
		for _, d := range l.Docs {
			for _, v := range d.Values {
				checkPair(&ds, d, v)
			}
			for _, st := range d.Statements {
				checkStatement(&ds, d, st, set)
			}
		}
	}
	return ds
}

// add records a problem of the catalogue's kind at d's line and column.
func add(ds *site.Diagnostics, d *site.Doc, line, col int, kind string, args ...string) {
	ds.Report(d.File, line, kind, args...).Col = col
}

// checkPair holds one declaration's words, and the words after it, to its
// value.
func checkPair(ds *site.Diagnostics, d *site.Doc, v *site.Value) {
	spec, known := engine.Lookup(v.Key)
	if !known || spec.Kind != v.Kind {
		return // reported by Collect
	}
	if v.Words != "" {
		if v.Kind == engine.Name {
			checkName(ds, d, v, spec)
			return
		}
		qs := numwords.Read(v.Words, d.Lang)
		switch {
		case len(qs) == 0:
			return // words that state no number: nothing to hold
		case len(qs) > 1:
			add(ds, d, v.Line, v.Col, "value-words-many", "key", v.Key, "words", v.Words, "n", strconv.Itoa(len(qs)), "numbers", list(qs))
			return
		}
		q := qs[0]
		if q.Unit == numwords.Plain && v.Kind == engine.Minutes && !q.Mult && !q.Ord {
			// "[2]{=armor.pause-min 2min}-[3 minutes]…": the unit follows.
			m := numwords.UnitOf(v.After)
			if m == 0 {
				m = 1
			}
			q.Unit, q.N, q.Scale = numwords.Minutes, q.N*m, m
		}
		if got, want := q.N, v.N; got != want || q.Unit == numwords.Seconds || q.Dice > 1 {
			args := []string{"key", v.Key, "words", v.Words, "said", q.String(), "value", shown(v.Kind, v.N), "literal", v.Literal, "to", literal(v, q)}
			if fixed, ok := keep(v, q); ok {
				add(ds, d, v.Line, v.Col, "value-words-differ", append(args, "fixed", fixed)...)
			} else {
				add(ds, d, v.Line, v.Col, "value-words-differ-say", args...)
			}
			return
		}
		if q.Ord || q.Mult {
			return // "au deuxième coup", "deux fois": the noun is not counted
		}
		// The noun the words' own number counts: "[deux point]" for 2.
		rest := v.Words[q.NumEnd:]
		if strings.TrimSpace(rest) == "" {
			rest = v.After
		}
		agree(ds, d, v.Line, v.Col, "value", []string{"key", v.Key}, q.N/max(q.Scale, 1), rest)
		return
	}
	if v.Kind == engine.Whole || v.Kind == engine.Minutes {
		// The value shows itself: the number the reader sees is the
		// literal's ("1h" is 1).
		if n, err := strconv.Atoi(strings.TrimRight(strings.TrimPrefix(strings.ReplaceAll(v.Literal, "−", "-"), "+"), "minh")); err == nil {
			agree(ds, d, v.Line, v.Col, "value", []string{"key", v.Key}, n, v.After)
		}
	}
}

// agree reports a noun after the number n that disagrees with it, or an
// ordinal ending glued to it that does not suit it. what is "value" or
// "figure", the catalogue's kinds "value-noun", "figure-ordinal"…, and
// args name it (its key, its expression).
func agree(ds *site.Diagnostics, d *site.Doc, line, col int, what string, args []string, n int, after string) {
	num := strconv.Itoa(n)
	if end := numwords.OrdinalAfter(after, d.Lang); end != "" {
		if !numwords.OrdinalAgrees(n, end, d.Lang) {
			en, fr := langNames(d.Lang)
			add(ds, d, line, col, what+"-ordinal", append(args, "n", num, "written", num+end, "langname", en, "langname@fr", fr, "want", num+numwords.Ordinal(n, d.Lang))...)
		}
		return
	}
	if noun, bad := numwords.Agree(n, after, d.Lang); bad {
		add(ds, d, line, col, what+"-noun", append(args, "n", num, "word", noun.Word, "want", noun.Want)...)
	}
}

// langNames names the language lang in English and in French, for the
// messages; a language the table lacks is named by its code.
func langNames(lang string) (en, fr string) {
	if n, ok := languageNames[lang]; ok {
		return n[0], n[1]
	}
	return lang, lang
}

// languageNames are the languages' names in the messages: in English, and
// the French adjective ("le texte français").
var languageNames = map[string][2]string{"fr": {"French", "français"}, "en": {"English", "anglais"}}

// EngineText returns, of a text the engine gives in its two languages (fr,
// en: the engine's specs, names and errors), the one in lang; false in a
// language the engine does not write.
func EngineText(lang, fr, en string) (string, bool) {
	switch i, ok := engineLanguages[lang]; {
	case !ok:
		return "", false
	case i == 0:
		return fr, true
	default:
		return en, true
	}
}

// engineLanguages are the languages the engine writes, by their place in
// its pairs of texts (engine.Spec's Fr and En).
var engineLanguages = map[string]int{"fr": 0, "en": 1}

// checkName holds the words of a value that names an element ("Le feu
// brûle [la vigne]") to its name: they must say it.
func checkName(ds *site.Diagnostics, d *site.Doc, v *site.Value, spec engine.Spec) {
	name := bareName(spec.Word(v.N, d.Lang))
	if name == "" || containsWord(strings.ToLower(v.Words), name) {
		return
	}
	var names []string
	for _, c := range spec.Names {
		w, ok := EngineText(d.Lang, c.Fr, c.En)
		if !ok {
			return // the engine does not name its elements in this language
		}
		if containsWord(strings.ToLower(v.Words), bareName(w)) {
			names = append(names, c.Key)
		}
	}
	args := []string{"key", v.Key, "literal", v.Literal, "name", spec.Word(v.N, d.Lang), "words", v.Words, "bare", bareName(spec.Word(v.N, d.Lang))}
	if len(names) > 0 {
		add(ds, d, v.Line, v.Col, "value-name-words-other", append(args, "names", strings.Join(names, ", "))...)
		return
	}
	add(ds, d, v.Line, v.Col, "value-name-words", args...)
}

// bareName drops a name's article: "la vigne" → "vigne", "l’eau" → "eau".
func bareName(w string) string {
	w = strings.ToLower(w)
	for _, a := range []string{"le ", "la ", "les ", "l’", "l'", "the "} {
		w = strings.TrimPrefix(w, a)
	}
	return w
}

// containsWord reports whether s holds w as whole words.
func containsWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		a, b := i+j, i+j+len(w)
		if (a == 0 || !isLetter(s[:a], true)) && (b == len(s) || !isLetter(s[b:], false)) {
			return true
		}
		i = a + 1
	}
}

func isLetter(s string, last bool) bool {
	r := []rune(s)
	c := r[0]
	if last {
		c = r[len(r)-1]
	}
	return c >= 'a' && c <= 'z' || c > 0x7f && c != '’'
}

// checkStatement holds [words]{=expr} to what expr computes.
func checkStatement(ds *site.Diagnostics, d *site.Doc, st *site.Statement, set *Set) {
	args := []string{"words", st.Words, "expr", st.Expr}
	val, err := Eval(st.Expr, set.Rules)
	if err != nil {
		add(ds, d, st.Line, st.Col, "figure-eval", append(args, site.Texts("err", err.Text)...)...)
		return
	}
	args = append(args, "value", strconv.Itoa(val))
	qs := numwords.Read(st.Words, d.Lang)
	if len(qs) == 0 {
		add(ds, d, st.Line, st.Col, "figure-none", args...)
		return
	}
	if len(qs) > 1 {
		add(ds, d, st.Line, st.Col, "figure-many", append(args, "n", strconv.Itoa(len(qs)), "numbers", list(qs))...)
		return
	}
	if q := qs[0]; q.N != val {
		args = append(args, "said", strconv.Itoa(q.N))
		if q.Digits {
			add(ds, d, st.Line, st.Col, "figure-differs", append(args, "fixed", st.Words[:q.Start]+replaceDigits(st.Words[q.Start:q.End], val)+st.Words[q.End:])...)
		} else {
			add(ds, d, st.Line, st.Col, "figure-differs-say", args...)
		}
		return
	}
	if q := qs[0]; !q.Ord && !q.Mult { // "au deuxième coup": an ordinal's noun is singular
		rest := st.Words[q.NumEnd:]
		if strings.TrimSpace(rest) == "" {
			rest = st.After
		}
		agree(ds, d, st.Line, st.Col, "figure", []string{"expr", st.Expr}, q.N/max(q.Scale, 1), rest)
	}
}

// list writes quantities for a message: "2, 3 min".
func list(qs []numwords.Quantity) string {
	s := make([]string, len(qs))
	for i, q := range qs {
		s[i] = q.String()
	}
	return strings.Join(s, ", ")
}

// shown writes the value n of kind k for a message.
func shown(k engine.Kind, n int) string {
	return numwords.Quantity{N: n, Unit: map[engine.Kind]numwords.Unit{engine.Minutes: numwords.Minutes, engine.Dice: numwords.Die}[k], Mult: k == engine.Times}.String()
}

// keep returns the words that state the value, their figures rewritten,
// when they are figures; false when only the organiser can reword them.
func keep(v *site.Value, q numwords.Quantity) (string, bool) {
	if q.Digits && q.Scale > 0 && v.N%q.Scale == 0 {
		return v.Words[:q.Start] + replaceDigits(v.Words[q.Start:q.End], v.N/q.Scale) + v.Words[q.End:], true
	}
	return "", false
}

// replaceDigits replaces the first run of figures of s with n: "20mn" →
// "15mn", "1D12" → "1D10" (a die's sides are its last figures).
func replaceDigits(s string, n int) string {
	if i := strings.IndexAny(s, "dD"); i >= 0 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
		return s[:i+1] + strconv.Itoa(n)
	}
	i := strings.IndexAny(s, "0123456789")
	if i < 0 {
		return s
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	return s[:i] + strconv.Itoa(n) + s[j:]
}

// literal writes the value the words state as a declaration writes it.
func literal(v *site.Value, q numwords.Quantity) string {
	switch v.Kind {
	case engine.Minutes:
		if q.N%60 == 0 && q.N > 0 && strings.HasSuffix(v.Literal, "h") {
			return strconv.Itoa(q.N/60) + "h"
		}
		return strconv.Itoa(q.N) + "min"
	case engine.Dice:
		return "1d" + strconv.Itoa(q.N)
	case engine.Times:
		return strconv.Itoa(q.N) + "x"
	}
	if strings.HasPrefix(v.Literal, "+") {
		return "+" + strconv.Itoa(q.N)
	}
	return strconv.Itoa(q.N)
}

// maxExpr bounds an expression's length: a figure's formula is short, and
// a bound keeps its evaluation cheap whatever is pasted.
const maxExpr = 120

// EvalError is why an expression cannot be computed: a kind of the
// message catalogue ("expr-unclosed"…) and its arguments.
type EvalError struct {
	Kind string
	Args []string
}

// Text is the reason in lang, as the catalogue words it.
func (e *EvalError) Text(lang string) string { return site.Text(e.Kind, lang, e.Args...) }

// Eval computes a figure's expression from the rules: whole numbers, keys
// (their values, a duration in minutes), + - * /, parentheses, ceil(…)
// and floor(…). Division is exact: a result that is not whole must be
// rounded with ceil or floor, as the text rounds it. It returns the
// number, or why it cannot (nil when it can).
func Eval(expr string, rules *engine.Rules) (int, *EvalError) {
	if len(expr) > maxExpr {
		return 0, &EvalError{"expr-too-long", []string{"max", strconv.Itoa(maxExpr)}}
	}
	p := &exprParser{s: expr, rules: rules}
	r := p.sum(0)
	if p.err == nil && p.i < len(p.s) {
		p.fail("expr-unexpected", "rest", p.s[p.i:])
	}
	if p.err != nil {
		// A mistake of writing: the message says how an expression is
		// written.
		return 0, &EvalError{"expr-syntax", site.Texts("why", p.err.Text)}
	}
	if !r.IsInt() {
		return 0, &EvalError{"expr-not-whole", []string{"value", r.FloatString(2), "expr", expr}}
	}
	if !r.Num().IsInt64() || r.Num().Int64() > 1e9 || r.Num().Int64() < -1e9 {
		return 0, &EvalError{Kind: "expr-too-large"}
	}
	return int(r.Num().Int64()), nil
}

type exprParser struct {
	s     string
	i     int
	rules *engine.Rules
	err   *EvalError
}

// fail records the first mistake found, of the catalogue's kind.
func (p *exprParser) fail(kind string, args ...string) {
	if p.err == nil {
		p.err = &EvalError{kind, args}
	}
}

func (p *exprParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

// sum reads terms joined by + and -; depth bounds the parentheses.
func (p *exprParser) sum(depth int) *big.Rat {
	r := p.product(depth)
	for p.err == nil && (p.peek() == '+' || p.peek() == '-') {
		op := p.peek()
		p.i++
		t := p.product(depth)
		if op == '+' {
			r.Add(r, t)
		} else {
			r.Sub(r, t)
		}
	}
	return r
}

func (p *exprParser) product(depth int) *big.Rat {
	r := p.factor(depth)
	for p.err == nil && (p.peek() == '*' || p.peek() == '/') {
		op := p.peek()
		p.i++
		t := p.factor(depth)
		if op == '*' {
			r.Mul(r, t)
		} else if t.Sign() == 0 {
			p.fail("expr-division-zero")
		} else {
			r.Quo(r, t)
		}
	}
	return r
}

func (p *exprParser) factor(depth int) *big.Rat {
	zero := new(big.Rat)
	if depth > 8 {
		p.fail("expr-too-deep")
		return zero
	}
	switch c := p.peek(); {
	case c == '(':
		p.i++
		r := p.sum(depth + 1)
		if p.peek() != ')' {
			p.fail("expr-unclosed")
			return zero
		}
		p.i++
		return r
	case c == '-':
		p.i++
		return new(big.Rat).Neg(p.factor(depth + 1))
	case c >= '0' && c <= '9':
		j := p.i
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
		}
		if j-p.i > 9 {
			p.fail("expr-number-long", "n", p.s[p.i:j])
			return zero
		}
		n, _ := strconv.Atoi(p.s[p.i:j])
		p.i = j
		return new(big.Rat).SetInt64(int64(n))
	case c >= 'a' && c <= 'z':
		j := p.i
		for j < len(p.s) && (p.s[j] >= 'a' && p.s[j] <= 'z' || p.s[j] >= '0' && p.s[j] <= '9' || p.s[j] == '.' || p.s[j] == '-') {
			j++
		}
		name := p.s[p.i:j]
		if (name == "ceil" || name == "floor") && j < len(p.s) && p.s[j] == '(' {
			p.i = j
			r := p.factor(depth + 1)
			q := new(big.Int).Quo(r.Num(), r.Denom()) // towards zero
			if !r.IsInt() && (name == "ceil") == (r.Sign() > 0) {
				if r.Sign() > 0 {
					q.Add(q, big.NewInt(1))
				} else {
					q.Sub(q, big.NewInt(1))
				}
			}
			return new(big.Rat).SetInt(q)
		}
		// A key may hold "-": the longest known key wins, the rest is
		// subtraction ("casting.max-apprenticeship-1").
		for k := j; k > p.i; k-- {
			if k < j && p.s[k] != '-' {
				continue
			}
			if n, ok := p.rules.Get(p.s[p.i:k]); ok {
				p.i = k
				return new(big.Rat).SetInt64(int64(n))
			}
		}
		p.fail("expr-unknown-key", "name", name)
		return zero
	}
	p.fail("expr-missing", "rest", p.s[p.i:])
	return zero
}
