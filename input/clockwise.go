package input

import (
	"fmt"
	"slices"

	"ttr/hal"
)

// Play passes clockwise around the table, as every rule book says ("en el
// sentido de las agujas del reloj", "în sensul acelor de ceasornic"),
// whatever order the config lists the seats in. Seen from above, with the
// screen's bottom edge nearest, clockwise runs along the bottom from right
// to left, up the left edge, along the top from left to right and down the
// right edge: bottom, left, top, right. Seats that share an edge sit along
// it in seat order, clockwise (the display lays their panels so).

// edgeOrder is the edges in clockwise order from the bottom.
var edgeOrder = [...]string{"bottom", "left", "top", "right"}

// Clockwise returns seats in the order play passes around the table, from
// the bottom edge: bottom, left, top, right, seats on one edge in seat
// order. edges is the edge each seat of the table faces, by seat; with nil
// edges the order is the seats' own.
func Clockwise(seats []hal.Seat, edges []string) []hal.Seat {
	out := slices.Clone(seats)
	if edges == nil {
		return out
	}
	rank := func(s hal.Seat) int {
		if int(s) < 0 || int(s) >= len(edges) {
			return len(edgeOrder)
		}
		return slices.Index(edgeOrder[:], edges[s])
	}
	slices.SortStableFunc(out, func(a, b hal.Seat) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return int(a) - int(b)
	})
	return out
}

// checkOrder checks that a set-up's turn order, when it has one, names
// each playing seat once.
func checkOrder(s Setup) error {
	if s.Order == nil {
		return nil
	}
	var playing []hal.Seat
	for i, st := range s.Seats {
		if st.Playing {
			playing = append(playing, hal.Seat(i))
		}
	}
	sorted := slices.Clone(s.Order)
	slices.Sort(sorted)
	if !slices.Equal(sorted, playing) {
		return fmt.Errorf("turn order %v is not the playing seats %v", s.Order, playing)
	}
	return nil
}
