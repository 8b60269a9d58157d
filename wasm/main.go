//go:build js && wasm

// Command wasm is the rules engine's WebAssembly entry point: the only code
// that touches syscall/js. It exposes globalThis.compendium with
//
//	calc(name, input) → output object, or {error: {field, code, message, …}}
//	list()            → [{name, doc, section, fr, en}]
//
// and plain JS objects cross the boundary, converted by hand: encoding/json
// and fmt would cost the module hundreds of KB.
package main

import (
	"syscall/js"

	"compendium/wasm/engine"
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("calc", js.FuncOf(calc))
	api.Set("list", js.FuncOf(list))
	js.Global().Set("compendium", api)
	if ready := js.Global().Get("__compendiumReady"); ready.Type() == js.TypeFunction {
		ready.Invoke(api)
	}
	select {} // keep the module alive for later calls
}

// calc runs one calculator. Whatever happens, it returns an object: a panic
// in the conversion is recovered here, and engine.Calculate recovers its own,
// so a bad input never ends the Go program (after which every call would
// throw "Go program has already exited").
func calc(this js.Value, args []js.Value) (result any) {
	defer func() {
		if p := recover(); p != nil {
			result = js.ValueOf((&engine.Error{Code: "internal", Fr: "erreur interne du module", En: "internal error in the module"}).Tree())
		}
	}()
	if len(args) < 2 || args[0].Type() != js.TypeString {
		return js.ValueOf((&engine.Error{Field: "calculator", Code: "usage",
			Fr: "appel attendu : calc(nom, entrée)", En: "expected call: calc(name, input)"}).Tree())
	}
	out, err := engine.Calculate(args[0].String(), fromJS(args[1], 0))
	if err != nil {
		return js.ValueOf(err.Tree())
	}
	return js.ValueOf(out)
}

func list(this js.Value, args []js.Value) any {
	var l []any
	for _, c := range engine.Calculators() {
		l = append(l, map[string]any{"name": c.Name, "doc": c.Doc, "section": c.Section, "fr": c.Fr, "en": c.En})
	}
	return js.ValueOf(l)
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
