package app

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"ttr/hal"
)

// Devices are the hardware whose events feed the loop.
type Devices struct {
	Tags    []hal.TagReader
	Buttons []hal.ButtonReader
	Status  []hal.StatusReader
}

// A Pump owns one goroutine per device of a Devices, each sending what its
// device reports (hal.Scan, hal.Press, hal.Status values) on one channel,
// until the context given to Merge is done.
type Pump struct {
	ch chan hal.Event
	wg sync.WaitGroup
}

// retryAfter is how long a device goroutine waits after an error that is
// not its context's before reading again: drivers report faults as Status
// events, so such an error is unexpected and must not spin.
const retryAfter = time.Second

// Merge starts reading every device of d and returns the Pump whose Events
// carry what they report. Cancel ctx, then call Wait, to stop it.
func Merge(ctx context.Context, d Devices, log *slog.Logger) *Pump {
	if log == nil {
		log = slog.Default()
	}
	p := &Pump{ch: make(chan hal.Event, 64)}
	for _, r := range d.Tags {
		p.start(ctx, log, "reader", func(ctx context.Context) (hal.Event, error) { return r.ReadTag(ctx) })
	}
	for _, b := range d.Buttons {
		p.start(ctx, log, "buttons", func(ctx context.Context) (hal.Event, error) { return b.ReadPress(ctx) })
	}
	for _, s := range d.Status {
		p.start(ctx, log, "status", func(ctx context.Context) (hal.Event, error) { return s.ReadStatus(ctx) })
	}
	return p
}

func (p *Pump) start(ctx context.Context, log *slog.Logger, what string, read func(context.Context) (hal.Event, error)) {
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		for {
			ev, err := read(ctx)
			if err != nil {
				if ctx.Err() != nil {
					return
				}
				if !errors.Is(err, context.Canceled) {
					log.Warn("device read failed; retrying", "device", what, "err", err)
				}
				t := time.NewTimer(retryAfter)
				select {
				case <-ctx.Done():
					t.Stop()
					return
				case <-t.C:
				}
				continue
			}
			select {
			case p.ch <- ev:
			case <-ctx.Done():
				return
			}
		}
	}()
}

// Events returns the channel of device events. It is never closed: a loop
// selects on it and on its context.
func (p *Pump) Events() <-chan hal.Event { return p.ch }

// Wait returns once every device goroutine has stopped, after the context
// given to Merge is done.
func (p *Pump) Wait() { p.wg.Wait() }
