package site

import (
	"regexp"
	"strconv"
)

// FlagProblem returns err, an error of Go's flag package for the command
// cmd ("build", "calc"), as a diagnostic of the catalogue: the flag
// package says its errors in English only, so a French reader gets them
// again in French, with where to find the command's flags. An error the
// catalogue does not know gets flag-bad.
func FlagProblem(cmd string, err error) Diagnostic {
	s := err.Error()
	for _, p := range flagErrors {
		m := p.re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		args := []string{"cmd", cmd, "flag", m[len(m)-1]}
		if len(m) == 3 {
			value, uerr := strconv.Unquote(m[1])
			if uerr != nil {
				value = m[1]
			}
			args = append(args, "value", value)
		}
		return New("", 0, p.kind, args...)
	}
	return New("", 0, "flag-bad", "cmd", cmd)
}

// flagErrors are the flag package's errors (flag.go's failf), each with
// the flag it names last (and the value it refuses first).
var flagErrors = []struct {
	re   *regexp.Regexp
	kind string
}{
	{regexp.MustCompile(`^flag provided but not defined: -(.+)$`), "flag-undefined"},
	{regexp.MustCompile(`^flag needs an argument: -(.+)$`), "flag-no-value"},
	{regexp.MustCompile(`^invalid (?:boolean )?value ("(?:[^"\\]|\\.)*") for (?:flag )?-([^:]+): `), "flag-bad-value"},
}
