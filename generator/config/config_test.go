package config

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      string // substring of the error, "" for none
		base      string
	}{
		{"minimal", `{}`, "", ""},
		{"full", `{"title":{"fr":"A","en":"B"},"tagline":{"fr":"x"},"base_url":"https://ex.org/gn","edition":"2026"}`, "", "https://ex.org/gn/"},
		{"unknown key", "{\n  \"titel\": {}\n}", "compendium.json:2: titel: unknown key", ""},
		{"bad type", "{\n \"edition\": 2026\n}", "compendium.json:2: edition: is number, want string", ""},
		{"syntax", "{\n \"edition\": \"x\",\n}", "compendium.json:3:", ""},
		{"relative base", "{\"base_url\": \"/gn/\"}", "base_url: \"/gn/\" is not an absolute", ""},
		{"empty title", "{\"title\": {\"fr\": \" \"}}", "title.fr: is empty", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse("compendium.json", []byte(tc.src))
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if c.BaseURL != tc.base {
					t.Errorf("BaseURL = %q, want %q", c.BaseURL, tc.base)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestAbs(t *testing.T) {
	var c Config
	if c.Abs("fr/") != "" {
		t.Error("no base URL must give no absolute URL")
	}
	if err := c.SetBaseURL("http://127.0.0.1:8080"); err != nil {
		t.Fatal(err)
	}
	if got := c.Abs("fr/fantasy/"); got != "http://127.0.0.1:8080/fr/fantasy/" {
		t.Errorf("Abs = %q", got)
	}
}
