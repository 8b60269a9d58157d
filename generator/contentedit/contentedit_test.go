// Package contentedit proves that the project's tests hold whatever correct
// content an organiser writes: it copies the real content, makes the edits
// an organiser makes (each one accepted by check, as check says), and runs
// the tests that read the real content on the copy
// (testcontent.Env points them at it). Three sets of edits: the first
// was written and run while the tests were made to survive edits, the
// second was written beside it and run only at the end, to measure how well
// that work generalises, and the third is the organisers' audit's new
// document (generator new alchemy, a paragraph, a value of its own, a
// glossary word). Each set takes about a minute: three go test runs on a
// copy of the content.
package contentedit_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"compendium/generator/glossary"
	"compendium/generator/pipeline"
	"compendium/generator/site"
	"compendium/generator/testcontent"
	"compendium/generator/translation"
)

// pinningTests are the tests that read the real content (testcontent.Dir),
// per package: all of contentcheck and search, those of pipeline that do
// (the rest of pipeline builds fixtures, for minutes), and generator new's
// (it failed make test once an organiser had made "alchemy"). The browser
// tests (generator/e2e, tag e2e) read it too; they are left out here for
// their minutes, and derive what they assert from the site they build.
var pinningTests = [][]string{
	{"./generator/contentcheck"},
	{"./generator/search"},
	{"./generator/pipeline", "-run", "^(TestRealContent|TestBook|TestBookQRCodes|TestOfflineCopyLeavesOutDownloads|TestCalculatorsDoc|TestDeterministic)$"},
	{"./generator", "-run", "^TestNewCommand$"},
}

// edit is one correct change an organiser makes to a copy of the content.
type edit struct {
	name  string
	apply func(dir string) error
}

// seenEdits were run while the tests were being fixed.
var seenEdits = []edit{
	{"add a word to a sentence in both languages", addWord},
	{"add a section with an ID in both languages", addSection},
	{"change a rule value in both languages", changeValue},
	{"use a glossary term in both languages", useGlossaryTerm},
	{"remove a paragraph in both languages", removeParagraph},
}

// unseenEdits were written with the seen ones and run only at the end.
var unseenEdits = []edit{
	{"remove a section in both languages", removeSection},
	{"retitle a section in both languages", retitleSection},
	{"change a duration, its words with it, in both languages", changeDuration},
	{"give a rule inside a section an anchor in both languages", addAnchor},
	{"add a new document with generator new and a paragraph", newDocument},
}

// alchemyEdits are the organiser's walk-through of December 2026: a new
// document, "Règles de l'alchimie", with a paragraph, a value of its own
// and a glossary word.
var alchemyEdits = []edit{
	{"generator new alchemy, a paragraph with a value of its own and a glossary word", alchemy},
}

// TestCorrectEditsKeepTestsGreen applies each set of edits to a copy of
// the content, checks that check accepts the copy after every edit, marks
// the translations as checked, as the organiser does, then runs the tests
// of pinningPackages on the copy: they must pass. It runs the content
// tests three times over (several minutes on 2 cores), so it is a slow
// check of its own, make edits, which sets COMPENDIUM_EDITS=1.
func TestCorrectEditsKeepTestsGreen(t *testing.T) {
	if os.Getenv(testcontent.Env) != "" {
		t.Skip("already running on an edited copy") // no recursion
	}
	if os.Getenv("COMPENDIUM_EDITS") == "" {
		t.Skip("a slow check: make edits runs it (COMPENDIUM_EDITS=1)")
	}
	for _, set := range []struct {
		name  string
		edits []edit
	}{{"seen", seenEdits}, {"unseen", unseenEdits}, {"alchemy", alchemyEdits}} {
		t.Run(set.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.CopyFS(dir, os.DirFS("../../content")); err != nil {
				t.Fatal(err)
			}
			for _, e := range set.edits {
				if err := e.apply(dir); err != nil {
					t.Fatalf("%s: %v", e.name, err)
				}
				if err := check(dir); err != nil {
					t.Fatalf("after %q, check refuses the copy: %v", e.name, err)
				}
				t.Logf("%s: done, check accepts it", e.name)
			}
			if err := markAll(dir); err != nil {
				t.Fatal(err)
			}
			for _, pkg := range pinningTests {
				start := time.Now()
				cmd := exec.Command("go", append([]string{"test", "-count=1"}, pkg...)...)
				cmd.Dir = "../.."
				cmd.Env = append(os.Environ(), testcontent.Env+"="+dir)
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Errorf("go test %s fails on the edited copy (%v):\n%s", strings.Join(pkg, " "), err, out)
					continue
				}
				t.Logf("go test %s on the copy: ok in %s", strings.Join(pkg, " "), time.Since(start).Round(time.Second))
			}
		})
	}
}

// check is generator check: the copy loads with no problem.
func check(dir string) error {
	_, _, err := pipeline.Load(pipeline.Options{ContentDir: dir, ThemeDir: "../../theme"})
	return err
}

// markAll is generator translations -mark on every document: the
// organiser has checked their translations.
func markAll(dir string) error {
	s, ds := site.Load(dir, site.Options{})
	if err := ds.Err(); err != nil {
		return err
	}
	file := filepath.Join(dir, translation.FileName)
	recs, err := translation.Load(file)
	if err != nil {
		return err
	}
	translation.Mark(s, recs, nil, true, "2027-01-01")
	return translation.Save(file, recs)
}

// A doc is one document's file in both languages, as lines.
type doc struct {
	slug   string
	fr, en []string
}

func docs(dir string) ([]*doc, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "fr", "*.md"))
	sort.Strings(files)
	var out []*doc
	for _, f := range files {
		slug := strings.TrimSuffix(filepath.Base(f), ".md")
		d := &doc{slug: slug}
		for _, l := range []struct {
			code  string
			lines *[]string
		}{{"fr", &d.fr}, {"en", &d.en}} {
			b, err := os.ReadFile(filepath.Join(dir, l.code, slug+".md"))
			if err != nil {
				return nil, err
			}
			*l.lines = strings.Split(string(b), "\n")
		}
		out = append(out, d)
	}
	if len(out) == 0 {
		return nil, errors.New("no document")
	}
	return out, nil
}

func (d *doc) save(dir string) error {
	if err := os.WriteFile(filepath.Join(dir, "fr", d.slug+".md"), []byte(strings.Join(d.fr, "\n")), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "en", d.slug+".md"), []byte(strings.Join(d.en, "\n")), 0o644)
}

var headingID = regexp.MustCompile(`^#{2,6} .*\{#([a-z0-9-]+)\}\s*$`)

// section is the range of lines of a section: its heading, and the lines
// up to the next heading of any level.
type section struct {
	id         string
	head, end  int
	paragraphs []int // first lines of its prose paragraphs
}

// bodyStart returns the index of the first line after the front matter.
func bodyStart(lines []string) int {
	if len(lines) == 0 || lines[0] != "---" {
		return 0
	}
	for i := 1; i < len(lines); i++ {
		if lines[i] == "---" {
			return i + 1
		}
	}
	return len(lines)
}

// prose reports whether a line opens a plain paragraph: a letter first,
// no rule value, anchor or link in it.
func prose(line string) bool {
	if line == "" || strings.ContainsAny(line, "{}[]|`<>*_") {
		return false
	}
	r := []rune(line)[0]
	return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r > 127 && r != '—'
}

func sections(lines []string) []section {
	var out []section
	fence := false
	for i := bodyStart(lines); i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "```") {
			fence = !fence
		}
		if fence {
			continue
		}
		if strings.HasPrefix(l, "#") {
			if len(out) > 0 {
				out[len(out)-1].end = i
			}
			m := headingID.FindStringSubmatch(l)
			id := ""
			if m != nil {
				id = m[1]
			}
			out = append(out, section{id: id, head: i, end: len(lines)})
			continue
		}
		if len(out) > 0 && prose(l) && (i == 0 || lines[i-1] == "") && (i+1 == len(lines) || lines[i+1] == "") {
			out[len(out)-1].paragraphs = append(out[len(out)-1].paragraphs, i)
		}
	}
	return out
}

// translatedSections returns the sections both languages have with the same ID and the
// same number of plain paragraphs: the nth paragraph of one translates
// the nth of the other.
func translatedSections(d *doc) [][2]section {
	en := map[string]section{}
	for _, s := range sections(d.en) {
		en[s.id] = s
	}
	var out [][2]section
	for _, s := range sections(d.fr) {
		if o, ok := en[s.id]; ok && s.id != "" && len(s.paragraphs) > 0 && len(s.paragraphs) == len(o.paragraphs) {
			out = append(out, [2]section{s, o})
		}
	}
	return out
}

// endSentence adds words before the final full stop of a line.
func endSentence(line, words string) (string, bool) {
	if !strings.HasSuffix(line, ".") {
		return line, false
	}
	return strings.TrimSuffix(line, ".") + " " + words + ".", true
}

func addWord(dir string) error {
	ds, err := docs(dir)
	if err != nil {
		return err
	}
	for _, d := range ds {
		for _, ts := range translatedSections(d) {
			fi, ei := ts[0].paragraphs[0], ts[1].paragraphs[0]
			fr, ok1 := endSentence(d.fr[fi], "vraiment")
			en, ok2 := endSentence(d.en[ei], "really")
			if ok1 && ok2 {
				d.fr[fi], d.en[ei] = fr, en
				return d.save(dir)
			}
		}
	}
	return errors.New("no paragraph ends with a full stop in both languages")
}

func addSection(dir string) error {
	ds, err := docs(dir)
	if err != nil {
		return err
	}
	d := ds[len(ds)-1]
	d.fr = append(d.fr, "", "## Une règle ajoutée {#organisers-added-rule}", "", "Les organisateurs ajoutent cette règle pour la prochaine édition.", "")
	d.en = append(d.en, "", "## An added rule {#organisers-added-rule}", "", "The organisers add this rule for the next edition.", "")
	return d.save(dir)
}

// bareValue is a rule value written as a bare whole number, {=key 3}.
var bareValue = regexp.MustCompile(`([^\]])\{=([a-z0-9.-]+) ([0-9]+)\}`)

// replaceEverywhere replaces old with new in every document of both
// languages and says how many times.
func replaceEverywhere(dir, old, new string) (int, error) {
	n := 0
	for _, lang := range []string{"fr", "en"} {
		files, _ := filepath.Glob(filepath.Join(dir, lang, "*.md"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return n, err
			}
			n += strings.Count(string(b), old)
			if err := os.WriteFile(f, []byte(strings.ReplaceAll(string(b), old, new)), 0o644); err != nil {
				return n, err
			}
		}
	}
	return n, nil
}

// changeValue raises a rule value written as a bare number by one,
// everywhere it is declared, trying the values in order until check
// accepts one (a value may be bounded by another).
func changeValue(dir string) error {
	ds, err := docs(dir)
	if err != nil {
		return err
	}
	for _, d := range ds {
		for _, m := range bareValue.FindAllStringSubmatch(strings.Join(d.fr, "\n"), -1) {
			n, _ := strconv.Atoi(m[3])
			old, new := "{="+m[2]+" "+m[3]+"}", "{="+m[2]+" "+strconv.Itoa(n+1)+"}"
			if _, err := replaceEverywhere(dir, old, new); err != nil {
				return err
			}
			if check(dir) == nil {
				return nil
			}
			if _, err := replaceEverywhere(dir, new, old); err != nil {
				return err
			}
		}
	}
	return errors.New("no bare rule value could be raised by one")
}

// useGlossaryTerm adds a sentence naming a glossary term to a paragraph
// of a section that does not name it yet, in both languages.
func useGlossaryTerm(dir string) error {
	g, err := glossary.Load(filepath.Join(dir, "glossary.json"))
	if err != nil {
		return err
	}
	ds, err := docs(dir)
	if err != nil {
		return err
	}
	for _, term := range g.Terms {
		fr, en := term.Term("fr"), term.Term("en")
		if fr == "" || en == "" || strings.ContainsAny(fr+en, "()[]{}") {
			continue
		}
		for _, d := range ds {
			for _, ts := range translatedSections(d) {
				text := strings.ToLower(strings.Join(d.fr[ts[0].head:ts[0].end], "\n"))
				if strings.Contains(text, strings.ToLower(fr)) {
					continue
				}
				fi, ei := ts[0].paragraphs[0], ts[1].paragraphs[0]
				old := [2]string{d.fr[fi], d.en[ei]}
				d.fr[fi] += " Voir aussi : " + fr + "."
				d.en[ei] += " See also: " + en + "."
				if err := d.save(dir); err != nil {
					return err
				}
				if check(dir) == nil {
					return nil
				}
				d.fr[fi], d.en[ei] = old[0], old[1]
				if err := d.save(dir); err != nil {
					return err
				}
			}
		}
	}
	return errors.New("no glossary term could be added to a section")
}

// removeParagraph removes, from the shortest document, the longest plain
// paragraph of a section (the most words a fidelity test can miss), in
// both languages.
func removeParagraph(dir string) error {
	ds, err := docs(dir)
	if err != nil {
		return err
	}
	slices.SortFunc(ds, func(a, b *doc) int { return len(strings.Join(a.fr, " ")) - len(strings.Join(b.fr, " ")) })
	for _, d := range ds {
		best, bi := -1, 0
		tsecs := translatedSections(d)
		for i, ts := range tsecs {
			for j, p := range ts[0].paragraphs {
				if len(ts[0].paragraphs) > 1 && len(d.fr[p]) > best {
					best, bi = len(d.fr[p]), i*1000+j
				}
			}
		}
		if best < 0 {
			continue
		}
		ts, j := tsecs[bi/1000], bi%1000
		fi, ei := ts[0].paragraphs[j], ts[1].paragraphs[j]
		d.fr = slices.Delete(d.fr, fi, fi+2)
		d.en = slices.Delete(d.en, ei, ei+2)
		return d.save(dir)
	}
	return errors.New("no section has two plain paragraphs")
}

// removeSection removes a section (its heading to the next heading) in
// both languages, the last one check accepts without it.
func removeSection(dir string) error {
	ds, err := docs(dir)
	if err != nil {
		return err
	}
	for _, d := range ds {
		tsecs := translatedSections(d)
		for i := len(tsecs) - 1; i >= 0; i-- {
			fr, en := slices.Clone(d.fr), slices.Clone(d.en)
			d.fr = slices.Delete(d.fr, tsecs[i][0].head, tsecs[i][0].end)
			d.en = slices.Delete(d.en, tsecs[i][1].head, tsecs[i][1].end)
			if err := d.save(dir); err != nil {
				return err
			}
			if check(dir) == nil {
				return nil
			}
			d.fr, d.en = fr, en
			if err := d.save(dir); err != nil {
				return err
			}
		}
	}
	return errors.New("no section can be removed")
}

func retitleSection(dir string) error {
	ds, err := docs(dir)
	if err != nil {
		return err
	}
	for _, d := range ds {
		for _, ts := range translatedSections(d) {
			f, e := d.fr[ts[0].head], d.en[ts[1].head]
			i, j := strings.Index(f, " {#"), strings.Index(e, " {#")
			if i < 0 || j < 0 {
				continue
			}
			d.fr[ts[0].head] = f[:i] + " (révisé)" + f[i:]
			d.en[ts[1].head] = e[:j] + " (revised)" + e[j:]
			return d.save(dir)
		}
	}
	return errors.New("no heading to retitle")
}

// durationValue is a duration in minutes with its words, [15mn]{=key 15min}.
var durationValue = regexp.MustCompile(`\[([0-9]+) ?(mn|min|minutes)\]\{=([a-z0-9.-]+) ([0-9]+)min\}`)

// changeDuration adds five minutes to a duration written with its words,
// words and value together, in every place and language that states it.
func changeDuration(dir string) error {
	ds, err := docs(dir)
	if err != nil {
		return err
	}
	for _, d := range ds {
		for _, m := range durationValue.FindAllStringSubmatch(strings.Join(d.fr, "\n"), -1) {
			if m[1] != m[4] {
				continue
			}
			n, _ := strconv.Atoi(m[4])
			key, v, nv := m[3], m[4], strconv.Itoa(n+5)
			re := regexp.MustCompile(`\[` + v + `( ?[a-z]+)\]\{=` + regexp.QuoteMeta(key) + ` ` + v + `min\}`)
			for _, lang := range []string{"fr", "en"} {
				files, _ := filepath.Glob(filepath.Join(dir, lang, "*.md"))
				for _, f := range files {
					b, _ := os.ReadFile(f)
					b = re.ReplaceAll(b, []byte("["+nv+"${1}]{="+key+" "+nv+"min}"))
					b = []byte(strings.ReplaceAll(string(b), "{="+key+" "+v+"min}", "{="+key+" "+nv+"min}"))
					if err := os.WriteFile(f, b, 0o644); err != nil {
						return err
					}
				}
			}
			if check(dir) == nil {
				return nil
			}
			return fmt.Errorf("%s %s → %s min: %v", key, v, nv, check(dir))
		}
	}
	return errors.New("no duration written with its words")
}

// addAnchor gives the first plain paragraph of a section an anchor in both
// languages, and lists it in IDS.md, as check asks.
func addAnchor(dir string) error {
	ds, err := docs(dir)
	if err != nil {
		return err
	}
	d := ds[0]
	tsecs := translatedSections(d)
	if len(tsecs) == 0 {
		return errors.New("no section to anchor")
	}
	ts := tsecs[len(tsecs)-1]
	d.fr[ts[0].paragraphs[0]] = "{#organisers-new-anchor} " + d.fr[ts[0].paragraphs[0]]
	d.en[ts[1].paragraphs[0]] = "{#organisers-new-anchor} " + d.en[ts[1].paragraphs[0]]
	if err := d.save(dir); err != nil {
		return err
	}
	ids := filepath.Join(dir, "IDS.md")
	b, err := os.ReadFile(ids)
	if err != nil {
		return err
	}
	row := "| `" + d.slug + "` | `" + ts[0].id + "` | `organisers-new-anchor` |"
	return os.WriteFile(ids, []byte(strings.TrimRight(string(b), "\n")+"\n"+row+"\n"), 0o644)
}

// newDocument runs generator new on the copy, then writes a paragraph in
// both languages under its first section.
func newDocument(dir string) error {
	cmd := exec.Command("go", "run", "./generator", "new", "-content", dir, "organisers-notes")
	cmd.Dir = "../.."
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("generator new: %v\n%s", err, out)
	}
	for lang, text := range map[string]string{"fr": "Les organisateurs notent ici ce qui change.", "en": "The organisers note here what changes."} {
		f := filepath.Join(dir, lang, "organisers-notes.md")
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if err := os.WriteFile(f, append(b, []byte("\n"+text+"\n")...), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// alchemy runs generator new alchemy on the copy, writes a paragraph in
// both languages stating a value of its own ({=alchemy.brewing-time
// 30min}, its meaning in values.json) and using a glossary term.
func alchemy(dir string) error {
	cmd := exec.Command("go", "run", "./generator", "new", "-content", dir, "alchemy", "Règles de l'alchimie", "Alchemy rules")
	cmd.Dir = "../.."
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("generator new: %v\n%s", err, out)
	}
	g, err := glossary.Load(filepath.Join(dir, "glossary.json"))
	if err != nil {
		return err
	}
	var fr, en string
	for _, term := range g.Terms {
		if f, e := term.Term("fr"), term.Term("en"); f != "" && e != "" && !strings.ContainsAny(f+e, "()[]{}") {
			fr, en = f, e
			break
		}
	}
	if fr == "" {
		return errors.New("no glossary term")
	}
	paragraphs := map[string][2]string{
		"fr": {"Écrivez ici la première règle.", "Une potion se prépare en [30 minutes]{=alchemy.brewing-time 30min} ; voir aussi : " + fr + "."},
		"en": {"Write the first rule here.", "A potion takes [30 minutes]{=alchemy.brewing-time 30min} to brew; see also: " + en + "."},
	}
	for lang, p := range paragraphs {
		f := filepath.Join(dir, lang, "alchemy.md")
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if !strings.Contains(string(b), p[0]) {
			return fmt.Errorf("%s has no %q", f, p[0])
		}
		if err := os.WriteFile(f, []byte(strings.Replace(string(b), p[0], p[1], 1)), 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dir, "values.json"), []byte(`{
  "alchemy.brewing-time": {"fr": "durée de préparation d’une potion", "en": "brewing time of a potion"}
}
`), 0o644)
}
