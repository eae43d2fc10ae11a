package input

import (
	"time"

	"ttr/engine"
	"ttr/hal"
)

// The set-up happens at every seat at once, as with the printed game
// (engine.State.Pending): each player scans the four cards dealt to them
// and their tickets at their own reader, in any order, interleaved with
// the others, and chooses their tickets while the others do; the five
// face-up cards are scanned at any reader whose player has their four
// cards (a card scanned at a seat still being dealt is that player's). The
// first turn starts when every player has kept their tickets. Each seat
// marks its own tickets to give back and confirms with its own Confirm.

// setupWork returns player p's pending set-up work: cards to be dealt to
// them, their tickets to draw or keep (zero Waits when done), and whether
// the market waits for cards.
func (t *Table) setupWork(p int) (hand, tickets engine.Wait, market bool) {
	for _, w := range t.st.Pending() {
		switch {
		case w.Need == engine.NeedCardToMarket:
			market = true
		case w.Player != p:
		case w.Need == engine.NeedCardToHand:
			hand = w
		case w.Need == engine.NeedTicket, w.Need == engine.NeedKeep:
			tickets = w
		}
	}
	return
}

// scanSetup takes a tag scanned at seat during the set-up: a card dealt to
// the seat's player or laid face up, a ticket drawn, or a ticket marked to
// give back (again: the mark taken off).
func (t *Table) scanSetup(r *Result, seat hal.Seat, at time.Time, tag Tag) Result {
	p := t.PlayerAt(seat)
	hand, tickets, market := t.setupWork(p)
	if tag.Kind == TagCard {
		switch {
		case hand.Need != 0:
			return t.try(r, seat, at, t.setupAction(engine.NewDealCard(p, tag.Card)))
		case market:
			return t.try(r, seat, at, t.setupAction(engine.NewLayCard(tag.Card)))
		case tickets.Need != 0:
			return t.refuse(r, seat, at, "refuse.expected_ticket", nil)
		}
		return t.refuse(r, seat, at, "rule.wrong_action", nil)
	}
	switch tickets.Need {
	case engine.NeedTicket:
		tk, ok := t.ticketOf(r, seat, at, tag)
		if !ok {
			return *r
		}
		return t.try(r, seat, at, t.setupAction(engine.NewDealTicket(p, tk)))
	case engine.NeedKeep:
		tk, ok := t.ticketOf(r, seat, at, tag)
		if !ok {
			return *r
		}
		return t.giveBack(r, seat, at, tickets, tk, &t.setupGive[p])
	}
	if hand.Need != 0 || market {
		return t.refuse(r, seat, at, "refuse.expected_card", nil)
	}
	return t.refuse(r, seat, at, "rule.wrong_action", nil)
}

// ticketOf returns the ticket tag names, refusing a tag that is not a
// ticket of the game's map.
func (t *Table) ticketOf(r *Result, seat hal.Seat, at time.Time, tag Tag) (engine.TicketID, bool) {
	if tag.Kind != TagTicket {
		t.refuse(r, seat, at, "refuse.expected_ticket", nil)
		return 0, false
	}
	if tag.Map != t.m.ID || int(tag.Ticket) >= len(t.m.Tickets) {
		t.refuseErr(r, seat, at, &engine.RuleError{Code: engine.ErrNoSuchTicket, Params: noParams()})
		return 0, false
	}
	return tag.Ticket, true
}

// confirmSetup takes Confirm at seat during the set-up: the player keeps
// their tickets but those marked.
func (t *Table) confirmSetup(r *Result, seat hal.Seat, at time.Time) Result {
	p := t.PlayerAt(seat)
	if p < 0 {
		return t.refuse(r, seat, at, "rule.no_such_player", nil)
	}
	if _, tickets, _ := t.setupWork(p); tickets.Need != engine.NeedKeep {
		return t.refuse(r, seat, at, "rule.wrong_action", nil)
	}
	give := t.setupGive[p]
	t.try(r, seat, at, t.setupAction(engine.NewKeepTicketsFor(p, give.IDs()...)))
	if !refused(*r) {
		t.setupGive[p] = 0
	}
	return *r
}

// cancelSetup takes Cancel at seat during the set-up: the marks on the
// tickets to give back come off; with none marked, the player asks to
// take back their last decision (tickets kept, undo.go).
func (t *Table) cancelSetup(r *Result, seat hal.Seat, at time.Time) Result {
	p := t.PlayerAt(seat)
	if p < 0 {
		return t.refuse(r, seat, at, "rule.no_such_player", nil)
	}
	if t.setupGive[p] != 0 {
		t.setupGive[p] = 0
		return *r
	}
	return t.askUndo(r, seat, at)
}

// setupPrompt is what the table expects from player p during the set-up:
// their cards, then (the first player) the face-up cards, their tickets,
// their choice, the face-up cards if nobody has laid them yet, else to
// wait for the others.
func (t *Table) setupPrompt(p int, pub engine.Public) (prompt, prog Text, current bool) {
	hand, tickets, market := t.setupWork(p)
	layMarket := func() (Text, Text, bool) {
		w := engine.Wait{Need: engine.NeedCardToMarket, Player: p}
		pr, pg := t.prompt(p, w, pub)
		return pr, pg, true
	}
	switch {
	case hand.Need != 0:
		pr, pg := t.prompt(p, hand, pub)
		return pr, pg, true
	case market && p == t.st.FirstPlayer():
		return layMarket()
	case tickets.Need == engine.NeedTicket:
		pr, pg := t.prompt(p, tickets, pub)
		return pr, pg, true
	case tickets.Need == engine.NeedKeep:
		return t.keepPrompt(p, tickets.Count, t.setupGive[p]), t.giveProgress(t.setupGive[p]), true
	case market:
		return layMarket()
	}
	for _, w := range t.st.Pending() {
		if w.Player >= 0 && w.Player != p && w.Need != engine.NeedCardToMarket {
			return Text{Key: "prompt.waiting", Args: map[string]any{"Player": t.name(w.Player)}}, Text{}, false
		}
	}
	return Text{}, Text{}, false
}

// setupAction returns set-up action a, which names whose work it does,
// without the name when that is the work Waiting names (the same action):
// a set-up played in the order of one seat at a time logs as it always
// did, and the log names a seat only where the order differs.
func (t *Table) setupAction(a engine.Action) engine.Action {
	w := t.st.Waiting()
	f := a.For()
	switch {
	case a.Kind == engine.RevealCard && f == engine.ForMarket && w.Need == engine.NeedCardToMarket:
		return engine.NewRevealCard(a.Card)
	case f != w.Player:
		return a
	case a.Kind == engine.RevealCard && w.Need == engine.NeedCardToHand:
		return engine.NewRevealCard(a.Card)
	case a.Kind == engine.RevealTicket && w.Need == engine.NeedTicket:
		return engine.NewRevealTicket(a.Ticket)
	case a.Kind == engine.KeepTickets && w.Need == engine.NeedKeep:
		return engine.NewKeepTickets(a.Tickets.IDs()...)
	}
	return a
}
