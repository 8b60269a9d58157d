package render

import "testing"

// TestSiteAddress: the single file's copy-link names the published site
// in the file's language, and nothing when the build has no base URL.
func TestSiteAddress(t *testing.T) {
	for _, tc := range []struct{ base, lang, want string }{
		{"", "fr", ""},
		{"https://rules.example.org/", "fr", "https://rules.example.org/fr/"},
		{"https://example.org/gn/", "en", "https://example.org/gn/en/"},
	} {
		if got := siteAddress(tc.base, tc.lang); got != tc.want {
			t.Errorf("siteAddress(%q, %q) = %q, want %q", tc.base, tc.lang, got, tc.want)
		}
	}
}
