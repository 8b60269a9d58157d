//go:build linux

package hugepage

import (
	"runtime"
	"sync"
	"syscall"
	"unsafe"
)

// madvHugepage is Linux's MADV_HUGEPAGE, which the syscall package lacks.
const madvHugepage = 14

// hugeBytes is the size of an x86-64 or arm64 transparent huge page.
const hugeBytes = 2 << 20

var (
	mu       sync.Mutex
	prepared int // the largest n prepared so far
)

// Prepare makes sure that at least n bytes of heap have been prepared in
// the process: it grows the heap by n bytes, asks the kernel to back that
// memory with huge pages (MADV_HUGEPAGE) and gives it back to the heap, so
// that the memory the program allocates next faults a huge page at a time. The
// memory is not touched here: the process's resident size grows only as
// the program uses it.
//
// Call it at the start of the process, before the heap has much free memory
// of its own, which the large allocation would reuse instead of growing
// the heap. That is also why a second call takes the whole n again, not
// what the first left to prepare: the first call's memory, free, would
// take that smaller allocation in. It costs one garbage collection of a
// small heap. The advice outlives the runtime's returning of free memory
// to the kernel (madvise MADV_DONTNEED keeps the mapping and its advice).
func Prepare(n int) error {
	mu.Lock()
	defer mu.Unlock()
	if n-prepared < 2*hugeBytes {
		return nil
	}
	// A []byte holds no pointers: the runtime gives it fresh memory from
	// the kernel without clearing it.
	b := make([]byte, n)
	// Only whole huge pages can be advised: the part of b between its
	// first and last huge-page boundaries.
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	start := int((p+hugeBytes-1)&^(hugeBytes-1) - p)
	end := int((p+uintptr(n))&^(hugeBytes-1) - p)
	err := syscall.Madvise(b[start:end], madvHugepage)
	runtime.KeepAlive(b)
	b = nil
	runtime.GC()
	if err == syscall.EINVAL {
		// A kernel without transparent huge pages.
		return ErrUnsupported
	}
	if err == nil {
		prepared = n
	}
	return err
}
