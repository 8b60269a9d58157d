package values

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"compendium/generator/site"
	"compendium/wasm/engine"
)

func TestEval(t *testing.T) {
	r := engine.Default()
	apprent, _ := r.Get("casting.max-apprenticeship")
	thr, _ := r.Get("casting.threshold")
	xp3, _ := r.Get("study.xp-hour-3")
	div, _ := r.Get("study.failure-divisor")
	for _, c := range []struct {
		expr string
		want int
		err  string
	}{
		{"casting.threshold*casting.max-apprenticeship+1", thr*apprent + 1, ""},
		{"ceil(study.xp-hour-3/study.failure-divisor)", (xp3 + div - 1) / div, ""},
		{"floor(study.xp-hour-3/study.failure-divisor)", xp3 / div, ""},
		{"casting.max-apprenticeship-1", apprent - 1, ""},
		{"(1+2)*3", 9, ""},
		{"-3+1", -2, ""},
		{"ceil(-5/2)", -2, ""},
		{"floor(-5/2)", -3, ""},
		{"5/2", 0, "not a whole number"},
		{"1/0", 0, "division by zero"},
		{"armor.nope+1", 0, "not a rule value"},
		{"(1+2", 0, "not closed"},
		{"1+", 0, "missing"},
		{strings.Repeat("(", 20) + "1" + strings.Repeat(")", 20), 0, "parentheses"},
		{strings.Repeat("1+", 70) + "1", 0, "longer than"},
		{"9999999999", 0, "too long"},
	} {
		got, err := Eval(c.expr, r)
		if c.err == "" && (err != "" || got != c.want) || c.err != "" && !strings.Contains(err, c.err) {
			t.Errorf("Eval(%q) = %d, %q; want %d, %q", c.expr, got, err, c.want, c.err)
		}
	}
}

// FuzzEval: any expression is computed or refused, never a panic.
func FuzzEval(f *testing.F) {
	for _, s := range []string{"casting.threshold*casting.max-apprenticeship+1", "ceil(study.xp-hour-3/study.failure-divisor)", "((1", "-(-(-1))", "1/0"} {
		f.Add(s)
	}
	r := engine.Default()
	f.Fuzz(func(t *testing.T, s string) { Eval(s, r) })
}

// TestWordsAgainstValues: each disagreement between the words a page shows
// and the values is refused at its line and column, naming both numbers;
// agreeing words, and words that state no number, pass.
func TestWordsAgainstValues(t *testing.T) {
	for _, c := range []struct{ fr, want string }{
		{"soignez-le dans les [15mn]{=health.wounded 15min}.", ""},
		{"soignez-le dans les [20mn]{=health.wounded 15min}.", "fr/doc.md:9:21: rule value “health.wounded”: the words “20mn” say 20 min but the value is 15 min: write [15mn]{=health.wounded 15min} to keep the rule, or [20mn]{=health.wounded 20min} to change it"},
		{"soignez-le dans les [quelques minutes]{=health.wounded 15min}.", ""},
		{"[une heure]{=life.wounded-to-dying 60min} puis [dans l’heure]{=life.wounded-to-dying 60min}", ""},
		{"[deux heures]{=life.wounded-to-dying 60min}", "say 2 h but the value is 1 h"},
		{"[un seul]{=life.points 1} PV", ""},
		{"[deux]{=life.points 1} PV", "say 2 but the value is 1"},
		{"[triple]{=unarmed.outnumber 3x}", ""},
		{"[deux fois]{=unarmed.outnumber 3x}", "say ×2 but the value is ×3"},
		{"[2 ou 3 minutes]{=health.wounded 3min}", "state 2 numbers"},
		{"[Le feu brûle la vigne]{=spell-duel.fire-beats vine}", ""},
		{"[Le feu brûle l’eau]{=spell-duel.fire-beats vine}", "do not say it (they name fire, water)"},
		{"{=armor.helmet 2} point de plus", "“point” after it must be “points”"},
		{"{=armor.helmet 1} point de plus, {=armor.chain 2} points", ""},
		{"[1 minutes]{=health.fatigued 1min}", "“minutes” after it must be “minute”"},
		{"niveau {=dying-magic.threshold 4}e", ""},
		{"niveau {=dying-magic.threshold 1}e", "write “1er”"},
		{"un résultat de [11]{=casting.threshold*casting.max-apprenticeship+1}", ""},
		{"un résultat de [12]{=casting.threshold*casting.max-apprenticeship+1}", "the words say 12 but casting.threshold*casting.max-apprenticeship+1 is 11 with the declared values: write [11]{=casting.threshold*casting.max-apprenticeship+1}"},
		{"soit [13xp]{=study.xp-hour-3/study.failure-divisor}", "not a whole number: write ceil("},
		{"au [premier]{=life.points} coup, au [deuxième]{=life.points+1} coup", ""},
		{"au [troisième]{=life.points+1} coup", "the words say 3 but life.points+1 is 2"},
		{"[20mn]{=health.wounded 20mn}", ""}, // mn is a duration unit in a value too
	} {
		dir := t.TempDir()
		doc := "---\ntitle: T\nshort: T\norder: 1\nslug: doc\nsummary: S\nsource: s.txt\n---\n" + c.fr + "\n"
		if err := os.MkdirAll(filepath.Join(dir, "fr"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "fr", "doc.md"), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		s, ds := site.Load(dir, site.Options{})
		if len(ds) > 0 {
			t.Fatalf("%q: %v", c.fr, ds)
		}
		var got []string
		for _, d := range checkWords(s, mustSet(t, s)) {
			got = append(got, strings.TrimPrefix(d.String(), dir+string(filepath.Separator)))
		}
		if c.want == "" && len(got) > 0 || c.want != "" && !strings.Contains(strings.Join(got, "\n"), c.want) {
			t.Errorf("%q:\n got %q\nwant %q", c.fr, got, c.want)
		}
	}
}

// mustSet is the set of s's values (Collect without its own checks' verdict:
// a fixture declares only some values).
func mustSet(t *testing.T, s *site.Site) *Set {
	t.Helper()
	set, _ := Collect(s)
	return set
}
