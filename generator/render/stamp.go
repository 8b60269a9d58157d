package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
)

// Stamp identifies a page of a build for the offline copy's update banner
// (theme/sw/sw.js): a tab opened before an update is told what changed,
// and a tab that already shows the new build is told nothing.
type Stamp struct {
	// Build is the page's own ID, written on its <html> as data-build:
	// a hash of the page's bytes (with the ID's place blank), so it
	// changes exactly when the page does. A build-wide ID would do the
	// same on each page but change every page at every build, and an
	// update would download every page the reader kept instead of the
	// few that changed.
	Build string
	// Text is a hash of the page's <main> element: what the reader reads,
	// without the footer's date, the edition or the assets' names, which
	// change on every page when one sentence does.
	Text string
}

// buildPlaceholder is what theme/layouts/base.html writes as data-build's
// value: as long as the ID, so the ID is written in place.
const buildPlaceholder = `data-build="00000000"`

// stamp writes page b's ID into b, in place, and returns its Stamp; ok is
// false when b has no placeholder (a layout that is not based on base.html).
func stamp(b []byte) (s Stamp, ok bool) {
	// The attribute is on <html>, in the first bytes.
	head := b[:min(len(b), 2048)]
	at := bytes.Index(head, []byte(buildPlaceholder))
	if at < 0 {
		return Stamp{}, false
	}
	sum := sha256.Sum256(b)
	s.Build = hex.EncodeToString(sum[:4])
	copy(b[at+len(`data-build="`):], s.Build)
	text := b
	if i := bytes.Index(b, []byte("<main")); i >= 0 {
		if j := bytes.LastIndex(b, []byte("</main>")); j > i {
			text = b[i:j]
		}
	}
	tsum := sha256.Sum256(text)
	s.Text = hex.EncodeToString(tsum[:4])
	return s, true
}

// stamp stamps the page at file and records its Stamp in the output.
func (r *siteRenderer) stamp(file string, b []byte) {
	s, ok := stamp(b)
	if !ok {
		return
	}
	if r.out.Stamps == nil {
		r.out.Stamps = map[string]Stamp{}
	}
	r.out.Stamps[file] = s
}
