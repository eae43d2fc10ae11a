package haltest

import (
	"context"
	"sort"
	"sync"
	"time"

	"ttr/hal"
)

// Clock is a manual hal.Clock: Now stays put until Advance moves it, and
// channels returned by After fire when Advance reaches their deadline.
//
// Tests that drive a goroutine through a Clock call BlockUntil first, so
// that they advance time only once the goroutine is waiting on it.
type Clock struct {
	mu      sync.Mutex
	now     time.Time
	waiters []waiter
	changed chan struct{} // closed and replaced whenever waiters change
}

type waiter struct {
	at time.Time
	c  chan time.Time
}

var _ hal.Clock = (*Clock)(nil)

// NewClock returns a Clock that reads start until advanced.
func NewClock(start time.Time) *Clock {
	return &Clock{now: start, changed: make(chan struct{})}
}

// Now implements hal.Clock.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// After implements hal.Clock. A duration of zero or less fires at once.
func (c *Clock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.now
		return ch
	}
	c.waiters = append(c.waiters, waiter{at: c.now.Add(d), c: ch})
	c.notifyLocked()
	return ch
}

// Advance moves the clock forward by d and fires every channel whose
// deadline it reached, in deadline order.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	sort.SliceStable(c.waiters, func(i, j int) bool { return c.waiters[i].at.Before(c.waiters[j].at) })
	keep := c.waiters[:0]
	fired := false
	for _, w := range c.waiters {
		if w.at.After(c.now) {
			keep = append(keep, w)
			continue
		}
		w.c <- w.at
		fired = true
	}
	c.waiters = keep
	if fired {
		c.notifyLocked()
	}
}

// AdvanceNext advances the clock to the earliest pending deadline, firing
// it, and returns how far it moved; 0 when nothing is pending.
func (c *Clock) AdvanceNext() time.Duration {
	c.mu.Lock()
	if len(c.waiters) == 0 {
		c.mu.Unlock()
		return 0
	}
	next := c.waiters[0].at
	for _, w := range c.waiters[1:] {
		if w.at.Before(next) {
			next = w.at
		}
	}
	d := next.Sub(c.now)
	c.mu.Unlock()
	c.Advance(d)
	return d
}

// Waiters returns how many channels from After have not fired yet.
func (c *Clock) Waiters() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.waiters)
}

// BlockUntil waits until at least n channels from After are pending, or ctx
// is done.
func (c *Clock) BlockUntil(ctx context.Context, n int) error {
	for {
		c.mu.Lock()
		got, changed := len(c.waiters), c.changed
		c.mu.Unlock()
		if got >= n {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (c *Clock) notifyLocked() {
	close(c.changed)
	c.changed = make(chan struct{})
}
