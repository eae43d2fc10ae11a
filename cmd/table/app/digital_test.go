package app

import (
	"slices"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
)

// TestDigitalPlayDrawsTheDealersCards checks that a person's draw made with
// Play (the simulator's D key) takes the card the dealer deals at that
// point of the game, and that Outcome is the outcome Next would deal: a
// person's draws and the bots' come off the same seeded deck.
func TestDigitalPlayDrawsTheDealersCards(t *testing.T) {
	r := newRig(t, 2, "usa", 9)
	r.d.Bots = []hal.Seat{1} // seat 0 is a person
	r.d.Start = false
	for _, ev := range []hal.Event{
		hal.Touch{Kind: hal.ScreenKey, ID: input.KeyFirst, Seat: 0, At: r.at()},
		hal.Touch{Kind: hal.ScreenKey, ID: input.KeyStart, Seat: 0, At: r.at()},
	} {
		if _, err := r.a.Handle(ev); err != nil {
			t.Fatal(err)
		}
	}
	// Outcome is what Next deals.
	s := r.a.Table().Game()
	o := r.d.Outcome(r.a)
	if !s.IsChance() || o.Kind != engine.RevealCard {
		t.Fatalf("a new game waits for %s; Outcome %v", s.Waiting().Need, o)
	}
	evs, err := r.d.Next(r.a, r.at())
	if err != nil || len(evs) != 1 {
		t.Fatalf("Next: %v, %v", evs, err)
	}
	if sc, ok := evs[0].(hal.Scan); !ok || sc.UID != r.d.UID(input.CardTag(o.Card)) {
		t.Fatalf("Next deals %+v, Outcome says %s", evs[0], o.Card)
	}
	// Deal and keep tickets until the person's first decision.
	for r.step(nil) {
	}
	s = r.a.Table().Game()
	if s.Waiting().Need == engine.NeedKeep {
		evs, err := r.d.Play(r.a, engine.NewKeepTickets(), r.at())
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range evs {
			r.a.Handle(ev)
		}
		for r.step(nil) {
		}
	}
	s = r.a.Table().Game()
	if w := s.Waiting(); w.Need != engine.NeedTurn || r.a.Table().SeatOf(w.Player) != 0 {
		t.Fatalf("the table waits for %s at seat %d, want seat 0's turn", w.Need, r.a.Table().SeatOf(w.Player))
	}
	if o := r.d.Outcome(r.a); o.Kind != 0 {
		t.Errorf("Outcome on a person's turn: %v, want none", o)
	}
	// The card a blind draw takes is the dealer's for the state after the
	// draw, every time Play is asked.
	after, _, err := s.Apply(engine.NewDrawBlind())
	if err != nil {
		t.Fatal(err)
	}
	want := engine.NewDealer(mix(r.a.Seed(), uint64(len(after.History())), purposeDeal)).Outcome(after)
	at := r.at()
	first, err := r.d.Play(r.a, engine.NewDrawBlind(), at)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := r.d.Play(r.a, engine.NewDrawBlind(), at)
	if !slices.Equal(first, again) {
		t.Errorf("Play gave %v, then %v", first, again)
	}
	before := len(s.History())
	for _, ev := range first {
		if _, err := r.a.Handle(ev); err != nil {
			t.Fatal(err)
		}
	}
	got := r.a.Table().Game().History()[before:]
	if len(got) != 2 || got[0].Kind != engine.DrawBlind || got[1] != want {
		t.Errorf("a blind draw with Play applied %v, want blind then %v", got, want)
	}
}
