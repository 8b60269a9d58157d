package edit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// bom is the UTF-8 byte order mark a file written on Windows may start with.
var bom = []byte{0xEF, 0xBB, 0xBF}

// source is a content file as the editor works on it: its lines without
// their endings, and what writing it back must keep (a byte order mark,
// CRLF line endings, a final newline).
type source struct {
	lines []string
	bom   bool
	crlf  bool
	final bool // the last line ends with a newline
}

// parseSource splits a file's bytes into a source. A file whose lines
// mostly end with CRLF is a CRLF file: it is written back with CRLF
// throughout, as the organiser's editor wrote it.
func parseSource(b []byte) source {
	var s source
	if bytes.HasPrefix(b, bom) {
		s.bom = true
		b = b[len(bom):]
	}
	crlf := bytes.Count(b, []byte("\r\n"))
	s.crlf = crlf > 0 && crlf*2 >= bytes.Count(b, []byte("\n"))
	text := strings.ReplaceAll(string(b), "\r\n", "\n")
	s.final = strings.HasSuffix(text, "\n")
	text = strings.TrimSuffix(text, "\n")
	s.lines = strings.Split(text, "\n")
	return s
}

// bytes returns the source as the file holds it.
func (s source) bytes() []byte {
	nl := "\n"
	if s.crlf {
		nl = "\r\n"
	}
	var b bytes.Buffer
	if s.bom {
		b.Write(bom)
	}
	b.WriteString(strings.Join(s.lines, nl))
	if s.final {
		b.WriteString(nl)
	}
	return b.Bytes()
}

// span returns the lines (from 1) of the section whose heading is at line
// first and whose next heading, if any, is at next (0: none): down to the
// line before next, the blank lines at its end left out.
func (s source) span(first, next int) (int, int) {
	last := len(s.lines)
	if next > 0 && next-1 < last {
		last = next - 1
	}
	for last > first && strings.TrimSpace(s.lines[last-1]) == "" {
		last--
	}
	return first, last
}

// text returns lines first to last (from 1) joined with "\n".
func (s source) text(first, last int) string {
	if first < 1 || last > len(s.lines) || first > last {
		return ""
	}
	return strings.Join(s.lines[first-1:last], "\n")
}

// replace returns a copy of s with lines first to last replaced by text,
// and the last line text then ends on.
func (s source) replace(first, last int, text string) (source, int) {
	text = strings.TrimRight(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	repl := strings.Split(text, "\n")
	out := s
	out.lines = append(append(append([]string(nil), s.lines[:first-1]...), repl...), s.lines[last:]...)
	return out, first + len(repl) - 1
}

// hashOf is the version of a file's bytes the editor opened: a change on
// disk since then gives another.
func hashOf(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}
