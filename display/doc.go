// Package display draws the table with raylib from a read-only view of the
// game, and resolves touches to what they landed on (hit-testing of routes,
// cities, market slots and on-screen keys).
//
// # Boundary
//
// display imports engine, maps, hal (event types), raylib, its subpackages
// display/board and display/msg, and input, whose View is the read-only view
// of the table it draws. input is the exception to STYLE.md's table, which
// leaves it out: imports still point inward, display -> input -> engine ->
// maps, and input never sees raylib. The rules are written once, in
// docs/imports.txt, which the import guard (.ci/guards.sh) checks every
// package against. With display/sound, tools/sim and cmd/table it is one of
// the only places raylib is used; all raylib calls stay on the main OS
// thread. The geometry lives in the pure subpackage display/board (no
// raylib), so that hit-testing and layout are tested without a window.
//
// # The screen
//
// A Screen (NewScreen) draws the whole table from an input.View, the
// read-only view the input package keeps. The glass goes to the board:
// while playing, each seat's panel is a compact strip along the edge that
// seat faces (ScreenOpts.Seats, DefaultEdges), drawn upright for the
// player sitting there; an edge with nobody at it gives its room to the
// map. A long strip holds one row (colour and mark, the name over the
// counts, the score, a two-line prompt, the running count of a claim,
// Confirm and Cancel side by side); a shorter one (a side edge, or two
// seats sharing an edge) a header row over the prompt and the running
// count, the keys in a column at its end. Of the two ways to share the
// corners, the one leaving the larger map is taken. At 1920x1080 the map
// takes 60% of the screen with four seats and 51% with five
// (TestMapShare). 800x480 gives 59% with four seats on Europe, 53% on the
// USA and 53% with five: its 5:3 glass is narrower, and the two side
// strips (three lines of words at the smallest text size, 68 px each)
// and the market column (54 px) take 190 of its 800 px, while both maps
// are bound by their width there. The market
// and the decks stand in a column beside the map, between the seats. A
// strip shows its player's latest notice for NoticeFor (a refusal in red),
// their reader or buttons offline, and Confirm and Cancel while the table
// waits for them; the current player's strip glows.
//
// Every strip also holds its tools (tools.go): every player's score in
// turn order, the player to move framed (a touch opens the last moves,
// moves.go), Rules (the help page, help.go, with Next and Stop game at its
// head) and, on the strip of the player who may take back their last
// decision, Undo beside what it takes back. They take the prompt's room
// down to toolPromptMin, never the strips' depth; each key is at least
// keyMinU on a side (9 mm wherever the strip's text is 3.5 mm). The help
// page and the last moves open over the board in front of the seat,
// facing it. The notice of the player the table waits for (or of a seat
// answering a question) and first-game mode's explanation go in bubbles
// between the strip and the board, never over the prompt
// (TestNoticeNeverCoversThePrompt).
//
// A claim cannot be missed: an open route is its empty car spaces in the
// route's colour and shape; a claimed one is a train in the owner's
// colour, wider than the spaces, with a heavy shadow, a near-black outline
// and a white badge with the owner's mark on every car, so that red on
// red still stands out, also to colour-blind eyes (TestClaimStandsOut
// measures it, through deuteranopia and protanopia matrices too). A
// station is a house in its owner's colour; a closed twin (2 or 3
// players) is faded with a dark bar through every space.
//
// City names are set at 10 u (23 px at 1920x1080, 14 px of cap height
// measured on the screen, TestCityNameCapHeight) on light plates, and they
// turn to face the seat whose turn it is: upright for the bottom edge,
// upside down for the top, a quarter turn for a side. The player who must
// find a route reads them without craning; the others read their own
// strip, which faces them. The layout (board.New) places every plate
// twice, along the board and turned, so turning costs nothing per frame.
// A plate never covers a car space, another name or another city while a
// place is free, and keeps off the track where it can: each city has some
// three hundred places
// round it (sixteen directions and slides above and below, on rings from
// its circle to four car widths out); where fewer than a dozen are free,
// a finer grid farther out is searched, and a name of two words may go on
// two lines; a turned name with no free place keeps its place along the
// board and reads along it. Names in each other's way move together (the
// pairs, then chains three deep). No plate covers any part of a car space
// at 1920x1080 or 1280x720, on either map and any seat count
// (TestNamePlatesLeaveTheRoutes, with the table's font; board's
// TestNamePlatesClearTheCars); at 800x480, where the names keep their
// least readable size on a board a third as large, only Oklahoma City on
// the USA clips a car (under two car spaces): every place within ten car
// widths of it covers one. Laying out a board takes about 100 ms (BenchmarkNewLayout),
// less than the placement it replaced.
//
// A score track runs round the board's edge as on the printed board, 0 to
// 99 clockwise from the top left corner and round again, with each
// player's marker in their colour and mark, stacked inwards when several
// share a space. The last move (View.Announce) is told to every seat on
// its own strip, never on the map: on the strip's last line of words,
// after a bar in the mover's colour, under a prompt that fits the line
// above; a seat the table is not waiting for, whose prompt only names who
// plays, gives the move its whole message when it needs it; the seat the
// table waits for keeps its prompt whole when the prompt needs every line
// (the next move is theirs). TestAnnouncementsLeaveTheMap draws the screen
// with and without the line, at 1920x1080 and 800x480, with four and five
// seats, a tunnel and the last round's banner, and finds the map the same.
// For AnnouncePulse after the move its route or city pulses and its points
// rise from the player's marker. The tunnel being paid is shown large,
// facing its player, and its cards stay in sight while View.Tunnel is set.
// The table's banner (the last round, a reshuffle, a market reset) is told
// on the strips, never on the map: in gold in the prompt's place of every
// seat the table does not wait for, in a short form ("Last round!") where
// the whole does not fit beside the last move; the seat it waits for reads
// it in its own prompt ("This is your last turn."). TestBannerLeavesTheMap
// finds the map the same with and without it. The start screen puts the
// language, map and Start keys in the middle and Join, the colours, First
// and the Name key on each strip.
//
// The end screen keeps the board large (32% of the screen with four
// seats, TestEndMapShare; the thumbnail it replaced took a tenth) and
// gives each seat a compact panel facing it: in its header the ranking of
// every player side by side (place, colour and mark, total; the winners
// first, in gold; on a short panel a row of its own), the player's total
// and a crown for a winner; under it the winner, the tie-break that
// decided, who took the longest route bonus (names, trains, points) and
// how to see a player's points; along its bottom a legend with a swatch
// for each mark on the board: a car in the longest route's pink glow, and
// two ticket lines, each completed ticket being drawn from city to city in
// its player's colour. Every word of every end panel fits its box at the
// smallest text size or larger, with two to five seats, in every language,
// at 1920x1080, 1280x720 and 800x480, and the winner stays on the panels
// (TestEveryEndWordFits): the panels take the shallowest depth that holds
// their lines; where none holds them, the tie-break is told in its short
// form (board_end.short_decided_*), and only then does the winner leave
// the panels for a banner over the board; a panel too short for the
// legend's words side by side shows their short forms. A player's breakdown (routes, each ticket, stations,
// the longest route, the total) is a touch away: each player in a panel's
// ranking is a key (input.KeyBreakdown) that opens their breakdown over
// the board by that seat's edge, facing it, edged in their colour, and a
// second touch closes it (View.End.Open; TestBreakdownATouchAway through
// HitTest and the table, the simulator's TestClickBreakdown with the
// pointer). When several are open, the middle is shared like a
// pinwheel, each part by its seat's edge (the top seat's at the top left,
// the right's at the top right, the bottom's at the bottom right, the
// left's at the bottom left, in proportion to the breakdowns open), and a
// breakdown too long for its part sums its tickets up, or keeps only its
// routes, tickets and total: none lies over another and every word is at
// the smallest text size or larger (TestOpenBreakdownsNeverOverlap, every
// seat's open with two to five seats). New game is a key on one panel, that of the first seat along
// the bottom edge (else the first seat's), in its header beside the
// ranking, never over the board (TestNewGameOffTheBoard). Nothing hidden
// is ever drawn: the View carries no hand, no
// ticket before the end and no blind-drawn card.
//
// Draw draws one frame between the caller's BeginDrawing (or
// BeginTextureMode) and EndDrawing, inside the rectangle ScreenOpts.X, Y,
// Width, Height of the window, so that the simulator can draw beside it.
// ScreenOpts.Rotation turns the picture on the glass (by 90, 180 or 270
// degrees clockwise, for a panel mounted turned): the screen lays itself
// out for the picture as the players see it (Screen.Size; a quarter turn
// swaps the rectangle's sides) and draws it turned into the rectangle, and
// HitTest turns each touch back the same way, so that it lands on what is
// drawn under it.
// HitTest turns a touch into a hal.Touch: an on-screen key (with its seat
// for panel keys), a market slot, the deck, the ticket deck, a route or a
// city, or Nothing. Everything is laid out once per size, map and screen
// mode; every text is worded in the View's language and fitted into its box
// once per change (at the largest of the text sizes that fits, wrapped,
// never smaller than minText, never cut off), so that a steady frame
// allocates nothing (TestDrawAllocates). A frame's text is queued and drawn
// after its shapes, grouped by typeface and size, so that it costs a few
// draw calls rather than one per switch of texture.
//
// # The screen as data
//
// Screen.Scene records the frame Draw draws as a scene (package
// display/scene): a list of draw items (rectangles, rounded rectangles,
// circles, rings, lines, triangles, runs of text with their typeface and
// size, the board's background by name), each with the key of the part of
// the screen it belongs to (the table, the board, the track, route r,
// ticket t, city c, city c's name, player p's marker, the selection, the
// cost, the tunnel, the market's slot k and decks, seat i's strip,
// message, glow, keyboard, legend and breakdown, and every on-screen key:
// seat i's Confirm, player p in seat i's ranking, the start screen's
// languages) and the rectangle of the screen it touches. The drawing code
// draws on a canvas (canvas.go): raylib, or the recorder, so the scene is
// exactly what the frame draws and nothing is written twice. On-screen
// keys are typed (scene.Key); HitTest turns the key a touch lands on into
// the id input reads (scene.Key.ID). TestSceneGolden writes every
// screen's draw list (start, play, tunnel, a refusal, end, the breakdowns,
// the name keyboard) as text in testdata/scene, rewritten with -update and
// reviewed as a diff; TestSceneKeysAreWhereTouchesLand touches the middle
// of every key a scene draws and finds HitTest gives that key.
//
// # The still layer
//
// Between two events the screen barely moves: the current player's panel
// breathes and the route or city being claimed pulses. Prepare, called
// before the frame begins, draws everything else once into a texture (the
// still layer) whenever it changes: a new View revision (input.View.Rev), a
// notice running out, another language or size. Draw then copies the layer
// and draws only what moves over it. What moves is drawn in the layer, as it
// is, while something lies over it (the tunnel's cards). A View
// without a revision, built by hand, is drawn whole every frame.
// A turned screen draws its still layer turned, so that a turned frame
// copies it as an upright one does and costs the same
// (BenchmarkTurnedFrame); what moves is drawn turned over it
// (TestTurnedScreen).
// TestStillLayerShowsTheSameScreen checks both ways give the same picture.
//
// After an event the layer is patched, not drawn whole. What changed is
// found by the screen itself: Prepare records the layer as a scene
// (Screen.Scene, package display/scene: every shape and text in the
// order drawn, each under the key of its part, route 12, city 4's name,
// seat 2's message, market slot 3, with its bounds) and compares it with
// the scene of the layer it holds, part by part (scene.Diff). Where a
// part was added, removed or drawn differently, the union of its old and
// new bounds is drawn again, under a scissor, skipping what lies wholly
// outside, so that every pixel inside is the pixel a whole layer has. The
// drawing code declares nothing for this: whatever it draws differently
// is found. A change of mode, map, language or size, the end screen, or
// a patch over 70% of the screen draws it whole.
// TestPatchedLayerIsTheWholeLayer plays whole games (2 to 5 seats, both
// maps, turned screens) and compares the patched layer with a whole one
// pixel for pixel every few events.
//
// When the turn passes to a seat at another edge, every city name turns,
// and under the names lies most of the board: drawing it again under each
// name cost more than drawing the layer whole. So the screen keeps a
// second picture, of the board as it is under the names (the background,
// the track, the routes and the cities: Board.DrawUnder), drawn and
// patched with the layer (under.go); the layer copies the board from it
// pixel for pixel and draws the names and the markers on top. Turning the
// names is then a copy of that picture under each name's old and new
// place and the names drawn again, without a scissor or a pass per name
// (each pass costs Mesa's software renderer memory). The picture holds the
// board's rectangle only (4.8 MB at 1920x1080), and only while the game
// is played (the start and end screens are drawn whole). The game-long
// test also compares the layer with one that draws the board itself: at
// most 2 pixels of a layer differ (a slanting edge that the picture's
// projection rounds apart), where a copy from the wrong place differs by
// thousands. BenchmarkScreenFrame measures presented frames: empty, a
// steady busy 5-player game, the first frame after an event (a claim
// confirmed: the layer patched), the same for a claim that turns the
// names, and a frame whose layer is drawn whole.
//
// Copying the whole layer every frame costs a software renderer (Mesa's
// llvmpipe, as under X without a GPU) several times clearing the window.
// A screen that fills its window (ScreenOpts.FillsWindow: the table's, not
// the simulator's) therefore finds out over its first frames whether the
// window keeps its last frame once presented (a mark left in a corner
// pixel and read back at the start of the next frame, twice): Mesa's
// software renderer under X keeps it; a GPU's or the Pi's page flipping
// does not. Where it is kept, a steady frame copies the layer back only
// where the last frame drew what moves (each moving part notes its
// bounds: the glow round a panel, the selection with its cities and
// cost, the announced route and its rising points), and what the last
// patch of the layer drew, and draws what moves again; anywhere else, and
// after every layer drawn whole or change of size, the whole layer is
// copied (TestRepairedFrameShowsTheSameScreen: the repaired window is
// pixel for pixel the whole copy, also while every frame is an event).
//
// # The board
//
// A Screen lays its map out as a Board in the board's rectangle and loads
// what it draws with (the land-and-sea background, the city-name font). Each frame,
// Board.Draw draws it with a View on top: claimed routes in their owner's
// colour (RouteMark.Owner), closed doubles faded (RouteMark.Faded), halos
// (RouteMark.Glow, CityMark.Glow, for a longest path or a route's cost),
// completed tickets as lines (View.Tickets),
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
// Vera licence in fonts/LICENSE), so the Pi needs no font packages. A font
// holds only the letters the table can show: printable ASCII, the few the
// display draws itself and those of the texts given to LoadFont (Letters:
// every catalogue message and every city name, København, München, Zürich,
// Montréal), so a new language brings its letters through its catalogue.
// The screen measures text from the fonts' own metrics at every text size
// and rasterises a size's atlas only when it first draws in it, packed to
// the glyphs' size; the glyphs' own images are freed once in the atlas.
//
// # Tests
//
// The tests open a hidden window: run them under Xvfb,
// xvfb-run -a -s "-screen 0 1920x1080x24" go test ./display/...
// Golden screenshots live in testdata/ and are rewritten with -update.
package display
