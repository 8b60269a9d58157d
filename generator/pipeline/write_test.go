package pipeline

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"compendium/generator/testcontent"
	"compendium/generator/values"
)

func TestWriteUpdatesInPlace(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	v1 := map[string][]byte{"index.html": []byte("home"), "fr/a/index.html": []byte("a1"), "fr/a/x/index.html": []byte("share"), "assets/s-1.css": []byte("css")}
	if err := Write(out, v1); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	for name := range v1 {
		_ = os.Chtimes(filepath.Join(out, name), old, old)
	}
	v2 := map[string][]byte{"index.html": []byte("home"), "fr/a/index.html": []byte("a2"), "assets/s-2.css": []byte("css2")}
	if err := Write(out, v2); err != nil {
		t.Fatal(err)
	}
	for name, want := range v2 {
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || string(got) != string(want) {
			t.Errorf("%s = %q, %v; want %q", name, got, err, want)
		}
	}
	if fi, _ := os.Stat(filepath.Join(out, "index.html")); fi.ModTime().After(old.Add(time.Minute)) {
		t.Error("an unchanged file was rewritten")
	}
	for _, gone := range []string{"fr/a/x/index.html", "fr/a/x", "assets/s-1.css"} {
		if _, err := os.Stat(filepath.Join(out, gone)); err == nil {
			t.Errorf("%s is still there", gone)
		}
	}
	if _, err := os.Stat(filepath.Join(out, ManifestName)); err != nil {
		t.Error("no manifest")
	}
}

func TestWriteRefusesForeignFolder(t *testing.T) {
	out := t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "notes.md"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := Write(out, map[string][]byte{"index.html": []byte("x")})
	if err == nil || !strings.Contains(err.Error(), "is not a folder this generator wrote") {
		t.Fatalf("error = %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "notes.md")); string(b) != "mine" {
		t.Error("the folder was changed")
	}
	// A build's folder from before the manifest is replaced whole.
	legacy := t.TempDir()
	for _, n := range []string{"_headers", "sw.js", "index.html"} {
		_ = os.WriteFile(filepath.Join(legacy, n), []byte("old"), 0o644)
	}
	if err := Write(legacy, map[string][]byte{"index.html": []byte("new")}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(legacy, "sw.js")); err == nil {
		t.Error("the legacy build's files were kept")
	}
}

// TestDeterministic: the real site's files are the same bytes whatever the
// parallel pipeline's scheduling (one core, or several).
func TestDeterministic(t *testing.T) {
	opt := Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme", ConfigFile: "../../compendium.json", NoTwins: true}
	gen := func(procs int) map[string][]byte {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		res, err := Generate(opt)
		if err != nil {
			t.Fatal(err)
		}
		return res.Files
	}
	one, many := gen(1), gen(8)
	if len(one) != len(many) {
		t.Fatalf("%d files on one core, %d on eight", len(one), len(many))
	}
	for name, b := range one {
		if !bytes.Equal(b, many[name]) {
			t.Errorf("%s differs between one core and eight", name)
		}
	}
}

// TestSingleFileKept: a rebuild with the same inputs keeps the single-file
// edition and its twins as they are in the folder (not made, not
// written); an edit makes it again, with the edit in it and twins that
// match; a build without twins, then with, makes them again; the result
// is the file a build from scratch makes. A Live build (serve's) keeps
// it even when stale; the next build makes it again.
func TestSingleFileKept(t *testing.T) {
	opt := writeFixture(t, goodSite)
	single := filepath.Join(opt.OutDir, "fr", "compendium.html")
	b := New(opt)
	live := false // serve's rebuilds
	build := func() *Result {
		t.Helper()
		var res *Result
		var err error
		if live {
			res, err = b.Rebuild(context.Background(), nil)
		} else {
			res, err = b.Build(context.Background())
		}
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	build()
	old := time.Now().Add(-time.Hour)
	for _, n := range []string{single, single + ".br", single + ".gz"} {
		if err := os.Chtimes(n, old, old); err != nil {
			t.Fatal(err)
		}
	}
	res := build()
	if _, made := res.Files["fr/compendium.html"]; made {
		t.Error("an unchanged single file was made again")
	}
	for _, n := range []string{single, single + ".br", single + ".gz"} {
		if fi, err := os.Stat(n); err != nil || fi.ModTime().After(old.Add(time.Minute)) {
			t.Errorf("%s was written again (or is gone: %v)", n, err)
		}
	}
	home, _ := os.ReadFile(filepath.Join(opt.OutDir, "fr", "index.html"))
	fi, _ := os.Stat(single)
	if !strings.Contains(string(home), "compendium.html") || fi == nil {
		t.Fatal("the home page does not link the single file")
	}

	doc := filepath.Join(opt.ContentDir, "fr", "alpha.md")
	src, _ := os.ReadFile(doc)
	if err := os.WriteFile(doc, bytes.Replace(src, []byte("Introduction :"), []byte("Introduction révisée :"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	res = build()
	got, _ := os.ReadFile(single)
	if _, made := res.Files["fr/compendium.html"]; !made || !bytes.Contains(got, []byte("Introduction révisée")) {
		t.Fatal("an edit did not reach the single file")
	}
	checkTwins(t, single, got)

	// serve's rebuilds keep it as it was; the next build makes it.
	live = true
	if err := os.WriteFile(doc, bytes.Replace(src, []byte("Introduction :"), []byte("Introduction en direct :"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	build()
	if now, _ := os.ReadFile(single); !bytes.Equal(now, got) {
		t.Error("a Live build made the single file again")
	}
	if page, _ := os.ReadFile(filepath.Join(opt.OutDir, "fr", "alpha", "index.html")); !bytes.Contains(page, []byte("Introduction en direct")) {
		t.Error("a Live build did not update the edited page")
	}
	live = false
	build()
	got, _ = os.ReadFile(single)
	if !bytes.Contains(got, []byte("Introduction en direct")) {
		t.Error("the build after a Live one kept the stale single file")
	}
	checkTwins(t, single, got)

	opt.NoTwins = true
	b = New(opt)
	build()
	if _, err := os.Stat(single + ".br"); err == nil {
		t.Error("a build without twins left the single file's twin")
	}
	opt.NoTwins = false
	b = New(opt)
	build()
	checkTwins(t, single, got)

	scratch := opt
	scratch.OutDir = filepath.Join(t.TempDir(), "public")
	if _, err := Build(scratch); err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(filepath.Join(scratch.OutDir, "fr", "compendium.html"))
	if got, _ := os.ReadFile(single); !bytes.Equal(got, want) {
		t.Error("the kept single file differs from a build from scratch")
	}
}

// TestCompleteMakesTheSingleFile: after serve's Rebuild left the
// single-file edition as it was, Complete makes it with the edit, leaves
// no twin of the earlier file beside it (a host serving the folder would
// send the stale twin), and the home page that offers it gives its size;
// a Complete with nothing changed writes nothing.
func TestCompleteMakesTheSingleFile(t *testing.T) {
	opt := writeFixture(t, goodSite)
	single := filepath.Join(opt.OutDir, "fr", "compendium.html")
	b := New(opt)
	if _, err := b.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	doc := filepath.Join(opt.ContentDir, "fr", "alpha.md")
	src, _ := os.ReadFile(doc)
	if err := os.WriteFile(doc, bytes.Replace(src, []byte("Introduction :"), []byte("Introduction en direct :"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Rebuild(context.Background(), []string{doc}); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(single); bytes.Contains(got, []byte("Introduction en direct")) {
		t.Fatal("Rebuild made the single file: the test is moot")
	}
	res, err := b.Complete(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(single)
	if _, made := res.Files["fr/compendium.html"]; !made || !bytes.Contains(got, []byte("Introduction en direct")) {
		t.Fatal("Complete did not make the single file with the edit")
	}
	if _, err := os.Stat(single + ".gz"); err == nil {
		checkTwins(t, single, got)
	}
	// The single file and the home page that offers it (with its size)
	// are a build from scratch's.
	scratch := opt
	scratch.OutDir = filepath.Join(t.TempDir(), "public")
	if _, err := Build(scratch); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"fr/compendium.html", "fr/index.html"} {
		want, _ := os.ReadFile(filepath.Join(scratch.OutDir, name))
		if got, _ := os.ReadFile(filepath.Join(opt.OutDir, name)); !bytes.Equal(got, want) {
			t.Errorf("%s after Complete differs from a build from scratch's", name)
		}
	}
	res, err = b.Complete(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, made := res.Files["fr/compendium.html"]; made {
		t.Error("a Complete with nothing changed made the single file again")
	}
	if !LeftByRebuild("/fr/compendium.html") || LeftByRebuild("/fr/alpha/") {
		t.Error("LeftByRebuild does not name the single file alone")
	}
}

// checkTwins fails unless name's .gz twin holds body and its .br twin is
// there.
func checkTwins(t *testing.T, name string, body []byte) {
	t.Helper()
	f, err := os.Open(name + ".gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(got, body) {
		t.Errorf("%s.gz does not hold %s (%v)", name, name, err)
	}
	if _, err := os.Stat(name + ".br"); err != nil {
		t.Errorf("no %s.br", name)
	}
}

// TestLiveBuildsMatchFullBuilds: serve's Live rebuilds keep the theme,
// the calculators' HTML, the search's analyses and the checks' words
// from one build to the next; after each kind of edit (a paragraph, a
// heading a calculator cites, a calculator's values, an interface
// string, the glossary) every page and index they write is the one a
// full build writes. Only the single-file editions (kept as they were)
// and twins (none for changed files) may differ.
func TestLiveBuildsMatchFullBuilds(t *testing.T) {
	opt := writeFixture(t, goodSite+"-- content/fr/fantasy.md --\n---\ntitle: Troisième\nshort: Jeu — Troisième\norder: 3\nslug: fantasy\nsummary: Le troisième.\nsource: 002_test.txt\n---\n## L'armure du jeu {#armor}\n\nLe texte. "+values.Declarations("armor")+"\n\n```calc armor\n```\n")
	theme := filepath.Join(filepath.Dir(opt.ContentDir), "theme")
	if err := os.CopyFS(theme, os.DirFS("../../theme")); err != nil {
		t.Fatal(err)
	}
	opt.ThemeDir, opt.Root = theme, "../.."
	lb := New(opt) // serve's builder: one build, then a rebuild per edit
	if _, err := lb.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	var changed []string
	edit := func(file, old, new string) {
		t.Helper()
		changed = append(changed, file)
		b, err := os.ReadFile(file)
		if err != nil || !bytes.Contains(b, []byte(old)) {
			t.Fatalf("%s has no %q (%v)", file, old, err)
		}
		if err := os.WriteFile(file, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gamma := filepath.Join(opt.ContentDir, "fr", "fantasy.md") // the armour calculator cites fantasy#armor
	for _, step := range []struct {
		name string
		do   func()
	}{
		{"a paragraph", func() { edit(gamma, "Le texte.", "Le texte révisé.") }},
		{"the same paragraph again", func() { edit(gamma, "Le texte révisé.", "Le texte revu.") }},
		{"a heading the calculator cites", func() { edit(gamma, "## L'armure du jeu {#armor}", "## L'armure portée {#armor}") }},
		{"a calculator's values", func() { edit(gamma, "```calc armor\n```", "```calc armor\n{\"hits\": [2]}\n```") }},
		{"an interface string", func() { edit(filepath.Join(theme, "i18n", "fr.json"), `"calculators": "`, `"calculators": "Les `) }},
		{"nothing", func() {}},
	} {
		changed = []string{}
		step.do()
		if _, err := lb.Rebuild(context.Background(), changed); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		full := opt
		full.OutDir = filepath.Join(t.TempDir(), "public")
		if _, err := Build(full); err != nil {
			t.Fatal(err)
		}
		err := filepath.WalkDir(full.OutDir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(full.OutDir, p)
			if strings.HasSuffix(rel, ".br") || strings.HasSuffix(rel, ".gz") || strings.HasSuffix(rel, "compendium.html") || rel == ManifestName {
				return nil
			}
			want, _ := os.ReadFile(p)
			got, err := os.ReadFile(filepath.Join(opt.OutDir, rel))
			if rel == "sw.js" && err == nil {
				got, want = singlesMasked(t, got), singlesMasked(t, want)
			}
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("after %s, the Live build's %s differs from a full build's (%v)", step.name, rel, err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// singlesMasked returns the worker's source with what the single-file
// editions, kept as they were by a Live build, change in it blanked: their
// hashes and sizes in SUMS and SIZES, and VERSION, which hashes every file.
func singlesMasked(t *testing.T, sw []byte) []byte {
	t.Helper()
	m := regexp.MustCompile(`FILES=(\[[^\]]*\])`).FindSubmatch(sw)
	var names []string
	if m == nil || json.Unmarshal(m[1], &names) != nil {
		t.Fatalf("no FILES in sw.js")
	}
	for _, key := range []string{"SUMS", "SIZES"} {
		at := regexp.MustCompile(key + `=(\[[^\]]*\])`).FindSubmatchIndex(sw)
		var vals []any
		if at == nil || json.Unmarshal(sw[at[2]:at[3]], &vals) != nil || len(vals) != len(names) {
			t.Fatalf("no %s beside FILES in sw.js", key)
		}
		for i, n := range names {
			if strings.HasSuffix(n, "/compendium.html") {
				vals[i] = nil
			}
		}
		b, _ := json.Marshal(vals)
		sw = append(append(append([]byte{}, sw[:at[2]]...), b...), sw[at[3]:]...)
	}
	return regexp.MustCompile(`VERSION="[0-9a-f]+"`).ReplaceAll(sw, []byte(`VERSION=""`))
}

// TestCardsKept: a rebuild keeps the link-preview cards the folder holds
// from the same inputs without reading them (not in Files, not written);
// a document whose card text changes gets its card made again, the others
// stay kept.
func TestCardsKept(t *testing.T) {
	opt := writeFixture(t, goodSite)
	res, err := Build(opt)
	if err != nil {
		t.Fatal(err)
	}
	var cards []string
	for name := range res.Files {
		if strings.HasPrefix(name, "og/") {
			cards = append(cards, name)
		}
	}
	if len(cards) < 2 {
		t.Fatalf("the fixture has %d cards, want a few", len(cards))
	}
	old := time.Now().Add(-time.Hour)
	for _, n := range cards {
		if err := os.Chtimes(filepath.Join(opt.OutDir, n), old, old); err != nil {
			t.Fatal(err)
		}
	}
	res, err = Build(opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range cards {
		if _, made := res.Files[n]; made {
			t.Errorf("%s: an unchanged card was read again", n)
		}
		if fi, err := os.Stat(filepath.Join(opt.OutDir, n)); err != nil || fi.ModTime().After(old.Add(time.Minute)) {
			t.Errorf("%s was written again (or is gone: %v)", n, err)
		}
	}

	doc := filepath.Join(opt.ContentDir, "fr", "alpha.md")
	src, _ := os.ReadFile(doc)
	if err := os.WriteFile(doc, bytes.Replace(src, []byte("summary: Le premier."), []byte("summary: Le tout premier."), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = Build(opt)
	if err != nil {
		t.Fatal(err)
	}
	made := 0
	for _, n := range cards {
		if b, ok := res.Files[n]; ok {
			made++
			if on, _ := os.ReadFile(filepath.Join(opt.OutDir, n)); !bytes.Equal(on, b) {
				t.Errorf("%s: the card made again is not the one written", n)
			}
		}
	}
	if _, ok := res.Files["og/fr/alpha.png"]; !ok || made == len(cards) {
		t.Errorf("after an edit of alpha's summary: %d of %d cards made again, want alpha's (og/fr/alpha.png) and not all", made, len(cards))
	}
}

// TestPagesKept: a rebuild lets go of every page the folder already holds
// byte for byte (not in Files, not written, twins kept); an edit makes
// the pages it changes; whatever was kept, the folder is the one a build
// into an empty folder makes (pages, twins, the service worker's lists),
// with and without twins.
func TestPagesKept(t *testing.T) {
	opt := writeFixture(t, goodSite)
	build := func(o Options) *Result {
		t.Helper()
		res, err := Build(o)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	var pages []string
	for name := range build(opt).Files {
		if strings.HasSuffix(name, ".html") && !strings.HasSuffix(name, "compendium.html") {
			pages = append(pages, name)
		}
	}
	old := time.Now().Add(-time.Hour)
	for _, n := range pages {
		for _, ext := range []string{"", ".br", ".gz"} {
			if err := os.Chtimes(filepath.Join(opt.OutDir, n+ext), old, old); err != nil && ext == "" {
				t.Fatal(err)
			}
		}
	}
	res := build(opt)
	// The engine's module too, named by its content: kept, not read.
	for name := range res.Files {
		if strings.HasPrefix(name, "assets/engine-") {
			t.Errorf("%s: the unchanged module was read and held for the write", name)
		}
	}
	for _, n := range pages {
		if _, held := res.Files[n]; held {
			t.Errorf("%s: an unchanged page was held for the write", n)
		}
		for _, ext := range []string{"", ".br", ".gz"} {
			if fi, err := os.Stat(filepath.Join(opt.OutDir, n+ext)); err == nil && fi.ModTime().After(old.Add(time.Minute)) {
				t.Errorf("%s%s was written again", n, ext)
			}
		}
	}

	same := func(what string, o Options) {
		t.Helper()
		fresh := o
		fresh.OutDir = t.TempDir()
		build(fresh)
		if diff := compareDirs(fresh.OutDir, o.OutDir); diff != "" {
			t.Errorf("%s: the folder differs from a build into an empty one: %s", what, diff)
		}
	}
	same("rebuild", opt)

	doc := filepath.Join(opt.ContentDir, "fr", "alpha.md")
	src, _ := os.ReadFile(doc)
	if err := os.WriteFile(doc, bytes.Replace(src, []byte("Introduction :"), []byte("Introduction révisée :"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	res = build(opt)
	if b, ok := res.Files["fr/alpha/index.html"]; !ok || !bytes.Contains(b, []byte("Introduction révisée")) {
		t.Error("the edited page was not made again")
	}
	if _, ok := res.Files["fr/beta/index.html"]; ok {
		t.Error("a page the edit does not change was held for the write")
	}
	same("after an edit", opt)
	opt.NoTwins = true
	build(opt)
	same("without twins", opt)
	opt.NoTwins = false
	build(opt)
	same("with twins again", opt)
}

// compareDirs returns the first difference between two build folders
// (their manifests aside), or "".
func compareDirs(a, b string) string {
	list := func(dir string) map[string][]byte {
		files := map[string][]byte{}
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && d.Name() != ManifestName {
				rel, _ := filepath.Rel(dir, p)
				files[rel], _ = os.ReadFile(p)
			}
			return nil
		})
		return files
	}
	fa, fb := list(a), list(b)
	for name, x := range fa {
		y, ok := fb[name]
		if !ok {
			return name + " is missing"
		}
		if !bytes.Equal(x, y) {
			return name + " differs"
		}
	}
	for name := range fb {
		if _, ok := fa[name]; !ok {
			return name + " should not be there"
		}
	}
	return ""
}

// TestManifestReadOnce: the write reuses the manifest the build read at
// its start only while the file is the one read; another build's write in
// between (a new manifest renamed over it) is read again, and the files
// that build removed are not taken for present.
func TestManifestReadOnce(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	if err := Write(out, map[string][]byte{"index.html": []byte("home"), "a.html": []byte("a")}); err != nil {
		t.Fatal(err)
	}
	read := readManifestNow(out)
	if !read.unchanged(out) || read.m.Files["a.html"] == "" {
		t.Fatalf("a manifest just read is not taken as unchanged: %+v", read)
	}
	// Another build meanwhile: a.html goes, b.html comes.
	if err := Write(out, map[string][]byte{"index.html": []byte("home"), "b.html": []byte("b")}); err != nil {
		t.Fatal(err)
	}
	if read.unchanged(out) {
		t.Fatal("a manifest rewritten since it was read is taken as unchanged")
	}
	files := map[string][]byte{"index.html": []byte("home"), "a.html": []byte("a2")}
	if err := writeSums(context.Background(), out, files, hashFiles(files, nil), nil, nil, read); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"a.html": "a2", "index.html": "home"} {
		if got, err := os.ReadFile(filepath.Join(out, name)); err != nil || string(got) != want {
			t.Errorf("%s = %q, %v; want %q", name, got, err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "b.html")); err == nil {
		t.Error("b.html, which the other build wrote and this one does not have, is still there")
	}
	if (*readManifestResult)(nil).unchanged(out) || readManifestNow(filepath.Join(out, "nothing")).unchanged(out) {
		t.Error("no reading, or the reading of a missing folder, is taken as unchanged")
	}
}

// TestNoOpWriteKeepsManifest: a write that changes no file leaves the
// manifest file as it was; one that changes a file writes it anew.
func TestNoOpWriteKeepsManifest(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	files := map[string][]byte{"index.html": []byte("home"), "a.html": []byte("a")}
	if err := Write(out, files); err != nil {
		t.Fatal(err)
	}
	before := readManifestNow(out)
	if err := Write(out, files); err != nil {
		t.Fatal(err)
	}
	if !before.unchanged(out) {
		t.Error("a write that changed nothing wrote the manifest again")
	}
	files["a.html"] = []byte("a2")
	if err := Write(out, files); err != nil {
		t.Fatal(err)
	}
	if before.unchanged(out) {
		t.Error("a write that changed a file kept the old manifest")
	}
	if m := readManifestNow(out); m.m.Files["a.html"] == before.m.Files["a.html"] {
		t.Error("the manifest does not record the new a.html")
	}
}

// TestDirtyListDistrusted: the files an unfinished update lists are not
// taken as the manifest says: one whose bytes the manifest still records
// is written again, one the next build does not have is removed even if
// the manifest never knew it, and their temporary files go; an empty or
// cut list (a power cut while it was written) has the folder written
// anew. Either way the folder ends as the files given, and unmarked.
func TestDirtyListDistrusted(t *testing.T) {
	files := map[string][]byte{"index.html": []byte("home"), "a/index.html": []byte("a"), "sw.js": []byte("sw")}
	for _, list := range []string{`["a/index.html","b/index.html","sw.js"]`, ``, `["a/ind`} {
		out := filepath.Join(t.TempDir(), "public")
		if err := Write(out, files); err != nil {
			t.Fatal(err)
		}
		// What a stopped build left: a.html half-changed, a new b.html
		// the manifest does not list, a temporary file of a dead process.
		for name, body := range map[string]string{"a/index.html": "other build", "b/index.html": "new page", "sw.js.tmp-999999999": "x"} {
			p := filepath.Join(out, filepath.FromSlash(name))
			_ = os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(out, DirtyName), []byte(list), 0o644); err != nil {
			t.Fatal(err)
		}
		if !Unfinished(out) {
			t.Fatal("a folder with the list is not Unfinished")
		}
		if err := Write(out, files); err != nil {
			t.Fatal(err)
		}
		var got []string
		_ = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(out, p)
				got = append(got, filepath.ToSlash(rel))
			}
			return nil
		})
		want := []string{ManifestName, "a/index.html", "index.html", "sw.js"}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("list %q: the folder holds %v, want %v", list, got, want)
		}
		if b, _ := os.ReadFile(filepath.Join(out, "a", "index.html")); string(b) != "a" {
			t.Errorf("list %q: a/index.html = %q, want the build's", list, b)
		}
	}
}

// TestProgress: a build tells Options.Progress each stage as it ends,
// from the content's loading to the files' writing stages.
func TestProgress(t *testing.T) {
	opt := writeFixture(t, goodSite)
	var mu sync.Mutex
	var stages []string
	opt.Progress = func(s string) {
		mu.Lock()
		stages = append(stages, s)
		mu.Unlock()
	}
	res, err := Build(opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"load and check", "editions and drifts", "single-file editions", "home pages"} {
		if !slices.Contains(stages, want) {
			t.Errorf("Progress was not told %q: %q", want, stages)
		}
	}
	// Every stage -timings lists but the write, which the Builder times.
	if len(stages) != len(res.Phases)-1 {
		t.Errorf("%d stages told, %d timed", len(stages), len(res.Phases))
	}
}
