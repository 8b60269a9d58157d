// Package config reads the site's configuration file, compendium.json at
// the repository root: what an organiser sets once for their site (its
// title per language, the address it is published at, the rules' edition),
// as opposed to the rules (content/) and the look (theme/).
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"compendium/generator/site"
)

// FileName is the configuration file's name at the repository root.
const FileName = "compendium.json"

// Config is the site's configuration.
type Config struct {
	// Title is the site's title per language code.
	Title map[string]string `json:"title"`
	// Tagline is the one-line description under the title, per language.
	Tagline map[string]string `json:"tagline"`
	// BaseURL is the absolute address the site is published at, ending in
	// "/" (e.g. "https://rules.example.org/gn/"). Empty means relative links
	// only: public/ then works under any path, but canonical links, the
	// sitemap and link previews need an absolute address.
	BaseURL string `json:"base_url"`
	// Edition names the current edition of the rules (e.g. "2026").
	Edition string `json:"edition"`
	// Languages lists the codes of the site's languages, the original
	// first: each has its folder of documents under content/ and its
	// interface strings in theme/i18n/<code>.json. A file without the key
	// has site.Languages, the two the compendium was written in.
	Languages []string `json:"languages"`
	// EditURL, when set, gives each section of the site a link to edit
	// its source: an address with {path}, the file's path from this
	// file's folder ("content/fr/fantasy.md"), and {line}, its heading's
	// line (e.g. "https://example.org/repo/edit/main/{path}#L{line}").
	EditURL string `json:"edit_url"`
	// languagesLine is the line of the list in the file, 0 when it has none.
	languagesLine int
}

// languageCode is the shape of a language code: a BCP 47 primary tag
// ("fr", "de", "gsw"), optionally with a region or script ("pt-br"), as
// the pages' lang attribute and the folder's name both need it.
var languageCode = regexp.MustCompile(`^[a-z]{2,3}(-[a-z0-9]{2,8})*$`)

// Error is a problem in the configuration file, with its line when
// known: a kind of the message catalogue (generator/site/messages.go) and
// its arguments, so that it reads in the organiser's language
// (Diagnostic).
type Error struct {
	File string
	Line int
	Col  int
	Kind string
	Args []string
}

// Diagnostic is the problem as check reports it.
func (e *Error) Diagnostic() site.Diagnostic {
	d := site.New(e.File, e.Line, e.Kind, e.Args...)
	d.Col = e.Col
	return d
}

// Error is the problem in English.
func (e *Error) Error() string { return e.Diagnostic().String() }

// Load reads the configuration file. A missing file is the zero Config (the
// theme's strings then give the titles), so a copy of content/ and theme/
// alone still builds.
func Load(file string) (*Config, error) {
	b, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return &Config{Languages: slices.Clone(site.Languages)}, nil
	}
	if err != nil {
		return nil, &Error{File: file, Kind: "read-failed", Args: []string{"err", err.Error()}}
	}
	return Parse(file, b)
}

// Parse reads a configuration from b; file names it in messages.
func Parse(file string, b []byte) (*Config, error) {
	c := &Config{}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(c); err != nil {
		if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			name = strings.Trim(name, `"`)
			return nil, &Error{File: file, Line: lineAt(b, int64(bytes.Index(b, []byte(`"`+name+`"`)))), Kind: "config-unknown-key", Args: []string{"key", name}}
		}
		d := site.JSONProblem(file, b, err)
		return nil, &Error{File: file, Line: d.Line, Col: d.Col, Kind: d.Kind, Args: d.Args}
	}
	if d := site.DuplicateKey(file, b); d != nil {
		return nil, &Error{File: file, Line: d.Line, Col: d.Col, Kind: d.Kind, Args: d.Args}
	}
	if c.BaseURL != "" {
		if err := c.SetBaseURL(c.BaseURL); err != nil {
			return nil, &Error{File: file, Line: lineAt(b, int64(bytes.Index(b, []byte(`"base_url"`)))), Kind: "config-base-url", Args: []string{"url", c.BaseURL}}
		}
	}
	for _, m := range []struct {
		name string
		v    map[string]string
	}{{"title", c.Title}, {"tagline", c.Tagline}} {
		keys := make([]string, 0, len(m.v))
		for k := range m.v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if strings.TrimSpace(m.v[k]) == "" {
				return nil, &Error{File: file, Line: lineAt(b, int64(bytes.Index(b, []byte(`"`+m.name+`"`)))), Kind: "config-empty", Args: []string{"field", m.name + "." + k}}
			}
		}
	}
	if c.EditURL != "" && !strings.Contains(c.EditURL, "{path}") {
		return nil, &Error{File: file, Line: lineAt(b, int64(bytes.Index(b, []byte(`"edit_url"`)))), Kind: "config-edit-url",
			Args: []string{"url", c.EditURL, "mark", "{path}", "example", "https://example.org/repo/edit/main/{path}#L{line}"}}
	}
	if err := checkLanguages(file, b, c); err != nil {
		return nil, err
	}
	return c, nil
}

// checkLanguages checks the languages list, or gives the default to a file
// that has none: a key left out is the two languages of old sites, but a
// list written empty, with a code twice or a code that cannot name a
// folder is a mistake.
func checkLanguages(file string, b []byte, c *Config) error {
	line := lineAt(b, int64(bytes.Index(b, []byte(`"languages"`))))
	c.languagesLine = line
	if c.Languages == nil {
		c.Languages = slices.Clone(site.Languages)
		return nil
	}
	if len(c.Languages) == 0 {
		return &Error{File: file, Line: line, Kind: "config-languages-empty", Args: []string{"default", `"` + strings.Join(site.Languages, `", "`) + `"`}}
	}
	for i, code := range c.Languages {
		if !languageCode.MatchString(code) {
			return &Error{File: file, Line: line, Kind: "config-language-code", Args: []string{"code", code}}
		}
		if j := slices.Index(c.Languages[:i], code); j >= 0 {
			return &Error{File: file, Line: line, Kind: "config-language-twice", Args: []string{"code", code, "n", strconv.Itoa(j + 1), "m", strconv.Itoa(i + 1)}}
		}
	}
	return nil
}

// Original returns the language the rules are written in: the first of
// the list.
func (c *Config) Original() string { return c.Langs()[0] }

// LanguagesLine returns the line of the languages list in the file, 0
// when it has none.
func (c *Config) LanguagesLine() int { return c.languagesLine }

// Langs returns the site's languages, the original first: the list of the
// file, or site.Languages for a configuration that was not read from one.
func (c *Config) Langs() []string {
	if c == nil || len(c.Languages) == 0 {
		return site.Languages
	}
	return c.Languages
}

// ErrBaseURL is SetBaseURL's refusal of an address that is not an
// absolute http(s) address with no query: the caller says where it came
// from (the file's base_url, the command line's -base-url).
var ErrBaseURL = errors.New("not an absolute http(s) address with no query")

// SetBaseURL sets the base URL after checking it is an absolute http(s)
// address; a missing final slash is added, as every page URL is relative to
// it.
func (c *Config) SetBaseURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return ErrBaseURL
	}
	if !strings.HasSuffix(s, "/") {
		s += "/"
	}
	c.BaseURL = s
	return nil
}

// Abs returns the absolute URL of a path relative to the site root, or ""
// without a base URL.
func (c *Config) Abs(path string) string {
	if c == nil || c.BaseURL == "" {
		return ""
	}
	return c.BaseURL + path
}

func lineAt(b []byte, off int64) int {
	if off < 0 {
		return 0
	}
	if off > int64(len(b)) {
		off = int64(len(b))
	}
	return bytes.Count(b[:off], []byte("\n")) + 1
}
