// Package hal describes the table's hardware as small interfaces and the
// events they report: the NFC card readers at each seat, the push buttons,
// the touchscreen's touches, the clock and the speaker.
//
// # Boundary
//
// hal imports only the standard library. It is split the way periph splits
// conn (interfaces), host and devices (drivers) and gpiotest (fakes):
//
//   - hal: interfaces and event types, used by input, display and the mains;
//   - hal/pi: the Raspberry Pi drivers, the only package that imports periph
//     (with hal/pi/mfrc522emu, the chip emulator its tests run on);
//   - hal/haltest: in-memory fakes shared by tests and tools/sim.
//
// # Events
//
// What the devices report travels as an Event, from the drivers' channels
// to the table's handlers: a Scan, a Press, a Touch or a Status, and
// nothing else. Event is sealed (its one method is unexported, as go/ast's
// Node is), so a value of any other type is refused by the compiler rather
// than dropped at run time.
//
// Drivers never panic: a reader that stops answering is a Status event and a
// retry, not a crash.
package hal
