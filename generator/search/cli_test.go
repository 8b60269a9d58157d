package search_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"compendium/generator/search"
)

func loader(t *testing.T) search.Loader {
	_, files, paths := realSite(t)
	return func(content, theme string) (map[string][]byte, map[string]string, error) {
		if content != "content" || theme != "theme" {
			return nil, nil, errors.New("unexpected folders " + content + ", " + theme)
		}
		return files, paths, nil
	}
}

func TestRunCLI(t *testing.T) {
	var out, errs bytes.Buffer
	code := search.RunCLI([]string{"-lang", "fr", "-limit", "2", "l’armure"}, &out, &errs, loader(t))
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errs.String())
	}
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("want 2 results of 2 lines:\n%s", out.String())
	}
	if lines[0] != " 1.  fantasy#armor  2.4. L’armure" {
		t.Errorf("first line %q", lines[0])
	}
	if !strings.HasPrefix(lines[1], "      ") || !strings.Contains(lines[1], "[armure]") {
		t.Errorf("snippet line %q", lines[1])
	}

	out.Reset()
	if code := search.RunCLI([]string{"-lang", "en", "armour", "points"}, &out, &errs, loader(t)); code != 0 || !strings.Contains(out.String(), "fantasy#armor") {
		t.Errorf("several arguments make one query: exit %d\n%s", code, out.String())
	}
	errs.Reset()
	if code := search.RunCLI([]string{"zzzzqqq"}, &out, &errs, loader(t)); code != 1 || !strings.Contains(errs.String(), "no section matches") {
		t.Errorf("no match: exit %d, stderr %q", code, errs.String())
	}
	errs.Reset()
	if code := search.RunCLI([]string{"bouclierzzz"}, &out, &errs, loader(t)); code != 1 || !strings.Contains(errs.String(), `did you mean "bouclier"?`) {
		t.Errorf("no match, a close word: exit %d, stderr %q", code, errs.String())
	}
	// French typed on the English page: the English section, found
	// through the French index.
	out.Reset()
	if code := search.RunCLI([]string{"-lang", "en", "-limit", "1", "soigneur"}, &out, &errs, loader(t)); code != 0 || !strings.Contains(out.String(), "contemporary#medicine  The rules of medicine  [via fr]") {
		t.Errorf("cross-language: exit %d\n%s", code, out.String())
	}
	// A rule named inside a section: the line names the anchor it opens.
	out.Reset()
	if code := search.RunCLI([]string{"-lang", "fr", "-limit", "1", "aveugle"}, &out, &errs, loader(t)); code != 0 || !strings.HasPrefix(out.String(), " 1.  fantasy#effect-blinded  2.8. Les effets › Aveuglé\n") {
		t.Errorf("anchor: exit %d\n%s", code, out.String())
	}
	if code := search.RunCLI(nil, &out, &errs, loader(t)); code != 2 {
		t.Errorf("no query: exit %d", code)
	}
	if code := search.RunCLI([]string{"-lang", "de", "x"}, &out, &errs, loader(t)); code != 2 {
		t.Errorf("unknown language: exit %d", code)
	}
}
