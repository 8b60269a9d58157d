//go:build js && wasm

// Command wasm is the rules engine's WebAssembly entry point. It exports
// to the page's worker (theme/js/worker/worker.js), through
// //go:wasmexport rather than syscall/js, whose weight in the module
// docs/performance.md gives:
//
//	request(n) → the address of n bytes where the worker writes the call's strings
//	maxInput() → the most bytes of input text the engine reads (engine.MaxJSONBytes)
//	calc(how, nameLen, inputLen, rulesLen) → the length of the output's JSON text
//	output() → the address of that text
//
// The worker writes the calculator's name, its input and the page's rules
// (JSON text, engine.Rules.Values; empty for the defaults) one after the
// other as UTF-8 into the request, calls calc, and reads the output, an
// object's JSON text (calcJSON), before its next call. The input crosses
// as one text rather than value by value, which for the largest dice
// expression is the difference between seconds and a fraction of one;
// engine.ParseJSON then reads it with hard limits (64 KiB, 2,000 values, 16
// levels). encoding/json and fmt would cost the module hundreds of KB.
package main

import (
	"unsafe"

	"compendium/wasm/engine"
)

func main() {
	select {} // the program stays alive for the exported calls
}

var (
	req []byte // the strings of the call being made
	out string // the output of the last call, kept until the next
)

//go:wasmexport request
func request(n int32) unsafe.Pointer {
	if n < 1 {
		n = 1 // an address even for empty strings
	}
	req = make([]byte, n)
	return unsafe.Pointer(&req[0])
}

//go:wasmexport maxInput
func maxInput() int32 { return engine.MaxJSONBytes }

//go:wasmexport calc
func calc(how, nameLen, inputLen, rulesLen int32) int32 {
	s := string(req[:nameLen+inputLen+rulesLen])
	req = nil
	name, input, rules := s[:nameLen], s[nameLen:nameLen+inputLen], s[nameLen+inputLen:]
	out = calcJSON(int(how), name, input, rules)
	return int32(len(out))
}

//go:wasmexport output
func output() unsafe.Pointer { return unsafe.Pointer(unsafe.StringData(out)) }
