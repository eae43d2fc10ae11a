package input

import (
	"errors"
	"fmt"
	"time"

	"ttr/engine"
	"ttr/hal"
)

// Gestures returns the events a person at the table makes for action a in
// the current state, so that a bot's decision or the dealer's chance outcome
// in digital play goes through the same readers, buttons and screen as a
// person's, and the same validation: touches on the board (route, city,
// market slot, deck, ticket deck), scans of the cards and tickets at the
// seat's reader (uid names each tag; the simulator's virtual deck knows
// them), and Confirm or Cancel presses, all at time at.
//
// A blind draw and a ticket draw need the card or ticket that comes off
// the deck: chance supplies it for the state after the draw (an
// engine.Dealer's Outcome does). A gesture already in progress for a turn
// or a ticket choice is cancelled first. a must be one of the state's legal
// actions or chance outcomes (for a payment, any cards that pay the same).
func (t *Table) Gestures(a engine.Action, uid func(Tag) hal.UID, chance func(*engine.State) engine.Action, at time.Time) ([]hal.Event, error) {
	if t.st == nil || t.mode == ModeEnd {
		return nil, errors.New("input: gestures: no game in progress")
	}
	w := t.st.Waiting()
	seat := t.SeatOf(w.Player)
	give := t.give
	if t.mode == ModeSetup {
		// Every seat works at once: the action names whose work it is
		// (else it does the work Waiting names).
		switch f := a.For(); {
		case f >= 0:
			w = engine.Wait{Need: w.Need, Player: f}
			if hand, tickets, _ := t.setupWork(f); a.Kind == engine.RevealCard {
				w = hand
			} else {
				w = tickets
			}
			seat = t.SeatOf(f)
		case f == engine.ForMarket:
			seat = t.marketSeat()
		}
		if p := t.PlayerAt(seat); p >= 0 {
			give = t.setupGive[p]
		}
	}
	if seat < 0 {
		return nil, fmt.Errorf("input: gestures: the table waits for %s, not a seat", w.Need)
	}
	var evs []hal.Event
	scanCard := func(c engine.CardID) {
		evs = append(evs, hal.Scan{Seat: seat, UID: uid(CardTag(c)), At: at})
	}
	scanTicket := func(tk engine.TicketID) {
		evs = append(evs, hal.Scan{Seat: seat, UID: uid(TicketTag(t.m.ID, tk)), At: at})
	}
	press := func(b hal.Button) {
		evs = append(evs, hal.Press{Seat: seat, Button: b, At: at})
	}
	touch := func(k hal.TargetKind, id string, index int) {
		evs = append(evs, hal.Touch{Kind: k, ID: id, Index: index, Seat: -1, At: at})
	}
	// pay scans cards one by one, then confirms: a claim, a station, a
	// tunnel's extra cost.
	pay := func(cards engine.CardSet) {
		for _, c := range cards.IDs() {
			scanCard(c)
		}
		press(hal.Confirm)
	}
	if (w.Need == engine.NeedTurn && t.g != gNone) || (w.Need == engine.NeedKeep && give != 0) {
		press(hal.Cancel)
	}
	// after returns the chance outcome following decision d.
	after := func(d engine.Action) (engine.Action, error) {
		s, _, err := t.st.Apply(d)
		if err != nil {
			return engine.Action{}, err
		}
		o := chance(s)
		if !o.Kind.IsChance() {
			return engine.Action{}, fmt.Errorf("input: gestures: no chance outcome after %s", d.Kind)
		}
		return o, nil
	}
	switch a.Kind {
	case engine.RevealCard:
		scanCard(a.Card)
	case engine.RevealTicket:
		scanTicket(a.Ticket)
	case engine.KeepTickets:
		for _, tk := range a.Tickets.IDs() {
			scanTicket(tk)
		}
		press(hal.Confirm)
	case engine.DrawFaceUp:
		touch(hal.MarketSlot, "", a.Slot)
	case engine.DrawBlind:
		o, err := after(a)
		if err != nil {
			return nil, err
		}
		touch(hal.DeckArea, "", 0)
		scanCard(o.Card)
	case engine.DrawTickets:
		o, err := after(a)
		if err != nil {
			return nil, err
		}
		touch(hal.TicketDeck, "", 0)
		scanTicket(o.Ticket)
	case engine.ClaimRoute:
		if a.Route < 0 || a.Route >= len(t.m.Routes) {
			return nil, fmt.Errorf("input: gestures: no route %d", a.Route)
		}
		touch(hal.RouteArea, t.m.Routes[a.Route].ID, 0)
		pay(a.Cards)
	case engine.BuildStation:
		if a.City < 0 || a.City >= len(t.m.Cities) {
			return nil, fmt.Errorf("input: gestures: no city %d", a.City)
		}
		touch(hal.CityArea, t.m.Cities[a.City].ID, 0)
		pay(a.Cards)
	case engine.PayTunnel:
		pay(a.Cards)
	case engine.WithdrawTunnel:
		press(hal.Cancel)
	case engine.Pass:
		press(hal.Confirm)
	default:
		return nil, fmt.Errorf("input: gestures: %s is chosen on the start screen, not by a gesture", a.Kind)
	}
	return evs, nil
}

// marketSeat returns the seat where a card laid face up at set-up is
// scanned: the first seat in turn order, from the first player, whose
// player has all their cards (a card scanned at a seat still being dealt
// is that player's); -1 when none has.
func (t *Table) marketSeat() hal.Seat {
	n := t.st.Players()
	for i := range n {
		p := (t.st.FirstPlayer() + i) % n
		if hand, _, _ := t.setupWork(p); hand.Need == 0 {
			return t.SeatOf(p)
		}
	}
	return -1
}
