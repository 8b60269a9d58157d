package site

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// languageCodes are the codes a third language must not find written in
// code: the site's two languages today.
var languageCodes = map[string]bool{"fr": true, "en": true}

// TestNoLanguageCodeInCode holds issue 52's "languages are data": in the
// generator's Go, a language code ("fr", "en") is written only in a
// package-level declaration (a table by language, or a named constant),
// never in a function's code, which names the table or constant instead;
// in the scripts, only in the files of jsTables. It fails naming each line.
func TestNoLanguageCodeInCode(t *testing.T) {
	root := filepath.Join("..")
	fset := token.NewFileSet()
	var found []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			if g, ok := decl.(*ast.GenDecl); ok && (g.Tok == token.VAR || g.Tok == token.CONST) {
				continue // a table by language, or a named constant
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				if s, err := strconv.Unquote(lit.Value); err == nil && languageCodes[s] {
					found = append(found, fset.Position(lit.Pos()).String()+": "+lit.Value)
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	found = append(found, jsLanguageCodes(t, filepath.Join("..", "..", "theme", "js"))...)
	for _, f := range found {
		t.Errorf("%s: a language code in code: name it in a table by language (or take it from the site's languages)", f)
	}
}

// jsTables are the scripts allowed to write a language code: none today
// (the page says its language in <html lang>, the build writes LANGS).
var jsTables = map[string]bool{}

// jsCode finds a language code written as a string in a script.
var jsCode = regexp.MustCompile(`["'](fr|en)["']`)

// jsLanguageCodes returns the lines of the scripts under dir, outside
// jsTables, that write a language code, comments left out.
func jsLanguageCodes(t *testing.T, dir string) []string {
	var found []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".js") || strings.HasSuffix(path, ".test.js") || jsTables[filepath.Base(path)] {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			if trimmed := strings.TrimSpace(line); strings.HasPrefix(trimmed, "//") || strings.HasPrefix(trimmed, "*") {
				continue
			}
			if i := strings.Index(line, " //"); i >= 0 {
				line = line[:i]
			}
			if m := jsCode.FindString(line); m != "" {
				found = append(found, path+":"+strconv.Itoa(n)+": "+m)
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}
