package translation

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"compendium/generator/site"
)

func TestFrenchSentences(t *testing.T) {
	for _, tt := range []struct {
		text string
		n    int
	}{
		{"Les boucliers sont incassables et sont répertoriés comme ceci.", 1},
		{"Shields are unbreakable and are listed as follows.", 0},
		{"Say “Knocked out” («Assommé, vous êtes dans les choux») and fall.", 0},
		{"The dying character can do nothing. Vous êtes mort dans les 5 minutes.", 1},
	} {
		if got := FrenchSentences(tt.text); len(got) != tt.n {
			t.Errorf("FrenchSentences(%q) = %q, want %d", tt.text, got, tt.n)
		}
	}
}

// TestSuspects: a translated section far shorter than the French, one far
// longer, a short one five words apart and one with a French sentence are
// warned about at their heading; a faithful one is not.
func TestSuspects(t *testing.T) {
	dir := t.TempDir()
	fm := "---\ntitle: A\nshort: A\norder: 1\nslug: alpha\nsummary: Un.\n---\n"
	long := "Le personnage blessé doit être soigné avant la fin du combat sinon il tombe inconscient et perd tout."
	fr := fm + "## Un {#one}\n\n" + long + "\n\n## Deux {#two}\n\n" + long + "\n\n## Trois {#three}\n\nCourt.\n\n## Quatre {#four}\n\n" + long + "\n\n## Cinq {#five}\n\n" + long + "\n"
	en := fm + "## One {#one}\n\nA wounded character.\n\n## Two {#two}\n\n" + strings.Repeat("The wounded character must be healed before the end of the fight. ", 3) +
		"\n\n## Three {#three}\n\nShort, very short, really quite short indeed.\n\n## Four {#four}\n\nThe wounded character must be healed. Il tombe dans les choux sinon.\n\n" +
		"## Five {#five}\n\nThe wounded character must be healed before the fight ends, or falls unconscious and loses all.\n"
	for name, body := range map[string]string{"fr/alpha.md": fr, "en/alpha.md": en} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, ds := site.Load(dir, site.Options{})
	if err := ds.Err(); err != nil {
		t.Fatal(err)
	}
	sus := Suspects(s)
	got, gotFr := sus.Error(), sus.Format("fr", true)
	enFile := filepath.Join(dir, "en", "alpha.md")
	for _, want := range []struct{ en, fr string }{
		{enFile + ":8: translation of #one has 4 words for the French's 19 (" + filepath.Join(dir, "fr", "alpha.md") + ":8): is a part missing or repeated? If it is right, nothing needs doing",
			enFile + ":8: la traduction de #one a 4 mots pour 19 en français (" + filepath.Join(dir, "fr", "alpha.md") + ":8) : une partie manque-t-elle, ou est-elle répétée ? Si elle est juste, il n'y a rien à faire"},
		{enFile + ":12: translation of #two has 37 words for the French's 19", enFile + ":12: la traduction de #two a 37 mots pour 19 en français"},
		{enFile + ":16: translation of #three has 8 words for the French's 2", enFile + ":16: la traduction de #three a 8 mots pour 2 en français"},
		{enFile + ":20: translation of #four has a sentence in French: “Il tombe dans les choux sinon.”: translate it (in-game calls said aloud stay in French between « »)",
			enFile + ":20: la traduction de #four contient une phrase en français : « Il tombe dans les choux sinon. » : traduisez-la (les annonces de jeu dites à voix haute restent en français entre « »)"},
	} {
		if !strings.Contains(got, want.en) {
			t.Errorf("missing %q in:\n%s", want.en, got)
		}
		if !strings.Contains(gotFr, want.fr) {
			t.Errorf("missing %q in:\n%s", want.fr, gotFr)
		}
	}
	for _, d := range sus {
		if m := d.MissingArgs(); d.Kind == "" || len(m) > 0 {
			t.Errorf("%s: kind %q, lacking %v", d, d.Kind, m)
		}
	}
	if strings.Contains(got, "#five") {
		t.Errorf("a faithful translation is warned about:\n%s", got)
	}
}
