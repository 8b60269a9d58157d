package calcui

import (
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"compendium/wasm/engine"
)

// TestPageDataLimitsAreEngines: the limits a page carries are the engine's
// constants, whatever the page, and its members are apart (the rules are
// no string).
func TestPageDataLimitsAreEngines(t *testing.T) {
	fr, _ := themePages(t)
	var d struct {
		Strings map[string]string `json:"strings"`
		Rules   map[string]any    `json:"rules"`
		Limits  map[string]int    `json:"limits"`
		Format  map[string]string `json:"format"`
	}
	text := NewPageData(fr.T, []string{"calc.yes"}, `{"armor.cap":12}`).JSON()
	if err := json.Unmarshal([]byte(text), &d); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"rows": engine.MaxRows, "items": engine.MaxItems, "text": engine.MaxText, "input": engine.MaxJSONBytes}
	for k, v := range want {
		if d.Limits[k] != v {
			t.Errorf("limits.%s = %d, the engine's is %d", k, d.Limits[k], v)
		}
	}
	if len(d.Limits) != len(want) {
		t.Errorf("limits %v, want %v", d.Limits, want)
	}
	if d.Strings["calc.yes"] != "oui" || d.Rules["armor.cap"] != 12.0 || d.Format["decimal"] != "," {
		t.Errorf("page data %s", text)
	}
	if _, ok := d.Strings["engine.rules"]; ok {
		t.Error("the rules travel among the strings")
	}
}

// TestScriptsRestateNoLimit: the scripts that check an input before the
// engine (the form, the short links) read the engine's limits from the
// page data: none of its numbers is written in them. The other numbers
// equal to one are listed with what they are.
func TestScriptsRestateNoLimit(t *testing.T) {
	limits := map[string]bool{}
	for _, n := range []int{engine.MaxRows, engine.MaxItems, engine.MaxText, engine.MaxJSONBytes} {
		limits[strconv.Itoa(n)] = true
	}
	allowed := []string{
		"(100 * e.detail.got)",                         // the engine's download, in percent
		"r.bottom > -200 && r.top < innerHeight + 200", // pixels around the viewport
	}
	number := regexp.MustCompile(`\b\d+\b`)
	for _, f := range []string{"calcs/calc.js", "calcs/form.js", "calcs/result.js", "calcs/link.js", "shared/page.js"} {
		src, err := os.ReadFile("../../theme/js/" + f)
		if err != nil {
			t.Fatal(err)
		}
	line:
		for i, l := range strings.Split(string(src), "\n") {
			code, _, _ := strings.Cut(l, "//")
			for _, a := range allowed {
				if strings.Contains(code, a) {
					continue line
				}
			}
			for _, n := range number.FindAllString(code, -1) {
				if limits[n] {
					t.Errorf("theme/js/%s:%d: %s restates an engine limit: read it from the page data (page.js's limits)", f, i+1, strings.TrimSpace(l))
				}
			}
		}
	}
}
