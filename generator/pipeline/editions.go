package pipeline

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/yuin/goldmark"

	"compendium/generator/calcui"
	"compendium/generator/edition"
	"compendium/generator/markdown"
	"compendium/generator/render"
	"compendium/generator/site"
	"compendium/generator/values"
)

// editionChanges compares the content with the previous edition's (the
// newest edition/<name> tag whose name is not current), per language,
// and marks the changed sections, with a note naming the edition it
// compared with. Without history or a previous edition it returns a note
// saying so, and no changes.
func (b *Builder) editionChanges(root, cacheDir string, s *site.Site, theme *render.Theme, calc *calcs, current string) (map[string]*render.Changes, []Note, error) {
	opt := b.opt
	prev, err := edition.FindPrevious(opt.ContentDir, current)
	switch {
	case errors.Is(err, edition.ErrNoHistory):
		return nil, []Note{{"note-no-history", []string{"dir", opt.ContentDir}}}, nil
	case err != nil:
		return nil, nil, fmt.Errorf("editions: %w", err)
	case prev == nil:
		return nil, []Note{{"note-no-edition", []string{"prefix", edition.TagPrefix}}}, nil
	}
	old, err := b.previousSite(prev)
	if err != nil {
		return nil, nil, err
	}
	oldValues, _ := values.Collect(old) // read as it was: its problems are not this build's
	outputs, note := calcOutputs(prev, s, old, oldValues, calc, cacheDir)
	// The changes page names the edition; the build's output says it
	// too, so that the organiser sees which tag was found before looking.
	notes := []Note{{"note-edition-compared", []string{"name", prev.Name, "tag", edition.TagPrefix + prev.Name, "date", prev.When.Format("2006-01-02")}}}
	if note != nil {
		notes = append(notes, *note)
	}
	oldRules, _ := json.Marshal(oldValues.Rules.Values())
	out := map[string]*render.Changes{}
	for _, l := range s.Langs {
		var figures func(*markdown.Calc) bool
		if outputs != nil {
			figures = func(b *markdown.Calc) bool { return outputs.blocks[b] }
		}
		docs := edition.Compare(old.Lang(l.Code), l, figures)
		ch := &render.Changes{Since: prev.Name, Edition: current, Docs: docs, Values: calc.valueChanges(oldValues, old, l.Code), OldRules: string(oldRules)}
		if outputs != nil {
			ch.Calcs = outputs.forms[l.Code]
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

// calcChanges are the calculators whose figures changed between editions:
// per language, the calculators page's (their defaults), and the
// documents' blocks (their settings).
type calcChanges struct {
	forms  map[string][]edition.Ref
	blocks map[*markdown.Calc]bool
}

// calcOutputs runs each calculator with its defaults, and each block of
// the documents that the previous edition had too with its settings, on
// each edition's engine with that edition's rule values, and lists those
// whose figures differ: a rule value changed in the text (plate 3 → 4)
// changes the armour calculator's figures as much as a change of the
// engine does. When the previous engine cannot run, it says so in a note
// and returns nil: the changes page then lists the blocks placed, removed
// or set up differently.
func calcOutputs(prev *edition.Previous, s, old *site.Site, oldValues *values.Set, calc *calcs, cacheDir string) (*calcChanges, *Note) {
	type run struct {
		lang  string
		ref   edition.Ref    // a calculator of the calculators page
		block *markdown.Calc // or a block of a document
		now   map[string]any
		then  edition.CalcInput
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
			for _, p := range edition.PairBlocks(od, d) {
				if p.Old == nil || p.Cur == nil {
					continue
				}
				f, blockInputs := calcui.Lookup(p.Cur.Name), calc.inputs[p.Cur]
				if f == nil || blockInputs == nil {
					continue
				}
				var block map[string]any
				if len(bytes.TrimSpace(p.Old.Defaults)) > 0 && json.Unmarshal(p.Old.Defaults, &block) != nil {
					continue
				}
				runs = append(runs, run{lang: l.Code, block: p.Cur, now: f.EngineInput(blockInputs), then: edition.CalcInput{Name: p.Cur.Name, Input: f.EngineInput(f.Merge(block))}})
			}
		}
	}
	inputs := make([]edition.CalcInput, len(runs))
	for i, r := range runs {
		inputs[i] = r.then
	}
	// The previous edition's values: those its content declared; the
	// others were its engine's defaults.
	then := map[string]int{}
	for key := range oldValues.Decls {
		if n, ok := oldValues.Rules.Get(key); ok {
			then[key] = n
		}
	}
	// Known here rather than from RunEngine's error, whose words are
	// English.
	if prev.Engine["go.mod"] == nil {
		return nil, &Note{"note-calcs-no-gomod", []string{"name", prev.Name}}
	}
	before, err := prev.RunEngine(then, inputs, cacheDir)
	if err != nil {
		return nil, engineNote(prev.Name, err)
	}
	rules := calc.ruleSet().Rules
	out := &calcChanges{forms: map[string][]edition.Ref{}, blocks: map[*markdown.Calc]bool{}}
	for i, r := range runs {
		now, cerr := rules.Calculate(r.then.Name, r.now)
		var after []byte
		if cerr != nil {
			after = []byte(`{"error":true}`)
		} else {
			after, _ = json.Marshal(now)
		}
		if edition.SameResult(before[i], after) {
			continue
		}
		if r.block != nil {
			out.blocks[r.block] = true
			continue
		}
		out.forms[r.lang] = append(out.forms[r.lang], r.ref)
	}
	return out, nil
}

// engineNote says why the previous edition's engine, name, did not run
// (err): in the organiser's language where the reason is known (no go
// command), with Go's own words otherwise, which are English.
func engineNote(name string, err error) *Note {
	if _, lerr := exec.LookPath("go"); lerr != nil {
		return &Note{"note-calcs-no-go", []string{"name", name}}
	}
	return &Note{"note-calcs-engine", []string{"name", name, "err", err.Error()}}
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
	// Parsed as this edition's content is (calculator blocks apart from
	// the prose): parsed otherwise, a block's JSON would be words of its
	// section, and every section holding a block with settings would be
	// "changed" by an edition that changed nothing.
	mds := map[string]goldmark.Markdown{}
	for _, lang := range site.Languages {
		mds[lang] = markdown.New(markdown.WithLanguage(lang), markdown.WithExtensions(markdown.CalcBlocks()))
	}
	s, _ := site.Load(dir, site.Options{Markdown: mds})
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
