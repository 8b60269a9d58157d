//go:build linux

package hugepage

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
)

// advisedBytes sums the mappings of this process that carry the huge page
// advice ("hg" in /proc/self/smaps' VmFlags).
func advisedBytes(t *testing.T) int {
	b, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skip("no /proc/self/smaps:", err)
	}
	total, size := 0, 0
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) > 0 && strings.Contains(f[0], "-") && !strings.HasSuffix(f[0], ":"):
			lo, hi, _ := strings.Cut(f[0], "-")
			a, err1 := strconv.ParseUint(lo, 16, 64)
			z, err2 := strconv.ParseUint(hi, 16, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("unexpected smaps line %q", line)
			}
			size = int(z - a)
		case len(f) > 0 && f[0] == "VmFlags:":
			for _, flag := range f[1:] {
				if flag == "hg" {
					total += size
				}
			}
		}
	}
	return total
}

func TestPrepare(t *testing.T) {
	before := advisedBytes(t)
	err := Prepare(32 << 20)
	if errors.Is(err, ErrUnsupported) {
		t.Skip("this kernel has no transparent huge pages")
	}
	if err != nil {
		t.Fatal(err)
	}
	// 32 MB from wherever the heap put them: all but the 2 MB pages cut at
	// either end.
	if got := advisedBytes(t) - before; got < 28<<20 {
		t.Fatalf("advised %d bytes, want at least %d", got, 28<<20)
	}
	// The heap the program allocates next is in the advised memory.
	buf := make([]byte, 8<<20)
	buf[0] = 1
	if got := advisedBytes(t) - before; got < 28<<20 {
		t.Fatalf("after an allocation, advised %d bytes, want at least %d", got, 28<<20)
	}
	// What has been prepared is not prepared again; more is prepared
	// whole, where the heap puts it (the free memory of the first call
	// and the heap grown beyond it, or fresh memory).
	was := advisedBytes(t)
	if err := Prepare(16 << 20); err != nil || prepared != 32<<20 || advisedBytes(t) != was {
		t.Fatalf("Prepare(16 MB) after 32: %v, prepared %d, advised %d → %d", err, prepared, was, advisedBytes(t))
	}
	if err := Prepare(48 << 20); err != nil || prepared != 48<<20 {
		t.Fatalf("Prepare(48 MB) after 32: %v, prepared %d, want %d", err, prepared, 48<<20)
	}
	if got := advisedBytes(t) - before; got < 44<<20 {
		t.Fatalf("Prepare(48 MB) after 32: advised %d bytes in all, want at least %d", got, 44<<20)
	}
}
