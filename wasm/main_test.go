//go:build js && wasm

// These tests run the entry point in Node (what the worker does around it,
// JSON.stringify and the strings' copies, is theme/js/worker/worker.js's):
//
//	GOOS=js GOARCH=wasm go test ./wasm -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec"
package main

import (
	"strings"
	"syscall/js"
	"testing"
	"time"

	"compendium/wasm/engine"
)

// TestCalcJSON calls calcJSON with the inputs a page may pass, good and
// bad, as the worker hands them over: every call returns the text of an
// output or of an error object. The oversized ones are refused by the
// input's limits (their error says which), before any computation; how
// long that takes is a timing, logged here and measured by
// BenchmarkCalcJSONTooLarge.
func TestCalcJSON(t *testing.T) {
	for _, c := range calcJSONCases() {
		start := time.Now()
		got := calcJSON(c.how, c.calc, c.input, c.rules)
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
				calcJSON(c.how, c.calc, c.input, c.rules)
			}
		})
	}
}

type calcJSONCase struct {
	name               string
	how                int
	calc, input, rules string
	want               string // in the returned text
	large              bool   // refused by the input's limits
}

func calcJSONCases() []calcJSONCase {
	// The worker sends at most one byte over the limit (maxInput).
	long := `{"expr":"` + strings.Repeat("1", 1e5)
	// The rules as a page carries them, plate worth 4.
	rules := engine.Default()
	if err := rules.Set("armor.plate", 4); err != nil {
		panic(err)
	}
	var vals []any
	for _, v := range rules.Values() {
		vals = append(vals, float64(v))
	}
	plate4 := string(engine.AppendJSON(nil, vals))
	return []calcJSONCase{
		{"JSON text", inputText, "dice", `{"expr":"2d6"}`, "", `"answer":{"en":"The roll gives **2 to 12**, **7** on average."`, false},
		{"bad JSON text", inputText, "dice", `{"expr":"2d6",}`, "", `"code":"json","field":"","message":"invalid JSON input: unexpected \"}\" at character 15`, false},
		{"engine error", inputText, "dice", `{"expr":3}`, "", `"code":"type","field":"expr"`, false},
		{"throwing getter", inputThrew, "dice", "Error: boom", "", `"code":"json","field":"","message":"the input cannot be written as JSON (Error: boom)"`, false},
		{"undefined", inputUndefined, "dice", "undefined", "", `"code":"json"`, false},
		{"function", inputUndefined, "dice", "function", "", `(got function)`, false},
		{"null", inputText, "dice", "null", "", `"code":"not_object"`, false},
		{"no input", inputMissing, "dice", "", "", `"code":"usage"`, false},
		{"unknown calculator", inputText, "nothing", "{}", "", `"code":"unknown_calculator"`, false},
		{"long string", inputText, "dice", long[:1<<16+1], "", `"code":"too_large"`, true},
		{"2,001 values", inputText, "armor", `{"hits":[` + strings.Repeat("1,", 2000) + `1]}`, "", `more than 2,000 values`, true},
		{"the page's rules", inputText, "armor", `{"locations":{"torso":"plate"}}`, plate4, `"physical":4,`, false},
		{"no rules: the defaults", inputText, "armor", `{"locations":{"torso":"plate"}}`, "", `"physical":3,`, false},
		{"rules of another build", inputText, "armor", `{}`, "[" + plate4[3:], `"code":"type","field":"rules"`, false},
		{"rules as an object", inputText, "armor", `{}`, `{"armor.plate":4}`, `"code":"type","field":"rules"`, false},
		{"rules not JSON", inputText, "armor", `{}`, plate4[:9], `"code":"json"`, false},
		{"17 levels", inputText, "dice", strings.Repeat("[", 17) + strings.Repeat("]", 17), "", `nested too deeply`, false},
	}
}
