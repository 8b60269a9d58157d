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
//
// Cross-Origin-Opener-Policy is left out on purpose. Any value but the
// default makes Chromium put the page in a new browsing context group, so a
// new renderer process, whenever it is entered from a page without the same
// policy in the same tab: a search engine's results, a chat's web app, or
// any page on an Android phone, where Chromium does not give each site its
// own process. Measured with make lighthouse, the header cost every page
// kind several points and the navigation's first task several times its
// length, the control page included (docs/performance.md, "The
// Cross-Origin-Opener-Policy header, measured"). What the header protects, a window's reference to
// another origin's and the process it shares, guards nothing here: the site
// is public, has no account, no secret and opens no other origin's window.
func Security() map[string]string {
	return map[string]string{
		"Content-Security-Policy": CSP + "; frame-ancestors 'none'",
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "no-referrer",
		"X-Frame-Options":         "DENY",
		"Permissions-Policy":      "camera=(), microphone=(), geolocation=(), interest-cohort=()",
	}
}

// HSTS is the Strict-Transport-Security a published site sends: browsers
// that saw it over HTTPS ask for the site over HTTPS only, for a year. It
// names no subdomain (includeSubDomains would bind every other site of
// the organiser's domain) and asks for no preload list. Browsers ignore it
// over plain HTTP, so nginx sends it in any case: behind a proxy or a CDN
// that terminates TLS it reaches the browser over HTTPS. The local server
// does not send it.
const HSTS = "max-age=31536000"

// Published returns the headers a host sends on every response of the
// published site: Security() and Strict-Transport-Security.
func Published() map[string]string {
	h := Security()
	h["Strict-Transport-Security"] = HSTS
	return h
}

// Download is the Content-Disposition of the single-file editions
// (IsSingleFile): the file is made to be opened from disk, where its own
// policy allows its inline script and style by their hashes; served, the
// site's Content-Security-Policy (script-src 'self') would block them and
// leave it unstyled and without scripts, so a host sends it as a download
// whichever way it is opened (a pasted address, a new tab).
const Download = "attachment"

// IsSingleFile reports whether the URL path p is a single-file edition
// (/fr/compendium.html).
func IsSingleFile(p string) bool {
	lang, rest, ok := strings.Cut(strings.TrimPrefix(p, "/"), "/")
	return ok && lang != "" && rest == "compendium.html"
}

// Set adds the security headers to h.
func Set(h http.Header) {
	for k, v := range Security() {
		h.Set(k, v)
	}
}

// SetFor adds the security headers to h, and the single-file editions'
// Content-Disposition when p is one.
func SetFor(h http.Header, p string) {
	Set(h)
	if IsSingleFile(p) {
		h.Set("Content-Disposition", Download)
	}
}

// File returns the contents of a _headers file (the format Netlify and
// Cloudflare Pages read) declaring the same headers with HSTS
// (Published), the single-file editions' Content-Disposition, long
// caching for
// the content-hashed assets and "no-cache" (revalidate each time) for what
// keeps its address from one build to the next: the pages and search
// indexes of each language's folder (langs), the root pages and the
// service worker. A host that sent only Last-Modified for pages let
// browsers show an old rule after a correction.
func File(langs ...string) string {
	var b strings.Builder
	b.WriteString("/*\n")
	keys := make([]string, 0)
	sec := Published()
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
	for _, l := range langs {
		b.WriteString("/" + l + "/compendium.html\n  Content-Disposition: " + Download + "\n")
	}
	return b.String()
}
