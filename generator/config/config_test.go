package config

import (
	"errors"
	"strings"
	"testing"
)

// TestParse: a configuration is read, or refused at its line with what is
// wrong and what would be right, in English and in French.
func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		en, fr    string // the start of the message, "" for none
		base      string
	}{
		{"minimal", `{}`, "", "", ""},
		{"full", `{"title":{"fr":"A","en":"B"},"tagline":{"fr":"x"},"base_url":"https://ex.org/gn","edition":"2026"}`, "", "", "https://ex.org/gn/"},
		{"unknown key", "{\n  \"titel\": {}\n}",
			"compendium.json:2: unknown key “titel”: the keys are title, tagline, base_url, edition",
			"compendium.json:2: clé inconnue « titel » : les clés sont title, tagline, base_url, edition", ""},
		{"bad type", "{\n \"edition\": 2026\n}",
			"compendium.json:2:13: “edition” must be a text between double quotes, not a number",
			"compendium.json:2:13: « edition » doit être un texte entre guillemets droits, pas un nombre", ""},
		{"trailing comma", "{\n \"edition\": \"x\",\n}",
			"compendium.json:2:16: a comma before “}”, after the last entry: remove it",
			"compendium.json:2:16: une virgule avant « } », après la dernière entrée : retirez-la", ""},
		{"relative base", "{\"base_url\": \"/gn/\"}",
			"compendium.json:1: base_url “/gn/” is not an absolute http(s) address with no query: give e.g. https://rules.example.org/",
			"compendium.json:1: base_url « /gn/ » n'est pas une adresse http(s) absolue sans paramètres : donnez par exemple https://rules.example.org/", ""},
		{"empty title", "{\"title\": {\"fr\": \" \"}}",
			"compendium.json:1: “title.fr” is empty: give the text in that language, or remove the key",
			"compendium.json:1: « title.fr » est vide : donnez le texte dans cette langue, ou retirez la clé", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse("compendium.json", []byte(tc.src))
			if tc.en == "" {
				if err != nil {
					t.Fatal(err)
				}
				if c.BaseURL != tc.base {
					t.Errorf("BaseURL = %q, want %q", c.BaseURL, tc.base)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error = %v, want an *Error", err)
			}
			d := e.Diagnostic()
			if m := d.MissingArgs(); d.Kind == "" || len(m) > 0 {
				t.Errorf("kind %q lacks %v", d.Kind, m)
			}
			if got := d.Format("en"); !strings.HasPrefix(got, tc.en) {
				t.Errorf("English:\n got %s\nwant %s…", got, tc.en)
			}
			if got := d.Format("fr"); !strings.HasPrefix(got, tc.fr) {
				t.Errorf("French:\n got %s\nwant %s…", got, tc.fr)
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
