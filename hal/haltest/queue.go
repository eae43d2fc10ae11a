package haltest

import (
	"context"
	"sync"
)

// queue is an unbounded FIFO of events whose Pop blocks until an event
// arrives or ctx is done. An event already queued is returned even when ctx
// is done, so that a caller never loses one it could have had.
type queue[T any] struct {
	mu     sync.Mutex
	items  []T
	pushed int           // events ever pushed
	ready  chan struct{} // closed and replaced on every push
}

func newQueue[T any]() *queue[T] {
	return &queue[T]{ready: make(chan struct{})}
}

func (q *queue[T]) push(v T) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.items = append(q.items, v)
	q.pushed++
	close(q.ready)
	q.ready = make(chan struct{})
}

func (q *queue[T]) len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}

func (q *queue[T]) reported() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.pushed
}

func (q *queue[T]) pop(ctx context.Context) (T, error) {
	for {
		q.mu.Lock()
		if len(q.items) > 0 {
			v := q.items[0]
			var zero T
			q.items[0] = zero
			q.items = q.items[1:]
			q.mu.Unlock()
			return v, nil
		}
		ready := q.ready
		q.mu.Unlock()
		select {
		case <-ready:
		case <-ctx.Done():
			var zero T
			return zero, ctx.Err()
		}
	}
}
