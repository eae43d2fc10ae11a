// Package display draws the table with raylib from a read-only view of the
// game, and resolves touches to what they landed on (hit-testing of routes,
// cities, market slots and on-screen keys).
//
// # Boundary
//
// display imports engine, maps, hal (event types), raylib and input, whose
// View is the read-only view of the table it draws: imports still point
// inward, display -> input -> engine -> maps, and input never sees raylib. With tools/sim
// and cmd/table it is one of the only three places raylib is used; all raylib
// calls stay on the main OS thread. The geometry lives in the pure
// subpackage display/board (no raylib), so that hit-testing and layout are
// tested without a window.
//
// # The board
//
// NewBoard lays a map out in a rectangle of the screen and loads what it
// draws with (the land-and-sea background, the city-name font). Each frame,
// Board.Draw draws it with a View on top: claimed routes in their owner's
// colour (RouteMark.Owner), closed doubles faded (RouteMark.Faded), halos
// (RouteMark.Glow, CityMark.Glow, for a longest path or a route's cost),
// stations (CityMark.Station) and one pulsing selection (View.Selected).
// Board.Layout().HitTest turns a touch into a route or a city. Board.Resize
// follows the window. Drawing allocates nothing; a 1920x1080 board costs
// about 1 ms of CPU per frame (BenchmarkDrawBoard).
//
// Every card colour has a shape as well as a colour (board.ShapeOf), drawn on
// each car space and available to the market and hands through
// board.AppendGlyph, ColorOf and InkOn, so colour-blind players can play.
//
// # Fonts
//
// DejaVu Sans and DejaVu Sans Condensed Bold are embedded (fonts/, Bitstream
// Vera licence in fonts/LICENSE) and loaded with LoadFont for the letters of
// English, Spanish and Romanian and the city names (København, München,
// Zürich, Montréal), so the Pi needs no font packages.
//
// # Tests
//
// The tests open a hidden window: run them under Xvfb,
// xvfb-run -a -s "-screen 0 1920x1080x24" go test ./display/...
// Golden screenshots live in testdata/ and are rewritten with -update.
package display
