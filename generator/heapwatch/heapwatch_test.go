package heapwatch

import (
	"bytes"
	"compress/gzip"
	"io"
	"runtime"
	"testing"
	"time"
)

// TestWatchKeepsThePeak holds 64 MB for a while, lets it go, and checks
// that the watch saw it and returns a heap profile.
func TestWatchKeepsThePeak(t *testing.T) {
	stop := Watch(5 * time.Millisecond)
	big := make([][]byte, 64)
	for i := range big {
		big[i] = make([]byte, 1<<20)
	}
	for i := 0; i < 20; i++ {
		runtime.GC() // the live heap is known at the end of a collection
		time.Sleep(10 * time.Millisecond)
	}
	runtime.KeepAlive(big)
	big = nil
	runtime.GC()
	time.Sleep(20 * time.Millisecond)
	b, peak := stop()
	if peak < 64<<20 {
		t.Fatalf("peak live heap %d bytes, want at least the 64 MB held", peak)
	}
	// A heap profile is a gzipped protocol buffer naming the functions
	// that allocated.
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the profile is not pprof's gzipped format: %v", err)
	}
	raw, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte("TestWatchKeepsThePeak")) {
		t.Fatal("the profile does not name the function that allocated the peak")
	}
}
