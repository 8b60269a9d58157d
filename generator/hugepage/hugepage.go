// Package hugepage lets a short-lived, allocation-heavy process ask Linux for
// huge pages for the heap it is about to grow into.
//
// On a kernel whose transparent huge pages are "madvise" (the default of
// many distributions, and of this project's machine), a Go heap is backed by
// base pages: every base page the build touches for the first time is a
// page fault, and the build of the real site spent a third of its CPU in
// the kernel and in runtime.memclrNoHeapPointers (docs/performance.md,
// "Kept, with what each did"). Go's runtime stopped asking for huge pages
// itself in Go 1.21.1, for long-running servers' sake (memory kept that a
// base page would have returned); a build ends in seconds.
package hugepage

import "errors"

// ErrUnsupported is Prepare's error where the system has no such advice.
var ErrUnsupported = errors.New("hugepage: not supported on this system")
