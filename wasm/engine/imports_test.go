package engine

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The engine is compiled to WebAssembly, where fmt, encoding/json and
// reflect each cost hundreds of KB, and strings brings unicode, io and
// sync (text.go has the few functions the engine needs); syscall/js is not
// in the module at all (wasm/main.go). The check
// runs on the real dependency list for the wasm target.
func TestNoHeavyImports(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not found")
	}
	for _, target := range [][2]string{{"", ""}, {"js", "wasm"}} {
		cmd := exec.Command("go", "list", "-deps", ".")
		cmd.Env = os.Environ()
		if target[0] != "" {
			cmd.Env = append(cmd.Env, "GOOS="+target[0], "GOARCH="+target[1])
		}
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -deps (%v): %v", target, err)
		}
		deps := map[string]bool{}
		for _, d := range strings.Fields(string(out)) {
			deps[d] = true
		}
		for _, bad := range []string{"fmt", "encoding/json", "reflect", "syscall/js", "math/rand", "math/big", "os", "regexp", "time", "strings", "unicode", "io", "sync"} {
			if deps[bad] {
				t.Errorf("engine depends on %s (target %v)", bad, target)
			}
		}
	}
}
