package engine

import (
	"math/bits"

	"ttr/engine/score"
)

// ScorePlayers returns each player's board for package score: routes,
// stations and kept tickets, in index order. Drawn tickets not yet kept are
// not included.
func (s *State) ScorePlayers() []score.Player {
	n := int(s.c.players)
	out := make([]score.Player, n)
	// Count first, then fill one backing array: one allocation for all
	// the lists.
	var routes, stations [MaxPlayers]int
	total := 0
	for r := range s.m.Routes {
		if o := s.c.owner[r]; o != 0 {
			routes[o-1]++
			total++
		}
	}
	for city := range s.m.Cities {
		if o := s.c.stationOwner[city]; o != 0 {
			stations[o-1]++
			total++
		}
	}
	for p := range n {
		total += s.c.tKept[p].Len()
	}
	backing := make([]int, 0, total)
	carve := func(k int) []int {
		l := backing[len(backing) : len(backing) : len(backing)+k]
		backing = backing[:len(backing)+k]
		return l
	}
	for p := range out {
		if routes[p] > 0 {
			out[p].Routes = carve(routes[p])
		}
		if stations[p] > 0 {
			out[p].Stations = carve(stations[p])
		}
		if k := s.c.tKept[p].Len(); k > 0 {
			out[p].Tickets = carve(k)
		}
	}
	for r := range s.m.Routes {
		if o := s.c.owner[r]; o != 0 {
			out[o-1].Routes = append(out[o-1].Routes, r)
		}
	}
	for city := range s.m.Cities {
		if o := s.c.stationOwner[city]; o != 0 {
			out[o-1].Stations = append(out[o-1].Stations, city)
		}
	}
	for p := range out {
		for x := uint64(s.c.tKept[p]); x != 0; x &= x - 1 {
			out[p].Tickets = append(out[p].Tickets, bits.TrailingZeros64(x))
		}
	}
	return out
}

// Result returns the final scoring of the board as it stands: tickets with
// the stations' best borrowed routes, station bonus, longest path and the
// winners. It is the game's result once IsTerminal; before, it is what the
// scores would be if the game ended now.
func (s *State) Result() score.Result { return score.Final(s.m, s.ScorePlayers()) }

func totals(r score.Result) []int {
	out := make([]int, len(r.Players))
	for i, p := range r.Players {
		out[i] = p.Total
	}
	return out
}
