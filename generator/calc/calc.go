// Package calc is the command-line glue of the rules engine: "calc NAME"
// reads an input object on standard input and prints the output object.
package calc

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"compendium/generator/site"
	"compendium/generator/values"
	"compendium/wasm/engine"
)

// Options say what Run computes; the command line that gives them is
// generator/cmd_calc.go's.
type Options struct {
	// Name is the calculator's.
	Name string
	// Content is the content folder whose rule values the calculator
	// computes with.
	Content string
	// ContentGiven is whether Content was asked for: a folder asked for
	// that cannot be read is an error, while the default folder missing
	// means the engine's defaults, said on stderr.
	ContentGiven bool
	// Lang is the language of what Run writes on stderr.
	Lang string
}

// Run runs the calculator opt.Name on the input object on stdin and
// returns the exit status: 0 with the output JSON on stdout, 1 with the
// error object on stdout for a bad input, 2 when the content's rule values
// cannot be read (said on stderr).
func Run(opt Options, stdin io.Reader, stdout, stderr io.Writer) int {
	lang := opt.Lang
	rules, code := contentRules(opt.Content, opt.ContentGiven, lang, stderr)
	if rules == nil {
		return code
	}
	// The engine takes at most MaxJSONBytes: reading more would only cost
	// memory (a pasted list of hits took seconds and gigabytes before
	// this bound).
	data, err := io.ReadAll(io.LimitReader(stdin, engine.MaxJSONBytes+1))
	if err != nil {
		return fail(stdout, &engine.Error{Code: "io", Fr: "lecture de l’entrée impossible : " + err.Error(), En: "cannot read the input: " + err.Error()})
	}
	if len(data) > engine.MaxJSONBytes {
		n := strconv.Itoa(engine.MaxJSONBytes / 1024)
		return fail(stdout, &engine.Error{Code: "too_large", Fr: "entrée trop longue : au plus " + n + " Kio de JSON", En: "input too long: at most " + n + " KiB of JSON"})
	}
	// Notepad saves UTF-8 with a byte-order mark: it is not part of the
	// JSON. UTF-16 is named rather than read as "invalid character 'ÿ'".
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if bytes.HasPrefix(data, []byte("\xff\xfe")) || bytes.HasPrefix(data, []byte("\xfe\xff")) {
		return fail(stdout, &engine.Error{Code: "encoding", Fr: "l’entrée est en UTF-16 : enregistrez-la en UTF-8", En: "the input is UTF-16: save it as UTF-8"})
	}
	input, jerr := decode(data)
	if jerr != nil {
		return fail(stdout, jerr)
	}
	out, cerr := rules.Calculate(opt.Name, input)
	if cerr != nil {
		return fail(stdout, cerr)
	}
	if err := write(stdout, out); err != nil {
		io.WriteString(stderr, "calc: "+site.Text("write-failed", lang, "err", err.Error())+"\n")
		return 1
	}
	return 0
}

// Usage is how calc is run, in lang.
func Usage(lang string) string { return site.Text("calc-usage", lang) }

// List is what "calc --list" prints: each calculator's name and what it
// computes, in lang, one a line.
func List(lang string) string {
	var b strings.Builder
	for _, c := range engine.Calculators() {
		what, _ := values.EngineText(lang, c.Fr, c.En)
		b.WriteString(c.Name + "\t" + what + "\n")
	}
	return b.String()
}

// contentRules returns the rules of the content folder dir, or nil and the
// exit status after saying why on stderr, in lang.
func contentRules(dir string, given bool, lang string, stderr io.Writer) (*engine.Rules, int) {
	if _, err := os.Stat(dir); err != nil {
		switch {
		case !given:
			io.WriteString(stderr, site.Text("calc-no-content", lang, "dir", dir)+"\n")
			return engine.Default(), 0
		case errors.Is(err, fs.ErrNotExist):
			io.WriteString(stderr, site.Text("calc-content-none", lang, "dir", dir)+"\n")
		default:
			io.WriteString(stderr, site.Text("calc-content-unreadable", lang, "dir", dir, "err", err.Error())+"\n")
		}
		return nil, 2
	}
	set, ds := values.Load(dir)
	if len(ds) > 0 {
		io.WriteString(stderr, ds.Format(lang, false)+"\n"+site.Text("calc-values-problems", lang, "dir", dir)+"\n")
		return nil, 2
	}
	return set.Rules, 0
}

func fail(stdout io.Writer, e *engine.Error) int {
	write(stdout, e.Tree())
	return 1
}

func write(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// decode reads exactly one JSON value, reporting the line and column of a
// syntax error and rejecting anything after the value.
func decode(data []byte) (any, *engine.Error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	// Numbers as their text, read as the engine reads them in the page
	// (engine.Number): 1e309 is then an out-of-range value of its field,
	// not a decoding error without one.
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, jsonError("entrée vide : un objet JSON est attendu", "empty input: a JSON object is expected")
		}
		// In the words of someone who typed the input, at the mistake
		// (the comma too many, not the bracket after it where Go
		// stops), in each language: Go's own message is English.
		return nil, jsonProblem(site.JSONProblem("", data, err))
	}
	off := dec.InputOffset()
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		for off < int64(len(data)) && strings.IndexByte(" \t\r\n", data[off]) >= 0 {
			off++
		}
		line, col := position(data, off)
		return nil, jsonError("données en trop après l’objet JSON, ligne "+line+", colonne "+col,
			"unexpected data after the JSON object at line "+line+", column "+col)
	}
	return numbers(v), nil
}

// numbers replaces the json.Number values of v by what the engine's own
// reader makes of them.
func numbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		return engine.Number(string(x))
	case []any:
		for i := range x {
			x[i] = numbers(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = numbers(x[k])
		}
	}
	return v
}

// jsonProblem is d, a problem of the input's JSON, as calc's error, in
// French and in English, at its line and column when it has one.
func jsonProblem(d site.Diagnostic) *engine.Error {
	say := func(lang string) string {
		if d.Line == 0 {
			return site.Text("calc-input-json", lang, "problem", d.Message(lang))
		}
		return site.Text("calc-input-json-at", lang, "line", strconv.Itoa(d.Line), "col", strconv.Itoa(d.Col), "problem", d.Message(lang))
	}
	return jsonError(say(engineErrorLanguages[0]), say(engineErrorLanguages[1]))
}

// engineErrorLanguages are the languages of an engine.Error's two texts,
// in the order of its fields (Fr, En).
var engineErrorLanguages = [2]string{"fr", "en"}

// jsonError is calc's error about its input, with the texts of
// engineErrorLanguages.
func jsonError(fr, en string) *engine.Error {
	return &engine.Error{Code: "json", Fr: fr, En: en}
}

// position turns a byte offset into a 1-based line and column, the column
// counted in characters.
func position(data []byte, off int64) (string, string) {
	off = max(0, min(off, int64(len(data))))
	line, col := 1, 1
	for _, c := range string(data[:off]) {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return strconv.Itoa(line), strconv.Itoa(col)
}
