//go:build !linux

package hugepage

// Prepare does nothing where the kernel is not Linux: it returns
// ErrUnsupported.
func Prepare(n int) error { return ErrUnsupported }
