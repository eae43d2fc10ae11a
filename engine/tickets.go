package engine

import "ttr/maps"

// Destination tickets. The rule books: at set-up each player draws the
// tickets the map's rules say (Europe: one long and three regular) and
// keeps at least two; on their turn a player may draw three tickets and
// keep at least one. Returned tickets go to the bottom of the pile (at
// Europe's set-up, long tickets not kept go back to the box).

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
	if c.phase == phSetup {
		c.setupDraw[p], c.setupLong[p] = c.toDraw, c.toLong
	}
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
