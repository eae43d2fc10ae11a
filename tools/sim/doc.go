// Command sim is the desktop simulator of the table: the same engine, input
// and display code as the firmware, with the hardware replaced by the fakes
// of hal/haltest. It also plays headless, from a script or with bots, and
// scores finished boards (sim score FILE).
//
// It may import anything; it only wires things together.
//
// # The window
//
//	go run ./tools/sim [-map europe|usa] [-seats N] [-bots all|1,3] [-seed N]
//	                   [-config FILE] [-lang en|es|ro] [-first SEAT [-deal]]
//
// (make sim runs it with the defaults: Europe, four seats, a seed from the
// clock, printed so that the same decks can be played again.) The left of
// the window is the table's screen, drawn by display.Screen exactly as on
// the table; touching it (clicking) resolves the touch with the screen's
// own HitTest. On the right is a box per seat with what only the
// simulator knows: the seat's virtual reader (the Scan buttons), its
// Confirm and Cancel buttons and the physical cards and tickets in the
// player's hand. Every control works with the mouse: a click goes to the
// innermost target under the pointer (a card or a button before the box it
// sits in). Keys act for the seat in focus, which follows the seat the table
// waits for:
//
//	1-5        focus a seat
//	D          draw a card: the virtual deck's next card, scanned at the reader
//	T          draw tickets (the same, from the ticket piles)
//	click      pick cards in the hand (again: unpick); S scans the picked cards
//	Enter      Confirm; Esc or Backspace: Cancel
//	B          a bot plays the seat (or stops); A: bots at every seat
//	F1         help
//	F10        held 2 s: the owner's menu, facing the seat in focus
//
// # The firmware's loop
//
// The window runs the table's own loop state, cmd/table/app: an app.App
// keeps the game's durable log in a journal folder (-journal DIR; without
// it a temporary folder, removed when the window closes) and resumes an
// unfinished game from it; app.Digital plays the seats given to bots and
// deals every card and ticket that comes off a pile from its seeded
// virtual deck, one step every -delay, exactly as `table run -fake` does:
// the same seed and bots play the same game (the tests check the two
// logs). The keys D and T draw through the same virtual deck. Every tag has
// a UID from a virtual card registry (hal/registry); bots play through the
// same readers, buttons and screen touches as a person
// (input.Table.Gestures).
//
// The window plays the table's sounds as the table does: the sound each
// event calls for (input.Result.Sound) goes to display/sound's Player, the
// hal.Speaker cmd/table opens, at the config's volume; -mute or the
// config's mute silences it. Without an audio device (Xvfb has none) the
// simulator plays silently and says so once on standard error.
//
// The window reads the mouse and the keys 60 times a second and draws at
// most 30 frames a second, the table's own rate: enough for what moves
// between two events (the current player's breathing glow, a selection's
// pulse), and half the work of a software renderer. With -delay 0 digital
// play goes as fast as it can, several steps a frame (never past a change
// of mode, so the set-up, the game and its end each show).
//
// -games N quits after N games have ended. -trace prints the table's state
// after every event (mode, selection, what the engine waits for, the
// seats' help pages and last moves open, Undo offered, a question to stop
// the game) and a
// line "sound NAME" for every sound played; -targets prints where every
// click target of the window is whenever they change, and every action the
// table applies: the tests that click in the window with xdotool read both.
//
// # Headless play
//
//	go run ./tools/sim play [-bots all] [-seed N] [-map M] [-seats N] [-journal DIR]
//	                        [-out DIR] [-log FILE] [-screenshots DIR] [-v] [SCRIPT]
//
// play runs a script, or with -bots all and no script a whole game with a
// bot at every seat, without a window. It prints the scores as JSON on
// standard output (the engine's final result once the game is over); -out
// also writes them to DIR/scores.json with the game's engine log in
// DIR/game.log, which engine.Replay plays back to the same state. Screenshot
// steps write PNGs to -screenshots DIR (that needs a display: run under
// xvfb-run); without -screenshots they are skipped and no window is opened.
// -v prints every step and what the table shows after it.
//
// # Script format
//
// A script is text, one step per line; # starts a comment. Seats are
// numbered from 1, as on the screen. First come the settings, each
// optional:
//
//	map europe          europe (default) or usa
//	seats 4             2 to 5 (default 4)
//	seed 7              seed of the shuffles (default: from the clock)
//	bots 1,3            seats played by bots; "all"
//	lang en             the table's language
//
// Then the steps:
//
//	start SEAT              start screen: SEAT plays first; Confirm
//	stack CARD...           put these cards on top of the deck, in order
//	stack-tickets TICKET... the same for the ticket piles
//	setup                   deal the set-up from the top of the piles at
//	                        the right readers; everyone keeps all tickets
//	touch route ID          touch a route (its id: berlin--wien--1)
//	touch city ID           touch a city (for a station)
//	touch slot N            touch face-up card N (0-4)
//	touch deck | tickets    touch the train deck, the ticket pile
//	touch key ID [SEAT]     touch an on-screen key (input.Key*: first,
//	                        start, map:usa, ...), of SEAT's panel if given
//	scan SEAT TAG...        place each tag on SEAT's reader, in turn
//	press SEAT confirm      press SEAT's Confirm (or cancel) button
//	bot [N]                 the firmware's digital play (app.Digital: the
//	                        greedy bot, cards and tickets off its seeded
//	                        deck, not the stacked piles) plays the next N
//	                        steps for whichever seat the table waits for
//	                        (default 1)
//	auto                    bots play every seat until the game ends
//	screenshot NAME         write NAME.png (with -screenshots)
//	expect ...              an assertion; the script fails at the first
//	                        that does not hold
//
// A TAG is a train card by its log name (red3, loco14), a ticket by its two
// city ids (paris-wien; either order, -- also accepted: el-paso--dallas),
// top (the top train card, or the top ticket when the table waits for a
// ticket), top-ticket, or uid:HEX, any tag, known or not.
//
// Assertions (a Text is KEY [Name=Value ...]: the message key and some of
// its arguments; an argument that is a message matches its key, "none"
// matches no message):
//
//	expect mode start|setup|play|end
//	expect prompt SEAT TEXT      the seat panel's prompt
//	expect progress SEAT TEXT    its second line (claim count, ...)
//	expect notice SEAT TEXT      its latest notice (refusal or news)
//	expect banner TEXT
//	expect refused SEAT TEXT     the last step was refused at SEAT
//	expect accepted              the last step was not refused
//	expect last KIND...          the engine actions the last step applied
//	                             (claim, pay, keep, card, ...)
//	expect waiting NEED [SEAT]   what the engine waits for: turn,
//	                             second-card, tunnel, keep-tickets,
//	                             card-to-hand, card-to-market,
//	                             card-to-tunnel, ticket, nothing
//	expect selected ID|none      the route or city highlighted
//	expect owner ROUTE SEAT|none
//	expect station CITY SEAT|none
//	expect score|trains|cards|tickets|stations SEAT N
//	expect market CARD...        the five face-up cards (- for empty)
//
// testdata/europe.script and testdata/usa.script are examples; the tests
// play them and compare their screenshots with testdata/golden.
package main
