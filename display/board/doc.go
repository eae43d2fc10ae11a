// Package board computes the geometry of a map's board on the screen: where
// each city, each car space of each route and each city name goes inside a
// rectangle of the screen, the shapes that tell colours apart for
// colour-blind players, the land-and-sea background, and which route or city
// a touch landed on.
//
// # Boundary
//
// board imports maps and the standard library only. It never draws: package
// display turns a Layout into raylib calls, and tests check the geometry and
// the hit-testing without a window.
//
// # Coordinates
//
// Map positions (maps.City.Board) are pixels of a 1744 x 1125 board image.
// A Layout fits the cities' bounding box, with a margin for names, into the
// rectangle it is given, keeping the aspect ratio, and works in screen pixels
// from then on (origin top left, y down). Every shape is precomputed when the
// layout is made, so drawing a frame allocates nothing.
//
// # Names
//
// Each city's name lies on a plate placed twice, read along the board
// (CityShape.Label) and turned a quarter (LabelTurned), chosen among some
// three hundred places round the city so that no plate covers a car space,
// another name or another city while a place is free (labels.go): a finer
// grid farther out where few are free, two lines for a name of two words
// (Break), and, turned, the place along the board (TurnedFlat) where no
// turned place is free.
//
// # Winding
//
// Every Tri and Quad is wound counter-clockwise as seen on the screen (raylib
// culls the other winding): with y down, the cross product of its first two
// edges is negative.
package board
