package render

import (
	"os"
	"strings"
	"testing"
)

// TestStamp: a page's ID is written in place of the placeholder and
// changes with any byte of the page; its text hash changes with <main>
// only, not with the footer's date or the assets' names.
func TestStamp(t *testing.T) {
	page := func(asset, main, footer string) string {
		return `<!doctype html>
<html lang="fr" ` + buildPlaceholder + ` data-root="../"><head><script src="` + asset + `"></script></head>
<body><main id="main">` + main + `</main><footer>` + footer + `</footer></body></html>`
	}
	base := page("assets/main-1.js", "<p>Plate gives 3.</p>", "updated on 1 May")
	tests := []struct {
		name             string
		page             string
		sameID, sameText bool
	}{
		{"the same page", base, true, true},
		{"another footer date", page("assets/main-1.js", "<p>Plate gives 3.</p>", "updated on 2 May"), false, true},
		{"another asset", page("assets/main-2.js", "<p>Plate gives 3.</p>", "updated on 1 May"), false, true},
		{"another sentence", page("assets/main-1.js", "<p>Plate gives 4.</p>", "updated on 1 May"), false, false},
	}
	want, ok := stamp([]byte(base))
	if !ok {
		t.Fatal("stamp.go: no placeholder found in the base page")
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := []byte(tt.page)
			got, ok := stamp(b)
			if !ok {
				t.Fatal("no placeholder found")
			}
			if len(got.Build) != len(buildPlaceholder)-len(`data-build=""`) {
				t.Errorf("ID %q is not as long as the placeholder", got.Build)
			}
			if !strings.Contains(string(b), `data-build="`+got.Build+`"`) || strings.Contains(string(b), buildPlaceholder) {
				t.Errorf("the page does not carry its ID %s: %.120s", got.Build, b)
			}
			if (got.Build == want.Build) != tt.sameID {
				t.Errorf("ID %s, base page's %s: same = %v, want %v", got.Build, want.Build, got.Build == want.Build, tt.sameID)
			}
			if (got.Text == want.Text) != tt.sameText {
				t.Errorf("text %s, base page's %s: same = %v, want %v", got.Text, want.Text, got.Text == want.Text, tt.sameText)
			}
		})
	}
	if _, ok := stamp([]byte(`<!doctype html><html lang="fr"><body></body></html>`)); ok {
		t.Error("a page without the placeholder was stamped")
	}
}

// TestBaseLayoutHasBuildPlaceholder: the layout writes the placeholder
// stamp looks for, once, so every page based on it carries its ID.
func TestBaseLayoutHasBuildPlaceholder(t *testing.T) {
	b, err := os.ReadFile("../../theme/layouts/base.html")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), buildPlaceholder); n != 1 {
		t.Errorf("theme/layouts/base.html holds %s %d times, want once (generator/render/stamp.go)", buildPlaceholder, n)
	}
}
