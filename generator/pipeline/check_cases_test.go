package pipeline

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestCheckCases runs check on each fixture of testdata/check: a content
// folder with one of an organiser's mistakes (organiser.md, newcomer.md,
// reliability.md R11, R12), with the site's compendium.json when the
// mistake is there, and a want file. Each line of want must appear
// in check -v's output, in order (the cause first, its consequences
// indented under it with ↳); "count: N" is the number of problems it
// reports, its consequences folded.
func TestCheckCases(t *testing.T) {
	cases, _ := filepath.Glob("testdata/check/*.txtar")
	if len(cases) == 0 {
		t.Fatal("no fixtures in testdata/check")
	}
	for _, file := range cases {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ar := txtar.Parse(src)
			var want string
			var content []txtar.File
			for _, f := range ar.Files {
				if f.Name == "want" {
					want = string(f.Data)
				} else {
					content = append(content, f)
				}
			}
			opt := writeFixture(t, string(txtar.Format(&txtar.Archive{Files: content})))
			// A fixture's compendium.json is the site's configuration.
			if cfg := filepath.Join(filepath.Dir(opt.ContentDir), "compendium.json"); fileExists(cfg) {
				opt.ConfigFile = cfg
			}
			_, ds, _ := Check(opt)
			out := ds.Format("en", true)
			rest := out
			for _, line := range strings.Split(strings.TrimSpace(want), "\n") {
				if n, ok := strings.CutPrefix(line, "count: "); ok {
					if got := ds.Errors(); strconv.Itoa(got) != n {
						t.Errorf("%d problem(s), want %s:\n%s", got, n, out)
					}
					continue
				}
				i := strings.Index(rest, line)
				if i < 0 {
					t.Errorf("output lacks, after the lines before it, %q:\n%s", line, out)
					continue
				}
				rest = rest[i+len(line):]
			}
			// Every message exists in French too.
			if fr := ds.Format("fr", true); strings.Count(fr, "\n") != strings.Count(ds.Format("en", true), "\n") {
				t.Errorf("the French messages are not the English ones:\n%s", fr)
			}
		})
	}
}

// fileExists reports whether name is a file that can be read.
func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}
