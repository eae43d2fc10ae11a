package engine

// The set-up. The rule books: each player is dealt four train cards, five
// cards are laid face up, and each player draws their destination tickets
// (USA: three; Europe: one long and three regular) and keeps at least two.
// At the table, as with the printed game, every seat does this at once:
// each player scans the cards and tickets dealt to them at their own
// reader and chooses their tickets while the others do, the face-up cards
// are laid at any reader, and the first turn starts when every player has
// kept their tickets.
//
// So while the set-up lasts several pieces of work are pending at once
// (Pending): a player's hand to deal, the market to lay, a player's
// tickets to draw, a player's choice of tickets. A set-up action names
// whose work it is (NewDealCard, NewLayCard, NewDealTicket,
// NewKeepTicketsFor), and the log records them in the order they came. An
// action that names nobody (NewRevealCard, NewRevealTicket,
// NewKeepTickets) does the work Waiting names: the first pending in the
// order the set-up was once dealt one seat at a time (every hand from the
// first player on, the market, then each player's tickets in turn), so
// that digital play and logs written that way replay as before.

// dealTickets sets how many tickets each player draws at set-up.
func (s *State) dealTickets() {
	c := &s.c
	n := int(c.players)
	regular, long := c.tTop.Len(), c.tLong.Len()
	for i := range n {
		p := (int(c.first) + i) % n
		c.setupDraw[p] = int8(min(s.m.Rules.SetupTickets, regular))
		c.setupLong[p] = int8(min(s.m.Rules.SetupLongTickets, long))
		regular -= int(c.setupDraw[p])
		long -= int(c.setupLong[p])
	}
}

// focusTickets makes the state wait for player p's set-up tickets: the
// next ticket they draw, or their choice once all are drawn.
func (s *State) focusTickets(p int) {
	c := &s.c
	c.cur = int8(p)
	c.toDraw, c.toLong = c.setupDraw[p], c.setupLong[p]
	c.keepSetup = true
	if c.toDraw+c.toLong > 0 {
		c.keepMin = int8(min(s.m.Rules.SetupKeep, c.tDrawn[p].Len()+int(c.toDraw+c.toLong)))
		c.wait = Wait{Need: NeedTicket, Player: p, Slot: -1, Count: int(c.toDraw + c.toLong), Long: c.toLong > 0}
		return
	}
	c.keepMin = int8(min(s.m.Rules.SetupKeep, c.tDrawn[p].Len()))
	c.wait = Wait{Need: NeedKeep, Player: p, Slot: -1, Count: int(c.keepMin)}
}

// focus makes the state wait for the set-up work action a names, or
// refuses it when that work is not pending.
func (s *State) focus(a *Action) error {
	c := &s.c
	if c.phase != phSetup {
		return wrongAction(c.wait.Need)
	}
	who := a.For()
	if who == ForMarket {
		slot := s.emptySlot()
		if a.Kind != RevealCard || slot < 0 || !s.hasCards() {
			return ruleErr(ErrWrongAction, func(q *Params) { q.Wait = c.wait.Need; q.Slot = slot })
		}
		c.wait = Wait{Need: NeedCardToMarket, Player: int(c.first), Slot: slot}
		return nil
	}
	if who < 0 || who >= int(c.players) {
		return ruleErr(ErrNoSuchPlayer, func(q *Params) { q.Player = who })
	}
	w, ok := s.pendingOf(who, a.Kind)
	if !ok {
		return ruleErr(ErrWrongAction, func(q *Params) { q.Wait, q.Player = w.Need, who })
	}
	if w.Need == NeedCardToHand {
		c.wait = w
		return nil
	}
	s.focusTickets(who)
	return nil
}

// pendingOf returns player p's pending set-up work that an action of kind
// k does, and whether there is such work; without, the Wait is p's first
// work pending, if any (Need 0 when none).
func (s *State) pendingOf(p int, k ActionKind) (Wait, bool) {
	hand, tickets := s.playerWork(p)
	switch k {
	case RevealCard:
		return hand, hand.Need == NeedCardToHand
	case RevealTicket:
		return tickets, tickets.Need == NeedTicket
	case KeepTickets:
		return tickets, tickets.Need == NeedKeep
	}
	if hand.Need != 0 {
		return hand, false
	}
	return tickets, false
}

// playerWork returns player p's set-up work pending: cards to be dealt to
// them, and their tickets to draw or else to keep (the zero Wait for work
// done). The two are independent: a player may draw and keep their tickets
// before all their cards are dealt.
func (s *State) playerWork(p int) (hand, tickets Wait) {
	c := &s.c
	if c.phase != phSetup {
		return
	}
	if n := c.hand[p].Len(); n < HandSize {
		hand = Wait{Need: NeedCardToHand, Player: p, Slot: -1, Count: HandSize - n}
	}
	switch {
	case c.setupDraw[p]+c.setupLong[p] > 0:
		tickets = Wait{Need: NeedTicket, Player: p, Slot: -1, Count: int(c.setupDraw[p] + c.setupLong[p]), Long: c.setupLong[p] > 0}
	case c.tKept[p] == 0:
		tickets = Wait{Need: NeedKeep, Player: p, Slot: -1, Count: min(s.m.Rules.SetupKeep, c.tDrawn[p].Len())}
	}
	return
}

// Pending returns every piece of work the state waits for. During the
// set-up, when every seat works at once, that is for each player from the
// first their cards to be dealt and their tickets to draw or keep, then
// the market to lay (Player: the first player, though any reader lays
// it). Waiting is one of them. After the set-up Pending is just Waiting.
func (s *State) Pending() []Wait {
	c := &s.c
	if c.phase != phSetup {
		return []Wait{c.wait}
	}
	n := int(c.players)
	var out []Wait
	for i := range n {
		p := (int(c.first) + i) % n
		hand, tickets := s.playerWork(p)
		for _, w := range []Wait{hand, tickets} {
			if w.Need != 0 {
				out = append(out, w)
			}
		}
	}
	if slot := s.emptySlot(); slot >= 0 && s.hasCards() {
		out = append(out, Wait{Need: NeedCardToMarket, Player: int(c.first), Slot: slot})
	}
	return out
}

// TicketsToDraw returns how many tickets player p has still to draw at
// set-up (regular and long), 0 after it.
func (s *State) TicketsToDraw(p int) int {
	if s.c.phase != phSetup || p < 0 || p >= int(s.c.players) {
		return 0
	}
	return int(s.c.setupDraw[p] + s.c.setupLong[p])
}
