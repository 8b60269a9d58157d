// Package edition compares the rules with their previous edition, read
// from the repository's history: an edition is a git tag edition/<name>
// (edition/2026), the current edition's name comes from the site
// configuration. The history is read with go-git, so no git program is
// needed; a site built without history (a tarball, a shallow clone) is
// built as usual, without the comparison.
package edition

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// TagPrefix starts the name of an edition's tag.
const TagPrefix = "edition/"

// Previous is the previous edition's content, read from its tag.
type Previous struct {
	// Name is the edition's name ("2025"), Commit its commit's hash.
	Name, Commit string
	// When is the day of that commit: the build names the edition it
	// compares with by its tag and this date.
	When time.Time
	// Files maps a content path ("fr/fantasy.md", slash-separated,
	// relative to the content folder) to its bytes in that edition.
	Files map[string][]byte
	// Engine holds that edition's rules engine: go.mod, go.sum and the
	// engine's Go files (wasm/engine/, not its tests), by path from the
	// repository's root.
	Engine map[string][]byte
}

// ErrNoHistory says the content folder is not in a git repository with
// its history.
var ErrNoHistory = errors.New("no git history")

// FindPrevious returns the newest edition tag of the repository that holds
// contentDir whose name is not current (the edition being built), with the
// content files it had; nil when there is no such tag. An error wrapping
// ErrNoHistory means there is no repository, or a shallow one.
func FindPrevious(contentDir, current string) (*Previous, error) {
	abs, err := filepath.Abs(contentDir)
	if err != nil {
		return nil, err
	}
	repo, err := git.PlainOpenWithOptions(abs, &git.PlainOpenOptions{DetectDotGit: true})
	if errors.Is(err, git.ErrRepositoryNotExists) {
		return nil, ErrNoHistory
	}
	if err != nil {
		return nil, err
	}
	wt, err := repo.Worktree()
	if err != nil {
		return nil, err
	}
	root, err := filepath.EvalSymlinks(wt.Filesystem.Root())
	if err != nil {
		return nil, err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		return nil, ErrNoHistory
	}
	if shallow, _ := repo.Storer.Shallow(); len(shallow) > 0 {
		return nil, errors.Join(ErrNoHistory, errors.New("a shallow clone"))
	}
	type tag struct {
		name   string
		commit *object.Commit
	}
	var tags []tag
	refs, err := repo.Tags()
	if err != nil {
		return nil, err
	}
	err = refs.ForEach(func(ref *plumbing.Reference) error {
		name := ref.Name().Short()
		if !strings.HasPrefix(name, TagPrefix) || strings.TrimPrefix(name, TagPrefix) == current {
			return nil
		}
		hash := ref.Hash()
		if t, err := repo.TagObject(hash); err == nil { // an annotated tag
			hash = t.Target
		}
		c, err := repo.CommitObject(hash)
		if err != nil {
			return nil // a tag of something else than a commit
		}
		tags = append(tags, tag{strings.TrimPrefix(name, TagPrefix), c})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(tags) == 0 {
		return nil, nil
	}
	sort.Slice(tags, func(i, j int) bool {
		ti, tj := tags[i].commit.Committer.When, tags[j].commit.Committer.When
		if !ti.Equal(tj) {
			return ti.After(tj)
		}
		return tags[i].name > tags[j].name
	})
	prev := &Previous{Name: tags[0].name, Commit: tags[0].commit.Hash.String(), When: tags[0].commit.Committer.When, Files: map[string][]byte{}, Engine: map[string][]byte{}}
	tree, err := tags[0].commit.Tree()
	if err != nil {
		return nil, err
	}
	prefix := filepath.ToSlash(rel) + "/"
	if rel == "." {
		prefix = ""
	}
	err = tree.Files().ForEach(func(f *object.File) error {
		engine := f.Name == "go.mod" || f.Name == "go.sum" ||
			strings.HasPrefix(f.Name, EnginePath+"/") && strings.HasSuffix(f.Name, ".go") && !strings.HasSuffix(f.Name, "_test.go") && !strings.Contains(strings.TrimPrefix(f.Name, EnginePath+"/"), "/")
		if !strings.HasPrefix(f.Name, prefix) && !engine {
			return nil
		}
		r, err := f.Reader()
		if err != nil {
			return err
		}
		defer r.Close()
		b, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		if engine {
			prev.Engine[f.Name] = b
		}
		if strings.HasPrefix(f.Name, prefix) {
			prev.Files[strings.TrimPrefix(f.Name, prefix)] = b
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return prev, nil
}

// WriteTo writes the previous edition's content files under dir (for the
// content loader).
func (p *Previous) WriteTo(dir string) error {
	for name, b := range p.Files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
