// Package edit is the editor the development server (generator serve)
// offers on every section of its pages: the section's Markdown in each
// language side by side, checked as the organiser types by the same checks
// as generator check, saved into content/ only when nothing on disk
// changed since it was opened and the edit breaks nothing. Its endpoints,
// under /_edit/, answer only the browser the organiser opened the run's
// link in (a cookie it sets), from a page the server itself served: the
// page's origin, and a secret made at start that only those pages carry.
// docs/editor.md says why it is made the way it is.
package edit

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"html"
	"io"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"compendium/generator/atomicfile"
	"compendium/generator/headers"
	"compendium/generator/pipeline"
	"compendium/generator/site"
	"compendium/generator/translation"
)

// Prefix is the path the editor's endpoints and scripts live under.
const Prefix = "/_edit/"

// SecretHeader carries the per-run secret on every request that reads or
// writes content.
const SecretHeader = "X-Compendium-Edit"

// CookieName is the cookie the run's link sets: only a browser that
// carries it gets the editor in its pages and may call the endpoints.
const CookieName = "compendium-edit"

// maxBody bounds a request's body: two sections and their hashes.
const maxBody = 4 << 20

// Allowed reports whether editing is on for a server listening on addr:
// when the organiser said so (explicit, with on), else only on a loopback
// address, where no other machine can reach the endpoints.
func Allowed(addr net.Addr, explicit, on bool) bool {
	if explicit {
		return on
	}
	tcp, ok := addr.(*net.TCPAddr)
	return ok && tcp.IP.IsLoopback()
}

// Options configures New.
type Options struct {
	// Pipeline is what check runs with: its ContentDir is the content
	// edited; a proposed edit is checked on a copy, with the copy's
	// folder in its place.
	Pipeline pipeline.Options
	// Today returns the day a translation is marked checked on
	// (YYYY-MM-DD); nil: today in UTC.
	Today func() string
}

// Handler serves the editor's script and endpoints (see New).
type Handler struct {
	opt    Options
	secret string
	// cookie is the value the run's link sets: derived from the secret,
	// so that the cookie alone is not the header's secret.
	cookie string
	root   string // the content folder, absolute, its links resolved
	mux    *http.ServeMux
	// mu makes saves and marks one at a time: each compares the disk with
	// what the editor opened, then writes.
	mu sync.Mutex
}

// New returns the editor's handler for the content opt names, with a
// secret of its own, made from crypto/rand.
func New(opt Options) (*Handler, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(opt.Pipeline.ContentDir)
	if err != nil {
		return nil, err
	}
	root, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	secret := hex.EncodeToString(b)
	sum := sha256.Sum256([]byte("compendium-edit cookie\x00" + secret))
	h := &Handler{opt: opt, secret: secret, cookie: hex.EncodeToString(sum[:]), root: root, mux: http.NewServeMux()}
	h.mux.HandleFunc("GET "+Prefix+"open", h.openLink)
	h.mux.HandleFunc("GET "+Prefix+"editor.js", h.script)
	h.mux.HandleFunc("GET "+Prefix+"editor.css", h.style)
	h.mux.HandleFunc("GET "+Prefix+"doc", h.guarded(h.doc))
	h.mux.HandleFunc("GET "+Prefix+"section", h.guarded(h.section))
	h.mux.HandleFunc("POST "+Prefix+"check", h.guarded(h.check))
	h.mux.HandleFunc("POST "+Prefix+"save", h.guarded(h.save))
	h.mux.HandleFunc("POST "+Prefix+"mark", h.guarded(h.mark))
	return h, nil
}

// Secret is the run's secret, for tests.
func (h *Handler) Secret() string { return h.secret }

// OpenPath is the path of the run's link, with its key: opened in a
// browser, it lets that browser edit. serve prints it, after its
// address, and nowhere else: a page never carries it.
func (h *Handler) OpenPath() string { return Prefix + "open?key=" + h.secret }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	headers.Set(w.Header())
	w.Header().Set("Cache-Control", "no-store")
	h.mux.ServeHTTP(w, r)
}

// Inject adds to a page served to r what the editor needs, when r comes
// from the browser the run's link was opened in: the secret, in a meta
// element, and the editor's script. Any other request gets the page as
// it is, so that a program that reads a page finds no secret in it.
func (h *Handler) Inject(r *http.Request, page []byte) []byte {
	if !h.hasCookie(r) {
		return page
	}
	s := string(page)
	s = strings.Replace(s, "</head>", `<meta name="compendium-edit" content="`+h.secret+`"></head>`, 1)
	s = strings.Replace(s, "</body>", `<script src="`+Prefix+`editor.js" defer></script></body>`, 1)
	return []byte(s)
}

// hasCookie reports whether r carries the cookie the run's link sets.
func (h *Handler) hasCookie(r *http.Request) bool {
	for _, c := range r.CookiesNamed(CookieName) {
		if subtle.ConstantTimeCompare([]byte(c.Value), []byte(h.cookie)) == 1 {
			return true
		}
	}
	return false
}

// openLink answers the run's link: with its key, it sets the session
// cookie and sends the browser to the home page, which then carries the
// editor; with any other key, 403 and no cookie.
func (h *Handler) openLink(w http.ResponseWriter, r *http.Request) {
	key := r.URL.Query().Get("key")
	if subtle.ConstantTimeCompare([]byte(key), []byte(h.secret)) != 1 {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusForbidden)
		_, _ = io.WriteString(w, forbiddenPage("edit-open-wrong-key"))
		return
	}
	// A session cookie (no Max-Age): it ends with the browser, and the
	// next run's secret makes it worthless anyway. Strict: a page of
	// another site that links here, or posts, does not send it.
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: h.cookie, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// forbiddenPage is a page saying the message kind in every language of
// the catalogue, the organiser's being unknown to the server.
func forbiddenPage(kind string) string {
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="` + languages[0] + `"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>403</title></head><body>`)
	for _, l := range languages {
		b.WriteString(`<p lang="` + l + `">` + html.EscapeString(site.Text(kind, l)) + "</p>")
	}
	b.WriteString("</body></html>\n")
	return b.String()
}

// guarded refuses, with 403 and before anything is read or written, a
// request without the run's cookie or secret, or from another origin
// than the page's own: a POST must say its Origin. The Host was checked
// by serve (AllowHosts), so the origin a served page has is "http://" +
// Host.
func (h *Handler) guarded(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		got := r.Header.Get(SecretHeader)
		switch {
		case !h.hasCookie(r):
			forbid(w, "edit-forbidden-cookie")
		case subtle.ConstantTimeCompare([]byte(got), []byte(h.secret)) != 1:
			forbid(w, "edit-forbidden-secret")
		case origin == "" && r.Method != http.MethodGet:
			forbid(w, "edit-forbidden-origin")
		case origin != "" && origin != "http://"+r.Host:
			forbid(w, "edit-forbidden-origin")
		case r.Header.Get("Sec-Fetch-Site") != "" && r.Header.Get("Sec-Fetch-Site") != "same-origin":
			forbid(w, "edit-forbidden-origin")
		default:
			r.Body = http.MaxBytesReader(w, r.Body, maxBody)
			next(w, r)
		}
	}
}

func forbid(w http.ResponseWriter, kind string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusForbidden)
	_, _ = io.WriteString(w, "403: "+site.Text(kind, site.CatalogueDefault)+"\n")
}

// Problem is a diagnostic as the editor shows it: at its line in the
// editor's text when it is in the edited section, else at its file's.
type Problem struct {
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	Col      int    `json:"col,omitempty"`
	Warning  bool   `json:"warning,omitempty"`
	Kind     string `json:"kind,omitempty"`
	Message  string `json:"message"`
	Lang     string `json:"lang,omitempty"` // the textarea it is under, for those in the section
	Original string `json:"original,omitempty"`
}

// Side is one language's section as the disk holds it.
type Side struct {
	Lang string `json:"lang"`
	File string `json:"file"` // as check names it
	// First and Last are the section's lines in the file: its heading,
	// and its last line that is not blank.
	First int    `json:"first"`
	Last  int    `json:"last"`
	Text  string `json:"text"`
	// Hash is the whole file's version: a save compares it with the disk.
	Hash string `json:"hash"`
	// State is the translation's ("current", "behind", "unchecked"; ""
	// for the original), and Checked the day it was last marked checked.
	State   string `json:"state,omitempty"`
	Checked string `json:"checked,omitempty"`
	Orig    string `json:"orig,omitempty"`
}

// Reply is the answer of section, check, save and mark.
type Reply struct {
	Doc   string `json:"doc"`
	ID    string `json:"id"`
	Sides []Side `json:"sides,omitempty"`
	// Problems are the diagnostics of the edited sections; Others those
	// elsewhere that the edit brings; Blocking counts the errors among
	// both, which a save refuses.
	Problems []Problem `json:"problems"`
	Others   []Problem `json:"others"`
	Blocking int       `json:"blocking"`
	// Conflict is set on a 409: Sides are then the disk's.
	Conflict bool `json:"conflict,omitempty"`
	Saved    bool `json:"saved,omitempty"`
	// Written counts the files a save wrote: none when the text was the
	// disk's.
	Written int `json:"written"`
}

// request is what check, save and mark receive.
type request struct {
	Doc    string            `json:"doc"`
	ID     string            `json:"id"`
	Lang   string            `json:"lang"` // the organiser's, for the messages
	Texts  map[string]string `json:"texts"`
	Hashes map[string]string `json:"hashes"`
}

// side is a Side with what a save needs.
type side struct {
	Side
	abs, rel string // the file, and its path in the content folder
	src      source
	raw      []byte
}

// errStatus is an error with the status it is answered with.
type errStatus struct {
	code int
	kind string
	args []string
}

func (e *errStatus) Error() string { return site.Text(e.kind, site.CatalogueDefault, e.args...) }

// load loads and checks the content as it is on disk.
func (h *Handler) load() (*site.Site, site.Diagnostics, error) {
	s, ds, err := pipeline.Check(h.opt.Pipeline)
	if s == nil {
		if err == nil {
			err = errors.New("no site")
		}
		return nil, nil, err
	}
	return s, ds, nil
}

// open finds the section id of the document slug in every language of s
// and reads it from its file. The names come from the request: they are
// looked up among the site's, never joined into a path, and a file that
// resolves outside the content folder is refused.
func (h *Handler) open(s *site.Site, slug, id string) ([]side, error) {
	var recs translation.Records
	if len(s.Langs) > 1 {
		recs, _ = translation.Load(filepath.Join(h.opt.Pipeline.ContentDir, translation.FileName))
	}
	var out []side
	for i, l := range s.Langs {
		d := l.Doc(slug)
		if d == nil || id == "" {
			continue
		}
		k := -1
		for j, sec := range d.Sections {
			if sec.ID == id {
				k = j
				break
			}
		}
		if k < 0 {
			continue
		}
		abs, rel, err := h.inside(d.File)
		if err != nil {
			return nil, err
		}
		raw, err := os.ReadFile(abs)
		if err != nil {
			return nil, err
		}
		src := parseSource(raw)
		next := 0
		if k+1 < len(d.Sections) {
			next = d.Sections[k+1].Line
		}
		first, last := src.span(d.Sections[k].Line, next)
		sd := side{Side: Side{Lang: l.Code, File: d.File, First: first, Last: last, Text: src.text(first, last), Hash: hashOf(raw)}, abs: abs, rel: rel, src: src, raw: raw}
		if i > 0 && recs != nil {
			sd.Orig = s.Langs[0].Code
			sd.State = "current"
			sd.Checked = recs[l.Code][slug+"#"+id].Checked
			if dr, ok := translation.Of(s, recs, l.Code, slug, id); ok {
				sd.State, sd.Checked = "behind", dr.Checked
				if dr.Checked == "" {
					sd.State = "unchecked"
				}
			}
		}
		out = append(out, sd)
	}
	if len(out) == 0 {
		return nil, &errStatus{http.StatusNotFound, "edit-no-section", []string{"key", slug + "#" + id}}
	}
	return out, nil
}

// inside returns file's absolute path, its links resolved, and its path
// in the content folder, or an error when it is not in the folder.
func (h *Handler) inside(file string) (abs, rel string, err error) {
	abs, err = filepath.Abs(file)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err == nil {
		rel, err = filepath.Rel(h.root, abs)
	}
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", "", &errStatus{http.StatusForbidden, "edit-outside", []string{"file", file, "dir", h.opt.Pipeline.ContentDir}}
	}
	return abs, rel, nil
}

// result is a proposed edit's check.
type result struct {
	reply Reply
	files map[string][]byte // by absolute path: what to write
}

// inEditor maps the kinds of diagnostics whose fix is one of the editor's
// buttons to their wording in the editor.
var inEditor = map[string]string{
	"translation-unchecked": "translation-unchecked-editor",
	"translation-behind":    "translation-behind-editor",
}

// propose checks sides with texts in place of their sections, on a copy
// of the content folder: the diagnostics in the edited sections, at their
// line in the editor's text, and the errors elsewhere that the content on
// disk does not have.
func (h *Handler) propose(sides []side, texts map[string]string, lang string) (*result, error) {
	tmp, err := os.MkdirTemp("", "compendium-edit-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	copyDir := filepath.Join(tmp, "content")
	if err := os.CopyFS(copyDir, os.DirFS(h.root)); err != nil {
		return nil, err
	}
	res := &result{files: map[string][]byte{}}
	type span struct {
		lang        string
		first, last int
	}
	edited := map[string]span{} // by path in the content folder, slashed
	for _, sd := range sides {
		text, ok := texts[sd.Lang]
		if !ok {
			// Untouched, as on disk: its problems (a value the other
			// language changed) are at their line in its editor too.
			edited[filepath.ToSlash(sd.rel)] = span{sd.Lang, sd.First, sd.Last}
			continue
		}
		src, last := sd.src.replace(sd.First, sd.Last, text)
		b := src.bytes()
		if err := os.WriteFile(filepath.Join(copyDir, sd.rel), b, 0o644); err != nil {
			return nil, err
		}
		if string(b) != string(sd.raw) {
			res.files[sd.abs] = b
		}
		edited[filepath.ToSlash(sd.rel)] = span{sd.Lang, sd.First, last}
	}
	opt := h.opt.Pipeline
	opt.ContentDir = copyDir
	_, ds, cerr := pipeline.Check(opt)
	var before map[string]bool
	lang = site.CatalogueLanguage(lang)
	for _, d := range site.Sort(ds) {
		rel, inCopy := strings.CutPrefix(filepath.ToSlash(d.File), filepath.ToSlash(copyDir)+"/")
		p := Problem{File: d.File, Line: d.Line, Col: d.Col, Warning: d.Severity == site.Warning, Kind: d.Kind, Message: d.Message(lang)}
		if alt, ok := inEditor[d.Kind]; ok {
			// The command line's fix is a button here.
			p.Message = site.Text(alt, lang, d.Args...)
		}
		if inCopy {
			p.File = filepath.Join(h.opt.Pipeline.ContentDir, filepath.FromSlash(rel))
			// Another file named in the message (the French line a value
			// differs from) names the copy too.
			p.Message = strings.ReplaceAll(p.Message, copyDir+string(filepath.Separator), h.opt.Pipeline.ContentDir+string(filepath.Separator))
			if sp, ok := edited[rel]; ok && d.Line >= sp.first && d.Line <= sp.last {
				p.Line, p.Lang = d.Line-sp.first+1, sp.lang
				res.reply.Problems = append(res.reply.Problems, p)
				if !p.Warning {
					res.reply.Blocking++
				}
				continue
			}
		}
		if p.Warning {
			continue
		}
		if before == nil {
			before = h.errorsOnDisk(lang)
		}
		if before[p.File+"\x00"+p.Kind+"\x00"+p.Message] {
			continue // the content on disk has it already: not this edit's
		}
		res.reply.Others = append(res.reply.Others, p)
		res.reply.Blocking++
	}
	var perr *pipeline.Error
	if cerr != nil && (!errors.As(cerr, &perr) || perr.Err != nil) {
		msg := cerr.Error()
		if perr != nil {
			msg = perr.Err.Error()
		}
		res.reply.Others = append(res.reply.Others, Problem{Message: strings.ReplaceAll(msg, copyDir, h.opt.Pipeline.ContentDir)})
		res.reply.Blocking++
	}
	if res.reply.Problems == nil {
		res.reply.Problems = []Problem{}
	}
	if res.reply.Others == nil {
		res.reply.Others = []Problem{}
	}
	return res, nil
}

// errorsOnDisk returns the errors of the content as it is on disk, by
// file, kind and message (not line: an edit moves the lines below it).
func (h *Handler) errorsOnDisk(lang string) map[string]bool {
	_, ds, _ := pipeline.Check(h.opt.Pipeline)
	out := map[string]bool{}
	for _, d := range ds {
		if d.Severity != site.Warning {
			out[d.File+"\x00"+d.Kind+"\x00"+d.Message(lang)] = true
		}
	}
	return out
}

func (h *Handler) doc(w http.ResponseWriter, r *http.Request) {
	s, _, err := h.load()
	if err != nil {
		fail(w, err)
		return
	}
	slug := r.URL.Query().Get("doc")
	seen := map[string]bool{}
	ids := []string{}
	for _, l := range s.Langs {
		if d := l.Doc(slug); d != nil {
			for _, sec := range d.Sections {
				if sec.ID != "" && !seen[sec.ID] {
					seen[sec.ID] = true
					ids = append(ids, sec.ID)
				}
			}
		}
	}
	sort.Strings(ids)
	reply(w, http.StatusOK, map[string]any{"doc": slug, "ids": ids})
}

func (h *Handler) section(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s, _, err := h.load()
	if err != nil {
		fail(w, err)
		return
	}
	sides, err := h.open(s, q.Get("doc"), q.Get("id"))
	if err != nil {
		fail(w, err)
		return
	}
	reply(w, http.StatusOK, Reply{Doc: q.Get("doc"), ID: q.Get("id"), Sides: public(sides), Problems: []Problem{}, Others: []Problem{}})
}

func (h *Handler) check(w http.ResponseWriter, r *http.Request) {
	req, sides, ok := h.read(w, r)
	if !ok {
		return
	}
	res, err := h.propose(sides, req.Texts, req.Lang)
	if err != nil {
		fail(w, err)
		return
	}
	res.reply.Doc, res.reply.ID = req.Doc, req.ID
	reply(w, http.StatusOK, res.reply)
}

// save writes the edit, or nothing: 409 with the disk's sections when a
// file changed since the editor opened it, 422 with the problems when
// the edit has an error.
func (h *Handler) save(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	defer h.mu.Unlock()
	req, sides, ok := h.read(w, r)
	if !ok {
		return
	}
	for _, sd := range sides {
		if _, edited := req.Texts[sd.Lang]; edited && req.Hashes[sd.Lang] != sd.Hash {
			reply(w, http.StatusConflict, Reply{Doc: req.Doc, ID: req.ID, Sides: public(sides), Conflict: true, Problems: []Problem{}, Others: []Problem{}})
			return
		}
	}
	res, err := h.propose(sides, req.Texts, req.Lang)
	if err != nil {
		fail(w, err)
		return
	}
	res.reply.Doc, res.reply.ID = req.Doc, req.ID
	if res.reply.Blocking > 0 {
		reply(w, http.StatusUnprocessableEntity, res.reply)
		return
	}
	// The files in a stable order, so that two saves write alike.
	files := make([]string, 0, len(res.files))
	for f := range res.files {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		if err := atomicfile.Write(f, res.files[f]); err != nil {
			fail(w, site.Diagnostics{site.New(f, 0, "write-failed", "err", err.Error())})
			return
		}
	}
	res.reply.Written = len(files)
	h.after(w, req, res.reply)
}

// after answers a save or a mark with the sections as the disk now has
// them.
func (h *Handler) after(w http.ResponseWriter, req request, rep Reply) {
	rep.Saved = true
	if s, _, err := h.load(); err == nil {
		if sides, err := h.open(s, req.Doc, req.ID); err == nil {
			rep.Sides = public(sides)
		}
	}
	if rep.Problems == nil {
		rep.Problems = []Problem{}
	}
	if rep.Others == nil {
		rep.Others = []Problem{}
	}
	reply(w, http.StatusOK, rep)
}

// mark records the section's translations as checked against the
// original as the disk has it.
func (h *Handler) mark(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	defer h.mu.Unlock()
	req, sides, ok := h.read(w, r)
	if !ok {
		return
	}
	for _, sd := range sides {
		if hash, given := req.Hashes[sd.Lang]; given && hash != sd.Hash {
			reply(w, http.StatusConflict, Reply{Doc: req.Doc, ID: req.ID, Sides: public(sides), Conflict: true, Problems: []Problem{}, Others: []Problem{}})
			return
		}
	}
	s, _, err := h.load()
	if err != nil {
		fail(w, err)
		return
	}
	day := time.Now().UTC().Format("2006-01-02")
	if h.opt.Today != nil {
		day = h.opt.Today()
	}
	unknown, _, err := translation.MarkFile(s, filepath.Join(h.root, translation.FileName), []string{req.Doc + "#" + req.ID}, false, day)
	if err == nil && len(unknown) > 0 {
		err = &errStatus{http.StatusNotFound, "edit-no-section", []string{"key", req.Doc + "#" + req.ID}}
	}
	if err != nil {
		fail(w, err)
		return
	}
	h.after(w, req, Reply{Doc: req.Doc, ID: req.ID})
}

// read decodes a request and opens its section.
func (h *Handler) read(w http.ResponseWriter, r *http.Request) (request, []side, bool) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "400: "+err.Error(), http.StatusBadRequest)
		return req, nil, false
	}
	s, _, err := h.load()
	if err != nil {
		fail(w, err)
		return req, nil, false
	}
	sides, err := h.open(s, req.Doc, req.ID)
	if err != nil {
		fail(w, err)
		return req, nil, false
	}
	for l := range req.Texts {
		found := false
		for _, sd := range sides {
			found = found || sd.Lang == l
		}
		if !found {
			fail(w, &errStatus{http.StatusNotFound, "edit-no-section", []string{"key", l + ":" + req.Doc + "#" + req.ID}})
			return req, nil, false
		}
	}
	return req, sides, true
}

func public(sides []side) []Side {
	out := make([]Side, len(sides))
	for i, s := range sides {
		out[i] = s.Side
	}
	return out
}

func reply(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// fail answers an error: its status when it has one, else 500, with its
// message in every language of the catalogue.
func fail(w http.ResponseWriter, err error) {
	code := http.StatusInternalServerError
	var es *errStatus
	msg := map[string]string{}
	if errors.As(err, &es) {
		code = es.code
	}
	for _, l := range languages {
		if es != nil {
			msg[l] = site.Text(es.kind, l, es.args...)
			continue
		}
		var ds site.Diagnostics
		if errors.As(err, &ds) {
			msg[l] = ds.Format(l, false)
			continue
		}
		msg[l] = err.Error()
	}
	reply(w, code, map[string]any{"error": msg})
}

// languages are the catalogue's, which the editor's messages are said in.
var languages = []string{site.CatalogueDefault, "fr"}

//go:embed editor.js editor.css i18n
var files embed.FS

func (h *Handler) script(w http.ResponseWriter, r *http.Request) {
	js, _ := files.ReadFile("editor.js")
	words := map[string]json.RawMessage{}
	entries, _ := files.ReadDir("i18n")
	for _, e := range entries {
		b, _ := files.ReadFile(path.Join("i18n", e.Name()))
		words[strings.TrimSuffix(e.Name(), ".json")] = b
	}
	wj, _ := json.Marshal(words)
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	_, _ = w.Write([]byte(strings.Replace(string(js), "/*WORDS*/null", string(wj), 1)))
}

func (h *Handler) style(w http.ResponseWriter, r *http.Request) {
	css, _ := files.ReadFile("editor.css")
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	_, _ = w.Write(css)
}
