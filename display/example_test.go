package display_test

import (
	"fmt"

	"ttr/display"
)

// Seats around a table: five players, two of them on the long bottom edge.
func ExampleDefaultEdges() {
	for n := 2; n <= 5; n++ {
		fmt.Println(n, display.DefaultEdges(n))
	}
	// Output:
	// 2 [bottom top]
	// 3 [bottom left top]
	// 4 [bottom left top right]
	// 5 [bottom bottom left top right]
}

// A config names the edge each seat faces.
func ExampleParseEdge() {
	e, err := display.ParseEdge("left")
	fmt.Println(e, err)
	_, err = display.ParseEdge("north")
	fmt.Println(err)
	// Output:
	// left <nil>
	// display: unknown edge "north" (want bottom, top, left or right)
}
