package engine

import (
	"testing"

	"ttr/maps"
)

// TestWhenTheDeckRunsOutTheDiscardsAreShuffledIntoANewDeck: the moment the
// last card of the deck is drawn, the discards of that moment become the
// new deck; cards discarded later (a claim's cards) stay on the discard
// pile and cannot be drawn until that new deck runs out in turn.
func TestWhenTheDeckRunsOutTheDiscardsAreShuffledIntoANewDeck(t *testing.T) {
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		t.Run(m.ID, func(t *testing.T) {
			// Three players: rigDeck leaves the cards it moves to the
			// last seat, and players 0 and 1 play.
			s := started(t, m, 3, 11)
			r := plainRoute(t, m)
			pay := CardsOf(CardColor(r.Color))[CardsPerColor-r.Length:]
			s.rigHand(1, pay...)
			s.rigMarket(card(Purple, 0), card(Purple, 1), card(Purple, 2), card(Purple, 3), card(Purple, 4))
			last := card(Orange, 0)
			discards := []CardID{card(White, 0), card(White, 1), card(White, 2)}
			s.rigDeck([]CardID{last}, discards)

			s, _ = mustApply(t, s, NewDrawBlind())
			s, evs := mustApply(t, s, NewRevealCard(last))
			var re *Event
			for i := range evs {
				if evs[i].Kind == EvReshuffle {
					re = &evs[i]
				}
			}
			if re == nil || re.Count != len(discards) {
				t.Fatalf("drawing the deck's last card: events %v, want a reshuffle of %d cards", evs, len(discards))
			}
			if s.Deck() != NewCardSet(discards...) || !s.Discards().Empty() {
				t.Fatalf("deck %v, discards %v: want the deck %v and no discards", s.Deck(), s.Discards(), discards)
			}

			// Player 0 takes a face-up card as their second; the slot is
			// refilled from the new deck.
			s, _ = mustApply(t, s, NewDrawFaceUp(0))
			s, _ = mustApply(t, s, NewRevealCard(discards[0]))
			if w := s.Waiting(); w.Need != NeedTurn || w.Player != 1 {
				t.Fatalf("waiting %+v, want player 1's turn", w)
			}

			// Player 1 claims a coloured route: its cards go to the discard
			// pile, not into the deck.
			s, _ = mustApply(t, s, NewClaimRoute(r.Index, pay...))
			if !s.Discards().Has(pay[0]) || s.Deck().Has(pay[0]) {
				t.Fatalf("after the claim, deck %v and discards %v: want the claim's cards discarded", s.Deck(), s.Discards())
			}
			s, _ = mustApply(t, s, NewDrawBlind())
			wantCode(t, s, NewRevealCard(pay[0]), ErrCardDiscarded)
			s, _ = mustApply(t, s, NewRevealCard(discards[1]))

			// The new deck's last card: now the claim's cards are shuffled.
			s, _ = mustApply(t, s, NewDrawBlind())
			s, evs = mustApply(t, s, NewRevealCard(discards[2]))
			if !hasKind(evs, EvReshuffle) || s.Deck() != NewCardSet(pay...) || !s.Discards().Empty() {
				t.Fatalf("the new deck's last card drawn: events %v, deck %v, discards %v; want the claim's cards %v as the deck",
					evs, s.Deck(), s.Discards(), pay)
			}
		})
	}
}

// plainRoute returns a coloured route that is neither a tunnel nor a ferry.
func plainRoute(t *testing.T, m *maps.Map) *maps.Route {
	t.Helper()
	for i := range m.Routes {
		r := &m.Routes[i]
		if r.Kind == maps.Normal && r.Color != maps.Gray && r.Color != maps.Orange && r.Color != maps.White && r.Color != maps.Purple {
			return r
		}
	}
	t.Fatal("no plain coloured route")
	return nil
}
