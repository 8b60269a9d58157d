// Package synth writes synthetic rules documents for benchmarks: N pages of
// French-like text (real French words, accents, elisions, typographic
// apostrophes, lists and tables) with about 15 headings each, every heading
// with an explicit ID, in the compendium's format and, beside it, as a Hugo
// site with the same Markdown, so that both generators build the same pages.
// The output is a function of the page count and the seed alone.
package synth

import (
	_ "embed"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

var (
	//go:embed hugo-layouts/single.html
	hugoSingle string
	//go:embed hugo-layouts/list.html
	hugoList string
)

// words is a French vocabulary of the kind the rules use.
var words = strings.Fields(`armure arme bouclier combat coup touche dégât point points vie soin soins
	magie sort sortilège lancer niveau personnage joueur joueuse organisateur règle règles effet
	durée minute minutes heure cycle blessure blessé agonisant mort mourir chirurgien médecin
	potion parchemin rituel objet épée dague hache arc flèche lance masse bâton casque cotte
	maille cuir plaque torse bras jambe tête cuisse épaule dos main pied corps combattant ennemi
	allié groupe village forêt château taverne forgeron marchand prêtre mage guerrier voleur
	chance test jet dé dés réussite échec critique bonus malus total valeur nombre base
	physique magique naturel spécial immédiat simple double long court lourd léger fort faible
	grand petit premier dernier suivant précédent nouveau ancien même autre chaque tout toute
	doit peut reste devient perd gagne compte décompte inflige subit protège soigne lance
	utilise porte répare recommence continue arrête touche frappe esquive pare contre attaque
	défense duel adversaire vainqueur perdant résultat effort expérience apprentissage étude
	guérison repos nuit jour période événement partie scène zone lieu terrain hors jeu`)

var glue = strings.Fields(`le la les un une des du de au aux et ou mais donc car pour par avec sans sur sous
	dans en entre vers chez si quand alors puis ensuite toujours jamais souvent plus moins très`)

var elided = []string{"l’", "d’", "qu’", "n’", "s’"}

// language is the code of the documents' language: their words are
// French.
const language = "fr"

// Write writes pages documents into dir/content/fr/ (the compendium's
// format) and dir/hugo/ (a Hugo site: config and content/ with the same
// Markdown bodies).
func Write(dir string, pages int, seed uint64) error {
	r := rand.New(rand.NewPCG(seed, uint64(pages)))
	ours := filepath.Join(dir, "content", language)
	hugo := filepath.Join(dir, "hugo", "content")
	for _, d := range []string{ours, hugo} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	conf := "baseURL = \"http://localhost/\"\nlanguageCode = \"fr\"\ntitle = \"Synthetic\"\ndisableKinds = [\"taxonomy\", \"term\", \"RSS\"]\n" +
		"[markup.goldmark.parser.attribute]\n  title = true\n[markup.goldmark.renderer]\n  unsafe = false\n"
	if err := os.WriteFile(filepath.Join(dir, "hugo", "config.toml"), []byte(conf), 0o644); err != nil {
		return err
	}
	// A minimal layout, so that Hugo renders each page's Markdown into a
	// full page with its contents as the compendium does, and no theme is
	// needed (hugo-layouts/, also used for the real site's comparison).
	for name, body := range map[string]string{"_default/single.html": hugoSingle, "_default/list.html": hugoList} {
		p := filepath.Join(dir, "hugo", "layouts", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return err
		}
	}
	for i := 1; i <= pages; i++ {
		slug := fmt.Sprintf("page-%05d", i)
		title := sentence(r, 3, 6, false)
		body := page(r)
		front := fmt.Sprintf("---\ntitle: %s\nshort: Synthèse — %d\norder: %d\nslug: %s\nsummary: %s\nsource: synthetic-%d.txt\n---\n\n", title, i, i, slug, sentence(r, 8, 14, true), i)
		if err := os.WriteFile(filepath.Join(ours, slug+".md"), []byte(front+body), 0o644); err != nil {
			return err
		}
		hfront := fmt.Sprintf("---\ntitle: %q\nweight: %d\n---\n\n", title, i)
		if err := os.WriteFile(filepath.Join(hugo, slug+".md"), []byte(hfront+body), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// page returns a document body of about 7 KB with about 15 headings.
func page(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString(paragraph(r) + "\n\n")
	n := 12 + r.IntN(7)
	seen := map[string]bool{}
	for h := 0; h < n; h++ {
		level := "##"
		if h > 0 && r.IntN(3) == 0 {
			level = "###"
		}
		title := sentence(r, 2, 4, false)
		id := slugify(title)
		for seen[id] {
			id += "-" + fmt.Sprint(h)
		}
		seen[id] = true
		fmt.Fprintf(&b, "%s %d. %s {#%s}\n\n", level, h+1, title, id)
		switch r.IntN(6) {
		case 0:
			for k := 0; k < 3+r.IntN(3); k++ {
				b.WriteString("- " + sentence(r, 5, 10, true) + "\n")
			}
			b.WriteString("\n")
		case 1:
			b.WriteString("| " + word(r) + " | " + word(r) + " |\n|---|---|\n")
			for k := 0; k < 3; k++ {
				fmt.Fprintf(&b, "| %s | %d |\n", word(r), 1+r.IntN(20))
			}
			b.WriteString("\n")
		}
		for p := 0; p < 1+r.IntN(2); p++ {
			b.WriteString(paragraph(r) + "\n\n")
		}
	}
	return b.String()
}

func paragraph(r *rand.Rand) string {
	var s []string
	for i := 0; i < 2+r.IntN(3); i++ {
		s = append(s, sentence(r, 8, 18, true))
	}
	return strings.Join(s, " ")
}

func sentence(r *rand.Rand, min, max int, dot bool) string {
	n := min + r.IntN(max-min+1)
	parts := make([]string, n)
	for i := range parts {
		switch {
		case i%3 == 1:
			parts[i] = glue[r.IntN(len(glue))]
		case r.IntN(8) == 0:
			parts[i] = elided[r.IntN(len(elided))] + word(r)
		case r.IntN(12) == 0:
			parts[i] = fmt.Sprint(1 + r.IntN(12))
		default:
			parts[i] = word(r)
		}
	}
	s := strings.Join(parts, " ")
	// The first letter in capitals, whole: a word may start with "é" or
	// "l’", two or three bytes (cutting one made bytes that are not UTF-8,
	// which check reports).
	first, size := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(first)) + s[size:]
	if dot {
		s += "."
	}
	return s
}

func word(r *rand.Rand) string { return words[r.IntN(len(words))] }

// slugify makes an English-kebab-case-like ID from a title: letters without
// accents, digits, hyphens.
func slugify(s string) string {
	repl := strings.NewReplacer("é", "e", "è", "e", "ê", "e", "à", "a", "â", "a", "ù", "u", "û", "u", "ô", "o", "î", "i", "ï", "i", "ç", "c", "’", "-")
	s = repl.Replace(strings.ToLower(s))
	var b strings.Builder
	dash := false
	for _, c := range s {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
