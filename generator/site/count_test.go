package site

import "testing"

// TestCount: a document and a section are counted once, however many
// languages give them; a document or section only one language has
// counts too.
func TestCount(t *testing.T) {
	doc := func(slug string, ids ...string) *Doc {
		d := &Doc{Slug: slug}
		for _, id := range ids {
			d.Sections = append(d.Sections, &Section{ID: id})
		}
		return d
	}
	for _, tt := range []struct {
		name           string
		langs          []*Lang
		docs, sections int
	}{
		{"French alone", []*Lang{{Code: "fr", Docs: []*Doc{doc("a", "one", "two"), doc("b", "three")}}}, 2, 3},
		{"translated whole", []*Lang{
			{Code: "fr", Docs: []*Doc{doc("a", "one", "two"), doc("b", "three")}},
			{Code: "en", Docs: []*Doc{doc("a", "one", "two"), doc("b", "three")}},
		}, 2, 3},
		{"a section and a document not translated yet", []*Lang{
			{Code: "fr", Docs: []*Doc{doc("a", "one", "two"), doc("b", "three")}},
			{Code: "en", Docs: []*Doc{doc("a", "one")}},
		}, 2, 3},
		{"an ID used by two documents is two sections", []*Lang{
			{Code: "fr", Docs: []*Doc{doc("a", "rest"), doc("b", "rest")}},
			{Code: "en", Docs: []*Doc{doc("a", "rest"), doc("b", "rest")}},
		}, 2, 2},
		{"no site", nil, 0, 0},
	} {
		docs, sections := (&Site{Langs: tt.langs}).Count()
		if docs != tt.docs || sections != tt.sections {
			t.Errorf("%s: %d documents, %d sections; want %d, %d", tt.name, docs, sections, tt.docs, tt.sections)
		}
	}
}

// TestNearest: a word two edits away at most is suggested, the nearest
// first; a word as short as its distance, or farther, is not.
func TestNearest(t *testing.T) {
	words := []string{"help", "build", "check", "serve", "calc", "search", "values", "new", "pdf"}
	for _, tt := range []struct{ name, want string }{
		{"biuld", "build"},
		{"buidl", "build"},
		{"chekc", "check"},
		{"serv", "serve"},
		{"nw", "new"},
		{"sreach", "search"},
		{"x", ""},
		{"nope", ""},
		{"compile", ""},
		{"build", "build"},
	} {
		if got := Nearest(tt.name, words, 2); got != tt.want {
			t.Errorf("Nearest(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}
