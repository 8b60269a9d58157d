package pipeline

import (
	"path/filepath"
	"testing"
)

// TestModuleRoot: the module's root (where ./wasm is compiled, where serve
// watches the engine's sources, where the caches live) is Root, or the
// theme folder's parent, as an absolute path, whatever the working
// directory: serve watched "wasm" relative to it.
func TestModuleRoot(t *testing.T) {
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	for _, tt := range []struct {
		opt  Options
		want string
	}{
		{Options{ThemeDir: "../../theme"}, abs("../..")},
		{Options{ThemeDir: "/srv/site/theme"}, "/srv/site"},
		{Options{ThemeDir: "/srv/site/theme", Root: "/src/compendium"}, "/src/compendium"},
		{Options{ThemeDir: "theme", Root: "."}, abs(".")},
	} {
		got, err := tt.opt.ModuleRoot()
		if err != nil || got != tt.want {
			t.Errorf("%+v: %q, %v; want %q", tt.opt, got, err, tt.want)
		}
	}
}
