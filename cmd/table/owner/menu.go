package owner

import (
	"time"

	"ttr/hal"
	"ttr/input"
)

// Message keys of the menu (the catalogue's owner_menu table).
const keyMenu = "owner_menu."

func mt(key string, args ...any) input.Text {
	t := ct("", args...)
	t.Key = keyMenu + key
	return t
}

// Opening the menu. A seat's Confirm and Cancel held together (each
// released as a long press, within Together of the other) ask for it: the
// seat's panel says to hold them together once more (KeyOpenAgain), and a
// second such hold within OpenWithin opens it. A child pressing the
// buttons, even both at once, does not: it takes two deliberate holds of
// both. In the simulator, a key held KeyHold opens it.
const (
	Together   = 500 * time.Millisecond
	OpenWithin = 10 * time.Second
	KeyHold    = 2 * time.Second
	// KeyOpenAgain is what the seat's panel says after the first hold.
	KeyOpenAgain = keyMenu + "open_again"
)

// Opener watches the seats' presses for the gesture that opens the menu.
// It is not safe for concurrent use.
type Opener struct {
	long  map[hal.Seat]map[hal.Button]time.Time // the last long press of each button
	asked map[hal.Seat]time.Time                // the first hold of both, by seat
	down  time.Time                             // the simulator's key, when held down
}

// Press takes a seat's press. It returns the seat whose panel must say
// KeyOpenAgain (ask), or whose menu opens (open). A short press of a seat
// forgets its first hold.
func (o *Opener) Press(p hal.Press) (ask, open bool) {
	if o.long == nil {
		o.long, o.asked = map[hal.Seat]map[hal.Button]time.Time{}, map[hal.Seat]time.Time{}
	}
	if !p.Long {
		delete(o.long, p.Seat)
		delete(o.asked, p.Seat)
		return false, false
	}
	if o.long[p.Seat] == nil {
		o.long[p.Seat] = map[hal.Button]time.Time{}
	}
	o.long[p.Seat][p.Button] = p.At
	other := hal.Confirm
	if p.Button == hal.Confirm {
		other = hal.Cancel
	}
	at, ok := o.long[p.Seat][other]
	if !ok || p.At.Sub(at) > Together || at.Sub(p.At) > Together {
		return false, false
	}
	delete(o.long, p.Seat) // both held: one hold
	if first, ok := o.asked[p.Seat]; ok && p.At.Sub(first) <= OpenWithin {
		delete(o.asked, p.Seat)
		return false, true
	}
	o.asked[p.Seat] = p.At
	return true, false
}

// KeyDown and KeyUp take the simulator's menu key; KeyUp reports whether
// it was held KeyHold.
func (o *Opener) KeyDown(at time.Time) { o.down = at }

// KeyUp: see KeyDown.
func (o *Opener) KeyUp(at time.Time) bool {
	held := !o.down.IsZero() && at.Sub(o.down) >= KeyHold
	o.down = time.Time{}
	return held
}

// EntryID names an entry of the menu.
type EntryID uint8

// The menu's entries, in order.
const (
	EntryEnrol EntryID = iota
	EntryCheck
	EntrySettings
	EntryHistory
	EntryRecords
	EntryClose
)

// Entry is one entry of the menu as the screen draws it.
type Entry struct {
	ID    EntryID
	Label input.Text
	// State is a second line: how far the enrolment is, why an entry
	// cannot be opened now; zero for none.
	State   input.Text
	Enabled bool
}

// DeckProgress is how far one deck is enrolled.
type DeckProgress struct {
	Deck        string // "trains", "trains2" (a second box), "europe", "usa"
	Have, Count int
}

// Enroller is the on-glass enrolment session, as the menu needs it: the
// registry's any-order enrolment fills it in (hal/registry's session,
// wrapped by cmd/table).
type Enroller interface {
	// Decks returns how far each deck is enrolled, for the entry's state.
	Decks() []DeckProgress
	// Handle takes a scan, a touch or a press of the seat the menu faces
	// and returns what to say (a card accepted and its count, a tag
	// already enrolled and its card...).
	Handle(ev hal.Event) []input.Text
	// Prompt is what the session asks for now ("Scan the 12 red cards,
	// in any order: 7 of 12").
	Prompt() input.Text
}

// MenuState is what the menu's entries depend on.
type MenuState struct {
	// Playing reports an unfinished game: the settings wait for its end
	// (a config written under a game never ends it, but a seat's colour
	// changed under it would make it wait).
	Playing bool
	// Enrol is the enrolment session; nil when the registry cannot be
	// written (the entry says so).
	Enrol Enroller
	// Games and Records are the history's counts.
	Games, Records int
}

// Entries returns the menu's entries in s.
func Entries(s MenuState) []Entry {
	es := []Entry{
		{ID: EntryEnrol, Label: mt("enrol"), Enabled: s.Enrol != nil},
		{ID: EntryCheck, Label: mt("check"), State: mt("check_state"), Enabled: true},
		{ID: EntrySettings, Label: mt("settings"), Enabled: !s.Playing},
		{ID: EntryHistory, Label: mt("history"), State: mt("history_state", "Games", s.Games), Enabled: true},
		{ID: EntryRecords, Label: mt("records"), State: mt("records_state", "Players", s.Records), Enabled: true},
		{ID: EntryClose, Label: mt("close"), Enabled: true},
	}
	if s.Enrol == nil {
		es[0].State = mt("enrol_unavailable")
	} else {
		var parts []input.Text
		for _, d := range s.Enrol.Decks() {
			parts = append(parts, mt("deck_"+d.Deck, "Have", d.Have, "Total", d.Count))
		}
		es[0].State = input.List(parts...)
	}
	if s.Playing {
		es[2].State = mt("settings_after_game")
	}
	return es
}
