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
		{"1/0", 0, "divides by zero"},
		{"armor.nope+1", 0, "not a rule value"},
		{"(1+2", 0, "not closed"},
		{"1+", 0, "missing"},
		{strings.Repeat("(", 20) + "1" + strings.Repeat(")", 20), 0, "parentheses"},
		{strings.Repeat("1+", 70) + "1", 0, "longer than"},
		{"9999999999", 0, "too long"},
	} {
		got, err := Eval(c.expr, r)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("Eval(%q) = %d, %v; want %d", c.expr, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Text("en"), c.err)):
			t.Errorf("Eval(%q) = %d, %v; want %q", c.expr, got, err, c.err)
		case err != nil && (err.Text("fr") == err.Text("en") || strings.Contains(err.Text("fr"), "{")):
			t.Errorf("Eval(%q): the French reason is %q", c.expr, err.Text("fr"))
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

// TestWordsMessages: each disagreement between words and values is a
// message of the catalogue, whole in English and in French.
func TestWordsMessages(t *testing.T) {
	for _, c := range []struct{ text, kind, en, fr string }{
		{"[2 ou 3 minutes]{=health.wounded 3min}", "value-words-many",
			"rule value “health.wounded”: the words “2 ou 3 minutes” state 2 numbers (2, 3 min): words in brackets state one number",
			"valeur de règle « health.wounded » : les mots « 2 ou 3 minutes » énoncent 2 nombres (2, 3 min) : les mots entre crochets énoncent un seul nombre"},
		{"dans les [20mn]{=health.wounded 15min}.", "value-words-differ",
			"the words “20mn” say 20 min but the value is 15 min: write [15mn]{=health.wounded 15min} to keep the rule, or [20mn]{=health.wounded 20min} to change it (in both languages)",
			"les mots « 20mn » disent 20 min mais la valeur est 15 min : écrivez [15mn]{=health.wounded 15min} pour garder la règle, ou [20mn]{=health.wounded 20min} pour la changer (dans les deux langues)"},
		{"[deux heures]{=life.wounded-to-dying 60min}", "value-words-differ-say",
			"the words “deux heures” say 2 h but the value is 1 h: change the words to say 1 h to keep the rule, or write [deux heures]{=life.wounded-to-dying 120min} to change it",
			"les mots « deux heures » disent 2 h mais la valeur est 1 h : changez les mots pour qu'ils disent 1 h afin de garder la règle, ou écrivez [deux heures]{=life.wounded-to-dying 120min} pour la changer"},
		{"niveau {=dying-magic.threshold 1}e", "value-ordinal",
			"rule value “dying-magic.threshold” is 1: “1e” is not how French writes it: write “1er”",
			"la valeur de règle « dying-magic.threshold » vaut 1 : « 1e » ne s'écrit pas ainsi en français : écrivez « 1er »"},
		{"{=armor.helmet 2} point de plus", "value-noun",
			"rule value “armor.helmet” is 2: “point” after it must be “points” (2 points)",
			"la valeur de règle « armor.helmet » vaut 2 : « point » qui la suit doit être « points » (2 points)"},
		{"[Le feu brûle l’eau]{=spell-duel.fire-beats vine}", "value-name-words-other",
			"rule value “spell-duel.fire-beats” is vine (la vigne) but the words “Le feu brûle l’eau” do not say it (they name fire, water): write words that name vigne, or change the value",
			"la valeur de règle « spell-duel.fire-beats » est vine (la vigne) mais les mots « Le feu brûle l’eau » ne le disent pas (ils nomment fire, water) : écrivez des mots qui nomment vigne, ou changez la valeur"},
		{"[La glace]{=spell-duel.fire-beats vine}", "value-name-words",
			"but the words “La glace” do not say it: write words that name vigne",
			"mais les mots « La glace » ne le disent pas : écrivez des mots qui nomment vigne"},
		{"soit [3]{=armor.nope+1}", "figure-eval",
			"figure “[3]{=armor.nope+1}”: “armor.nope” is not a rule value the calculators read (go run ./generator values lists them) (write keys, whole numbers",
			"chiffre « [3]{=armor.nope+1} » : « armor.nope » n'est pas une valeur de règle lue par les calculateurs (go run ./generator values les liste) (écrivez des clés, des nombres entiers"},
		{"soit [13xp]{=study.xp-hour-3/study.failure-divisor}", "figure-eval",
			"not a whole number: write ceil(study.xp-hour-3/study.failure-divisor) or floor(study.xp-hour-3/study.failure-divisor), as the text rounds it",
			"pas un nombre entier : écrivez ceil(study.xp-hour-3/study.failure-divisor) ou floor(study.xp-hour-3/study.failure-divisor), selon l'arrondi du texte"},
		{"soit [beaucoup]{=life.points+1}", "figure-none",
			"figure “[beaucoup]{=life.points+1}”: the words state no number; they must state the one life.points+1 gives, 2",
			"chiffre « [beaucoup]{=life.points+1} » : les mots n'énoncent aucun nombre ; ils doivent énoncer celui que donne life.points+1, 2"},
		{"soit [2 ou 3]{=life.points+1}", "figure-many",
			"the words state 2 numbers (2, 3); they must state the one life.points+1 gives, 2",
			"les mots énoncent 2 nombres (2, 3) ; ils doivent énoncer celui que donne life.points+1, 2"},
		{"soit [3 coups]{=life.points+1}", "figure-differs",
			"the words say 3 but life.points+1 is 2 with the declared values: write [2 coups]{=life.points+1}",
			"les mots disent 3 mais life.points+1 vaut 2 avec les valeurs déclarées : écrivez [2 coups]{=life.points+1}"},
		{"au [troisième]{=life.points+1} coup", "figure-differs-say",
			"the words say 3 but life.points+1 is 2 with the declared values: change the words to say 2",
			"les mots disent 3 mais life.points+1 vaut 2 avec les valeurs déclarées : changez les mots pour qu'ils disent 2"},
		{"soit [2]{=life.points+1} point", "figure-noun",
			"figure “life.points+1” is 2: “point” after it must be “points” (2 points)",
			"le chiffre « life.points+1 » vaut 2 : « point » qui le suit doit être « points » (2 points)"},
		{"au niveau [2]{=life.points+1}er", "figure-ordinal",
			"figure “life.points+1” is 2: “2er” is not how French writes it: write “2e”",
			"le chiffre « life.points+1 » vaut 2 : « 2er » ne s'écrit pas ainsi en français : écrivez « 2e »"},
	} {
		dir := t.TempDir()
		doc := "---\ntitle: T\nshort: T\norder: 1\nslug: doc\nsummary: S\nsource: s.txt\n---\n" + c.text + "\n"
		if err := os.MkdirAll(filepath.Join(dir, "fr"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "fr", "doc.md"), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		s, _ := site.Load(dir, site.Options{})
		ds := checkWords(s, mustSet(t, s))
		if len(ds) != 1 || ds[0].Kind != c.kind {
			t.Errorf("%q: want one %s, got:\n%s", c.text, c.kind, ds.Format("en", true))
			continue
		}
		if m := ds[0].MissingArgs(); len(m) > 0 {
			t.Errorf("%q: %s lacks %v", c.text, c.kind, m)
		}
		if got := ds[0].Message("en"); !strings.Contains(got, c.en) {
			t.Errorf("%q, English:\n got %s\nwant …%s…", c.text, got, c.en)
		}
		if got := ds[0].Message("fr"); !strings.Contains(got, c.fr) {
			t.Errorf("%q, French:\n got %s\nwant …%s…", c.text, got, c.fr)
		}
	}
}
