package engine

import (
	"testing"

	"ttr/maps"
)

// drawTickets draws tickets for the current player, supplying the given
// tickets (or the dealer's) and returns the state awaiting the keep.
func drawTickets(t *testing.T, s *State, d *Dealer, supply ...TicketID) *State {
	t.Helper()
	s, _ = mustApply(t, s, NewDrawTickets())
	for i := 0; s.Waiting().Need == NeedTicket; i++ {
		a := d.Outcome(s)
		if i < len(supply) {
			a = NewRevealTicket(supply[i])
		}
		s, _ = mustApply(t, s, a)
	}
	if s.Waiting().Need != NeedKeep {
		t.Fatalf("waiting %v, want keep", s.Waiting().Need)
	}
	return s
}

// boxTickets leaves only n tickets in the regular deck (above the bottom).
func (s *State) boxTickets(n int) {
	for s.c.tTop.Len() > n {
		t := s.c.tTop.nth(0)
		s.c.tTop &^= 1 << t
		s.c.tBox |= 1 << t
	}
}

func TestDrawTicketsThreeOrFewer(t *testing.T) {
	m := maps.USA()
	d := NewDealer(9)
	s := started(t, m, 2, 1)
	s, _ = mustApply(t, s, NewDrawTickets())
	if w := s.Waiting(); w.Need != NeedTicket || w.Count != 3 || w.Player != 0 {
		t.Fatalf("waiting %+v, want 3 tickets for player 0", w)
	}
	s = dealAll(t, s, d)
	if got := s.DrawnTickets(0).Len(); got != 3 {
		t.Fatalf("%d tickets drawn, want 3", got)
	}
	s, _ = mustApply(t, s, NewKeepTickets())
	s = drawTurn(t, s, d)
	s.boxTickets(2)
	s, _ = mustApply(t, s, NewDrawTickets())
	if w := s.Waiting(); w.Count != 2 {
		t.Fatalf("waiting %+v, want 2 tickets (all that are left)", w)
	}
	s = dealAll(t, s, d)
	s, _ = mustApply(t, s, NewKeepTickets())
	s = drawTurn(t, s, d)
	wantCode(t, s, NewDrawTickets(), ErrNoTickets)
	if legalHas(s, func(a Action) bool { return a.Kind == DrawTickets }) {
		t.Errorf("ticket draw offered with no tickets left")
	}
}

func TestDrawTicketsKeepAtLeastOne(t *testing.T) {
	s := drawTickets(t, started(t, maps.Europe(), 2, 1), NewDealer(2))
	drawn := s.DrawnTickets(0).IDs()
	if w := s.Waiting(); w.Count != 1 {
		t.Errorf("keep at least %d, want 1", w.Count)
	}
	re := wantCode(t, s, NewKeepTickets(drawn...), ErrKeepTooFew)
	if re.Params.Need != 1 || re.Params.Got != 0 {
		t.Errorf("params %+v, want need 1 got 0", re.Params)
	}
	if got := len(s.LegalActions()); got != 7 {
		t.Errorf("%d keep choices, want 7", got)
	}
	s, _ = mustApply(t, s, NewKeepTickets(drawn[0], drawn[1]))
	if got := s.KeptTickets(0); !got.Has(drawn[2]) {
		t.Errorf("kept %v, want %d among them", got.IDs(), drawn[2])
	}
	if w := s.Waiting(); w.Need != NeedTurn || w.Player != 1 {
		t.Errorf("waiting %+v, want player 1's turn", w)
	}
}

func TestReturnedTicketsGoToBottom(t *testing.T) {
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		d := NewDealer(4)
		s := started(t, m, 2, 1)
		s = drawTickets(t, s, d)
		a := s.DrawnTickets(0).IDs()
		s, _ = mustApply(t, s, NewKeepTickets(a[1], a[2]))
		for _, tk := range a[1:] {
			if loc, _ := s.WhereTicket(tk); loc != TicketAtBottom {
				t.Errorf("%s: returned ticket %d is %v, want at the bottom", m.ID, tk, loc)
			}
		}
		// Player 1 gives back one more, under the first two.
		s = drawTickets(t, s, d)
		b := s.DrawnTickets(1).IDs()
		s, _ = mustApply(t, s, NewKeepTickets(b[0]))
		// Only one ticket is left above the returned ones.
		s.boxTickets(1)
		s, _ = mustApply(t, s, NewDrawTickets())
		wantCode(t, s, NewRevealTicket(a[1]), ErrTicketNotNext)
		wantCode(t, s, NewRevealTicket(b[0]), ErrTicketNotNext)
		top := s.c.tTop.nth(0)
		s, _ = mustApply(t, s, NewRevealTicket(top))
		// Now the first group, in either order, then the second.
		if got := s.LegalActions(); len(got) != 2 || got[0] != NewRevealTicket(a[1]) || got[1] != NewRevealTicket(a[2]) {
			t.Fatalf("%s: next tickets %v, want %d or %d", m.ID, got, a[1], a[2])
		}
		wantCode(t, s, NewRevealTicket(b[0]), ErrTicketNotNext)
		s, _ = mustApply(t, s, NewRevealTicket(a[2]))
		s, _ = mustApply(t, s, NewRevealTicket(a[1]))
		if got := s.DrawnTickets(0); got != NewTicketSet(top, a[1], a[2]) {
			t.Errorf("%s: drawn %v", m.ID, got.IDs())
		}
	}
}

func TestKeptTicketsKeptForever(t *testing.T) {
	m := maps.USA()
	d := NewDealer(5)
	s := started(t, m, 2, 1)
	kept := s.KeptTickets(0)
	s = drawTickets(t, s, d)
	wantCode(t, s, NewKeepTickets(kept.nth(0)), ErrTicketNotDrawn)
	for _, a := range s.LegalActions() {
		if a.Tickets&kept != 0 {
			t.Errorf("offered to give back a kept ticket: %v", a)
		}
	}
	s, _ = mustApply(t, s, NewKeepTickets())
	if got := s.KeptTickets(0); got&kept != kept {
		t.Errorf("kept %v lost some of %v", got.IDs(), kept.IDs())
	}
	if got := len(s.ScorePlayers()[0].Tickets); got != s.KeptTickets(0).Len() {
		t.Errorf("%d tickets scored, want all %d kept", got, s.KeptTickets(0).Len())
	}
}
