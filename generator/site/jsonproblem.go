package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"unicode/utf8"
)

// JSONProblem returns the diagnostic for err, the error encoding/json gave
// reading b from file: the line and column of the mistake, and what it is
// in words (a comma before a closing bracket, a missing comma, a curly
// quote…), rather than the decoder's "invalid character '}' looking for
// beginning of object key string". shape, when not "", is an example of
// what the file holds, shown after the message. An error that is not the
// decoder's is "json-invalid", its text as it is.
func JSONProblem(file string, b []byte, err error, shape string) Diagnostic {
	d := jsonProblem(b, err)
	d.File = file
	if shape != "" {
		d.Args = append(d.Args, "shape", message("json-shape", "en", []string{"shape", shape}), "shape@fr", message("json-shape", "fr", []string{"shape", shape}))
	} else {
		d.Args = append(d.Args, "shape", "")
	}
	return d
}

func jsonProblem(b []byte, err error) Diagnostic {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se) && se.Offset > 0 && int(se.Offset) <= len(b) && strings.HasPrefix(se.Error(), "invalid character"):
		return jsonSyntax(b, int(se.Offset)-1, se.Error())
	case errors.As(err, &se) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		if len(bytes.TrimSpace(b)) == 0 {
			return jsonAt(b, len(b), "json-empty")
		}
		return jsonAt(b, len(b), "json-end")
	case errors.As(err, &te):
		// The offset is the value's end: its line is right, a column
		// would not be.
		d := jsonAt(b, int(te.Offset), "json-type")
		d.Col = 0
		got, want := jsonValueWords[te.Value], jsonTypeWords(te.Type)
		if got == [2]string{} {
			got = [2]string{te.Value, te.Value}
		}
		if te.Field == "" {
			d.Kind = "json-type-top"
		}
		d.Args = append(d.Args, "field", te.Field, "got", got[0], "got@fr", got[1], "want", want[0], "want@fr", want[1])
		return d
	}
	return Diagnostic{Kind: "json-invalid", Args: []string{"err", err.Error()}}
}

// jsonSyntax names the mistake at b[at], the byte the decoder refused,
// from what stands before it.
func jsonSyntax(b []byte, at int, msg string) Diagnostic {
	r, _ := utf8.DecodeRune(b[at:])
	prev := bytes.TrimRight(b[:at], " \t\r\n")
	var p byte
	if len(prev) > 0 {
		p = prev[len(prev)-1]
	}
	char := string(r)
	switch {
	case (r == '}' || r == ']') && p == ',':
		// The place to mend is the comma, not the bracket after it.
		d := jsonAt(b, len(prev)-1, "json-trailing-comma")
		d.Args = []string{"close", char}
		return d
	case strings.ContainsRune("“”„«»‘’", r):
		d := jsonAt(b, at, "json-curly-quote")
		d.Args = []string{"char", char}
		return d
	case r == '\'':
		return jsonAt(b, at, "json-single-quote")
	case r == '/' || r == '#':
		return jsonAt(b, at, "json-comment")
	case strings.Contains(msg, "after object key:value pair") || strings.Contains(msg, "after array element"):
		if r == '"' || r == '{' || r == '[' || r == '-' || r >= '0' && r <= '9' || r == 't' || r == 'f' || r == 'n' {
			// The comma goes just after the item before.
			d := jsonAt(b, len(prev), "json-missing-comma")
			d.Args = []string{"next", jsonExcerpt(b[at:])}
			return d
		}
	case strings.HasSuffix(msg, "after object key"):
		key := bytes.TrimSuffix(prev, []byte(`"`))
		key = key[bytes.LastIndexByte(key, '"')+1:]
		d := jsonAt(b, at, "json-missing-colon")
		d.Args = []string{"key", jsonExcerpt(key)}
		return d
	}
	d := jsonAt(b, at, "json-syntax")
	d.Args = []string{"char", char}
	return d
}

// jsonAt is a diagnostic of kind at byte offset off of b: its line and
// column (in characters, from 1).
func jsonAt(b []byte, off int, kind string) Diagnostic {
	off = min(max(off, 0), len(b))
	start := bytes.LastIndexByte(b[:off], '\n') + 1
	return Diagnostic{Line: 1 + bytes.Count(b[:off], []byte("\n")), Col: 1 + utf8.RuneCount(b[start:off]), Kind: kind}
}

// jsonExcerpt is the start of b for a message: up to the end of its line,
// at most 20 characters.
func jsonExcerpt(b []byte) string {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	r := []rune(strings.TrimSpace(string(b)))
	if len(r) > 20 {
		return string(r[:20]) + "…"
	}
	return string(r)
}

// jsonValueWords name the JSON values the decoder reports, {en, fr}.
var jsonValueWords = map[string][2]string{
	"string": {"a text", "un texte"},
	"number": {"a number", "un nombre"},
	"bool":   {"true or false", "true ou false"},
	"array":  {"a list […]", "une liste […]"},
	"object": {"an object {…}", "un objet {…}"},
}

// jsonTypeWords names what a Go type wants, in JSON's words, {en, fr}.
func jsonTypeWords(t reflect.Type) [2]string {
	if t == nil {
		return [2]string{"another value", "une autre valeur"}
	}
	switch t.Kind() {
	case reflect.String:
		return [2]string{`a text in quotes ("…")`, `un texte entre guillemets ("…")`}
	case reflect.Bool:
		return jsonValueWords["bool"]
	case reflect.Map, reflect.Struct:
		return jsonValueWords["object"]
	case reflect.Slice, reflect.Array:
		return jsonValueWords["array"]
	case reflect.Pointer:
		return jsonTypeWords(t.Elem())
	}
	if t.Kind() >= reflect.Int && t.Kind() <= reflect.Float64 {
		return [2]string{"a number, without quotes", "un nombre, sans guillemets"}
	}
	return [2]string{"another value", "une autre valeur"}
}
