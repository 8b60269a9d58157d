package pipeline

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// bilingualSite is a two-language fixture with a site configuration.
const bilingualSite = `
-- compendium.json --
{
  "title": {"fr": "Règles du Val", "en": "Rules of the Vale"},
  "edition": "2027"
}
-- content/fr/alpha.md --
---
title: Premier document
short: Val — Règles
order: 1
slug: alpha
summary: Le premier.
source: 000_test.txt
---
## 1. Combats {#combat}

On se bat avec des armes en mousse. Les coups à la tête sont interdits.

## 2. L'armure {#armor}

L'armure protège. Elle s'use.
-- content/en/alpha.md --
---
title: First document
short: Vale — Rules
order: 1
slug: alpha
summary: The first.
source: 000_test.txt
---
## 1. Fights {#combat}

One fights with foam weapons. Blows to the head are forbidden.

## 2. Armour {#armor}

Armour protects. It wears out.
`

func buildMeta(t *testing.T, base string) (Options, func(string) string) {
	t.Helper()
	opt := writeFixture(t, bilingualSite)
	opt.ConfigFile = filepath.Join(filepath.Dir(opt.ContentDir), "compendium.json")
	opt.BaseURL = base
	if _, err := Build(opt); err != nil {
		t.Fatal(err)
	}
	return opt, func(name string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(opt.OutDir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
}

func TestBaseURL(t *testing.T) {
	opt, read := buildMeta(t, "https://rules.example.org/vale")
	alpha := read("fr/alpha/index.html")
	for _, want := range []string{
		`<link rel="canonical" href="https://rules.example.org/vale/fr/alpha/">`,
		`<link rel="alternate" hreflang="fr" href="https://rules.example.org/vale/fr/alpha/">`,
		`<link rel="alternate" hreflang="en" href="https://rules.example.org/vale/en/alpha/">`,
		`<link rel="alternate" hreflang="x-default" href="https://rules.example.org/vale/fr/alpha/">`,
		`<meta property="og:url" content="https://rules.example.org/vale/fr/alpha/">`,
		`<meta property="og:image" content="https://rules.example.org/vale/og/fr/alpha.png">`,
		`<meta property="og:site_name" content="Règles du Val">`,
		`<meta property="og:locale" content="fr_FR">`,
		`<meta property="og:locale:alternate" content="en_GB">`,
		`<meta property="og:description" content="Le premier.">`,
		`<meta name="twitter:card" content="summary_large_image">`,
	} {
		if !strings.Contains(alpha, want) {
			t.Errorf("fr/alpha/ lacks %s", want)
		}
	}
	if !strings.Contains(read("robots.txt"), "Sitemap: https://rules.example.org/vale/sitemap.xml") {
		t.Errorf("robots.txt does not name the sitemap:\n%s", read("robots.txt"))
	}
	var sm struct {
		URLs []struct {
			Loc   string `xml:"loc"`
			Links []struct {
				Lang string `xml:"hreflang,attr"`
				Href string `xml:"href,attr"`
			} `xml:"link"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal([]byte(read("sitemap.xml")), &sm); err != nil {
		t.Fatal(err)
	}
	locs := map[string]int{}
	for _, u := range sm.URLs {
		locs[strings.TrimPrefix(u.Loc, "https://rules.example.org/vale/")] = len(u.Links)
	}
	// Every indexable page, in both languages, with fr, en and x-default
	// alternates; no share page (they only redirect) and no 404 page.
	for _, p := range []string{"fr/", "en/", "fr/alpha/", "en/alpha/", "fr/alpha/side-by-side/", "en/alpha/side-by-side/", "fr/calculators/", "en/calculators/"} {
		if n, ok := locs[p]; !ok || n != 3 {
			t.Errorf("sitemap: %s listed=%v with %d alternates, want 3", p, ok, n)
		}
	}
	if _, ok := locs[""]; !ok {
		t.Error("sitemap lacks the root page")
	}
	for loc := range locs {
		if strings.Contains(loc, "armor/") || strings.Contains(loc, "404") {
			t.Errorf("sitemap lists %s", loc)
		}
	}
	// Every page the files hold is in the sitemap or deliberately not.
	_ = filepath.WalkDir(opt.OutDir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "index.html" {
			return err
		}
		rel, _ := filepath.Rel(opt.OutDir, filepath.Dir(p))
		rel = filepath.ToSlash(rel) + "/"
		if rel == "./" {
			rel = ""
		}
		b, _ := os.ReadFile(p)
		_, listed := locs[rel]
		if noindex := bytes.Contains(b, []byte(`<meta name="robots" content="noindex">`)); listed == noindex {
			t.Errorf("%s: in the sitemap %v, noindex %v", rel, listed, noindex)
		}
		return nil
	})
}

func TestRelativeByDefault(t *testing.T) {
	opt, read := buildMeta(t, "")
	alpha := read("en/alpha/index.html")
	if strings.Contains(alpha, "canonical") || strings.Contains(alpha, `og:url`) {
		t.Error("no base URL, yet a canonical or og:url")
	}
	if !strings.Contains(alpha, `<link rel="alternate" hreflang="fr" href="../../fr/alpha/">`) {
		t.Error("hreflang links are not relative without a base URL")
	}
	if _, err := os.Stat(filepath.Join(opt.OutDir, "sitemap.xml")); err == nil {
		t.Error("a sitemap without a base URL (sitemaps take absolute URLs only)")
	}
	if strings.Contains(read("robots.txt"), "Sitemap") {
		t.Error("robots.txt names a sitemap that is not there")
	}
	if !strings.Contains(alpha, "<title>First document · Vale — Rules</title>") {
		t.Error("the title does not name the game")
	}
}

func TestSharePages(t *testing.T) {
	_, read := buildMeta(t, "https://rules.example.org/")
	share := read("fr/alpha/armor/index.html")
	for _, want := range []string{
		`<meta http-equiv="refresh" content="0; url=../#armor">`,
		`<meta name="robots" content="noindex">`,
		`<meta property="og:title" content="2. L’armure — Val — Règles">`,
		`<meta property="og:description" content="L’armure protège.">`,
		`<meta property="og:url" content="https://rules.example.org/fr/alpha/armor/">`,
		`<link rel="alternate" hreflang="en" href="https://rules.example.org/en/alpha/armor/">`,
		`<a class="button share-go" href="../#armor">`,
	} {
		if !strings.Contains(share, want) {
			t.Errorf("share page lacks %s", want)
		}
	}
	if en := read("en/alpha/combat/index.html"); !strings.Contains(en, `content="One fights with foam weapons."`) {
		t.Error("the English share page does not quote its first sentence")
	}
	if !strings.Contains(read("fr/alpha/index.html"), "data-share") {
		t.Error("the rules page does not mark its headings' links as share links")
	}
}

func TestImagesAndManifest(t *testing.T) {
	_, read := buildMeta(t, "")
	for _, tc := range []struct {
		file string
		w, h int
	}{
		{"og/fr/alpha.png", 1200, 630}, {"og/en/home.png", 1200, 630},
		{"icons/icon-192.png", 192, 192}, {"icons/icon-512.png", 512, 512},
		{"icons/maskable-512.png", 512, 512}, {"icons/apple-touch-icon.png", 180, 180},
	} {
		img, err := png.Decode(strings.NewReader(read(tc.file)))
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		if b := img.Bounds(); b.Dx() != tc.w || b.Dy() != tc.h {
			t.Errorf("%s is %v, want %dx%d", tc.file, b, tc.w, tc.h)
		}
	}
	var m struct {
		Name, ShortName, StartURL, Scope, Display, Lang, ThemeColor, BackgroundColor string
		Icons                                                                        []struct{ Src, Sizes, Purpose string }
	}
	raw := read("en/manifest.webmanifest")
	raw = regexp.MustCompile(`"([a-z]+)_([a-z]+)"`).ReplaceAllString(raw, `"$1$2"`)
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		t.Fatal(err)
	}
	if m.Name != "Rules of the Vale" || m.StartURL != "./" || m.Scope != "../" || m.Display != "standalone" || m.Lang != "en" || m.ThemeColor == "" || m.BackgroundColor == "" || m.ShortName == "" {
		t.Errorf("manifest = %+v", m)
	}
	purposes := map[string]bool{}
	for _, ic := range m.Icons {
		purposes[ic.Sizes+" "+ic.Purpose] = true
		read(strings.TrimPrefix(ic.Src, "../"))
	}
	for _, want := range []string{"192x192 any", "512x512 any", "512x512 maskable"} {
		if !purposes[want] {
			t.Errorf("manifest lacks the %s icon", want)
		}
	}
	page := read("en/alpha/index.html")
	for _, want := range []string{`<link rel="manifest" href="../../en/manifest.webmanifest">`, `<link rel="apple-touch-icon" href="../../icons/apple-touch-icon.png">`, `<meta name="theme-color" media="(prefers-color-scheme: dark)"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
}

func TestNotFoundPages(t *testing.T) {
	_, read := buildMeta(t, "https://rules.example.org/vale/")
	root := read("404.html")
	for _, want := range []string{`<section lang="fr" data-lang="fr">`, `<section lang="en" data-lang="en">`, `href="/vale/en/"`, `href="/vale/assets/main-`} {
		if !strings.Contains(root, want) {
			t.Errorf("404.html lacks %s", want)
		}
	}
	fr := read("fr/404.html")
	for _, want := range []string{`<form class="notfound-search" action="/vale/fr/"`, `href="/vale/fr/alpha/"`, `<meta name="robots" content="noindex">`} {
		if !strings.Contains(fr, want) {
			t.Errorf("fr/404.html lacks %s", want)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	opt := writeFixture(t, bilingualSite+"-- bad.json --\n{\n  \"edition\": \"x\",\n  \"colour\": 1\n}\n")
	opt.ConfigFile = filepath.Join(filepath.Dir(opt.ContentDir), "bad.json")
	_, err := Build(opt)
	var perr *Error
	if !errors.As(err, &perr) || !strings.Contains(perr.Format("en"), "bad.json:3: unknown key “colour”: the keys are title, tagline, base_url, edition") ||
		!strings.Contains(perr.Format("fr"), "bad.json:3: clé inconnue « colour » : les clés sont title, tagline, base_url, edition") {
		t.Fatalf("error = %v, want bad.json:3: unknown key “colour”, in English and French", err)
	}
	opt.ConfigFile = ""
	opt.BaseURL = "rules.example.org"
	_, err = Build(opt)
	if !errors.As(err, &perr) || !strings.Contains(perr.Format("en"), "-base-url “rules.example.org” is not an absolute http(s) address") ||
		!strings.Contains(perr.Format("fr"), "-base-url « rules.example.org » n'est pas une adresse http(s) absolue") {
		t.Fatalf("error = %v, want a -base-url message in English and French", err)
	}
}

func TestReservedSectionID(t *testing.T) {
	opt := writeFixture(t, strings.Replace(bilingualSite, "{#armor}", "{#side-by-side}", 1))
	_, err := Build(opt)
	if err == nil || !strings.Contains(err.Error(), "section ID “side-by-side” is reserved") {
		t.Fatalf("error = %v", err)
	}
}

// TestTwins: every compressible file of a built site has its .br and .gz
// twins, and they decompress to it.
func TestTwins(t *testing.T) {
	opt, _ := buildMeta(t, "")
	n := 0
	err := filepath.WalkDir(opt.OutDir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ext := filepath.Ext(p)
		if ext != ".br" && ext != ".gz" {
			return nil
		}
		orig, err := os.ReadFile(strings.TrimSuffix(p, ext))
		if err != nil {
			t.Errorf("%s has no original", p)
			return nil
		}
		f, _ := os.Open(p)
		defer f.Close()
		var r io.Reader
		if ext == ".br" {
			r = brotli.NewReader(f)
		} else if r, err = gzip.NewReader(f); err != nil {
			t.Errorf("%s: %v", p, err)
			return nil
		}
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, orig) {
			t.Errorf("%s does not decompress to its original (%v)", p, err)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"fr/alpha/index.html.br", "fr/alpha/index.html.gz"} {
		if _, err := os.Stat(filepath.Join(opt.OutDir, want)); err != nil {
			t.Errorf("no %s", want)
		}
	}
	if n < 20 {
		t.Errorf("only %d twins", n)
	}
}

// TestContentThatMustNotPassInSilence: raw HTML, a javascript: link,
// bytes that are not UTF-8 and a huge file are check errors with their
// file and line; a byte-order mark is ignored.
func TestContentThatMustNotPassInSilence(t *testing.T) {
	head := "---\ntitle: Alpha\nshort: Jeu — Alpha\norder: %d\nslug: %s\nsummary: Un.\nsource: a.txt\n---\n"
	files := map[string]string{
		"alpha": fmt.Sprintf(head, 1, "alpha") + "## Un {#one}\n\nTexte <script>alert(1)</script> fin.\n\n<div>bloc</div>\n\n[piège](javascript:alert(1)) et [autre](JavaScript:void(0)).\n",
		"beta":  fmt.Sprintf(head, 2, "beta") + "## Deux {#two}\n\nMot \xff\xfe cassé.\n",
		"gamma": "\xef\xbb\xbf" + fmt.Sprintf(head, 3, "gamma") + "## Trois {#three}\n\nAvec une marque d’ordre des octets.\n",
		"delta": fmt.Sprintf(head, 4, "delta") + "## Quatre {#four}\n\n" + strings.Repeat("Texte collé par erreur. ", 50000) + "\n",
	}
	var archive strings.Builder
	for name, body := range files {
		archive.WriteString("-- content/fr/" + name + ".md --\n" + body)
	}
	opt := writeFixture(t, archive.String())
	_, err := Build(opt)
	if err == nil {
		t.Fatal("the build passed")
	}
	msg := err.Error()
	dir := opt.ContentDir + "/fr/"
	for _, want := range []string{
		dir + "alpha.md:11:7: raw HTML “<script>” is not rendered",
		dir + "alpha.md:13: an HTML block is not rendered",
		dir + "alpha.md:15:9: link to “javascript:alert(1)”: javascript links are not allowed",
		dir + "alpha.md:15:41: link to “JavaScript:void(0)”",
		dir + "beta.md:11:5: byte 0xFF is not UTF-8",
		dir + "delta.md: file of 1220 KiB: a content file may hold at most 1024 KiB",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("messages lack %q", want)
		}
	}
	if strings.Contains(msg, "gamma.md") {
		t.Errorf("a file with a byte-order mark is reported:\n%s", msg)
	}
}
