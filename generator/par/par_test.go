package par

import (
	"errors"
	"sync/atomic"
	"testing"
)

func TestEach(t *testing.T) {
	for _, n := range []int{0, 1, 7, 1000} {
		seen := make([]int32, n)
		Each(n, func(i int) { atomic.AddInt32(&seen[i], 1) })
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("n=%d: index %d ran %d times", n, i, c)
			}
		}
	}
}

func TestDoError(t *testing.T) {
	for _, workers := range []int{1, 4} {
		err := Do(100, workers, func(i int) error {
			if i == 10 || i == 50 {
				return errors.New("fail " + string(rune('0'+i/10)))
			}
			return nil
		})
		if err == nil || err.Error() != "fail 1" && workers == 1 {
			t.Errorf("workers=%d: err = %v, want the failure at index 10", workers, err)
		}
	}
	if err := Do(5, 3, func(int) error { return nil }); err != nil {
		t.Error(err)
	}
}
