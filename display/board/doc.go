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
// # Millimetres
//
// What players read and touch has a least size on the glass, whatever the
// panel (physical.go): city names 4 mm (MinNameMM: a font read at arm's
// length across a table), the strips' text 3.5 mm (MinStripTextMM), touch
// targets 9 mm (MinTargetMM: a fingertip), owner marks 5 mm (MinMarkMM).
// Given the panel's pixel size (Opts.Physical, from the config's
// screen.width_mm and height_mm, else the panel's EDID, else a 21.5" panel),
// a Layout sets names and marks no smaller, and lets a touch count half a
// fingertip off a car space. Twin lanes closer than a fingertip are one touch
// area (TwinMerged): the colour scanned chooses the lane. Physical.Check says
// what a panel falls short of with a number of seats (the strips, sized so
// that their text is 3.5 mm, take room from the map; names hidden by other
// names; routes with no fingertip's touch area), with a message key of the
// catalogue's screen_size table for the start screen; TestPanelsInMillimetres
// records it for 7", 15.6", 21.5", 27" and 32" panels, and the README's
// "Panels" section quotes it.
//
// # Winding
//
// Every Tri and Quad is wound counter-clockwise as seen on the screen (raylib
// culls the other winding): with y down, the cross product of its first two
// edges is negative.
package board
