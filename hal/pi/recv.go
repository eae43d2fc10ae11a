package pi

import "context"

// receive returns a value already waiting on ch, even when ctx is done, so
// that a scan or press that arrived before a shutdown is not lost; otherwise
// it waits for one or for ctx.
func receive[T any](ctx context.Context, ch <-chan T) (T, error) {
	select {
	case v := <-ch:
		return v, nil
	default:
	}
	select {
	case v := <-ch:
		return v, nil
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}
