// Package par runs the build's independent pieces of work on several
// goroutines. Callers give each piece its own slot for its result and
// gather the slots in order afterwards, so that what they produce does not
// depend on the scheduling.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls fn(0) … fn(n-1) on GOMAXPROCS goroutines and returns when all
// have returned. fn must write only to its own index's data.
func Each(n int, fn func(i int)) {
	_ = Do(n, runtime.GOMAXPROCS(0), func(i int) error {
		fn(i)
		return nil
	})
}

// Do calls fn(0) … fn(n-1) on at most workers goroutines (more than the
// cores for work that waits on the file system) and returns the error of
// the lowest index that failed. Once a call has failed, the indexes not
// yet started are skipped.
func Do(n, workers int, fn func(i int) error) error {
	workers = min(workers, n)
	if workers <= 1 {
		for i := range n {
			if err := fn(i); err != nil {
				return err
			}
		}
		return nil
	}
	errs := make([]error, n)
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if errs[i] = fn(i); errs[i] != nil {
					failed.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
