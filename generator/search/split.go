// Paired with theme/js/page/searchindex.js for a split index's query side
// (loadSplit and addRecords are its loadIndex, prepare and addRecords):
// change one, change the other. TestSearchSplit
// (generator/e2e/split_test.go) holds them equal.

package search

import (
	"container/heap"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"

	"compendium/generator/par"
	"compendium/wasm/engine"
)

// A split index: what a large site ships instead of one file per language.
//
// One file per language grows with the site, and all of it was downloaded
// by a reader's first query (docs/search.md). An index whose single file would
// be larger than splitAbove is split instead:
//   - the dictionary, at the index's usual address (fr/search.json): every
//     table the query's analysis needs (as in a single file), the
//     vocabulary, each stem's number of sections (idf) and which shard
//     holds its postings, the section count and mean lengths (BM25), the
//     sections that are glossary terms or calculators (their weight), and
//     the records of the sections synonym groups point to;
//   - shards, in assets/ and named by their content: the postings of a run of stems (in
//     vocabulary order, so that the words a prefix reaches sit together),
//     and the record (document, ID, title path, text) of every section
//     they name, so that a query's results need no further request.
//
// A stem's postings in a shard are its headSize best sections by the
// stem's BM25 weight, not all of them: at 10,000 synthetic pages a common
// word is in 27,000 sections, whose records alone would be megabytes. A
// query therefore ranks the sections that are among the best for at least
// one of its words, which for a word of fewer than headSize sections is
// every section that has it. The Go side and searchindex.js read the same files
// and run the same query code (the parity test covers split indexes too).

// splitAbove is the size of a single index file above which it is split:
// the real site's is well under it, one request for the first query. (Variables, not constants, for the tests.)
var splitAbove = 1 << 20

// headSize is how many sections a stem's postings keep in a split index.
var headSize = 100

// shardTarget is about the size of a shard's JSON: about one common stem's
// postings and records at 10,000 synthetic pages.
var shardTarget = 64 << 10

// maxRecordText caps a record's text: a snippet shows 24 words of it.
const maxRecordText = 4000

// splitFormat is the format version of a split index's dictionary.
const splitFormat = 3

// record is what a result shows of a section.
type record struct {
	Slug, DocTitle, Kind, ID, Path, Text string
}

func (r record) appendJSON(dst []byte) []byte {
	dst = append(dst, '[')
	for i, s := range [...]string{r.Slug, r.DocTitle, r.Kind, r.ID, r.Path, r.Text} {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = engine.AppendString(dst, s)
	}
	return append(dst, ']')
}

// appendRecords appends the records of the sections in secs as a flat
// JSON array of pairs (section, record), in section order.
func appendRecords(dst []byte, secs map[int]bool, rec func(int) record) []byte {
	ordered := make([]int, 0, len(secs))
	for s := range secs {
		ordered = append(ordered, s)
	}
	sort.Ints(ordered)
	dst = append(dst, '[')
	for i, s := range ordered {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(s), 10)
		dst = append(dst, ',')
		dst = rec(s).appendJSON(dst)
	}
	return append(dst, ']')
}

func recordOf(v []string) (record, error) {
	if len(v) != 6 {
		return record{}, errors.New("search: a section record has 6 fields")
	}
	return record{v[0], v[1], v[2], v[3], v[4], v[5]}, nil
}

// split returns the dictionary of f split and its shards, by name
// relative to the dictionary's folder.
func (f *indexFile) split() ([]byte, map[string][]byte, error) {
	n := len(f.SecID)
	avgB, avgT := f.meanLengths()
	rec := func(sec int) record {
		doc := f.Docs[f.SecDoc[sec]]
		text := f.Text[sec]
		if len(text) > maxRecordText {
			cut := strings.LastIndexByte(text[:maxRecordText], ' ')
			if cut <= 0 {
				cut = maxRecordText
				for cut > 0 && text[cut]&0xC0 == 0x80 {
					cut--
				}
			}
			text = text[:cut]
		}
		return record{doc[0], doc[1], doc[2], f.SecID[sec], f.titlePath(sec), text}
	}
	k1 := f.Params.K1
	// weight orders a stem's sections: BM25F without the idf, the
	// stem's, the same for all.
	weight := func(p posting) float64 {
		tf := termFreq(f.Params, p, avgB, avgT)
		return float64(tf*(k1+1)) / (tf + k1)
	}
	// Each stem's head on its own, the stems in chunks on every core, and
	// each shard encoded on its own: run in one goroutine, the heads and
	// shards were the tail of a 1,000-page build, the pages long done and
	// one core idle.
	df := make([]int, len(f.Post))
	heads := make([][]posting, len(f.Post))
	const chunk = 512
	par.Each((len(f.Post)+chunk-1)/chunk, func(c int) {
		var h head
		for id := c * chunk; id < min((c+1)*chunk, len(f.Post)); id++ {
			f.headOf(id, weight, &h, df, heads)
		}
	})
	// Shards: runs of stems in vocabulary order, cut once about
	// shardTarget bytes of postings and records.
	type shard struct {
		first, last int
		secs        map[int]bool // the sections its records hold
		size        int          // about its bytes
		b           []byte
		name        string
	}
	var cut []*shard
	for first := 0; first < len(heads); {
		last := first
		size := 0
		seen := map[int]bool{}
		for last < len(heads) && (last == first || size < shardTarget) {
			size += 16 * len(heads[last])
			for _, p := range heads[last] {
				if !seen[p.sec] {
					seen[p.sec] = true
					size += 40 + len(f.Text[p.sec]) + len(f.SecTitle[p.sec])*2
				}
			}
			last++
		}
		cut = append(cut, &shard{first: first, last: last, secs: seen, size: size})
		first = last
	}
	par.Each(len(cut), func(i int) {
		sh := cut[i]
		// Sized by the estimate (and an eighth more for escapes): grown
		// from empty, the shards' copying and zeroing showed in a
		// 1,000-page build's profile (growslice under engine.AppendString).
		b := make([]byte, 0, sh.size+sh.size/8+64)
		b = append(b, `{"v":3,"first":`...)
		b = strconv.AppendInt(b, int64(sh.first), 10)
		b = append(b, `,"post":[`...)
		for id := sh.first; id < sh.last; id++ {
			if id > sh.first {
				b = append(b, ',')
			}
			b = append(b, '[')
			prev := 0
			for i, p := range heads[id] {
				if i > 0 {
					b = append(b, ',')
				}
				b = strconv.AppendInt(b, int64(p.sec-prev), 10)
				b = append(b, ',')
				b = strconv.AppendInt(b, int64(4*p.body+min(p.title, maxTitleTF)), 10)
				b = append(b, ',')
				b = strconv.AppendInt(b, int64(p.blen), 10)
				b = append(b, ',')
				b = strconv.AppendInt(b, int64(p.tlen), 10)
				prev = p.sec
			}
			b = append(b, ']')
		}
		b = append(b, `],"rec":`...)
		b = appendRecords(b, sh.secs, rec)
		b = append(b, '}')
		sum := sha256.Sum256(b)
		// Beside the site's other content-named files: cached for good
		// (the dictionary, at its lasting address, is revalidated).
		sh.b, sh.name = b, "../assets/search-"+f.Lang+"-"+hex.EncodeToString(sum[:6])+".json"
	})
	shards := map[string][]byte{}
	var index [][2]any // [first stem, name]
	for _, sh := range cut {
		shards[sh.name] = sh.b
		index = append(index, [2]any{sh.first, sh.name})
	}
	// The sections a synonym group raises: shown whatever shards a query
	// loads.
	pins := map[int]bool{}
	for _, a := range f.SynAt {
		if a[0] >= 0 {
			pins[a[0]] = true
		}
	}
	var entries [][2]int // [from, to) of the sections of glossary and calculator pages
	for s := 0; s < n; s++ {
		if f.Docs[f.SecDoc[s]][2] == "" {
			continue
		}
		if len(entries) > 0 && entries[len(entries)-1][1] == s {
			entries[len(entries)-1][1] = s + 1
		} else {
			entries = append(entries, [2]int{s, s + 1})
		}
	}
	d := *f
	d.Version = splitFormat
	d.Docs, d.SecDoc, d.SecID, d.SecTitle, d.SecParent, d.TitleLen, d.BodyLen, d.Text, d.Post = [][3]string{}, []int{}, []string{}, []string{}, []int{}, []int{}, []int{}, []string{}, [][]int32{}
	dict, err := d.appendJSON(make([]byte, 0, 4096+len(f.Vocab)+8*len(df)))
	if err != nil {
		return nil, nil, err
	}
	dict = dict[:len(dict)-1] // the closing brace: the split's fields follow
	dict = append(dict, `,"split":{"n":`...)
	dict = strconv.AppendInt(dict, int64(n), 10)
	dict = append(dict, `,"avgb":`...)
	dict = strconv.AppendFloat(dict, avgB, 'g', -1, 64)
	dict = append(dict, `,"avgt":`...)
	dict = strconv.AppendFloat(dict, avgT, 'g', -1, 64)
	dict = append(dict, `,"df":`...)
	dict = appendInts(dict, df)
	dict = append(dict, `,"shards":`...)
	if dict, err = appendMarshal(dict, index); err != nil {
		return nil, nil, err
	}
	dict = append(dict, `,"entries":`...)
	if entries == nil {
		entries = [][2]int{}
	}
	if dict, err = appendMarshal(dict, entries); err != nil {
		return nil, nil, err
	}
	dict = append(dict, `,"pins":`...)
	dict = appendRecords(dict, pins, rec)
	dict = append(dict, "}}"...)
	return dict, shards, nil
}

// weighted is a posting and its weight in the stem's ranking.
type weighted struct {
	posting
	w float64
}

// headOf keeps in heads[id] stem id's best headSize postings (by weight,
// then the first sections) in section order, and in df[id] its number of
// sections; h is the caller's scratch heap.
func (f *indexFile) headOf(id int, weight func(posting) float64, h *head, df []int, heads [][]posting) {
	pl := f.Post[id]
	// The best headSize kept in a heap whose root is the worst of them: a
	// stem of 27,000 sections costs no copy of its postings and no sort
	// of them.
	*h = (*h)[:0]
	sec := 0
	for i := 0; i+1 < len(pl); i += 2 {
		sec += int(pl[i])
		code := int(pl[i+1])
		p := weighted{posting{sec: sec, body: code / 4, title: code % 4, blen: f.BodyLen[sec], tlen: f.TitleLen[sec]}, 0}
		p.w = weight(p.posting)
		if len(*h) < headSize {
			heap.Push(h, p)
		} else if h.better(p, (*h)[0]) {
			(*h)[0] = p
			heap.Fix(h, 0)
		}
	}
	df[id] = len(pl) / 2
	ps := make([]posting, len(*h))
	for i, p := range *h {
		ps[i] = p.posting
	}
	sort.Slice(ps, func(a, c int) bool { return ps[a].sec < ps[c].sec })
	heads[id] = ps
}

// head is a min-heap of postings: the worst (lowest weight, then the
// latest section) at its root.
type head []weighted

func (h head) better(a, b weighted) bool { return a.w > b.w || a.w == b.w && a.sec < b.sec }
func (h head) Len() int                  { return len(h) }
func (h head) Less(i, j int) bool        { return h.better(h[j], h[i]) }
func (h head) Swap(i, j int)             { h[i], h[j] = h[j], h[i] }
func (h *head) Push(x any)               { *h = append(*h, x.(weighted)) }
func (h *head) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// splitInfo is the "split" member of a split index's dictionary.
type splitInfo struct {
	N       int                  `json:"n"`
	AvgB    float64              `json:"avgb"`
	AvgT    float64              `json:"avgt"`
	DF      []int                `json:"df"`
	Shards  [][2]json.RawMessage `json:"shards"`
	Entries [][2]int             `json:"entries"`
	Pins    []json.RawMessage    `json:"pins"`
}

// shardFile is a shard of a split index.
type shardFile struct {
	Version int               `json:"v"`
	First   int               `json:"first"`
	Post    [][]int           `json:"post"`
	Rec     []json.RawMessage `json:"rec"`
}

// Fetch returns a file of a split index by its name in the dictionary
// (relative to the dictionary's folder).
type Fetch func(name string) ([]byte, error)

// FilesFetch returns a Fetch reading files, by path from the site root,
// for the dictionary at dict.
func FilesFetch(files map[string][]byte, dict string) Fetch {
	dir := path.Dir(dict)
	return func(name string) ([]byte, error) {
		b, ok := files[path.Join(dir, name)]
		if !ok {
			return nil, errors.New("search: no file " + path.Join(dir, name))
		}
		return b, nil
	}
}

// loadSplit completes ix from a split dictionary's member, reading every
// shard through fetch (the page reads only those a query needs).
func (ix *Index) loadSplit(raw json.RawMessage, fetch Fetch) error {
	if fetch == nil {
		return errors.New("search: a split index needs its shards (LoadSplit)")
	}
	var sp splitInfo
	if err := json.Unmarshal(raw, &sp); err != nil {
		return err
	}
	if len(sp.DF) != len(ix.post) {
		return errors.New("search: vocabulary and document frequencies of different lengths")
	}
	if sp.N < 0 || math.IsNaN(sp.AvgB) || math.IsNaN(sp.AvgT) {
		return errors.New("search: bad split index")
	}
	ix.n, ix.avgBody, ix.avgTitle, ix.df = sp.N, sp.AvgB, sp.AvgT, sp.DF
	ix.entries = sp.Entries
	ix.recs = map[int]record{}
	if err := ix.addRecords(sp.Pins); err != nil {
		return err
	}
	for _, s := range sp.Shards {
		var first int
		var name string
		if json.Unmarshal(s[0], &first) != nil || json.Unmarshal(s[1], &name) != nil || strings.Contains(name, "\\") || path.IsAbs(name) {
			return errors.New("search: bad shard entry")
		}
		b, err := fetch(name)
		if err != nil {
			return err
		}
		var sf shardFile
		if err := json.Unmarshal(b, &sf); err != nil {
			return err
		}
		if sf.Version != splitFormat || sf.First != first || first < 0 || first+len(sf.Post) > len(ix.post) {
			return errors.New("search: shard " + name + " does not match its dictionary")
		}
		for i, pl := range sf.Post {
			var list []posting
			sec := 0
			for j := 0; j+3 < len(pl); j += 4 {
				sec += pl[j]
				if sec < 0 || sec >= ix.n {
					return errors.New("search: posting out of range")
				}
				list = append(list, posting{sec: sec, body: pl[j+1] / 4, title: pl[j+1] % 4, blen: pl[j+2], tlen: pl[j+3]})
			}
			ix.post[first+i] = list
		}
		if err := ix.addRecords(sf.Rec); err != nil {
			return err
		}
	}
	return nil
}

// addRecords reads pairs (section, record).
func (ix *Index) addRecords(flat []json.RawMessage) error {
	for i := 0; i+1 < len(flat); i += 2 {
		var sec int
		var v []string
		if json.Unmarshal(flat[i], &sec) != nil || json.Unmarshal(flat[i+1], &v) != nil || sec < 0 || sec >= ix.n {
			return errors.New("search: bad section record")
		}
		r, err := recordOf(v)
		if err != nil {
			return err
		}
		ix.recs[sec] = r
	}
	return nil
}
