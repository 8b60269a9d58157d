package assets

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// TestBundleModules: a bundle of the real theme holds the modules it needs
// and not those it must not run. The character page shares the
// calculators' form and result (calcs/form.js, calcs/result.js) but not
// their controller (calcs/calc.js), whose import alone installs document
// listeners and observers meant for pages with calculators. The check is
// on esbuild's list of a bundle's inputs, so an import through another
// module counts too.
func TestBundleModules(t *testing.T) {
	theme, err := filepath.Abs(filepath.Join("..", "..", "theme"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		entry     string
		want, not []string
	}{
		{"js/character/character.js", []string{"js/calcs/form.js", "js/calcs/result.js"}, []string{"js/calcs/calc.js"}},
		// The cards page draws QR codes with the character page's module,
		// and reads the device's character, never the calculators.
		{"js/cards/cards.js", []string{"js/shared/qr.js", "js/shared/store.js"}, []string{"js/calcs/calc.js", "js/calcs/form.js"}},
		{"js/calcs/calcs.js", []string{"js/calcs/calc.js", "js/calcs/form.js", "js/calcs/result.js"}, nil},
		{"js/page/main.js", []string{"js/page/search.js", "js/page/searchquery.js", "js/page/searchindex.js"}, []string{"js/calcs/calc.js"}},
	} {
		inputs := bundleInputs(t, theme, tc.entry)
		for _, m := range tc.want {
			if !slices.Contains(inputs, m) {
				t.Errorf("%s: the bundle does not hold %s (inputs %v)", tc.entry, m, inputs)
			}
		}
		for _, m := range tc.not {
			if slices.Contains(inputs, m) {
				t.Errorf("%s: the bundle holds %s, which it must not import, even through another module", tc.entry, m)
			}
		}
	}
}

// bundleInputs returns the files, relative to theme, that esbuild bundles
// for entry.
func bundleInputs(t *testing.T, theme, entry string) []string {
	t.Helper()
	res := api.Build(api.BuildOptions{
		EntryPoints:   []string{filepath.Join(theme, filepath.FromSlash(entry))},
		AbsWorkingDir: theme,
		Bundle:        true,
		Write:         false,
		Outdir:        filepath.Join(theme, "out"),
		Metafile:      true,
		Format:        api.FormatIIFE,
		LogLevel:      api.LogLevelSilent,
		// Modules the build generates (bundle.go's plugin) stay out.
		Plugins: []api.Plugin{{Name: "generated", Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: `^[a-z0-9_-]+\.(css|js)$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				return api.OnResolveResult{Path: a.Path, External: true}, nil
			})
		}}},
	})
	if len(res.Errors) > 0 {
		t.Fatalf("%s: %v", entry, res.Errors)
	}
	var meta struct {
		Inputs map[string]json.RawMessage `json:"inputs"`
	}
	if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
		t.Fatal(err)
	}
	var out []string
	for p := range meta.Inputs {
		out = append(out, filepath.ToSlash(p))
	}
	slices.Sort(out)
	return out
}
