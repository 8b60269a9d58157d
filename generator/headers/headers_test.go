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
	const name = "Cross-Origin-Opener-Policy"
	for k := range Security() {
		if strings.EqualFold(k, name) {
			t.Errorf("Security() declares %s; it is left out on purpose (see Security's comment)", k)
		}
	}
	h := http.Header{}
	Set(h)
	if v := h.Get(name); v != "" {
		t.Errorf("Set sends %s: %s; it is left out on purpose (see Security's comment)", name, v)
	}
	if f := File("fr", "en"); strings.Contains(strings.ToLower(f), strings.ToLower(name)) {
		t.Errorf("the _headers file declares %s; it is left out on purpose (see Security's comment):\n%s", name, f)
	}
}
