package hal

import (
	"context"
	"time"
)

// Seat numbers a place at the table, from 0. Seats are fixed by the config:
// each has a reader, buttons and an edge of the screen it faces.
type Seat int

// UID is the unique identifier of an NFC tag, as upper-case hexadecimal
// (8 digits for a 4-byte UID, 14 for a 7-byte NTAG UID).
type UID string

// A Scan is one placement of a tag on a seat's reader. A tag held on the
// reader is reported once; it is reported again only after it was lifted.
type Scan struct {
	Seat Seat
	UID  UID
	At   time.Time
}

// Button says what a push button means. Each seat has its own set.
type Button uint8

// The buttons of a seat.
const (
	Confirm Button = iota + 1
	Cancel
)

// String returns the button's config name.
func (b Button) String() string {
	switch b {
	case Confirm:
		return "confirm"
	case Cancel:
		return "cancel"
	}
	return "unknown"
}

// A Press is one debounced press of a seat's button. Long is set when the
// button was held past the long-press threshold; it is then reported on
// release, instead of a short press.
type Press struct {
	Seat   Seat
	Button Button
	Long   bool
	At     time.Time
}

// TargetKind says what part of the screen a touch landed on.
type TargetKind uint8

// The things a touch can land on.
const (
	Nothing    TargetKind = iota // the background: no target
	RouteArea                    // a route; ID is the route id
	CityArea                     // a city; ID is the city id
	MarketSlot                   // a face-up card slot; Index 0-4
	DeckArea                     // the train card deck
	TicketDeck                   // the destination ticket deck
	ScreenKey                    // an on-screen key of a seat's panel; ID names it
)

// A Touch is a touch on the screen, already resolved by the display to what
// it landed on (the display owns the geometry, so input never sees pixels).
type Touch struct {
	X, Y  float32
	Kind  TargetKind
	ID    string
	Index int
	Seat  Seat // the seat whose panel was touched, or -1
	At    time.Time
}

// State is whether a device answers.
type State uint8

// Device states.
const (
	Online State = iota + 1
	Offline
)

// A Status reports that a seat's reader or buttons went offline or came back.
type Status struct {
	Seat   Seat
	Device string // "reader" or "buttons"
	State  State
	Err    error // why it went offline; nil when online
	At     time.Time
}

// A TagReader reports NFC tags placed on a seat's reader.
type TagReader interface {
	// ReadTag blocks until a tag is placed on the reader or ctx is done.
	ReadTag(ctx context.Context) (Scan, error)
}

// A ButtonReader reports the debounced presses of a seat's buttons.
type ButtonReader interface {
	// ReadPress blocks until a button is pressed or ctx is done.
	ReadPress(ctx context.Context) (Press, error)
}

// A Clock tells the time and waits. Drivers take one so that tests control
// time (periph's gpiotest injects its clock the same way).
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

// The devices a Status names.
const (
	DeviceReader  = "reader"
	DeviceButtons = "buttons"
)

// String returns "online" or "offline".
func (s State) String() string {
	switch s {
	case Online:
		return "online"
	case Offline:
		return "offline"
	}
	return "unknown"
}

// A StatusReader reports a seat's devices going offline and coming back, so
// that the table can tell the players and carry on with the other seats.
type StatusReader interface {
	// ReadStatus blocks until a device changes state or ctx is done.
	ReadStatus(ctx context.Context) (Status, error)
}

// SystemClock is the real Clock, for the table and the simulator.
type SystemClock struct{}

// Now implements Clock.
func (SystemClock) Now() time.Time { return time.Now() }

// After implements Clock.
func (SystemClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Sound is one of the table's short sounds, each telling an event players
// may not be looking at.
type Sound uint8

// The table's sounds.
const (
	SoundScan      Sound = iota + 1 // a scan was accepted
	SoundRefused                    // a scan was refused
	SoundClaim                      // a route was claimed
	SoundTunnel                     // a card was revealed for a tunnel
	SoundLastRound                  // the last round began
	SoundEnd                        // the game is over
)

// NumSounds is the number of sounds; they are numbered 1 to NumSounds.
const NumSounds = 6

var soundNames = [...]string{"", "scan", "refused", "claim", "tunnel", "last_round", "end"}

// String returns the sound's name, for logs.
func (s Sound) String() string {
	if int(s) < len(soundNames) && s != 0 {
		return soundNames[s]
	}
	return "unknown"
}

// A Speaker plays the table's sounds.
type Speaker interface {
	// Play starts playing s and returns at once; a sound it cannot play
	// (no audio device, muted) is silently dropped.
	Play(s Sound)
}
