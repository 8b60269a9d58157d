// Package scaffold starts a new document: its French original and its
// English translation, each with every front matter key, a preamble and a
// first section with an ID, and the translation recorded as checked, so
// that the new site passes check at once (generator new).
package scaffold

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"compendium/generator/site"
	"compendium/generator/translation"
)

// Doc is what a new document starts with. Titles left empty are made from
// the slug ("alchemy-rules" → "Alchemy rules").
type Doc struct {
	Slug    string
	TitleFR string
	TitleEN string
}

// FirstSection is the ID of the new document's first section: the
// organiser renames it (IDs are English kebab-case) before the document is
// published, since links rely on it from then on.
const FirstSection = "overview"

// Kebab reports whether slug is English kebab-case: lower-case letters
// and digits in words joined by single hyphens, a letter first.
func Kebab(slug string) bool {
	if slug == "" || slug[0] < 'a' || slug[0] > 'z' || slug[len(slug)-1] == '-' || strings.Contains(slug, "--") {
		return false
	}
	for _, r := range slug {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// suggest turns a name into the kebab-case a slug needs, for a message.
func suggest(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		default:
			dash = true
		}
	}
	s := strings.TrimLeft(b.String(), "0123456789-")
	if s == "" {
		return "alchemy-rules"
	}
	return s
}

// New writes content/fr/SLUG.md and content/en/SLUG.md under contentDir
// and records the translation in content/translations.json. It refuses a
// slug that is not kebab-case or that a document of either language
// already has, writing nothing. It returns the files it wrote.
func New(contentDir string, d Doc) ([]string, error) {
	if !Kebab(d.Slug) {
		return nil, problem("new-slug", "slug", d.Slug, "want", suggest(d.Slug))
	}
	words := strings.ReplaceAll(d.Slug, "-", " ")
	name := strings.ToUpper(words[:1]) + words[1:]
	if d.TitleFR == "" {
		d.TitleFR = name
	}
	if d.TitleEN == "" {
		d.TitleEN = name
	}
	for _, t := range []string{d.TitleFR, d.TitleEN} {
		if strings.ContainsAny(t, "\n\r") {
			return nil, problem("new-title-lines")
		}
	}
	var files []string
	for _, lang := range []string{"fr", "en"} {
		f := filepath.Join(contentDir, lang, d.Slug+".md")
		if _, err := os.Stat(f); err == nil {
			return nil, problem("new-taken", "file", f, "slug", d.Slug)
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		files = append(files, f)
	}
	if _, err := os.Stat(filepath.Join(contentDir, "fr")); err != nil {
		return nil, problem("new-not-content", "dir", contentDir)
	}
	order, err := nextOrder(filepath.Join(contentDir, "fr"))
	if err != nil {
		return nil, err
	}
	texts := map[string]string{
		"fr": frontMatter(d.TitleFR, d.Slug, order, "Ce que couvre ce document, en une phrase.") +
			"Écrivez ici l’introduction du document : ce qu’il règle et pour qui.\n\n" +
			"## Présentation {#" + FirstSection + "}\n\nÉcrivez ici la première règle.\n",
		"en": frontMatter(d.TitleEN, d.Slug, order, "What this document covers, in one sentence.") +
			"Write the document's introduction here: what it rules and for whom.\n\n" +
			"## Overview {#" + FirstSection + "}\n\nWrite the first rule here.\n",
	}
	for i, lang := range []string{"fr", "en"} {
		if err := os.MkdirAll(filepath.Dir(files[i]), 0o755); err != nil {
			return nil, err
		}
		f, err := os.OpenFile(files[i], os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return nil, err
		}
		_, werr := f.WriteString(texts[lang])
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return nil, werr
		}
	}
	if err := record(contentDir, d.Slug); err != nil {
		return files, problem("new-unrecorded", append([]string{"fr", files[0], "en", files[1], "slug", d.Slug}, site.ErrArgs("err", err)...)...)
	}
	return append(files, filepath.Join(contentDir, translation.FileName)), nil
}

// problem is a refusal of New, as the catalogue words it (site.Text):
// the command prints it in the organiser's language.
func problem(kind string, args ...string) error {
	return site.Diagnostics{site.New("", 0, kind, args...)}
}

func frontMatter(title, slug string, order int, summary string) string {
	return "---\ntitle: " + title + "\nshort: " + title + "\norder: " + strconv.Itoa(order) + "\nslug: " + slug +
		"\nsummary: " + summary + "\nsource:\n---\n"
}

// nextOrder is one more than the largest order the French documents give.
func nextOrder(dir string) (int, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return 0, err
	}
	top := 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return 0, err
		}
		sc := bufio.NewScanner(f)
		for n := 0; sc.Scan() && n < 20; n++ {
			if v, ok := strings.CutPrefix(sc.Text(), "order:"); ok {
				if o, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && o > top {
					top = o
				}
				break
			}
		}
		f.Close()
	}
	return top + 1, nil
}

// record marks the new document's translation as checked against its
// original, as translations -mark SLUG does: the scaffold's English is
// the scaffold's French.
func record(contentDir, slug string) error {
	s, _ := site.Load(contentDir, site.Options{})
	if s == nil || s.Lang("fr") == nil || s.Lang("fr").Doc(slug) == nil {
		return problem("new-not-loaded")
	}
	path := filepath.Join(contentDir, translation.FileName)
	recs, err := translation.Load(path)
	if err != nil {
		return err
	}
	if unknown := translation.Mark(s, recs, []string{slug}, false, time.Now().UTC().Format("2006-01-02")); len(unknown) > 0 {
		return problem("new-no-sections", "slug", slug)
	}
	return translation.Save(path, recs)
}
