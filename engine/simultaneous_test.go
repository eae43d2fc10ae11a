package engine

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"ttr/maps"
)

// namedOutcome returns a random action doing work w, naming whose work it
// is, as a seat of the table sends it: a card off the deck, a ticket off
// the pile the player draws from, or a choice keeping enough tickets.
func namedOutcome(t testing.TB, s *State, w Wait, r *rand.Rand) Action {
	t.Helper()
	switch w.Need {
	case NeedCardToHand:
		return NewDealCard(w.Player, s.Deck().nth(r.IntN(s.Deck().Len())))
	case NeedCardToMarket:
		return NewLayCard(s.Deck().nth(r.IntN(s.Deck().Len())))
	case NeedTicket:
		var from []TicketID
		for i := range s.Map().Tickets {
			loc, _ := s.WhereTicket(TicketID(i))
			if (w.Long && loc == TicketLongPile) || (!w.Long && loc == TicketInDeck) {
				from = append(from, TicketID(i))
			}
		}
		return NewDealTicket(w.Player, from[r.IntN(len(from))])
	case NeedKeep:
		drawn := s.DrawnTickets(w.Player).IDs()
		var give []TicketID
		for _, tk := range drawn {
			if len(drawn)-len(give) > w.Count && r.IntN(2) == 0 {
				give = append(give, tk)
			}
		}
		return NewKeepTicketsFor(w.Player, give...)
	}
	t.Fatalf("set-up waits for %s", w.Need)
	return Action{}
}

// setupInterleaved plays a set-up with every seat working at once: each
// action does one piece of pending work chosen at random.
func setupInterleaved(t testing.TB, m *maps.Map, players, first int, seed uint64) *State {
	t.Helper()
	s, err := NewGame(m, Opts{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	s = mustApplyQuiet(t, s, NewChooseFirst(first))
	r := rand.New(rand.NewPCG(seed, 11))
	for s.Waiting().Need != NeedTurn {
		pending := s.Pending()
		w := pending[r.IntN(len(pending))]
		s = mustApplyQuiet(t, s, namedOutcome(t, s, w, r))
	}
	return s
}

func mustApplyQuiet(t testing.TB, s *State, a Action) *State {
	t.Helper()
	n, _, err := s.Apply(a)
	if err != nil {
		t.Fatalf("%s: %v", FormatAction(s.Map(), a), err)
	}
	return n
}

// TestSetupAtEverySeatAtOnce plays whole 4-player Europe (and USA)
// set-ups with the seats' work interleaved at random, from several seeds:
// every player ends with four cards and their kept tickets, the market
// with five cards, the first player's turn starts, and the log, which
// names whose work each action was, replays to the same state byte for
// byte.
func TestSetupAtEverySeatAtOnce(t *testing.T) {
	for _, m := range []*maps.Map{maps.Europe(), maps.USA()} {
		for seed := range uint64(20) {
			s := setupInterleaved(t, m, 4, int(seed%4), seed)
			for p := range 4 {
				if got := s.Hand(p).Len(); got != HandSize {
					t.Fatalf("%s seed %d: player %d holds %d cards", m.ID, seed, p, got)
				}
				if got := s.KeptTickets(p).Len(); got < m.Rules.SetupKeep {
					t.Fatalf("%s seed %d: player %d kept %d tickets", m.ID, seed, p, got)
				}
			}
			for i, c := range s.Market() {
				if c == NoCard {
					t.Fatalf("%s seed %d: market slot %d empty", m.ID, seed, i)
				}
			}
			if w := s.Waiting(); w.Need != NeedTurn || w.Player != int(seed%4) {
				t.Fatalf("%s seed %d: waits for %s of player %d, want the first player's turn", m.ID, seed, w.Need, w.Player)
			}
			if err := s.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
			text, err := s.MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(text, []byte(" @")) {
				t.Fatalf("%s seed %d: the log names no seat's work:\n%s", m.ID, seed, text)
			}
			var back State
			if err := back.UnmarshalText(text); err != nil {
				t.Fatalf("%s seed %d: replay: %v\n%s", m.ID, seed, err, text)
			}
			again, _ := back.MarshalText()
			if !bytes.Equal(again, text) || back.c != s.c {
				t.Fatalf("%s seed %d: the replayed set-up differs", m.ID, seed)
			}
		}
	}
}

// TestSetupSeatsDoNotWaitForEachOther checks that during the set-up every
// player's cards and tickets are pending from the first player's choice on,
// and that the work of one seat never waits for another's: the last
// player's tickets may be drawn and kept before anyone is dealt a card.
func TestSetupSeatsDoNotWaitForEachOther(t *testing.T) {
	s, err := NewGame(maps.Europe(), Opts{Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	s = mustApplyQuiet(t, s, NewChooseFirst(1))
	counts := map[Need]int{}
	for _, w := range s.Pending() {
		counts[w.Need]++
	}
	if counts[NeedCardToHand] != 4 || counts[NeedTicket] != 4 || counts[NeedCardToMarket] != 1 {
		t.Fatalf("pending after the first player: %v, want 4 hands, 4 players' tickets and the market", counts)
	}
	// Player 0 comes last in turn order (first is 1): they draw their long
	// and three regular tickets and keep two, all before any card.
	long := s.c.tLong.nth(0)
	s = mustApplyQuiet(t, s, NewDealTicket(0, long))
	for range 3 {
		s = mustApplyQuiet(t, s, NewDealTicket(0, s.c.tTop.nth(0)))
	}
	drawn := s.DrawnTickets(0).IDs()
	s = mustApplyQuiet(t, s, NewKeepTicketsFor(0, drawn[0], drawn[1]))
	if got := s.KeptTickets(0).Len(); got != 2 {
		t.Fatalf("player 0 kept %d tickets, want 2", got)
	}
	// A second choice, or a ticket more, is refused: their work is done.
	wantCode(t, s, NewKeepTicketsFor(0), ErrWrongAction)
	wantCode(t, s, NewDealTicket(0, s.c.tTop.nth(0)), ErrWrongAction)
	// A fifth card to a hand is refused; the market takes cards at once.
	for _, c := range s.Deck().IDs()[:4] {
		s = mustApplyQuiet(t, s, NewDealCard(3, c))
	}
	wantCode(t, s, NewDealCard(3, s.Deck().nth(0)), ErrWrongAction)
	s = mustApplyQuiet(t, s, NewLayCard(s.Deck().nth(0)))
	if s.Market()[0] == NoCard {
		t.Fatal("a card laid face up is not in slot 0")
	}
	wantCode(t, s, NewDealCard(7, s.Deck().nth(0)), ErrNoSuchPlayer)
	// The first turn waits for everyone.
	if s.Waiting().Need == NeedTurn {
		t.Fatal("the first turn started before the set-up ended")
	}
}

// TestSetupNamedActionsOnlyAtSetup: after the set-up, an action naming a
// seat's set-up work is refused.
func TestSetupNamedActionsOnlyAtSetup(t *testing.T) {
	s := setupInterleaved(t, maps.USA(), 2, 0, 3)
	wantCode(t, s, NewDealCard(0, s.Deck().nth(0)), ErrWrongAction)
	wantCode(t, s, NewKeepTicketsFor(0), ErrWrongAction)
}
