// Package pi drives the table's hardware on a Raspberry Pi through periph:
// the MFRC522 NFC readers on SPI and the push buttons on GPIO. It is the only
// package of the firmware that imports periph.
//
// # Readers
//
// A Reader polls one MFRC522 with the periph.io/x/devices/v3/mfrc522 driver
// and reports each placement of a tag once, as a hal.Scan:
//
//   - every Poll (50 ms) it checks that the chip answers (VersionReg) and
//     asks the driver for a UID, letting a tag Wait (25 ms) to answer;
//   - a 7-byte UID is confirmed by the tag itself: the driver SELECTs only
//     at cascade level 1, so the reader SELECTs at level 2, which a tag
//     answers only with its own UID; a garbled anticollision frame whose
//     BCC happens to match is never reported;
//   - a UID it has not reported is read a second time at once and reported
//     only if both reads agree;
//   - a tag held on the reader is read again at every poll, silently; it
//     counts as lifted after Lifted (3) polls in a row without it, and is
//     reported again when it comes back (a tag held through an outage is
//     not reported again);
//   - a misread (bad BCC, parity, truncated or silent frame) is simply
//     retried at the next poll;
//   - a chip that fails Fails (2) health checks in a row is reported offline
//     (a hal.Status), reset through its reset pin and re-initialised with
//     back-off (100 ms doubling to 5 s), and reported online once it answers;
//     readers sharing a reset line (see Open) never reset one another in the
//     middle of an initialisation or a read.
//
// Each reader runs in its own goroutine, so one dead reader never stops
// the others.
//
// # Buttons
//
// Buttons watches a seat's GPIO inputs (pulled up, buttons to ground) for
// edges, waits Debounce (30 ms) after the first edge and samples the level,
// so that a bouncing contact is one press; a press held Long (800 ms) or
// more is reported on release as a long press. periph's gpioutil.Debounce
// ignores its debounce argument, hence our own.
//
// # periph quirks handled here
//
//   - The mfrc522 driver needs an IRQ pin (nil crashes) and calls
//     WaitForEdge(0) to clear interrupts, which on host v3.8.5 (gpioioctl)
//     waits forever: the IRQ pin is wrapped so every timeout is positive.
//   - spidev ports connect once, while the driver connects on every
//     NewSPI: the port is wrapped to hand out its one connection again.
//   - The driver's wait for a tag re-sends REQA on a real 100 ms ticker and
//     leaks a goroutine if the chip fails while it waits; polls are kept
//     short, and the chip is health-checked before every poll.
//
// # Time
//
// Polls, debouncing and back-off wait on an injected hal.Clock, so tests
// drive them with haltest.Clock. Only the driver's wait for a tag's answer
// (Wait) is in real time, inside periph.
//
// # Latency
//
// A tag placed on a reader is found by the next poll: the poll period
// (Poll, 50 ms) plus, when the reader was idle, the rest of its wait for an
// answer (Wait, 25 ms), so at most about 75 ms and on average under 40 ms.
// The poll that finds it then does a health check and two full driver reads
// (the second confirms the UID, each with the level-2 SELECT of a 7-byte
// UID): 293 SPI transfers on average over 4- and 7-byte UIDs, which take
// 45-110 µs on the emulator (BenchmarkScanLatency, 2000 scans, on a shared
// 2-core x86 machine):
//
//	go test -run '^$' -bench ScanLatency -benchtime 2000x ./hal/pi
//
// On a Pi each transfer is a spidev ioctl; at an assumed 20-30 µs each
// (not measured here) that adds 6-9 ms.
//
// # Testing
//
// The tests run the real driver against hal/pi/mfrc522emu and the buttons
// against gpiotest pins. On a Pi, with readers wired as in the config,
//
//	TTR_PI_SMOKE=/etc/ttr-table/table.json go test -tags pismoke ./hal/pi
//
// runs haltest's conformance checks on the real hardware (a person places
// cards and presses buttons when told). Plain go test never touches it.
package pi
