package render

import (
	"strconv"
	"strings"
	"testing"
)

// hostile are configuration values (compendium.json's title, tagline,
// edition) that would break out of any context they were not escaped for.
var hostile = []string{
	`Rules</style><meta http-equiv=refresh content=0;url=http://127.0.0.1:9/x><style>`,
	`E</script><img src=x onerror=alert(2)>`,
	`" autofocus onfocus="alert(1)`,
	`' onmouseover='alert(1)`,
	"a\\\"b\nc\rd\fe\x00f\x7f",
	`}body{display:none}html{--x:"`,
	`<!-- --> <![CDATA[ ]]> &amp; &#60;`,
	"Règles — édition 2027 · « ça »",
}

// TestCSSString: a value in a CSS string (the print footer) reads back as
// written, and holds nothing that ends the string, the rule, or the
// <style> element it is inlined in.
func TestCSSString(t *testing.T) {
	for _, v := range hostile {
		q := cssString(v)
		inner := q[1 : len(q)-1]
		if strings.ContainsAny(inner, "\"'<>&\n\r\f\x00") {
			t.Errorf("cssString(%q) = %s: a character is left unescaped", v, q)
		}
		// CSS has no NUL: it reads one, escaped or not, as U+FFFD.
		if got := unCSS(t, inner); got != strings.ReplaceAll(v, "\x00", "\uFFFD") {
			t.Errorf("cssString(%q) = %s reads back as %q", v, q, got)
		}
	}
	if q := cssString("Règles · 2027"); q != `"Règles · 2027"` {
		t.Errorf("a plain value is escaped: %s", q)
	}
}

// unCSS reads a CSS string's content as a browser does (CSS Syntax §4.3.7).
func unCSS(t *testing.T, s string) string {
	t.Helper()
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		i++
		j := i
		for j < len(s) && j < i+6 && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0 {
			j++
		}
		if j == i {
			b.WriteByte(s[i])
			continue
		}
		n, _ := strconv.ParseUint(s[i:j], 16, 32)
		if n == 0 {
			n = 0xfffd // CSS reads \0 as U+FFFD; so does the escape of NUL
		}
		b.WriteRune(rune(n))
		if j < len(s) && s[j] == ' ' {
			j++
		}
		i = j - 1
	}
	return b.String()
}
