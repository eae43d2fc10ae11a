package engine

// Tunnels. The rule books: to claim a tunnel the player lays the cards its
// length asks for, then the top three cards of the deck are revealed. Each
// revealed card of the colour paid, and each revealed locomotive, costs one
// more card of that colour or a locomotive; when the tunnel was paid with
// locomotives alone, only revealed locomotives count and only locomotives
// pay them. The player pays the extra cards or takes all their cards back,
// and the turn ends either way; the revealed cards are discarded. With
// fewer than three cards in deck and discards, only those are revealed.

// startTunnel lays cards (already out of the hand), paid in colour col, on
// tunnel r and asks for the cards to reveal.
func (s *State) startTunnel(r int, cards CardSet, col CardColor) {
	c := &s.c
	c.played = cards
	c.tunRoute = int16(r)
	c.tunColor = col
	c.tunTarget = int8(min(TunnelReveal, s.cardsLeft()))
	c.phase = phReveal
}

// tunnelExtra counts the revealed cards that cost one more card.
func (s *State) tunnelExtra() int {
	n := s.c.revealed.Count(Locomotive)
	if s.c.tunColor != Locomotive {
		n += s.c.revealed.Count(s.c.tunColor)
	}
	return n
}

// resolveTunnel follows the reveal: with no extra cost the tunnel is
// claimed at once, else the player is asked to pay it or withdraw.
func (s *State) resolveTunnel(evs *[]Event) {
	c := &s.c
	extra := s.tunnelExtra()
	if extra == 0 {
		s.completeClaim(int(c.tunRoute), c.played, evs)
		s.endTunnel()
		return
	}
	c.tunExtra = int8(extra)
	e := ev(EvTunnelCost, int(c.cur))
	e.Route = int(c.tunRoute)
	e.Count = extra
	emit(evs, e)
	c.phase = phTunnel
}

// endTunnel discards the revealed cards and ends the turn; the cards laid
// have gone to the route or back to the hand.
func (s *State) endTunnel() {
	c := &s.c
	c.played = CardSet{}
	c.discard = c.discard.Union(c.revealed)
	c.revealed = CardSet{}
	c.tunRoute = -1
	c.phase = phTurnEnd
}

// CheckTunnelPay reports whether cards pay the pending tunnel's extra cost:
// nil, or the *RuleError Apply(NewPayTunnel(...)) would return.
func (s *State) CheckTunnelPay(cards CardSet) error {
	if s.c.wait.Need != NeedTunnel {
		return wrongAction(s.c.wait.Need)
	}
	return s.checkTunnelPay(cards)
}

// checkTunnelPay: the extra cost in the colour paid or locomotives, or in
// locomotives alone when the tunnel was paid with locomotives alone.
func (s *State) checkTunnelPay(cards CardSet) error {
	c := &s.c
	hand := c.hand[c.cur]
	if c.tunColor == Locomotive {
		if bad := cards.Minus(colorMask[Locomotive]); !bad.Empty() && hand.Has(bad.nth(0)) {
			return ruleErr(ErrLocomotivesOnly, func(q *Params) { q.Card = bad.nth(0) })
		}
	}
	_, err := checkPay(hand, cards, int(c.tunExtra), c.tunColor, 0)
	return err
}

// payTunnel pays the extra cost with cards and claims the tunnel.
func (s *State) payTunnel(cards CardSet, evs *[]Event) error {
	if err := s.checkTunnelPay(cards); err != nil {
		return err
	}
	c := &s.c
	c.hand[c.cur] = c.hand[c.cur].Minus(cards)
	s.completeClaim(int(c.tunRoute), c.played.Union(cards), evs)
	s.endTunnel()
	return nil
}

// withdraw gives the laid cards back to the player, leaving the tunnel
// free.
func (s *State) withdraw(evs *[]Event) {
	c := &s.c
	if evs != nil {
		e := ev(EvTunnelWithdrawn, int(c.cur))
		e.Route, e.Cards = int(c.tunRoute), c.played
		*evs = append(*evs, e)
	}
	c.hand[c.cur] = c.hand[c.cur].Union(c.played)
	s.endTunnel()
}

// appendTunnelPayments appends the ways the current player can pay the
// pending tunnel's extra cost: by number of locomotives, each with the
// lowest cards of the hand (Apply accepts any cards that pay the same).
func (s *State) appendTunnelPayments(buf []Action) []Action {
	c := &s.c
	hand := c.hand[c.cur]
	extra := int(c.tunExtra)
	locos := hand.OfColor(Locomotive)
	if c.tunColor == Locomotive {
		if locos.Len() >= extra {
			buf = append(buf, Action{Kind: PayTunnel, Cards: locos.lowest(extra)})
		}
		return buf
	}
	col := hand.OfColor(c.tunColor)
	for l := max(0, extra-col.Len()); l <= min(extra, locos.Len()); l++ {
		buf = append(buf, Action{Kind: PayTunnel, Cards: col.lowest(extra - l).Union(locos.lowest(l))})
	}
	return buf
}
