package engine

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
	if a.who != 0 {
		if err := s.focus(a); err != nil {
			return err
		}
	}
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
		p = pack(KeepTickets, int(a.who), CardSet{uint64(a.Tickets)})
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
		p = pack(RevealCard, int(a.Card)|int(a.who)<<whoShift, CardSet{})
	case RevealTicket:
		if w != NeedTicket {
			return wrongAction(w)
		}
		err = s.revealTicket(a.Ticket, evs)
		p = pack(RevealTicket, int(a.Ticket)|int(a.who)<<whoShift, CardSet{})
	case Undo:
		u := s.UndoInfo()
		if u.Block != UndoAllowed {
			return ruleErr(ErrWrongAction, func(q *Params) { q.Wait = w })
		}
		emit(evs, ev(EvUndone, u.Player))
		s.undoTo(&u.Before.c)
		return nil
	case Abandon:
		if w == NeedNothing {
			return wrongAction(w)
		}
		s.c.abandoned = true
		s.c.phase = phOver
		emit(evs, ev(EvAbandoned, -1))
		p = pack(Abandon, 0, CardSet{})
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
	s.dealTickets()
	emit(evs, ev(EvFirstPlayer, p))
	return nil
}
