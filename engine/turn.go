package engine

// The end of a turn and of the game. The rule books: when a player's turn
// ends with two or fewer trains left, every player, that player included,
// has one last turn, and then the game ends. A game in which every player
// passed in a row can never move again, and ends too.

func (s *State) endTurn(evs *[]Event) {
	c := &s.c
	p := int(c.cur)
	n := int(c.players)
	if evs != nil {
		emit(evs, ev(EvTurnEnded, p))
	}
	c.turns++
	switch {
	case c.lastRound:
		c.turnsLeft--
		if c.turnsLeft <= 0 {
			s.gameOver(evs)
			return
		}
	case c.trains[p] <= LastRoundAt:
		c.lastRound = true
		c.turnsLeft = int8(n)
		e := ev(EvLastRound, p)
		e.Count = int(c.trains[p])
		emit(evs, e)
	}
	if int(c.passes) >= n {
		// Everyone passed in a row: nothing has changed since, so nobody
		// will ever be able to act again.
		s.gameOver(evs)
		return
	}
	c.cur = int8((p + 1) % n)
	c.phase = phTurn
}

func (s *State) gameOver(evs *[]Event) {
	s.c.phase = phOver
	emit(evs, ev(EvGameOver, -1))
}
