package assets

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// Module is the rules engine compiled to WebAssembly, named by content
// hash, with the Go runtime's JavaScript support file, which the theme's
// worker bundles in.
type Module struct {
	WASM string // path relative to the site root
	// Size is the module's size in bytes, which the page's progress
	// badge counts the arriving bytes against.
	Size      int64
	ExecBytes []byte
	Cached    bool // the compile was skipped
	// content is the cached module, read once asked for (Bytes): a
	// build whose output folder holds the module already does not read
	// it. Shared by the copies serve's rebuilds get.
	content *lazyFile
}

// lazyFile is a file read the first time it is asked for.
type lazyFile struct {
	name string
	once sync.Once
	b    []byte
	err  error
}

// Bytes returns the module's bytes, read from the cache the first time.
func (m *Module) Bytes() ([]byte, error) {
	f := m.content
	f.once.Do(func() { f.b, f.err = os.ReadFile(f.name) })
	return f.b, f.err
}

// ModuleOptions configures BuildModule.
type ModuleOptions struct {
	// Root is the module root (the folder of go.mod); the engine is Root/wasm.
	Root string
	// CacheDir keeps compiled modules by source hash, so that a warm build
	// does not pay the 10-second WebAssembly compile.
	CacheDir string
	// Memory, when set, keeps the module for the next BuildModule given
	// the same Memory.
	Memory *Memory
}

// moduleFlags are go build's flags for the module. -gcflags=all=-l turns
// inlining off: the module grows raw but compresses far better
// (docs/performance.md, "The engine module's size"), and the calculators
// run as fast either way. -buildvcs=false: the module's bytes, and so its name, are
// its sources' alone, not the commit's, whatever the builder's GOFLAGS
// (go build stamps a git checkout's commit unless told not to).
var moduleFlags = []string{"-trimpath", "-buildvcs=false", "-gcflags=all=-l", "-ldflags=-s -w"}

// moduleEnv is the module's target; satconv and signext, in every browser
// since 2021, make it smaller once compressed.
var moduleEnv = []string{"GOOS=js", "GOARCH=wasm", "GOWASM=satconv,signext"}

// BuildModule compiles ./wasm for GOOS=js GOARCH=wasm, unless a module built
// from the same sources (every non-test .go file under wasm/, go.mod, go.sum,
// the Go version and the build's flags) is in the cache.
func BuildModule(opt ModuleOptions) (*Module, error) {
	key, err := sourceHash(opt.Root)
	if err != nil {
		return nil, err
	}
	cached := filepath.Join(opt.CacheDir, "engine-"+key+".wasm")
	// serve rebuilds in the same process: the module of unchanged sources
	// is kept in memory (reading and hashing it was a tenth of a
	// rebuild).
	mem := opt.Memory
	if mem == nil {
		mem = &Memory{}
	}
	if m, ok := mem.modules.Load(cached); ok {
		c := *m.(*Module)
		c.Cached = true // not compiled by this call
		return &c, nil
	}
	// The module's name comes from a file beside it that holds its
	// content hash: reading and hashing the module in every build command
	// was a visible part of the real site's CPU profile.
	m := &Module{content: &lazyFile{name: cached}}
	nameFile := strings.TrimSuffix(cached, ".wasm") + ".name"
	if _, err := os.Stat(cached); err == nil {
		m.Cached = true
	} else {
		if err := os.MkdirAll(opt.CacheDir, 0o755); err != nil {
			return nil, err
		}
		// Each compilation gets its own temporary name: test packages
		// and make's targets compile the same module at the same time,
		// and a shared name let one rename the other's file away.
		f, err := os.CreateTemp(opt.CacheDir, filepath.Base(cached)+".tmp-*")
		if err != nil {
			return nil, err
		}
		tmp := f.Name()
		f.Close()
		cmd := exec.Command("go", append(append([]string{"build"}, moduleFlags...), "-o", tmp, "./wasm")...)
		cmd.Dir = opt.Root
		cmd.Env = append(os.Environ(), moduleEnv...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			os.Remove(tmp)
			return nil, errors.New("compiling the rules engine to WebAssembly failed:\n" + string(out))
		}
		os.Remove(nameFile)
		if err := os.Rename(tmp, cached); err != nil {
			os.Remove(tmp)
			return nil, err
		}
	}
	execJS, err := ExecJS()
	if err != nil {
		return nil, err
	}
	m.ExecBytes = execJS
	name, err := os.ReadFile(nameFile)
	if err != nil || !validHash(string(name)) {
		b, err := m.Bytes()
		if err != nil {
			return nil, err
		}
		name = []byte(shortHash(b))
		// A cache that cannot be written costs the hash next time.
		_ = os.WriteFile(nameFile, name, 0o644)
	}
	m.WASM = "assets/engine-" + string(name) + ".wasm"
	if fi, err := os.Stat(cached); err == nil {
		m.Size = fi.Size()
	}
	mem.modules.Store(cached, m)
	return m, nil
}

// validHash reports whether s is a shortHash.
func validHash(s string) bool {
	if len(s) != 12 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

func shortHash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])[:12]
}

// sourceHash hashes what the module is built from. The Go version is part
// of it because the runtime is compiled into the module.
func sourceHash(root string) (string, error) {
	h := sha256.New()
	h.Write([]byte(runtime.Version()))
	h.Write([]byte(strings.Join(append(moduleFlags, moduleEnv...), " ")))
	var files []string
	err := filepath.WalkDir(filepath.Join(root, "wasm"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	files = append(files, filepath.Join(root, "go.mod"), filepath.Join(root, "go.sum"))
	sort.Strings(files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		// Relative names, so that two clones of the project share a key.
		rel, _ := filepath.Rel(root, f)
		h.Write([]byte(filepath.ToSlash(rel)))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// ExecJS returns the Go toolchain's support script for WebAssembly programs
// (wasm_exec.js), which every page that runs a Go module needs beside it.
func ExecJS() ([]byte, error) {
	execJS, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		// Before Go 1.24 the file lived in misc/wasm.
		if execJS, err = os.ReadFile(filepath.Join(runtime.GOROOT(), "misc", "wasm", "wasm_exec.js")); err != nil {
			return nil, fmt.Errorf("wasm_exec.js not found in $(go env GOROOT)/lib/wasm: %w", err)
		}
	}
	return execJS, nil
}
