// Package display draws the table with raylib from input's read-only View,
// and resolves touches to what they landed on (routes, cities, market
// slots, on-screen keys).
//
// # Boundary
//
// display imports engine, maps, hal (event types), input (its View),
// raylib and its subpackages: display/board (the geometry, no raylib),
// display/scene (the screen as data, no raylib) and display/msg (the
// words). docs/imports.txt holds the rules, .ci/guards.sh checks them.
// Every raylib call stays on the main OS thread.
//
// # Where each screen lives
//
//   - screen.go: Screen, NewScreen, Draw; the layout per map and mode,
//     the View turned into the board's marks. layout.go: the strips'
//     and panels' geometry, facing each seat's edge; layouts.go: each
//     board laid out once.
//   - board.go: the map (routes, cities and their names, stations,
//     halos); track.go the score track; under.go the picture of the
//     board under the names.
//   - strip.go: a seat's play strip: colour, counts, score, the prompt,
//     the last move (announce.go), notices, Confirm and Cancel. A strip
//     faces its seat and never spills onto the map; the table's banner
//     (banner.go) is told on the strips, never over the map.
//   - tools.go: on every strip, every player's score in turn order (a
//     touch opens the last moves, moves.go), Rules (the help page,
//     help.go, paged, with Stop game at its head) and, for the player who
//     may take back their last decision, Undo beside what it takes back;
//     the help page and the last moves open over the board facing the
//     seat, and a notice or a first-game explanation goes in a bubble
//     beside the strip, never over the prompt.
//   - market.go: the five face-up cards and the decks, beside the map;
//     tunnel.go: the tunnel being paid and a route's cost tag.
//   - start.go: the start screen: language, map and Start in the middle;
//     Join, the colours, First and Name on each strip; keyboard.go: a
//     seat's name keyboard on its strip.
//   - end.go and reveal.go: the end as the printed game's: the board at
//     its size from play, each player's tickets turned face up on it in
//     turn by the screen's clock (completed in the player's colour,
//     failed dashed and crossed out), the scores counting on the strips,
//     then the ranking, winner and tie-break, fitted in every language;
//     breakdown.go: a player's breakdown, a touch away, by that seat's
//     edge.
//   - physical.go: the screen sized for its glass (ScreenOpts.Physical):
//     strips' text, city names, owner marks and touch areas at their
//     minimums in millimetres where the panel leaves room; CheckPanel
//     says what a panel too small for its seats lacks.
//   - hit.go: HitTest, the touch turned back through the glass's
//     rotation. palette.go, icons.go, font.go, text.go, list.go: colours,
//     marks, the embedded DejaVu fonts, the fitting of every text and
//     list. session.go: X11 or Wayland for the window.
//   - canvas.go, record.go: every drawn item goes through a canvas that
//     draws with raylib or records a scene (Screen.Scene).
//   - cache.go: the still layer, its patch and the window's repair;
//     render.go: a recorded scene drawn again within a rectangle (the
//     patch).
//   - menu.go: the owner's menu (Menu, Screen.ShowMenu): plain data the
//     table fills in from its menu's model, drawn over the whole picture
//     facing the seat that opened it; while it is shown HitTest gives its
//     keys only.
//
// # What the screen promises
//
// Nothing hidden is drawn: the View carries no hand, no ticket before the
// end, no blind-drawn card. Every word comes from the catalogues and fits
// its box at the smallest text size or larger, in every language, at
// every size the table is made for; nothing covers the map but its own
// marks, a route's cost tag, the tunnel's cards, an opened breakdown and,
// where no end panel holds it, the winner's banner. A claim stands
// out to colour-blind eyes (a shape per colour, a badge per owner). The
// city names face the seat whose turn it is. What people read and touch
// is sized in millimetres (display/board.Physical). A steady frame
// allocates nothing. The tests named after each promise hold it;
// BENCHMARKS.md holds what they and the benchmarks measure.
//
// # The screen as data, and the renderer
//
// Screen.Scene records a frame as a scene: draw items under typed keys
// (route 12, seat 2's message, market slot 3, seat 1's Confirm) with the
// rectangle each touches. HitTest gives the key a touch lands on, as the
// id input reads (scene.Key.ID). Between two events the screen barely
// moves, so Prepare draws what does not move into a texture, the still
// layer, and Draw copies it and draws what moves over it (the current
// player's glow, the route being claimed, the last move's pulse). Which
// is which is said once, in cache.go: drawStill draws the layer,
// drawLive what moves, each calling functions that draw one thing of one
// kind (drawPanel a strip, drawPanelGlow its glow). After
// an event Prepare records the layer's new scene, compares it with the
// old one part by part (scene.Differ), then item by item within each
// part that changed, and, under a scissor round each place an item
// changed, replays the new scene's items that reach into it
// (render.go), in the frame's order: the drawing code runs once per
// change, to record, and declares nothing for the patch.
// A window that keeps its last frame (Mesa under X) is repaired only
// where the last frame drew what moves, which the canvas notes as it
// draws (canvas.go): the drawing code declares nothing for it either.
//
// # Tests
//
// The tests open a hidden window: run them under Xvfb,
// xvfb-run -a -s "-screen 0 1920x1080x24" go test ./display/
// Each screen's draw list is a text golden in testdata/scene (rewritten
// with -update, reviewed as a diff); a few renderer checks read pixels:
// the patched layer is the whole layer, the layered frame the one-pass
// frame, the repaired window the whole copy, a turned screen the upright
// one turned, and one busy screen its screenshot.
package display
