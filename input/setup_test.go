package input_test

import (
	"slices"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/input/inputtest"
)

// TestDealing scripts the deal of a 3-player game: each player scans their
// four cards at their own reader, every seat at once; wrong scans are
// refused at once and change nothing.
func TestDealing(t *testing.T) {
	r := newRig(t, 3, "usa")
	r.start(1)
	hand := cards(t, "red1", "red2", "blue1", "loco1")
	other := cards(t, "red3", "red4", "blue2", "blue3")
	// Seat 0 is dealt while seat 1, the first player, is.
	for i := range 3 {
		r.ok(r.scanCard(1, hand[i]), engine.RevealCard)
		r.ok(r.scanCard(0, other[i]), engine.RevealCard)
	}
	r.refused(r.scanUID(1, "04A1B2C3D4E5F6"), 1, "refuse.unknown_tag")
	sv := r.prompt(1, "prompt.scan_hand", "prompt.scan_progress")
	if sv.Progress.Args["Have"] != 3 || sv.Prompt.Args["Count"] != 1 {
		t.Errorf("after 3 cards: prompt %v progress %v", sv.Prompt.Args, sv.Progress.Args)
	}
	r.prompt(2, "prompt.scan_hand")
	for _, seat := range []int{0, 1, 2} {
		if !r.tb.View().Seats[seat].Current {
			t.Errorf("seat %d, being dealt, is not marked current", seat)
		}
	}
	r.ok(r.scanCard(1, hand[3]), engine.RevealCard)
	// A card already in a hand is refused with its holder.
	res := r.scanCard(2, hand[0])
	r.refused(res, 2, "rule.card_in_hand")
	if res.Notices[0].Rule == nil || res.Notices[0].Rule.Code != engine.ErrCardInHand {
		t.Errorf("notice rule %v, want ErrCardInHand", res.Notices[0].Rule)
	}
	if got := r.game().Hand(1); got != engine.NewCardSet(hand...) {
		t.Errorf("player 1 holds %s, want %s", got, engine.NewCardSet(hand...))
	}
	if got := r.game().Hand(0); got != engine.NewCardSet(other[:3]...) {
		t.Errorf("player 0 holds %s, want %s", got, engine.NewCardSet(other[:3]...))
	}
	if n := r.tb.View().Public.Players[1].Cards; n != 4 {
		t.Errorf("public card count %d, want 4", n)
	}
	// The first player, dealt, lays the market next.
	r.prompt(1, "prompt.lay_market")
}

// TestMarketAndTicketsUSA lays the market at the first player's reader and
// deals USA tickets: 3 drawn, keep at least 2, give back by scanning.
func TestMarketAndTicketsUSA(t *testing.T) {
	r := newRig(t, 2, "usa")
	r.start(0)
	for r.game().Waiting().Need == engine.NeedCardToHand {
		w := r.game().Waiting()
		r.ok(r.scanCard(int(r.tb.SeatOf(w.Player)), r.deckCards(1, notLoco)[0]), engine.RevealCard)
	}
	// The market: five cards at seat 0 (first player), counting down.
	for i := range engine.MarketSize {
		sv := r.prompt(0, "prompt.lay_market")
		if sv.Prompt.Args["Count"] != 5-i {
			t.Errorf("lay market: %v to go, want %d", sv.Prompt.Args["Count"], 5-i)
		}
		// Any dealt seat lays the face-up cards.
		r.ok(r.scanCard(i%2, r.deckCards(1, notLoco)[0]), engine.RevealCard)
	}
	// Tickets for player 0: three scans.
	sv := r.prompt(0, "prompt.scan_drawn_tickets")
	if sv.Prompt.Args["Count"] != 3 {
		t.Errorf("scan %v tickets, want 3", sv.Prompt.Args["Count"])
	}
	r.refused(r.scanCard(0, r.deckCards(1, notLoco)[0]), 0, "refuse.expected_ticket")
	r.refused(r.do(hal.Scan{Seat: 0, UID: inputtest.TicketUID("europe", 0), At: r.at()}), 0, "rule.no_such_ticket")
	var drawn []engine.TicketID
	for range 3 {
		tk := r.game().LegalActions()[0].Ticket
		drawn = append(drawn, tk)
		r.ok(r.scanTicket(0, tk), engine.RevealTicket)
	}
	other := engine.TicketID(0)
	for slices.Contains(drawn, other) {
		other++
	}
	r.refused(r.scanTicket(0, other), 0, "rule.ticket_not_drawn")
	r.refused(r.scanCard(0, r.deckCards(1, notLoco)[0]), 0, "refuse.expected_ticket")
	sv = r.prompt(0, "prompt.keep_tickets")
	if sv.Prompt.Args["Keep"] != 2 || arg(sv.Prompt, "Tickets.Count") != 3 {
		t.Errorf("keep prompt %v, want 3 drawn keep 2", sv.Prompt.Args)
	}
	if k := r.tb.View().Keep; k == nil || k.Drawn != 3 || k.Keep != 2 || k.GiveBack != 0 {
		t.Errorf("keep view %+v, want 3 drawn, keep 2", k)
	}
	// Give one back; a second would keep too few; scanning again takes the
	// mark off.
	r.ok(r.scanTicket(0, drawn[1]))
	r.prompt(0, "prompt.keep_tickets", "prompt.give_back")
	r.refused(r.scanTicket(0, drawn[2]), 0, "rule.keep_too_few")
	r.ok(r.scanTicket(0, drawn[1]))
	r.ok(r.scanTicket(0, drawn[2]))
	r.cancel(0)
	if k := r.tb.View().Keep; k.GiveBack != 0 {
		t.Errorf("Cancel left %d tickets to give back", k.GiveBack)
	}
	r.refused(r.confirm(1), 1, "rule.wrong_action")
	r.ok(r.scanTicket(0, drawn[2]))
	res := r.confirm(0)
	r.ok(res, engine.KeepTickets)
	if a := res.Actions[0]; a.Tickets != engine.NewTicketSet(drawn[2]) {
		t.Errorf("gave back %v, want ticket %d", a.Tickets.IDs(), drawn[2])
	}
	if got := r.game().KeptTickets(0); got != engine.NewTicketSet(drawn[0], drawn[1]) {
		t.Errorf("kept %v, want %v", got.IDs(), drawn[:2])
	}
	// Player 1's tickets, all kept; then the game is on.
	r.prompt(1, "prompt.scan_drawn_tickets")
	for range 3 {
		r.ok(r.scanTicket(1, r.game().LegalActions()[0].Ticket), engine.RevealTicket)
	}
	r.ok(r.confirm(1), engine.KeepTickets)
	if r.tb.Mode() != input.ModePlay {
		t.Fatalf("mode %s after the last keep, want play", r.tb.Mode())
	}
	r.prompt(0, "prompt.your_turn")
	r.prompt(1, "prompt.waiting")
}

// TestEuropeTickets deals Europe's long ticket first, then three regular
// ones, keeping at least two of the four.
func TestEuropeTickets(t *testing.T) {
	r := newRig(t, 2, "europe")
	r.start(0)
	for r.game().Waiting().Need != engine.NeedTicket {
		w := r.game().Waiting()
		r.ok(r.scanCard(int(r.tb.SeatOf(w.Player)), r.deckCards(1, notLoco)[0]), engine.RevealCard)
	}
	r.prompt(0, "prompt.scan_long_ticket")
	m := r.game().Map()
	regular := -1
	for i, tk := range m.Tickets {
		if !tk.Long {
			regular = i
			break
		}
	}
	r.refused(r.scanTicket(0, engine.TicketID(regular)), 0, "rule.ticket_wrong_pile")
	var drawn []engine.TicketID
	for range 4 {
		tk := r.game().LegalActions()[0].Ticket
		drawn = append(drawn, tk)
		r.ok(r.scanTicket(0, tk), engine.RevealTicket)
	}
	sv := r.prompt(0, "prompt.keep_tickets")
	if sv.Prompt.Args["Keep"] != 2 || arg(sv.Prompt, "Tickets.Count") != 4 {
		t.Errorf("keep prompt %v, want 4 drawn keep 2", sv.Prompt.Args)
	}
	r.ok(r.scanTicket(0, drawn[0]))
	r.ok(r.scanTicket(0, drawn[1]))
	r.refused(r.scanTicket(0, drawn[2]), 0, "rule.keep_too_few")
	r.ok(r.confirm(0), engine.KeepTickets)
	if got := r.game().KeptTickets(0).Len(); got != 2 {
		t.Errorf("kept %d tickets, want 2", got)
	}
}
