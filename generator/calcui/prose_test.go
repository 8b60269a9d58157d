package calcui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoRuleNumberInStrings: no string of calcui's code writes a number:
// the forms' ranges and options are the engine's (Ranged), the labels are
// theme/i18n's, which name rule values ({=armor.plate}). The few strings
// that hold a digit are listed with what they are.
func TestNoRuleNumberInStrings(t *testing.T) {
	allowed := map[string]string{
		"2d6": "the dice calculator's default expression, no rule's",
		"0":   "number formatting", "-0": "number formatting", ".0": "number formatting", "1": "number formatting",
		"0.1": "the smallest percentage a figure shows", "99.9": "the largest below 100 %", "100": "a certainty in percent",
	}
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || allowed[s] != "" || !strings.ContainsAny(s, "0123456789") {
				return true
			}
			// The `exact` input's description gives the engine's binning
			// limits (its JSON sizes), no rule's.
			if strings.HasPrefix(s, "| `exact` |") {
				return true
			}
			t.Errorf("%s: %q holds a digit: a rule's number comes from the engine or the rule values", fset.Position(lit.Pos()), s)
			return true
		})
	}
}
