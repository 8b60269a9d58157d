package pipeline

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"compendium/generator/site"
)

// TestCheckCases runs check on each fixture of testdata/check: a content
// folder with one of an organiser's mistakes (organiser.md, newcomer.md,
// reliability.md R11, R12), with the site's compendium.json when the
// mistake is there, and a want file. Each line of want must appear
// in check -v's output, in order (the cause first, its consequences
// indented under it with ↳); "count: N" is the number of problems it
// reports, its consequences folded. The lines of want.fr, when the
// fixture has one, must appear so in check -v -lang fr's output.
func TestCheckCases(t *testing.T) {
	for _, c := range checkCases(t) {
		t.Run(c.name, func(t *testing.T) {
			_, ds, _ := Check(checkFixture(t, c))
			out := ds.Format("en", true)
			for _, w := range []struct{ lang, want string }{{"en", c.want}, {"fr", c.wantFr}} {
				out := ds.Format(w.lang, true)
				rest := out
				for _, line := range strings.Split(strings.TrimSpace(w.want), "\n") {
					if n, ok := strings.CutPrefix(line, "count: "); ok {
						if got := ds.Errors(); strconv.Itoa(got) != n {
							t.Errorf("%d problem(s), want %s:\n%s", got, n, out)
						}
						continue
					}
					i := strings.Index(rest, line)
					if i < 0 {
						t.Errorf("%s: output lacks, after the lines before it, %q:\n%s", w.lang, line, out)
						continue
					}
					rest = rest[i+len(line):]
				}
			}
			// Every message exists in French too.
			if fr := ds.Format("fr", true); strings.Count(fr, "\n") != strings.Count(out, "\n") {
				t.Errorf("the French messages are not the English ones:\n%s", fr)
			}
		})
	}
}

// TestCheckCasesCatalogued: every problem check finds in the fixtures of
// testdata/check, its folded consequences included, comes from the
// message catalogue (a Kind, so that it reads in French and in English)
// with every placeholder of both languages filled.
func TestCheckCasesCatalogued(t *testing.T) {
	for _, c := range checkCases(t) {
		t.Run(c.name, func(t *testing.T) {
			_, ds, _ := Check(checkFixture(t, c))
			var walk func(site.Diagnostics)
			walk = func(ds site.Diagnostics) {
				for _, d := range ds {
					walk(d.Folded)
					if d.Kind == "" {
						t.Errorf("not from the catalogue: %s", d)
					} else if m := d.MissingArgs(); len(m) > 0 {
						t.Errorf("%s lacks %v: %s", d.Kind, m, d)
					}
				}
			}
			walk(ds)
		})
	}
}

// checkCase is a fixture of testdata/check: its content (a txtar archive
// for writeFixture) and what check must say of it.
type checkCase struct {
	name, content, want, wantFr string
}

// checkCases reads the fixtures of testdata/check.
func checkCases(t *testing.T) []checkCase {
	t.Helper()
	files, _ := filepath.Glob("testdata/check/*.txtar")
	if len(files) == 0 {
		t.Fatal("no fixtures in testdata/check")
	}
	var cases []checkCase
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		c := checkCase{name: strings.TrimSuffix(filepath.Base(file), ".txtar")}
		var content []txtar.File
		for _, f := range txtar.Parse(src).Files {
			switch f.Name {
			case "want":
				c.want = string(f.Data)
			case "want.fr":
				c.wantFr = string(f.Data)
			default:
				content = append(content, f)
			}
		}
		c.content = string(txtar.Format(&txtar.Archive{Files: content}))
		cases = append(cases, c)
	}
	return cases
}

// checkFixture writes c's content and returns the options to check it
// with: a fixture's compendium.json is the site's configuration.
func checkFixture(t *testing.T, c checkCase) Options {
	t.Helper()
	opt := writeFixture(t, c.content)
	if cfg := filepath.Join(filepath.Dir(opt.ContentDir), "compendium.json"); fileExists(cfg) {
		opt.ConfigFile = cfg
	}
	return opt
}

// fileExists reports whether name is a file that can be read.
func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}
