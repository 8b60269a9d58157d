package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
	repo, err := git.PlainInit(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	// The repository holds the engine too: the 2025 one gave the armour
	// calculator an extra figure.
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
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, rel), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tweak := "package engine\n\nfunc init() {\n\tfor i := range calculators {\n\t\tif calculators[i].info.Name == \"armor\" {\n\t\t\trun := calculators[i].run\n" +
		"\t\t\tcalculators[i].run = func(r *reader, m map[string]any) map[string]any {\n\t\t\t\tout := run(r, m)\n\t\t\t\tif out != nil {\n\t\t\t\t\tout[\"extra\"] = 1\n\t\t\t\t}\n\t\t\t\treturn out\n\t\t\t}\n\t\t}\n\t}\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "wasm", "engine", "zz_2025.go"), []byte(tweak), 0o644); err != nil {
		t.Fatal(err)
	}
	wt, _ := repo.Worktree()
	for _, p := range []string{"content", "wasm", "go.mod", "go.sum"} {
		if _, err := wt.Add(p); err != nil {
			t.Fatal(err)
		}
	}
	// Now, not a fixed day: a commit of its own, whose engine answers no
	// earlier run left in the cache (.cache/editions).
	sig := &object.Signature{Name: "Organiser", Email: "orga@example.org", When: time.Now()}
	commit, err := wt.Commit("Edition 2025", &git.CommitOptions{Author: sig, Committer: sig})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := repo.CreateTag("edition/2025", commit, nil); err != nil {
		t.Fatal(err)
	}

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
	if len(res.Notes) != 0 {
		t.Errorf("notes %q", res.Notes)
	}
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
		`<del><span class="visually-hidden">retiré : </span>cuir</del>`,
		`<ins><span class="visually-hidden">ajouté : </span>mailles</ins>`,
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
		`<del><span class="visually-hidden">retiré : </span>3</del> → <ins><span class="visually-hidden">ajouté : </span>4</ins></li></ul>`
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
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "no git history") {
		t.Errorf("without history, notes %q", res.Notes)
	}
	if _, err := os.Stat(filepath.Join(plain.OutDir, "fr", "changes")); err == nil {
		t.Error("a changes page without a previous edition")
	}
}
