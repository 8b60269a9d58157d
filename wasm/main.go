//go:build js && wasm

// Command wasm is the rules engine's WebAssembly entry point: the only code
// that touches syscall/js. It exposes globalThis.compendium with
//
//	calcJSON(name, input, rules) → the output object as JSON text, or {"error": {field, code, message, …}}
//
// where rules, optional, is the JSON text of the rule values the page was
// built with (engine.Rules.Tree); without it the engine's defaults apply.
//
// and theme/js/shared/engine.js adds calc(name, input), which returns the object.
//
// The input crosses as JSON text, whatever the caller passes: a string is
// taken as the text, anything else goes through the page's JSON.stringify
// first. engine.ParseJSON then reads it with hard limits (64 KiB, 2,000
// values, 16 levels) checked as it reads, so a million-item array is refused
// after its first bytes instead of freezing the tab while every value
// crosses the boundary one by one. JSON.stringify runs through valueCall,
// which catches JavaScript exceptions (a throwing getter, a cycle, a BigInt)
// and hands them to Go as a panic, reported here as an error object: no call
// ever throws. The output goes back the same way, as the text of
// engine.AppendJSON that the browser's JSON.parse reads: one boundary
// crossing rather than one per value, which for the largest dice expression
// is the difference between seconds and a fraction of one. encoding/json and
// fmt would cost the module hundreds of KB.
package main

import (
	"syscall/js"

	"compendium/wasm/engine"
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("calcJSON", js.FuncOf(func(this js.Value, args []js.Value) any { return calcJSON(this, args) }))
	js.Global().Set("compendium", api)
	if ready := js.Global().Get("__compendiumReady"); ready.Type() == js.TypeFunction {
		ready.Invoke(api)
	}
	select {} // keep the module alive for later calls
}

// calcJSON runs one calculator and returns its output as JSON text.
// Whatever happens, it returns an object's text: a panic is recovered here,
// and engine.Calculate recovers its own, so a bad input never ends the Go
// program (after which every call would throw "Go program has already
// exited").
func calcJSON(this js.Value, args []js.Value) (result string) {
	defer func() {
		if p := recover(); p != nil {
			result = fail(&engine.Error{Code: "internal", Fr: "erreur interne du module", En: "internal error in the module"})
		}
	}()
	if len(args) < 2 || args[0].Type() != js.TypeString {
		return fail(&engine.Error{Field: "calculator", Code: "usage",
			Fr: "appel attendu : calc(nom, entrée)", En: "expected call: calc(name, input)"})
	}
	text, err := inputText(args[1])
	if err != nil {
		return fail(err)
	}
	// syscall/js has no length of a string short of copying it (Length and
	// Get panic on a string); the copy of even a megabytes-long text takes
	// milliseconds, it is the value-by-value conversion that froze the tab.
	src := text.String()
	if len(src) > engine.MaxJSONBytes {
		return fail(engine.JSONTooLarge())
	}
	in, err := engine.ParseJSON(src)
	if err != nil {
		return fail(err)
	}
	rules := engine.Default()
	if len(args) > 2 && args[2].Type() == js.TypeString && args[2].String() != "" {
		if rules, err = pageRules(args[2].String()); err != nil {
			return fail(err)
		}
	}
	out, err := rules.Calculate(args[0].String(), in)
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
	tree, err := engine.ParseJSON(text)
	if err != nil {
		return nil, err
	}
	rules, err := engine.RulesFromTree(tree)
	if err != nil {
		return nil, err
	}
	lastRules.text, lastRules.rules = text, rules
	return rules, nil
}

// inputText returns the input as a JS string: itself if it is one, else
// what JSON.stringify makes of it. An exception thrown meanwhile (a getter,
// a cyclic object, a BigInt) is recovered as a "json" error with its
// message.
func inputText(v js.Value) (text js.Value, err *engine.Error) {
	if v.Type() == js.TypeString {
		return v, nil
	}
	defer func() {
		if p := recover(); p != nil {
			msg := "exception"
			if e, ok := p.(js.Error); ok {
				msg = e.Error()
			}
			err = &engine.Error{Code: "json",
				Fr: "l’entrée ne peut pas être écrite en JSON (" + msg + ")",
				En: "the input cannot be written as JSON (" + msg + ")"}
		}
	}()
	text = js.Global().Get("JSON").Call("stringify", v)
	if text.Type() != js.TypeString {
		// JSON.stringify gives undefined for undefined, a function or a
		// symbol.
		return text, &engine.Error{Code: "json",
			Fr: "l’entrée doit être un objet JSON ou son texte (reçu " + v.Type().String() + ")",
			En: "the input must be a JSON object or its text (got " + v.Type().String() + ")"}
	}
	return text, nil
}

// fail returns an error's output text.
func fail(err *engine.Error) string { return string(engine.AppendJSON(nil, err.Tree())) }
