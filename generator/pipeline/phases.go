package pipeline

import (
	"strconv"
	"strings"
	"sync"
	"time"
)

// Phase is one named stage of a build and its wall time.
type Phase struct {
	Name string
	Took time.Duration
}

// phases records the stages of one build as they end: stages that overlap
// (the bundle runs while the content loads) each keep their own wall time,
// so the sum can exceed the build's.
type phases struct {
	mu   sync.Mutex
	last time.Time
	list []Phase
	tell func(string) // Options.Progress
}

func newPhases(tell func(string)) *phases { return &phases{last: time.Now(), tell: tell} }

// mark ends the stage that began at the previous mark.
func (p *phases) mark(name string) {
	p.mu.Lock()
	now := time.Now()
	p.list = append(p.list, Phase{Name: name, Took: now.Sub(p.last)})
	p.last = now
	p.mu.Unlock()
	if p.tell != nil {
		p.tell(name)
	}
}

// since records a stage that ran beside the others, from its own start.
func (p *phases) since(name string, start time.Time) {
	p.mu.Lock()
	p.list = append(p.list, Phase{Name: name, Took: time.Since(start)})
	p.mu.Unlock()
	if p.tell != nil {
		p.tell(name)
	}
}

// FormatPhases lays the stages out one per line, for build -timings.
func FormatPhases(list []Phase) string {
	var b strings.Builder
	for _, ph := range list {
		ms := strconv.FormatFloat(float64(ph.Took.Microseconds())/1000, 'f', 1, 64)
		b.WriteString(strings.Repeat(" ", max(0, 8-len(ms))) + ms + " ms  " + ph.Name + "\n")
	}
	return b.String()
}
