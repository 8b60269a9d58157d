package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"compendium/generator/markdown"
	"compendium/generator/render"
	"compendium/generator/site"
)

// TestErrorsWrapTheirCause: an error made from another keeps it (%w), so
// that errors.Is and errors.As see through it to the cause (a missing
// file, a cancelled build); the program's sources build none from the
// other's text (err.Error() in errors.New, %v or %s of an error).
func TestErrorsWrapTheirCause(t *testing.T) {
	fromText := regexp.MustCompile(`errors\.New\([^\n]*\berr\w*\.Error\(\)`)
	errArg := regexp.MustCompile(`fmt\.Errorf\([^\n]*, (err\w*|\w+Err)\b`)
	flat := func(line string) bool {
		return fromText.MatchString(line) || errArg.MatchString(line) && !strings.Contains(line, "%w")
	}
	for _, dir := range []string{".", "../wasm"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for i, line := range strings.Split(string(b), "\n") {
				if flat(line) {
					t.Errorf("%s:%d: an error made from another's text loses it; wrap it with %%w:\n%s", p, i+1, strings.TrimSpace(line))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestPhasesTakeData: what the pipeline hands the content's loader, the
// Markdown renderer and the theme is data, not functions for them to call
// back into the pipeline (a rule value then goes forward only: parsed,
// collected, computed, rendered). The one function left is a sink the
// pages are written to as they render (render.Extra.Unchanged), which lets
// a page go at once instead of holding every page until the write.
func TestPhasesTakeData(t *testing.T) {
	allowed := map[string]bool{"render.Extra.Unchanged": true}
	for _, v := range []any{site.Options{}, render.Extra{}, render.LangExtra{}, markdown.DocumentValues{}} {
		typ := reflect.TypeOf(v)
		for i := range typ.NumField() {
			f := typ.Field(i)
			name := typ.String() + "." + f.Name
			if f.Type.Kind() == reflect.Func && !allowed[name] {
				t.Errorf("%s is a function (%s): hand the phase its result as data instead", name, f.Type)
			}
		}
	}
}
