package contentcheck_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"compendium/generator/render"
)

// The seeds in testdata/seeds are copies of the five source documents. The
// fidelity test holds the content to them: at least 99 % of each seed's
// words must appear, in order, in the rendered page's text.
const minFidelity = 0.99

// artefacts are the copy-paste leftovers of the seeds that the content
// deliberately leaves out.
func stripArtefacts(seed string) string {
	var keep []string
	for _, line := range strings.Split(seed, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "Table des Matières [Cacher/Visualiser]") {
			continue
		}
		keep = append(keep, strings.ReplaceAll(line, "¶", ""))
	}
	return strings.Join(keep, "\n")
}

func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// inOrder returns how many of want appear in got in the same order: the
// length of their longest common subsequence, so that a word added by the
// content (a table header) costs nothing and a word lost costs one.
func inOrder(want, got []string) int {
	prev := make([]int32, len(got)+1)
	cur := make([]int32, len(got)+1)
	for i := range want {
		for j := range got {
			switch {
			case want[i] == got[j]:
				cur[j+1] = prev[j] + 1
			case prev[j+1] >= cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	return int(prev[len(got)])
}

func TestInOrder(t *testing.T) {
	tests := []struct {
		want, got string
		n         int
	}{
		{"a b c", "a b c", 3},
		{"a b c", "a x b c", 3},
		{"a b c", "c b a", 1},
		{"a b c d", "a c", 2},
		{"", "a", 0},
	}
	for _, tt := range tests {
		if n := inOrder(strings.Fields(tt.want), strings.Fields(tt.got)); n != tt.n {
			t.Errorf("inOrder(%q, %q) = %d, want %d", tt.want, tt.got, n, tt.n)
		}
	}
}

func TestFidelity(t *testing.T) {
	res := realSite(t)
	fr := res.Site.Lang("fr")
	seeds, _ := filepath.Glob("testdata/seeds/*.txt")
	if len(seeds) != 5 {
		t.Fatalf("want 5 seeds in testdata/seeds, found %d", len(seeds))
	}
	for _, seed := range seeds {
		name := filepath.Base(seed)
		var doc string
		for _, d := range fr.Docs {
			if d.Source == name {
				doc = d.Slug
			}
		}
		if doc == "" {
			t.Errorf("%s: no French document declares source: %s", name, name)
			continue
		}
		raw, err := os.ReadFile(seed)
		if err != nil {
			t.Fatal(err)
		}
		page := string(res.Files["fr/"+doc+"/index.html"])
		// Only the document's own text counts: from its title to the pager.
		if i := strings.Index(page, "<article>"); i >= 0 {
			page = page[i:]
		}
		if i := strings.Index(page, "</article>"); i >= 0 {
			page = page[:i]
		}
		want := words(stripArtefacts(string(raw)))
		got := words(render.Strip(page))
		n := inOrder(want, got)
		ratio := float64(n) / float64(len(want))
		t.Logf("%s → fr/%s: %d of %d words in order (%.2f %%)", name, doc, n, len(want), 100*ratio)
		if ratio < minFidelity {
			t.Errorf("%s: only %.2f %% of the seed's words appear in order in fr/%s (want ≥ %.0f %%)", name, 100*ratio, doc, 100*minFidelity)
		}
	}
}
