package haltest

import (
	"context"

	"ttr/hal"
)

// Buttons are the virtual push buttons of one seat.
type Buttons struct {
	seat    hal.Seat
	clock   hal.Clock
	presses *queue[hal.Press]
}

var _ hal.ButtonReader = (*Buttons)(nil)

// NewButtons returns the buttons of seat, whose presses carry clock's time.
func NewButtons(seat hal.Seat, clock hal.Clock) *Buttons {
	return &Buttons{seat: seat, clock: clock, presses: newQueue[hal.Press]()}
}

// Seat returns the seat the buttons belong to.
func (b *Buttons) Seat() hal.Seat { return b.seat }

// Press reports a short press of button.
func (b *Buttons) Press(button hal.Button) {
	b.presses.push(hal.Press{Seat: b.seat, Button: button, At: b.clock.Now()})
}

// LongPress reports a long press of button.
func (b *Buttons) LongPress(button hal.Button) {
	b.presses.push(hal.Press{Seat: b.seat, Button: button, Long: true, At: b.clock.Now()})
}

// Pending returns how many presses wait to be read.
func (b *Buttons) Pending() int { return b.presses.len() }

// Reported returns how many presses the buttons have reported since they
// were made, read or not.
func (b *Buttons) Reported() int { return b.presses.reported() }

// ReadPress implements hal.ButtonReader. A press already waiting is
// returned even when ctx is done.
func (b *Buttons) ReadPress(ctx context.Context) (hal.Press, error) { return b.presses.pop(ctx) }
