// Package owner is the model of the owner's menu: everything the owner of
// a table does on the glass besides playing, as data the screen draws. It
// holds no raylib and draws nothing: each entry, line and state is an
// input.Text (a message key of display/msg and its arguments) in the
// table's language, and the screen that draws them is built on top.
//
// # Opening the menu
//
// A child must not stumble into it: Opener opens it for the seat whose
// Confirm and Cancel are both held as long presses at once, twice within
// OpenWithin (the first asks for the second); in the simulator, a key held
// for KeyHold.
//
// # What it holds
//
//   - Menu: the entries (enrolment, hardware check, settings, history,
//     records) and whether each can be opened now (settings wait for the
//     game in progress to end: a config written under a game never ends
//     it).
//   - Checks: the hardware check, the same checks as "table probe" (each
//     reader, each button, the four corners, two fingers at once, a test
//     sound), with what to do when one fails; table probe runs this model.
//   - History and Records: the finished games (map, players, scores,
//     winner, a game number: the Pi has no clock, so no time is shown),
//     the set-aside and unreadable games (listed, never deleted here), and
//     records by player name.
//   - Backups: the history summary written to the boot partition (the
//     config's folder) after every change, as CSV and JSON any computer
//     reads, and a hook that copies the card registry there too.
//   - Enroller: the interface the on-glass enrolment session fills in.
//
// # The menu at work
//
// Menu is the state machine of the menu's pages (the entries; enrolment:
// the task chosen, then the session running; the hardware check running;
// the settings; the history; one game's end again; the records). Its View
// is what the screen draws, as data; it takes tags from any reader, the
// presses of the seat's buttons (Confirm chooses the page's key, Cancel
// goes back one page), the on-screen keys (Key, sent back by the screen as
// a hal.Touch of kind ScreenKey), touches (the corners and two fingers)
// and the clock (the checks' time). Door runs it in a loop (the table's,
// the simulator's): the gesture that opens it, only from the start
// screen; every event the menu's, not the game's, while it is open; what a
// hold did, in words, for the banner.
//
// # Boundary
//
// owner imports engine, maps, hal, hal/config, hal/journal, hal/storage,
// input and cmd/table/app (for the game logs' header and summary): never
// raylib, never display.
package owner
