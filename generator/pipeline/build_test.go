package pipeline

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"compendium/generator/testcontent"
)

// writeFixture lays out an inline txtar archive as a content folder in a
// temporary directory, in the manner of Hugo's integration tests, and returns
// the options to build it with the real theme.
func writeFixture(t *testing.T, archive string) Options {
	t.Helper()
	dir := t.TempDir()
	for _, f := range txtar.Parse([]byte(archive)).Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return Options{ContentDir: filepath.Join(dir, "content"), ThemeDir: "../../theme", OutDir: filepath.Join(dir, "public")}
}

const goodSite = `
-- content/fr/alpha.md --
---
title: Premier document
short: Jeu — Premier document
order: 1
slug: alpha
summary: Le premier.
source: 000_test.txt
---
Introduction : voir [l'armure](#armor) et [le duel](beta#duel).

## 1. Combats {#combat}

| Arme | Taille |
|---|---|
| Dague | 30 cm |

## 2. L'armure {#armor}

:::aside
Une petite pause.
:::

` + "```dice\n1d6+2\n```" + `
-- content/fr/beta.md --
---
title: Second document
short: Jeu — Second document
order: 2
slug: beta
summary: Le second.
source: 001_test.txt
---
## Duel {#duel}

Retour au [premier](alpha).
`

func TestBuildSite(t *testing.T) {
	opt := writeFixture(t, goodSite)
	res, err := Build(opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.Docs != 2 || res.Sections != 3 {
		t.Errorf("docs, sections = %d, %d; want 2, 3", res.Docs, res.Sections)
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(opt.OutDir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	alpha := read("fr/alpha/index.html")
	beta := read("fr/beta/index.html")
	home := read("fr/index.html")
	for _, tt := range []struct {
		page, name, want string
	}{
		{alpha, "explicit heading ID", `<h2 id="armor">`},
		{alpha, "link control", `<a class="heading-link" href="#armor"`},
		{alpha, "same-document link", `<a href="#armor" class="xref" data-to="§ 2">l’armure</a>`},
		{alpha, "cross-document link", `<a href="../beta/#duel" class="xref" data-to="Jeu — Second document, Duel">le duel</a>`},
		{alpha, "French colon", "Introduction\u00a0: voir"},
		{alpha, "table", "<td>Dague</td>"},
		{alpha, "aside", `<aside class="box">`},
		{alpha, "formula", `<pre class="chroma formula" tabindex="0" data-lang="dice">`},
		{alpha, "table of contents", `<li class="toc-l2"><a href="#combat">1. Combats</a></li>`},
		{alpha, "next document", `<a class="next" rel="next" href="../beta/">`},
		{alpha, "CSP meta", `<meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;; script-src &#39;self&#39; &#39;wasm-unsafe-eval&#39;; style-src &#39;self&#39;`},
		{alpha, "language", `<html lang="fr"`},
		{beta, "previous document", `<a class="prev" rel="prev" href="../alpha/">`},
		{beta, "document link", `<a href="../alpha/" class="xref" data-to="Jeu — Premier document">premier</a>`},
		{home, "index lists documents", `<a href="alpha/"><span class="doc-short">Jeu — Premier document</span> <span class="doc-title">Premier document</span></a>`},
		{alpha, "breadcrumb", `<nav class="crumbs" aria-label="Fil d’Ariane"><a href="./">Jeu — Premier document</a>`},
		{alpha, "title names the game", `<title>Premier document · Jeu — Premier document</title>`},
		{alpha, "pager names the game", `<span class="pager-title">Jeu — Second document</span>`},
		{home, "summary", `<p>Le second.</p>`},
	} {
		if !strings.Contains(tt.page, tt.want) {
			t.Errorf("%s: page lacks %q", tt.name, tt.want)
			if i := strings.Index(tt.page, tt.want[:min(len(tt.want), 20)]); i >= 0 {
				t.Logf("near: %s", tt.page[i:min(len(tt.page), i+160)])
			}
		}
	}
	// The pages must hold under the CSP: no inline script, style or handler.
	inline := regexp.MustCompile(`<script(?:\s[^>]*)?>[^<]|<style|\sstyle=|\son[a-z]+=`)
	for _, name := range []string{"index.html", "fr/index.html", "fr/alpha/index.html", "fr/beta/index.html"} {
		if m := inline.FindString(read(name)); m != "" {
			t.Errorf("%s: inline script or style %q", name, m)
		}
		if strings.Contains(read(name), "http://") || regexp.MustCompile(`(src|href)="https?://`).MatchString(read(name)) {
			t.Errorf("%s: refers to another host", name)
		}
	}
	assets, _ := filepath.Glob(filepath.Join(opt.OutDir, "assets", "main-*.*s"))
	if len(assets) != 2 {
		t.Errorf("assets = %v, want one hashed CSS and one hashed JS", assets)
	}
	for _, a := range assets {
		if !strings.Contains(alpha, "assets/"+filepath.Base(a)) {
			t.Errorf("page does not link %s", filepath.Base(a))
		}
	}
	if h := read("_headers"); !strings.Contains(h, "Content-Security-Policy: default-src 'self'") {
		t.Errorf("_headers lacks the CSP:\n%s", h)
	}
}

func TestCheckReportsEveryProblem(t *testing.T) {
	opt := writeFixture(t, `
-- content/fr/alpha.md --
---
title: Premier
short: Jeu — Premier
order: 1
slug: alpha
summary: Un.
source: a.txt
---
## Combats {#combat}

Voir [la vie](#life), [ailleurs](gamma#x) et [beta](beta#nope).

## Encore {#combat}

## Sans identifiant

## Mauvais {#Bad_ID}
-- content/fr/beta.md --
title: Sans front matter

## Duel {#duel}
-- content/fr/gamma.md --
---
title: Gamma
short: Jeu — Gamma
order: 1
slug: gamma
source: c.txt
colour: rouge
---
## Rien {#x}
`)
	_, _, err := Load(opt)
	if err == nil {
		t.Fatal("Load succeeded on broken content")
	}
	msg := err.Error()
	alpha := filepath.Join(opt.ContentDir, "fr", "alpha.md")
	beta := filepath.Join(opt.ContentDir, "fr", "beta.md")
	gamma := filepath.Join(opt.ContentDir, "fr", "gamma.md")
	for _, want := range []string{
		alpha + ":11: link “#life”: no section or anchor “life” in " + alpha,
		alpha + ":11: link “beta#nope”: no section or anchor “nope” in " + beta,
		alpha + ":13: duplicate section ID “combat” (first used at line 9)",
		alpha + ":15: heading “Sans identifiant” has no ID: end it with an English kebab-case ID without numbers, e.g. {#sans-identifiant}",
		alpha + ":17: section ID “Bad_ID” is not English kebab-case",
		beta + ":1: missing front matter",
		gamma + ":1: front matter lacks “summary”",
		gamma + ":7: unknown front matter key “colour”",
		gamma + ":4: order 1 is already used by " + alpha,
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("messages lack %q\ngot:\n%s", want, msg)
		}
	}
}

// TestFailedBuildKeepsPublic: a broken content file fails the build and the
// previous site stays exactly as it was.
func TestFailedBuildKeepsPublic(t *testing.T) {
	opt := writeFixture(t, goodSite)
	if _, err := Build(opt); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, opt.OutDir)
	broken := filepath.Join(opt.ContentDir, "fr", "alpha.md")
	b, _ := os.ReadFile(broken)
	if err := os.WriteFile(broken, []byte(strings.Replace(string(b), "{#armor}", "{#combat}", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Build(opt)
	if err == nil || !strings.Contains(err.Error(), broken+":") {
		t.Fatalf("want a file:line error for %s, got %v", broken, err)
	}
	after := snapshot(t, opt.OutDir)
	if len(before) != len(after) {
		t.Fatalf("public changed: %d files before, %d after", len(before), len(after))
	}
	for k, v := range before {
		if after[k] != v {
			t.Errorf("%s changed after a failed build", k)
		}
	}
	leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(opt.OutDir), ".public.*"))
	if len(leftovers) > 0 {
		t.Errorf("temporary folders left behind: %v", leftovers)
	}
}

func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		m[p] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestRealContent builds the compendium itself: check must pass on it.
func TestRealContent(t *testing.T) {
	_, _, err := Load(Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme"})
	if err != nil {
		t.Fatal(err)
	}
}

func BenchmarkGenerate(b *testing.B) {
	opt := Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme"}
	for b.Loop() {
		if _, err := Generate(opt); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCheckTranslations: a translation with a missing, a reordered and an
// extra section fails check with file:line messages.
func TestCheckTranslations(t *testing.T) {
	opt := writeFixture(t, `
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

## Deux {#two}

## Trois {#three}

## Quatre {#four}
-- content/en/alpha.md --
---
title: Alpha
short: Jeu — Alpha
order: 1
slug: alpha
summary: One.
source: a.txt
---
## One {#one}

## Three {#three}

## Two {#two}

## Five {#five}
-- content/fr/beta.md --
---
title: Beta
short: Jeu — Beta
order: 2
slug: beta
summary: Deux.
source: b.txt
---
## Seul {#alone}
`)
	_, _, err := Load(opt)
	if err == nil {
		t.Fatal("check passed on a drifting translation")
	}
	en := filepath.Join(opt.ContentDir, "en", "alpha.md")
	fr := filepath.Join(opt.ContentDir, "fr", "alpha.md")
	frBeta := filepath.Join(opt.ContentDir, "fr", "beta.md")
	for _, want := range []string{
		en + ":15: section “four” (" + fr + ":15) is missing at the end of the file, after this line",
		en + ":15: section “five” does not exist in " + fr,
		en + ":11: section “three” is out of order: " + fr + " has “two” here (line 11)",
		frBeta + ":1: document “beta” has no en translation",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("messages lack %q\ngot:\n%s", want, err)
		}
	}
}

// TestGlossary: a mandatory term used in French without its agreed
// translation in the same English section fails check at that section; the
// glossary pages list the terms in dictionary order with their sections.
func TestGlossary(t *testing.T) {
	files := `
-- content/fr/alpha.md --
---
title: Alpha
short: Jeu — Alpha
order: 1
slug: alpha
summary: Un.
source: a.txt
---
## L'armure {#armor}

Les points d'armure (PA) protègent. L'écu aussi.

## La vie {#life}

Perdre ses PA fait mal.

- {#heater} Un écu se répare.
-- content/en/alpha.md --
---
title: Alpha
short: Jeu — Alpha
order: 1
slug: alpha
summary: One.
source: a.txt
---
## Armour {#armor}

Armour points (AP) protect. So does the heater shield.

## Life {#life}

Losing your armour hurts.

- {#heater} A heater shield can be mended.
-- content/glossary.json --
{
  "terms": [
    {
      "id": "armour-points",
      "fr": "points d’armure",
      "en": "armour points",
      "abbr": {"fr": "PA", "en": "AP"},
      "section": "alpha#armor",
      "mandatory": true,
      "definition": {"fr": "Ce qui protège.", "en": "What protects."}
    },
    {
      "id": "heater-shield",
      "fr": "écu",
      "en": "heater shield",
      "section": "alpha#nowhere",
      "mandatory": false,
      "definition": {"fr": "Un bouclier.", "en": "A shield."}
    }
  ]
}
`
	opt := writeFixture(t, files)
	_, _, err := Load(opt)
	if err == nil {
		t.Fatal("check passed with a missing mandatory translation")
	}
	en := filepath.Join(opt.ContentDir, "en", "alpha.md")
	gl := filepath.Join(opt.ContentDir, "glossary.json")
	for _, want := range []string{
		en + ":13: glossary term “points d’armure” is used in " + filepath.Join(opt.ContentDir, "fr", "alpha.md") + ":13 but this section lacks its agreed translation “armour points” / “AP”",
		gl + ":13: term “heater-shield”: section “alpha#nowhere” does not exist in fr",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("messages lack %q\ngot:\n%s", want, err)
		}
	}
	// Mend both, and the pages come out.
	os.WriteFile(filepath.Join(opt.ContentDir, "en", "alpha.md"), []byte(strings.Replace(txtarFile(files, "content/en/alpha.md"), "Losing your armour hurts.", "Losing your AP hurts.", 1)), 0o644)
	// A term may point to an anchor inside a section: its link opens the
	// anchor, named by its section.
	os.WriteFile(gl, []byte(strings.Replace(txtarFile(files, "content/glossary.json"), "alpha#nowhere", "alpha#heater", 1)), 0o644)
	if _, err := Build(opt); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(opt.OutDir, "fr", "glossary", "index.html"))
	p := string(page)
	i, j := strings.Index(p, `id="term-heater-shield"`), strings.Index(p, `id="term-armour-points"`)
	if i < 0 || j < 0 || i > j {
		t.Errorf("French glossary: want “écu” before “points d’armure”, got positions %d, %d", i, j)
	}
	if !strings.Contains(p, `<a class="term-section" href="../alpha/#armor">`) || !strings.Contains(p, `<span class="term-other" lang="en">armour points (AP)</span>`) {
		t.Errorf("French glossary lacks the section link or the translation:\n%s", p)
	}
	if !strings.Contains(p, `<a class="term-section" href="../alpha/#heater">§&#8239;La vie</a>`) {
		t.Errorf("French glossary: the term pointing to an anchor lacks its link to the anchor, named by its section:\n%s", p)
	}
}

func txtarFile(archive, name string) string {
	for _, f := range txtar.Parse([]byte(archive)).Files {
		if f.Name == name {
			return string(f.Data)
		}
	}
	return ""
}

// BenchmarkRebuild is serve's rebuild after an edit: the real site with
// everything (twins included), written over the previous build, one
// paragraph of a document changed before each build (with a number no
// build made before, so that each has something new to make), Live as
// serve's are. GOGC is serve's (400) unless set.
func BenchmarkRebuild(b *testing.B) {
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	content := filepath.Join(b.TempDir(), "content")
	if err := os.CopyFS(content, os.DirFS(testcontent.Dir)); err != nil {
		b.Fatal(err)
	}
	doc := filepath.Join(content, "fr", "fantasy.md")
	src, err := os.ReadFile(doc)
	if err != nil {
		b.Fatal(err)
	}
	opt := Options{ContentDir: content, ThemeDir: "../../theme", Root: "../..", ConfigFile: "../../compendium.json", OutDir: filepath.Join(b.TempDir(), "public")}
	bl := New(opt) // as serve's: one build, then rebuilds
	if _, err := bl.Build(context.Background()); err != nil {
		b.Fatal(err)
	}
	n := 0
	for b.Loop() {
		b.StopTimer()
		n++
		// A number no earlier run used: the twins' cache must not know
		// the edited files.
		edited := append(bytes.Clone(src), []byte("\nUne phrase de plus, numéro "+strconv.FormatInt(time.Now().UnixNano(), 36)+strconv.Itoa(n)+".\n")...)
		if err := os.WriteFile(doc, edited, 0o644); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := bl.Rebuild(context.Background(), []string{doc}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkComplete is what serve does after a Live rebuild and the
// pages' reload: the single-file editions made with the edit (and the
// home pages with their sizes). Each edit's Rebuild runs untimed.
func BenchmarkComplete(b *testing.B) {
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	content := filepath.Join(b.TempDir(), "content")
	if err := os.CopyFS(content, os.DirFS("../../content")); err != nil {
		b.Fatal(err)
	}
	doc := filepath.Join(content, "fr", "fantasy.md")
	src, err := os.ReadFile(doc)
	if err != nil {
		b.Fatal(err)
	}
	opt := Options{ContentDir: content, ThemeDir: "../../theme", Root: "../..", ConfigFile: "../../compendium.json", OutDir: filepath.Join(b.TempDir(), "public")}
	bl := New(opt)
	if _, err := bl.Build(context.Background()); err != nil {
		b.Fatal(err)
	}
	n := 0
	for b.Loop() {
		b.StopTimer()
		n++
		edited := append(bytes.Clone(src), []byte("\nUne phrase de plus, numéro "+strconv.FormatInt(time.Now().UnixNano(), 36)+strconv.Itoa(n)+".\n")...)
		if err := os.WriteFile(doc, edited, 0o644); err != nil {
			b.Fatal(err)
		}
		if _, err := bl.Rebuild(context.Background(), []string{doc}); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		res, err := bl.Complete(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		if _, made := res.Files["fr/compendium.html"]; !made {
			b.Fatal("Complete did not make the French single file")
		}
	}
}

// TestThesaurusCheck: check names, with file:line, a thesaurus set's
// unknown section or term, a form repeated in a language, a set whose form
// only the other language's text uses, a one-form set and a repeated
// question phrasing; the mended thesaurus builds.
func TestThesaurusCheck(t *testing.T) {
	files := `
-- content/fr/alpha.md --
---
title: Alpha
short: Jeu — Alpha
order: 1
slug: alpha
summary: Un.
source: a.txt
---
## L'armure {#armor}

Les points d'armure protègent des coups.
-- content/en/alpha.md --
---
title: Alpha
short: Jeu — Alpha
order: 1
slug: alpha
summary: One.
source: a.txt
---
## Armour {#armor}

Armour points protect against blows.
-- content/thesaurus.json --
{
  "sets": [
    {"lang": "en", "forms": ["AC", "armor class"], "section": "alpha#nowhere"},
    {"lang": "en", "forms": ["protection", "points d’armure"]},
    {"lang": "fr", "forms": ["PA", "protection"], "term": "no-such-term"},
    {"lang": "fr", "forms": ["pa", "carapace"]},
    {"lang": "fr", "forms": ["seul"]}
  ],
  "questions": {
    "fr": [
      {"phrase": "combien de temps", "means": "durée"},
      {"phrase": "Combien de temps", "means": ""}
    ]
  }
}
`
	opt := writeFixture(t, files)
	_, _, err := Load(opt)
	if err == nil {
		t.Fatal("check passed a faulty thesaurus")
	}
	th := filepath.Join(opt.ContentDir, "thesaurus.json")
	for _, want := range []string{
		th + ":3: section “alpha#nowhere” does not exist in fr: write slug#id",
		th + ":4: warning: form “points d’armure” is in a set with \"lang\": \"en\", yet only the French text uses it (" + filepath.Join(opt.ContentDir, "fr", "alpha.md") + ":11)",
		th + ":5: term “no-such-term” is not in glossary.json",
		th + ":6: form “pa” is already in a “fr” set at line 5",
		th + ":7: a set needs at least two forms, this one has 1",
		th + ":12: question phrase “Combien de temps” is already at line 11",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("messages lack %q\ngot:\n%s", want, err)
		}
	}
	os.WriteFile(th, []byte(`{"sets": [{"lang": "en", "forms": ["AC", "armor class"], "section": "alpha#armor"}], "questions": {"en": [{"phrase": "how long", "means": "time"}]}}`), 0o644)
	if _, err := Build(opt); err != nil {
		t.Fatal(err)
	}
}

// TestAnchors: a rule named inside a section gets its ID and link control,
// a link may target it, and check reports an anchor missing from the
// translation, one in another section there, one repeating a heading's
// ID, and a link to an anchor that does not exist.
func TestAnchors(t *testing.T) {
	files := `
-- content/fr/alpha.md --
---
title: Alpha
short: Jeu — Alpha
order: 1
slug: alpha
summary: Un.
source: a.txt
---
{#cycle} Un cycle dure un jour et une nuit.

## Les effets {#effects}

- {#effect-blinded} Aveuglé : fermez les yeux. Voir [la peur](#effect-fear).
- {#effect-fear} Peur : fuyez.
- {#effects} Doublon.

## La vie {#life}

Voir [rien](#effect-none).
-- content/en/alpha.md --
---
title: Alpha
short: Game — Alpha
order: 1
slug: alpha
summary: One.
source: a.txt
---
{#cycle} A cycle lasts a day and a night.

## Effects {#effects}

- {#effect-blinded} Blinded: close your eyes. See [fear](#effect-fear).

## Life {#life}

- {#effect-fear} Fear: flee.

See [nothing](#life).
`
	opt := writeFixture(t, files)
	_, _, err := Load(opt)
	if err == nil {
		t.Fatal("check passed faulty anchors")
	}
	fr, en := filepath.Join(opt.ContentDir, "fr", "alpha.md"), filepath.Join(opt.ContentDir, "en", "alpha.md")
	for _, want := range []string{
		fr + ":15: anchor “{#effects}” repeats an ID used at line 11: IDs of sections and anchors must be unique within a document",
		fr + ":19: link “#effect-none”: no section or anchor “effect-none” in " + fr,
		en + ":17: anchor “{#effect-fear}” is in section “life” here but in “effects” in " + fr,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("messages lack %q\ngot:\n%s", want, err)
		}
	}
	// Mended, the pages carry the IDs and the controls.
	os.WriteFile(fr, []byte(strings.NewReplacer("- {#effects} Doublon.\n", "", "[rien](#effect-none)", "[la vie](#life)").Replace(txtarFile(files, "content/fr/alpha.md"))), 0o644)
	os.WriteFile(en, []byte(strings.NewReplacer("\n## Life {#life}\n\n- {#effect-fear} Fear: flee.\n", "- {#effect-fear} Fear: flee.\n\n## Life {#life}\n").Replace(txtarFile(files, "content/en/alpha.md"))), 0o644)
	if _, err := Build(opt); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(opt.OutDir, "fr", "alpha", "index.html"))
	for _, want := range []string{`<p id="cycle"><a class="anchor-link" href="#cycle" data-copy-link>`, `<li id="effect-blinded"><a class="anchor-link" href="#effect-blinded" data-copy-link>`, `<a href="#effect-fear" class="xref" data-to="Les effets">`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("French page lacks %s", want)
		}
	}
}

// BenchmarkLoad loads and checks the real content (the check command).
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := New(Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme"}).load(nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildReal builds the compendium itself as `generator build`
// does (configuration, twins, an output folder already there), the real
// site of make bench-hugo without the process's start.
func BenchmarkBuildReal(b *testing.B) {
	opt := Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme", ConfigFile: "../../compendium.json", OutDir: filepath.Join(b.TempDir(), "public")}
	if _, err := Build(opt); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Build(opt); err != nil {
			b.Fatal(err)
		}
	}
}
