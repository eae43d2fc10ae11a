package pi

// resetLock is shared by the readers on one reset line: a reset holds it
// alone (Lock), polls share it (RLock), so that one reader's reset never
// lands in another's initialisation or read.
//
// It is made of channels rather than a sync.RWMutex so that a reader
// waiting for it is durably blocked in a testing/synctest bubble, where the
// emulated chips' time then runs on. Unlike sync.RWMutex it does not hold
// new polls back while a reset waits; polls last a few milliseconds every
// 50 ms, so a reset soon finds a gap.
type resetLock struct {
	held  chan struct{} // one token: held by a reset, or by the polls together
	count chan int      // the number of polls holding it; read to change it
}

func newResetLock() *resetLock {
	l := &resetLock{held: make(chan struct{}, 1), count: make(chan int, 1)}
	l.count <- 0
	return l
}

// Lock takes the line for a reset.
func (l *resetLock) Lock() { l.held <- struct{}{} }

// Unlock releases it after a reset.
func (l *resetLock) Unlock() { <-l.held }

// RLock takes the line for a poll, with the other polls.
func (l *resetLock) RLock() {
	n := <-l.count
	if n == 0 {
		l.held <- struct{}{}
	}
	l.count <- n + 1
}

// RUnlock releases it after a poll.
func (l *resetLock) RUnlock() {
	n := <-l.count
	if n == 1 {
		<-l.held
	}
	l.count <- n - 1
}
