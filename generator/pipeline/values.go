package pipeline

import (
	"compendium/generator/render"
	"compendium/generator/site"
	"compendium/generator/values"
)

// valuesPage returns the values page's groups for lang: every rule value by
// document, in the order of its text, each with the words that state it
// (linking their place) and the calculators that use it. Values no
// document of the site states (a fixture's, or readings of documents left
// out) are left out.
func (c *calcs) valuesPage(lang string) []render.ValueGroup {
	set := c.ruleSet()
	l := c.site.Lang(lang)
	if l == nil {
		return nil
	}
	var groups []render.ValueGroup
	for _, r := range set.Rows(c.site, lang) {
		d := l.Doc(r.Spec.Doc)
		if len(r.Decls) > 0 {
			d = r.Decls[0].Doc
		}
		if d == nil {
			continue
		}
		if len(groups) == 0 || groups[len(groups)-1].Href != "../"+d.Slug+"/" {
			title := d.Short // the game's name: the documents' own titles ("II. Les Règles") do not say it
			if title == "" {
				title = d.Title
			}
			groups = append(groups, render.ValueGroup{Title: title, Href: "../" + d.Slug + "/"})
		}
		row := render.ValueRow{Key: r.Spec.Key, Value: values.Show(r.Spec, r.N, lang), Meaning: values.Meaning(r.Spec, lang, c.site.Codes()), Reading: r.Spec.Reading}
		for _, decl := range r.Decls {
			text := decl.Value.Context
			row.Places = append(row.Places, render.Link{Text: text, Href: "../" + decl.Doc.Slug + "/#" + decl.Value.ID})
		}
		for _, name := range r.Spec.Calcs {
			row.Calcs = append(row.Calcs, render.Link{Text: c.theme.T(lang, "calc."+name+".title"), Href: "../calculators/#" + name})
		}
		g := &groups[len(groups)-1]
		g.Rows = append(g.Rows, row)
	}
	return groups
}

// meanings says, in lang, what each rule value the content declares is
// (the values page's words), by key.
func (c *calcs) meanings(lang string) map[string]string {
	m := map[string]string{}
	for _, r := range c.ruleSet().Rows(c.site, lang) {
		if len(r.Decls) > 0 {
			m[r.Spec.Key] = values.Meaning(r.Spec, lang, c.site.Codes())
		}
	}
	return m
}

// valueChanges lists the values whose number differs between the previous
// edition's content (old, with its values prev) and this one, in the
// values page's order. A value the previous edition did not declare is
// not listed: it was a constant of the engine then, and the word diff
// shows any change of its sentence.
func (c *calcs) valueChanges(prev *values.Set, old *site.Site, lang string) []render.ValueChange {
	var out []render.ValueChange
	for _, r := range c.ruleSet().Rows(c.site, lang) {
		o := prev.Decls[r.Spec.Key]
		if len(o) == 0 || len(r.Decls) == 0 {
			continue
		}
		was, _ := prev.Get(r.Spec.Key)
		if was == r.N {
			continue
		}
		ch := render.ValueChange{Meaning: values.Meaning(r.Spec, lang, c.site.Codes()), Old: values.Show(r.Spec, was, lang), New: values.Show(r.Spec, r.N, lang),
			Href: "../" + r.Decls[0].Doc.Slug + "/#" + r.Decls[0].Value.ID}
		out = append(out, ch)
	}
	return out
}
