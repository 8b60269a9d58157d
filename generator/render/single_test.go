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

// TestInlinable: the single file refuses inline style or script that
// holds its element's end tag, in any case; "<\/script>" (how the bundler
// escapes it) passes.
func TestInlinable(t *testing.T) {
	for _, c := range []struct {
		v  singleView
		ok bool
	}{
		{singleView{CSS: "a{color:red}", JS: "f()"}, true},
		{singleView{CSS: `.x::after{content:"<\/STYLE>"}`, JS: `s="<\/script>"`}, true},
		{singleView{PrintCSS: `html{--f:"</STYLE><meta http-equiv=refresh>"}`}, false},
		{singleView{CSS: "/* </style */"}, false},
		{singleView{JS: `s="</Script><img src=x onerror=alert(1)>"`}, false},
		{singleView{Head: "</script"}, false},
	} {
		if err := inlinable(c.v); (err == nil) != c.ok {
			t.Errorf("%+v: %v, want ok %v", c.v, err, c.ok)
		}
	}
}
