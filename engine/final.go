package engine

import (
	"ttr/engine/score"
)

// ScorePlayers returns each player's board for package score: routes,
// stations and kept tickets, in index order. Drawn tickets not yet kept are
// not included.
func (s *State) ScorePlayers() []score.Player {
	n := int(s.c.players)
	out := make([]score.Player, n)
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
		for _, t := range s.c.tKept[p].IDs() {
			out[p].Tickets = append(out[p].Tickets, int(t))
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
