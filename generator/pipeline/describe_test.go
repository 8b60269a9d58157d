package pipeline

import (
	"bytes"
	"os"
	"testing"

	"compendium/generator/calcui"
	"compendium/generator/render"
	"compendium/generator/testcontent"
	"compendium/generator/values"
)

// TestCalculatorsDoc: docs/calculators.md is what `calc --describe` prints
// now; regenerate it with go run ./generator calc --describe > docs/calculators.md.
func TestCalculatorsDoc(t *testing.T) {
	theme, errs := render.Load("../../theme")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	set, ds := values.Load(testcontent.Dir)
	if len(ds) > 0 {
		t.Fatal(ds.Error())
	}
	var b bytes.Buffer
	if err := calcui.DescribeAll(&b, set.Rules, func(k string) string { return values.Fill(theme.T("en", k), set.Rules) }); err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../../docs/calculators.md")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doc, b.Bytes()) {
		t.Error("docs/calculators.md is out of date: go run ./generator calc --describe > docs/calculators.md")
	}
	if bytes.Contains(b.Bytes(), []byte("| [")) {
		t.Error("a label is missing from theme/i18n/en.json (shown as [key])")
	}
}
