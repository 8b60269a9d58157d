package site_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"compendium/generator/site"
	"compendium/generator/values"
)

// FuzzLoadAndCheck feeds the loader and every check of a site (Load,
// Check, CheckTranslations, the rule values, Fold, the messages in both
// languages) an original and its translation, seeded with the real
// content and the mistakes an organiser makes in it: IDs repeated,
// removed or moved, the front matter cut, values broken, bytes that are
// not UTF-8, CRLF, CR alone, a byte-order mark. Whatever the bytes, no
// tool may panic, and every message must be located inside its file, in
// the catalogue, and given every argument its words in both languages
// name (a heading may well hold "{a}": that is the content's text).
func FuzzLoadAndCheck(f *testing.F) {
	for _, slug := range []string{"fantasy", "pathfinder-duels"} {
		fr, err1 := os.ReadFile(filepath.Join("..", "..", "content", "fr", slug+".md"))
		en, err2 := os.ReadFile(filepath.Join("..", "..", "content", "en", slug+".md"))
		if err1 != nil || err2 != nil {
			continue // the content moved: the other seeds still run
		}
		// The front matter and the first sections: the whole documents
		// made each run last a second under the fuzzer's coverage.
		fr, en = firstSections(fr, 4), firstSections(en, 4)
		for _, m := range mutations(fr) {
			f.Add(m, en)
		}
		for _, m := range mutations(en) {
			f.Add(fr, m)
		}
	}
	f.Add([]byte("---\ntitle: A\n---\n## x {#x}\n## y {#x}\n"), []byte("---\ntitle: A\n---\n## x {#x}\n## z {#z}\n"))
	f.Fuzz(func(t *testing.T, fr, en []byte) {
		dir := t.TempDir()
		for lang, src := range map[string][]byte{"fr": fr, "en": en} {
			if err := os.MkdirAll(filepath.Join(dir, lang), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, lang, "doc.md"), src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		s, ds := site.Load(dir, site.Options{})
		ds = append(ds, site.Check(s)...)
		ds = append(ds, site.CheckTranslations(s)...)
		_, vds := values.Collect(s)
		ds = append(ds, vds...)
		all := 0
		for _, d := range ds {
			all += 1 + len(d.Folded)
		}
		folded := site.Fold(ds)
		n := 0
		for _, d := range folded {
			n += 1 + len(d.Folded)
		}
		if n > all {
			t.Fatalf("Fold made %d problems of %d", n, all)
		}
		lines := map[string]int{
			filepath.Join(dir, "fr", "doc.md"): lineCount(fr),
			filepath.Join(dir, "en", "doc.md"): lineCount(en),
		}
		check := func(d site.Diagnostic) {
			if max, ok := lines[d.File]; ok && (d.Line < 0 || d.Line > max) {
				t.Fatalf("message at line %d of a %d-line file: %s", d.Line, max, d)
			}
			if missing := d.MissingArgs(); len(missing) > 0 {
				t.Fatalf("message %q lacks %v: %q", d.Kind, missing, d.Message("en"))
			}
			_, _ = d.Format("fr"), d.Format("en")
		}
		for _, d := range folded {
			check(d)
			for _, c := range d.Folded {
				check(c)
			}
		}
		_ = folded.Format("fr", true)
		_ = folded.Format("en", false)
	})
}

// lineCount counts a file's lines as an editor does: LF, CRLF, or CR alone.
func lineCount(b []byte) int {
	b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	return 1 + bytes.Count(b, []byte("\n")) + bytes.Count(b, []byte("\r"))
}

// firstSections returns src cut before its nth level-2 heading.
func firstSections(src []byte, n int) []byte {
	at := 0
	for i := 0; i < n; i++ {
		j := bytes.Index(src[at:], []byte("\n## "))
		if j < 0 {
			return src
		}
		at += j + 1
	}
	return src[:at]
}

var headingID = regexp.MustCompile(`(?m) \{#[a-z0-9-]+\}$`)

// mutations returns src and the mistakes an organiser makes in it.
func mutations(src []byte) [][]byte {
	s := string(src)
	ids := headingID.FindAllStringIndex(s, -1)
	out := [][]byte{src}
	if len(ids) >= 2 {
		first, last := ids[0], ids[len(ids)-1]
		// The last section's ID repeats the first one's (a copied section).
		out = append(out, []byte(s[:last[0]]+s[first[0]:first[1]]+s[last[1]:]))
		// An ID removed.
		mid := ids[len(ids)/2]
		out = append(out, []byte(s[:mid[0]]+s[mid[1]:]))
		// Two IDs swapped (moved).
		a, b := ids[0], ids[1]
		out = append(out, []byte(s[:a[0]]+s[b[0]:b[1]]+s[a[1]:b[0]]+s[a[0]:a[1]]+s[b[1]:]))
	}
	// The front matter's closing line cut.
	if i := strings.Index(s[3:], "\n---\n"); i >= 0 {
		out = append(out, []byte(s[:3+i+1]+s[3+i+5:]))
	}
	// A value broken.
	out = append(out, []byte(regexp.MustCompile(`\{=([a-z.-]+) [^}]+\}`).ReplaceAllString(s, "{=$1 trois}")))
	// Bytes that are not UTF-8, line endings, a byte-order mark.
	out = append(out, []byte(s[:len(s)/2]+"\xff"+s[len(s)/2:]))
	out = append(out, []byte(strings.ReplaceAll(s, "\n", "\r\n")))
	out = append(out, []byte(strings.ReplaceAll(s, "\n", "\r")))
	out = append(out, append([]byte("\xef\xbb\xbf"), src...))
	// Links of every kind an organiser pastes.
	out = append(out, []byte(s+"\n[a](fantasy/#life) [b](http://127.0.0.1:8080/fr/x/#y) [c](/fr/x/) ![d](x.svg) [e](jav&#x61;script:x) <javascript:x>\n"))
	return out
}
