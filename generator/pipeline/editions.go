package pipeline

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"compendium/generator/calcui"
	"compendium/generator/edition"
	"compendium/generator/render"
	"compendium/generator/site"
	"compendium/generator/values"
	"compendium/wasm/engine"
)

// editionChanges compares the content with the previous edition's (the
// newest edition/<name> tag whose name is not current), per language,
// and marks the changed sections. Without history or a previous edition
// it returns a note saying so, and no changes.
func (b *Builder) editionChanges(root string, s *site.Site, theme *render.Theme, calc *calcs, current string) (map[string]*render.Changes, []string, error) {
	opt := b.opt
	prev, err := edition.FindPrevious(opt.ContentDir, current)
	switch {
	case errors.Is(err, edition.ErrNoHistory):
		return nil, []string{"editions: " + err.Error() + " for " + opt.ContentDir + ": no “what changed” page (see content/README.md)"}, nil
	case err != nil:
		return nil, nil, errors.New("editions: " + err.Error())
	case prev == nil:
		return nil, []string{"editions: no earlier edition tag (" + edition.TagPrefix + "NAME) in the history: no “what changed” page"}, nil
	}
	old, err := b.previousSite(prev)
	if err != nil {
		return nil, nil, err
	}
	outputs, note := calcOutputs(prev, s, old, calc, filepath.Join(root, ".cache", "editions"))
	var notes []string
	if note != "" {
		notes = append(notes, note)
	}
	out := map[string]*render.Changes{}
	oldValues, _ := values.Collect(old) // read as it was: its problems are not this build's
	for _, l := range s.Langs {
		docs := edition.Compare(old.Lang(l.Code), l)
		ch := &render.Changes{Since: prev.Name, Edition: current, Docs: docs, Values: calc.valueChanges(oldValues, old, l.Code)}
		if outputs != nil {
			ch.Calcs = outputs.forms[l.Code]
			docs = withBlockChanges(docs, outputs.blocks[l.Code], l)
			ch.Docs = docs
		}
		out[l.Code] = ch
		for _, d := range docs {
			for _, c := range d.Changed {
				if err := theme.AddChangedBadge(s, l.Code, d.Slug, c.ID, current); err != nil {
					return nil, nil, err
				}
			}
		}
	}
	return out, notes, nil
}

// calcChanges are the calculators whose result changed between editions:
// per language, the calculators page's (their defaults) and each
// document's blocks (their values), by document slug.
type calcChanges struct {
	forms  map[string][]edition.Ref
	blocks map[string]map[string][]edition.Ref
}

// calcOutputs runs each calculator with its defaults, and each block of
// the documents with its values, on the previous edition's engine and on
// this one, and lists those whose figures differ. When the previous
// engine cannot run, it says so in a note and returns nil: the changes
// page then lists the blocks whose values changed.
func calcOutputs(prev *edition.Previous, s, old *site.Site, calc *calcs, cacheDir string) (*calcChanges, string) {
	type run struct {
		lang, slug string
		ref        edition.Ref
		now        map[string]any
		then       edition.CalcInput
	}
	var runs []run
	for _, l := range s.Langs {
		for _, f := range calcui.Forms {
			in := f.EngineInput(f.Merge(nil))
			runs = append(runs, run{lang: l.Code, ref: edition.Ref{ID: f.Name, Title: calc.theme.T(l.Code, "calc."+f.Name+".title")}, now: in, then: edition.CalcInput{Name: f.Name, Input: in}})
		}
		ol := old.Lang(l.Code)
		for _, d := range l.Docs {
			var od *site.Doc
			if ol != nil {
				od = ol.Doc(d.Slug)
			}
			if od == nil {
				continue
			}
			count, oldCount := map[string]int{}, map[string]int{}
			oldBlocks := map[string][]byte{}
			for _, b := range od.Calcs {
				oldCount[b.Name]++
				oldBlocks[b.Name+"#"+strconv.Itoa(oldCount[b.Name])] = b.Defaults
			}
			for _, b := range d.Calcs {
				count[b.Name]++
				was, ok := oldBlocks[b.Name+"#"+strconv.Itoa(count[b.Name])]
				f, values := calcui.Lookup(b.Name), calc.values[b]
				if !ok || f == nil || values == nil {
					continue
				}
				var block map[string]any
				if len(bytes.TrimSpace(was)) > 0 && json.Unmarshal(was, &block) != nil {
					continue
				}
				ref := edition.Ref{ID: b.Name, Title: b.Name}
				if sec := d.SectionAt(b.Offset); sec != nil {
					ref = edition.Ref{ID: sec.ID, Title: sec.Title}
				}
				runs = append(runs, run{lang: l.Code, slug: d.Slug, ref: ref, now: f.EngineInput(values), then: edition.CalcInput{Name: b.Name, Input: f.EngineInput(f.Merge(block))}})
			}
		}
	}
	inputs := make([]edition.CalcInput, len(runs))
	for i, r := range runs {
		inputs[i] = r.then
	}
	before, err := prev.RunEngine(inputs, cacheDir)
	if err != nil {
		return nil, "editions: the calculators were compared by their values only (" + err.Error() + ")"
	}
	out := &calcChanges{forms: map[string][]edition.Ref{}, blocks: map[string]map[string][]edition.Ref{}}
	for i, r := range runs {
		now, cerr := engine.Calculate(r.then.Name, r.now)
		var after []byte
		if cerr != nil {
			after = []byte(`{"error":true}`)
		} else {
			after, _ = json.Marshal(now)
		}
		if edition.SameResult(before[i], after) {
			continue
		}
		if r.slug == "" {
			out.forms[r.lang] = append(out.forms[r.lang], r.ref)
			continue
		}
		if out.blocks[r.lang] == nil {
			out.blocks[r.lang] = map[string][]edition.Ref{}
		}
		if !slices.Contains(out.blocks[r.lang][r.slug], r.ref) {
			out.blocks[r.lang][r.slug] = append(out.blocks[r.lang][r.slug], r.ref)
		}
	}
	return out, ""
}

// withBlockChanges puts in each document's changes the blocks whose
// figures changed (instead of those whose values did), adding the
// documents that changed only there.
func withBlockChanges(docs []edition.DocChanges, blocks map[string][]edition.Ref, l *site.Lang) []edition.DocChanges {
	seen := map[string]bool{}
	for i := range docs {
		docs[i].Calcs = blocks[docs[i].Slug]
		seen[docs[i].Slug] = true
	}
	for _, d := range l.Docs {
		if refs := blocks[d.Slug]; len(refs) > 0 && !seen[d.Slug] {
			title := d.Short
			if title == "" {
				title = d.Title
			}
			docs = append(docs, edition.DocChanges{Slug: d.Slug, Title: title, Calcs: refs})
		}
	}
	// The empty documents (only their blocks' values changed, not their
	// figures) go.
	out := docs[:0]
	for _, d := range docs {
		if d.New || d.Gone || len(d.Added)+len(d.Removed)+len(d.Changed)+len(d.Calcs) > 0 {
			out = append(out, d)
		}
	}
	return out
}

// previousSite loads the previous edition's content (its problems are
// not this build's: it is read as it was).
func (b *Builder) previousSite(prev *edition.Previous) (*site.Site, error) {
	if s, ok := b.editions[prev.Commit]; ok {
		return s, nil
	}
	dir, err := os.MkdirTemp("", "compendium-edition-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := prev.WriteTo(dir); err != nil {
		return nil, err
	}
	s, _ := site.Load(dir, site.Options{})
	b.editions[prev.Commit] = s
	return s, nil
}

// contentDay is the day (UTC) the newest file of the content folder was
// written: what a page's footer says as the rules' date. A day, not a
// time: the pages change with it, and the edits of one day must not each
// change every page.
func contentDay(dir string) time.Time {
	var newest time.Time
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if fi, err := d.Info(); err == nil && fi.ModTime().After(newest) {
			newest = fi.ModTime()
		}
		return nil
	})
	if newest.IsZero() {
		return newest
	}
	y, m, day := newest.UTC().Date()
	return time.Date(y, m, day, 0, 0, 0, 0, time.UTC)
}
