package engine

// The face-up cards. The rule books: five train cards lie face up. A
// player may take one of them as a card of their draw, and it is replaced
// at once from the deck; a face-up locomotive taken as the first card is
// the whole draw, and may not be taken as the second. Whenever three of
// the five face-up cards are locomotives, all five are discarded and five
// new ones laid.

// resetMarket discards the five face-up cards, three of them locomotives;
// settle then lays five new ones.
func (s *State) resetMarket(evs *[]Event) {
	c := &s.c
	e := ev(EvMarketReset, int(c.cur))
	for i, m := range c.market {
		if m != NoCard {
			c.discard.Add(m)
			e.Cards.Add(m)
		}
		c.market[i] = NoCard
	}
	emit(evs, e)
}

func (s *State) marketSet() CardSet {
	var m CardSet
	for _, c := range s.c.market {
		if c != NoCard {
			m.Add(c)
		}
	}
	return m
}

// resetHelps reports whether discarding the market could give a market
// with at most two locomotives; otherwise the three locomotives stay, so
// that the reset never loops on cards that cannot make a valid market.
// The new market is laid from the deck first; only when the deck runs out
// are the discards of that moment, the five just discarded among them,
// shuffled into a new deck for the rest (deck.go). So a deck of exactly
// five cards, three of them locomotives, can only lay three locomotives
// again, whatever the discards hold.
func (s *State) resetHelps() bool {
	deck := s.c.deck
	rest := s.c.discard.Union(s.marketSet())
	d := deck.Len()
	k := min(MarketSize, d+rest.Len())
	var fewest int // the fewest locomotives the new market can hold
	if d >= k {
		fewest = max(0, k-(d-deck.Count(Locomotive)))
	} else {
		fewest = deck.Count(Locomotive) + max(0, (k-d)-(rest.Len()-rest.Count(Locomotive)))
	}
	return fewest <= 2
}

func (s *State) faceUp(slot int, evs *[]Event) error {
	c := &s.c
	if slot < 0 || slot >= MarketSize {
		return ruleErr(ErrNoSuchSlot, func(q *Params) { q.Slot = slot })
	}
	card := c.market[slot]
	if card == NoCard {
		return ruleErr(ErrSlotEmpty, func(q *Params) { q.Slot = slot })
	}
	loco := card.Color() == Locomotive
	if c.phase == phSecond && loco {
		return ruleErr(ErrSecondLocomotive, func(q *Params) { q.Slot, q.Card = slot, card })
	}
	c.market[slot] = NoCard
	c.hand[c.cur].Add(card)
	if evs != nil {
		e := ev(EvFaceUpTaken, int(c.cur))
		e.Slot, e.Card = slot, card
		*evs = append(*evs, e)
	}
	if c.phase == phSecond || loco {
		c.phase = phTurnEnd
	} else {
		c.phase = phSecond
	}
	return nil
}
