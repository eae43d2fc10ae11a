package owner

import (
	"time"

	"ttr/hal"
	"ttr/input"
)

// NoteFor is how long the words of a hold (hold once more; the menu opens
// from the start screen only) stay on the screen.
const NoteFor = 5 * time.Second

// Door is the owner's menu as a loop runs it (the table's, the
// simulator's): it watches the seats' presses (and the simulator's key)
// for the gesture that opens the menu, hands the events to the menu while
// it is open instead of the game, and says what a hold did. The menu opens
// from the start screen only: asked during a game, it is refused with
// words and the game goes on. It is not safe for concurrent use.
type Door struct {
	Menu   *Menu
	opener Opener
	note   input.Text
	until  time.Time
}

// NewDoor returns the door of m, closed.
func NewDoor(m *Menu) *Door { return &Door{Menu: m} }

// Take takes a device event at now, fingers the fingers on the glass for a
// touch (itself included); playing reports a game in progress. It returns
// what the menu asks of the loop, and whether the event was the menu's (and
// is not to be handed to the game): every event while the menu is open,
// and at the start screen the long presses (the gesture's: a long Confirm
// would start a game).
func (d *Door) Take(ev hal.Event, fingers int, now time.Time, playing bool) (Reply, bool) {
	if d.Menu.IsOpen() {
		if t, ok := ev.(hal.Touch); ok {
			return d.Menu.Touch(t, fingers, now), true
		}
		return d.Menu.Handle(ev, now), true
	}
	p, ok := ev.(hal.Press)
	if !ok || !p.Long {
		if ok {
			d.opener.Press(p) // a short press forgets a first hold
		}
		return Reply{}, false
	}
	ask, open := d.opener.Press(p)
	switch {
	case open:
		d.ask(p.Seat, now, playing)
	case ask && playing:
		d.say(input.Text{Key: KeyRefusedPlaying}, now)
	case ask:
		d.say(input.Text{Key: KeyOpenAgain}, now)
	}
	return Reply{}, !playing
}

// ask opens the menu facing seat, or refuses it during a game.
func (d *Door) ask(seat hal.Seat, now time.Time, playing bool) {
	if playing {
		d.say(input.Text{Key: KeyRefusedPlaying}, now)
		return
	}
	d.note = input.Text{}
	d.Menu.Open(seat, now)
}

func (d *Door) say(t input.Text, now time.Time) { d.note, d.until = t, now.Add(NoteFor) }

// KeyDown and KeyUp take the simulator's menu key (F10), held by the seat
// in focus: held KeyHold, it opens the menu facing that seat.
func (d *Door) KeyDown(now time.Time) { d.opener.KeyDown(now) }

// KeyUp: see KeyDown.
func (d *Door) KeyUp(seat hal.Seat, now time.Time, playing bool) {
	if d.opener.KeyUp(now) && !d.Menu.IsOpen() {
		d.ask(seat, now, playing)
	}
}

// Tick takes the clock: a check whose time is up fails.
func (d *Door) Tick(now time.Time) Reply { return d.Menu.Tick(now) }

// Banner is what the table's banner says while the menu is not drawn yet:
// the menu's line while it is open, else what the last hold did, for
// NoteFor; zero for nothing.
func (d *Door) Banner(now time.Time) input.Text {
	if d.Menu.IsOpen() {
		return d.Menu.View().Line()
	}
	if now.Before(d.until) {
		return d.note
	}
	return input.Text{}
}
