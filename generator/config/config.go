// Package config reads the site's configuration file, compendium.json at
// the repository root: what an organiser sets once for their site (its
// title per language, the address it is published at, the rules' edition),
// as opposed to the rules (content/) and the look (theme/).
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"sort"
	"strings"
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
}

// Error is a problem in the configuration file, with its line when known.
type Error struct {
	File  string
	Line  int
	Field string
	Msg   string
}

func (e *Error) Error() string {
	loc := e.File
	if e.Line > 0 {
		loc += fmt.Sprintf(":%d", e.Line)
	}
	if e.Field != "" {
		return loc + ": " + e.Field + ": " + e.Msg
	}
	return loc + ": " + e.Msg
}

// Load reads the configuration file. A missing file is the zero Config (the
// theme's strings then give the titles), so a copy of content/ and theme/
// alone still builds.
func Load(file string) (*Config, error) {
	b, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return &Config{}, nil
	}
	if err != nil {
		return nil, &Error{File: file, Msg: err.Error()}
	}
	return Parse(file, b)
}

// Parse reads a configuration from b; file names it in messages.
func Parse(file string, b []byte) (*Config, error) {
	c := &Config{}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(c); err != nil {
		e := &Error{File: file, Msg: err.Error()}
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			e.Line = lineAt(b, syn.Offset)
		case errors.As(err, &typ):
			e.Line, e.Field = lineAt(b, typ.Offset), typ.Field
			e.Msg = "is " + typ.Value + ", want " + typ.Type.String()
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
			e.Field, e.Line = name, lineAt(b, int64(bytes.Index(b, []byte(`"`+name+`"`))))
			e.Msg = "unknown key; the keys are title, tagline, base_url, edition"
		}
		return nil, e
	}
	if c.BaseURL != "" {
		if err := c.SetBaseURL(c.BaseURL); err != nil {
			return nil, &Error{File: file, Line: lineAt(b, int64(bytes.Index(b, []byte(`"base_url"`)))), Field: "base_url", Msg: err.Error()}
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
				return nil, &Error{File: file, Line: lineAt(b, int64(bytes.Index(b, []byte(`"`+m.name+`"`)))), Field: m.name + "." + k, Msg: "is empty: give the text in that language, or remove the key"}
			}
		}
	}
	return c, nil
}

// SetBaseURL sets the base URL after checking it is an absolute http(s)
// address; a missing final slash is added, as every page URL is relative to
// it.
func (c *Config) SetBaseURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("%q is not an absolute http(s) address with no query: give e.g. https://rules.example.org/ or https://example.org/gn/", s)
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
