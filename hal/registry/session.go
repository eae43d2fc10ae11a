package registry

import (
	"errors"
	"fmt"
	"slices"

	"ttr/engine"
	"ttr/hal"
)

// A Task is what an enrolment session asks for: the cards of one colour
// of a box of train cards, or the tickets of one map.
type Task struct {
	Kind  Kind
	Box   int              // Train: 1 or 2
	Color engine.CardColor // Train
	Map   string           // Ticket: "usa" or "europe"
}

// TrainTask asks for the cards of colour col of box box.
func TrainTask(box int, col engine.CardColor) Task {
	return Task{Kind: Train, Box: box, Color: col}
}

// TicketTask asks for the tickets of map mapID.
func TicketTask(mapID string) Task { return Task{Kind: Ticket, Map: mapID} }

// TrainTasks returns the tasks of a whole box: the eight colours in the
// rule book's order, then the locomotives.
func TrainTasks(box int) []Task {
	var ts []Task
	for c := engine.Purple; c <= engine.Red; c++ {
		ts = append(ts, TrainTask(box, c))
	}
	return append(ts, TrainTask(box, engine.Locomotive))
}

// Cards returns the cards the task asks for.
func (t Task) Cards() []Card {
	if t.Kind == Ticket {
		return TicketDeck(t.Map)
	}
	var cs []Card
	for _, id := range engine.CardsOf(t.Color) {
		cs = append(cs, TrainCard(t.Box, id))
	}
	return cs
}

// Validate reports what is wrong with t.
func (t Task) Validate() error {
	switch t.Kind {
	case Train:
		if t.Box < 1 || t.Box > Boxes {
			return fmt.Errorf("registry: box %d, want 1 to %d", t.Box, Boxes)
		}
		if int(t.Color) >= engine.NumCardColors {
			return fmt.Errorf("registry: no card colour %d", t.Color)
		}
	case Ticket:
		if TicketDeck(t.Map) == nil {
			return fmt.Errorf("registry: no map %q", t.Map)
		}
	default:
		return fmt.Errorf("registry: task of unknown kind %d", t.Kind)
	}
	return nil
}

// String names the task: "train red box 1", "ticket europe".
func (t Task) String() string {
	if t.Kind == Ticket {
		return "ticket " + t.Map
	}
	col := t.Color.String()
	if t.Color == engine.Locomotive {
		col = Locomotive
	}
	return fmt.Sprintf("train %s box %d", col, t.Box)
}

// An Outcome is what an enrolment session made of a scan or a choice.
type Outcome uint8

// The outcomes of Session.Scan and Session.Choose.
const (
	// Enrolled: the tag is now Card, saved; Count of Of of the task are
	// enrolled.
	Enrolled Outcome = iota + 1
	// ChooseTicket: the tag is new; the caller has the ticket chosen among
	// Session.Offer and calls Choose.
	ChooseTicket
	// Known: the tag is enrolled already, as Card (a card of this box, or
	// a ticket while train cards are enrolled, or the reverse); put it
	// aside.
	Known
	// OtherBox: the tag is Card of the other box of train cards.
	OtherBox
	// Full: every card of the task is enrolled (Count of Of); a new tag is
	// a card of another task.
	Full
	// Random: the tag gives another UID at every read, so the table could
	// never recognise it; it needs a sticker with a fixed UID.
	Random
	// NotOffered: Choose named a card the task does not offer (enrolled
	// already, or of another task).
	NotOffered
	// NoTag: Choose came before a ticket's tag was scanned.
	NoTag
)

var outcomeNames = [...]string{"", "enrolled", "choose_ticket", "known", "other_box", "full", "random", "not_offered", "no_tag"}

// String returns the outcome's name, as in the message catalogues' enrol
// keys ("enrolled", "other_box").
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) && o != 0 {
		return outcomeNames[o]
	}
	return fmt.Sprintf("Outcome(%d)", uint8(o))
}

// A Result is the outcome of one scan or choice in a Session.
type Result struct {
	Outcome Outcome
	UID     hal.UID
	// Card is the card enrolled (Enrolled), the tag's card (Known,
	// OtherBox) or the card chosen (NotOffered).
	Card Card
	// Count of Of cards of the task are enrolled now.
	Count, Of int
}

// A Session enrols cards in any order: it asks for a Task (all the cards
// of one colour of a box, or a map's tickets), takes each scan, and saves
// the registry after every card, so that it can be stopped at any card and
// resumed later by a new Session. Train cards of one colour are alike, so
// a new tag simply becomes the next card of the colour not yet enrolled;
// a ticket's tag waits for the ticket to be chosen (a touch on a list or
// on the map). It is not safe for concurrent use.
type Session struct {
	store   Store
	reg     *Registry
	task    Task
	pending hal.UID // a ticket's tag waiting for Choose, "" for none
}

// NewSession returns a session that adds to reg (as Store.Load returned
// it) and saves it to store.
func NewSession(store Store, reg *Registry) *Session {
	return &Session{store: store, reg: reg}
}

// Registry returns the registry the session adds to.
func (s *Session) Registry() *Registry { return s.reg }

// Begin makes t the task the session asks for; a ticket's tag waiting to
// be chosen is dropped.
func (s *Session) Begin(t Task) error {
	if err := t.Validate(); err != nil {
		return err
	}
	s.task, s.pending = t, ""
	return nil
}

// Task returns what the session asks for.
func (s *Session) Task() Task { return s.task }

// Progress returns how many cards of the task are enrolled, of how many.
func (s *Session) Progress() (count, of int) {
	cs := s.task.Cards()
	for _, c := range cs {
		if _, ok := s.reg.UID(c); ok {
			count++
		}
	}
	return count, len(cs)
}

// Offer returns the task's cards not enrolled yet, in the map's (or the
// colour's) order: the tickets to choose from after a ticket's scan.
func (s *Session) Offer() []Card {
	var out []Card
	for _, c := range s.task.Cards() {
		if _, ok := s.reg.UID(c); !ok {
			out = append(out, c)
		}
	}
	return out
}

// Pending returns the ticket's tag that waits for Choose.
func (s *Session) Pending() (hal.UID, bool) { return s.pending, s.pending != "" }

// Scan takes a scanned tag. A train card's new tag is enrolled at once as
// the next card of the task's colour; a ticket's waits for Choose. The
// error is a failed save only: the card is then not enrolled (the files
// are as before the scan), and the same tag can be scanned again. An
// error wrapping ErrCopy says the card was saved but a copy was not.
func (s *Session) Scan(uid hal.UID) (Result, error) {
	count, of := s.Progress()
	res := Result{UID: uid, Count: count, Of: of}
	if uid.Random() || checkUID(uid) != nil {
		res.Outcome = Random
		return res, nil
	}
	if c, ok := s.reg.Lookup(uid); ok {
		res.Card, res.Outcome = c, Known
		if c.Kind == Train && s.task.Kind == Train && c.Box != s.task.Box {
			res.Outcome = OtherBox
		}
		return res, nil
	}
	offer := s.Offer()
	if len(offer) == 0 {
		res.Outcome = Full
		return res, nil
	}
	if s.task.Kind == Ticket {
		s.pending = uid
		res.Outcome = ChooseTicket
		return res, nil
	}
	return s.enrol(uid, offer[0])
}

// Choose enrols the ticket whose tag was scanned last as c, one of Offer.
func (s *Session) Choose(c Card) (Result, error) {
	count, of := s.Progress()
	res := Result{UID: s.pending, Card: c, Count: count, Of: of}
	switch {
	case s.pending == "":
		res.Outcome = NoTag
		return res, nil
	case !slices.Contains(s.Offer(), c):
		res.Outcome = NotOffered
		return res, nil
	}
	uid := s.pending
	s.pending = ""
	return s.enrol(uid, c)
}

// enrol adds uid as c and saves the registry; a failed save takes c out
// again.
func (s *Session) enrol(uid hal.UID, c Card) (Result, error) {
	if err := s.reg.Add(uid, c); err != nil {
		return Result{}, err // checked by the caller: a bug
	}
	if err := s.store.Save(s.reg); err != nil && !errors.Is(err, ErrCopy) {
		s.reg.Remove(c)
		return Result{}, err
	} else if err != nil {
		count, of := s.Progress()
		return Result{Outcome: Enrolled, UID: uid, Card: c, Count: count, Of: of}, err
	}
	count, of := s.Progress()
	return Result{Outcome: Enrolled, UID: uid, Card: c, Count: count, Of: of}, nil
}

// Forget takes card c out of the registry and saves it, for a card whose
// sticker was replaced: its new tag is then enrolled as any other.
func (s *Session) Forget(c Card) error {
	uid, ok := s.reg.UID(c)
	if !ok {
		return fmt.Errorf("registry: %s is not enrolled, so there is nothing to forget", c)
	}
	s.reg.Remove(c)
	if err := s.store.Save(s.reg); err != nil && !errors.Is(err, ErrCopy) {
		_ = s.reg.Add(uid, c) // as on disk
		return err
	}
	return nil
}
