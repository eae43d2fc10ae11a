package engine

import "ttr/maps"

// Claiming a route. The rule books: on their turn a player may claim a
// route by playing as many cards as it has spaces, of its colour (pay.go),
// and placing a train on each space; its points are scored at once. A
// player needs the trains for it. No player may claim both halves of a
// double route, and in games of two or three players only one half may be
// claimed at all. A tunnel goes on in tunnel.go.

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

// completeClaim gives route r to the current player, paid with cards
// (already out of the hand), which go to the discard pile.
func (s *State) completeClaim(r int, cards CardSet, evs *[]Event) {
	c := &s.c
	rt := &s.m.Routes[r]
	p := int(c.cur)
	c.discard = c.discard.Union(cards)
	s.setOwner(r, p)
	if evs != nil {
		e := ev(EvRouteClaimed, p)
		e.Route = r
		e.Cards = cards
		e.Count = rt.Points
		*evs = append(*evs, e)
	}
}

// setOwner gives route r to player p, closing its twin in games of 2 or 3.
func (s *State) setOwner(r, p int) {
	c := &s.c
	rt := &s.m.Routes[r]
	c.owner[r] = int8(p + 1)
	c.open.remove(r)
	if rt.Twin >= 0 {
		c.twinOf[p].add(rt.Twin)
		if c.players <= 3 {
			c.open.remove(rt.Twin)
		}
	}
	c.trains[p] -= int8(rt.Length)
	c.score[p] += int16(rt.Points)
}
