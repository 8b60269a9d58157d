package pipeline

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostileConfig: compendium.json's title, tagline and edition, built
// with values that break out of each context they reach (an element's
// text, an attribute, a CSS string in a sheet and in the single file's
// <style>, JSON), come out escaped in every file of the site: no markup
// of theirs is live anywhere, and each reads back as written where it is
// data (the web manifest's JSON).
func TestHostileConfig(t *testing.T) {
	opt := writeFixture(t, goodSite)
	title := `Rules</style><meta http-equiv=refresh content=0;url=http://127.0.0.1:9/x><style>" autofocus onfocus="alert(1)`
	tagline := `' onmouseover='alert(3)</script><script>alert(4)</script>`
	edition := `E</script><img src=x onerror=alert(2)>}body{display:none}`
	cfg, _ := json.Marshal(map[string]any{
		"title":   map[string]string{"fr": title},
		"tagline": map[string]string{"fr": tagline},
		"edition": edition,
	})
	opt.ConfigFile = filepath.Join(filepath.Dir(opt.ContentDir), "compendium.json")
	if err := os.WriteFile(opt.ConfigFile, cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	opt.NoTwins = true
	res, err := Generate(opt)
	if err != nil {
		t.Fatal(err)
	}
	live := []string{
		"<meta http-equiv=refresh", // the title's markup, live
		"<img src=x",
		`" autofocus`, `onfocus="alert`, // the title leaving its attribute
		`' onmouseover`, `onmouseover='alert`,
		"<script>alert(", "</style><", "</script><",
	}
	seen := 0
	for name, b := range res.Files {
		if bytes.Contains(b, []byte("alert(2)")) {
			seen++
		}
		// Markup is live in what a browser reads as markup or as a
		// sheet; in JSON and scripts (the web manifest, sw.js) a value
		// is a string, checked below by reading it back.
		switch filepath.Ext(name) {
		case ".html", ".css", ".svg", ".xml":
		default:
			continue
		}
		for _, l := range live {
			if i := bytes.Index(b, []byte(l)); i >= 0 {
				t.Errorf("%s holds %q live: …%s…", name, l, excerpt(b, i))
			}
		}
	}
	if seen == 0 {
		t.Fatal("the edition reached no file: the test checks nothing")
	}
	// Each context's escaping, where the values are sure to go.
	single := string(res.Files["fr/compendium.html"])
	for _, want := range []string{
		`\3c /style\3e \3c meta http-equiv=refresh`, // the print footer's CSS string, inlined in <style>
		`&lt;img src=x onerror=alert(2)&gt;`,        // the edition in the file's text
	} {
		if !strings.Contains(single, want) {
			t.Errorf("fr/compendium.html lacks %q", want)
		}
	}
	home := string(res.Files["fr/index.html"])
	if !strings.Contains(home, `&lt;meta http-equiv=refresh`) || !strings.Contains(home, `&#34; autofocus onfocus=&#34;alert(1)`) {
		t.Errorf("fr/index.html does not hold the title escaped for text and attributes")
	}
	var m struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(res.Files["fr/manifest.webmanifest"], &m); err != nil || m.Name != title {
		t.Errorf("fr/manifest.webmanifest: name %q (%v), want the title as written", m.Name, err)
	}
}

// excerpt is b around i, for a message.
func excerpt(b []byte, i int) string {
	return string(b[max(0, i-60):min(len(b), i+60)])
}
