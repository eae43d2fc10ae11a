package engine

import "math/rand/v2"

// A Dealer supplies chance outcomes from a seeded shuffle, for digital play
// (the simulator's virtual deck, bots, tests, fuzzing, benchmarks). Drawing
// a uniformly random card from the cards left in the deck is the same as
// dealing from a shuffled deck; the same seed and decisions give the same
// game.
type Dealer struct {
	rng *rand.Rand
}

// NewDealer returns a dealer seeded with seed.
func NewDealer(seed uint64) *Dealer {
	return &Dealer{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Outcome returns the next chance outcome for s, which must wait for one
// (s.IsChance()); otherwise it returns the zero Action.
func (d *Dealer) Outcome(s *State) Action {
	switch s.c.wait.Need {
	case NeedCardToHand, NeedCardToMarket, NeedCardToTunnel:
		deck := &s.c.deck
		return Action{Kind: RevealCard, Card: deck.nth(d.rng.IntN(deck.Len()))}
	case NeedTicket:
		next := s.nextTickets()
		return Action{Kind: RevealTicket, Ticket: next.nth(d.rng.IntN(next.Len()))}
	}
	return Action{}
}
