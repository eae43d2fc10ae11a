// Command table is the firmware of the table: it reads the config, opens the
// readers and buttons, and runs the game loop on the screen.
//
// It may import anything; it only wires things together.
//
// # Subcommands
//
//	table run      the table (the default; systemd starts it at boot)
//	table enrol    enrol a deck of cards in the card registry
//	table probe    check every reader, button and the touch screen, one by one
//	table score    score a finished board (a scenario file), as sim score does
//	table history  list the finished games kept in the game logs
//	table wiring   draw the config's wiring as SVG (package wiring)
//	table help     list every command and its flags (table help COMMAND: one)
//
// Seats are numbered from 1 wherever a person reads or types one (flags,
// logs, probe, history), as the screen numbers them; hal.Seat counts from 0
// inside.
//
// # The loop
//
// run keeps raylib on the main OS thread (window.go, the only file that
// calls it; nodepth_glfw.go makes the desktop window without the depth
// buffer a 2D table never uses) and the hardware on goroutines (hardware.go), merged into one
// channel of hal.Events by app.Merge. Each frame the loop hands every event that arrived,
// and with -fake the bots' moves and the virtual deck's cards (app.Digital),
// to app.App.Handle, which makes each resulting action durable before it
// returns; then it draws App.View and plays the sound each event called for
// (input.Result.Sound, through display/sound at the config's volume; silent
// without an audio device, or muted). With -headless the same loop runs with
// no window and no sound, which is how the tests and the crash test run it.
//
// # Devices
//
// run and probe open and run the readers and buttons with one device runner
// (hardware.go: openHardware, start, stop), so that both meet faults the
// same way: a device that cannot be opened is reported offline and the
// other seats carry on, a reader that stops answering is retried by its
// driver, and every status is counted into systemd's STATUS= line ("4 of 4
// readers online"). With -fake the same runner runs haltest's virtual
// devices. On the Pi (the drm build) the table reads every touch screen in
// /dev/input itself (evdev_linux.go), scanning the folder every second so
// that a screen plugged in after start is read, and starting from the
// contacts the kernel holds (the kernel leaves out a value equal to the one
// it holds, so a finger where the last one lifted before a restart would
// otherwise be placed in a corner); probe reads them the same way.
//
// Under systemd (Type=notify) it sends READY=1 after the first frame and
// WATCHDOG=1 at half WatchdogSec from the loop, once a frame is handled,
// also while the game log cannot be written (the loop then shows the fault
// and retries; a restart would fix none of them): only a loop that stops is
// restarted. On SIGTERM or SIGINT it stops the loop and the devices, closes
// the log and exits 0. See package app for what is kept on disk and how a
// game resumes.
//
// # The owner's side
//
// run reads the config with config.Read, which never fails: the config's
// mistakes reach the start screen as app.Opts.Notes (confignotes.go), a
// seat wired wrong is left out of openHardware (its devices reported
// offline, the others' renumbered to their seats), and nothing restarts in
// a loop. When a game starts, the start screen's choices are written back
// to the config (settings.go, config.Save); after every game the history
// and the registry are copied to the boot partition (backups.go, package
// owner). probe runs owner.Checks, the hardware check the owner's menu
// draws too, and prints it in English.
//
// # Test drivers
//
// Two things only tests drive are built in with the testhooks tag alone
// (testhooks.go), as the tests build the binary they run (go build -tags
// testhooks): probe -fake, whose standard input is a script for virtual
// devices (probescript.go), and the crash test's kill at the Nth storage
// operation of opening the game log (killfs.go, TTR_TEST_KILL_AT_OP). A
// table's binary is built without the tag (notesthooks.go): probe takes no
// -fake and no variable kills it; killfs.go is not compiled, and the
// linker drops the interpreter, which the in-process probe tests call
// directly (TestShippedBinaryHasNoTestDrivers).
package main
