package pipeline

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestNoPackageState: the package keeps no state between builds at package
// level; every cache a rebuild reuses belongs to its Builder, so that two
// Builders of one process (serve's and a test's) share nothing. The
// package-level variables allowed are tables and sentinel errors, which
// no build writes, writeStep, a hook only tests set, and termOrHeading, a
// table.
func TestNoPackageState(t *testing.T) {
	allowed := []string{"stringKeys", "icons", "errNoFolder", "errEmpty", "errLegacy", "errDirty", "writeStep", "termOrHeading", "offlineKeys"}
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, spec := range g.Specs {
				for _, id := range spec.(*ast.ValueSpec).Names {
					if !slices.Contains(allowed, id.Name) {
						t.Errorf("%s: package-level variable %s: a build's state belongs to the Builder (or, if it is a table no build writes, add it here)", fset.Position(id.Pos()), id.Name)
					}
				}
			}
		}
	}
}

// TestBuildersShareNothing: a rebuild of one Builder does not see what
// another Builder's rebuilds made, in the same process: each site's
// calculators come from its own content.
func TestBuildersShareNothing(t *testing.T) {
	a := writeFixture(t, goodSite)
	b := writeFixture(t, strings.Replace(goodSite, "Introduction :", "Introduction de B :", 1))
	ba, bb := New(a), New(b)
	for _, bl := range []*Builder{ba, bb, ba, bb} {
		if _, err := bl.Build(t.Context()); err != nil {
			t.Fatal(err)
		}
		if _, err := bl.Rebuild(t.Context(), nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		opt       Options
		want, not string
	}{{a, "Introduction\u00a0: voir", "Introduction de B"}, {b, "Introduction de B", "Introduction\u00a0: voir"}} {
		page, err := os.ReadFile(filepath.Join(c.opt.OutDir, "fr", "alpha", "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(page), c.want) || strings.Contains(string(page), c.not) {
			t.Errorf("%s: after the other Builder's rebuilds, the page has %q: %v, %q: %v", c.opt.OutDir, c.want, strings.Contains(string(page), c.want), c.not, strings.Contains(string(page), c.not))
		}
	}
}
