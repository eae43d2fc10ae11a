package engine

import (
	"math/bits"

	"ttr/maps"
)

// LegalActions returns the actions the state accepts now, in a stable order
// (by kind, then slot, route, colour, locomotives, city, card or ticket).
// For decisions these are the current player's choices; for chance nodes
// the possible outcomes. A claim, station or tunnel payment is listed once
// per distinct payment (colour and number of locomotives) with the lowest
// card IDs of the hand; Apply accepts any set of cards that pays the same.
func (s *State) LegalActions() []Action { return s.AppendLegalActions(nil) }

// AppendLegalActions appends the legal actions to buf and returns it, so
// that simulations can reuse one buffer.
func (s *State) AppendLegalActions(buf []Action) []Action {
	c := &s.c
	w := c.wait
	switch w.Need {
	case NeedFirstPlayer:
		for p := range int(c.players) {
			buf = append(buf, FirstPlayer(p))
		}
	case NeedKeep:
		drawn := c.tDrawn[c.cur]
		// Every subset of the drawn tickets, as a give-back set, in
		// increasing bitset order.
		for sub := TicketSet(0); ; sub = (sub - drawn) & drawn {
			if (drawn &^ sub).Len() >= int(c.keepMin) {
				buf = append(buf, Action{Kind: KeepTickets, Tickets: sub})
			}
			if sub == drawn {
				break
			}
		}
		sortKeep(buf)
	case NeedTurn:
		n := len(buf)
		buf = s.appendDraws(buf, false)
		buf = s.appendClaims(buf)
		if s.TicketsInDeck() > 0 {
			buf = append(buf, Action{Kind: DrawTickets})
		}
		buf = s.appendStations(buf)
		if len(buf) == n {
			buf = append(buf, Action{Kind: Pass})
		}
	case NeedSecondCard:
		buf = s.appendDraws(buf, true)
	case NeedTunnel:
		hand := c.hand[c.cur]
		extra := int(c.tunExtra)
		locos := hand.OfColor(Locomotive)
		nl := locos.Len()
		if c.tunColor == Locomotive {
			if nl >= extra {
				buf = append(buf, Action{Kind: PayTunnel, Cards: locos.lowest(extra)})
			}
		} else {
			col := hand.OfColor(c.tunColor)
			for l := max(0, extra-col.Len()); l <= min(extra, nl); l++ {
				buf = append(buf, Action{Kind: PayTunnel, Cards: col.lowest(extra - l).Union(locos.lowest(l))})
			}
		}
		buf = append(buf, Action{Kind: WithdrawTunnel})
	case NeedCardToHand, NeedCardToMarket, NeedCardToTunnel:
		for w := range 2 {
			for x := c.deck[w]; x != 0; x &= x - 1 {
				buf = append(buf, Action{Kind: RevealCard, Card: CardID(w*64 + bits.TrailingZeros64(x))})
			}
		}
	case NeedTicket:
		next := s.nextTickets()
		for x := next; x != 0; x &= x - 1 {
			buf = append(buf, Action{Kind: RevealTicket, Ticket: x.nth(0)})
		}
	}
	return buf
}

func sortKeep(buf []Action) {
	// The subsets were generated in increasing order already; this keeps
	// the guarantee explicit for the few (at most 16) entries.
	for i := 1; i < len(buf); i++ {
		for j := i; j > 0 && buf[j].Kind == KeepTickets && buf[j-1].Kind == KeepTickets && buf[j].Tickets < buf[j-1].Tickets; j-- {
			buf[j], buf[j-1] = buf[j-1], buf[j]
		}
	}
}

func (s *State) appendDraws(buf []Action, second bool) []Action {
	for i, m := range s.c.market {
		if m == NoCard || (second && m.Color() == Locomotive) {
			continue
		}
		buf = append(buf, Action{Kind: DrawFaceUp, Slot: i})
	}
	if s.cardsLeft() > 0 {
		buf = append(buf, Action{Kind: DrawBlind})
	}
	return buf
}

// appendPayments appends one action per distinct way to pay n cards of
// colour want (Locomotive: any colour) with at least minLocos locomotives:
// by colour, then by number of locomotives, locomotives only last.
func appendPayments(buf []Action, proto Action, hand CardSet, n int, want CardColor, minLocos int) []Action {
	locos := hand.OfColor(Locomotive)
	nl := locos.Len()
	lo, hi := Purple, Red
	if want != Locomotive {
		lo, hi = want, want
	}
	for col := lo; col <= hi; col++ {
		cs := hand.OfColor(col)
		nc := cs.Len()
		if nc == 0 {
			continue
		}
		for l := max(minLocos, n-nc); l <= min(n-1, nl); l++ {
			a := proto
			a.Cards = cs.lowest(n - l).Union(locos.lowest(l))
			buf = append(buf, a)
		}
	}
	if nl >= n && n >= minLocos {
		a := proto
		a.Cards = locos.lowest(n)
		buf = append(buf, a)
	}
	return buf
}

func (s *State) appendClaims(buf []Action) []Action {
	c := &s.c
	hand := c.hand[c.cur]
	if hand.Empty() {
		return buf
	}
	trains := int(c.trains[c.cur])
	var counts [NumCardColors]int
	maxColor := 0
	for col := Purple; col <= Red; col++ {
		counts[col] = hand.Count(col)
		maxColor = max(maxColor, counts[col])
	}
	nl := hand.Count(Locomotive)
	for r := range s.m.Routes {
		rt := &s.m.Routes[r]
		if c.owner[r] != 0 || rt.Length > trains {
			continue
		}
		if rt.Color == maps.Gray {
			if maxColor+nl < rt.Length {
				continue
			}
		} else if counts[rt.Color]+nl < rt.Length {
			continue
		}
		if nl < rt.Locomotives {
			continue
		}
		if rt.Twin >= 0 {
			if o := c.owner[rt.Twin]; o != 0 && (int(o)-1 == int(c.cur) || c.players <= 3) {
				continue
			}
		}
		buf = appendPayments(buf, Action{Kind: ClaimRoute, Route: r}, hand, rt.Length, CardColor(rt.Color), rt.Locomotives)
	}
	return buf
}

func (s *State) appendStations(buf []Action) []Action {
	c := &s.c
	p := int(c.cur)
	if c.stationsLeft[p] <= 0 {
		return buf
	}
	hand := c.hand[p]
	cost := s.stationCost(p)
	if hand.Len() < cost {
		return buf
	}
	nl := hand.Count(Locomotive)
	ok := nl >= cost
	for col := Purple; col <= Red && !ok; col++ {
		ok = hand.Count(col)+nl >= cost
	}
	if !ok {
		return buf
	}
	for city := range s.m.Cities {
		if c.stationOwner[city] != 0 {
			continue
		}
		buf = appendPayments(buf, Action{Kind: BuildStation, City: city}, hand, cost, Locomotive, 0)
	}
	return buf
}

// canAct reports whether the current player has a turn action other than
// passing.
func (s *State) canAct() bool {
	c := &s.c
	if s.cardsLeft() > 0 || s.marketSet().Len() > 0 || s.TicketsInDeck() > 0 {
		return true
	}
	var buf [1]Action
	if len(s.appendClaims(buf[:0])) > 0 {
		return true
	}
	_ = c
	return len(s.appendStations(buf[:0])) > 0
}
