package engine

import (
	"testing"

	"ttr/maps"
)

func TestDrawFaceUpLocomotiveOnlyAsFirstAndOnlyCard(t *testing.T) {
	s := started(t, maps.Europe(), 2, 1)
	s.clearHands()
	loco, red := card(Locomotive, 0), card(Red, 0)
	s.rigHand(0)
	s.rigMarket(loco, red, card(Red, 1), card(Blue, 0), card(Blue, 1))

	// As the first card: it is the only one.
	a, _ := mustApply(t, s, NewDrawFaceUp(0))
	if w := a.Waiting(); w.Need != NeedCardToMarket || w.Slot != 0 {
		t.Fatalf("waiting %+v, want slot 0 refilled", w)
	}
	a, _ = mustApply(t, a, NewRevealCard(card(Green, 0)))
	if w := a.Waiting(); w.Need != NeedTurn || w.Player != 1 {
		t.Fatalf("after a face-up locomotive, waiting %+v, want player 1's turn", w)
	}
	if !a.Hand(0).Has(loco) || a.Hand(0).Len() != 1 {
		t.Errorf("hand %v, want just %v", a.Hand(0), loco)
	}

	// As the second card: refused, and not offered.
	b, _ := mustApply(t, s, NewDrawFaceUp(1))
	b, _ = mustApply(t, b, NewRevealCard(card(Green, 0)))
	if w := b.Waiting(); w.Need != NeedSecondCard {
		t.Fatalf("waiting %+v, want the second card", w)
	}
	wantCode(t, b, NewDrawFaceUp(0), ErrSecondLocomotive)
	if legalHas(b, func(a Action) bool { return a == NewDrawFaceUp(0) }) {
		t.Errorf("face-up locomotive offered as second card: %v", b.LegalActions())
	}
	if !legalHas(b, func(a Action) bool { return a == NewDrawBlind() }) {
		t.Errorf("blind draw not offered as second card")
	}
}

func TestDrawBlindLocomotiveCountsAsOne(t *testing.T) {
	s := started(t, maps.USA(), 2, 1)
	s.clearHands()
	s, _ = mustApply(t, s, NewDrawBlind())
	if w := s.Waiting(); w.Need != NeedCardToHand || w.Player != 0 {
		t.Fatalf("waiting %+v, want a card to player 0's hand", w)
	}
	s, evs := mustApply(t, s, NewRevealCard(card(Locomotive, 3)))
	if !hasKind(evs, EvBlindDrawn) {
		t.Errorf("events %v: no blind draw", evs)
	}
	if w := s.Waiting(); w.Need != NeedSecondCard || w.Player != 0 {
		t.Fatalf("after a blind locomotive, waiting %+v, want the second card", w)
	}
	s, _ = mustApply(t, s, NewDrawBlind())
	s, _ = mustApply(t, s, NewRevealCard(card(Locomotive, 4)))
	if w := s.Waiting(); w.Need != NeedTurn || w.Player != 1 {
		t.Fatalf("waiting %+v, want player 1's turn", w)
	}
	if got := s.Hand(0).Count(Locomotive); got != 2 {
		t.Errorf("%d locomotives in hand, want 2", got)
	}
}

func TestDrawFaceUpSlotRefilledAtOnce(t *testing.T) {
	s := started(t, maps.USA(), 3, 2)
	s.clearHands()
	s.rigMarket(card(Red, 0), card(Red, 1), card(Blue, 0), card(Blue, 1), card(White, 0))
	s, evs := mustApply(t, s, NewDrawFaceUp(2))
	if len(evs) != 1 || evs[0].Kind != EvFaceUpTaken || evs[0].Card != card(Blue, 0) || evs[0].Slot != 2 {
		t.Errorf("events %v, want blue1 taken from slot 2", evs)
	}
	if w := s.Waiting(); w.Need != NeedCardToMarket || w.Slot != 2 || w.Player != 0 {
		t.Fatalf("waiting %+v, want slot 2 refilled at player 0's reader before the second card", w)
	}
	s, evs = mustApply(t, s, NewRevealCard(card(Green, 5)))
	if got := s.Market()[2]; got != card(Green, 5) {
		t.Errorf("slot 2 holds %v, want green6", got)
	}
	if !hasKind(evs, EvMarketCard) {
		t.Errorf("events %v: no market card", evs)
	}
	if w := s.Waiting(); w.Need != NeedSecondCard {
		t.Errorf("waiting %+v, want the second card", w)
	}
}

func TestDrawThreeFaceUpLocomotivesResetMarket(t *testing.T) {
	s := started(t, maps.Europe(), 2, 3)
	s.clearHands()
	l0, l1, l2 := card(Locomotive, 0), card(Locomotive, 1), card(Locomotive, 2)
	s.rigMarket(l0, l1, card(Red, 0), card(Red, 1), card(Red, 2))
	s, _ = mustApply(t, s, NewDrawFaceUp(2))
	s, evs := mustApply(t, s, NewRevealCard(l2))
	if !hasKind(evs, EvMarketReset) {
		t.Fatalf("events %v: no market reset", evs)
	}
	for _, c := range []CardID{l0, l1, l2, card(Red, 1), card(Red, 2)} {
		if !s.Discards().Has(c) {
			t.Errorf("%v not discarded by the reset", c)
		}
	}
	for slot := range MarketSize {
		w := s.Waiting()
		if w.Need != NeedCardToMarket || w.Slot != slot {
			t.Fatalf("waiting %+v, want slot %d laid", w, slot)
		}
		s, _ = mustApply(t, s, NewRevealCard(card(Blue, slot)))
	}
	if w := s.Waiting(); w.Need != NeedSecondCard || w.Player != 0 {
		t.Errorf("waiting %+v, want player 0's second card", w)
	}
}

func TestDrawThreeLocomotivesResetAgainIfNeeded(t *testing.T) {
	s := started(t, maps.Europe(), 2, 3)
	s.clearHands()
	s.rigMarket(card(Locomotive, 0), card(Locomotive, 1), card(Red, 0), card(Red, 1), card(Red, 2))
	s, _ = mustApply(t, s, NewDrawFaceUp(2))
	s, _ = mustApply(t, s, NewRevealCard(card(Locomotive, 2)))
	// The new market has three locomotives again: reset again.
	for i, c := range []CardID{card(Locomotive, 3), card(Locomotive, 4), card(Locomotive, 5), card(Blue, 0), card(Blue, 1)} {
		var evs []Event
		s, evs = mustApply(t, s, NewRevealCard(c))
		if i == 4 && !hasKind(evs, EvMarketReset) {
			t.Fatalf("second market with three locomotives kept: events %v", evs)
		}
	}
	if w := s.Waiting(); w.Need != NeedCardToMarket || w.Slot != 0 {
		t.Errorf("waiting %+v, want a third market laid", w)
	}
}

func TestDrawThreeLocomotivesResetBoundedWhenCardsCannotMakeValidMarket(t *testing.T) {
	s := started(t, maps.Europe(), 2, 4)
	s.rigHand(0)
	s.rigMarket(card(Locomotive, 0), card(Locomotive, 1), card(Red, 0), card(Red, 1), card(Red, 2))
	// One card left in the deck, a locomotive, none discarded: the five
	// face-up cards are all there is, and three are locomotives.
	s.rigDeck([]CardID{card(Locomotive, 2)}, nil)
	s, _ = mustApply(t, s, NewDrawFaceUp(2))
	s, evs := mustApply(t, s, NewRevealCard(card(Locomotive, 2)))
	if hasKind(evs, EvMarketReset) {
		t.Fatalf("market reset although no better market can be made: %v", evs)
	}
	if !hasKind(evs, EvMarketStuck) {
		t.Errorf("events %v: no market-stuck event", evs)
	}
	if w := s.Waiting(); w.Need != NeedSecondCard {
		t.Fatalf("waiting %+v, want the second card", w)
	}
	if got := s.marketLocos(); got != 3 {
		t.Errorf("%d face-up locomotives, want 3 kept", got)
	}
}

func TestDrawEmptyDeckReshuffledFromDiscards(t *testing.T) {
	s := started(t, maps.USA(), 2, 5)
	s.clearHands()
	disc := []CardID{card(Red, 3), card(Blue, 4), card(Green, 5)}
	s.rigDeck(nil, disc)
	s, evs := mustApply(t, s, NewDrawBlind())
	var re *Event
	for i := range evs {
		if evs[i].Kind == EvReshuffle {
			re = &evs[i]
		}
	}
	if re == nil || re.Count != 3 {
		t.Fatalf("events %v, want a reshuffle of 3 cards", evs)
	}
	if got := s.Deck(); got != NewCardSet(disc...) || !s.Discards().Empty() {
		t.Fatalf("deck %v discards %v, want deck %v and no discards", got, s.Discards(), disc)
	}
	s, _ = mustApply(t, s, NewRevealCard(card(Blue, 4)))
	if !s.Hand(0).Has(card(Blue, 4)) {
		t.Errorf("drawn card not in hand")
	}
}

func TestDrawNoTrainCardsWhenDeckAndDiscardsEmpty(t *testing.T) {
	s := started(t, maps.USA(), 2, 6)
	s.rigMarket(NoCard, NoCard, NoCard, NoCard, NoCard)
	s.rigDeck(nil, nil)
	wantCode(t, s, NewDrawBlind(), ErrNoTrainCards)
	wantCode(t, s, NewDrawFaceUp(0), ErrSlotEmpty)
	if legalHas(s, func(a Action) bool { return a.Kind == DrawBlind || a.Kind == DrawFaceUp }) {
		t.Errorf("draws offered with no cards: %v", s.LegalActions())
	}
}

func TestDrawThatCanOnlyTakeOneCard(t *testing.T) {
	for _, tc := range []struct {
		name   string
		market []CardID
	}{
		{"one face-up card and no deck", []CardID{card(Red, 0), NoCard, NoCard, NoCard, NoCard}},
		{"only a locomotive left face up", []CardID{card(Red, 0), card(Locomotive, 0), NoCard, NoCard, NoCard}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, maps.Europe(), 2, 7)
			s.rigHand(0)
			s.rigMarket(tc.market...)
			s.rigDeck(nil, nil)
			s, evs := mustApply(t, s, NewDrawFaceUp(0))
			if w := s.Waiting(); w.Need != NeedTurn || w.Player != 1 {
				t.Fatalf("waiting %+v, want player 1's turn: no second card can be drawn", w)
			}
			if !hasKind(evs, EvTurnEnded) {
				t.Errorf("events %v: no end of turn", evs)
			}
			if got := s.Hand(0).Len(); got != 1 {
				t.Errorf("player 0 holds %d cards, want 1", got)
			}
		})
	}
}
