package input_test

import (
	"bytes"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
)

// replaysExactly checks that the rig's log replays to the table's game,
// byte for byte.
func (r *rig) replaysExactly() {
	r.t.Helper()
	text, err := (&engine.Log{Map: r.game().Map(), Players: r.game().Players(), Actions: r.log}).MarshalText()
	if err != nil {
		r.t.Fatal(err)
	}
	var back engine.State
	if err := back.UnmarshalText(text); err != nil {
		r.t.Fatalf("replay: %v", err)
	}
	want, _ := r.game().MarshalText()
	if got, _ := back.MarshalText(); !bytes.Equal(got, want) || !bytes.Equal(want, text) {
		r.t.Fatalf("the log does not replay to the table's game")
	}
}

// takeBack asks at seat to take back the last decision, checks the
// question names what, confirms, and checks that the game is the one
// before, every seat told what to pick up.
func (r *rig) takeBack(seat int, before *engine.State, what string) input.Text {
	r.t.Helper()
	r.ok(r.cancel(seat))
	sv := r.prompt(seat, "undo.ask")
	w, _ := sv.Prompt.Args["What"].(input.Text)
	if w.Key != what {
		r.t.Fatalf("undo asks about %q, want %q", w.Key, what)
	}
	if u := r.tb.View().Undo; u == nil || !u.Asked || int(u.Seat) != seat {
		r.t.Fatalf("View.Undo %+v, want asked at seat %d", u, seat)
	}
	res := r.confirm(seat)
	r.ok(res, engine.Undo)
	if got, want := r.game().Log().Actions, before.Log().Actions; len(got) != len(want)+2 {
		r.t.Fatalf("history %d actions, want %d and the decision and its undo", len(got), len(want))
	}
	if a, b := r.game(), before; a.Waiting() != b.Waiting() || a.Scores()[0] != b.Scores()[0] || a.Hand(0) != b.Hand(0) || a.Hand(1) != b.Hand(1) || a.Market() != b.Market() || a.TrainsLeft(0) != b.TrainsLeft(0) {
		r.t.Fatalf("after the undo the game is not the one before the decision")
	}
	for i, s := range r.tb.View().Seats {
		if s.Playing && s.Notice.Text.Key != what {
			r.t.Errorf("seat %d told %q, want %q", i, s.Notice.Text.Key, what)
		}
	}
	r.replaysExactly()
	return w
}

// TestUndoEachUndoableDecision takes back, through the buttons, a route
// claimed, a station built, a face-up card taken and tickets kept; each
// time the table says what to pick up, the game is as before, and the log,
// with its undo, replays exactly.
func TestUndoEachUndoableDecision(t *testing.T) {
	hands := map[int][]engine.CardID{
		0: cards(t, "red1", "red2", "red5", "blue1"),
		1: cards(t, "red3", "red4", "blue2", "green1"),
	}
	t.Run("claim", func(t *testing.T) {
		r := newGame(t, 2, "europe", hands)
		before := r.game()
		r.ok(r.touchRoute("berlin--frankfurt--2"))
		for _, c := range cards(t, "red1", "red2", "red5") {
			r.ok(r.scanCard(0, c))
		}
		r.ok(r.confirm(0), engine.ClaimRoute)
		r.prompt(1, "prompt.your_turn_stations")
		w := r.takeBack(0, before, "undo.take_back_claim")
		if w.Args["From"] != "Berlin" || w.Args["To"] != "Frankfurt" {
			t.Errorf("take back from %v – %v", w.Args["From"], w.Args["To"])
		}
		if c, _ := w.Args["Cards"].(input.Text); c.Key != "count.colored_cards" || c.Args["Count"] != 3 {
			t.Errorf("take back cards %+v, want 3 red", c)
		}
		if tr, _ := w.Args["Trains"].(input.Text); tr.Args["Count"] != 3 {
			t.Errorf("take back trains %+v, want 3", tr)
		}
		r.prompt(0, "prompt.your_turn_stations")
	})
	t.Run("station", func(t *testing.T) {
		r := newGame(t, 2, "europe", hands)
		before := r.game()
		r.ok(r.touchCity("wien"))
		r.ok(r.scanCard(0, cards(t, "blue1")[0]))
		r.ok(r.confirm(0), engine.BuildStation)
		w := r.takeBack(0, before, "undo.take_back_station")
		if w.Args["City"] != "Wien" {
			t.Errorf("take back the station from %v", w.Args["City"])
		}
	})
	t.Run("face-up card", func(t *testing.T) {
		r := newGame(t, 2, "europe", hands)
		before := r.game()
		r.ok(r.touch(hal.MarketSlot, "", 1), engine.DrawFaceUp)
		w := r.takeBack(0, before, "undo.take_back_face_up")
		if w.Args["Slot"] != 2 {
			t.Errorf("put back in place %v, want 2", w.Args["Slot"])
		}
	})
	t.Run("tickets kept", func(t *testing.T) {
		r := newGame(t, 2, "europe", hands)
		r.ok(r.touch(hal.TicketDeck, "", 0))
		r.ok(r.scanTicket(0, topTicket(r.game())), engine.DrawTickets, engine.RevealTicket)
		for range 2 {
			r.ok(r.scanTicket(0, topTicket(r.game())), engine.RevealTicket)
		}
		drawn := r.game().DrawnTickets(0).IDs()
		r.ok(r.scanTicket(0, drawn[0]))
		before := r.game()
		r.ok(r.confirm(0), engine.KeepTickets)
		r.takeBack(0, before, "undo.take_back_keep")
		// Back to the choice, the ticket given back still marked.
		if k := r.tb.View().Keep; k == nil || k.GiveBack != 1 {
			t.Fatalf("after the undo: keep %+v, want the choice with 1 marked", k)
		}
		r.ok(r.confirm(0), engine.KeepTickets)
	})
	t.Run("tickets kept at set-up", func(t *testing.T) {
		r := newRig(t, 2, "usa")
		r.start(0)
		for r.game().Waiting().Need != engine.NeedKeep {
			w := r.game().Waiting()
			seat := int(r.tb.SeatOf(w.Player))
			if w.Need == engine.NeedTicket {
				r.ok(r.scanTicket(seat, r.game().LegalActions()[0].Ticket), engine.RevealTicket)
				continue
			}
			r.ok(r.scanCard(seat, r.deckCards(1, notLoco)[0]), engine.RevealCard)
		}
		before := r.game()
		r.ok(r.confirm(0), engine.KeepTickets)
		r.takeBack(0, before, "undo.choose_again")
	})
}

// TestUndoRefusedWithItsReason: what cannot be taken back is said, with
// the reason: a blind draw whose card was seen, another player's move;
// and Cancel on the question keeps the move.
func TestUndoRefusedWithItsReason(t *testing.T) {
	r := newGame(t, 2, "usa", nil)
	r.ok(r.touch(hal.DeckArea, "", 0))
	r.ok(r.scanCard(0, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
	r.refused(r.cancel(0), 0, "undo.seen")
	r.ok(r.touch(hal.MarketSlot, "", 0), engine.DrawFaceUp)
	// Player 0 took a face-up card: only they may take it back.
	r.refused(r.cancel(1), 1, "undo.not_yours")
	r.ok(r.cancel(0))
	r.prompt(0, "undo.ask")
	r.ok(r.cancel(0)) // no: the card stays taken
	if w := r.game().Waiting(); w.Need != engine.NeedCardToMarket {
		t.Fatalf("after Cancel on the question the table waits for %s, want the refill", w.Need)
	}
	if r.tb.View().Undo == nil || r.tb.View().Undo.Asked {
		t.Errorf("View.Undo %+v, want offered, not asked", r.tb.View().Undo)
	}
}

// TestAbandonKeepsTheGameInTheLog stops a game from a seat's panel after
// its confirmation: the log ends with the abandon, replays to the stopped
// game, and the table shows the start screen.
func TestAbandonKeepsTheGameInTheLog(t *testing.T) {
	r := newGame(t, 3, "europe", nil)
	r.ok(r.touch(hal.DeckArea, "", 0))
	r.ok(r.key(2, input.KeyAbandon))
	r.prompt(2, "abandon.ask")
	if a := r.tb.View().Abandon; a == nil || a.Seat != 2 {
		t.Fatalf("View.Abandon %+v, want asked at seat 2", a)
	}
	r.ok(r.cancel(2)) // no
	if r.tb.Mode() != input.ModePlay {
		t.Fatalf("mode %s after Cancel, want play", r.tb.Mode())
	}
	r.ok(r.key(2, input.KeyAbandon))
	game := r.game()
	res := r.confirm(2)
	r.ok(res, engine.Abandon)
	if r.tb.Mode() != input.ModeStart || r.tb.Game() != nil {
		t.Fatalf("mode %s after the abandon, want the start screen", r.tb.Mode())
	}
	if n := r.tb.View().Seats[0].Notice; n.Text.Key != "abandon.done" {
		t.Errorf("seat 0 told %q, want abandon.done", n.Text.Key)
	}
	text, _ := (&engine.Log{Map: game.Map(), Players: 3, Actions: r.log}).MarshalText()
	var back engine.State
	if err := back.UnmarshalText(text); err != nil {
		t.Fatal(err)
	}
	if !back.Abandoned() || len(back.History()) != len(game.History())+1 {
		t.Fatalf("the log does not replay to the stopped game")
	}
}

// topTicket returns a ticket of the regular deck, above those given back.
func topTicket(s *engine.State) engine.TicketID {
	for i := range s.Map().Tickets {
		if loc, _ := s.WhereTicket(engine.TicketID(i)); loc == engine.TicketInDeck {
			return engine.TicketID(i)
		}
	}
	panic("no ticket in the deck")
}

// TestUndoTunnelBeforeItsCards: a tunnel claimed can be taken back until
// its first card is revealed, the tunnel then gone from the View; once a
// card is revealed the seat is told the tunnel's cards were seen.
func TestUndoTunnelBeforeItsCards(t *testing.T) {
	r := tunnelGame(t)
	before := r.game()
	claimTunnel(t, r)
	r.takeBack(0, before, "undo.take_back_claim")
	if v := r.tb.View(); v.Tunnel != nil || v.SelectedRoute != -1 {
		t.Fatalf("after the undo: tunnel %+v selected %d, want none", v.Tunnel, v.SelectedRoute)
	}
	claimTunnel(t, r)
	r.ok(r.scanCard(0, cards(t, "red9")[0]), engine.RevealCard)
	r.refused(r.cancel(1), 1, "undo.tunnel")
}

// TestLongCancelAsksToStopTheGame: Cancel held at a seat's buttons asks the
// same question as the Stop game key, so the buttons alone can stop a game;
// Cancel says no, Confirm stops it.
func TestLongCancelAsksToStopTheGame(t *testing.T) {
	r := newGame(t, 3, "europe", nil)
	long := func(seat int) input.Result {
		t.Helper()
		return r.do(hal.Press{Seat: hal.Seat(seat), Button: hal.Cancel, Long: true, At: r.at()})
	}
	r.ok(long(1))
	r.prompt(1, "abandon.ask")
	r.ok(r.cancel(1)) // no
	if r.tb.Mode() != input.ModePlay || r.tb.View().Abandon != nil {
		t.Fatalf("mode %s, abandon %+v after Cancel, want play with no question", r.tb.Mode(), r.tb.View().Abandon)
	}
	r.ok(long(1))
	r.ok(r.confirm(1), engine.Abandon)
	if r.tb.Mode() != input.ModeStart {
		t.Fatalf("mode %s after Confirm, want the start screen", r.tb.Mode())
	}
}

// TestBothButtonsHeldDoNotStopTheGame: a seat's Confirm and Cancel held
// together (the owner's menu's gesture, tried during a game) give a long
// Cancel, which asks to stop the game, and a long Confirm, which must not
// answer it: the game goes on, in either order, held twice.
func TestBothButtonsHeldDoNotStopTheGame(t *testing.T) {
	for _, first := range []hal.Button{hal.Cancel, hal.Confirm} {
		r := newGame(t, 3, "europe", nil)
		second := hal.Confirm
		if first == hal.Confirm {
			second = hal.Cancel
		}
		for range 2 {
			r.do(hal.Press{Seat: 1, Button: first, Long: true, At: r.at()})
			r.do(hal.Press{Seat: 1, Button: second, Long: true, At: r.at()})
		}
		if r.tb.Mode() != input.ModePlay || r.game().Abandoned() {
			t.Fatalf("%s held first: mode %s, want the game going on", first, r.tb.Mode())
		}
	}
}
