package pipeline

import (
	"encoding/json"
	"html"
	"regexp"
	"strings"
	"testing"

	"compendium/generator/qr/qrtest"
	"compendium/generator/testcontent"
)

// idAttr finds the id attributes of a page as the templates write them
// (double quotes; html/template escapes any quote inside).
var idAttr = regexp.MustCompile(`\sid="([^"]*)"`)

// hrefHashRe finds links inside a page.
var hrefHashRe = regexp.MustCompile(`href="#([^"]+)"`)

// dataLinks finds the calculators' links for their live steps.
var dataLinks = regexp.MustCompile(`data-links="([^"]*)"`)

// qrSVG finds the QR codes of a page.
var qrSVG = regexp.MustCompile(`<svg class="qr".*?</svg>`)

// TestBook: /<lang>/book/ holds every section of every document once, in
// the documents' order, under the section's own ID or, where two documents
// share an ID, the document's slug and the ID ("fantasy-combat"); its links
// stay inside the book; the glossary comes last.
func TestBook(t *testing.T) {
	res, err := Generate(Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme"})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range res.Site.Langs {
		page := string(res.Files[l.Code+"/book/index.html"])
		if page == "" {
			t.Fatalf("no %s/book/index.html", l.Code)
		}
		ids := map[string]int{}
		for _, m := range idAttr.FindAllStringSubmatch(page, -1) {
			ids[m[1]]++
		}
		count := map[string]int{}
		for _, d := range l.Docs {
			for _, s := range d.Sections {
				count[s.ID]++
			}
		}
		last := 0
		for _, d := range l.Docs {
			for _, s := range d.Sections {
				id := s.ID
				if count[id] > 1 {
					id = d.Slug + "-" + id
				}
				if ids[id] != 1 {
					t.Errorf("%s book: section %s#%s is there %d times under %q", l.Code, d.Slug, s.ID, ids[id], id)
					continue
				}
				at := strings.Index(page, ` id="`+id+`"`)
				if at < last {
					t.Errorf("%s book: %s#%s is out of order", l.Code, d.Slug, s.ID)
				}
				last = at
			}
		}
		if g := strings.Index(page, ` id="glossary"`); g < last {
			t.Errorf("%s book: the glossary is not last", l.Code)
		}
		for _, m := range hrefHashRe.FindAllStringSubmatch(page, -1) {
			if ids[m[1]] == 0 {
				t.Errorf("%s book: a link to #%s, which the book lacks", l.Code, m[1])
			}
		}
		if !strings.Contains(page, ` id="fantasy-combat"`) || !strings.Contains(page, ` id="contemporary-combat"`) {
			t.Errorf("%s book: the two documents' “combat” sections are not told apart", l.Code)
		}
	}
}

// TestBookQRCodes: with a base URL, each section of the book (levels 2 and
// 3) carries a QR code that decodes to the section's share page; without
// one, the book has none.
func TestBookQRCodes(t *testing.T) {
	res, err := Generate(Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme", BaseURL: "https://example.org/rules/"})
	if err != nil {
		t.Fatal(err)
	}
	page := string(res.Files["fr/book/index.html"])
	want := 0
	for _, d := range res.Site.Langs[0].Docs {
		for _, s := range d.Sections {
			if s.Level <= 3 {
				want++
			}
		}
	}
	codes := qrSVG.FindAllString(page, -1)
	if len(codes) != want {
		t.Fatalf("%d QR codes for %d sections of levels 2 and 3", len(codes), want)
	}
	// Each code follows its heading: decode it and compare with the
	// section the heading before it names.
	for _, m := range qrSVG.FindAllStringIndex(page, -1) {
		before := page[:m[0]]
		h := strings.LastIndex(before, `<h`)
		id := idAttr.FindStringSubmatch(before[h:])
		got := qrtest.Decode(t, page[m[0]:m[1]])
		if id == nil || !strings.HasPrefix(got, "https://example.org/rules/fr/") || !strings.HasSuffix(got, "/"+strings.TrimPrefix(strings.TrimPrefix(id[1], "fantasy-"), "contemporary-")+"/") {
			t.Errorf("the code after heading %v decodes to %s", id, got)
		}
	}
	// A rules page, printed alone, gets its sections' codes from its print
	// sheet, as files fetched only then.
	rules := string(res.Files["fr/fantasy/index.html"])
	sheet := regexp.MustCompile(`href="\.\./\.\./(assets/print-[0-9a-f]+\.css)" media="print"`).FindStringSubmatch(rules)
	if sheet == nil || !strings.Contains(string(res.Files[sheet[1]]), `#armor::after{content:url("../qr/fr/fantasy/armor.svg")}`) {
		t.Errorf("the fantasy page's print sheet does not place the armour section's code")
	}
	if got := qrtest.Decode(t, string(res.Files["qr/fr/fantasy/armor.svg"])); got != "https://example.org/rules/fr/fantasy/armor/" {
		t.Errorf("qr/fr/fantasy/armor.svg decodes to %s", got)
	}
	plain, err := Generate(Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme"})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(qrSVG.FindAllString(string(plain.Files["fr/book/index.html"]), -1)); n != 0 {
		t.Errorf("without a base URL, %d QR codes", n)
	}
}

// TestOfflineCopyLeavesOutDownloads: the service worker keeps the pages for
// offline reading, not what only printing uses (the QR codes, the PDFs);
// it lists the single-file editions, which "save the whole compendium"
// keeps (the home page offers them as the way to read offline).
func TestOfflineCopyLeavesOutDownloads(t *testing.T) {
	res, err := Generate(Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme", BaseURL: "https://example.org/",
		PDFs: map[string][]byte{"fr/compendium-a4.pdf": []byte("%PDF-1.7")}})
	if err != nil {
		t.Fatal(err)
	}
	sw := string(res.Files["sw.js"])
	if !strings.Contains(sw, `"./fr/fantasy/"`) {
		t.Fatalf("sw.js does not keep the pages:\n%.300s", sw)
	}
	if !strings.Contains(sw, `"./fr/compendium.html"`) {
		t.Errorf("sw.js does not list the single-file edition")
	}
	for _, bad := range []string{"qr/", ".pdf"} {
		if strings.Contains(sw, bad) {
			t.Errorf("sw.js keeps %s for offline reading", bad)
		}
	}
	if res.Files["fr/compendium.html"] == nil || res.Files["qr/fr/fantasy/armor.svg"] == nil {
		t.Error("the single-file edition or the QR codes are missing from the build")
	}
}

// TestSingleFileCalcLinks: the single file's calculators link their live
// steps' sections through their data-links, as its static steps do: to
// the file's own anchors, never to a page the file does not hold
// ("../fantasy/#armor" after a recalculation, before).
func TestSingleFileCalcLinks(t *testing.T) {
	res, err := Generate(Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme"})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range res.Site.Langs {
		page := string(res.Files[l.Code+"/compendium.html"])
		if page == "" {
			t.Fatalf("no %s/compendium.html", l.Code)
		}
		ids := map[string]int{}
		for _, m := range idAttr.FindAllStringSubmatch(page, -1) {
			ids[m[1]]++
		}
		calcs := 0
		for _, m := range dataLinks.FindAllStringSubmatch(page, -1) {
			calcs++
			var links map[string]string
			if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &links); err != nil {
				t.Errorf("%s: a calculator's data-links %q: %v", l.Code, m[1], err)
				continue
			}
			for key, href := range links {
				if !strings.HasPrefix(href, "#") || ids[href[1:]] == 0 {
					t.Errorf("%s: a calculator links %s as %q, not one of the file's anchors", l.Code, key, href)
				}
			}
		}
		if calcs == 0 {
			t.Errorf("%s: no calculator's data-links in the single file", l.Code)
		}
	}
}
