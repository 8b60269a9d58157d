//go:build js && wasm

// These tests run the entry point in Node:
//
//	GOOS=js GOARCH=wasm go test ./wasm -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec"
package main

import (
	"strings"
	"syscall/js"
	"testing"
	"time"
)

// TestCalcJSON calls calcJSON with the inputs a page may pass, good and
// bad: every call returns the text of an output or of an error object, and
// none throws. The oversized ones are refused by the input's limits (their
// error says which), before any computation; how long that takes is a
// timing, logged here and measured by BenchmarkCalcJSONTooLarge.
func TestCalcJSON(t *testing.T) {
	for _, c := range calcJSONCases() {
		start := time.Now()
		got := calcJSON(js.Undefined(), c.args)
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: %.300s\nlacks %s", c.name, got, c.want)
		}
		if c.large {
			t.Logf("%s: %v", c.name, time.Since(start))
		}
		if !strings.HasPrefix(got, "{") || js.Global().Get("JSON").Call("parse", got).Type() != js.TypeObject {
			t.Errorf("%s: not an object's JSON text: %.100s", c.name, got)
		}
	}
}

// BenchmarkCalcJSONTooLarge times each oversized input's refusal (it was a
// test's one-second limit, which a loaded machine can pass):
//
//	GOOS=js GOARCH=wasm go test ./wasm -run '^$' -bench . -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec"
func BenchmarkCalcJSONTooLarge(b *testing.B) {
	for _, c := range calcJSONCases() {
		if !c.large {
			continue
		}
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				calcJSON(js.Undefined(), c.args)
			}
		})
	}
}

type calcJSONCase struct {
	name  string
	args  []js.Value
	want  string // in the returned text
	large bool   // refused by the input's limits
}

func calcJSONCases() []calcJSONCase {
	eval := func(src string) js.Value { return js.Global().Call("eval", "("+src+")") }
	return []calcJSONCase{
		{"object", []js.Value{js.ValueOf("dice"), eval(`{expr: "2d6"}`)}, `"answer":{"en":"The roll gives **2 to 12**, **7** on average."`, false},
		{"JSON text", []js.Value{js.ValueOf("dice"), js.ValueOf(`{"expr":"2d6"}`)}, `"max":12`, false},
		{"bad JSON text", []js.Value{js.ValueOf("dice"), js.ValueOf(`{"expr":"2d6",}`)}, `"code":"json","field":"","message":"invalid JSON input: unexpected \"}\" at character 15`, false},
		{"engine error", []js.Value{js.ValueOf("dice"), eval(`{expr: 3}`)}, `"code":"type","field":"expr"`, false},
		{"throwing getter", []js.Value{js.ValueOf("dice"), eval(`{get expr() { throw new Error("boom") }}`)}, `"code":"json"`, false},
		{"throwing getter message", []js.Value{js.ValueOf("dice"), eval(`{get expr() { throw new Error("boom") }}`)}, `boom`, false},
		{"cycle", []js.Value{js.ValueOf("dice"), eval(`(() => { const o = {expr: "2d6"}; o.self = o; return o })()`)}, `"code":"json"`, false},
		{"BigInt", []js.Value{js.ValueOf("dice"), eval(`{expr: 1n}`)}, `"code":"json"`, false},
		{"undefined", []js.Value{js.ValueOf("dice"), js.Undefined()}, `"code":"json"`, false},
		{"function", []js.Value{js.ValueOf("dice"), eval(`function () {}`)}, `(got function)`, false},
		{"null", []js.Value{js.ValueOf("dice"), js.Null()}, `"code":"not_object"`, false},
		{"no input", []js.Value{js.ValueOf("dice")}, `"code":"usage"`, false},
		{"name not a string", []js.Value{js.ValueOf(3), eval(`{}`)}, `"code":"usage"`, false},
		{"million-item array", []js.Value{js.ValueOf("armor"), eval(`{hits: new Array(1e6).fill(1)}`)}, `"code":"too_large"`, true},
		{"long string", []js.Value{js.ValueOf("dice"), eval(`JSON.stringify({expr: "1".repeat(1e7)})`)}, `"code":"too_large"`, true},
		{"2,001 values", []js.Value{js.ValueOf("armor"), eval(`{hits: new Array(2000).fill(1)}`)}, `more than 2,000 values`, true},
		{"the page's rules", []js.Value{js.ValueOf("armor"), eval(`{locations: {torso: "plate"}}`), js.ValueOf(`{"armor.plate":4}`)}, `"physical":4,`, false},
		{"no rules: the defaults", []js.Value{js.ValueOf("armor"), eval(`{locations: {torso: "plate"}}`), js.ValueOf("")}, `"physical":3,`, false},
		{"rules the engine cannot compute with", []js.Value{js.ValueOf("armor"), eval(`{}`), js.ValueOf(`{"armor.cap":2}`)}, `"code":"conflict","field":"armor.plate"`, false},
		{"rules not JSON", []js.Value{js.ValueOf("armor"), eval(`{}`), js.ValueOf(`{"armor.cap":`)}, `"code":"json"`, false},
		{"17 levels", []js.Value{js.ValueOf("dice"), eval(`JSON.parse("[".repeat(17) + "]".repeat(17))`)}, `nested too deeply`, false},
	}
}
