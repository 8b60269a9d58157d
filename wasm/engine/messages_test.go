package engine

import (
	"strings"
	"testing"
)

// TestFieldErrors: the message of an input error, for every kind of field,
// is one sentence that starts with the field (the page puts the field's
// label in its place), quotes as the site's prose does (« » with no-break
// spaces in French, and one before : ; ? !; “ ” in English), with one colon at most before its
// parentheses (issue 34: "Expression de dés : manque : … "2d6+1"").
func TestFieldErrors(t *testing.T) {
	for _, c := range []struct {
		calc, in, field, code, fr, en string
	}{
		{"dice", `{}`, "expr", "missing",
			"expr manque\u00a0: ce doit être une expression de dés comme «\u00a02d6+1\u00a0»",
			"expr is missing: it must be a dice expression such as “2d6+1”"},
		{"dice", `{"expr":3}`, "expr", "type",
			"expr doit être une expression de dés comme «\u00a02d6+1\u00a0» (reçu 3)",
			"expr must be a dice expression such as “2d6+1” (got 3)"},
		{"dice", `{"expr":"2d6+x"}`, "expr", "syntax",
			"expr\u00a0: «\u00a0x\u00a0» inattendu au caractère 5, un nombre ou un dé comme 2d6 attendu",
			"expr: unexpected “x” at character 5, expected a number or a die such as 2d6"},
		{"dice", `{"expr":"0d6"}`, "expr", "range",
			"expr\u00a0: le nombre de dés doit être un entier entre 1 et 100 (reçu 0 dans «\u00a00d6\u00a0»)",
			"expr: the number of dice must be an integer from 1 to 100 (got 0 in “0d6”)"},
		{"casting", `{"apprenticeship":3}`, "magic", "missing",
			"magic manque\u00a0: ce doit être un entier entre 0 et 40", "magic is missing: it must be an integer from 0 to 40"},
		{"casting", `{"magic":4.5,"apprenticeship":3}`, "magic", "range",
			"magic doit être un entier entre 0 et 40 (reçu 4,5)", "magic must be an integer from 0 to 40 (got 4.5)"},
		{"study", `{"hours":6,"p_test":"x"}`, "p_test", "type",
			"p_test doit être un nombre entre 0 et 1 (reçu «\u00a0x\u00a0»)", "p_test must be a number from 0 to 1 (got “x”)"},
		{"armor", `{"helmet":"yes"}`, "helmet", "type",
			"helmet doit être true ou false (reçu «\u00a0yes\u00a0»)", "helmet must be true or false (got “yes”)"},
		{"spell-duel", `{"a":{"magic":1,"apprenticeship":1,"element":"ice"},"b":{"magic":1,"apprenticeship":1,"element":"fire"}}`, "a.element", "enum",
			"a.element doit être l’une des valeurs «\u00a0fire\u00a0», «\u00a0vine\u00a0», «\u00a0water\u00a0», «\u00a0neutral\u00a0» (reçu «\u00a0ice\u00a0»)",
			"a.element must be one of “fire”, “vine”, “water”, “neutral” (got “ice”)"},
		{"critical", `{"attack_bonus":5,"ac":15,"crit_range":17}`, "crit_range", "enum",
			"crit_range doit être l’une des valeurs 20, 19 (reçu 17)", "crit_range must be one of 20, 19 (got 17)"},
		{"spell-duel", `{"a":3}`, "a", "type", "a doit être un objet (reçu 3)", "a must be an object (got 3)"},
		{"armor", `{"hits":[1,2,99]}`, "hits[2]", "range",
			"hits[2] doit être un entier entre 0 et 50 (reçu 99)", "hits[2] must be an integer from 0 to 50 (got 99)"},
		{"armor", `{"hits":"4"}`, "hits", "type",
			"hits doit être une liste d’au plus 200 éléments (chacun un entier entre 0 et 50) (reçu «\u00a04\u00a0»)",
			"hits must be a list of at most 200 items (each an integer from 0 to 50) (got “4”)"},
		{"armor", `{"real_chainmail":["torso","torso"]}`, "real_chainmail[1]", "duplicate",
			"real_chainmail[1] répète «\u00a0torso\u00a0», déjà cité", "real_chainmail[1] repeats “torso”, already listed"},
		{"unarmed-duel", `{"score":3,"attackers":4}`, "score", "conflict",
			"score ne peut pas être donné avec attackers", "score cannot be given together with attackers"},
	} {
		_, err := calculate(&defaults, c.calc, decodeJSON(t, c.in), nil)
		if err == nil {
			t.Errorf("%s %s: no error", c.calc, c.in)
			continue
		}
		e := err.Tree()["error"].(map[string]any)
		fr, en := e["message_fr"].(string), e["message_en"].(string)
		if e["field"] != c.field || e["code"] != c.code || fr != c.fr || en != c.en {
			t.Errorf("%s %s:\n got %v %v %q\n     %q\nwant %s %s %q\n     %q", c.calc, c.in, e["field"], e["code"], fr, en, c.field, c.code, c.fr, c.en)
		}
		for _, m := range []string{fr, en} {
			if !strings.HasPrefix(m, c.field) || strings.Contains(m, `"`) {
				t.Errorf("%q: does not start with its field, or quotes with ASCII quotes", m)
			}
		}
		for _, bad := range []string{"« ", " »", " :", " ;", " ?", " !"} {
			if strings.Contains(fr, bad) {
				t.Errorf("%q: a breaking space in %q", fr, bad)
			}
		}
	}
}
