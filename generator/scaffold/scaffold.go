// Package scaffold starts a new document: its original and its
// translations, in the site's languages, each with every front matter
// key, a preamble and a first section with an ID, and the translations
// recorded as checked, so that the new site passes check at once
// (generator new).
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

// Doc is what a new document starts with. Titles left out or empty are
// made from the slug ("alchemy-rules" → "Alchemy rules").
type Doc struct {
	Slug string
	// Languages are the site's languages, the original first
	// (compendium.json's); none: site.Languages.
	Languages []string
	// Titles are the document's titles in Languages' order.
	Titles []string
}

// starter is what a new document says in one language before the
// organiser writes it: its summary, its preamble, its first section's
// heading and text.
type starter struct {
	summary, preamble, heading, text string
}

// starters are the new document's words by language; a language the table
// lacks gets fallbackStarter's.
var starters = map[string]starter{
	"fr": {"Ce que couvre ce document, en une phrase.", "Écrivez ici l’introduction du document : ce qu’il règle et pour qui.", "Présentation", "Écrivez ici la première règle."},
	"en": {"What this document covers, in one sentence.", "Write the document's introduction here: what it rules and for whom.", "Overview", "Write the first rule here."},
}

// fallbackStarter is the language of the words a language without its
// own starter gets: the one IDs are written in.
const fallbackStarter = site.IDLanguage

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

// New writes SLUG.md in the folder of each of d's languages under
// contentDir and records the translations in content/translations.json.
// It refuses a slug that is not kebab-case, that one of the site's own
// pages takes (site.ReservedSlugs) or that a document of any language
// already has, writing nothing. It returns the files it wrote.
func New(contentDir string, d Doc) ([]string, error) {
	if !Kebab(d.Slug) {
		return nil, problem("new-slug", "slug", d.Slug, "want", suggest(d.Slug))
	}
	if site.ReservedSlugs[d.Slug] {
		return nil, problem("slug-reserved", "slug", d.Slug)
	}
	if len(d.Languages) == 0 {
		d.Languages = site.Languages
	}
	words := strings.ReplaceAll(d.Slug, "-", " ")
	name := strings.ToUpper(words[:1]) + words[1:]
	titles := make([]string, len(d.Languages))
	for i := range titles {
		if i < len(d.Titles) {
			titles[i] = d.Titles[i]
		}
		if titles[i] == "" {
			titles[i] = name
		}
		if strings.ContainsAny(titles[i], "\n\r") {
			return nil, problem("new-title-lines")
		}
	}
	var files []string
	for _, lang := range d.Languages {
		f := filepath.Join(contentDir, lang, d.Slug+".md")
		if _, err := os.Stat(f); err == nil {
			return nil, problem("new-taken", "file", f, "slug", d.Slug)
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		files = append(files, f)
	}
	original := filepath.Join(contentDir, d.Languages[0])
	if _, err := os.Stat(original); err != nil {
		return nil, problem("new-not-content", "dir", contentDir, "lang", d.Languages[0])
	}
	order, err := nextOrder(original)
	if err != nil {
		return nil, err
	}
	for i, lang := range d.Languages {
		st, ok := starters[lang]
		if !ok {
			st = starters[fallbackStarter]
		}
		text := frontMatter(titles[i], d.Slug, order, st.summary) + st.preamble + "\n\n" +
			"## " + st.heading + " {#" + FirstSection + "}\n\n" + st.text + "\n"
		if err := os.MkdirAll(filepath.Dir(files[i]), 0o755); err != nil {
			return nil, err
		}
		f, err := os.OpenFile(files[i], os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return nil, err
		}
		_, werr := f.WriteString(text)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return nil, werr
		}
	}
	if err := record(contentDir, d.Languages, d.Slug); err != nil {
		return files, problem("new-unrecorded", append([]string{"files", strings.Join(files, ", "), "slug", d.Slug}, site.ErrArgs("err", err)...)...)
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

// nextOrder is one more than the largest order the documents in dir,
// the original's, give.
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
// original, as translations -mark SLUG does: the scaffold's translations
// are the scaffold's original.
func record(contentDir string, langs []string, slug string) error {
	s, _ := site.Load(contentDir, site.Options{Languages: langs})
	if s == nil || s.Lang(langs[0]) == nil || s.Lang(langs[0]).Doc(slug) == nil {
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
