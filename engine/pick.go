package engine

import "math/bits"

// PickLegalAction returns the legal action LegalActions()[pick(n)], where
// n is the number of legal actions, without listing them all: random
// players and simulations call it with a random pick, at a fraction of the
// cost of LegalActions. pick must return a number from 0 to n-1. It
// returns the zero Action when the game is over.
func (s *State) PickLegalAction(pick func(n int) int) Action {
	c := &s.c
	switch c.wait.Need {
	case NeedTurn:
		return s.pickTurn(pick)
	case NeedCardToHand, NeedCardToMarket, NeedCardToTunnel:
		return Action{Kind: RevealCard, Card: c.deck.nth(pick(c.deck.Len()))}
	case NeedTicket:
		next := s.nextTickets()
		return Action{Kind: RevealTicket, Ticket: next.nth(pick(next.Len()))}
	case NeedNothing:
		return Action{}
	}
	var arr [16]Action
	la := s.AppendLegalActions(arr[:0])
	return la[pick(len(la))]
}

// handCounts are the number of cards of each colour in a hand.
type handCounts [NumCardColors]int

func countHand(hand CardSet) handCounts {
	var h handCounts
	for w := range 2 {
		for x := hand[w]; x != 0; x &= x - 1 {
			h[cardColor[w*64+bits.TrailingZeros64(x)]]++
		}
	}
	return h
}

// payments returns the number of distinct payments appendPayments lists.
func (h *handCounts) payments(n int, want CardColor, minLocos int) int {
	nl := h[Locomotive]
	lo, hi := Purple, Red
	if want != Locomotive {
		lo, hi = want, want
	}
	k := 0
	for col := lo; col <= hi; col++ {
		if nc := h[col]; nc > 0 {
			if d := min(n-1, nl) - max(minLocos, n-nc) + 1; d > 0 {
				k += d
			}
		}
	}
	if nl >= n && n >= minLocos {
		k++
	}
	return k
}

// paymentAt returns the k-th payment appendPayments lists.
func paymentAt(hand CardSet, h *handCounts, n int, want CardColor, minLocos, k int) CardSet {
	nl := h[Locomotive]
	locos := hand.OfColor(Locomotive)
	lo, hi := Purple, Red
	if want != Locomotive {
		lo, hi = want, want
	}
	for col := lo; col <= hi; col++ {
		nc := h[col]
		if nc == 0 {
			continue
		}
		first := max(minLocos, n-nc)
		d := min(n-1, nl) - first + 1
		if d <= 0 {
			continue
		}
		if k < d {
			l := first + k
			return hand.OfColor(col).lowest(n - l).Union(locos.lowest(l))
		}
		k -= d
	}
	return locos.lowest(n)
}

// claimCounter counts the payments for routes, for one hand.
type claimCounter struct {
	h        handCounts
	maxColor int
	trains   int
	gray     [maxPay + 1]int8 // payments+1 of gray routes by length (no ferry locomotives), 0 until known
	cand     CardSet          // open routes short enough for the hand and the trains
}

func (s *State) initClaimCounter(cc *claimCounter, hand CardSet) {
	cc.h = countHand(hand)
	cc.trains = int(s.c.trains[s.c.cur])
	for col := Purple; col <= Red; col++ {
		cc.maxColor = max(cc.maxColor, cc.h[col])
	}
	// The candidates: open routes no longer than the best colour and the
	// locomotives could pay for, within the trains left.
	nl := cc.h[Locomotive]
	l := max(min(cc.trains, cc.maxColor+nl, maxPay), 0)
	b := s.b
	cand := s.c.open.Intersect(b.upTo[l]).Minus(s.c.twinOf[s.c.cur])
	for col := Purple; col <= Red; col++ {
		// Without a branch: for k >= l the routes removed are longer than
		// any candidate anyway.
		cand = cand.Minus(b.longer[col][min(cc.h[col]+nl, maxPay)])
	}
	cc.cand = cand
}

// countClaim returns the number of payments for candidate route r (open,
// not the twin of one of the player's routes, and affordable in its
// colour), 0 if the current player may not claim it.
func (s *State) countClaim(cc *claimCounter, r int) int {
	ri := s.b.route[r]
	n := int(ri.length)
	if ri.locos > 0 {
		if cc.h[Locomotive] < int(ri.locos) {
			return 0
		}
		return cc.h.payments(n, ri.color, int(ri.locos))
	}
	if ri.color != Locomotive {
		// One colour: the locomotive counts that fit, and all locomotives.
		nc, nl := cc.h[ri.color], cc.h[Locomotive]
		k := 0
		if nc > 0 {
			k = max(min(n-1, nl)-max(0, n-nc)+1, 0)
		}
		if nl >= n {
			k++
		}
		return k
	}
	k := &cc.gray[n]
	if *k == 0 {
		*k = int8(cc.h.payments(n, Locomotive, 0)) + 1
	}
	return int(*k) - 1
}

func (s *State) pickTurn(pick func(n int) int) Action {
	c := &s.c
	p := int(c.cur)
	hand := c.hand[p]
	var cc claimCounter
	s.initClaimCounter(&cc, hand)
	h := &cc.h

	// Count, in LegalActions order: face-up slots, blind, claims, tickets,
	// stations.
	slots := 0
	for _, m := range c.market {
		if m != NoCard {
			slots++
		}
	}
	blind := 0
	if s.cardsLeft() > 0 {
		blind = 1
	}
	claims := 0
	var per [maxRoutes]uint8
	if !hand.Empty() {
		for w := range 2 {
			for x := cc.cand[w]; x != 0; x &= x - 1 {
				r := w*64 + bits.TrailingZeros64(x)
				k := s.countClaim(&cc, r)
				per[r] = uint8(k)
				claims += k
			}
		}
	}
	tickets := 0
	if s.TicketsInDeck() > 0 {
		tickets = 1
	}
	stationPays, cities := 0, 0
	if c.stationsLeft[p] > 0 {
		stationPays = h.payments(s.stationCost(p), Locomotive, 0)
		if stationPays > 0 {
			for city := range s.m.Cities {
				if c.stationOwner[city] == 0 {
					cities++
				}
			}
		}
	}
	total := slots + blind + claims + tickets + stationPays*cities
	if total == 0 {
		pick(1)
		return Action{Kind: Pass}
	}
	k := pick(total)
	if k < slots {
		for i, m := range c.market {
			if m != NoCard {
				if k == 0 {
					return Action{Kind: DrawFaceUp, Slot: i}
				}
				k--
			}
		}
	}
	k -= slots
	if k < blind {
		return Action{Kind: DrawBlind}
	}
	k -= blind
	if k < claims {
		for x := cc.cand; ; {
			w := 0
			if x[0] == 0 {
				w = 1
			}
			r := w*64 + bits.TrailingZeros64(x[w])
			x[w] &= x[w] - 1
			n := int(per[r])
			if k < n {
				ri := &s.b.route[r]
				return Action{Kind: ClaimRoute, Route: r, Cards: paymentAt(hand, h, int(ri.length), ri.color, int(ri.locos), k)}
			}
			k -= n
		}
	}
	k -= claims
	if k < tickets {
		return Action{Kind: DrawTickets}
	}
	k -= tickets
	ci, pi := k/stationPays, k%stationPays
	for city := range s.m.Cities {
		if c.stationOwner[city] != 0 {
			continue
		}
		if ci == 0 {
			return Action{Kind: BuildStation, City: city, Cards: paymentAt(hand, h, s.stationCost(p), Locomotive, 0, pi)}
		}
		ci--
	}
	panic("engine: bug: PickLegalAction ran past the legal actions")
}
