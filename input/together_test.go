package input_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/input/inputtest"
)

// TestSetupScannedAtAllReadersInterleaved plays whole 4-seat Europe
// set-ups through the readers and buttons, every seat at once: at each
// step a seat with work left, chosen at random from a seed, scans one of
// its dealt cards or tickets (or a face-up card once its own four are in),
// marks tickets to give back, or confirms. The first turn starts when all
// have kept; the log records the real order and replays byte for byte; no
// seat ever waits for another while it has work left.
func TestSetupScannedAtAllReadersInterleaved(t *testing.T) {
	for seed := range uint64(8) {
		r := newRig(t, 4, "europe")
		r.start(int(seed % 4))
		rng := rand.New(rand.NewPCG(seed, 27))
		inputs := make([]int, 4)
		blocked, longest := make([]int, 4), 0
		for step := 0; r.tb.Mode() == input.ModeSetup; step++ {
			if step > 200 {
				t.Fatalf("seed %d: the set-up did not end", seed)
			}
			v := r.tb.View()
			var ready []int
			for i, sv := range v.Seats {
				if sv.Current {
					ready = append(ready, i)
				}
			}
			if len(ready) == 0 {
				t.Fatalf("seed %d: nobody can act in the set-up", seed)
			}
			seat := ready[rng.IntN(len(ready))]
			p := r.tb.PlayerAt(seatOf(seat))
			s := r.game()
			sv := v.Seats[seat]
			switch {
			case sv.Keep != nil:
				drawn := s.DrawnTickets(p).IDs()
				if sv.Keep.GiveBack < sv.Keep.Drawn-sv.Keep.Keep && rng.IntN(2) == 0 {
					r.ok(r.scanTicket(seat, drawn[sv.Keep.GiveBack]))
				} else {
					r.ok(r.confirm(seat), engine.KeepTickets)
				}
			case sv.Prompt.Key == "prompt.scan_long_ticket", sv.Prompt.Key == "prompt.scan_drawn_tickets":
				r.ok(r.scanTicket(seat, drawableTicket(s, sv.Prompt.Key == "prompt.scan_long_ticket", rng)), engine.RevealTicket)
			default:
				deck := s.Deck().IDs()
				r.ok(r.scanCard(seat, deck[rng.IntN(len(deck))]), engine.RevealCard)
			}
			inputs[seat]++
			// A seat with its own work left that could not act waited.
			for i, sv := range r.tb.View().Seats {
				if work := workLeft(r.game(), r.tb.PlayerAt(seatOf(i))); work && !sv.Current {
					blocked[i]++
					longest = max(longest, blocked[i])
				} else {
					blocked[i] = 0
				}
			}
		}
		if w := r.game().Waiting(); w.Need != engine.NeedTurn || w.Player != r.game().FirstPlayer() {
			t.Fatalf("seed %d: after the set-up the table waits for %s of %d, want the first player's turn", seed, w.Need, w.Player)
		}
		if longest != 0 {
			t.Errorf("seed %d: a seat with work left waited %d inputs", seed, longest)
		}
		text, err := (&engine.Log{Map: r.game().Map(), Players: 4, Actions: r.log}).MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(text, []byte(" @")) {
			t.Fatalf("seed %d: the log names no seat's work, so the seats did not interleave:\n%s", seed, text)
		}
		var back engine.State
		if err := back.UnmarshalText(text); err != nil {
			t.Fatalf("seed %d: replay: %v\n%s", seed, err, text)
		}
		again, _ := back.MarshalText()
		want, _ := r.game().MarshalText()
		if !bytes.Equal(again, text) || !bytes.Equal(want, text) {
			t.Fatalf("seed %d: the replayed set-up differs:\n%s\nwant\n%s", seed, again, want)
		}
		if seed == 0 {
			total := 0
			for _, n := range inputs {
				total += n
			}
			t.Logf("4-seat Europe set-up: %d inputs, by seat %v; longest wait of a seat with work left: %d", total, inputs, longest)
		}
	}
}

// workLeft reports whether player p has their own set-up work left: cards
// to be dealt, tickets to draw or to keep.
func workLeft(s *engine.State, p int) bool {
	for _, w := range s.Pending() {
		if w.Player == p && w.Need != engine.NeedCardToMarket && w.Need != engine.NeedTurn {
			return true
		}
	}
	return false
}

// drawableTicket returns a ticket that may be drawn next from the long pile or
// the regular deck.
func drawableTicket(s *engine.State, long bool, rng *rand.Rand) engine.TicketID {
	var from []engine.TicketID
	for i := range s.Map().Tickets {
		loc, _ := s.WhereTicket(engine.TicketID(i))
		if (long && loc == engine.TicketLongPile) || (!long && loc == engine.TicketInDeck) {
			from = append(from, engine.TicketID(i))
		}
	}
	return from[rng.IntN(len(from))]
}

func seatOf(i int) hal.Seat { return hal.Seat(i) }

// TestGesturesOfNamedSetupActions: a set-up action naming whose work it
// is becomes that seat's scans and presses, whatever the seat the engine's
// order names, and the face-up cards are scanned at a dealt seat.
func TestGesturesOfNamedSetupActions(t *testing.T) {
	r := newRig(t, 3, "usa")
	r.start(0)
	deal := func(p int) {
		t.Helper()
		c := r.deckCards(1, notLoco)[0]
		evs, err := r.tb.Gestures(engine.NewDealCard(p, c), inputtest.UID, nil, r.at())
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) != 1 || eventSeat(evs[0]) != r.tb.SeatOf(p) {
			t.Fatalf("dealing to player %d: events %+v, want one scan at seat %d", p, evs, r.tb.SeatOf(p))
		}
		r.ok(r.do(evs[0]), engine.RevealCard)
		if !r.game().Hand(p).Has(c) {
			t.Fatalf("player %d was not dealt %s", p, c)
		}
	}
	// Player 2 is dealt first, although the engine's order names player 0.
	for range 4 {
		deal(2)
	}
	if _, err := r.tb.Gestures(engine.NewLayCard(r.deckCards(1, notLoco)[0]), inputtest.UID, nil, r.at()); err != nil {
		t.Fatalf("laying a face-up card with player 2 dealt: %v", err)
	}
	evs, _ := r.tb.Gestures(engine.NewLayCard(r.deckCards(1, notLoco)[0]), inputtest.UID, nil, r.at())
	if len(evs) != 1 || eventSeat(evs[0]) != r.tb.SeatOf(2) {
		t.Fatalf("laying a face-up card: events %+v, want a scan at player 2's seat", evs)
	}
}

// TestSetupOneSeatAtATimeFigures plays a 4-seat Europe set-up in the order
// the table used to impose, one seat at a time (the engine's Waiting), and
// logs its inputs and the longest wait of a seat with work left, to
// compare with TestSetupScannedAtAllReadersInterleaved's.
func TestSetupOneSeatAtATimeFigures(t *testing.T) {
	r := newRig(t, 4, "europe")
	r.start(0)
	blocked, longest, total := make([]int, 4), 0, 0
	for r.tb.Mode() == input.ModeSetup {
		w := r.game().Waiting()
		seat := int(r.tb.SeatOf(w.Player))
		switch w.Need {
		case engine.NeedTicket:
			r.ok(r.scanTicket(seat, r.game().LegalActions()[0].Ticket), engine.RevealTicket)
		case engine.NeedKeep:
			r.ok(r.confirm(seat), engine.KeepTickets)
		default:
			r.ok(r.scanCard(seat, r.deckCards(1, notLoco)[0]), engine.RevealCard)
		}
		total++
		next := r.tb.SeatOf(r.game().Waiting().Player)
		for i := range 4 {
			if workLeft(r.game(), r.tb.PlayerAt(seatOf(i))) && seatOf(i) != next {
				blocked[i]++
				longest = max(longest, blocked[i])
			} else {
				blocked[i] = 0
			}
		}
	}
	if longest < 12 {
		t.Errorf("one seat at a time, the longest wait is %d inputs, want at least the 12 cards of three seats", longest)
	}
	t.Logf("4-seat Europe set-up one seat at a time: %d inputs in series; longest wait of a seat with work left: %d", total, longest)
}
