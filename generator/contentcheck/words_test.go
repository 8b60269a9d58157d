package contentcheck

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"compendium/generator/site"
	"compendium/generator/values"
	"compendium/wasm/engine"
)

// edit is one change an organiser might make to a copy of the content: the
// text at a line of a file replaced, and what check must say of it.
type edit struct {
	file       string // relative to the content folder: "fr/fantasy.md"
	line       int
	old, new   string
	key        string // the value the edit is about
	oldN, newN string // the numbers the message must name
}

var (
	pairRe    = regexp.MustCompile(`\[([^\[\]\n]+)\]\{=([a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+) ([^\s{}]+)\}`)
	formulaRe = regexp.MustCompile(`\{=([a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+) ([^\s{}]+)\}`)
	digitsRe  = regexp.MustCompile(`[0-9]+`)
)

// wordEdits are the number words an edit changes, per language, the
// first found in a pair's words: what an organiser who edits the visible
// words would write.
var wordEdits = map[string][][2]string{
	"fr": {{"un", "deux"}, {"une", "deux"}, {"deux", "trois"}, {"trois", "quatre"}, {"triple", "quadruple"},
		{"dizaine", "vingtaine"}, {"moitié", "tiers"}, {"heure", "deux heures"}},
	"en": {{"one", "two"}, {"a", "two"}, {"an", "two"}, {"two", "three"}, {"three", "four"}, {"ten", "eleven"},
		{"twice", "three times"}, {"halve", "divide by three"}, {"hour", "two hours"}},
}

// mutateWords returns the pair's words with the number they state changed,
// and that number written as the message writes it, or false when the
// words hold no figure or number word (a relation's names: see mutateName).
func mutateWords(words, lang string) (string, bool) {
	if locs := digitsRe.FindAllStringIndex(words, -1); len(locs) > 0 {
		l := locs[len(locs)-1] // "1D12": the die's sides
		n, _ := strconv.Atoi(words[l[0]:l[1]])
		return words[:l[0]] + strconv.Itoa(n+1) + words[l[1]:], true
	}
	for _, e := range wordEdits[lang] {
		re := regexp.MustCompile(`(?i)(^|[^\p{L}])` + e[0] + `($|[^\p{L}])`)
		if loc := re.FindStringSubmatchIndex(words); loc != nil {
			return words[:loc[3]] + e[1] + words[loc[4]:], true
		}
	}
	return "", false
}

// mutateName returns a relation's words naming another element than the
// value's (the circle turned in the words alone).
func mutateName(words, key, lit, lang string) (string, bool) {
	spec, ok := engine.Lookup(key)
	if !ok || spec.Kind != engine.Name {
		return "", false
	}
	_, n, err := engine.ParseValueOf(key, lit)
	if err != nil {
		return "", false
	}
	bare := func(w string) string {
		for _, a := range []string{"le ", "la ", "l’", "l'"} {
			w = strings.TrimPrefix(w, a)
		}
		return w
	}
	name := bare(spec.Word(n, lang))
	for i := range spec.Names {
		if i == n || spec.Names[i].Key == "none" {
			continue
		}
		other := bare(spec.Word(i, lang))
		if j := strings.Index(strings.ToLower(words), name); j >= 0 && !strings.Contains(strings.ToLower(words), other) {
			return words[:j] + other + words[j+len(name):], true
		}
	}
	return "", false
}

// copyContent copies the content folder into a temporary one.
func copyContent(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "content")
	err := filepath.WalkDir("../../content", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("../../content", p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// apply makes each edit in dir (each replaces its old text once on its line).
func apply(t *testing.T, dir string, edits []edit) {
	t.Helper()
	byFile := map[string][]edit{}
	for _, e := range edits {
		byFile[e.file] = append(byFile[e.file], e)
	}
	for f, es := range byFile {
		p := filepath.Join(dir, f)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		for _, e := range es {
			if !strings.Contains(lines[e.line-1], e.old) {
				t.Fatalf("%s:%d does not hold %q", f, e.line, e.old)
			}
			lines[e.line-1] = strings.Replace(lines[e.line-1], e.old, e.new, 1)
		}
		if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// refusedAt returns the message check gives at the edit's line about its
// key, "" for none.
func refusedAt(ds site.Diagnostics, e edit) string {
	for _, d := range ds {
		if strings.HasSuffix(filepath.ToSlash(d.File), e.file) && d.Line == e.line && strings.Contains(d.Message("en"), e.key) {
			return d.Message("en")
		}
	}
	return ""
}

// rounds splits edits so that a round edits each file at most once per
// line: edits of different lines and files do not hide each other.
func rounds(edits []edit) [][]edit {
	var rs [][]edit
	used := []map[string]bool{}
	for _, e := range edits {
		at := e.file + ":" + strconv.Itoa(e.line)
		i := 0
		for i < len(rs) && used[i][at] {
			i++
		}
		if i == len(rs) {
			rs = append(rs, nil)
			used = append(used, map[string]bool{})
		}
		rs[i] = append(rs[i], e)
		used[i][at] = true
	}
	return rs
}

type pairAt struct {
	file, words, key, lit string
	line                  int
	formula               bool
}

// pairsOf finds, in the content's files of lang, every [words]{=key value}
// pair and every declaration inside a ```dice formula.
func pairsOf(t *testing.T, lang string) []pairAt {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("../../content", lang, "*.md"))
	sort.Strings(files)
	var ps []pairAt
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel := lang + "/" + filepath.Base(f)
		dice := false
		for i, line := range strings.Split(string(b), "\n") {
			switch {
			case strings.HasPrefix(line, "```dice"):
				dice = true
				continue
			case strings.HasPrefix(line, "```"):
				dice = false
				continue
			}
			if dice {
				for _, m := range formulaRe.FindAllStringSubmatch(line, -1) {
					ps = append(ps, pairAt{file: rel, words: m[0], key: m[1], lit: m[2], line: i + 1, formula: true})
				}
				continue
			}
			for _, m := range pairRe.FindAllStringSubmatch(line, -1) {
				ps = append(ps, pairAt{file: rel, words: m[1], key: m[2], lit: m[3], line: i + 1})
			}
		}
	}
	return ps
}

// bumped returns the literal lit with its number one more ("15min" →
// "16min", "1D12" → "1D13", "vine" unchanged).
func bumped(lit string) string {
	locs := digitsRe.FindAllStringIndex(lit, -1)
	if len(locs) == 0 {
		return lit
	}
	l := locs[len(locs)-1]
	n, _ := strconv.Atoi(lit[l[0]:l[1]])
	return lit[:l[0]] + strconv.Itoa(n+1) + lit[l[1]:]
}

// TestWordsCannotDrift is the "done when" of the words beside a value: in
// a copy of the content, the visible words of every [words]{=key value}
// pair and the number of every formula are edited, one language at a
// time, and each edit must be refused at its line by check, naming the
// value; the reverse edit (a value changed in both languages, its words
// and formulas left) must be refused or followed (the formula shows the
// new number). The pairs come from the content itself; French was the
// language the reader was tuned on, English the one held back.
func TestWordsCannotDrift(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the content about 40 times")
	}
	if _, ds := values.Load("../../content"); len(ds) > 0 {
		t.Fatalf("the content does not pass check:\n%v", ds)
	}
	for _, lang := range []string{"fr", "en"} {
		var words, formulas, stateNone []edit
		for _, p := range pairsOf(t, lang) {
			e := edit{file: p.file, line: p.line, key: p.key}
			if p.formula {
				e.old, e.new = p.words, "{="+p.key+" "+bumped(p.lit)+"}"
				formulas = append(formulas, e)
				continue
			}
			nw, ok := mutateWords(p.words, lang)
			if !ok {
				nw, ok = mutateName(p.words, p.key, p.lit, lang)
			}
			e.old = "[" + p.words + "]{=" + p.key + " " + p.lit + "}"
			e.new = "[" + nw + "]{=" + p.key + " " + p.lit + "}"
			if !ok {
				stateNone = append(stateNone, e)
				continue
			}
			words = append(words, e)
		}
		if len(words) == 0 || len(formulas) == 0 {
			t.Fatalf("%s: no pair or no formula found in the content", lang)
		}
		refused, silent := 0, 0
		sample := ""
		for _, r := range rounds(append(append([]edit(nil), words...), formulas...)) {
			dir := copyContent(t)
			apply(t, dir, r)
			_, ds := values.Load(dir)
			for _, e := range r {
				if msg := refusedAt(ds, e); msg != "" {
					refused++
					if sample == "" {
						sample = e.file + ":" + strconv.Itoa(e.line) + ": " + msg
					}
				} else {
					silent++
					t.Errorf("%s:%d: %q → %q passed check in silence", e.file, e.line, e.old, e.new)
				}
			}
		}
		t.Logf("%s: %d of %d edits of the words and formulas refused (%d pairs, %d formula numbers), %d silent; %d pairs state no number (%v). For example %s",
			lang, refused, len(words)+len(formulas), len(words), len(formulas), silent, len(stateNone), stateNone, sample)
	}
}

// TestValuesCarryTheirWords is the reverse edit: a value changed in both
// languages at every place that declares it, the words beside it and the
// figures computed from it left as they were. Each must be refused at the
// words' line or followed by the page (the formula shows the new number).
func TestValuesCarryTheirWords(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the content once per value")
	}
	keys := map[string]bool{}
	for _, p := range append(pairsOf(t, "fr"), pairsOf(t, "en")...) {
		if spec, ok := engine.Lookup(p.key); ok && spec.Kind != engine.Name {
			keys[p.key] = true
		}
	}
	var sorted []string
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	// Keys of different documents change together: a round changes at
	// most one key of each document, so that no change hides another.
	docOf := func(k string) string { sp, _ := engine.Lookup(k); return sp.Doc }
	var batches [][]string
	for _, key := range sorted {
		i := 0
		for i < len(batches) && slicesContainsDoc(batches[i], docOf(key), docOf) {
			i++
		}
		if i == len(batches) {
			batches = append(batches, nil)
		}
		batches[i] = append(batches[i], key)
	}
	orig, _ := values.Load("../../content")
	refused, followed, silent, unaffected := 0, 0, 0, 0
	for _, batch := range batches {
		dir := copyContent(t)
		var at []edit // the places whose words or figures restate a key
		for _, key := range batch {
			re := regexp.MustCompile(`\{=` + regexp.QuoteMeta(key) + ` ([^\s{}]+)\}`)
			stmt := regexp.MustCompile(`\]\{=[^\s{}]*` + regexp.QuoteMeta(key) + `[^\s{}]*\}`)
			for _, lang := range []string{"fr", "en"} {
				files, _ := filepath.Glob(filepath.Join(dir, lang, "*.md"))
				for _, f := range files {
					b, _ := os.ReadFile(f)
					lines := strings.Split(string(b), "\n")
					for i, line := range lines {
						if re.MatchString(line) {
							lines[i] = re.ReplaceAllStringFunc(line, func(s string) string { return "{=" + key + " " + bumped(re.FindStringSubmatch(s)[1]) + "}" })
							if strings.Contains(line, "]{="+key+" ") {
								at = append(at, edit{file: lang + "/" + filepath.Base(f), line: i + 1, key: key})
							}
						}
						if m := stmt.FindString(line); m != "" {
							at = append(at, edit{file: lang + "/" + filepath.Base(f), line: i + 1, key: m[3 : len(m)-1], old: "statement"})
						}
					}
					_ = os.WriteFile(f, []byte(strings.Join(lines, "\n")), 0o644)
				}
			}
		}
		s, ds := site.Load(dir, site.Options{})
		set, vds := values.Collect(s)
		ds = append(ds, vds...)
		for _, e := range at {
			if refusedAt(ds, e) != "" {
				refused++
				continue
			}
			if e.old == "statement" {
				// A figure the change leaves true (ceil(26/2) is still 13)
				// has nothing to refuse.
				before, _ := values.Eval(e.key, orig.Rules)
				if after, _ := values.Eval(e.key, set.Rules); after == before {
					unaffected++
					continue
				}
			}
			silent++
			t.Errorf("%s:%d: %s changed in every language, its words left: check passed in silence", e.file, e.line, e.key)
		}
		// The formulas that declare a key show its new number.
		for _, l := range s.Langs {
			for _, d := range l.Docs {
				for _, v := range d.Values {
					if !v.Formula || !slices.Contains(batch, v.Key) {
						continue
					}
					num := digitsRe.FindAllString(v.Literal, -1)
					if strings.Contains(string(d.Body), ">"+num[len(num)-1]+"<") || strings.Contains(string(d.Body), ">"+v.Literal+"<") {
						followed++
					} else {
						silent++
						t.Errorf("%s:%d: the formula does not show %s's new number %s", d.File, v.Line, v.Key, v.Literal)
					}
				}
			}
		}
	}
	t.Logf("%d values changed in both languages (%d loads): %d places of their words or figures refused, %d formulas followed, %d figures still true, %d silent", len(sorted), len(batches), refused, followed, unaffected, silent)
}

func slicesContainsDoc(keys []string, doc string, docOf func(string) string) bool {
	for _, k := range keys {
		if docOf(k) == doc {
			return true
		}
	}
	return false
}

// spell writes n (0 to 999) in words, as an organiser might replace a
// figure: "cent vingt-six", "one hundred and twenty-six".
func spell(n int, lang string) string {
	fr := []string{"zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze", "treize", "quatorze", "quinze", "seize"}
	en := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	tensFr := []string{"", "dix", "vingt", "trente", "quarante", "cinquante", "soixante"}
	tensEn := []string{"", "ten", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
	if lang == "en" {
		switch {
		case n < 20:
			return en[n]
		case n < 100:
			if n%10 == 0 {
				return tensEn[n/10]
			}
			return tensEn[n/10] + "-" + en[n%10]
		}
		s := en[n/100] + " hundred"
		if n%100 != 0 {
			s += " and " + spell(n%100, lang)
		}
		return s
	}
	switch {
	case n <= 16:
		return fr[n]
	case n < 20:
		return "dix-" + fr[n-10]
	case n < 70:
		switch n % 10 {
		case 0:
			return tensFr[n/10]
		case 1:
			return tensFr[n/10] + " et un"
		}
		return tensFr[n/10] + "-" + fr[n%10]
	case n < 80:
		if n == 71 {
			return "soixante et onze"
		}
		return "soixante-" + spell(n-60, lang)
	case n < 100:
		if n == 80 {
			return "quatre-vingts"
		}
		return "quatre-vingt-" + spell(n-80, lang)
	}
	s := "cent"
	if n/100 > 1 {
		s = fr[n/100] + " cents"
		if n%100 != 0 {
			s = fr[n/100] + " cent"
		}
	}
	if n%100 != 0 {
		s += " " + spell(n%100, lang)
	}
	return s
}

// TestFiguresSpelledOut is an edit the words' reader was not built on: a
// pair's figures replaced by another number spelled out ("15mn" → "seize
// mn", "125xp" → "cent vingt-six xp"), in both languages. Each is refused.
func TestFiguresSpelledOut(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the content several times")
	}
	var edits []edit
	for _, lang := range []string{"fr", "en"} {
		for _, p := range pairsOf(t, lang) {
			l := digitsRe.FindStringIndex(p.words)
			if p.formula || l == nil || l[0] > 0 && strings.ContainsAny(p.words[l[0]-1:l[0]], "dD") || strings.Contains(p.words, "D") {
				continue
			}
			n, _ := strconv.Atoi(p.words[l[0]:l[1]])
			nw := p.words[:l[0]] + spell(n+1, lang)
			if l[1] < len(p.words) && p.words[l[1]] != ' ' {
				nw += " "
			}
			nw += p.words[l[1]:]
			edits = append(edits, edit{file: p.file, line: p.line, key: p.key, newN: strconv.Itoa(n + 1),
				old: "[" + p.words + "]{=" + p.key + " " + p.lit + "}", new: "[" + nw + "]{=" + p.key + " " + p.lit + "}"})
		}
	}
	refused, read := 0, 0
	for _, r := range rounds(edits) {
		dir := copyContent(t)
		apply(t, dir, r)
		_, ds := values.Load(dir)
		for _, e := range r {
			if msg := refusedAt(ds, e); msg != "" {
				refused++
				// The message names the number the words now say.
				if strings.Contains(msg, "say "+e.newN+" ") || strings.Contains(msg, "say "+e.newN+"\u00a0") {
					read++
				} else {
					t.Logf("%s:%d: refused, but not as the number %s: %s", e.file, e.line, e.newN, msg)
				}
			} else {
				t.Errorf("%s:%d: %q → %q passed check in silence", e.file, e.line, e.old, e.new)
			}
		}
	}
	t.Logf("%d of %d figures spelled out as another number refused, %d of them naming the number spelled", refused, len(edits), read)
}
