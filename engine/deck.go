package engine

// The train deck. The rule books: "Cuando la pila de robar se agota, las
// cartas descartadas se barajan en una nueva pila de robar" (when the draw
// pile runs out, the discards are shuffled into a new draw pile). A blind
// draw takes the deck's top card, which the table reveals as a chance
// outcome, as it reveals the cards that refill the market and those turned
// over for a tunnel.

// reshuffleIfEmpty is the reshuffle rule: when the deck runs out, the
// discards of that moment are shuffled into a new deck. settle applies it
// after every action and every step of its own, so the deck is never empty
// while discards wait; cards discarded later stay on the new discard pile.
func (s *State) reshuffleIfEmpty(evs *[]Event) {
	if d, x := &s.c.deck, &s.c.discard; d[0]|d[1] == 0 && x[0]|x[1] != 0 {
		if evs != nil {
			e := ev(EvReshuffle, -1)
			e.Count = s.c.discard.Len()
			*evs = append(*evs, e)
		}
		s.c.deck = s.c.discard
		s.c.discard = CardSet{}
	}
}

func (s *State) blind() error {
	if !s.hasCards() {
		return ruleErr(ErrNoTrainCards, nil)
	}
	if s.c.phase == phSecond {
		s.c.phase = phBlind2
	} else {
		s.c.phase = phBlind1
	}
	return nil
}

func (s *State) revealCard(card CardID, evs *[]Event) error {
	c := &s.c
	if !c.deck.Has(card) {
		return s.cardNotInDeck(card)
	}
	c.deck.Remove(card)
	w := &c.wait
	switch w.Need {
	case NeedCardToHand:
		c.hand[w.Player].Add(card)
		if evs != nil {
			k := EvBlindDrawn
			if c.phase == phSetup {
				k = EvCardDealt
			}
			e := ev(k, w.Player)
			e.Card = card
			*evs = append(*evs, e)
		}
		switch c.phase {
		case phBlind1:
			c.phase = phSecond
		case phBlind2:
			c.phase = phTurnEnd
		}
	case NeedCardToMarket:
		c.market[w.Slot] = card
		if evs != nil {
			e := ev(EvMarketCard, w.Player)
			e.Slot, e.Card = w.Slot, card
			*evs = append(*evs, e)
			if s.emptySlot() < 0 || !s.hasCards() {
				if s.marketLocos() >= 3 && !s.resetHelps() {
					*evs = append(*evs, ev(EvMarketStuck, w.Player))
				}
			}
		}
	case NeedCardToTunnel:
		c.revealed.Add(card)
		if evs != nil {
			e := ev(EvTunnelCard, w.Player)
			e.Card, e.Route = card, int(c.tunRoute)
			*evs = append(*evs, e)
		}
	}
	return nil
}

// cardNotInDeck returns the error for a supplied card that is not in the
// deck, saying where it is.
func (s *State) cardNotInDeck(card CardID) error {
	if !card.Valid() {
		return ruleErr(ErrNoSuchCard, func(q *Params) { q.Card = card })
	}
	loc, who := s.Where(card)
	var code Code
	switch loc {
	case InMarket:
		code = ErrCardInMarket
	case InHand:
		code = ErrCardInHand
	case InDiscards:
		code = ErrCardDiscarded
	case InTunnel:
		code = ErrCardInTunnel
	default:
		code = ErrCardPlayed
	}
	return ruleErr(code, func(q *Params) {
		q.Card = card
		switch loc {
		case InMarket:
			q.Slot = who
		case InHand:
			q.Player = who
		}
	})
}

func (s *State) cardsLeft() int { return s.c.deck.Len() + s.c.discard.Len() }

// hasCards reports whether cardsLeft() > 0, without counting: the hot
// paths of settle and LegalActions ask it at nearly every action.
func (s *State) hasCards() bool {
	d, x := &s.c.deck, &s.c.discard
	return d[0]|d[1]|x[0]|x[1] != 0
}
