package headers

import (
	"net/http"
	"strings"
	"testing"
)

// TestNoOpenerPolicy keeps Cross-Origin-Opener-Policy out of the three
// places that state the headers (see Security for the measurements): any
// value but the default gives each entry into the site a new renderer
// process.
func TestNoOpenerPolicy(t *testing.T) {
	h := http.Header{}
	Set(h)
	for _, got := range []struct{ where, text string }{
		{"Security()", strings.Join(keys(Security()), "\n")},
		{"Set", strings.Join(keys(map[string][]string(h)), "\n")},
		{"File", File("fr", "en")},
	} {
		if strings.Contains(strings.ToLower(got.text), "cross-origin-opener-policy") {
			t.Errorf("%s declares Cross-Origin-Opener-Policy; it is left out on purpose (see Security's comment):\n%s", got.where, got.text)
		}
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
