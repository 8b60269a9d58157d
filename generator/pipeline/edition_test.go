package pipeline

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"compendium/generator/edition"
	"compendium/generator/markdown"
	"compendium/generator/values"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"
)

const editionSite = `
-- content/fr/alpha.md --
---
title: Alpha
short: Jeu — Alpha
order: 1
slug: alpha
summary: Un.
source: a.txt
---
## Un {#one}

Les gardes portent une armure de cuir et une lance courte. La plaque vaut {=armor.plate 3} points.

## Deux {#two}

Le second texte.

## Quatre {#four}

Rien ne change ici.
-- content/en/alpha.md --
---
title: Alpha
short: Game — Alpha
order: 1
slug: alpha
summary: One.
source: a.txt
---
## One {#one}

The guards wear leather armour and a short spear. Plate is worth {=armor.plate 3} points.

## Two {#two}

The second text.

## Four {#four}

Nothing changes here.
`

// TestEditionChanges builds from a repository made here: an edition
// tagged edition/2025 (content, and an engine whose armour calculator
// gave one more figure), then the content changed (a sentence, a section
// added, one removed). The 2026 build has a changes page per language
// with the word-level difference (<ins>, <del>), the new and the removed
// sections, the calculator whose result changed, a badge on the changed
// section linking its difference, a link from the home page, and the
// rule value changed (plate 3 → 4) listed before the documents; an
// unchanged section has no badge. Without
// history, the build says so in one line and has no changes page.
func TestEditionChanges(t *testing.T) {
	opt := writeFixture(t, editionSite)
	dir := filepath.Dir(opt.ContentDir)
	// The repository holds the engine too: the 2025 one gave the armour
	// calculator an extra figure.
	tweak := "package engine\n\nfunc init() {\n\tfor i := range calculators {\n\t\tif calculators[i].info.Name == \"armor\" {\n\t\t\trun := calculators[i].run\n" +
		"\t\t\tcalculators[i].run = func(r *reader, m map[string]any) map[string]any {\n\t\t\t\tout := run(r, m)\n\t\t\t\tif out != nil {\n\t\t\t\t\tout[\"extra\"] = 1\n\t\t\t\t}\n\t\t\t\treturn out\n\t\t\t}\n\t\t}\n\t}\n}\n"
	tagEdition(t, dir, "2025", map[string]string{"wasm/engine/zz_2025.go": tweak})

	// The next edition: the content changes.
	edit := func(lang, old, new string) {
		t.Helper()
		p := filepath.Join(opt.ContentDir, lang, "alpha.md")
		b, _ := os.ReadFile(p)
		if !strings.Contains(string(b), old) {
			t.Fatalf("%s has no %q", p, old)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit("fr", "une armure de cuir et une lance courte", "une armure de mailles et une lance courte")
	edit("fr", "{=armor.plate 3}", "{=armor.plate 4}")
	edit("en", "{=armor.plate 3}", "{=armor.plate 4}")
	edit("fr", "## Deux {#two}\n\nLe second texte.\n", "## Trois {#three}\n\nUne règle nouvelle.\n")
	edit("en", "leather armour", "chain mail")
	edit("en", "## Two {#two}\n\nThe second text.\n", "## Three {#three}\n\nA new rule.\n")
	cfg := filepath.Join(dir, "compendium.json")
	if err := os.WriteFile(cfg, []byte(`{"edition": "2026"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	opt.ConfigFile = cfg
	res, err := Build(opt)
	if err != nil {
		t.Fatal(err)
	}
	comparedWith(t, res, "2025")
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(opt.OutDir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	fr := read("fr/changes/index.html")
	for _, want := range []string{
		"Ce qui a changé depuis l’édition 2025",
		`<article class="change" id="alpha-one"`,
		`<del><span class="visually-hidden">retiré` + "\u00a0" + `: </span>cuir</del>`,
		`<ins><span class="visually-hidden">ajouté` + "\u00a0" + `: </span>mailles</ins>`,
		`<a href="../alpha/#three">Trois</a>`,
		"<li>Deux</li>",
	} {
		if !strings.Contains(fr, want) {
			t.Errorf("fr/changes/ lacks %s", want)
		}
	}
	// The changed value comes first, before the documents' sentences.
	values := `<h2 id="changes-values">Valeurs des règles changées</h2>
    <ul class="changes-values"><li><a href="../alpha/#value-armor.plate">points d’armure d’une pièce de plaque</a>` + "\u00a0: " +
		`<del><span class="visually-hidden">retiré` + "\u00a0" + `: </span>3</del> → <ins><span class="visually-hidden">ajouté` + "\u00a0" + `: </span>4</ins></li></ul>`
	if i := strings.Index(fr, values); i < 0 || i > strings.Index(fr, `id="changes-alpha"`) {
		t.Errorf("fr/changes/ does not list plate 3 → 4 first:\n%s", fr)
	}
	if !strings.Contains(fr, `<a href="../calculators/#armor">`) || strings.Contains(fr, `<a href="../calculators/#dice">`) {
		t.Error("fr/changes/ does not list the armour calculator alone as changed by the engine")
	}
	if strings.Contains(fr, `id="alpha-four"`) {
		t.Error("an unchanged section is listed as changed")
	}
	if en := read("en/changes/index.html"); !strings.Contains(en, `<ins><span class="visually-hidden">added: </span>chain mail</ins>`) {
		t.Error("en/changes/ lacks the English difference")
	}
	page := read("fr/alpha/index.html")
	badge := `<p class="changed-badge"><a href="../changes/#alpha-one">modifié dans l’édition 2026</a></p>`
	if strings.Count(page, badge) != 1 || strings.Count(page, "changed-badge") != 1 {
		t.Errorf("the changed section's badge: %d, badges in all %d", strings.Count(page, badge), strings.Count(page, "changed-badge"))
	}
	if !strings.Contains(read("fr/index.html"), `<a href="changes/">Ce qui a changé depuis l’édition 2025</a>`) {
		t.Error("the home page does not link the changes")
	}

	// The same content out of its repository: no history.
	plain := writeFixture(t, editionSite)
	res, err = Build(plain)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0].String(), "no git history") {
		t.Errorf("without history, notes %q", res.Notes)
	}
	if _, err := os.Stat(filepath.Join(plain.OutDir, "fr", "changes")); err == nil {
		t.Error("a changes page without a previous edition")
	}
}

// comparedWith fails t unless res's one note names the edition name, its
// tag and its commit's day: the organiser sees which edition "what
// changed" compares with.
func comparedWith(t *testing.T, res *Result, name string) {
	t.Helper()
	want := regexp.MustCompile(`^editions: “what changed” compares with edition ` + name + ` \(tag edition/` + name + `, \d{4}-\d{2}-\d{2}\)$`)
	if len(res.Notes) != 1 || !want.MatchString(res.Notes[0].String()) {
		t.Errorf("notes %q, want one naming edition %s", res.Notes, name)
	}
}

// tagEdition makes dir a git repository, if it is not one yet, commits its
// content with the engine's sources (go.mod, go.sum, wasm/engine's Go
// files, and extra: path → text) and tags the commit edition/NAME: an
// edition as an organiser publishes it.
func tagEdition(t *testing.T, dir, name string, extra map[string]string) {
	t.Helper()
	repo, err := git.PlainOpen(dir)
	if err != nil {
		if repo, err = git.PlainInit(dir, false); err != nil {
			t.Fatal(err)
		}
	}
	engineFiles, _ := filepath.Glob("../../wasm/engine/*.go")
	for _, f := range append(engineFiles, "../../go.mod", "../../go.sum") {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		rel, _ := filepath.Rel("../..", f)
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		extra[filepath.ToSlash(rel)] = string(b)
	}
	for rel, text := range extra {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wt, _ := repo.Worktree()
	for _, p := range []string{"content", "wasm", "go.mod", "go.sum", "compendium.json"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			continue
		}
		if _, err := wt.Add(p); err != nil {
			t.Fatal(err)
		}
	}
	// Now, not a fixed day: a commit of its own, whose engine answers no
	// earlier run left in the cache (.cache/editions).
	sig := &object.Signature{Name: "Organiser", Email: "orga@example.org", When: time.Now()}
	commit, err := wt.Commit("Edition "+name, &git.CommitOptions{Author: sig, Committer: sig})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := repo.CreateTag(edition.TagPrefix+name, commit, nil); err != nil {
		t.Fatal(err)
	}
}

// calcsSite is a two-language document whose sections place the armour
// calculator with settings: plate on the torso (#armor, where the values
// are declared), chain mail (#breastplate), leather on the arms (#arms),
// none in #legs, and a section of prose alone (#rest).
func calcsSite(plate string) string {
	doc := func(lang, title string) string {
		return "-- content/" + lang + "/fantasy.md --\n---\ntitle: " + title + "\nshort: Jeu — " + title + "\norder: 1\nslug: fantasy\nsummary: S.\nsource: 000_test.txt\n---\n" +
			"## L'armure {#armor}\n\nLes valeurs : " + strings.Replace(values.Declarations("armor"), "{=armor.plate 3}", "{=armor.plate "+plate+"}", 1) + "\n\n" +
			"```calc armor\n{\"locations\": {\"torso\": \"plate\"}}\n```\n\n" +
			"## Le plastron {#breastplate}\n\nUne cotte de mailles sur le torse.\n\n```calc armor\n{\"locations\": {\"torso\": \"chain\"}}\n```\n\n" +
			"## Les bras {#arms}\n\nDu cuir aux bras.\n\n```calc armor\n{\"locations\": {\"arms\": \"leather\"}}\n```\n\n" +
			"## Les jambes {#legs}\n\nRien aux jambes.\n\n" +
			"## Le repos {#rest}\n\nOn se repose entre deux combats.\n"
	}
	return doc("fr", "Armure") + doc("en", "Armour")
}

// TestEditionCalculatorBlocks builds from a repository made here, tagged
// edition/2026 with calculator blocks that carry settings. Renaming the
// edition alone (2026 → 2027 in compendium.json) makes a changes page that
// says nothing changed: no section, no badge, no block's JSON as words.
// Then plate 3 → 4 (a rule value), a block set up differently (a helmet
// stated, the default), a block removed and one placed: each block is
// listed as what happened to it, the plate block because its figures
// changed (the previous edition's engine computing with that edition's
// plate 3), and no section's prose is said to have changed for a block.
func TestEditionCalculatorBlocks(t *testing.T) {
	opt := writeFixture(t, calcsSite("3"))
	dir := filepath.Dir(opt.ContentDir)
	cfg := filepath.Join(dir, "compendium.json")
	opt.ConfigFile = cfg
	if err := os.WriteFile(cfg, []byte(`{"edition": "2026"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tagEdition(t, dir, "2026", map[string]string{})
	if err := os.WriteFile(cfg, []byte(`{"edition": "2027"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(opt.OutDir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	main := func(page string) string {
		return page[strings.Index(page, "<main"):strings.Index(page, "</main>")]
	}
	res, err := Build(opt)
	if err != nil {
		t.Fatal(err)
	}
	comparedWith(t, res, "2026")
	for _, lang := range []string{"fr", "en"} {
		page := main(read(lang + "/changes/index.html"))
		none := map[string]string{"fr": "Rien n’a changé.", "en": "Nothing changed."}[lang]
		if !strings.Contains(page, none) || strings.Contains(page, "<h2 id=\"changes-fantasy\"") || strings.Contains(page, "locations") || strings.Contains(page, "&#34;") {
			t.Errorf("%s/changes/ after renaming the edition alone:\n%s", lang, page)
		}
		if strings.Contains(read(lang+"/fantasy/index.html"), "changed-badge") {
			t.Errorf("%s/fantasy/ has a changed badge after renaming the edition alone", lang)
		}
	}

	// The 2027 rules: plate 4, the chain mail block states the helmet (its
	// default), the arms lose their block, the legs get one.
	for _, lang := range []string{"fr", "en"} {
		p := filepath.Join(opt.ContentDir, lang, "fantasy.md")
		b, _ := os.ReadFile(p)
		text := strings.Replace(string(b), "{=armor.plate 3}", "{=armor.plate 4}", 1)
		text = strings.Replace(text, `{"locations": {"torso": "chain"}}`, `{"locations": {"torso": "chain"}, "helmet": true}`, 1)
		text = strings.Replace(text, "```calc armor\n{\"locations\": {\"arms\": \"leather\"}}\n```\n\n", "", 1)
		text = strings.Replace(text, "Rien aux jambes.\n", "Rien aux jambes.\n\n```calc armor\n{\"locations\": {\"legs\": \"chain\"}}\n```\n", 1)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if res, err = Build(opt); err != nil {
		t.Fatal(err)
	}
	comparedWith(t, res, "2026")
	fr := main(read("fr/changes/index.html"))
	for _, want := range []string{
		`<li><a href="../fantasy/#armor">L’armure</a>` + "\u00a0: " + `Armure, ses résultats ont changé</li>`,
		`<li><a href="../fantasy/#breastplate">Le plastron</a>` + "\u00a0: " + `Armure, réglé autrement</li>`,
		`<li><a href="../fantasy/#legs">Les jambes</a>` + "\u00a0: " + `Armure, placé dans cette édition</li>`,
		`<li><a href="../fantasy/#arms">Les bras</a>` + "\u00a0: " + `Armure, retiré</li>`,
	} {
		if !strings.Contains(fr, want) {
			t.Errorf("fr/changes/ lacks %s", want)
		}
	}
	// The sentence that declares plate changed (3 → 4); no other section's
	// prose did, whatever happened to its block.
	if !strings.Contains(fr, `id="fantasy-armor"`) {
		t.Error("fr/changes/ does not show the plate's sentence changed")
	}
	for _, id := range []string{"breastplate", "arms", "legs", "rest"} {
		if strings.Contains(fr, `id="fantasy-`+id+`"`) {
			t.Errorf("fr/changes/ lists section #%s's prose as changed", id)
		}
	}
	if strings.Contains(fr, "locations") || strings.Contains(fr, "&#34;") {
		t.Errorf("fr/changes/ shows a block's JSON:\n%s", fr)
	}
	forYou(t, read("fr/changes/index.html"))
	en := main(read("en/changes/index.html"))
	if !strings.Contains(en, `Armour, its figures changed</li>`) || !strings.Contains(en, `Armour, set up differently</li>`) {
		t.Errorf("en/changes/ lacks the English list:\n%s", en)
	}
}

// TestEditionOfTheSameContent reads the real content as a previous
// edition is read (its files, as a tag holds them) and compares it with
// the same content loaded for a build: whatever the content says, an
// edition that changed nothing reports no section and no calculator block.
func TestEditionOfTheSameContent(t *testing.T) {
	b := New(Options{ContentDir: "../../content", ThemeDir: "../../theme"})
	cur, _, err := b.Load()
	if err != nil {
		t.Fatal(err)
	}
	prev := &edition.Previous{Name: "same", Commit: "same", Files: map[string][]byte{}}
	err = filepath.WalkDir("../../content", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("../../content", p)
		prev.Files[filepath.ToSlash(rel)], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	old, err := b.previousSite(prev)
	if err != nil {
		t.Fatal(err)
	}
	blocks := 0
	for _, l := range cur.Langs {
		for _, d := range l.Docs {
			blocks += len(d.Calcs)
		}
		for _, d := range edition.Compare(old.Lang(l.Code), l, func(*markdown.Calc) bool { return false }) {
			t.Errorf("%s/%s: added %v, removed %v, changed %v, calculators %v", l.Code, d.Slug, d.Added, d.Removed, d.Changed, d.Calcs)
		}
	}
	if blocks == 0 {
		t.Error("the content places no calculator: the test compares no block")
	}
}

// TestEditionWithoutGoMod: an edition whose commit holds no go.mod (one
// made before the engine was a Go module) cannot run its engine: "what
// changed" compares its calculators by their settings only, and the note
// says why in the organiser's language, with no English error inside it.
func TestEditionWithoutGoMod(t *testing.T) {
	opt := writeFixture(t, editionSite)
	dir := filepath.Dir(opt.ContentDir)
	tagContentOnly(t, dir, edition.TagPrefix+"2025")
	opt.ConfigFile = filepath.Join(dir, "compendium.json")
	if err := os.WriteFile(opt.ConfigFile, []byte(`{"edition": "2026"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Build(opt)
	if err != nil {
		t.Fatal(err)
	}
	var notes []string
	for _, n := range res.Notes {
		notes = append(notes, n.Format("fr"))
	}
	want := "éditions : les calculateurs n'ont été comparés que par leurs réglages : l'édition 2025 n'a pas de go.mod, son moteur ne peut donc pas tourner"
	if len(notes) != 2 || notes[1] != want {
		t.Errorf("notes:\n%s\nwant the second one\n%s", strings.Join(notes, "\n"), want)
	}
}

// tagContentOnly makes dir a git repository whose one commit holds its
// content folder alone (no engine, no go.mod), tagged tag.
func tagContentOnly(t *testing.T, dir, tag string) {
	t.Helper()
	repo, err := git.PlainInit(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	wt, _ := repo.Worktree()
	if _, err := wt.Add("content"); err != nil {
		t.Fatal(err)
	}
	sig := &object.Signature{Name: "Organiser", Email: "orga@example.org", When: time.Now()}
	commit, err := wt.Commit("Edition "+tag, &git.CommitOptions{Author: sig, Committer: sig})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := repo.CreateTag(tag, commit, nil); err != nil {
		t.Fatal(err)
	}
}

// forYou checks that a changes page carries what its "for you" section
// computes with: the section, hidden until the script fills it, the
// script, and the previous edition's rules beside the page data's, which
// differ (plate 3 → 4).
func forYou(t *testing.T, page string) {
	t.Helper()
	if !strings.Contains(page, `id="changes-mine"`) || !strings.Contains(page, `aria-labelledby="changes-mine-title" hidden`) {
		t.Error("the changes page has no hidden \"for you\" section")
	}
	if !regexp.MustCompile(`<script src="[./]*assets/changes-[^"]+\.js" defer>`).MatchString(page) {
		t.Error("the changes page does not load its script")
	}
	old := regexp.MustCompile(`data-old-rules="(\[[0-9,-]+\])"`).FindStringSubmatch(page)
	if old == nil {
		t.Fatal("the changes page lacks the previous edition's rules")
	}
	if !strings.Contains(page, `data-mine-game="fantasy"`) {
		t.Error("the changes page lacks the fantasy character's computations")
	}
	if strings.Contains(page, `&#34;rules&#34;:`+old[1]) {
		t.Error("the previous edition's rules are the current ones")
	}
	if !strings.Contains(page, `&#34;rules&#34;:[`) {
		t.Error("the changes page lacks the page data's rules")
	}
}
