package headers

import (
	"os"
	"strings"
	"testing"
)

// directive is one nginx directive: its name, its arguments (quotes
// removed) and, for a block, the directives inside.
type directive struct {
	name  string
	args  []string
	block []directive
}

// parseNginx reads nginx configuration text: enough of the syntax for
// deploy/nginx.conf (comments, quoted strings, blocks).
func parseNginx(t *testing.T, src string) []directive {
	t.Helper()
	var toks []string
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == ';' || c == '{' || c == '}':
			toks = append(toks, string(c))
			i++
		case c == '"' || c == '\'':
			end := strings.IndexByte(src[i+1:], c)
			if end < 0 {
				t.Fatalf("unterminated string at byte %d", i)
			}
			toks = append(toks, "\x00"+src[i+1:i+1+end]) // \x00: a quoted word
			i += end + 2
		default:
			j := i
			for j < len(src) && !strings.ContainsRune(" \t\r\n;{}#", rune(src[j])) {
				j++
			}
			toks = append(toks, src[i:j])
			i = j
		}
	}
	var parse func() []directive
	parse = func() []directive {
		var out []directive
		var cur []string
		for len(toks) > 0 {
			tok := toks[0]
			toks = toks[1:]
			switch tok {
			case ";", "{":
				if len(cur) == 0 {
					t.Fatalf("%q without a directive", tok)
				}
				d := directive{name: cur[0]}
				for _, a := range cur[1:] {
					d.args = append(d.args, strings.TrimPrefix(a, "\x00"))
				}
				if tok == "{" {
					d.block = parse()
				}
				out = append(out, d)
				cur = nil
			case "}":
				return out
			default:
				cur = append(cur, tok)
			}
		}
		if len(cur) > 0 {
			t.Fatalf("directive %v without ;", cur)
		}
		return out
	}
	return parse()
}

// TestNginxConf: deploy/nginx.conf sends the headers Security() declares,
// with the same values, on every response, and caches /assets/ as the
// _headers file does.
func TestNginxConf(t *testing.T) {
	src, err := os.ReadFile("../../deploy/nginx.conf")
	if err != nil {
		t.Fatal(err)
	}
	conf := parseNginx(t, string(src))

	added := map[string]string{}
	for _, d := range conf {
		if d.name != "add_header" {
			continue
		}
		if len(d.args) != 3 || d.args[2] != "always" {
			t.Errorf("add_header %q: want name, value and always (404 pages need the headers too)", d.args)
			continue
		}
		added[d.args[0]] = d.args[1]
	}
	for k, v := range Security() {
		got, ok := added[k]
		switch {
		case !ok:
			t.Errorf("nginx.conf does not send %s", k)
		case got != v:
			t.Errorf("nginx.conf sends %s: %q\nSecurity() says %q", k, got, v)
		}
	}
	if !strings.Contains(string(src), CSP) {
		t.Error("nginx.conf lacks the pages' CSP")
	}

	// nginx drops every add_header of the server level in a location
	// with one of its own: the locations must set none.
	var locations []directive
	for _, d := range conf {
		if d.name == "location" {
			locations = append(locations, d)
			for _, in := range d.block {
				if in.name == "add_header" {
					t.Errorf("location %v has an add_header: its responses would lose the security headers", d.args)
				}
			}
		}
	}

	// Cache-Control comes from a variable: no-cache by default (pages,
	// /sw.js), the _headers file's value under /assets/.
	cacheVar := strings.TrimPrefix(added["Cache-Control"], "$")
	if cacheVar == "" || cacheVar == added["Cache-Control"] {
		t.Fatalf("Cache-Control is %q, want a variable", added["Cache-Control"])
	}
	setIn := func(ds []directive) (string, bool) {
		for _, d := range ds {
			if d.name == "set" && len(d.args) == 2 && d.args[0] == "$"+cacheVar {
				return d.args[1], true
			}
		}
		return "", false
	}
	if v, _ := setIn(conf); v != "no-cache" {
		t.Errorf("Cache-Control by default %q, want no-cache", v)
	}
	_, assetsCache, _ := strings.Cut(File(), "/assets/*\n  Cache-Control: ")
	assetsCache, _, _ = strings.Cut(assetsCache, "\n")
	if !strings.Contains(assetsCache, "immutable") {
		t.Fatalf("_headers caches /assets/ with %q", assetsCache)
	}
	found := false
	for _, l := range locations {
		v, ok := setIn(l.block)
		if len(l.args) == 1 && l.args[0] == "/assets/" {
			found = true
			if v != assetsCache {
				t.Errorf("/assets/ Cache-Control %q, want %q as in _headers", v, assetsCache)
			}
		} else if ok && v != "no-cache" {
			t.Errorf("location %v: Cache-Control %q", l.args, v)
		}
	}
	if !found {
		t.Error("no location /assets/")
	}
}

// TestFileRevalidates: the _headers file asks for revalidation of what
// keeps its address from one build to the next (pages and indexes under
// each language, the root pages, the service worker), and for nothing
// else: the assets are cached a year.
func TestFileRevalidates(t *testing.T) {
	f := File("fr", "en")
	for _, p := range []string{"/", "/index.html", "/404.html", "/sw.js", "/fr/*", "/en/*"} {
		if !strings.Contains(f, "\n"+p+"\n  Cache-Control: no-cache\n") {
			t.Errorf("_headers does not revalidate %s:\n%s", p, f)
		}
	}
	if strings.Count(f, "Cache-Control") != 7 {
		t.Errorf("_headers sets Cache-Control %d times, want 7:\n%s", strings.Count(f, "Cache-Control"), f)
	}
}
