package search

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path"
	"reflect"
	"sort"
	"strings"
	"testing"

	"compendium/generator/site"
)

// bigFixture is a site of docs documents of 12 sections each, in French
// only, whose texts draw from a small vocabulary (so that every word is
// in many sections, as in the synthetic benchmark pages), with the
// glossary's words among them (synonym groups and the sections they
// point to).
func bigFixture(docs int) *site.Site {
	words := strings.Fields("armure bouclier épée blessure soins magie sort rituel duel critique touche dégâts " +
		"points vie agonisant mort chirurgien potion arc flèche lance hache casque torse jambe bras joueur joueuse " +
		"combat combattant adversaire allié village taverne nuit jour minutes durée effet spécial immédiat")
	r := rand.New(rand.NewPCG(1, 2))
	sentence := func(n int) string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = words[r.IntN(len(words))]
		}
		return strings.Join(ws, " ") + "."
	}
	lang := &site.Lang{Code: "fr"}
	for d := 0; d < docs; d++ {
		doc := &site.Doc{Lang: "fr", Slug: fmt.Sprintf("doc-%03d", d), Title: "Document " + sentence(3), Short: fmt.Sprintf("Synthèse — %d", d)}
		for i := 0; i < 12; i++ {
			level := 2 + i%3
			doc.Sections = append(doc.Sections, &site.Section{ID: fmt.Sprintf("s-%d", i), Level: level, Title: sentence(2 + r.IntN(3)), Text: sentence(10 + r.IntN(60))})
		}
		lang.Docs = append(lang.Docs, doc)
	}
	return &site.Site{Langs: []*site.Lang{lang}}
}

// splitQueries are queries on bigFixture: exact words, words being typed
// (prefixes), typos, several words, glossary forms (synonym groups).
var splitQueries = []string{"armure", "bouclier", "arm", "bless", "armrue", "chirurgein", "épée bouclier", "points de vie",
	"PV", "PA", "soins magie rituel", "duel critique", "agonisant", "mort", "xyzzy", "le", "touche dégâts armure"}

func loadBoth(t *testing.T, s *site.Site, v Vocabulary) (*Index, *Index, map[string][]byte) {
	t.Helper()
	f := buildLang(s.Langs[0], v, nil)
	whole, err := f.appendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	one, err := Load(whole)
	if err != nil {
		t.Fatal(err)
	}
	dict, shards, err := f.split()
	if err != nil {
		t.Fatal(err)
	}
	split, err := LoadSplit(dict, func(name string) ([]byte, error) {
		if b, ok := shards[name]; ok {
			return b, nil
		}
		return nil, fmt.Errorf("no shard %s", name)
	})
	if err != nil {
		t.Fatal(err)
	}
	return one, split, shards
}

// TestSplitSame: with heads as long as the longest postings, a split index
// answers exactly what the single file answers, over several shards.
func TestSplitSame(t *testing.T) {
	defer func(h, s int) { headSize, shardTarget = h, s }(headSize, shardTarget)
	headSize, shardTarget = 1<<30, 4<<10
	one, split, shards := loadBoth(t, bigFixture(40), vocab(t, "testdata/glossary.json"))
	if len(shards) < 3 {
		t.Fatalf("%d shards: the test wants several", len(shards))
	}
	if len(split.syn) == 0 || len(split.recs) == 0 {
		t.Fatal("no synonym groups or records in the split index")
	}
	for _, q := range splitQueries {
		want, got := one.Query(q, 10), split.Query(q, 10)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: the split index answers\n%v\nthe single file\n%v", q, got, want)
		}
		if a, b := one.Suggest(q), split.Suggest(q); a != b {
			t.Errorf("%q: suggestions %q (split) and %q", q, b, a)
		}
	}
}

// TestSplitHeads: with short heads, each stem keeps its best sections by
// its weight, so a one-word query's best result is the single file's.
func TestSplitHeads(t *testing.T) {
	defer func(h int) { headSize = h }(headSize)
	headSize = 8
	one, split, _ := loadBoth(t, bigFixture(40), Vocabulary{})
	long := 0
	for id := range split.post {
		if len(split.post[id]) > headSize {
			t.Fatalf("stem %d keeps %d sections", id, len(split.post[id]))
		}
		if split.df[id] != one.df[id] {
			t.Fatalf("stem %d: df %d, the single file's %d", id, split.df[id], one.df[id])
		}
		if one.df[id] > headSize {
			long++
		}
	}
	if long == 0 {
		t.Fatal("no stem longer than the heads: the test tests nothing")
	}
	for _, q := range []string{"armure", "bouclier", "chirurgien", "taverne", "immédiat"} {
		want, got := one.Query(q, 3), split.Query(q, 3)
		if len(got) == 0 || got[0].ID != want[0].ID || got[0].Slug != want[0].Slug || got[0].Score != want[0].Score || got[0].Snippet != want[0].Snippet {
			t.Errorf("%q: first result %v, the single file's %v", q, got, want)
		}
	}
}

// TestBuildSplits: Build splits an index over splitAbove, with the
// dictionary at the index's address and its shards beside it, named by
// their content; the whole index stays available for the single-file
// edition; and two builds write the same bytes.
func TestBuildSplits(t *testing.T) {
	defer func(a int) { splitAbove = a }(splitAbove)
	splitAbove = 64 << 10
	s := bigFixture(60)
	a, err := BuildAll(s, Vocabulary{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := BuildAll(bigFixture(60), Vocabulary{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two builds of the same site differ")
	}
	dict := a.Files[a.Paths["fr"]]
	if !bytes.Contains(dict, []byte(`"v":3`)) || len(a.Whole["fr"]) <= splitAbove {
		t.Fatalf("not split: dictionary %d bytes, whole %d", len(dict), len(a.Whole["fr"]))
	}
	n := 0
	for name, f := range a.Files {
		if name == a.Paths["fr"] {
			continue
		}
		n++
		if path.Dir(name) != "assets" || !strings.HasPrefix(path.Base(name), "search-fr-") || !bytes.Contains(dict, []byte(`"../assets/`+path.Base(name)+`"`)) {
			t.Errorf("%s: not a shard the dictionary names", name)
		}
		if len(f) > 4*shardTarget {
			t.Errorf("%s: %d bytes", name, len(f))
		}
	}
	if n == 0 {
		t.Fatal("no shards")
	}
	ix, err := LoadSplit(dict, FilesFetch(a.Files, a.Paths["fr"]))
	if err != nil {
		t.Fatal(err)
	}
	// A document whose title says "armure" may come first, by its title;
	// a section's text marks the word.
	rs := ix.Query("armure", 3)
	marked := false
	for _, r := range rs {
		marked = marked || strings.Contains(r.Marked("[", "]"), "[armure]")
	}
	if !marked {
		t.Errorf("armure: %v", rs)
	}
	if _, err := Load(dict); err == nil {
		t.Error("Load read a split index without its shards")
	}
	// A shard that is not the dictionary's (another build's), or is not a
	// shard at all, is refused, never read as another stem's postings.
	var names []string
	for name := range a.Files {
		if name != a.Paths["fr"] {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for what, swap := range map[string]func(name string, b []byte) []byte{
		"another shard": func(name string, b []byte) []byte {
			return a.Files[names[(sort.SearchStrings(names, name)+1)%len(names)]]
		},
		"not JSON": func(string, []byte) []byte { return []byte("<html>404</html>") },
		"a bad record": func(_ string, b []byte) []byte {
			return bytes.Replace(b, []byte(`"rec":[`), []byte(`"rec":[0,["x"],`), 1)
		},
		"a section past n": func(_ string, b []byte) []byte {
			return bytes.Replace(b, []byte(`"post":[[`), []byte(`"post":[[99999999,`), 1)
		},
	} {
		_, err := LoadSplit(dict, func(name string) ([]byte, error) {
			b, err := FilesFetch(a.Files, a.Paths["fr"])(name)
			return swap(path.Join("assets", path.Base(name)), b), err
		})
		if err == nil {
			t.Errorf("%s: LoadSplit accepted it", what)
		}
	}
}

// BenchmarkSplit splits the index of 1,000 documents of 12 sections.
func BenchmarkSplit(b *testing.B) {
	f := buildLang(bigFixture(1000).Langs[0], Vocabulary{}, nil)
	b.ResetTimer()
	for range b.N {
		if _, _, err := f.split(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSurelySplit: an index that surelySplit says will be split has a
// JSON longer than splitAbove, whatever its size; and a build that needs
// no whole file for a language (WithWhole) writes the same files as one
// that makes it, without making it.
func TestSurelySplit(t *testing.T) {
	defer func(a int) { splitAbove = a }(splitAbove)
	for _, docs := range []int{1, 5, 20, 60} {
		f := buildLang(bigFixture(docs).Langs[0], Vocabulary{}, nil)
		b, err := f.appendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		// The smallest threshold surelySplit accepts for this index, and
		// the JSON must exceed it.
		splitAbove = f.sizeHint() / 4
		if !f.surelySplit() || len(b) <= splitAbove {
			t.Errorf("%d documents: JSON %d bytes, hint %d: surely split at %d = %v", docs, len(b), f.sizeHint(), splitAbove, f.surelySplit())
		}
	}
	splitAbove = 64 << 10
	all, err := BuildAll(bigFixture(60), Vocabulary{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	none, err := BuildAll(bigFixture(60), Vocabulary{}, nil, WithWhole(func(string) bool { return false }))
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Whole["fr"]) <= 4*splitAbove {
		t.Fatalf("the fixture's index (%d bytes) is too small for this test", len(all.Whole["fr"]))
	}
	if !reflect.DeepEqual(all.Files, none.Files) || !reflect.DeepEqual(all.Paths, none.Paths) {
		t.Error("without the whole index, the files differ")
	}
	if _, ok := none.Whole["fr"]; ok {
		t.Error("the whole index was made though no language needs it")
	}
}
