// Package haltest provides in-memory fakes of the hal interfaces and
// conformance checkers for any implementation of them.
//
// It plays the role periph's gpiotest and conntest play for periph: tests of
// input and cmd/table, and the desktop simulator (tools/sim), run on these
// fakes instead of hardware.
//
// # Fakes
//
//   - Clock: a manual clock; time moves only when Advance is called.
//   - Reader: a virtual NFC reader; Place puts a tag on it, Lift takes it off.
//   - Buttons: a seat's virtual push buttons; Press and LongPress press them.
//   - Speaker: a recorder of the sounds played (Played).
//
// Every fake is safe for concurrent use.
//
// # Conformance
//
// TestTagReader, TestButtonReader and TestClock check the behaviour every
// implementation promises (one scan per placement, seat and time on every
// event, prompt return on context cancellation), the way testing/fstest's
// TestFS checks an fs.FS. CI runs them on the fakes and on hal/pi driven by
// its MFRC522 emulator; on a Raspberry Pi they run, opt-in, on the real
// readers (see hal/pi).
//
// # Boundary
//
// haltest imports only hal and the standard library.
package haltest
