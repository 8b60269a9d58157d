package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"compendium/generator/site"
)

// TestOversizedOriginalIsOneProblem: a French file over the size limit
// (reliability.md R12: a 20 MB paste gave 208 problems, the size message
// twentieth, after the English file's "does not exist in fr" lines) is one
// problem, the size, whatever the English file and the glossary say about
// the document it no longer gives. Its consequences are folded under it.
func TestOversizedOriginalIsOneProblem(t *testing.T) {
	for _, c := range []struct {
		name string
		size int // the file's size once pasted into
	}{
		{"one byte over the limit", site.MaxFileBytes + 1},
		{"a 20 MB paste", 20 << 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			opt := writeFixture(t, `
-- content/fr/alpha.md --
---
title: Alchimie
short: Jeu — Alchimie
order: 1
slug: alpha
summary: Un.
source: a.txt
---
## L'armure {#armor}

Une armure protège. Voir [la vie](#life).

## La vie {#life}

Texte.
-- content/en/alpha.md --
---
title: Alchemy
short: Game — Alchemy
order: 1
slug: alpha
summary: One.
source: a.txt
---
## Armour {#armor}

An armour protects. See [life](#life).

## Life {#life}

Text.
-- content/glossary.json --
{"terms": [
  {"id": "armour", "fr": "armure", "en": "armour", "section": "alpha#armor", "mandatory": true,
   "definition": {"fr": "Ce qui protège.", "en": "What protects."}}
]}
`)
			fr := filepath.Join(opt.ContentDir, "fr", "alpha.md")
			b, err := os.ReadFile(fr)
			if err != nil {
				t.Fatal(err)
			}
			pasted := strings.Repeat("Pasted by mistake. ", c.size/19+1)[:c.size-len(b)]
			if err := os.WriteFile(fr, append(b, pasted...), 0o644); err != nil {
				t.Fatal(err)
			}
			_, ds, _ := Check(opt)
			out := ds.Format("en", true)
			if ds.Errors() != 1 {
				t.Errorf("%d problems, want 1:\n%s", ds.Errors(), out)
			}
			first, _, _ := strings.Cut(out, "\n")
			if !strings.HasPrefix(first, fr+": file of ") || !strings.Contains(first, " KiB: a content file may hold at most 1024 KiB") {
				t.Errorf("the first line is not the size:\n%s", out[:min(len(out), 2000)])
			}
		})
	}
}
