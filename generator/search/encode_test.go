package search

import (
	"bytes"
	"encoding/json"
	"testing"
)

// stdJSON is what encoding/json writes for v without HTML escaping.
func stdJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := appendMarshal(nil, v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestAppendJSONIndex: an index, nil and empty fields included, is
// written as encoding/json writes it.
func TestAppendJSONIndex(t *testing.T) {
	for _, f := range []*indexFile{
		{},
		{Version: formatVersion, Lang: "fr", Word: `[\p{L}]+`, Apos: "'’", Elisions: []string{"l", "d"}, Fold: map[string]string{"é": "e", "à": "a"},
			Stop: []string{}, Params: DefaultParams, Docs: [][3]string{{"fantasy", "GN fantasy — Règles", ""}},
			SecDoc: []int{0, 0}, SecID: []string{"a", "b"}, SecTitle: []string{"Armure", "Soins <&>"}, SecParent: []int{-1, 0},
			TitleLen: []int{1, 2}, BodyLen: []int{3, 0}, Text: []string{"Le « texte »\n", ""}, Vocab: "armur armure armures|soin soins",
			Post: [][]int32{{0, 5, 1, 4}, {}}, Syn: [][][]any{{{0}, {"pa", []any{1, "soins"}}}}, SynAt: [][2]int{{1, pinTerm}},
			Questions: [][2][]string{{{"combien", "de", "temps"}, {"durée"}}}},
	} {
		got, err := f.appendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := stdJSON(t, f); !bytes.Equal(got, want) {
			t.Errorf("appendJSON wrote\n%s\nencoding/json writes\n%s", got, want)
		}
	}
}

// SameAsEncodingJSON reports whether an index file is byte for byte what
// encoding/json writes for its content (for the tests on the real site).
func SameAsEncodingJSON(t testing.TB, b []byte) bool {
	var f indexFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(b, stdJSON(t, &f))
}
