package input_test

import (
	"slices"
	"testing"
	"time"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/input/inputtest"
)

// TestPlayPassesClockwise checks that turn order follows the seats' places
// around the table, seen from above bottom, left, top, right, seats on one
// edge in seat order, whatever order the config lists them in.
func TestPlayPassesClockwise(t *testing.T) {
	tests := []struct {
		name  string
		edges []string
		want  []hal.Seat
	}{
		{"shipped config", []string{"bottom", "right", "top", "left"}, []hal.Seat{0, 3, 2, 1}},
		{"two seats facing", []string{"top", "bottom"}, []hal.Seat{1, 0}},
		{"three seats", []string{"right", "top", "bottom"}, []hal.Seat{2, 1, 0}},
		{"five seats, two on the bottom", []string{"right", "bottom", "top", "bottom", "left"}, []hal.Seat{1, 3, 4, 2, 0}},
		{"no edges: seat order", nil, []hal.Seat{0, 1, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := len(tc.edges)
			if n == 0 {
				n = 3
			}
			var seats []hal.Seat
			for i := range n {
				seats = append(seats, hal.Seat(i))
			}
			if got := input.Clockwise(seats, tc.edges); !slices.Equal(got, tc.want) {
				t.Fatalf("Clockwise %v = %v, want %v", tc.edges, got, tc.want)
			}
			// Through the table: a started game's players sit in that
			// order, and each turn passes to the next of them.
			tb, err := input.NewTable(input.Opts{Seats: n, Edges: tc.edges, Map: "usa", Lang: "en", Resolve: inputtest.Resolve})
			if err != nil {
				t.Fatal(err)
			}
			at := time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)
			first := tc.want[0]
			tb.Handle(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyFirst, Seat: first, At: at})
			if res := tb.Handle(hal.Press{Seat: first, Button: hal.Confirm, At: at}); !res.Started {
				t.Fatalf("the game did not start: %+v", res.Notices)
			}
			if got := tb.Setup().Order; !slices.Equal(got, tc.want) {
				t.Errorf("Setup().Order = %v, want %v", got, tc.want)
			}
			for p, seat := range tc.want {
				if got := tb.SeatOf(p); got != seat {
					t.Errorf("SeatOf(%d) = %d, want %d", p, got, seat)
				}
			}
			// Play the set-up and two turns of blind draws digitally:
			// the seats whose turn it is follow the order.
			s := tb.Game()
			d := engine.NewDealer(1)
			var turns []hal.Seat
			for len(turns) < n+1 {
				if s.IsChance() {
					s, _, err = s.Apply(d.Outcome(s))
				} else {
					w := s.Waiting()
					if w.Need == engine.NeedTurn {
						turns = append(turns, tb.SeatOf(w.Player))
						s, _, err = s.Apply(engine.NewDrawBlind())
					} else {
						s, _, err = s.Apply(s.LegalActions()[0])
					}
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			want := append(slices.Clone(tc.want), tc.want[0])
			if !slices.Equal(turns, want) {
				t.Errorf("turns at seats %v, want %v", turns, want)
			}
		})
	}
}

// TestTableRefusesBadEdges checks that a table with edges that are not one
// per seat, or not an edge, is refused with a message naming it.
func TestTableRefusesBadEdges(t *testing.T) {
	for _, edges := range [][]string{{"bottom"}, {"bottom", "middle"}} {
		if _, err := input.NewTable(input.Opts{Seats: 2, Edges: edges, Resolve: inputtest.Resolve}); err == nil {
			t.Errorf("NewTable with edges %q: no error", edges)
		}
	}
}
