package values

import (
	"regexp"
	"strconv"
	"strings"

	"compendium/wasm/engine"
)

// refRe matches a reference to a value in a label or a definition: {=key}
// gives its number, {=key+} its number signed as a bonus is written.
var refRe = regexp.MustCompile(`\{=([a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+)(\+?)\}`)

// Fill returns text with each reference to a value ({=armor.cap}) replaced
// by the number the rules give it: the theme's labels ("plaque ({=armor.plate})")
// and the glossary's definitions name the rule, never its number, so that
// they follow the text when an organiser changes it. A reference to an
// unknown key is left as written (Unknown reports it).
func Fill(text string, rules *engine.Rules) string {
	if !strings.Contains(text, "{=") {
		return text
	}
	return refRe.ReplaceAllStringFunc(text, func(m string) string {
		sub := refRe.FindStringSubmatch(m)
		n, ok := rules.Get(sub[1])
		if !ok {
			return m
		}
		if spec, _ := engine.Lookup(sub[1]); spec.Kind == engine.Name {
			return spec.Example(n) // a name has no number: its key, as declared
		}
		return Number(n, sub[2] == "+")
	})
}

// Unknown returns the references of text to keys the engine does not read.
func Unknown(text string) []string {
	var bad []string
	for _, sub := range refRe.FindAllStringSubmatch(text, -1) {
		if _, ok := engine.Lookup(sub[1]); !ok {
			bad = append(bad, sub[0])
		}
	}
	return bad
}

// Number writes n as the pages do: a true minus sign, and with signed a
// plus sign for zero and above.
func Number(n int, signed bool) string {
	switch {
	case n < 0:
		return "−" + strconv.Itoa(-n)
	case signed:
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
