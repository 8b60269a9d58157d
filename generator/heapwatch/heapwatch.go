// Package heapwatch keeps the heap profile of a program's largest live heap:
// a profile written at the end of a build shows what is left, not what made
// the peak (at 10,000 pages the documents' syntax trees, freed before the
// pages are written).
package heapwatch

import (
	"bytes"
	"runtime/metrics"
	"runtime/pprof"
	"time"
)

// Watch samples the live heap every interval and, each time it passes the
// largest seen by a tenth, takes a heap profile; the function it returns
// stops the watch and returns the last profile taken (pprof's format) and
// the largest live heap seen, in bytes. A heap profile's in-use figures are
// those of the last completed collection, which is when the live heap is
// known: the profile taken as it peaked shows the peak.
func Watch(interval time.Duration) (stop func() (profile []byte, peak uint64)) {
	done := make(chan struct{})
	out := make(chan struct {
		p    []byte
		peak uint64
	})
	go func() {
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		var best []byte
		var peak, taken uint64
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-done:
				out <- struct {
					p    []byte
					peak uint64
				}{best, peak}
				return
			case <-t.C:
			}
			metrics.Read(sample)
			live := sample[0].Value.Uint64()
			if live > peak {
				peak = live
			}
			// The live heap is known at the end of each collection; a
			// profile for each new tenth keeps the cost to a few profiles.
			if live > taken+taken/10 {
				var b bytes.Buffer
				if err := pprof.Lookup("heap").WriteTo(&b, 0); err == nil {
					best, taken = b.Bytes(), live
				}
			}
		}
	}()
	return func() ([]byte, uint64) {
		close(done)
		r := <-out
		return r.p, r.peak
	}
}
