package engine

// Stations (Europe). The rule books: on their turn a player may build a
// station on any city that has none, paying one card for their first
// station, two for the second, three for the third, all of one colour. At
// the end a station lets its owner use one route of another player into
// its city for their tickets (score/stations.go); each station not built
// is worth four points.

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
