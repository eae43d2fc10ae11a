package pi

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"periph.io/x/conn/v3/gpio"

	"ttr/hal"
)

// ButtonOpts tunes Buttons. The zero value of a field means its default.
type ButtonOpts struct {
	Debounce time.Duration // after an edge, how long the contact may bounce before it is read
	Long     time.Duration // a press held this long is a long press
	Wait     time.Duration // longest wait for an edge (real time) before checking for cancellation
}

// DefaultButtonOpts are the options used for zero fields.
var DefaultButtonOpts = ButtonOpts{
	Debounce: 30 * time.Millisecond,
	Long:     800 * time.Millisecond,
	Wait:     100 * time.Millisecond,
}

func (o ButtonOpts) withDefaults() ButtonOpts {
	d := DefaultButtonOpts
	if o.Debounce > 0 {
		d.Debounce = o.Debounce
	}
	if o.Long > 0 {
		d.Long = o.Long
	}
	if o.Wait > 0 {
		d.Wait = o.Wait
	}
	return d
}

// A ButtonPin is a push button between a GPIO input and ground.
type ButtonPin struct {
	Pin    gpio.PinIn
	Button hal.Button
}

// Buttons are one seat's push buttons. Run watches them; ReadPress reports
// the presses.
type Buttons struct {
	seat    hal.Seat
	pins    []ButtonPin
	clock   hal.Clock
	opts    ButtonOpts
	presses chan hal.Press

	started atomic.Bool // Run was called
}

var _ hal.ButtonReader = (*Buttons)(nil)

// NewButtons returns the buttons of seat. opts may be nil for
// DefaultButtonOpts. It does not touch the pins: Run does.
func NewButtons(seat hal.Seat, pins []ButtonPin, clock hal.Clock, opts *ButtonOpts) (*Buttons, error) {
	if clock == nil {
		return nil, errors.New("pi: buttons need a clock")
	}
	seen := map[hal.Button]bool{}
	for _, p := range pins {
		if p.Pin == nil {
			return nil, fmt.Errorf("pi: seat %d: button %s has no pin", int(seat)+1, p.Button)
		}
		if seen[p.Button] {
			return nil, fmt.Errorf("pi: seat %d: two %s buttons", int(seat)+1, p.Button)
		}
		seen[p.Button] = true
	}
	var o ButtonOpts
	if opts != nil {
		o = *opts
	}
	return &Buttons{seat: seat, pins: pins, clock: clock, opts: o.withDefaults(), presses: make(chan hal.Press, 16)}, nil
}

// Seat returns the buttons' seat.
func (b *Buttons) Seat() hal.Seat { return b.seat }

// ReadPress implements hal.ButtonReader. A press already waiting is
// returned even when ctx is done.
func (b *Buttons) ReadPress(ctx context.Context) (hal.Press, error) {
	return receive(ctx, b.presses)
}

// Run configures the pins as pulled-up inputs with edge detection and
// watches them until ctx is done; it then returns nil. It returns an error
// at once if a pin cannot be configured. It may be called once.
func (b *Buttons) Run(ctx context.Context) error {
	if b.started.Swap(true) {
		return errors.New("pi: Buttons.Run called twice")
	}
	for _, p := range b.pins {
		if err := p.Pin.In(gpio.PullUp, gpio.BothEdges); err != nil {
			return fmt.Errorf("pi: seat %d: %s button on %s: %w", int(b.seat)+1, p.Button, p.Pin, err)
		}
	}
	var wg sync.WaitGroup
	for _, p := range b.pins {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.watch(ctx, p)
		}()
	}
	wg.Wait()
	return nil
}

// watch debounces one button: the first edge starts a Debounce wait, the
// edges of the bounce are drained, and the level read then decides.
func (b *Buttons) watch(ctx context.Context, p ButtonPin) {
	o := b.opts
	pressed := p.Pin.Read() == gpio.Low // held at start: its release is no press
	var since time.Time
	heldAtStart := pressed
	for ctx.Err() == nil {
		if !p.Pin.WaitForEdge(o.Wait) {
			continue
		}
		select {
		case <-b.clock.After(o.Debounce):
		case <-ctx.Done():
			return
		}
		for p.Pin.WaitForEdge(drainWait) {
		}
		now := p.Pin.Read() == gpio.Low
		if now == pressed {
			continue // a glitch, or a bounce that came back
		}
		pressed = now
		t := b.clock.Now()
		if pressed {
			since, heldAtStart = t, false
			continue
		}
		if heldAtStart {
			heldAtStart = false
			continue
		}
		press := hal.Press{Seat: b.seat, Button: p.Button, Long: t.Sub(since) >= o.Long, At: t}
		select {
		case b.presses <- press:
		case <-ctx.Done():
			return
		}
	}
}

// drainWait is how long the buttons wait for each edge queued during the
// debounce, to empty the queue: host v3.8.5 (gpioioctl) waits forever on
// WaitForEdge(0), so the wait must be positive, and long enough to read an
// edge the kernel has already queued.
const drainWait = time.Millisecond
