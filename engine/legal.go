package engine

import "math/bits"

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
			buf = append(buf, NewChooseFirst(p))
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
		buf = s.appendTunnelPayments(buf)
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
	if s.hasCards() {
		buf = append(buf, Action{Kind: DrawBlind})
	}
	return buf
}

// maxPay is the most cards any payment takes (Europe's 8-long route).
const maxPay = 8

// payer holds, for one hand, the lowest k cards of each colour, so that
// listing payments is unions of precomputed sets.
type payer struct {
	cnt [NumCardColors]int
	pre [NumCardColors][maxPay + 1]CardSet
}

func newPayer(hand CardSet) *payer {
	var p payer
	p.fill(hand)
	return &p
}

// fill sets p, zero, to the counts and lowest cards of hand.
func (p *payer) fill(hand CardSet) {
	for col := Locomotive; col <= Red; col++ {
		cs := hand.OfColor(col)
		n := min(cs.Len(), maxPay)
		p.cnt[col] = cs.Len()
		for k := 1; k <= n; k++ {
			low := cs[0]
			w := 0
			if low == 0 {
				low, w = cs[1], 1
			}
			bit := low & -low
			p.pre[col][k] = p.pre[col][k-1]
			p.pre[col][k][w] |= bit
			cs[w] &^= bit
		}
	}
}

// appendPayments appends one action per distinct way to pay n cards of
// colour want (Locomotive: any colour) with at least minLocos locomotives:
// by colour, then by number of locomotives, locomotives only last.
func appendPayments(buf []Action, proto Action, p *payer, n int, want CardColor, minLocos int) []Action {
	nl := p.cnt[Locomotive]
	lo, hi := Purple, Red
	if want != Locomotive {
		lo, hi = want, want
	}
	for col := lo; col <= hi; col++ {
		nc := p.cnt[col]
		if nc == 0 {
			continue
		}
		for l := max(minLocos, n-nc); l <= min(n-1, nl); l++ {
			a := proto
			a.Cards = p.pre[col][n-l].Union(p.pre[Locomotive][l])
			buf = append(buf, a)
		}
	}
	if nl >= n && n >= minLocos {
		a := proto
		a.Cards = p.pre[Locomotive][n]
		buf = append(buf, a)
	}
	return buf
}

// appendClaims lists the claims of the current player: each route the
// claim rule (claimRule) allows, with each payment the hand has for it.
func (s *State) appendClaims(buf []Action) []Action {
	c := &s.c
	hand := c.hand[c.cur]
	if hand.Empty() {
		return buf
	}
	var pay payer
	pay.fill(hand)
	nl := pay.cnt[Locomotive]
	most := 0 // the most cards of one colour
	for col := Purple; col <= Red; col++ {
		most = max(most, pay.cnt[col])
	}
	for r := range s.b.routes {
		// A route the hand cannot pay for is passed over before the
		// rule is asked: appendPayments would list nothing for it.
		ri := &s.b.route[r]
		n, have := int(ri.length), most
		if ri.color != Locomotive {
			have = pay.cnt[ri.color]
		}
		if have+nl < n || nl < int(ri.locos) || s.claimRule(r) != 0 {
			continue
		}
		buf = appendPayments(buf, Action{Kind: ClaimRoute, Route: r}, &pay, n, ri.color, int(ri.locos))
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
	// The payments are the same for every city: list them once, then
	// copy them for each city without a station.
	start := len(buf)
	buf = appendPayments(buf, Action{Kind: BuildStation}, newPayer(hand), cost, Locomotive, 0)
	pays := len(buf) - start
	first := true
	for city := range s.m.Cities {
		if c.stationOwner[city] != 0 {
			continue
		}
		if first {
			for i := start; i < start+pays; i++ {
				buf[i].City = city
			}
			first = false
			continue
		}
		for i := range pays {
			a := buf[start+i]
			a.City = city
			buf = append(buf, a)
		}
	}
	if first {
		buf = buf[:start]
	}
	return buf
}

// canAct reports whether the current player has a turn action other than
// passing.
func (s *State) canAct() bool {
	c := &s.c
	if s.hasCards() || s.marketSet().Len() > 0 || s.TicketsInDeck() > 0 {
		return true
	}
	var buf [1]Action
	if len(s.appendClaims(buf[:0])) > 0 {
		return true
	}
	_ = c
	return len(s.appendStations(buf[:0])) > 0
}
