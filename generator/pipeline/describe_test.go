package pipeline

import (
	"bytes"
	"os"
	"testing"

	"compendium/generator/calcui"
	"compendium/generator/render"
	"compendium/generator/values"
	"compendium/wasm/engine"
)

// TestCalculatorsDoc: docs/calculators.md is what `calc --describe
// --defaults` prints now: the calculators with the engine's default rules,
// so that no content edit makes it stale; regenerate it with go run
// ./generator calc --describe --defaults > docs/calculators.md after a
// change to the engine or the labels.
func TestCalculatorsDoc(t *testing.T) {
	theme, errs := render.Load("../../theme")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	rules := engine.Default()
	var b bytes.Buffer
	if err := calcui.DescribeAll(&b, rules, func(k string) string { return values.Fill(theme.T("en", k), rules) }); err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../../docs/calculators.md")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doc, b.Bytes()) {
		t.Error("docs/calculators.md is out of date: go run ./generator calc --describe --defaults > docs/calculators.md")
	}
	if bytes.Contains(b.Bytes(), []byte("| [")) {
		t.Error("a label is missing from theme/i18n/en.json (shown as [key])")
	}
}
