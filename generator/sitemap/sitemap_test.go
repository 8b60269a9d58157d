package sitemap

import (
	"encoding/xml"
	"strings"
	"testing"
)

func TestXML(t *testing.T) {
	pages := []Page{
		{Path: ""},
		{Path: "fr/a/", Alternates: []Alternate{{"fr", "fr/a/"}, {"en", "en/a/"}}, XDefault: "fr/a/"},
		{Path: "en/a/", Alternates: []Alternate{{"fr", "fr/a/"}, {"en", "en/a/"}}, XDefault: "fr/a/"},
		{Path: "fr/only/", Alternates: []Alternate{{"fr", "fr/only/"}}, XDefault: "fr/only/"},
	}
	out := XML("https://ex.org/gn&co/", pages)
	var doc struct {
		URLs []struct {
			Loc   string `xml:"loc"`
			Links []struct {
				Lang string `xml:"hreflang,attr"`
				Href string `xml:"href,attr"`
			} `xml:"link"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, out)
	}
	if len(doc.URLs) != 4 {
		t.Fatalf("%d urls, want 4", len(doc.URLs))
	}
	if doc.URLs[1].Loc != "https://ex.org/gn&co/fr/a/" {
		t.Errorf("loc = %q", doc.URLs[1].Loc)
	}
	if n := len(doc.URLs[1].Links); n != 3 {
		t.Errorf("fr/a/ has %d alternates, want fr, en and x-default", n)
	}
	if n := len(doc.URLs[3].Links); n != 0 {
		t.Errorf("a page in one language has %d alternates, want none", n)
	}
	if !strings.Contains(string(out), "gn&amp;co") {
		t.Error("& is not escaped")
	}
}

func TestRobots(t *testing.T) {
	if s := string(Robots("")); strings.Contains(s, "Sitemap") {
		t.Errorf("no base URL, yet a sitemap line:\n%s", s)
	}
	if s := string(Robots("https://ex.org/")); !strings.Contains(s, "Sitemap: https://ex.org/sitemap.xml\n") {
		t.Errorf("robots.txt lacks the sitemap:\n%s", s)
	}
}
