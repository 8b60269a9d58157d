package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"

	"compendium/generator/cards"
	"compendium/generator/config"
	"compendium/generator/par"
	"compendium/generator/render"
)

// icons are the app icons the manifests and pages name. The
// apple-touch-icon is full-bleed: iOS rounds the corners itself and shows
// transparent pixels as black.
var icons = []struct {
	path     string
	size     int
	maskable bool
}{
	{"icons/apple-touch-icon.png", 180, true},
	{"icons/icon-192.png", 192, false},
	{"icons/icon-512.png", 512, false},
	{"icons/maskable-512.png", 512, true},
}

// drawImages draws the link-preview cards and the app icons. Drawing and
// encoding one card takes tens of milliseconds, more than the rest of a
// build: images are kept in cacheDir under a hash of what they show and of
// the cards package's source, so an edit of the rules redraws only the
// cards whose text changed.
//
// A card the output folder already holds from the same hash (prev, the
// folder's manifest) is not even read: it is returned in carry, which the
// write keeps as it is. Reading and hashing every cached card again was
// seconds and memory held until the write at 10,000 pages
// (docs/performance.md), for files that had not changed. The icons are always read: the service worker lists
// them with their sizes (the cards it leaves to the network).
func drawImages(previews []render.Preview, theme *render.Theme, cfg *config.Config, cacheDir, root string, prev *manifest) (map[string][]byte, map[string]carried, error) {
	type job struct {
		path string
		key  []byte
		draw func() ([]byte, error)
		card bool
	}
	salt := sourceHash(filepath.Join(root, "generator", "cards"))
	var jobs []job
	for _, p := range previews {
		c := cards.Card{Site: theme.T(p.Lang, "site_title"), Kicker: p.Kicker, Title: p.Title, Text: p.Text, Lang: p.Lang}
		if cfg.Edition != "" {
			c.Edition = theme.T(p.Lang, "edition") + " " + cfg.Edition
		}
		key, _ := json.Marshal(c)
		jobs = append(jobs, job{p.Path, key, c.PNG, true})
	}
	for _, ic := range icons {
		ic := ic
		key, _ := json.Marshal([]any{"icon", ic.size, ic.maskable})
		jobs = append(jobs, job{ic.path, key, func() ([]byte, error) { return cards.Icon(ic.size, ic.maskable) }, false})
	}
	out := make([][]byte, len(jobs))
	keys := make([]string, len(jobs))
	kept := make([]map[string]carried, len(jobs))
	errs := make([]error, len(jobs))
	par.Each(len(jobs), func(i int) {
		j := jobs[i]
		var file string
		if salt != "" {
			h := sha256.Sum256(append([]byte(salt), j.key...))
			name := hex.EncodeToString(h[:16])
			if j.card {
				keys[i] = "card " + name
				if kept[i] = prev.carried(j.path, keys[i], ""); kept[i] != nil {
					return
				}
			}
			file = filepath.Join(cacheDir, name+".png")
			if b, err := os.ReadFile(file); err == nil && len(b) > 8 && string(b[1:4]) == "PNG" {
				out[i] = b
				return
			}
		}
		b, err := j.draw()
		if err != nil {
			errs[i] = err
			return
		}
		out[i] = b
		if file != "" {
			// A cache that cannot be written costs only time.
			if os.MkdirAll(cacheDir, 0o755) == nil {
				_ = os.WriteFile(file, b, 0o644)
			}
		}
	})
	files := map[string][]byte{}
	carry := map[string]carried{}
	for i, j := range jobs {
		if errs[i] != nil {
			return nil, nil, errs[i]
		}
		for k, v := range kept[i] {
			carry[k] = v
		}
		if kept[i] != nil {
			continue
		}
		files[j.path] = out[i]
		if keys[i] != "" {
			carry[j.path] = carried{Key: keys[i], Size: len(out[i])} // its sum once hashed
		}
	}
	return files, carry, nil
}

// sourceHash hashes the Go files of dir, or returns "" when they cannot be
// read (the generator run away from its sources): then nothing is cached.
func sourceHash(dir string) string {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		return ""
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			return ""
		}
		h.Write([]byte(filepath.Base(n)))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
}
