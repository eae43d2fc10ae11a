package pi

import (
	"errors"
	"sync"
	"testing/synctest"
	"time"
)

// bubbleClock is a hal.Clock on the time of a testing/synctest bubble that
// tells a test when the readers wait on it, as haltest.Clock does, while the
// emulated chips' own time (their timer, the bus, a tag's power-up) runs on
// the same fake time. It must be made inside the bubble.
type bubbleClock struct {
	mu      sync.Mutex
	pending map[int]time.Time // deadlines of After not fired yet
	next    int
	changed chan struct{} // closed and replaced at every change of pending
	fired   []time.Time   // when each deadline passed, in order
}

func newBubbleClock() *bubbleClock {
	return &bubbleClock{pending: map[int]time.Time{}, changed: make(chan struct{})}
}

// Now implements hal.Clock.
func (c *bubbleClock) Now() time.Time { return time.Now() }

// After implements hal.Clock.
func (c *bubbleClock) After(d time.Duration) <-chan time.Time {
	ch := make(chan time.Time, 1)
	c.mu.Lock()
	id := c.next
	c.next++
	c.pending[id] = time.Now().Add(d)
	c.signal()
	c.mu.Unlock()
	time.AfterFunc(d, func() {
		c.mu.Lock()
		delete(c.pending, id)
		c.fired = append(c.fired, time.Now())
		c.signal()
		c.mu.Unlock()
		ch <- time.Now()
	})
	return ch
}

func (c *bubbleClock) signal() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// errNeverWaited is what BlockUntil returns when the readers do not all
// wait on the clock within guard of bubble time.
var errNeverWaited = errors.New("the readers never all waited on the clock")

// BlockUntil returns once n waits on the clock are pending.
func (c *bubbleClock) BlockUntil(n int) error {
	limit := time.After(guard)
	for {
		c.mu.Lock()
		got, ch := len(c.pending), c.changed
		c.mu.Unlock()
		if got >= n {
			return nil
		}
		select {
		case <-ch:
		case <-limit:
			return errNeverWaited
		}
	}
}

// group is how close deadlines must be to pass in one Step: readers that
// poll together drift apart by the time their work takes.
const group = 20 * time.Millisecond

// Step lets time pass to the next pending deadline, and the others within
// group of it, and returns how long that was. The caller then waits with
// BlockUntil for the work the deadlines start.
func (c *bubbleClock) Step() time.Duration {
	start := time.Now()
	c.mu.Lock()
	var first time.Time
	for _, at := range c.pending {
		if first.IsZero() || at.Before(first) {
			first = at
		}
	}
	last := first
	for _, at := range c.pending {
		if at.After(last) && at.Sub(first) <= group {
			last = at
		}
	}
	c.mu.Unlock()
	if first.IsZero() {
		return 0
	}
	time.Sleep(time.Until(last))
	synctest.Wait() // the deadlines fired and their goroutines run
	return first.Sub(start)
}

// Next returns the earliest pending deadline, or the zero time.
func (c *bubbleClock) Next() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	var first time.Time
	for _, at := range c.pending {
		if first.IsZero() || at.Before(first) {
			first = at
		}
	}
	return first
}

// LastFired returns the last time a deadline passed at or before t.
func (c *bubbleClock) LastFired(t time.Time) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	var last time.Time
	for _, f := range c.fired {
		if !f.After(t) {
			last = f
		}
	}
	return last
}
