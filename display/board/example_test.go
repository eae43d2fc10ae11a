package board_test

import (
	"fmt"

	"ttr/display/board"
	"ttr/maps"
)

// A touch on the screen becomes a route or a city of the map.
func ExampleLayout_HitTest() {
	m := maps.Europe()
	l := board.New(m, board.Rect{X: 0, Y: 0, W: 1280, H: 720}, board.DefaultOpts())

	paris, _ := m.City("paris")
	fmt.Println(l.HitTest(l.Cities[paris].Center).Kind)

	r, _ := m.Route("berlin--frankfurt--2")
	hit := l.HitTest(l.Routes[r].Cars[0].Center)
	fmt.Println(hit.Kind, m.Routes[hit.Index].ID)

	fmt.Println(l.HitTest(board.Vec{X: 2, Y: 2}).Kind)
	// Output:
	// city
	// route berlin--frankfurt--2
	// none
}
