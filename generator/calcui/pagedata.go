package calcui

import (
	"encoding/json"

	"compendium/wasm/engine"
)

// PageData is what the build hands the scripts of a page with a
// calculator, as one JSON object in the page (#calc-strings, read by
// theme/js/shared/page.js): the interface strings, the rules the content
// declares, the engine's bounds on an input and the language's number
// format, each its own member. The rules used to travel as one of the
// strings; the bounds were restated by hand in the scripts.
type PageData struct {
	Strings map[string]string `json:"strings"`
	// Rules is the JSON array of the rule values the browser's engine
	// computes with, in engine.Rules' order (Rules.Values writes it,
	// engine.RulesFromValues reads it).
	Rules  json.RawMessage `json:"rules,omitempty"`
	Limits Limits          `json:"limits"`
	Format Format          `json:"format"`
}

// Limits are the engine's bounds on an input that the page checks before
// the engine does.
type Limits struct {
	Rows  int `json:"rows"`  // timed actions of a health timeline
	Items int `json:"items"` // items of a list
	Text  int `json:"text"`  // characters of a text field
	Input int `json:"input"` // bytes of an input's JSON text
}

// EngineLimits are wasm/engine's own: a page's bounds are the engine's.
var EngineLimits = Limits{Rows: engine.MaxRows, Items: engine.MaxItems, Text: engine.MaxText, Input: engine.MaxJSONBytes}

// NewPageData returns the page data of a page whose dictionary is t: the
// strings keys, the rules (a JSON array, "" for none), EngineLimits and
// the language's Format.
func NewPageData(t func(string) string, keys []string, rules string) PageData {
	d := PageData{Strings: Strings(t, keys), Limits: EngineLimits, Format: FormatOf(t)}
	if rules != "" {
		d.Rules = json.RawMessage(rules)
	}
	return d
}

// JSON returns the page data as the page carries it.
func (d PageData) JSON() string {
	b, _ := json.Marshal(d)
	return string(b)
}
