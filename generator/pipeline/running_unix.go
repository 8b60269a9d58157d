//go:build unix

package pipeline

import (
	"errors"
	"syscall"
)

// running reports whether a process pid exists: its temporary files are
// not a stopped build's.
func running(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
