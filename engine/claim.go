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
	code := s.claimRule(r)
	if code == 0 {
		return nil
	}
	c := &s.c
	return ruleErr(code, func(q *Params) {
		q.Route = r
		switch code {
		case ErrRouteClaimed:
			q.Player = int(c.owner[r]) - 1
		case ErrDoubleRouteOwned, ErrDoubleRouteClosed:
			tw := s.m.Routes[r].Twin
			q.Other, q.Player = tw, int(c.owner[tw])-1
		case ErrNotEnoughTrains:
			q.Need, q.Got = s.m.Routes[r].Length, int(c.trains[c.cur])
		}
	})
}

// claimRule is the rule itself: the code that refuses route r to the
// current player, or 0 when they may claim it (cards aside). It is cheap
// and allocates nothing, as LegalActions asks it of routes by the dozen.
func (s *State) claimRule(r int) Code {
	c := &s.c
	if r < 0 || r >= len(s.m.Routes) {
		return ErrNoSuchRoute
	}
	rt := &s.m.Routes[r]
	if c.owner[r] != 0 {
		return ErrRouteClaimed
	}
	if rt.Twin >= 0 {
		if o := c.owner[rt.Twin]; o != 0 {
			if int(o)-1 == int(c.cur) {
				return ErrDoubleRouteOwned
			}
			if c.players <= 3 {
				return ErrDoubleRouteClosed
			}
		}
	}
	if int(c.trains[c.cur]) < rt.Length {
		return ErrNotEnoughTrains
	}
	return 0
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

// setOwner gives route r to player p (which closes its twin in games of 2
// or 3: claimRule).
func (s *State) setOwner(r, p int) {
	c := &s.c
	rt := &s.m.Routes[r]
	c.owner[r] = int8(p + 1)
	c.trains[p] -= int8(rt.Length)
	c.score[p] += int16(rt.Points)
}
