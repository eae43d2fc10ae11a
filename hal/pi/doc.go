// Package pi drives the table's hardware on a Raspberry Pi 4 or 5 through
// periph: the MFRC522 NFC readers on SPI and the push buttons on GPIO. It is
// the only package of the firmware that imports periph.
//
// # Readers
//
// A Reader polls one MFRC522 and reports each placement of a tag once, as a
// hal.Scan:
//
//   - at start, and after each reset through NRSTPD, it waits for the chip
//     as the datasheet says (section 8.8.2): it polls CommandReg until its
//     PowerDown bit clears, then checks VersionReg;
//   - it initialises the chip with the periph.io/x/devices/v3/mfrc522 driver
//     (a soft reset, the timer, the antenna), shortens the answer timer to
//     1 ms (answerTicks) and leaves the field on for good, so a tag on the
//     reader keeps its power between polls;
//   - every Poll (50 ms) it checks that the chip answers (VersionReg) and is
//     still configured (TReloadReg: a reset of a line it shares with other
//     readers, or a brown-out, is seen and the chip configured again), then
//     activates the tag in the field itself (ISO/IEC 14443-3, 6.4): WUPA,
//     anticollision and SELECT at each cascade level, the SAK's CRC_A
//     checked (the chip checks none with RxCRCEn off), then HLTA, waited
//     until it is on the air, so that the next poll's WUPA wakes the tag
//     again;
//   - a UID it has not reported is read a second time at once and reported
//     only if both reads agree; a tag answers SELECT only with its own UID
//     bytes, so a garbled anticollision frame whose BCC happens to match is
//     never reported;
//   - a tag held on the reader is read again at every poll, silently; it
//     counts as lifted after Lifted (3) polls in a row without it, and is
//     reported again when it comes back (a tag held through an outage is
//     not reported again);
//   - two tags answering together (a bit collision in ErrorReg) are
//     reported as a hal.Status, still Online, with Err hal.ErrCollision,
//     once each time cards lie together: the table asks for one card at a
//     time; a misread (bad BCC, parity, truncated or silent frame) is simply
//     retried at the next poll;
//   - a chip that fails Fails (2) health checks in a row is reported offline
//     (a hal.Status), reset through its reset pin and re-initialised with
//     back-off (100 ms doubling to 5 s), and reported online once it answers;
//     readers sharing a reset line (see Open) never reset one another in the
//     middle of an initialisation or a read. Their polls wait while a reset
//     reader starts: 1.4 ms at 1 MHz for a chip that answers; for a reader
//     that is not there and reads 0xFF, the whole wait for the chip
//     (readyPolls reads), 32 ms of bus time at 1 MHz (320 ms at 100 kHz)
//     at every retry, plus spidev's cost per transfer, so the others' scans
//     come up to a poll or two later (several at 100 kHz) meanwhile.
//
// The driver's ReadUID is not used: it soft-resets the chip before every
// request, which switches the field off and sends REQA far sooner than the
// 5 ms ISO/IEC 14443-3 lets a tag take to power up again (a tag needing
// 3 ms is never read: mfrc522emu's TestDriverMissesSlowTags), and it waits
// for the tag in real time, on a 100 ms ticker and a goroutine it leaks if
// the chip fails meanwhile. The driver still initialises the chip and does
// each frame's register work (CardWrite, CRC).
//
// Each reader runs in its own goroutine, so one dead reader never stops
// the others. The SPI clock is the config's for the reader's bus, 1 MHz by
// default (hal/config.DefaultSPIClockKHz), for a metre or two of cable.
//
// # Buttons
//
// Buttons watches a seat's GPIO inputs (pulled up, buttons to ground) for
// edges, waits Debounce (30 ms) after the first edge and samples the level,
// so that a bouncing contact is one press; a press held Long (800 ms) or
// more is reported on release as a long press. periph's gpioutil.Debounce
// ignores its debounce argument, hence our own.
//
// # Pi 4 and Pi 5
//
// PeriphHost runs periph's host.Init, logs the drivers that failed (on a
// Pi 5, bcm283x fails to map /dev/gpiomem, which the Pi 5 splits into
// gpiomem0-4; that is expected) and the board's model, then opens every
// device through the kernel's character devices, the same way on both:
//
//   - GPIO: line n of the GPIO chip that drives the 40-pin header is BCM
//     GPIO n. That chip is found by its label, never by its number, which
//     differs: gpiochip0 "pinctrl-bcm2711" (58 lines) on a Pi 4; on a Pi 5
//     gpiochip4 "pinctrl-rp1" (54 lines) before kernel 6.6.47 and gpiochip0
//     after it (the SoC's own chips, "gpio-brcmstb@...", are not on the
//     header). Lines are taken by number, not by name: a Pi 4 names some
//     header lines after their function (SDA1, SCL1, GPIO_GCLK, TXD1,
//     RXD1, SPI_CE0_N...), which seat 3's and seat 4's pins use.
//     Edges come from the character device's line events; periph's
//     gpioioctl is enough for this (go-gpiocdev's kernel debounce would
//     replace our 30 ms debounce, which works on both models, so it is not
//     added).
//   - SPI: /dev/spidevB.C on both models (SPI0 from dtparam=spi=on, SPI1
//     from dtoverlay=spi1-3cs), opened directly with periph's sysfs.NewSPI
//     rather than through its registry, which lists only the nodes present
//     when host.Init ran: a node made later is opened when it appears
//     (Retrying keeps a missing node's reader offline and retried). A
//     missing node's error lists the spidev nodes there are and the
//     config.txt line that brings the bus.
//
// TestHeaderChip and TestSPIHint check this against both models' layouts.
//
// # periph quirks handled here
//
//   - The mfrc522 driver needs an IRQ pin (nil crashes), though the reader
//     polls the chip's interrupt register and never waits on the pin.
//   - The driver's NewSPI connects at 10 MHz; spidev ports connect once, so
//     the port is wrapped to connect first at the config's clock and hand
//     that connection out again.
//   - host v3.8.5 (gpioioctl) waits forever on WaitForEdge(0): Buttons never
//     passes a timeout of zero.
//
// # Time
//
// Polls, debouncing and back-off wait on an injected hal.Clock. The waits
// inside a poll (the chip's start-up, the answer timer, the bus) are busy
// reads of the chip's registers, bounded by counts, as the driver's are.
// The tests run in testing/synctest bubbles, where the emulator's time (its
// timer, the bus, a tag's power-up) is the bubble's fake time: no test
// waits in real time.
//
// # Latency
//
// What a player waits, between laying a card on a reader and its scan,
// measured on mfrc522emu's timed emulator (tags needing 3 ms of field,
// the emulated bus at the configured clock, 106 kbit/s air time, the 1 ms
// answer timer) by
//
//	go test -run ScanLatency -v ./hal/pi
//
// over cards laid every 5 ms of a poll period (the mean) and in each of its
// last 4 ms (the worst case):
//
//	SPI clock  mean     worst    new card's reading  idle poll
//	1 MHz      39.3 ms  67.9 ms  14.9 ms             2.0 ms
//	10 MHz     35.0 ms  62.0 ms   9.5 ms             1.5 ms
//
// It is made of the wait for the next poll (up to Poll, 50 ms; an idle
// poll's own work shifts the period by 1.5-2 ms), the field-up (a card laid
// less than its power-up time before a poll is missed by it and waits one
// more period: the worst case, bounded by power-up + Poll + idle poll +
// reading, about 70 ms) and the reading of a new card: two activations
// (the second confirms the UID), each WUPA, anticollision and SELECT (twice
// for a 7-byte UID) and HLTA, mostly air time at 106 kbit/s, plus the bus.
// An idle poll costs the 1 ms answer timer of one unanswered WUPA, during
// which the reader reads the chip's interrupt register over the bus.
//
// At 1 MHz an idle poll makes 126 SPI transfers and the poll that reads a
// new card 549 (4-byte UID) or 929 (7-byte UID), most of them reads of the
// interrupt register while a frame is on the air: a slower transfer makes
// fewer of them rather than a longer wait. Four idle readers thus make
// about 10,000 transfers a second; at some tens of µs of CPU per spidev
// ioctl, that is a tenth to a fifth of one core, to be checked on a Pi
// (waiting on the IRQ line instead would spare it).
//
// Not measured here: spidev's cost per transfer on a Pi, real tags'
// power-up time, and the clock a given cable carries cleanly.
//
// # Testing
//
// The tests run the reader against hal/pi/mfrc522emu and the buttons
// against gpiotest pins. On a Pi, with readers wired as in the config,
//
//	TTR_PI_SMOKE=/etc/ttr-table/table.json go test -tags pismoke ./hal/pi
//
// runs haltest's conformance checks on the real hardware (a person places
// cards and presses buttons when told). Plain go test never touches it.
package pi
