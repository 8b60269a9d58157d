package site

import (
	"errors"
	"flag"
	"io"
	"testing"
)

// TestFlagProblem: each error of Go's flag package, as it says it, is
// said again in French, naming the flag and the value refused; one it
// does not know still points to the command's flags.
func TestFlagProblem(t *testing.T) {
	parse := func(args ...string) error {
		fs := flag.NewFlagSet("build", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Int("limit", 10, "")
		fs.Bool("timings", false, "")
		fs.String("out", "public", "")
		return fs.Parse(args)
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{parse("-nope"), "option inconnue : -nope ; generator build -h liste les options"},
		{parse("-out"), "l'option -out attend une valeur, -out VALEUR : generator build -h dit laquelle"},
		{parse("-limit", "dix"), "« dix » n'est pas une valeur de -limit : generator build -h dit ce qu'elle prend"},
		{parse(`-limit="1"`), "« \"1\" » n'est pas une valeur de -limit : generator build -h dit ce qu'elle prend"},
		{parse("-timings=peut-être"), "« peut-être » n'est pas une valeur de -timings : generator build -h dit ce qu'elle prend"},
		{parse("---x"), "les options sont illisibles : generator build -h les liste"},
		{errors.New("something else"), "les options sont illisibles : generator build -h les liste"},
	} {
		if got := FlagProblem("build", c.err).Message("fr"); got != c.want {
			t.Errorf("%v:\ngot  %s\nwant %s", c.err, got, c.want)
		}
	}
}
