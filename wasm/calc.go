//go:build js && wasm

package main

import "compendium/wasm/engine"

// How the input reached calcJSON, which the page's side of the module
// (theme/js/worker/worker.js) tells it: as JSON text, or as a value that
// JSON.stringify could not write, for which the text is the reason.
const (
	inputText      = 0 // input is the JSON text
	inputThrew     = 1 // JSON.stringify threw; input is the exception's message
	inputUndefined = 2 // JSON.stringify gave undefined; input is the value's type
	inputMissing   = 3 // the call had no input, or a name that is not a string
)

// calcJSON runs the calculator name on input, with rules, the JSON text of
// the page's rule values (engine.Rules.Values; "" for the defaults), and
// returns the output as JSON text, or an error object's ({"error": {field,
// code, message, …}}). Whatever happens it returns an object's text: a panic
// is recovered here, and engine.Calculate recovers its own, so a bad input
// never ends the Go program (after which every call would throw "Go program
// has already exited").
func calcJSON(how int, name, input, rules string) (result string) {
	defer func() {
		if p := recover(); p != nil {
			result = fail(&engine.Error{Code: "internal", Fr: "erreur interne du module", En: "internal error in the module"})
		}
	}()
	switch how {
	case inputMissing:
		return fail(&engine.Error{Field: "calculator", Code: "usage",
			Fr: "appel attendu : calc(nom, entrée)", En: "expected call: calc(name, input)"})
	case inputThrew:
		return fail(&engine.Error{Code: "json",
			Fr: "l’entrée ne peut pas être écrite en JSON (" + input + ")",
			En: "the input cannot be written as JSON (" + input + ")"})
	case inputUndefined:
		// JSON.stringify gives undefined for undefined, a function or a
		// symbol.
		return fail(&engine.Error{Code: "json",
			Fr: "l’entrée doit être un objet JSON ou son texte (reçu " + input + ")",
			En: "the input must be a JSON object or its text (got " + input + ")"})
	}
	if len(input) > engine.MaxJSONBytes {
		return fail(engine.JSONTooLarge())
	}
	in, err := engine.ParseJSON(input)
	if err != nil {
		return fail(err)
	}
	r := engine.Default()
	if rules != "" {
		if r, err = pageRules(rules); err != nil {
			return fail(err)
		}
	}
	out, err := r.Calculate(name, in)
	if err != nil {
		return fail(err)
	}
	return string(engine.AppendJSON(nil, out))
}

// lastRules keeps the rules of the last call: a page sends the same text
// with every computation, read once.
var lastRules struct {
	text  string
	rules *engine.Rules
}

// pageRules reads the rule values a page sends.
func pageRules(text string) (*engine.Rules, *engine.Error) {
	if lastRules.rules != nil && lastRules.text == text {
		return lastRules.rules, nil
	}
	values, err := engine.ParseJSON(text)
	if err != nil {
		return nil, err
	}
	rules, err := engine.RulesFromValues(values)
	if err != nil {
		return nil, err
	}
	lastRules.text, lastRules.rules = text, rules
	return rules, nil
}

// fail returns an error's output text.
func fail(err *engine.Error) string { return string(engine.AppendJSON(nil, err.Tree())) }
