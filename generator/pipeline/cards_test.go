package pipeline

import "testing"

// TestCardCharacter: the sections the cards page offers first for a
// character are those of the calculators that character feeds or glances
// at, in their own documents.
func TestCardCharacter(t *testing.T) {
	m := cardCharacter()
	for _, tc := range []struct{ doc, id, game string }{
		{"fantasy", "armor", "fantasy"},
		{"spellcasting", "casting", "spellcasting"},
		{"fantasy", "combat", ""},
		{"contemporary", "health-system", ""},
	} {
		if got := m[tc.doc][tc.id]; got != tc.game {
			t.Errorf("%s#%s: offered for the character of %q, want %q", tc.doc, tc.id, got, tc.game)
		}
	}
}
