package engine

import "ttr/maps"

// Apply returns the state after action a and the events it caused, leaving
// s untouched. An action the rules refuse returns a *RuleError.
func (s *State) Apply(a Action) (*State, []Event, error) {
	n := *s
	n.shared = true
	evs := make([]Event, 0, 4)
	if err := n.do(&a, &evs); err != nil {
		return nil, nil, err
	}
	return &n, evs, nil
}

// Do applies a in place, for simulations that need no events and no copy.
// On error s is unchanged.
func (s *State) Do(a Action) error { return s.do(&a, nil) }

// do applies a: each case checks that the state waits for it, applies it,
// and gives the packed form recorded in the history.
func (s *State) do(a *Action, evs *[]Event) error {
	var err error
	var p packed
	turn := false // a turn's action, which ends a run of passes
	w := s.c.wait.Need
	switch a.Kind {
	case ChooseFirst:
		if w != NeedFirstPlayer {
			return wrongAction(w)
		}
		err = s.chooseFirst(a.Player, evs)
		p = pack(ChooseFirst, a.Player, CardSet{})
	case KeepTickets:
		if w != NeedKeep {
			return wrongAction(w)
		}
		err = s.keep(a.Tickets, evs)
		p = pack(KeepTickets, 0, CardSet{uint64(a.Tickets)})
	case DrawFaceUp:
		if w != NeedTurn && w != NeedSecondCard {
			return wrongAction(w)
		}
		err = s.faceUp(a.Slot, evs)
		p = pack(DrawFaceUp, a.Slot, CardSet{})
		turn = true
	case DrawBlind:
		if w != NeedTurn && w != NeedSecondCard {
			return wrongAction(w)
		}
		err = s.blind()
		p = pack(DrawBlind, 0, CardSet{})
		turn = true
	case ClaimRoute:
		if w != NeedTurn {
			return wrongAction(w)
		}
		err = s.claim(a.Route, a.Cards, evs)
		p = pack(ClaimRoute, a.Route, a.Cards)
		turn = true
	case PayTunnel:
		if w != NeedTunnel {
			return wrongAction(w)
		}
		err = s.payTunnel(a.Cards, evs)
		p = pack(PayTunnel, 0, a.Cards)
	case WithdrawTunnel:
		if w != NeedTunnel {
			return wrongAction(w)
		}
		s.withdraw(evs)
		p = pack(WithdrawTunnel, 0, CardSet{})
	case DrawTickets:
		if w != NeedTurn {
			return wrongAction(w)
		}
		err = s.drawTickets()
		p = pack(DrawTickets, 0, CardSet{})
		turn = true
	case BuildStation:
		if w != NeedTurn {
			return wrongAction(w)
		}
		err = s.station(a.City, a.Cards, evs)
		p = pack(BuildStation, a.City, a.Cards)
		turn = true
	case Pass:
		if w != NeedTurn {
			return wrongAction(w)
		}
		if s.canAct() {
			return ruleErr(ErrCannotPass, nil)
		}
		emit(evs, ev(EvPassed, int(s.c.cur)))
		s.c.passes++
		s.c.phase = phTurnEnd
		p = pack(Pass, 0, CardSet{})
	case RevealCard:
		if w != NeedCardToHand && w != NeedCardToMarket && w != NeedCardToTunnel {
			return wrongAction(w)
		}
		err = s.revealCard(a.Card, evs)
		p = pack(RevealCard, int(a.Card), CardSet{})
	case RevealTicket:
		if w != NeedTicket {
			return wrongAction(w)
		}
		err = s.revealTicket(a.Ticket, evs)
		p = pack(RevealTicket, int(a.Ticket), CardSet{})
	default:
		return wrongAction(w)
	}
	if err != nil {
		return err
	}
	if turn {
		s.c.passes = 0
	}
	s.record(p)
	s.settle(evs)
	return nil
}

func (s *State) histLen() int { return s.hlen }

// record appends a to the state's history.
func (s *State) record(a packed) {
	h := s.hist
	// Room for a whole game of random players (about 150 actions plus 150
	// per player) in one allocation; longer games double it.
	size := min(256*int(s.c.players), maxChunk)
	if h != nil {
		if !s.shared {
			if i := s.hlen - h.base; i < len(h.a) {
				h.a[i] = a
				s.hlen++
				return
			}
			size = min(2*len(h.a), maxChunk)
		} else {
			size = 4
		}
	}
	n := &histChunk{prev: h, base: s.hlen, a: make([]packed, size)}
	if h != nil {
		n.prevUsed = s.hlen - h.base
	}
	n.a[0] = a
	s.hist = n
	s.hlen++
	s.shared = false
}

func wrongAction(w Need) error {
	if w == NeedNothing {
		return ruleErr(ErrGameOver, nil)
	}
	return ruleErr(ErrWrongAction, func(p *Params) { p.Wait = w })
}

func (s *State) chooseFirst(p int, evs *[]Event) error {
	if p < 0 || p >= int(s.c.players) {
		return ruleErr(ErrNoSuchPlayer, func(q *Params) { q.Player = p })
	}
	s.c.first, s.c.cur = int8(p), int8(p)
	s.c.phase = phSetup
	emit(evs, ev(EvFirstPlayer, p))
	return nil
}

func (s *State) keep(giveBack TicketSet, evs *[]Event) error {
	c := &s.c
	p := int(c.cur)
	drawn := c.tDrawn[p]
	if extra := giveBack &^ drawn; extra != 0 {
		return ruleErr(ErrTicketNotDrawn, func(q *Params) { q.Ticket = extra.nth(0) })
	}
	kept := drawn &^ giveBack
	if kept.Len() < int(c.keepMin) {
		return ruleErr(ErrKeepTooFew, func(q *Params) { q.Need, q.Got = int(c.keepMin), kept.Len() })
	}
	c.tKept[p] |= kept
	c.tDrawn[p] = 0
	if giveBack != 0 {
		if c.keepSetup && s.m.Rules.SetupReturned == maps.ToBox {
			c.tBox |= giveBack
		} else {
			c.grpSeq++
			for x := giveBack; x != 0; x &= x - 1 {
				c.bottom[c.bottomLen] = x.nth(0)
				c.bottomGrp[c.bottomLen] = c.grpSeq
				c.bottomLen++
			}
		}
	}
	if evs != nil {
		e := ev(EvTicketsKept, p)
		e.Count, e.Other = kept.Len(), giveBack.Len()
		*evs = append(*evs, e)
	}
	if c.keepSetup {
		c.keepSetup = false
		c.setupDone++
		c.phase = phSetup
	} else {
		c.phase = phTurnEnd
	}
	return nil
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

// claimable checks that route r is free for the current player and that
// they have the trains for it.
func (s *State) claimable(r int) error {
	c := &s.c
	if r < 0 || r >= len(s.m.Routes) {
		return ruleErr(ErrNoSuchRoute, func(q *Params) { q.Route = r })
	}
	rt := &s.m.Routes[r]
	if o := c.owner[r]; o != 0 {
		return ruleErr(ErrRouteClaimed, func(q *Params) { q.Route, q.Player = r, int(o)-1 })
	}
	if rt.Twin >= 0 {
		if o := c.owner[rt.Twin]; o != 0 {
			if int(o)-1 == int(c.cur) {
				return ruleErr(ErrDoubleRouteOwned, func(q *Params) { q.Route, q.Other, q.Player = r, rt.Twin, int(o)-1 })
			}
			if c.players <= 3 {
				return ruleErr(ErrDoubleRouteClosed, func(q *Params) { q.Route, q.Other, q.Player = r, rt.Twin, int(o)-1 })
			}
		}
	}
	if t := int(c.trains[c.cur]); t < rt.Length {
		return ruleErr(ErrNotEnoughTrains, func(q *Params) { q.Route, q.Need, q.Got = r, rt.Length, t })
	}
	return nil
}

// CheckClaim reports whether the current player may claim route r with
// cards, without applying anything: nil, or the *RuleError Apply would
// return.
func (s *State) CheckClaim(r int, cards CardSet) error {
	if s.c.wait.Need != NeedTurn {
		return wrongAction(s.c.wait.Need)
	}
	_, err := s.checkClaim(r, cards)
	return err
}

func (s *State) checkClaim(r int, cards CardSet) (CardColor, error) {
	if err := s.claimable(r); err != nil {
		return 0, err
	}
	rt := &s.m.Routes[r]
	return checkPay(s.c.hand[s.c.cur], cards, rt.Length, CardColor(rt.Color), rt.Locomotives)
}

func (s *State) claim(r int, cards CardSet, evs *[]Event) error {
	col, err := s.checkClaim(r, cards)
	if err != nil {
		return err
	}
	c := &s.c
	c.hand[c.cur] = c.hand[c.cur].Minus(cards)
	if s.m.Routes[r].Kind != maps.Tunnel {
		s.completeClaim(r, cards, evs)
		c.phase = phTurnEnd
		return nil
	}
	s.startTunnel(r, cards, col)
	return nil
}

func (s *State) drawTickets() error {
	n := s.TicketsInDeck()
	if n == 0 {
		return ruleErr(ErrNoTickets, nil)
	}
	c := &s.c
	c.toDraw = int8(min(TicketDraw, n))
	c.toLong = 0
	c.keepMin = 1
	c.keepSetup = false
	c.phase = phKeep
	return nil
}

// CheckStation reports whether the current player may build a station on
// city with cards: nil, or the *RuleError Apply would return.
func (s *State) CheckStation(city int, cards CardSet) error {
	if s.c.wait.Need != NeedTurn {
		return wrongAction(s.c.wait.Need)
	}
	return s.checkStation(city, cards)
}

func (s *State) checkStation(city int, cards CardSet) error {
	c := &s.c
	p := int(c.cur)
	if s.m.Rules.Stations == 0 {
		return ruleErr(ErrNoStations, nil)
	}
	if c.stationsLeft[p] <= 0 {
		return ruleErr(ErrNoStationsLeft, nil)
	}
	if city < 0 || city >= len(s.m.Cities) {
		return ruleErr(ErrNoSuchCity, func(q *Params) { q.City = city })
	}
	if o := c.stationOwner[city]; o != 0 {
		return ruleErr(ErrStationTaken, func(q *Params) { q.City, q.Player = city, int(o)-1 })
	}
	_, err := checkPay(c.hand[p], cards, s.stationCost(p), Locomotive, 0)
	return err
}

// StationCost returns the cards player p's next station costs.
func (s *State) StationCost(p int) int { return s.stationCost(p) }

func (s *State) stationCost(p int) int {
	return s.m.Rules.Stations - int(s.c.stationsLeft[p]) + 1
}

func (s *State) station(city int, cards CardSet, evs *[]Event) error {
	if err := s.checkStation(city, cards); err != nil {
		return err
	}
	c := &s.c
	p := int(c.cur)
	c.hand[p] = c.hand[p].Minus(cards)
	c.discard = c.discard.Union(cards)
	c.stationOwner[city] = int8(p + 1)
	c.stationsLeft[p]--
	if evs != nil {
		e := ev(EvStationBuilt, p)
		e.City, e.Cards = city, cards
		*evs = append(*evs, e)
	}
	c.phase = phTurnEnd
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

func (s *State) revealTicket(t TicketID, evs *[]Event) error {
	c := &s.c
	if int(t) >= len(s.m.Tickets) {
		return ruleErr(ErrNoSuchTicket, func(q *Params) { q.Ticket = t })
	}
	allowed := s.nextTickets()
	if !allowed.Has(t) {
		loc, who := s.WhereTicket(t)
		var code Code
		switch loc {
		case TicketDrawn, TicketKept:
			code = ErrTicketHeld
		case TicketInBox:
			code = ErrTicketInBox
		case TicketAtBottom:
			code = ErrTicketNotNext
		default:
			code = ErrTicketWrongPile
		}
		return ruleErr(code, func(q *Params) { q.Ticket, q.Player = t, who })
	}
	p := int(c.cur)
	if c.toLong > 0 {
		c.tLong &^= 1 << t
		c.toLong--
	} else {
		c.toDraw--
		if c.tTop.Has(t) {
			c.tTop &^= 1 << t
		} else {
			i := 0
			for c.bottom[i] != t {
				i++
			}
			copy(c.bottom[i:], c.bottom[i+1:c.bottomLen])
			copy(c.bottomGrp[i:], c.bottomGrp[i+1:c.bottomLen])
			c.bottomLen--
			c.bottom[c.bottomLen], c.bottomGrp[c.bottomLen] = 0, 0
		}
	}
	c.tDrawn[p] |= 1 << t
	if evs != nil {
		e := ev(EvTicketDrawn, p)
		e.Ticket = t
		*evs = append(*evs, e)
	}
	return nil
}

// nextTickets returns the tickets that may come next when a ticket is
// awaited: the long pile, else the deck above the returned tickets, else
// the earliest group of returned tickets (whose order within the group is
// unknown).
func (s *State) nextTickets() TicketSet {
	c := &s.c
	switch {
	case c.toLong > 0:
		return c.tLong
	case c.tTop != 0:
		return c.tTop
	}
	var out TicketSet
	for i := 0; i < int(c.bottomLen) && c.bottomGrp[i] == c.bottomGrp[0]; i++ {
		out |= 1 << c.bottom[i]
	}
	return out
}
