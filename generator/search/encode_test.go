package search

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"compendium/generator/glossary"
	"compendium/generator/site"
	"compendium/generator/testcontent"
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

// TestIndexFileIsEncodingJSON: the indexes the build writes by hand for
// the real content (its documents, glossary and thesaurus) are what
// encoding/json writes for the same content, so that the browser's
// JSON.parse and the CLI's json.Unmarshal read what they always read. The
// content is loaded with site.Load, not the pipeline, so that this
// package's test binary stays small enough to fuzz cheaply.
func TestIndexFileIsEncodingJSON(t *testing.T) {
	content := testcontent.Dir
	s, ds := site.Load(content, site.Options{})
	if err := ds.Err(); err != nil {
		t.Fatal(err)
	}
	g, err := glossary.Load(filepath.Join(content, "glossary.json"))
	if err != nil {
		t.Fatal(err)
	}
	th, err := glossary.LoadThesaurus(filepath.Join(content, "thesaurus.json"))
	if err != nil {
		t.Fatal(err)
	}
	files, paths, err := Build(s, Vocabulary{Glossary: g, Thesaurus: th})
	if err != nil {
		t.Fatal(err)
	}
	for lang, p := range paths {
		var f indexFile
		if err := json.Unmarshal(files[p], &f); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(files[p], stdJSON(t, &f)) {
			t.Errorf("%s: %s differs from encoding/json's writing of the same index", lang, p)
		}
	}
}
