package render

import (
	"bytes"
	"html/template"
	"strings"
	"testing"

	"compendium/generator/markdown"
	"compendium/generator/site"
)

// tricky are values a skeleton must write exactly as html/template does.
var tricky = []string{"", "plain", `a<b&c'd"e+f>g`, "L’armure — été", "zqx0q", "zqx1q<' ", "nul\x00byte", "bad \xff utf-8",
	"assets/print-0d30a11a.css", "//other.example/x", "javascript:alert(1)"}

func TestCutSkeleton(t *testing.T) {
	for _, tc := range []struct {
		name, tpl string
		cut       bool     // the layout can be cut
		refused   []string // values the fill must refuse (URL holes)
	}{
		{name: "text", tpl: `<p>{{.A}}</p><p>{{.B}} et {{.A}}</p>`, cut: true},
		{name: "rcdata", tpl: `<title>{{.A}} · {{.B}}</title>`, cut: true},
		{name: "quoted attribute", tpl: `<meta content="{{.A}} — x" name='{{.B}}'>`, cut: true},
		// A slash is escaped in a fragment or query, not in a path.
		{name: "URL after a fragment", tpl: `<a href="../#{{.A}}">{{.B}}</a><a href="?q={{.A}}">x</a>`, cut: true,
			refused: []string{`a<b&c'd"e+f>g`, "L’armure — été", "zqx1q<' ", "nul\x00byte", "bad \xff utf-8", "javascript:alert(1)", "assets/print-0d30a11a.css", "//other.example/x"}},
		{name: "URL path", tpl: `<link href="https://example.org/fr/{{.A}}/"><meta http-equiv="refresh" content="0; url=../#{{.A}}">`, cut: true,
			refused: []string{`a<b&c'd"e+f>g`, "L’armure — été", "zqx1q<' ", "nul\x00byte", "bad \xff utf-8", "javascript:alert(1)"}},
		// A value at the start of a URL: html/template filters its
		// scheme, which a value without a colon cannot name.
		{name: "URL start", tpl: `<link rel="stylesheet" href="{{.A}}"><a href="../{{.A}}/">{{.B}}</a>`, cut: true,
			refused: []string{`a<b&c'd"e+f>g`, "L’armure — été", "zqx1q<' ", "nul\x00byte", "bad \xff utf-8", "javascript:alert(1)"}},
		{name: "unquoted attribute", tpl: `<a title={{.A}}>x</a>`},
		{name: "script", tpl: `<script>var a = {{.A}};</script>`},
		{name: "style", tpl: `<p style="color: {{.A}}">x</p>`},
		{name: "length decides", tpl: `{{if gt (len .A) 6}}long {{end}}{{.A}}`},
		{name: "value compared", tpl: `{{if eq .B "zqx1q"}}yes{{end}}{{.A}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tpl := template.Must(template.New("t").Parse(tc.tpl))
			render := func(v []string) ([]byte, error) {
				var b bytes.Buffer
				err := tpl.Execute(&b, struct{ A, B string }{v[0], v[1]})
				return b.Bytes(), err
			}
			sk, ok := cutSkeleton(2, nil, render)
			if ok != tc.cut {
				t.Fatalf("cut = %v, want %v", ok, tc.cut)
			}
			if !ok {
				return
			}
			refused := map[string]bool{}
			for _, v := range tc.refused {
				refused[v] = true
			}
			for _, a := range tricky {
				for _, b := range []string{"B", `"quoted" & <b>`} {
					got, ok := sk.fill([]string{a, b})
					if ok == refused[a] {
						t.Errorf("fill(%q, %q) ok = %v, want %v", a, b, ok, !refused[a])
						continue
					}
					if !ok {
						continue
					}
					want, _ := render([]string{a, b})
					if !bytes.Equal(got, want) {
						t.Errorf("fill(%q, %q)\n got %s\nwant %s", a, b, got, want)
					}
				}
			}
		})
	}
}

// TestSharesFromTheme writes a document's share pages with the theme's own
// share layout and checks each against the layout executed in full, and
// that the skeleton wrote them (a skeleton always refused would pass the
// first check and cost a full render a page).
func TestSharesFromTheme(t *testing.T) {
	theme, errs := Load("../../theme")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	fr := &site.Lang{Code: "fr"}
	en := &site.Lang{Code: "en"}
	d := &site.Doc{Lang: "fr", Title: "Les Règles", Short: "GN fantasy — Règles", Slug: "fantasy", Summary: "Combats & magie."}
	for i, s := range []struct{ id, title, text string }{
		{"combat", "2.1. Combats", "Il faut simuler le poids de son arme. Laissez parler votre bon sens."},
		{"armor", "2.2. L’armure <lourde> & \"légère\"", "L'armure protège + elle s'use. Elle se répare."},
		{"empty", "2.3. Vide", ""},
		{"heal", "2.4. Soins", "Un soin rend 1 PV... en 5 minutes ! Puis rien."},
		{"no-text-either", "2.5. Rien", ""},
		{"magic", "2.6. Magie", "La magie coûte des points (voir 2.4). C'est tout."},
	} {
		d.Sections = append(d.Sections, &site.Section{ID: s.id, Level: 2 + i%2, Title: s.title, Text: s.text})
	}
	fr.Docs = []*site.Doc{d}
	en.Docs = []*site.Doc{{Lang: "en", Slug: "fantasy"}}
	s := &site.Site{Langs: []*site.Lang{fr, en}}
	for _, base := range []string{"", "https://rules.example.org/gn/"} {
		r := &siteRenderer{t: theme, s: s, m: Meta{Base: base}, out: &Output{Files: map[string][]byte{}}, shareSk: &skeletonSet{}}
		exists := func(lang string) string { return lang + "/fantasy/" }
		if err := r.shares(d, "fr/fantasy/", exists); err != nil {
			t.Fatal(err)
		}
		if len(r.out.Shares) != len(d.Sections) {
			t.Fatalf("%d share pages for %d sections", len(r.out.Shares), len(d.Sections))
		}
		// The same pages, each executed in full.
		full := &siteRenderer{t: theme, s: s, m: Meta{Base: base}, out: &Output{Files: map[string][]byte{}}}
		for _, sec := range d.Sections {
			one := *d
			one.Sections = []*site.Section{sec}
			if err := full.shares(&one, "fr/fantasy/", exists); err != nil {
				t.Fatal(err)
			}
		}
		for _, f := range r.out.Shares {
			if !bytes.Equal(r.out.Files[f], full.out.Files[f]) {
				t.Errorf("base %q: %s differs from the layout's output:\n%s\n----\n%s", base, f, r.out.Files[f], full.out.Files[f])
			}
		}
		if want := 2; r.out.Filled != want {
			// Six sections of two kinds: the first and last of each are
			// executed in full, the two in between filled.
			t.Errorf("base %q: %d pages filled from skeletons, want %d", base, r.out.Filled, want)
		}
		if page := string(r.out.Files["fr/fantasy/armor/index.html"]); !strings.Contains(page, "L’armure &lt;lourde&gt; &amp; &#34;légère&#34;") {
			t.Errorf("the title is not escaped in:\n%s", page)
		}
	}
}

// TestCutSkeletonRaw: a value given as written HTML fills only the holes
// where the layout puts it in unescaped; where the layout would escape or
// strip it, the layout cannot be cut.
func TestCutSkeletonRaw(t *testing.T) {
	for _, tc := range []struct {
		name, tpl string
		cut       bool
	}{
		{"in the text", `<head>{{.H}}</head><p>{{.A}}</p>`, true},
		{"in an attribute", `<meta content="{{.H}}"><p>{{.A}}</p>`, false},
		{"in a URL", `<a href="../#{{.H}}">{{.A}}</a>`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tpl := template.Must(template.New("t").Parse(tc.tpl))
			render := func(v []string) ([]byte, error) {
				var b bytes.Buffer
				err := tpl.Execute(&b, struct {
					A string
					H template.HTML
				}{v[0], template.HTML(v[1])})
				return b.Bytes(), err
			}
			sk, ok := cutSkeleton(2, []bool{false, true}, render)
			if ok != tc.cut {
				t.Fatalf("cut = %v, want %v", ok, tc.cut)
			}
			if !ok {
				return
			}
			v := []string{`a<b & "c"`, `<meta property="og:x" content="a &amp; b">`}
			got, ok := sk.fill(v)
			want, _ := render(v)
			if !ok || !bytes.Equal(got, want) {
				t.Errorf("fill = %s, %v; want %s", got, ok, want)
			}
		})
	}
	// A string value where the layout puts it in unescaped cannot be:
	// html/template escapes every string. A value marked raw that the
	// layout escapes is refused above; a value not marked raw that comes
	// out unescaped is refused here.
	tpl := template.Must(template.New("t").Parse(`<p>{{.}}</p>`))
	if _, ok := cutSkeleton(1, nil, func(v []string) ([]byte, error) {
		var b bytes.Buffer
		err := tpl.Execute(&b, template.HTML(v[0]))
		return b.Bytes(), err
	}); ok {
		t.Error("an unescaped hole was cut for a value not marked as written HTML")
	}
}

// TestDocsFromTheme writes a language's document pages with the theme's
// own doc layout, once from skeletons and once each executed in full, and
// checks that they are the same, and that the skeletons wrote the pages
// they can (a kind's pages once one of them was checked, not the first or
// last document).
func TestDocsFromTheme(t *testing.T) {
	theme, errs := Load("../../theme")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	doc := func(slug, short, title, summary string, levels ...int) *site.Doc {
		d := &site.Doc{Lang: "fr", Slug: slug, Short: short, Title: title, Summary: summary,
			Body: template.HTML("<p>Le corps de " + slug + " : <em>zqx3q</em> &amp; plus.</p>")}
		for i, l := range levels {
			d.Sections = append(d.Sections, &site.Section{ID: slug + "-s" + string(rune('a'+i)), Level: l, Title: "Section " + string(rune('A'+i)) + " <" + slug + "> & « " + title + " »"})
		}
		return d
	}
	fr := &site.Lang{Code: "fr", Docs: []*site.Doc{
		doc("fantasy", "GN fantasy — Règles", "Les Règles", "Combats & magie.", 2, 3, 2),
		doc("contemporary", "GN contemporain", "Descriptif « des » règles", "Santé <mentale>.", 2, 3),
		doc("duels", "Duels Pathfinder", "Duels", "Parer, esquiver.", 3, 2, 3, 2),
		doc("heroes", "Héros & Dragons", "Règles maison", "Repos.", 2, 3),
		doc("no-summary", "Sans résumé", "Un titre", "", 2),
		doc("calcs", "Calculs", "Avec calculateurs", "Des calculs.", 2, 3),
		doc("last", "Dernier", "Le dernier", "Fin.", 2),
	}}
	fr.Docs[5].Calcs = []*markdown.Calc{{Name: "armor"}, {Name: "healing"}}
	en := &site.Lang{Code: "en", Docs: []*site.Doc{{Lang: "en", Slug: "fantasy"}, {Lang: "en", Slug: "duels"}, {Lang: "en", Slug: "calcs"}}}
	s := &site.Site{Langs: []*site.Lang{fr, en}}
	extra := Extra{Langs: map[string]*LangExtra{"fr": {DocCalcs: map[string]string{"calcs": `{"names":"armor,healing","quote":"l'armure <lourde>"}`}}}}
	for _, base := range []string{"", "https://rules.example.org/gn/"} {
		sheets := map[string]string{}
		for _, d := range fr.Docs {
			sheets["fr/"+d.Slug] = "assets/print-" + d.Slug + ".css"
		}
		r := &siteRenderer{t: theme, s: s, m: Meta{Base: base}, sheets: sheets, out: &Output{Files: map[string][]byte{}},
			docSk: &docSkeletons{}}
		full := &siteRenderer{t: theme, s: s, m: Meta{Base: base}, sheets: sheets, out: &Output{Files: map[string][]byte{}}}
		for i, d := range fr.Docs {
			if err := r.document(fr, i, d, extra); err != nil {
				t.Fatal(err)
			}
			if err := full.document(fr, i, d, extra); err != nil {
				t.Fatal(err)
			}
		}
		for _, d := range fr.Docs {
			f := "fr/" + d.Slug + "/index.html"
			if r.out.Files[f] == nil || !bytes.Equal(r.out.Files[f], full.out.Files[f]) {
				t.Errorf("base %q: %s differs from the layout's output:\n%s\n----\n%s", base, f, r.out.Files[f], full.out.Files[f])
			}
		}
		// Kinds: fantasy (first) and last are executed in full; contemporary
		// and heroes are of one kind (summary, levels 2 and 3, no English),
		// the first checked and the second filled; duels (in English too) and
		// no-summary and calcs are each alone of their kind.
		if want := 1; r.out.Filled != want {
			t.Errorf("base %q: %d pages filled from skeletons, want %d", base, r.out.Filled, want)
		}
		page := string(r.out.Files["fr/heroes/index.html"])
		for _, want := range []string{"<title>Règles maison · Héros &amp; Dragons</title>", `<a href="#heroes-sb">Section B &lt;heroes&gt; &amp; « Règles maison »</a>`, "<em>zqx3q</em>", `href="../duels/"`, `href="../no-summary/"`} {
			if !strings.Contains(page, want) {
				t.Errorf("base %q: the filled page lacks %s:\n%s", base, want, page)
			}
		}
	}
}

// TestHomeTops writes the home page's lists of top-level sections from the
// theme's own home layout, and checks the page against the layout executed
// in full, for more documents than the build checks it with.
func TestHomeTops(t *testing.T) {
	theme, errs := Load("../../theme")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var docs []*site.Doc
	for i, slug := range []string{"fantasy", "contemporary", "duels", "heroes", "empty", "deep"} {
		d := &site.Doc{Lang: "fr", Slug: slug, Short: "Jeu " + slug, Title: "Règles <" + slug + "> & « co »", Summary: "Résumé " + slug}
		for j := 0; j < 4 && slug != "empty"; j++ {
			level := 2 + (i+j)%3
			if slug == "deep" {
				level = 3 // no top-level section at all
			}
			d.Sections = append(d.Sections, &site.Section{ID: slug + "-" + string(rune('a'+j)), Level: level, Title: "Section « " + string(rune('A'+j)) + " » <b> & \"x\""})
		}
		docs = append(docs, d)
	}
	s := &site.Site{Langs: []*site.Lang{{Code: "fr", Docs: docs}}}
	r := &siteRenderer{t: theme, s: s, out: &Output{Files: map[string][]byte{}}}
	home := r.page("fr", "fr/")
	home.Title, home.OGTitle, home.Docs = "Compendium", "Compendium", docs
	tops, err := r.homeTops(home)
	if err != nil {
		t.Fatal(err)
	}
	if tops == nil {
		t.Fatal("the lists were not written from the skeleton")
	}
	if tops["empty"] != "" || tops["deep"] != "" || tops["fantasy"] == "" {
		t.Errorf("lists written for %v", tops)
	}
	full, err := theme.Render("home", home)
	if err != nil {
		t.Fatal(err)
	}
	home.Tops = tops
	filled, err := theme.Render("home", home)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(full, filled) {
		t.Errorf("the home page differs from the layout's output:\n%s\n----\n%s", filled, full)
	}
	if want := `<li class="toc-l2"><a href="fantasy/#fantasy-a">Section « A » &lt;b&gt; &amp; &#34;x&#34;</a></li>`; !strings.Contains(string(filled), want) {
		t.Errorf("the page lacks %s", want)
	}
}
