//go:build js && wasm

// Command wasm is the rules engine's WebAssembly entry point: the only code
// that touches syscall/js. It exposes globalThis.compendium with
//
//	calcJSON(name, input) → the output object as JSON text, or {"error": {field, code, message, …}}
//
// and theme/js/engine.js adds calc(name, input), which returns the object.
// The input, a plain JS object, is converted by hand; the output goes back
// as JSON text (engine.AppendJSON) that the browser's JSON.parse reads: one
// boundary crossing rather than one per value, which for the largest dice
// expression is the difference between seconds and a fraction of one.
// encoding/json and fmt would cost the module hundreds of KB.
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
// Whatever happens, it returns an object's text: a panic in the conversion
// is recovered here, and engine.Calculate recovers its own, so a bad input
// never ends the Go program (after which every call would throw "Go program
// has already exited").
func calcJSON(this js.Value, args []js.Value) (result string) {
	defer func() {
		if p := recover(); p != nil {
			result = string(engine.AppendJSON(nil, (&engine.Error{Code: "internal", Fr: "erreur interne du module", En: "internal error in the module"}).Tree()))
		}
	}()
	if len(args) < 2 || args[0].Type() != js.TypeString {
		return string(engine.AppendJSON(nil, (&engine.Error{Field: "calculator", Code: "usage",
			Fr: "appel attendu : calc(nom, entrée)", En: "expected call: calc(name, input)"}).Tree()))
	}
	out, err := engine.Calculate(args[0].String(), fromJS(args[1], 0))
	if err != nil {
		return string(engine.AppendJSON(nil, err.Tree()))
	}
	return string(engine.AppendJSON(nil, out))
}

// maxDepth bounds the conversion: inputs are a few levels deep, and a cyclic
// object from a careless caller must not recurse forever.
const maxDepth = 16

// fromJS converts a JS value into the engine's tree. Values JSON cannot
// carry (functions, symbols, undefined) become nil, which the engine reports
// as a missing or mistyped field.
func fromJS(v js.Value, depth int) any {
	if depth > maxDepth {
		return nil
	}
	switch v.Type() {
	case js.TypeNumber:
		return v.Float()
	case js.TypeString:
		return v.String()
	case js.TypeBoolean:
		return v.Bool()
	case js.TypeObject:
		if js.Global().Get("Array").Call("isArray", v).Bool() {
			n := v.Length()
			a := make([]any, n)
			for i := 0; i < n; i++ {
				a[i] = fromJS(v.Index(i), depth+1)
			}
			return a
		}
		keys := js.Global().Get("Object").Call("keys", v)
		m := make(map[string]any, keys.Length())
		for i := 0; i < keys.Length(); i++ {
			k := keys.Index(i).String()
			m[k] = fromJS(v.Get(k), depth+1)
		}
		return m
	}
	return nil
}
