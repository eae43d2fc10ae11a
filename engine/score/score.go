package score

import (
	"strconv"

	"ttr/maps"
)

// The numbers of the rule books that the map data does not carry.
const (
	// Trains is the number of trains each player starts with.
	Trains = 45
	// StationValue is what each station not built is worth at the end (Europe).
	StationValue = 4
	// LongestValue is the bonus of each player tied on the longest path.
	LongestValue = 10
)

// A Player is one player's part of a finished board.
type Player struct {
	Name     string
	Routes   []int // route indexes in m.Routes
	Stations []int // city indexes
	Tickets  []int // ticket indexes in m.Tickets
}

// A TicketResult says whether one of a player's tickets was completed.
type TicketResult struct {
	Ticket    int // index in m.Tickets
	Completed bool
}

// A PlayerResult is one player's final score, item by item.
type PlayerResult struct {
	Name          string
	RoutePoints   int
	Tickets       []TicketResult // in the order of Player.Tickets
	TicketPoints  int            // completed tickets added, incomplete ones subtracted
	StationsBuilt int
	StationPoints int         // StationValue per station not built (Europe); 0 on the USA map
	StationRoutes map[int]int // city index -> borrowed route index, or -1 if none helps
	LongestPath   int         // trains in the longest continuous path of own routes
	LongestBonus  int         // LongestValue if tied for the longest path, else 0
	Total         int
	// CompletedTickets counts the completed tickets (the first tie-break).
	CompletedTickets int
}

// TieBreak names what decided the winner.
type TieBreak uint8

// The tie-breaks, in the order the rule books apply them.
const (
	Points   TieBreak = iota // most points
	Tickets                  // most completed tickets
	Stations                 // fewest stations built (Europe only)
	Longest                  // holder of the longest-path bonus
	Shared                   // still tied: every player in Winners shares the win
)

var tieBreakNames = [...]string{"points", "tickets", "stations", "longest", "shared"}

// String returns the tie-break's name in result files: "points", "tickets",
// "stations", "longest" or "shared".
func (t TieBreak) String() string {
	if int(t) < len(tieBreakNames) {
		return tieBreakNames[t]
	}
	return "TieBreak(" + strconv.Itoa(int(t)) + ")"
}

// parseTieBreak is the inverse of TieBreak.String.
func parseTieBreak(s string) (TieBreak, bool) {
	for i, n := range tieBreakNames {
		if n == s {
			return TieBreak(i), true
		}
	}
	return 0, false
}

// A Result is the final scoring of a game.
type Result struct {
	Players   []PlayerResult // in seat order, as given to Final
	Winners   []int          // indexes in Players: the winner, or all still tied
	DecidedBy TieBreak
}

// Final scores a finished board. The players must be valid for m (see
// Validate); Final itself never fails.
func Final(m *maps.Map, players []Player) Result {
	owner := make([]int, len(m.Routes))
	for i := range owner {
		owner[i] = -1
	}
	for p, pl := range players {
		for _, r := range pl.Routes {
			owner[r] = p
		}
	}
	var buf trailBuffers
	most := 0
	for _, pl := range players {
		most = max(most, len(pl.Routes))
	}
	buf.reserve(m, most)
	var stations stationBuffers
	touch := stationTouch(m, players)
	stations.ints.buf = make([]int, 2*len(m.Cities)+64) // a player's union-find and node numbers, and more
	res := Result{Players: make([]PlayerResult, len(players))}
	best := 0
	for p, pl := range players {
		pr := &res.Players[p]
		pr.Name = pl.Name
		for _, r := range pl.Routes {
			pr.RoutePoints += m.Routes[r].Points
		}
		pr.StationsBuilt = len(pl.Stations)
		if m.Rules.Stations > 0 {
			pr.StationPoints = StationValue * max(m.Rules.Stations-len(pl.Stations), 0)
		}
		choice := chooseStationsWith(m, pl, p, owner, touch, &stations)
		pr.StationRoutes = make(map[int]int, len(pl.Stations))
		for i, c := range pl.Stations {
			pr.StationRoutes[c] = choice.borrowed[i]
		}
		pr.Tickets = make([]TicketResult, len(pl.Tickets))
		for i, t := range pl.Tickets {
			pr.Tickets[i] = TicketResult{Ticket: t, Completed: choice.completed[i]}
			if choice.completed[i] {
				pr.TicketPoints += m.Tickets[t].Points
				pr.CompletedTickets++
			} else {
				pr.TicketPoints -= m.Tickets[t].Points
			}
		}
		pr.LongestPath, _ = longestPath(m, pl.Routes, &buf)
		best = max(best, pr.LongestPath)
	}
	for p := range res.Players {
		pr := &res.Players[p]
		if best > 0 && pr.LongestPath == best {
			pr.LongestBonus = LongestValue
		}
		pr.Total = pr.RoutePoints + pr.TicketPoints + pr.StationPoints + pr.LongestBonus
	}
	res.Winners, res.DecidedBy = winners(m, res.Players)
	return res
}

// winners applies the tie-breaks in order: most points, most completed
// tickets, fewest stations built (maps with stations only), the longest-path
// bonus. It returns the players left and the tie-break that left only one,
// or Shared.
func winners(m *maps.Map, players []PlayerResult) ([]int, TieBreak) {
	left := make([]int, len(players))
	for i := range left {
		left[i] = i
	}
	// keep narrows left to the players with the highest key.
	keep := func(key func(p *PlayerResult) int) {
		best := key(&players[left[0]])
		for _, i := range left[1:] {
			best = max(best, key(&players[i]))
		}
		n := 0
		for _, i := range left {
			if key(&players[i]) == best {
				left[n] = i
				n++
			}
		}
		left = left[:n]
	}
	if len(left) == 0 {
		return []int{}, Shared
	}
	steps := []struct {
		by  TieBreak
		key func(p *PlayerResult) int
	}{
		{Points, func(p *PlayerResult) int { return p.Total }},
		{Tickets, func(p *PlayerResult) int { return p.CompletedTickets }},
		{Stations, func(p *PlayerResult) int { return -p.StationsBuilt }},
		{Longest, func(p *PlayerResult) int { return p.LongestBonus }},
	}
	for _, s := range steps {
		if s.by == Stations && m.Rules.Stations == 0 {
			continue
		}
		keep(s.key)
		if len(left) == 1 {
			return left, s.by
		}
	}
	return left, Shared
}
