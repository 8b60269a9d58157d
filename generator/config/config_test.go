package config

import (
	"errors"
	"path/filepath"
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
			"compendium.json:2: unknown key “titel”: the keys are title, tagline, base_url, edition, languages",
			"compendium.json:2: clé inconnue « titel » : les clés sont title, tagline, base_url, edition, languages", ""},
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
		{"no languages", "{\n  \"languages\": []\n}",
			`compendium.json:2: “languages” lists no language: name the language the rules are written in first, then its translations, e.g. ["fr", "en"], or remove the key`,
			`compendium.json:2: « languages » ne nomme aucune langue : nommez d'abord celle dans laquelle les règles sont écrites, puis leurs traductions, par exemple ["fr", "en"], ou retirez la clé`, ""},
		{"language twice", `{"languages": ["fr", "en", "fr"]}`,
			"compendium.json:1: “languages” names “fr” twice (places 1 and 3 of the list): keep it once",
			"compendium.json:1: « languages » nomme « fr » deux fois (places 1 et 3 de la liste) : ne le gardez qu'une fois", ""},
		{"not a code", `{"languages": ["fr", "English"]}`,
			"compendium.json:1: “languages” names “English”, which is not a language code",
			"compendium.json:1: « languages » nomme « English », qui n'est pas un code de langue", ""},
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

// TestLanguages: the list is the file's, the original first; a file
// without it, or no file, has the compendium's two languages.
func TestLanguages(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`{}`, "fr en"},
		{`{"languages": ["fr", "en", "de"]}`, "fr en de"},
		{`{"languages": ["en", "pt-br"]}`, "en pt-br"},
	} {
		c, err := Parse("compendium.json", []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(c.Langs(), " "); got != tc.want {
			t.Errorf("%s: languages %q, want %q", tc.src, got, tc.want)
		}
		if c.Original() != strings.Fields(tc.want)[0] {
			t.Errorf("%s: original %q", tc.src, c.Original())
		}
	}
	c, err := Load(filepath.Join(t.TempDir(), "none.json"))
	if err != nil || strings.Join(c.Langs(), " ") != "fr en" {
		t.Errorf("no file: languages %v, %v; want fr en", c.Langs(), err)
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
