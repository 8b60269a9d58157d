package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		args []string
		code int
		out  string
	}{
		{[]string{"nope"}, 2, "generator : commande inconnue « nope »"},
		{[]string{"help", "nope"}, 2, "generator help : commande inconnue « nope »"},
		{[]string{"biuld"}, 2, "generator : commande inconnue « biuld » : vouliez-vous dire build ?"},
		{[]string{"help", "valeus"}, 2, "generator help : commande inconnue « valeus » : vouliez-vous dire values ?"},
		{[]string{"check", "stray"}, 2, "generator check : argument inattendu « stray »"},
		{[]string{"check", "-lang", "en", "stray"}, 2, "generator check: unexpected argument “stray”"},
		{[]string{"values", "-lang", "de"}, 2, "generator values : -lang « de » : les langues sont fr et en"},
		{[]string{"values"}, 0, "clé  "},
		{[]string{"calc", "--help"}, 0, "calculateurs :\n  dice"},
		{[]string{"calc", "--help", "nope"}, 2, "pas de calculateur « nope » : calc --list les liste"},
	} {
		var out, errs bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &out, &errs)
		if all := out.String() + errs.String(); code != tt.code || !strings.Contains(all, tt.out) {
			t.Errorf("generator %s: exit %d, want %d, output containing %q:\n%.2000s", strings.Join(tt.args, " "), code, tt.code, tt.out, all)
		}
	}
}
