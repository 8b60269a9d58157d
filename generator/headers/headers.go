// Package headers holds the security headers the site declares, in one place
// for the three that state them: each page's <meta>, the _headers file for a
// static host, and the local server.
package headers

import (
	"net/http"
	"sort"
	"strings"
)

// CSP is the pages' Content-Security-Policy. 'wasm-unsafe-eval' is the one
// exception to script-src 'self': without it Chromium refuses to compile the
// calculators' WebAssembly; it allows no JavaScript eval.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'"

// Security returns the headers every response carries.
func Security() map[string]string {
	return map[string]string{
		"Content-Security-Policy":    CSP + "; frame-ancestors 'none'",
		"X-Content-Type-Options":     "nosniff",
		"Referrer-Policy":            "no-referrer",
		"X-Frame-Options":            "DENY",
		"Permissions-Policy":         "camera=(), microphone=(), geolocation=(), interest-cohort=()",
		"Cross-Origin-Opener-Policy": "same-origin",
	}
}

// Set adds the security headers to h.
func Set(h http.Header) {
	for k, v := range Security() {
		h.Set(k, v)
	}
}

// File returns the contents of a _headers file (the format Netlify and
// Cloudflare Pages read) declaring the same headers, plus long caching for
// the content-hashed assets and "no-cache" (revalidate each time) for what
// keeps its address from one build to the next: the pages and search
// indexes of each language's folder (langs), the root pages and the
// service worker. A host that sent only Last-Modified for pages let
// browsers show an old rule after a correction.
func File(langs ...string) string {
	var b strings.Builder
	b.WriteString("/*\n")
	keys := make([]string, 0)
	sec := Security()
	for k := range sec {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b.WriteString("  " + k + ": " + sec[k] + "\n")
	}
	b.WriteString("/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n")
	paths := []string{"/", "/index.html", "/404.html", "/sw.js"}
	for _, l := range langs {
		paths = append(paths, "/"+l+"/*")
	}
	for _, p := range paths {
		b.WriteString(p + "\n  Cache-Control: no-cache\n")
	}
	return b.String()
}
