package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"regexp"
	"strings"

	"compendium/generator/site"
)

// SingleAssets are the files the single-file edition carries inside
// itself.
type SingleAssets struct {
	CSS, JS, Index []byte
	// Head is head.js, the reading size stored on the device, run in the
	// file's <head> before its style as on the site's pages.
	Head []byte
	// WASM64 and Worker64 give the engine and its worker script in base64
	// (Base64): the same for every language, encoded once, and only when
	// a file is made (see SingleFile).
	WASM64, Worker64 func() string
	// Key names the engine and its worker by content (their hashed file
	// names): with the page and the index, it keys the file
	// (SingleFile.Key).
	Key         string
	CalcStrings string
}

// SingleFile is a single-file edition before its megabytes go in: the
// rendered page and what it carries.
type SingleFile struct {
	page []byte
	a    SingleAssets
}

// Key is a hash of everything the file is made of: a build whose key is
// the previous build's keeps that file without making it again (the
// engine's base64 and the file were the build's largest new memory).
func (f *SingleFile) Key() string {
	h := sha256.New()
	h.Write([]byte("single v1\x00" + f.a.Key + "\x00"))
	h.Write(f.page)
	h.Write(f.a.Index)
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}

// SetIndex gives the file its search index (SingleAssets.Index), which
// Single does not read: the file can be drawn before the index is built.
func (f *SingleFile) SetIndex(index []byte) { f.a.Index = index }

// Bytes makes the file.
func (f *SingleFile) Bytes() []byte {
	wasm64, worker64 := f.a.WASM64(), f.a.Worker64()
	// The megabytes go in after the template ran: html/template's
	// attribute escaping of the engine's base64 was half a build's time
	// (a CPU profile of the real site).
	// Base64 needs no escaping; the index's JSON gets the attribute's.
	// One pass into a buffer of the final size.
	var out bytes.Buffer
	out.Grow(len(f.page) + len(wasm64) + len(worker64) + len(f.a.Index)*5/4)
	r := strings.NewReplacer(blobWASM, wasm64, blobWorker, worker64, blobIndex, html.EscapeString(string(f.a.Index)))
	_, _ = r.WriteString(&out, string(f.page)) // a bytes.Buffer does not fail
	return out.Bytes()
}

// singleView is what layouts/single.html draws.
type singleView struct {
	// Site is the published site's address in this language ("" when the
	// build has no base URL): the file's copy-link copies a section's
	// address there, never the file:/// one a phone's chat cannot open.
	Lang, Title, Edition, Site string
	CSP                        string
	CSS, PrintCSS              template.CSS
	Book                       []BookDoc
	BookGlossary               []GlossaryEntry
	CalcStrings                string
	Anchors                    string // "slug#id" → the anchor in this file, where they differ
	Index, Worker, WASM        string // placeholders (blobIndex…): the data goes in after rendering
	Boot, JS, Head             template.JS
}

// singleBoot runs before the page's script: it turns what the file carries
// into what the script fetches on the site, as blob: URLs (the engine's
// worker and the search index) and bytes (the engine, handed to the worker:
// a worker made from a blob in a file:// page cannot fetch the page's
// blobs). It is inline, allowed by its hash in the page's policy.
const singleBoot = `(() => {
  const d = document.getElementById("single-data").dataset;
  const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const url = (data, type) => URL.createObjectURL(new Blob([data], { type }));
  window.__compendiumWasm = bytes(d.wasm);
  document.documentElement.dataset.worker = url(bytes(d.worker), "text/javascript");
  document.documentElement.dataset.wasm = "engine.wasm";
  document.body.dataset.searchIndex = url(d.index, "application/json");
  // Read once: its megabytes of text need not stay in the document.
  document.getElementById("single-data").replaceChildren();
  document.getElementById("single-data").removeAttribute("data-wasm");
  document.getElementById("single-data").removeAttribute("data-worker");
  document.getElementById("single-data").removeAttribute("data-index");
})();`

// Single renders the single-file edition of lang: every document with its
// calculators, the glossary, the style, the script, the search index and
// the rules engine in one HTML file that works when opened from disk with
// no network. Its Content-Security-Policy allows its inline script and
// style by their hashes, no more.
func (t *Theme) Single(s *site.Site, lang string, a SingleAssets, m Meta, glossary []GlossaryEntry, calcs []CalcGroup) (*SingleFile, error) {
	l := s.Lang(lang)
	tpl := t.pages[lang+"/single"]
	if l == nil || tpl == nil || !hasBook(l) {
		return nil, nil // no single file where there is no book: too many documents
	}
	// Every calculator, after the documents, as on the calculators page:
	// the documents hold most of them, not all (dice).
	part := BookDoc{Slug: "calculators", Title: t.T(lang, "calculators")}
	var body strings.Builder
	for _, g := range calcs {
		for _, e := range g.Entries {
			// "calculator-armor": the plain name is the armour section's ID.
			id := "calculator-" + e.ID
			body.WriteString(`<h2 id="` + template.HTMLEscapeString(id) + `">` + template.HTMLEscapeString(e.Title) + "</h2>\n")
			// The calculator is named by that heading.
			body.WriteString(strings.Replace(string(e.HTML), `aria-labelledby="`+template.HTMLEscapeString(e.ID)+`"`, `aria-labelledby="`+id+`"`, 1))
			part.Contents = append(part.Contents, BookEntry{ID: id, Title: e.Title, Level: 2})
		}
	}
	part.Body = template.HTML(body.String())
	book, gl, ids, err := bookContent(t, Meta{}, l, glossary, true, part)
	if err != nil {
		return nil, err
	}
	anchors := map[string]string{}
	for _, d := range l.Docs {
		// A search result for the document's title opens its place.
		anchors[d.Slug+"#top"] = d.Slug
		for _, sec := range d.Sections {
			if id := ids.id(d.Slug, sec.ID); id != sec.ID {
				anchors[d.Slug+"#"+sec.ID] = id
			}
		}
		for _, an := range d.Anchors {
			if id := ids.id(d.Slug, an.ID); id != an.ID {
				anchors[d.Slug+"#"+an.ID] = id
			}
		}
	}
	// A calculator found by the search opens in the calculators part.
	for _, p := range part.Contents {
		anchors["calculators#"+strings.TrimPrefix(p.ID, "calculator-")] = ids.id("calculators", p.ID)
	}
	// The book's own headings and the language links have no place here.
	for i := range book {
		book[i].Body = template.HTML(headingAlt.ReplaceAllString(string(book[i].Body), ""))
	}
	anchorsJSON, _ := json.Marshal(anchors)
	v := singleView{
		Lang: lang, Title: t.T(lang, "site_title"), Edition: m.Edition, Site: siteAddress(m.Base, lang),
		CSS: template.CSS(a.CSS), PrintCSS: template.CSS(t.printSheets(s, m)[lang+"/book"]),
		Book: book, BookGlossary: gl, CalcStrings: a.CalcStrings, Anchors: string(anchorsJSON),
		Index: blobIndex, Worker: blobWorker, WASM: blobWASM,
		Boot: template.JS(singleBoot), JS: template.JS(a.JS), Head: template.JS(a.Head),
	}
	if err := inlinable(v); err != nil {
		return nil, err
	}
	scripts := hash(singleBoot) + " " + hash(string(a.JS))
	if len(a.Head) > 0 {
		scripts += " " + hash(string(a.Head))
	}
	v.CSP = "default-src 'none'; script-src " + scripts + " 'wasm-unsafe-eval'; style-src " +
		hash(string(v.CSS)) + " " + hash(string(v.PrintCSS)) + "; worker-src blob:; connect-src blob:; img-src data:; base-uri 'none'; form-action 'none'"
	var buf bytes.Buffer
	if err := tpl.ExecuteTemplate(&buf, "single", v); err != nil {
		return nil, err
	}
	return &SingleFile{page: buf.Bytes(), a: a}, nil
}

// inlinable checks the style and scripts v inlines, which go in as they
// are (html/template trusts template.CSS and template.JS): one that held
// its element's end tag would end the element there, and the rest would
// be markup. The bundler escapes them in the theme's files; the print
// sheet's footer is escaped by cssString; this catches any other way in.
func inlinable(v singleView) error {
	for _, in := range []struct{ name, text, end string }{
		{"style", string(v.CSS), "</style"}, {"print style", string(v.PrintCSS), "</style"},
		{"script", string(v.JS), "</script"}, {"head script", string(v.Head), "</script"}, {"boot script", singleBoot, "</script"},
	} {
		if i := strings.Index(strings.ToLower(in.text), in.end); i >= 0 {
			return fmt.Errorf("the single file's inline %s holds %q (…%s…), which would end its element there: escape it where it comes from", in.name, in.end, in.text[max(0, i-40):min(len(in.text), i+40)])
		}
	}
	return nil
}

// siteAddress is the address of lang's pages on the site published at
// base, or "" when the build has none.
func siteAddress(base, lang string) string {
	if base == "" {
		return ""
	}
	return base + lang + "/"
}

// Base64 is b as the single-file edition carries binary data. The build
// encodes the engine once for both languages' files.
func Base64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// Placeholders of the single file's large data, replaced after rendering.
const (
	blobWASM   = "COMPENDIUM-SINGLE-WASM"
	blobWorker = "COMPENDIUM-SINGLE-WORKER"
	blobIndex  = "COMPENDIUM-SINGLE-INDEX"
)

// headingAlt is a heading's link to the other language's page.
var headingAlt = regexp.MustCompile(`<a class="heading-alt"[^>]*>.*?</a>`)

// hash is the CSP source of an inline script or style.
func hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}
