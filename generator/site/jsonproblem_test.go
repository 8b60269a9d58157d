package site

import (
	"encoding/json"
	"testing"
)

// TestJSONProblem: each JSON mistake an organiser makes by hand is named in
// words at the place to mend, in English and in French, and not in the
// decoder's terms.
func TestJSONProblem(t *testing.T) {
	type config struct {
		Title   map[string]string `json:"title"`
		Edition string            `json:"edition"`
	}
	for _, c := range []struct {
		name, src string
		en, fr    string // the message at file:line:col
	}{
		{"trailing comma", "{\n  \"edition\": \"2026\",\n}",
			"f.json:2:20: a comma before “}” separates nothing: remove the comma after the last item",
			"f.json:2:20: une virgule avant « } » ne sépare rien : retirez la virgule après le dernier élément"},
		{"missing comma", "{\n  \"edition\": \"2026\"\n  \"title\": {}\n}",
			"f.json:2:20: a comma is missing before “\"title\": {}”: separate the items with commas",
			"f.json:2:20: il manque une virgule avant « \"title\": {} » : séparez les éléments par des virgules"},
		{"curly quotes", "{\"edition\": “2026”}",
			"f.json:1:13: ““” is not a JSON quote: write straight double quotes \"…\" (a word processor may have curled them)",
			"f.json:1:13: « “ » n'est pas un guillemet JSON : écrivez des guillemets droits \"…\" (un traitement de texte a pu les courber)"},
		{"single quotes", "{'edition': '2026'}",
			"f.json:1:2: JSON quotes keys and texts with straight double quotes \"…\", not '…'",
			"f.json:1:2: JSON entoure les clés et les textes de guillemets droits doubles"},
		{"comment", "{\n  // the year\n  \"edition\": \"2026\"\n}",
			"f.json:2:3: JSON has no comments: remove what starts here",
			"f.json:2:3: JSON n'a pas de commentaires : retirez ce qui commence ici"},
		{"missing colon", "{\"edition\" \"2026\"}",
			"f.json:1:12: key “edition” is not followed by “:”: write \"edition\": and its value",
			"f.json:1:12: la clé « edition » n'est pas suivie de « : » : écrivez \"edition\": puis sa valeur"},
		{"unclosed", "{\"title\": {\"fr\": \"A\"}\n",
			"f.json:2:1: the file ends too early: a closing “}”, “]” or quote is missing",
			"f.json:2:1: le fichier se termine trop tôt : il manque un « } », un « ] » ou un guillemet fermant"},
		{"empty", "\n",
			"f.json:2:1: the file is empty: it must hold JSON",
			"f.json:2:1: le fichier est vide : il doit contenir du JSON"},
		{"type", "{\n  \"edition\": 2026\n}",
			"f.json:2: “edition” is a number: it must be a text in quotes (\"…\")",
			"f.json:2: « edition » est un nombre : il faut un texte entre guillemets (\"…\")"},
		{"other", "{\"edition\": tru}",
			"f.json:1:16: “}” cannot stand here in JSON: check the commas, quotes and brackets before it",
			"f.json:1:16: « } » ne peut pas se trouver ici en JSON : vérifiez les virgules, les guillemets et les crochets qui le précèdent"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var v config
			err := json.Unmarshal([]byte(c.src), &v)
			if err == nil {
				t.Fatal("the fixture is valid JSON")
			}
			d := JSONProblem("f.json", []byte(c.src), err, "")
			if m := d.MissingArgs(); len(m) > 0 {
				t.Errorf("%s lacks %v", d.Kind, m)
			}
			if got := d.Format("en"); !startsWith(got, c.en) {
				t.Errorf("English:\n got %s\nwant %s…", got, c.en)
			}
			if got := d.Format("fr"); !startsWith(got, c.fr) {
				t.Errorf("French:\n got %s\nwant %s…", got, c.fr)
			}
		})
	}
	d := JSONProblem("f.json", []byte("[1,]"), json.Unmarshal([]byte("[1,]"), new([]int)), `["…"]`)
	if got, want := d.Format("fr"), "f.json:1:3: une virgule avant « ] » ne sépare rien : retirez la virgule après le dernier élément (forme du fichier : [\"…\"])"; got != want {
		t.Errorf("with the file's form:\n got %s\nwant %s", got, want)
	}
}

func startsWith(s, prefix string) bool { return len(s) >= len(prefix) && s[:len(prefix)] == prefix }
