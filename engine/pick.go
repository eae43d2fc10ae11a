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
	case NeedSecondCard:
		return s.pickSecond(pick)
	case NeedKeep:
		return s.pickKeep(pick)
	case NeedTunnel:
		return s.pickTunnel(pick)
	case NeedNothing:
		return Action{}
	}
	var arr [16]Action
	la := s.AppendLegalActions(arr[:0])
	return la[pick(len(la))]
}

// handCounts are the number of cards of each colour in a hand.
type handCounts [NumCardColors]int

// countHand counts the cards of each colour by popcounts over each
// colour's block of card IDs (see CardID): purple 0-11 ... yellow 60-71
// (across the two words), black 72-83, red 84-95, locomotives 96-109.
func countHand(hand CardSet) handCounts {
	var h handCounts
	h.count(hand)
	return h
}

// count sets h to the counts of hand (countHand in place: filling a
// returned array and copying it costs more than the popcounts).
func (h *handCounts) count(hand CardSet) {
	const block = 1<<CardsPerColor - 1
	lo, hi := hand[0], hand[1]
	h[Locomotive] = bits.OnesCount64(hi >> (firstLocomotiveID - 64))
	h[Purple] = bits.OnesCount64(lo & block)
	h[Blue] = bits.OnesCount64(lo >> CardsPerColor & block)
	h[Orange] = bits.OnesCount64(lo >> (2 * CardsPerColor) & block)
	h[White] = bits.OnesCount64(lo >> (3 * CardsPerColor) & block)
	h[Green] = bits.OnesCount64(lo >> (4 * CardsPerColor) & block)
	h[Yellow] = bits.OnesCount64(lo>>(5*CardsPerColor) | hi<<(64-5*CardsPerColor)&block)
	h[Black] = bits.OnesCount64(hi >> (6*CardsPerColor - 64) & block)
	h[Red] = bits.OnesCount64(hi >> (7*CardsPerColor - 64) & block)
}

// payments returns the number of distinct payments appendPayments lists.
//
// With l locomotives (minLocos <= l <= a, a = min(n-1, nl)) and n-l cards
// of colour col, col pays for nc-b of those counts, b = n-1-a, but at most
// for c = a-minLocos+1 of them (and for none when nc <= b, nc = 0 too).
func (h *handCounts) payments(n int, want CardColor, minLocos int) int {
	nl := h[Locomotive]
	k := 0
	a := min(n-1, nl)
	if c := a - minLocos + 1; c > 0 {
		b := n - 1 - a
		if want != Locomotive {
			k = min(max(h[want]-b, 0), c)
		} else {
			for col := int(Purple); col <= int(Red); col++ {
				k += min(max(h[col]-b, 0), c)
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
	h      handCounts
	trains int
	// gray[n][l] is 1 + the payments of a gray route of n cards with l
	// ferry locomotives, 0 until known. gray[n][0] is also the payments of
	// a station that costs n cards.
	gray [maxPay + 1][maxPay + 1]uint8
	cand routeSet // open routes short enough for the hand and the trains
}

func (s *State) initClaimCounter(cc *claimCounter, hand CardSet) {
	cc.h.count(hand)
	h := &cc.h
	cur := s.c.cur
	cc.trains = int(s.c.trains[cur])
	// The candidates: open routes no longer than their colour and the
	// locomotives could pay for (gray routes: the best colour), within the
	// trains left, and no ferry with more locomotive spaces than the hand
	// has locomotives. The two words of the bitsets are kept in locals: Go
	// keeps arrays such as routeSet in memory, not in registers.
	b := s.b
	nl := h[Locomotive]
	ferries := &b.moreLocos[min(uint(nl), maxPay)] // ferries the locomotives cannot pay
	c0 := s.c.open[0] &^ s.c.twinOf[cur][0] &^ ferries[0]
	c1 := s.c.open[1] &^ s.c.twinOf[cur][1] &^ ferries[1]
	maxColor := 0
	for col := int(Purple); col <= int(Red); col++ {
		maxColor = max(maxColor, h[col])
		// Clamped without a branch: routes longer than maxPay are no
		// candidates anyway.
		long := &b.longer[col][min(uint(h[col]+nl), maxPay)]
		c0 &^= long[0]
		c1 &^= long[1]
	}
	fit := &b.upTo[max(min(cc.trains, maxColor+nl, maxPay), 0)]
	cc.cand = routeSet{c0 & fit[0], c1 & fit[1]}
}

// grayPayments returns h.payments(n, Locomotive, locos), remembered.
func (cc *claimCounter) grayPayments(n, locos int) int {
	k := &cc.gray[n][locos]
	if *k == 0 {
		*k = uint8(cc.h.payments(n, Locomotive, locos)) + 1
	}
	return int(*k) - 1
}

// countClaim returns the number of payments for candidate route r (open,
// not the twin of one of the player's routes, and affordable in its
// colour), 0 if the current player may not claim it.
func (s *State) countClaim(cc *claimCounter, r int) int {
	ri := s.b.route[r]
	n := int(ri.length)
	nl := cc.h[Locomotive]
	if ri.locos > 0 {
		if nl < int(ri.locos) {
			return 0
		}
		if ri.color == Locomotive {
			return cc.grayPayments(n, int(ri.locos))
		}
		return cc.h.payments(n, ri.color, int(ri.locos))
	}
	if ri.color != Locomotive {
		return colorPayments(cc.h[ri.color], nl, n)
	}
	return cc.grayPayments(n, 0)
}

// colorPayments is handCounts.payments for n cards of one colour of which
// the hand has nc, with nl locomotives and no ferry locomotives: the
// common case, cheap enough to inline.
func colorPayments(nc, nl, n int) int {
	a := min(n-1, nl)
	k := min(max(nc-(n-1-a), 0), a+1)
	if nl >= n {
		k++
	}
	return k
}

// pickKeep is PickLegalAction for keeping tickets: the give-back sets
// that keep enough, in increasing bitset order, as AppendLegalActions
// lists them.
func (s *State) pickKeep(pick func(n int) int) Action {
	c := &s.c
	drawn := c.tDrawn[c.cur]
	keepMin := int(c.keepMin)
	n := 0
	for sub := TicketSet(0); ; sub = (sub - drawn) & drawn {
		if (drawn &^ sub).Len() >= keepMin {
			n++
		}
		if sub == drawn {
			break
		}
	}
	k := pick(n)
	for sub := TicketSet(0); ; sub = (sub - drawn) & drawn {
		if (drawn &^ sub).Len() >= keepMin {
			if k == 0 {
				return Action{Kind: KeepTickets, Tickets: sub}
			}
			k--
		}
		if sub == drawn {
			break
		}
	}
	panic("engine: bug: PickLegalAction ran past the tickets to keep")
}

// pickTunnel is PickLegalAction for a tunnel's extra cost: the payments
// by number of locomotives, then withdrawing, as AppendLegalActions lists
// them.
func (s *State) pickTunnel(pick func(n int) int) Action {
	c := &s.c
	hand := c.hand[c.cur]
	extra := int(c.tunExtra)
	locos := hand.OfColor(Locomotive)
	nl := locos.Len()
	var col CardSet
	first, last := extra, extra // locomotives in the first and last payment
	if c.tunColor != Locomotive {
		col = hand.OfColor(c.tunColor)
		first, last = max(0, extra-col.Len()), min(extra, nl)
	} else if nl < extra {
		first, last = 1, 0 // none
	}
	pays := max(last-first+1, 0)
	k := pick(pays + 1)
	if k == pays {
		return Action{Kind: WithdrawTunnel}
	}
	l := first + k
	return Action{Kind: PayTunnel, Cards: col.lowest(extra - l).Union(locos.lowest(l))}
}

// pickSecond is PickLegalAction for the second card of a draw: the
// face-up cards that are not locomotives, then the blind draw.
func (s *State) pickSecond(pick func(n int) int) Action {
	slots := secondSlots(s.marketWord())
	n := bits.OnesCount64(slots)
	if s.hasCards() {
		n++
	}
	k := pick(n)
	if k == n-1 && s.hasCards() {
		return Action{Kind: DrawBlind}
	}
	for ; k > 0; k-- {
		slots &= slots - 1
	}
	return Action{Kind: DrawFaceUp, Slot: bits.TrailingZeros64(slots) >> 3}
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
	filled := filledSlots(s.marketWord())
	slots := bits.OnesCount64(filled)
	blind := 0
	if s.hasCards() {
		blind = 1
	}
	claims := 0
	var per [maxRoutes]uint8
	if !hand.Empty() {
		for w := range 2 {
			for x := cc.cand[w]; x != 0; x &= x - 1 {
				r := (w*64 + bits.TrailingZeros64(x)) & (maxRoutes - 1)
				var k int
				ri := &s.b.route[r]
				switch n := int(ri.length); {
				case ri.color != Locomotive && ri.locos == 0:
					k = colorPayments(h[ri.color], h[Locomotive], n)
				case ri.color == Locomotive && h[Locomotive] >= int(ri.locos):
					if m := cc.gray[n][ri.locos]; m != 0 {
						k = int(m) - 1 // known: skip the call
					} else {
						k = cc.grayPayments(n, int(ri.locos))
					}
				default:
					k = s.countClaim(&cc, r)
				}
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
		stationPays = cc.grayPayments(s.stationCost(p), 0)
		if stationPays > 0 {
			cities = s.freeCities()
		}
	}
	total := slots + blind + claims + tickets + stationPays*cities
	if total == 0 {
		pick(1)
		return Action{Kind: Pass}
	}
	k := pick(total)
	if k < slots {
		for ; k > 0; k-- {
			filled &= filled - 1
		}
		return Action{Kind: DrawFaceUp, Slot: bits.TrailingZeros64(filled) >> 3}
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

// freeCities returns the number of cities without a station: each city
// holds at most one, and each player has built Rules.Stations minus their
// stations left (both checked by CheckInvariants).
func (s *State) freeCities() int {
	n := len(s.m.Cities)
	for p := range int(s.c.players) {
		n -= s.m.Rules.Stations - int(s.c.stationsLeft[p])
	}
	return n
}
