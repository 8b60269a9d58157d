package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"compendium/generator/site"
)

// TestCheckStrict: check passes with a translation behind its original
// (and says so), check -strict fails on it, and translations -mark makes
// both pass.
func TestCheckStrict(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doc := func(lang, text string) string {
		return "---\ntitle: Alpha\nshort: Jeu — Alpha\norder: 1\nslug: alpha\nsummary: Un.\nsource: a.txt\n---\n## Un {#one}\n\n" + text + "\n"
	}
	write("content/fr/alpha.md", doc("fr", "Le texte."))
	write("content/en/alpha.md", doc("en", "The text."))
	content, theme := filepath.Join(dir, "content"), "../theme"
	run1 := func(args ...string) (int, string) {
		var out, errs bytes.Buffer
		code := run(args, nil, &out, &errs)
		return code, out.String() + errs.String()
	}
	if code, out := run1("translations", "-content", content, "-theme", theme, "-mark", "-all"); code != 0 {
		t.Fatalf("translations -mark -all: %d %s", code, out)
	}
	write("content/fr/alpha.md", doc("fr", "Le texte, changé."))
	code, out := run1("check", "-content", content, "-theme", theme)
	if code != 0 || !strings.Contains(out, "alpha.md:9: warning: translation of #one is older than its French source") || !strings.Contains(out, "1 warning(s)") {
		t.Errorf("check: %d %s", code, out)
	}
	if code, out := run1("check", "-strict", "-content", content, "-theme", theme); code != 1 || !strings.Contains(out, "check -strict: 1 warning(s) to resolve") {
		t.Errorf("check -strict: %d %s", code, out)
	}
	if code, out := run1("translations", "-content", content, "-theme", theme, "-mark", "alpha#one"); code != 0 {
		t.Fatalf("translations -mark: %d %s", code, out)
	}
	if code, out := run1("check", "-strict", "-content", content, "-theme", theme); code != 0 || strings.Contains(out, "warning") {
		t.Errorf("check -strict after -mark: %d %s", code, out)
	}
}

// TestCommandLine: every command has its own flags and its own -h, help
// and --help answer, a flag of another command is refused, calc --help
// NAME describes NAME.
func TestCommandLine(t *testing.T) {
	// calc --help NAME reads the labels in theme/, from the repository's root.
	t.Chdir("..")
	t.Setenv("LC_ALL", "C") // the messages in English, whatever the machine's locale
	for _, tt := range []struct {
		args       []string
		code       int
		out, noOut string // in stdout+stderr; not in it
	}{
		{[]string{"help"}, 0, "commands:\n  build", ""},
		{[]string{"--help"}, 0, "commands:\n  build", ""},
		{[]string{"-h"}, 0, "commands:", ""},
		{[]string{}, 2, "usage: generator <command>", ""},
		{[]string{"nope"}, 2, "unknown command “nope”\n", "did you mean"},
		{[]string{"help", "nope"}, 2, "unknown command “nope”\n", "did you mean"},
		{[]string{"biuld"}, 2, "generator: unknown command “biuld”: did you mean build?\n", ""},
		{[]string{"chek"}, 2, "unknown command “chek”: did you mean check?", ""},
		{[]string{"hlep"}, 2, "unknown command “hlep”: did you mean help?", ""},
		{[]string{"help", "sreach"}, 2, "generator help: unknown command “sreach”: did you mean search?", ""},
		{[]string{"x"}, 2, "unknown command “x”\n", "did you mean"},
		{[]string{"help", "serve"}, 0, "usage: generator serve", "-timings"},
		{[]string{"serve", "-h"}, 0, "-addr", "-cpuprofile"},
		{[]string{"build", "--help"}, 0, "-cpuprofile", "-addr"},
		{[]string{"check", "-h"}, 0, "-strict", "-out"},
		{[]string{"check", "-cpuprofile", "x", "-addr", "1.2.3.4:9"}, 2, "flag provided but not defined: -cpuprofile", ""},
		{[]string{"build", "-strict"}, 2, "flag provided but not defined: -strict", ""},
		{[]string{"check", "stray"}, 2, "unexpected argument “stray”", ""},
		{[]string{"synth", "-h"}, 0, "-pages", ""},
		{[]string{"pdf", "-h"}, 0, "usage: generator pdf", "-addr"},
		{[]string{"calc", "--help"}, 0, "calculators:\n  dice", ""},
		{[]string{"help", "calc"}, 0, "calculators:", ""},
		{[]string{"calc", "--help", "casting"}, 0, "## `casting`", ""},
		{[]string{"calc", "--help", "-theme", "nowhere", "casting"}, 2, "there is no folder nowhere here: run it from the project's folder, or give the theme with -theme DIR", "## `casting`"},
		{[]string{"calc", "--describe", "-theme", "theme", "-content", "nowhere", "armor"}, 0, "## `armor`", ""},
		{[]string{"values", "-h"}, 0, "-lang", ""},
		{[]string{"search", "-h"}, 0, "-lang", ""},
		{[]string{"translations", "-h"}, 0, "-mark", ""},
		{[]string{"search", "-nope", "x"}, 2, "flag provided but not defined: -nope", ""},
		{[]string{"values", "-theme", "theme"}, 2, "flag provided but not defined: -theme", ""},
		{[]string{"values", "stray"}, 2, "unexpected argument “stray”", ""},
		{[]string{"translations", "-config", "compendium.json"}, 2, "flag provided but not defined: -config", ""},
		{[]string{"help", "search"}, 0, "usage: generator search", ""},
		// The help in English under LC_ALL=C, French where -lang says so.
		{[]string{"help"}, 0, "commands:\n  build         load, check and render content/", "commandes"},
		{[]string{"help"}, 0, "\n'generator help COMMAND' or 'generator COMMAND -h' gives a command's flags.\n", ""},
		{[]string{"build", "-h"}, 0, "usage: generator build [-content content] [-theme theme]", "utilisation"},
		{[]string{"build", "-h"}, 0, "\nflags:\n  -base-url URL\n    \tabsolute address (URL) the site is published at", ""},
		{[]string{"build", "-h"}, 0, "  -cpuprofile file\n    \twrite a CPU profile to this file (go tool pprof reads it)\n", ""},
		{[]string{"build", "-h"}, 0, "  -out folder\n    \toutput folder: written only on success", "string"},
		{[]string{"build", "-h"}, 0, `content folder (default "content")`, ""},
		{[]string{"check", "-h"}, 0, "  -v\tlist each problem's consequences under it", ""},
		{[]string{"build", "-h", "-lang", "fr"}, 0, "utilisation : generator build", "usage:"},
		{[]string{"check", "-lang=fr", "-h"}, 0, "\noptions :\n", "flags:"},
		{[]string{"calc", "--help"}, 0, "usage: calc [-content DIR] NAME < input.json\n       calc --list\n       calc --help NAME", "utilisation"},
		{[]string{"calc", "--describe", "-h"}, 0, "calculators:\n  dice", ""},
		{[]string{"search"}, 2, "generator search: give the words to look for, e.g. search armure\nusage: generator search [-lang fr]", "requête"},
		{[]string{"search", "-limit", "x", "y"}, 2, "invalid value \"x\" for flag -limit: parse error\nusage: generator search", "valeur"},
		{[]string{"check", "-x"}, 2, "flag provided but not defined: -x\nusage: generator check", "option inconnue"},
		{[]string{"synth"}, 2, "generator synth: -out is needed: the folder to write the pages into\nusage: generator synth -pages N -out DIR", ""},
	} {
		var out, errs bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &out, &errs)
		all := out.String() + errs.String()
		if code != tt.code || !strings.Contains(all, tt.out) || (tt.noOut != "" && strings.Contains(all, tt.noOut)) {
			t.Errorf("generator %s: exit %d, want %d, output containing %q and not %q:\n%s", strings.Join(tt.args, " "), code, tt.code, tt.out, tt.noOut, all)
		}
	}
}

// TestCheckLanguage: check speaks the organiser's language: -lang fr, or
// a French locale, gives every line in French, the count included; one
// mistake is one problem, its consequences counted under it.
func TestCheckLanguage(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"content/fr/alpha.md": "---\ntitle: Alpha\nshort: Jeu — Alpha\norder: 1\nslug: alpha\nsummary: Un.\nsource: a.txt\n---\nVoir [l'armure](#armor).\n\n## Un {#one}\n\nTexte.\n\n## L'armure\n\nTexte.\n",
		"content/en/alpha.md": "---\ntitle: Alpha\nshort: Game — Alpha\norder: 1\nslug: alpha\nsummary: One.\nsource: a.txt\n---\nSee [armour](#armor).\n\n## One {#one}\n\nText.\n\n## Armour {#armor}\n\nText.\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	check := func(args ...string) string {
		var out, errs bytes.Buffer
		if code := run(append([]string{"check", "-content", filepath.Join(dir, "content"), "-theme", "../theme"}, args...), nil, &out, &errs); code != 1 {
			t.Errorf("check %v: exit %d", args, code)
		}
		return out.String() + errs.String()
	}
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "C.UTF-8")
	en := check()
	fr := check("-lang", "fr")
	if !strings.Contains(en, "calls this section {#armor}: end the heading with {#armor}") || !strings.Contains(en, "check: 1 problem(s)") {
		t.Errorf("English:\n%s", en)
	}
	if !strings.Contains(fr, "appelle cette section {#armor} : terminez le titre par {#armor}") || !strings.Contains(fr, "check : 1 problème(s)") || strings.Contains(fr, "problem(s)") {
		t.Errorf("-lang fr:\n%s", fr)
	}
	t.Setenv("LANG", "fr_FR.UTF-8")
	if got := check(); got != fr {
		t.Errorf("LANG=fr_FR.UTF-8 gives\n%s\nnot the French of -lang fr\n%s", got, fr)
	}
	if v := check("-v", "-lang", "fr"); !strings.Contains(v, "↳ ") || !strings.Contains(v, "lien « #armor »") {
		t.Errorf("check -v lists no consequence:\n%s", v)
	}
}

// TestCommandMessagesInFrench: the commands' own lines (a usage mistake,
// a listing's header, calc's help) follow the locale when no -lang is
// given, and -lang when it is; values refuses a language it cannot list.
func TestCommandMessagesInFrench(t *testing.T) {
	t.Chdir("..")
	t.Setenv("LC_ALL", "fr_FR.UTF-8")
	for _, tt := range []struct {
		args       []string
		code       int
		out, noOut string // in stdout+stderr; not in it
	}{
		{[]string{"nope"}, 2, "generator : commande inconnue « nope »", ""},
		{[]string{"help", "nope"}, 2, "generator help : commande inconnue « nope »", ""},
		{[]string{"biuld"}, 2, "generator : commande inconnue « biuld » : vouliez-vous dire build ?", ""},
		{[]string{"help", "valeus"}, 2, "generator help : commande inconnue « valeus » : vouliez-vous dire values ?", ""},
		{[]string{"check", "stray"}, 2, "generator check : argument inattendu « stray »", ""},
		{[]string{"check", "-lang", "en", "stray"}, 2, "generator check: unexpected argument “stray”", ""},
		{[]string{"values", "-lang", "de"}, 2, "generator values : -lang « de » : les langues sont fr et en", ""},
		{[]string{"values"}, 0, "clé  ", ""},
		{[]string{"calc", "--help"}, 0, "calculateurs :\n  dice", ""},
		{[]string{"calc", "--help", "nope"}, 2, "pas de calculateur « nope » : calc --list les liste", ""},
		// The help: the commands, each one's usage and flags.
		{[]string{"help"}, 0, "utilisation : generator <commande> [options]\n\ncommandes :\n  build         charge, vérifie et met en pages content/", "load, check"},
		{[]string{"-h"}, 0, "\n« generator help COMMANDE » ou « generator COMMANDE -h » donne les options d'une commande.\n", "gives a command's flags"},
		{[]string{"help"}, 0, "  new           commence un nouveau document : new SLUG [\"titre\"…], un titre par langue du site, l'original d'abord\n", "original first"},
		{[]string{"build", "-h"}, 0, "utilisation : generator build [-content content] [-theme theme] [-config compendium.json] [-out public] [-base-url URL] [-compress=false] [-cpuprofile FICHIER]", "usage:"},
		{[]string{"build", "-h"}, 0, "\noptions :\n  -base-url URL\n    \tadresse absolue (URL) où le site est publié", "flags:"},
		{[]string{"build", "-h"}, 0, "  -cpuprofile fichier\n    \técrit un profil du processeur dans ce fichier (go tool pprof le lit)\n", "(default"},
		{[]string{"build", "-h"}, 0, `  -content dossier` + "\n    \t" + `dossier du contenu (par défaut : "content")`, "content folder"},
		{[]string{"build", "-lang", "en", "-h"}, 0, "usage: generator build", "utilisation"},
		{[]string{"help", "new"}, 0, "utilisation : generator new [-content content] [-config compendium.json] [-lang fr|en] SLUG [\"titre dans l'original\" [\"titre dans la langue suivante\"…]]", "title in the original"},
		{[]string{"calc", "--help"}, 0, "utilisation :\n       calc [-content DOSSIER] NOM < entrée.json\n       calc --list\n       calc --help NOM", "usage:"},
		{[]string{"search"}, 2, "generator search : donnez les mots à chercher, par exemple search armure\nutilisation : generator search [-lang fr] [-doc slug] [-content content] [-theme theme] [-config compendium.json] [-limit 10] \"requête\"\n\noptions :", "usage:"},
		{[]string{"search", "-lang", "en"}, 2, "generator search: give the words to look for", "donnez"},
		// Go's flag errors, then French.
		{[]string{"check", "-x"}, 2, "flag provided but not defined: -x\noption inconnue : -x ; generator check -h liste les options\nutilisation : generator check", ""},
		{[]string{"check", "-lang", "en", "-x"}, 2, "flag provided but not defined: -x\nusage: generator check", "option inconnue"},
		{[]string{"search", "-limit", "x", "y"}, 2, "invalid value \"x\" for flag -limit: parse error\n« x » n'est pas une valeur de -limit : generator search -h dit ce qu'elle prend\n", ""},
		{[]string{"build", "-out"}, 2, "flag needs an argument: -out\nl'option -out attend une valeur, -out VALEUR : generator build -h dit laquelle\n", ""},
		{[]string{"calc", "-x"}, 2, "calc: flag provided but not defined: -x\noption inconnue : -x ; generator calc -h liste les options\nutilisation :", ""},
		{[]string{"values", "-lang", "de"}, 2, "utilisation : generator values", "usage:"},
		{[]string{"synth"}, 2, "generator synth : -out est nécessaire : le dossier où écrire les pages\nutilisation : generator synth -pages N -out DOSSIER [-seed 1]", ""},
	} {
		var out, errs bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &out, &errs)
		if all := out.String() + errs.String(); code != tt.code || !strings.Contains(all, tt.out) || (tt.noOut != "" && strings.Contains(all, tt.noOut)) {
			t.Errorf("generator %s: exit %d, want %d, output containing %q and not %q:\n%.2000s", strings.Join(tt.args, " "), code, tt.code, tt.out, tt.noOut, all)
		}
	}
}

// TestEveryFlagInFrench walks every command's flag set: each flag's
// description is a kind of the catalogue, in French as in English, and
// names its value between backquotes (a flag's value shows as "dossier",
// never as Go's "string"); each command's usage line names its flags and
// no other, in both languages; each command's line of the list exists in
// French.
func TestEveryFlagInFrench(t *testing.T) {
	var sets []*flag.FlagSet
	flagsMade = func(fs *flag.FlagSet) { sets = append(sets, fs) }
	defer func() { flagsMade = nil }()
	t.Chdir("..")
	named := regexp.MustCompile(`(?:^|[\s\[|])-([a-z][a-z-]*)`)
	value := regexp.MustCompile("`[^`]+`")
	for _, c := range commands() {
		if en, fr := site.Text(c.summary, "en"), site.Text(c.summary, "fr"); en == c.summary || fr == en {
			t.Errorf("%s: its line of the list, %q, has no French in the catalogue", c.name, c.summary)
		}
		before := len(sets)
		var out, errs bytes.Buffer
		if code := run([]string{c.name, "-h"}, strings.NewReader(""), &out, &errs); code != 0 {
			t.Errorf("%s -h: exit %d\n%s", c.name, code, errs.String())
		}
		if c.name == "calc" {
			continue // no flag set: calc's help is calc-usage and cmd-calc-help
		}
		if len(sets) != before+1 {
			t.Errorf("%s -h made %d flag sets, want 1", c.name, len(sets)-before)
			continue
		}
		fs := sets[len(sets)-1]
		var flags []string
		fs.VisitAll(func(f *flag.Flag) {
			flags = append(flags, f.Name)
			en, fr := site.Text(f.Usage, "en"), site.Text(f.Usage, "fr")
			if en == f.Usage || fr == en {
				t.Errorf("%s -%s: its description %q has no French in the catalogue", c.name, f.Name, f.Usage)
				return
			}
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				return
			}
			for _, d := range []string{en, fr} {
				if !value.MatchString(d) {
					t.Errorf("%s -%s: %q names no `value`: the help would show Go's type name", c.name, f.Name, d)
				}
			}
		})
		for _, lang := range []string{"en", "fr"} {
			kind := "help-usage-" + c.name
			usage := site.Text(kind, lang)
			if usage == kind {
				t.Errorf("%s: no %s in the catalogue", c.name, kind)
				continue
			}
			var said []string
			for _, m := range named.FindAllStringSubmatch(usage, -1) {
				said = append(said, m[1])
			}
			slices.Sort(said)
			if said = slices.Compact(said); !slices.Equal(said, flags) {
				t.Errorf("%s: the usage line (%s) names %v, the command's flags are %v:\n%s", c.name, lang, said, flags, usage)
			}
		}
	}
}
