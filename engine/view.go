package engine

import "ttr/maps"

// PublicPlayer is what everyone may know about one player.
type PublicPlayer struct {
	Score        int // route points so far (final total once the game is over)
	Trains       int
	StationsLeft int
	Cards        int   // train cards held
	Tickets      int   // tickets kept
	Drawn        int   // tickets drawn, keep decision pending
	Routes       []int // claimed route indexes, increasing
	Stations     []int // city indexes with this player's stations, increasing
}

// Public is what the shared screen may show: it carries no hand contents,
// no ticket and no face-down card.
type Public struct {
	Map          *maps.Map
	Players      []PublicPlayer
	First        int  // the first player, -1 before chosen
	Turn         int  // whose turn it is (-1 before the first player is chosen)
	Wait         Wait // what the table waits for
	Market       [MarketSize]CardID
	DeckCards    int
	Discards     int
	TicketDeck   int   // regular tickets left to draw
	RouteOwner   []int // per route: the player who claimed it, or -1
	StationOwner []int // per city: the player with a station there, or -1

	// The pending tunnel: route (-1 when none), the cards played on it,
	// the cards revealed so far and, once all are revealed, the extra cost.
	TunnelRoute    int
	TunnelPlayed   []CardID
	TunnelRevealed []CardID
	TunnelExtra    int

	LastRound bool
	TurnsLeft int // turns left in the last round, 0 before it starts
	Over      bool
}

// PlayerView is what one player may know: the public view, their hand and
// their tickets.
type PlayerView struct {
	Public
	Player  int
	Hand    []CardID   // increasing
	Tickets []TicketID // kept, increasing
	Drawn   []TicketID // drawn, keep decision pending
}

// Public returns the shared screen's view of the game.
func (s *State) Public() Public {
	c := &s.c
	n := int(c.players)
	v := Public{
		Map:          s.m,
		Players:      make([]PublicPlayer, n),
		First:        s.FirstPlayer(),
		Turn:         s.Turn(),
		Wait:         c.wait,
		Market:       c.market,
		DeckCards:    c.deck.Len(),
		Discards:     c.discard.Len(),
		TicketDeck:   s.TicketsInDeck(),
		RouteOwner:   make([]int, len(s.m.Routes)),
		StationOwner: make([]int, len(s.m.Cities)),
		TunnelRoute:  int(c.tunRoute),
		LastRound:    c.lastRound,
		Over:         s.IsTerminal(),
	}
	if c.lastRound {
		v.TurnsLeft = int(c.turnsLeft)
	}
	scores := s.Scores()
	for p := range n {
		v.Players[p] = PublicPlayer{
			Score:        scores[p],
			Trains:       int(c.trains[p]),
			StationsLeft: int(c.stationsLeft[p]),
			Cards:        c.hand[p].Len(),
			Tickets:      c.tKept[p].Len(),
			Drawn:        c.tDrawn[p].Len(),
		}
	}
	for r := range v.RouteOwner {
		v.RouteOwner[r] = int(c.owner[r]) - 1
		if o := v.RouteOwner[r]; o >= 0 {
			v.Players[o].Routes = append(v.Players[o].Routes, r)
		}
	}
	for city := range v.StationOwner {
		v.StationOwner[city] = int(c.stationOwner[city]) - 1
		if o := v.StationOwner[city]; o >= 0 {
			v.Players[o].Stations = append(v.Players[o].Stations, city)
		}
	}
	if c.tunRoute >= 0 {
		v.TunnelPlayed = c.played.IDs()
		v.TunnelRevealed = c.revealed.IDs()
		if c.phase == phTunnel {
			v.TunnelExtra = int(c.tunExtra)
		}
	}
	return v
}

// PlayerView returns what player p may know.
func (s *State) PlayerView(p int) PlayerView {
	v := PlayerView{Public: s.Public(), Player: p}
	if p < 0 || p >= int(s.c.players) {
		return v
	}
	v.Hand = s.c.hand[p].IDs()
	v.Tickets = s.c.tKept[p].IDs()
	v.Drawn = s.c.tDrawn[p].IDs()
	return v
}
