// Package app is the table's loop logic, shared by the firmware (cmd/table)
// and the desktop simulator (tools/sim): it keeps the game's durable log,
// resumes an unfinished game after a restart, merges the hardware's events
// into one channel, and plays the seats given to bots and the dealer's
// chance outcomes in digital play.
//
// # Boundary
//
// app imports input, engine and its subpackages, maps, hal, hal/journal,
// hal/registry, hal/storage and the standard library (docs/imports.txt);
// never raylib, so that everything but
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
// dropped (logged); a game damaged after its header resumes at its last
// good action, the damaged file kept aside, and every seat is told how many
// actions were kept and where the file is ("storage.salvaged"); a file
// that cannot be read at all is set aside ("status.log_damaged"). The
// unfinished game is replayed and resumed with input.Table.Resume, exactly
// where its last durable action left it: at most the card scan in flight is
// lost. A game whose records stop replaying at some action (a record with a
// valid checksum and an unknown route, a log of an incompatible version)
// is treated like a damaged one: its actions before that one are resumed.
// A game that ended but whose summary was not written is finished at Open.
//
// A game stopped at the table (engine.Abandon, the last record of its
// log) is kept aside (NAME.aside-TIMESTAMP), never deleted nor resumed,
// and the start screen says where ("abandon.kept"); one whose abandon was
// durable but not yet set aside when the power went is set aside at Open.
//
// A game the table's config no longer fits (another seat count, a
// language or colour no longer offered) is never finished or abandoned: it
// waits, untouched, and the start screen says which change blocks it
// ("storage.waits_seats", "storage.waits_config"); with the old config back
// it resumes. Starting a new game on purpose sets it aside
// (NAME.aside-TIMESTAMP), never deletes it.
//
// # When storage fails
//
// A failed write or fsync (a full or failing SD card) leaves the journal's
// game file in an unknown state, and the journal accepts no more records
// for it. The App then:
//
//   - rolls the table back to its last durable action (replayed from memory),
//     so that nothing is shown that a restart could not replay;
//   - refuses every further event but device status with an error wrapping
//     ErrStorage, and tells what is wrong, on the banner and every seat and
//     in the log (problem=...): a full card ("storage.full",
//     disk-full), a failing one ("status.storage_failed",
//     failing-storage), a folder the service user may not write, with the
//     chown that fixes it ("storage.permission"), a read-only card
//     ("storage_fault.read_only": worn out, or set read-only by the kernel
//     after errors, since a microSD card has no lock switch), a file where a
//     folder should be or the reverse ("storage.in_the_way"), a logs path
//     longer than a path can be, which is the config's "logs" setting at
//     fault and not the card ("storage_fault.logs_path");
//   - reports Err until Recover, which the loop calls every few seconds:
//     it has the journal repair the file in place (journal.Repair: the tail
//     cut back to what is known durable, never read back from the page
//     cache, then a write and a sync that must succeed, and room for more)
//     and clears the failure only then. The table keeps its durable
//     actions; a game whose summary failed is finished then, and a game
//     whose move to the history failed stays counted, its end screen shown.
//
// Open itself never fails on storage: a logs folder that cannot be opened
// leaves the App in the failed state, so that the window opens and says
// what is wrong; Recover opens the journal once it can.
//
// The App's own notices win at once over the table's "status.resumed":
// a storage failure (the table was rolled back, not resumed) and a
// salvaged or damaged log are told the moment they happen.
//
// A storage failure is not a hang: the firmware's loop keeps drawing, says
// the fault and its fix, retries, and keeps pinging the systemd watchdog
// meanwhile, since a restart fixes none of these faults. Only a loop that
// stops (a real hang, a write blocked in the kernel) misses its pings and
// is restarted.
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
