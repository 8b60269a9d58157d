package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestSearchCommand: search prints ranked results of two lines (where it
// lands and its title path, then the snippet with the matched words in
// brackets), joins its arguments into one query, says when nothing
// matches (exit 1) and what the reader may have meant, finds through the
// other language's index, names the anchor a result opens, and fails
// with 2 without a query, for a language without documents, or for a
// flag that is not its own.
func TestSearchCommand(t *testing.T) {
	// The real site, from the repository's root, with search's default
	// -content and -theme.
	t.Chdir("..")
	t.Setenv("LC_ALL", "C") // the messages in English, whatever the machine's locale
	search := func(args ...string) (code int, stdout, stderr string) {
		t.Helper()
		var out, errs bytes.Buffer
		code = runSearch(args, nil, &out, &errs)
		return code, out.String(), errs.String()
	}

	code, out, errs := search("-lang", "fr", "-limit", "2", "l’armure")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("want 2 results of 2 lines:\n%s", out)
	}
	if lines[0] != " 1.  fantasy#armor  2.4. L’armure" {
		t.Errorf("first line %q", lines[0])
	}
	if !strings.HasPrefix(lines[1], "      ") || !strings.Contains(lines[1], "[armure]") {
		t.Errorf("snippet line %q", lines[1])
	}

	if code, out, _ := search("-lang", "en", "armour", "points"); code != 0 || !strings.Contains(out, "fantasy#armor") {
		t.Errorf("several arguments make one query: exit %d\n%s", code, out)
	}
	if code, _, errs := search("zzzzqqq"); code != 1 || !strings.Contains(errs, "no section matches") {
		t.Errorf("no match: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := search("bouclierzzz"); code != 1 || !strings.Contains(errs, "did you mean “bouclier”?") {
		t.Errorf("no match, a close word: exit %d, stderr %q", code, errs)
	}
	// French typed on the English page: the English section, found
	// through the French index.
	if code, out, _ := search("-lang", "en", "-limit", "1", "soigneur"); code != 0 || !strings.Contains(out, "contemporary#medicine  The rules of medicine  [via fr]") {
		t.Errorf("cross-language: exit %d\n%s", code, out)
	}
	// A rule named inside a section: the line names the anchor it opens.
	if code, out, _ := search("-lang", "fr", "-limit", "1", "aveugle"); code != 0 || !strings.HasPrefix(out, " 1.  fantasy#effect-blinded  2.8. Les effets › Aveuglé\n") {
		t.Errorf("anchor: exit %d\n%s", code, out)
	}
	if code, _, errs := search(); code != 2 || !strings.Contains(errs, "give the words to look for") || !strings.Contains(errs, "usage: generator search") {
		t.Errorf("no query: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := search("-lang", "de", "x"); code != 2 || !strings.Contains(errs, "-lang “de”: content has no documents in that language; the languages are en, fr") {
		t.Errorf("unknown language: exit %d, stderr %q", code, errs)
	}
	if code, out, errs := search("-nope", "x"); code != 2 || out != "" || !strings.Contains(errs, "flag provided but not defined: -nope") || !strings.Contains(errs, "usage: generator search") {
		t.Errorf("a flag not search's: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, out, errs := search("-h"); code != 0 || errs != "" || !strings.Contains(out, "usage: generator search") || !strings.Contains(out, "-limit") {
		t.Errorf("-h: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
