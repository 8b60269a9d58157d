package contentcheck_test

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// The fidelity tests hold each page to the Markdown it is rendered from:
// at least 99 % of the words the organisers wrote must appear, in order,
// in the page's text (TestFidelity). That holds for any content. The seeds
// in testdata/seeds, the five source documents the content was converted
// from, are compared too, and the figure logged (TestSeedFidelity): the
// organisers change the rules every edition, so the content may leave its
// seeds as far as they choose.
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

func TestMarkdownText(t *testing.T) {
	src := "---\ntitle: T\nslug: t\n---\n## Les soins {#healing}\n\n{#cycle} Un [blessé](fantasy#life) tient [15mn]{=health.coma 15min}, soit {=armor.plate 3} points.\n\n```calc armor\n{\"x\": 1}\n```\n"
	want := "les soins un blessé tient 15mn soit points"
	if got := strings.Join(words(markdownText(src)), " "); got != want {
		t.Errorf("markdownText: %q, want %q", got, want)
	}
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

// TestFidelity: every page of both languages holds, in order, at least
// 99 % of the words of its Markdown source (front matter, IDs, rule value
// keys and calculator blocks aside): nothing the organisers wrote is lost
// on the way to the page.
func TestFidelity(t *testing.T) {
	res := realSite(t)
	n := 0
	for _, l := range res.Site.Langs {
		for _, d := range l.Docs {
			src, err := os.ReadFile(filepath.Join(realOptions.ContentDir, l.Code, d.Slug+".md"))
			if err != nil {
				t.Fatal(err)
			}
			want := words(markdownText(string(src)))
			got := words(stripHTML(article(string(res.Files[l.Code+"/"+d.Slug+"/index.html"]))))
			in := inOrder(want, got)
			ratio := float64(in) / float64(max(len(want), 1))
			t.Logf("%s/%s: %d of %d words of the Markdown in order in the page (%.2f %%)", l.Code, d.Slug, in, len(want), 100*ratio)
			if ratio < minFidelity {
				t.Errorf("%s/%s.md: only %.2f %% of its words appear in order in its page (want ≥ %.0f %%)", l.Code, d.Slug, 100*ratio, 100*minFidelity)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no document")
	}
}

// article is a page's own text: from its title to the pager.
func article(page string) string {
	if i := strings.Index(page, "<article>"); i >= 0 {
		page = page[i:]
	}
	if i := strings.Index(page, "</article>"); i >= 0 {
		page = page[:i]
	}
	return page
}

var (
	fence      = regexp.MustCompile("(?ms)^```.*?^```")
	attribute  = regexp.MustCompile(`\{#[a-z0-9-]+\}`)
	worded     = regexp.MustCompile(`\]\{=[^}]*\}`)
	bareValue  = regexp.MustCompile(`\{=[^}]*\}`)
	linkTarget = regexp.MustCompile(`\]\([^)]*\)`)
)

// markdownText is what a reader reads of a Markdown document: its text
// without the front matter, the calculator blocks, the IDs, the links'
// targets and the rule values' keys. A value written bare ({=armor.plate
// 3}) is left out: the page writes it in its own form (“3”, “15 min”).
// footnote is a footnote's definition, on a line of its own.
var footnote = regexp.MustCompile(`(?m)^\[\^[^\]]+\]:.*$`)

func markdownText(src string) string {
	if rest, ok := strings.CutPrefix(src, "---\n"); ok {
		if _, body, ok := strings.Cut(rest, "\n---\n"); ok {
			src = body
		}
	}
	src = fence.ReplaceAllString(src, "")
	// A footnote's text is shown at the end of the page, as goldmark
	// places it, whatever line of the Markdown holds it.
	var notes []string
	src = footnote.ReplaceAllStringFunc(src, func(n string) string {
		notes = append(notes, n)
		return ""
	})
	src += "\n" + strings.Join(notes, "\n")
	src = attribute.ReplaceAllString(src, "")
	src = worded.ReplaceAllString(src, "]")
	src = bareValue.ReplaceAllString(src, "")
	return linkTarget.ReplaceAllString(src, "]")
}

// TestSeedFidelity logs how many of each seed's words, in order, its
// French page still holds: the measure of the conversion from the
// seeds, which the organisers' edits move away from as they choose.
func TestSeedFidelity(t *testing.T) {
	res := realSite(t)
	fr := res.Site.Lang("fr")
	seeds, _ := filepath.Glob("testdata/seeds/*.txt")
	if len(seeds) == 0 {
		t.Fatal("no seed in testdata/seeds")
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
			t.Logf("%s: no French document declares source: %s", name, name)
			continue
		}
		raw, err := os.ReadFile(seed)
		if err != nil {
			t.Fatal(err)
		}
		want := words(stripArtefacts(string(raw)))
		got := words(stripHTML(article(string(res.Files["fr/"+doc+"/index.html"]))))
		n := inOrder(want, got)
		t.Logf("%s → fr/%s: %d of %d words in order (%.2f %%)", name, doc, n, len(want), 100*float64(n)/float64(len(want)))
	}
}

// stripHTML returns the visible text of an HTML fragment: tags removed,
// entities decoded, white space folded.
func stripHTML(h string) string {
	var b strings.Builder
	in := false
	for _, r := range h {
		switch {
		case r == '<':
			in = true
			b.WriteByte(' ')
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
}
