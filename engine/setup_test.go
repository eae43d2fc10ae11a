package engine

import (
	"testing"

	"ttr/maps"
)

func TestSetupHandsOfFourMarketOfFiveTrainsAndStations(t *testing.T) {
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		for n := MinPlayers; n <= MaxPlayers; n++ {
			s := started(t, m, n, uint64(n))
			for p := range n {
				if got := s.Hand(p).Len(); got != HandSize {
					t.Errorf("%s %dp: player %d holds %d cards, want %d", m.ID, n, p, got, HandSize)
				}
				if got := s.TrainsLeft(p); got != 45 {
					t.Errorf("%s %dp: player %d has %d trains, want 45", m.ID, n, p, got)
				}
				if got, want := s.StationsLeft(p), m.Rules.Stations; got != want {
					t.Errorf("%s %dp: player %d has %d stations, want %d", m.ID, n, p, got, want)
				}
			}
			for i, c := range s.Market() {
				if c == NoCard {
					t.Errorf("%s %dp: market slot %d empty", m.ID, n, i)
				}
			}
			if got, want := s.Deck().Len()+s.Discards().Len(), NumCards-4*n-5; got != want {
				t.Errorf("%s %dp: %d cards in deck and discards, want %d", m.ID, n, got, want)
			}
		}
	}
}

func TestSetupDeckHasTwelveOfEachColourAndFourteenLocomotives(t *testing.T) {
	for col := Locomotive; col <= Red; col++ {
		want := CardsPerColor
		if col == Locomotive {
			want = NumLocomotives
		}
		if got := len(CardsOf(col)); got != want {
			t.Errorf("%v: %d cards, want %d", col, got, want)
		}
		if col != Locomotive && col.MapColor().String() != col.String() {
			t.Errorf("card colour %v matches map colour %v", col, col.MapColor())
		}
	}
	for id := CardID(0); id < NumCards; id++ {
		back, ok := ParseCardID(id.String())
		if !ok || back != id {
			t.Errorf("ParseCardID(%q) = %v, %v; want %v", id.String(), back, ok, id)
		}
	}
}

func TestSetupFirstPlayerChosenByTable(t *testing.T) {
	s, err := NewGame(maps.Europe(), Opts{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.CurrentPlayer(); got != Table {
		t.Fatalf("CurrentPlayer = %d, want Table", got)
	}
	if got, want := s.LegalActions(), []Action{NewChooseFirst(0), NewChooseFirst(1), NewChooseFirst(2)}; len(got) != 3 || got[0] != want[0] || got[2] != want[2] {
		t.Fatalf("LegalActions = %v, want %v", got, want)
	}
	wantCode(t, s, NewChooseFirst(3), ErrNoSuchPlayer)
	wantCode(t, s, NewDrawBlind(), ErrWrongAction)
	s, evs := mustApply(t, s, NewChooseFirst(2))
	if !hasKind(evs, EvFirstPlayer) {
		t.Errorf("no first-player event in %v", evs)
	}
	// Cards are dealt from the first player on, four each, then the market
	// is laid at the first player's reader.
	d := NewDealer(7)
	var order []int
	for s.Waiting().Need == NeedCardToHand {
		order = append(order, s.Waiting().Player)
		s, _ = mustApply(t, s, d.Outcome(s))
	}
	want := []int{2, 2, 2, 2, 0, 0, 0, 0, 1, 1, 1, 1}
	if len(order) != len(want) {
		t.Fatalf("dealt to %v, want %v", order, want)
	}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("dealt to %v, want %v", order, want)
		}
	}
	for slot := range MarketSize {
		w := s.Waiting()
		if w.Need != NeedCardToMarket || w.Slot != slot || w.Player != 2 {
			t.Fatalf("waiting %+v, want card to market slot %d at player 2", w, slot)
		}
		s, _ = mustApply(t, s, d.Outcome(s))
	}
	for s.Waiting().Need != NeedTurn {
		s = dealAll(t, s, d)
		if s.Waiting().Need == NeedKeep {
			s, _ = mustApply(t, s, NewKeepTickets())
		}
	}
	if got := s.Waiting().Player; got != 2 {
		t.Errorf("first turn is player %d's, want 2", got)
	}
}

// toKeep plays set-up until player p must keep tickets.
func toKeep(t *testing.T, s *State, d *Dealer, p int) *State {
	t.Helper()
	for {
		s = dealAll(t, s, d)
		w := s.Waiting()
		if w.Need == NeedKeep && w.Player == p {
			return s
		}
		if w.Need != NeedKeep {
			t.Fatalf("waiting for %v before player %d kept tickets", w.Need, p)
		}
		s, _ = mustApply(t, s, NewKeepTickets())
	}
}

func TestSetupUSAThreeTicketsKeepTwoReturnedToBottom(t *testing.T) {
	m := maps.USA()
	s, _ := NewGame(m, Opts{Players: 2})
	s, _ = mustApply(t, s, NewChooseFirst(0))
	d := NewDealer(3)
	for s.Waiting().Need != NeedTicket {
		s, _ = mustApply(t, s, d.Outcome(s))
	}
	if w := s.Waiting(); w.Count != 3 || w.Long || w.Player != 0 {
		t.Fatalf("waiting %+v, want 3 regular tickets for player 0", w)
	}
	s = toKeep(t, s, d, 0)
	drawn := s.DrawnTickets(0).IDs()
	if len(drawn) != 3 || s.Waiting().Count != 2 {
		t.Fatalf("drawn %v, keep at least %d; want 3 drawn, keep 2", drawn, s.Waiting().Count)
	}
	re := wantCode(t, s, NewKeepTickets(drawn[0], drawn[1]), ErrKeepTooFew)
	if re.Params.Need != 2 || re.Params.Got != 1 {
		t.Errorf("params need %d got %d, want 2 and 1", re.Params.Need, re.Params.Got)
	}
	if got := len(s.LegalActions()); got != 4 { // keep all, or give back one of three
		t.Errorf("%d keep choices, want 4", got)
	}
	s, _ = mustApply(t, s, NewKeepTickets(drawn[2]))
	if loc, _ := s.WhereTicket(drawn[2]); loc != TicketAtBottom {
		t.Errorf("returned ticket is in %v, want at the bottom", loc)
	}
	if got := s.KeptTickets(0); got != NewTicketSet(drawn[0], drawn[1]) {
		t.Errorf("kept %v, want %v", got.IDs(), drawn[:2])
	}
	// The next player draws from above the returned ticket.
	wantCode(t, s, NewRevealTicket(drawn[2]), ErrTicketNotNext)
	wantCode(t, s, NewRevealTicket(drawn[0]), ErrTicketHeld)
}

func TestSetupEuropeLongAndThreeTicketsKeepTwoRestLeaveGame(t *testing.T) {
	m := maps.Europe()
	s, _ := NewGame(m, Opts{Players: 3})
	s, _ = mustApply(t, s, NewChooseFirst(0))
	d := NewDealer(5)
	for s.Waiting().Need != NeedTicket {
		s, _ = mustApply(t, s, d.Outcome(s))
	}
	if w := s.Waiting(); w.Count != 4 || !w.Long {
		t.Fatalf("waiting %+v, want 4 tickets, the long one first", w)
	}
	var regular, long []TicketID
	for _, tk := range m.Tickets {
		if tk.Long {
			long = append(long, TicketID(tk.Index))
		} else {
			regular = append(regular, TicketID(tk.Index))
		}
	}
	wantCode(t, s, NewRevealTicket(regular[0]), ErrTicketWrongPile)
	if got := len(s.LegalActions()); got != 6 {
		t.Errorf("%d long tickets offered, want 6", got)
	}
	s, _ = mustApply(t, s, NewRevealTicket(long[0]))
	if w := s.Waiting(); w.Long || w.Count != 3 {
		t.Fatalf("waiting %+v, want 3 regular tickets", w)
	}
	wantCode(t, s, NewRevealTicket(long[1]), ErrTicketWrongPile)
	s = toKeep(t, s, d, 0)
	drawn := s.DrawnTickets(0).IDs()
	if len(drawn) != 4 || s.Waiting().Count != 2 {
		t.Fatalf("drawn %v, keep %d; want 4 drawn, keep at least 2", drawn, s.Waiting().Count)
	}
	wantCode(t, s, NewKeepTickets(drawn[0], drawn[1], drawn[2]), ErrKeepTooFew)
	s, _ = mustApply(t, s, NewKeepTickets(drawn[0], drawn[1]))
	for _, tk := range drawn[:2] {
		if loc, _ := s.WhereTicket(tk); loc != TicketInBox {
			t.Errorf("returned ticket %d is in %v, want out of the game", tk, loc)
		}
	}
	s = toKeep(t, s, d, 1)
	s, _ = mustApply(t, s, NewKeepTickets())
	s = toKeep(t, s, d, 2)
	s, evs := mustApply(t, s, NewKeepTickets())
	if !hasKind(evs, EvTicketsBoxed) {
		t.Errorf("no event for the unused long tickets: %v", evs)
	}
	boxed := 0
	for _, tk := range long {
		if loc, _ := s.WhereTicket(tk); loc == TicketInBox {
			boxed++
		}
	}
	want := 3 // unused
	for _, tk := range drawn[:2] {
		if m.Tickets[tk].Long {
			want++ // given back by player 0
		}
	}
	if boxed != want {
		t.Errorf("%d long tickets out of the game, want %d", boxed, want)
	}
	if w := s.Waiting(); w.Need != NeedTurn || w.Player != 0 {
		t.Errorf("waiting %+v, want player 0's turn", w)
	}
}
