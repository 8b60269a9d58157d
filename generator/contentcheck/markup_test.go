package contentcheck_test

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestMarkupRegressions: no page of the real site has an anchor without an
// address (Lighthouse's "links are crawlable" fails on it, and a keyboard
// skips it), nor a name (aria-labelledby, aria-label) on a div or span
// without a role, which ARIA forbids on a generic element (the Nu HTML
// Checker's error). Both came back once unnoticed (issue 48).
func TestMarkupRegressions(t *testing.T) {
	res := realSite(t)
	names := htmlPages(res)
	if len(names) < 20 {
		t.Fatalf("only %d pages built", len(names))
	}
	for _, name := range names {
		doc, err := html.Parse(bytes.NewReader(res.Files[name]))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var bad []string
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.ElementNode {
				attrs := map[string]string{}
				for _, a := range n.Attr {
					attrs[a.Key] = a.Val
				}
				_, hasHref := attrs["href"]
				if n.Data == "a" && (!hasHref || strings.TrimSpace(attrs["href"]) == "") {
					bad = append(bad, "<a> without href: "+render(n))
				}
				_, labelled := attrs["aria-labelledby"]
				_, labelledText := attrs["aria-label"]
				if (n.Data == "div" || n.Data == "span") && attrs["role"] == "" && (labelled || labelledText) {
					bad = append(bad, "a name on a <"+n.Data+"> without a role: "+render(n))
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(doc)
		for _, b := range bad {
			t.Errorf("%s: %s", name, b)
		}
	}
}

// render returns an element's start tag, for a message.
func render(n *html.Node) string {
	var b strings.Builder
	b.WriteString("<" + n.Data)
	for _, a := range n.Attr {
		if len(a.Val) > 40 {
			a.Val = a.Val[:40] + "…"
		}
		b.WriteString(" " + a.Key + "=\"" + a.Val + "\"")
	}
	return b.String() + ">"
}
