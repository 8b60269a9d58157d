package edition

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"compendium/generator/cachedir"
)

// EnginePath is the rules engine's package, from the repository's root.
const EnginePath = "wasm/engine"

// CalcInput is one calculator run: its name and the engine's input.
type CalcInput struct {
	Name  string         `json:"name"`
	Input map[string]any `json:"input"`
}

// runner is the program run with the previous edition's engine: it reads
// that edition's rule values and the runs as JSON, and writes each output
// (or {"error": true}). A value the engine does not read, or outside its
// range, keeps the engine's default: the edition computed with it.
const runner = `package main

import (
	"encoding/json"
	"os"

	"compendium/wasm/engine"
)

func main() {
	var in struct {
		Rules map[string]int ` + "`json:\"rules\"`" + `
		Runs  []struct {
			Name  string         ` + "`json:\"name\"`" + `
			Input map[string]any ` + "`json:\"input\"`" + `
		} ` + "`json:\"runs\"`" + `
	}
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		os.Exit(2)
	}
	rules := engine.Default()
	for k, n := range in.Rules {
		_ = rules.Set(k, n)
	}
	if len(rules.Check()) > 0 {
		rules = engine.Default()
	}
	out := make([]any, len(in.Runs))
	for i, r := range in.Runs {
		o, err := rules.Calculate(r.Name, r.Input)
		if err != nil {
			out[i] = map[string]any{"error": true}
			continue
		}
		out[i] = o
	}
	_ = json.NewEncoder(os.Stdout).Encode(out)
}
`

// legacyRunner is runner for an engine older than its rule values
// (engine.Rules): its numbers were its defaults.
const legacyRunner = `package main

import (
	"encoding/json"
	"os"

	"compendium/wasm/engine"
)

func main() {
	var in struct {
		Runs []struct {
			Name  string         ` + "`json:\"name\"`" + `
			Input map[string]any ` + "`json:\"input\"`" + `
		} ` + "`json:\"runs\"`" + `
	}
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		os.Exit(2)
	}
	out := make([]any, len(in.Runs))
	for i, r := range in.Runs {
		o, err := engine.Calculate(r.Name, r.Input)
		if err != nil {
			out[i] = map[string]any{"error": true}
			continue
		}
		out[i] = o
	}
	_ = json.NewEncoder(os.Stdout).Encode(out)
}
`

// hasRules reports whether the edition's engine computes with rule values
// (engine.Rules, with Default, Set, Check and Calculate).
func (p *Previous) hasRules() bool {
	var all []byte
	for name, b := range p.Engine {
		if strings.HasPrefix(name, EnginePath+"/") {
			all = append(all, b...)
		}
	}
	for _, f := range []string{"func Default() *Rules", "func (r *Rules) Set(", "func (r *Rules) Check()", "func (r *Rules) Calculate("} {
		if !bytes.Contains(all, []byte(f)) {
			return false
		}
	}
	return true
}

// outputs keeps the previous engines' answers by commit and runs.
var outputs sync.Map

// RunEngine answers runs with the previous edition's engine and rule
// values (rules: key → number, the values its content declared), compiled
// from its sources with the go command (the same one that builds the
// WebAssembly module): a few seconds the first time. The answers are kept
// in this process and, when cacheDir is set, in a file there named by the
// edition's commit, its values and the runs, so that later builds do not
// run the go command at all. Outputs are JSON, one per run.
func (p *Previous) RunEngine(rules map[string]int, runs []CalcInput, cacheDir string) ([]json.RawMessage, error) {
	in, err := json.Marshal(struct {
		Rules map[string]int `json:"rules"`
		Runs  []CalcInput    `json:"runs"`
	}{rules, runs})
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(append([]byte(p.Commit+"\x00"), in...))
	key := hex.EncodeToString(sum[:])
	if out, ok := outputs.Load(key); ok {
		return out.([]json.RawMessage), nil
	}
	file := ""
	if cacheDir != "" {
		file = filepath.Join(cacheDir, "engine-"+key+".json")
		var out []json.RawMessage
		if b, err := os.ReadFile(file); err == nil && json.Unmarshal(b, &out) == nil && len(out) == len(runs) {
			outputs.Store(key, out)
			return out, nil
		}
	}
	if p.Engine["go.mod"] == nil {
		return nil, errors.New("the edition has no go.mod")
	}
	dir, err := os.MkdirTemp("", "compendium-engine-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	main := runner
	if !p.hasRules() {
		main = legacyRunner
	}
	files := map[string][]byte{"zz_edition/main.go": []byte(main)}
	for name, b := range p.Engine {
		files[name] = b
	}
	for name, b := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return nil, err
		}
	}
	cmd := exec.Command("go", "run", "./zz_edition")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("running edition %s's engine: %w: %s", p.Name, err, stderr.String())
	}
	var out []json.RawMessage
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil || len(out) != len(runs) {
		return nil, errors.New("edition " + p.Name + "'s engine answered " + stdout.String())
	}
	outputs.Store(key, out)
	if file != "" && os.MkdirAll(cacheDir, 0o755) == nil {
		// A name of its own: two builds may answer the same runs at once.
		if f, err := os.CreateTemp(cacheDir, filepath.Base(file)+".tmp-*"); err == nil {
			_, werr := f.Write(stdout.Bytes())
			cerr := f.Close()
			// A cache that cannot be written costs time only.
			if werr != nil || cerr != nil || os.Rename(f.Name(), file) != nil {
				os.Remove(f.Name())
			}
		}
		cachedir.KeepNewest(cacheDir, keepAnswers)
	}
	return out, nil
}

// keepAnswers is how many answer files the cache keeps (one per previous
// edition and set of calculators: a few kilobytes each).
const keepAnswers = 16

// SameResult reports whether two engine outputs give the same figures:
// the explanation's wording ("steps") aside.
func SameResult(a, b json.RawMessage) bool {
	norm := func(m json.RawMessage) string {
		var v map[string]any
		if json.Unmarshal(m, &v) != nil {
			return string(m)
		}
		delete(v, "steps")
		out, _ := json.Marshal(v)
		return string(out)
	}
	return norm(a) == norm(b)
}
