package engine

// The train deck. The rule books: "Cuando la pila de robar se agota, las
// cartas descartadas se barajan en una nueva pila de robar" (when the draw
// pile runs out, the discards are shuffled into a new draw pile).

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
