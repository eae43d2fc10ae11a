package engine

import (
	"errors"
	"testing"

	"ttr/maps"
)

// card returns the i-th card (from 0) of colour col.
func card(col CardColor, i int) CardID {
	if col == Locomotive {
		return CardID(firstLocomotiveID + i)
	}
	return CardID(int(col-1)*CardsPerColor + i)
}

func rid(t testing.TB, m *maps.Map, id string) int {
	t.Helper()
	r, ok := m.Route(id)
	if !ok {
		t.Fatalf("no route %q", id)
	}
	return r
}

func cid(t testing.TB, m *maps.Map, id string) int {
	t.Helper()
	c, ok := m.City(id)
	if !ok {
		t.Fatalf("no city %q", id)
	}
	return c
}

// mustApply applies a and checks the invariants.
func mustApply(t testing.TB, s *State, a Action) (*State, []Event) {
	t.Helper()
	n, evs, err := s.Apply(a)
	if err != nil {
		t.Fatalf("apply %s (waiting for %v): %v", FormatAction(s.m, a), s.Waiting().Need, err)
	}
	if err := n.CheckInvariants(); err != nil {
		t.Fatalf("after %s: %v", FormatAction(s.m, a), err)
	}
	return n, evs
}

// wantCode checks that applying a fails with code.
func wantCode(t testing.TB, s *State, a Action, code Code) *RuleError {
	t.Helper()
	_, _, err := s.Apply(a)
	var re *RuleError
	if !errors.As(err, &re) {
		t.Fatalf("apply %s: got error %v, want code %v", FormatAction(s.m, a), err, code)
	}
	if re.Code != code {
		t.Fatalf("apply %s: got code %v (%v), want %v", FormatAction(s.m, a), re.Code, re, code)
	}
	return re
}

// dealAll supplies chance outcomes from d until a decision is awaited.
func dealAll(t testing.TB, s *State, d *Dealer) *State {
	t.Helper()
	for s.IsChance() {
		s, _ = mustApply(t, s, d.Outcome(s))
	}
	return s
}

// started returns a game past set-up: player 0 first, every player keeping
// all their tickets, chance from a dealer seeded with seed.
func started(t testing.TB, m *maps.Map, players int, seed uint64) *State {
	t.Helper()
	s, err := NewGame(m, Opts{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	d := NewDealer(seed)
	s, _ = mustApply(t, s, NewChooseFirst(0))
	for s.Waiting().Need != NeedTurn {
		s = dealAll(t, s, d)
		if s.Waiting().Need == NeedKeep {
			s, _ = mustApply(t, s, NewKeepTickets())
		}
	}
	return s
}

// take removes card c from wherever it is.
func (s *State) take(c CardID) {
	s.c.deck.Remove(c)
	s.c.discard.Remove(c)
	s.c.played.Remove(c)
	s.c.revealed.Remove(c)
	for p := range s.c.hand {
		s.c.hand[p].Remove(c)
	}
	for i, m := range s.c.market {
		if m == c {
			s.c.market[i] = NoCard
		}
	}
}

// rigHand makes player p's hand exactly cards; the old hand goes to the deck.
func (s *State) rigHand(p int, cards ...CardID) {
	s.c.deck = s.c.deck.Union(s.c.hand[p])
	s.c.hand[p] = CardSet{}
	for _, c := range cards {
		s.take(c)
		s.c.hand[p].Add(c)
	}
}

// rigMarket lays cards face up (NoCard for an empty slot); the old market
// goes to the deck.
func (s *State) rigMarket(cards ...CardID) {
	for i, m := range s.c.market {
		if m != NoCard {
			s.c.deck.Add(m)
			s.c.market[i] = NoCard
		}
	}
	for i, c := range cards {
		if c != NoCard {
			s.take(c)
		}
		s.c.market[i] = c
	}
}

// rigDeck makes the deck exactly cards and the discard pile exactly
// discards. The cards that were in either and are in neither now go to the
// hand of the last seat, which such tests leave alone, so that the 110
// cards stay partitioned.
func (s *State) rigDeck(cards []CardID, discards []CardID) {
	rest := s.c.deck.Union(s.c.discard)
	s.c.deck, s.c.discard = CardSet{}, CardSet{}
	for _, c := range cards {
		s.take(c)
		rest.Remove(c)
		s.c.deck.Add(c)
	}
	for _, c := range discards {
		s.take(c)
		rest.Remove(c)
		s.c.discard.Add(c)
	}
	last := int(s.c.players) - 1
	s.c.hand[last] = s.c.hand[last].Union(rest)
}

// rigTrains gives player p free routes (not in avoid, no double halves)
// until they have left trains, keeping score and invariants right.
func (s *State) rigTrains(t testing.TB, p, left int, avoid ...int) {
	t.Helper()
	skip := map[int]bool{}
	for _, r := range avoid {
		skip[r] = true
		if tw := s.m.Routes[r].Twin; tw >= 0 {
			skip[tw] = true
		}
	}
	for l := 8; l >= 1; l-- {
		for r := range s.m.Routes {
			rt := &s.m.Routes[r]
			if skip[r] || rt.Length != l || rt.Twin >= 0 || s.c.owner[r] != 0 || int(s.c.trains[p])-l < left {
				continue
			}
			s.setOwner(r, p)
		}
	}
	if int(s.c.trains[p]) != left {
		t.Fatalf("rigTrains: %d trains left, want %d", s.c.trains[p], left)
	}
}

// rigOwn gives route r to player p as if claimed.
func (s *State) rigOwn(p, r int) {
	s.setOwner(r, p)
}

// drawTurn plays the current player's turn as two blind draws (or what
// else the first legal action is), chance from d, and returns the state
// awaiting the next decision.
func drawTurn(t testing.TB, s *State, d *Dealer) *State {
	t.Helper()
	p := s.Waiting().Player
	for i := 0; s.Waiting().Need != NeedNothing && (s.IsChance() || s.Waiting().Player == p) && i < 20; i++ {
		if s.IsChance() {
			s, _ = mustApply(t, s, d.Outcome(s))
			continue
		}
		a := s.LegalActions()[0]
		for _, b := range s.LegalActions() {
			if b.Kind == DrawBlind {
				a = b
			}
		}
		s, _ = mustApply(t, s, a)
	}
	return s
}

func hasKind(evs []Event, k EventKind) bool {
	for _, e := range evs {
		if e.Kind == k {
			return true
		}
	}
	return false
}

func legalHas(s *State, pred func(Action) bool) bool {
	for _, a := range s.LegalActions() {
		if pred(a) {
			return true
		}
	}
	return false
}

// clearHands puts every hand back in the deck and lays a market of the
// last purple and orange cards, so that tests name cards freely.
func (s *State) clearHands() {
	for p := range int(s.c.players) {
		s.rigHand(p)
	}
	s.rigMarket(card(Purple, 11), card(Purple, 10), card(Orange, 11), card(Orange, 10), card(Purple, 9))
}
