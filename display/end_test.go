package display

import (
	"testing"

	"ttr/input"
)

// TestEndRankingAndLegend checks the end screen's words and marks: the
// ranking (winners first, ties sharing a place), "+0" replaced by who took
// the longest route bonus, the legend of the ticket lines, and each
// completed ticket drawn on the board in its player's colour.
func TestEndRankingAndLegend(t *testing.T) {
	v := endScene(t, "en")
	e := v.End
	s := geometryOnly(t, 1280, 720, DefaultEdges(len(v.Seats)), &v)
	s.rankEnd(e)
	if len(s.endOrder) != len(e.Players) {
		t.Fatalf("ranking of %d players, want %d", len(s.endOrder), len(e.Players))
	}
	for i, p := range s.endOrder {
		ep := endPlayerOf(e, p)
		if i < len(e.Winners) {
			if !isWinner(e, p) || s.endRank[i] != 1 {
				t.Errorf("place %d: player %d ranked %d, want a winner first", i, p, s.endRank[i])
			}
			continue
		}
		prev := endPlayerOf(e, s.endOrder[i-1])
		if ep.Total > prev.Total {
			t.Errorf("player %d (%d points) ranked after player %d (%d)", p, ep.Total, s.endOrder[i-1], prev.Total)
		}
		if ep.Total == prev.Total && !isWinner(e, s.endOrder[i-1]) && s.endRank[i] != s.endRank[i-1] {
			t.Errorf("players %d and %d tie on %d points but take places %d and %d", s.endOrder[i-1], p, ep.Total, s.endRank[i-1], s.endRank[i])
		}
	}
	holder := longestHolder(e)
	if holder == nil {
		t.Fatal("the scene has no longest route bonus")
	}
	tickets := 0
	for i := range e.Players {
		ep := &e.Players[i]
		lines, _ := endLines(nil, nil, e, ep, false)
		taken, legend, zero := false, false, false
		for _, l := range lines {
			switch l.Key {
			case "board_end.longest_taken":
				taken = true
				if !textEqual(l.Args["Player"].(input.Text), holder.Name) {
					t.Errorf("player %d: the bonus is said to be %v's, want %v's", ep.Player, l.Args["Player"], holder.Name)
				}
			case "board_end.legend_tickets":
				legend = true
			case "end.longest_route":
				zero = ep.LongestBonus == 0
			}
		}
		if ep.LongestBonus == 0 && (!taken || zero) {
			t.Errorf("player %d: the longest route line does not say who took the bonus", ep.Player)
		}
		if !legend {
			t.Errorf("player %d: no legend for the ticket lines", ep.Player)
		}
		for _, tk := range ep.Tickets {
			if tk.Completed {
				tickets++
			}
		}
	}
	bv := s.boardView(&v, v.Announce.At)
	if len(bv.Tickets) != tickets || tickets == 0 {
		t.Errorf("%d ticket lines on the board, want %d (every completed ticket)", len(bv.Tickets), tickets)
	}
}
