// Package app is the table's loop logic, shared by the firmware (cmd/table)
// and the desktop simulator (tools/sim): it keeps the game's durable log,
// resumes an unfinished game after a restart, merges the hardware's events
// into one channel, and plays the seats given to bots and the dealer's
// chance outcomes in digital play.
//
// # Boundary
//
// app imports input, engine, engine/bot, hal and its subpackages (journal,
// registry) and the standard library; never raylib, so that everything but
// drawing is tested without a window. The caller owns the screen: each frame
// it drains the events, passes each to App.Handle and draws App.View.
//
// # Never losing a game
//
// An App owns a journal directory (hal/journal). A game's header record is
// JSON: the start screen's set-up (language, map, seats, colours, first
// seat), the engine log's header line ("ttr v1 europe players=4") and the
// digital-play seed. Each action is one record, a line in the form
// engine.FormatAction writes. The finish record is a JSON summary of the
// final scores.
//
// Handle feeds an event to the input.Table and appends every action it
// applied, in order, before it returns: Journal.Append returns only once the
// record is on the storage device, so the screen, which draws View after
// Handle, never shows an action the log cannot replay. When the game ends,
// Handle writes the summary and the game moves to the journal's history
// (bounded by journal.Opts).
//
// Open recovers what a crash or a power cut left: a torn last record is
// dropped (logged), a file that cannot be read is moved aside by the journal
// (logged, and reported on screen with the "status.log_damaged" notice), and
// the unfinished game is replayed and resumed with input.Table.Resume,
// exactly where its last durable action left it: at most the card scan in
// flight is lost. A game whose records cannot be replayed (a log written by
// an incompatible version) is finished with an "abandoned" summary, which
// keeps it in the history, and reported like a damaged file. A game that
// ended but whose summary was not written is finished at Open.
//
// # When storage fails
//
// A failed append (a full or failing SD card) leaves the journal's game file
// in an unknown state, and the journal accepts no more records for it. The
// App then:
//
//   - rolls the table back to its last durable action (replayed from memory),
//     so that nothing is shown that a restart could not replay;
//   - refuses every further event but device status with an error wrapping
//     ErrStorage, and shows the "status.storage_failed" banner;
//   - reports Err until Recover, which the loop calls every few seconds,
//     reopens the journal and resumes the game from what reached the disk.
//
// The firmware pings the systemd watchdog only while Err is nil, so a table
// whose storage stays broken is restarted by systemd, which is the other way
// storage comes back (a remount, a new process).
//
// # Digital play
//
// Digital plays the seats given to bots and, with a virtual deck, the chance
// outcomes, by turning each decision into the touches, scans and presses a
// person would make (input.Table.Gestures), which go through Handle like a
// person's. Each decision and each outcome is a function of the game's seed
// and the length of its history only (a PCG seeded per decision), never of
// how many numbers a generator has already given in this process: a table
// killed and restarted continues its game exactly as if it had not stopped.
package app
