package headers

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
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

// TestNginxConf: deploy/nginx.conf sends the headers Published() declares,
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
	for k, v := range Published() {
		got, ok := added[k]
		switch {
		case !ok:
			t.Errorf("nginx.conf does not send %s", k)
		case got != v:
			t.Errorf("nginx.conf sends %s: %q\nPublished() says %q", k, got, v)
		}
	}
	if !strings.Contains(string(src), CSP) {
		t.Error("nginx.conf lacks the pages' CSP")
	}

	// nginx drops every add_header of the server level in a location
	// with one of its own: the locations must set none.
	var locations []directive
	var walk func(ds []directive)
	walk = func(ds []directive) {
		for _, d := range ds {
			if d.name != "location" {
				continue
			}
			locations = append(locations, d)
			for _, in := range d.block {
				if in.name == "add_header" {
					t.Errorf("location %v has an add_header: its responses would lose the security headers", d.args)
				}
			}
			walk(d.block)
		}
	}
	walk(conf)

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

// debianDirectives are the directives deploy/nginx.conf may use: those of
// the modules Debian's nginx package (1.22, bookworm) has built in, which
// nginx -t accepts without a load_module. brotli_static is not one: it
// lives in deploy/nginx-brotli.conf.
var debianDirectives = map[string]bool{
	"gzip_static": true, "gzip_vary": true, "types": true, "default_type": true, "charset": true,
	"charset_types": true, "index": true, "absolute_redirect": true, "server_tokens": true, "set": true,
	"add_header": true, "error_page": true, "location": true, "try_files": true, "return": true,
}

// TestNginxConfOnDebian: deploy/nginx.conf uses only directives Debian's
// nginx has without extra modules, so it loads on a stock install; the
// brotli twins are in deploy/nginx-brotli.conf, alone, to include where
// the module is there. nginx itself is not installed where the tests run,
// so this checks the text; TestNginxParses runs nginx -t where it is.
func TestNginxConfOnDebian(t *testing.T) {
	src, err := os.ReadFile("../../deploy/nginx.conf")
	if err != nil {
		t.Fatal(err)
	}
	var walk func(ds []directive, in string)
	walk = func(ds []directive, in string) {
		for _, d := range ds {
			if d.name != "types" && !debianDirectives[d.name] {
				t.Errorf("nginx.conf%s: %s is not a directive of Debian's nginx without modules", in, d.name)
			}
			if d.name == "location" {
				walk(d.block, in+" location "+strings.Join(d.args, " "))
			}
		}
	}
	walk(parseNginx(t, string(src)), "")

	br, err := os.ReadFile("../../deploy/nginx-brotli.conf")
	if err != nil {
		t.Fatal(err)
	}
	if ds := parseNginx(t, string(br)); len(ds) != 1 || ds[0].name != "brotli_static" || len(ds[0].args) != 1 || ds[0].args[0] != "on" {
		t.Errorf("nginx-brotli.conf: %+v, want brotli_static on alone", ds)
	}
}

// TestNginxPublishesOnlyTheSite: nginx.conf hides its version, refuses
// the build's own files (the manifest and any other dotfile but
// /.well-known/, the temporary files of a build stopped in place), and
// sends the single-file editions as downloads, nothing else.
func TestNginxPublishesOnlyTheSite(t *testing.T) {
	src, err := os.ReadFile("../../deploy/nginx.conf")
	if err != nil {
		t.Fatal(err)
	}
	conf := parseNginx(t, string(src))
	find := func(ds []directive, name string, args ...string) *directive {
		for i, d := range ds {
			if d.name == name && (len(args) == 0 || strings.Join(d.args, " ") == strings.Join(args, " ")) {
				return &ds[i]
			}
		}
		return nil
	}
	if d := find(conf, "server_tokens"); d == nil || strings.Join(d.args, " ") != "off" {
		t.Error("nginx.conf does not set server_tokens off: the Server header names nginx's version")
	}
	for _, re := range []string{`/\.(?!well-known/)`, `\.tmp-[0-9]+$`} {
		d := find(conf, "location", "~", re)
		if d == nil || find(d.block, "return", "404") == nil {
			t.Errorf("nginx.conf has no location ~ %s answering 404", re)
		}
	}
	// The temporary files' pattern, which Go's regexp reads too.
	tmp := regexp.MustCompile(`\.tmp-[0-9]+$`)
	for p, want := range map[string]bool{"/fr/index.html.tmp-4711": true, "/.compendium-build.json.tmp-12": true, "/fr/index.html": false, "/assets/main-tmp-1.css": false} {
		if tmp.MatchString(p) != want {
			t.Errorf("the temporary files' location matches %s: %v", p, !want)
		}
	}

	// Content-Disposition: a variable, empty (so not sent) by default,
	// "attachment" in each language's /<lang>/compendium.html only.
	if d := find(conf, "add_header", "Content-Disposition", "$compendium_disposition", "always"); d == nil {
		t.Fatal("nginx.conf does not send Content-Disposition from $compendium_disposition")
	}
	if d := find(conf, "set", "$compendium_disposition", ""); d == nil {
		t.Error("$compendium_disposition is not empty by default")
	}
	var single []string
	var walk func(ds []directive)
	walk = func(ds []directive) {
		for _, d := range ds {
			if d.name != "location" {
				continue
			}
			if s := find(d.block, "set", "$compendium_disposition", Download); s != nil {
				if len(d.args) != 2 || d.args[0] != "=" || !IsSingleFile(d.args[1]) {
					t.Errorf("location %v sends Content-Disposition: %s", d.args, Download)
				}
				single = append(single, d.args[1])
			}
			walk(d.block)
		}
	}
	walk(conf)
	for _, l := range []string{"fr", "en"} {
		if !slices.Contains(single, "/"+l+"/compendium.html") {
			t.Errorf("/%s/compendium.html is not sent as a download (locations: %v)", l, single)
		}
	}
}

// TestNginxParses runs nginx -t on deploy/nginx.conf in a server block,
// with deploy/nginx-brotli.conf where Debian's brotli module is there.
// nginx is not installed where the project's tests usually run: then it
// says so and stops (TestNginxConfOnDebian checks the text).
func TestNginxParses(t *testing.T) {
	nginx, err := exec.LookPath("nginx")
	if err != nil {
		if _, serr := os.Stat("/usr/sbin/nginx"); serr != nil {
			t.Skip("nginx is not installed: only the text of deploy/nginx.conf is checked")
		}
		nginx = "/usr/sbin/nginx"
	}
	dir := t.TempDir()
	conf, _ := filepath.Abs("../../deploy/nginx.conf")
	load, brotli := "", ""
	if so := "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so"; fileExists(so) {
		brotli, _ = filepath.Abs("../../deploy/nginx-brotli.conf")
		load = "load_module " + so + ";"
		brotli = "include " + brotli + ";"
	}
	main := load + "\npid " + dir + "/nginx.pid;\nerror_log " + dir + "/error.log;\nevents {}\nhttp {\n  access_log off;\n  server {\n    listen 127.0.0.1:1;\n    root " + dir + ";\n    include " + conf + ";\n    " + brotli + "\n  }\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "nginx.conf"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(nginx, "-t", "-q", "-p", dir, "-e", dir+"/error.log", "-c", filepath.Join(dir, "nginx.conf")).CombinedOutput()
	if err != nil {
		t.Errorf("nginx -t: %v\n%s", err, out)
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
